"""seed salt: the commitment is SHA-256 of a random salt and the seed

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 12:00:00

A match made before keeps no salt (NULL): its commitment is SHA-256 of the seed alone, and it is
verified that way.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seed_salt', sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('seed_salt')
