"""the lobby's row of a match: matches.progress (public turn and phase) and matches.moved_at

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 05:00:00

Both are nullable: a match made before them shows no turn or phase and no time of its last move
in the lobby until its next action writes them.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('progress', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('moved_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('moved_at')
        batch_op.drop_column('progress')
