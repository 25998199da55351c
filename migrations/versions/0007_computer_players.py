"""computer opponents: users.computer, the level of a computer opponent's account

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 13:00:00

A computer opponent takes a seat like a person: through an account of its own, one per level, made
on first use (server/matches/computer.py). Its ``computer`` column holds the level (unique); a
person's is NULL. Existing rows are persons.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('computer', sa.String(length=16), nullable=True))
        batch_op.create_unique_constraint('uq_users_computer', ['computer'])


def downgrade() -> None:
    conn = op.get_bind()
    users = sa.table('users', sa.column('id', sa.Integer), sa.column('computer', sa.String))
    # Their seats and actions go with them (the foreign keys cascade or set NULL).
    conn.execute(users.delete().where(users.c.computer.is_not(None)))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_constraint('uq_users_computer', type_='unique')
        batch_op.drop_column('computer')
