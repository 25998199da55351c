"""canonical user names: users.canonical, unique (server/names.py), backfilled

Revision ID: 0005
Revises: 0002
Create Date: 2026-12-02 09:00:00

Existing rows get the canonical form of their name. Where several already share one (``Bob`` and
``bob``, or ``carol\\n`` let in by the old pattern and ``carol``), the oldest account keeps it, so
every spelling of the name logs into it; each younger one gets ``<key>#<id>``, which no name can
produce ('#' is refused), and still logs in by its own exact spelling (the login tries the exact name
first). No account is renamed or locked out.
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from server.names import canonical_name

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('canonical', sa.String(length=64), nullable=True))
    conn = op.get_bind()
    users = sa.table('users', sa.column('id', sa.Integer), sa.column('username', sa.String),
                     sa.column('canonical', sa.String))
    seen: set[str] = set()
    for uid, username in conn.execute(sa.select(users.c.id, users.c.username).order_by(users.c.id)).all():
        key = canonical_name(username)
        if key in seen:
            key = f"{key}#{uid}"
        seen.add(key)
        conn.execute(users.update().where(users.c.id == uid).values(canonical=key))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.alter_column('canonical', existing_type=sa.String(length=64), nullable=False)
        batch_op.create_index(batch_op.f('ix_users_canonical'), ['canonical'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_users_canonical'))
        batch_op.drop_column('canonical')
