"""notification outbox: one delivery row per channel, claimed with a lease; presence read after the commit

Revision ID: 0004
Revises: 0002
Create Date: 2026-12-02 10:00:00.000000
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def _copy_channel(channel: str) -> str:
    """The deliveries of one channel from the old per-row state column (pending, sent, failed...)."""
    state = f"{channel}_state"
    return (f"INSERT INTO deliveries (notification_id, channel, state, attempts, next_at, last_error) "
            f"SELECT id, '{channel}', CASE WHEN {state} IN ('pending', 'sent') THEN {state} ELSE 'failed' END, "
            f"attempts, created_at, CASE WHEN {state} IN ('pending', 'sent') THEN NULL ELSE {state} END "
            f"FROM notifications WHERE {state} IS NOT NULL")


def upgrade() -> None:
    op.create_table('deliveries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('notification_id', sa.Integer(), nullable=False),
    sa.Column('channel', sa.String(length=16), nullable=False),
    sa.Column('state', sa.String(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.Column('next_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('claimed_by', sa.String(length=40), nullable=True),
    sa.Column('lease_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_error', sa.String(length=200), nullable=True),
    sa.Column('done_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['notification_id'], ['notifications.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('deliveries', schema=None) as batch_op:
        batch_op.create_index('ix_deliveries_due', ['state', 'next_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_deliveries_notification_id'), ['notification_id'], unique=False)

    # What was pending stays pending (due now); rows already written were already decided.
    op.execute(_copy_channel('email'))
    op.execute(_copy_channel('webhook'))
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.add_column(sa.Column('checked_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f('ix_notifications_checked_at'), ['checked_at'], unique=False)
    op.execute("UPDATE notifications SET checked_at = created_at")
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.drop_column('attempts')
        batch_op.drop_column('webhook_state')
        batch_op.drop_column('email_state')


def downgrade() -> None:
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.add_column(sa.Column('email_state', sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column('webhook_state', sa.String(length=200), nullable=True))
        batch_op.add_column(sa.Column('attempts', sa.Integer(), server_default='0', nullable=False))
    for channel in ('email', 'webhook'):
        op.execute(f"UPDATE notifications SET {channel}_state = (SELECT CASE WHEN d.state = 'skipped' THEN 'sent' "
                   f"ELSE d.state END FROM deliveries d WHERE d.notification_id = notifications.id "
                   f"AND d.channel = '{channel}')")
    op.execute("UPDATE notifications SET attempts = COALESCE((SELECT MAX(d.attempts) FROM deliveries d "
               "WHERE d.notification_id = notifications.id), 0)")
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_notifications_checked_at'))
        batch_op.drop_column('checked_at')

    with op.batch_alter_table('deliveries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_deliveries_notification_id'))
        batch_op.drop_index('ix_deliveries_due')

    op.drop_table('deliveries')
