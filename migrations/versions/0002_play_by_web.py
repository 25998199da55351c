"""play by web: clocks, undo, offers, chat, notifications, ratings

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 14:49:33.509950
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('notifications',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('match_id', sa.String(length=24), nullable=True),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('read_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('email_state', sa.String(length=200), nullable=True),
    sa.Column('webhook_state', sa.String(length=200), nullable=True),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_notifications_user_id'), ['user_id'], unique=False)

    op.create_table('ratings',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('vol', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'game')
    )
    op.create_table('chat_messages',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.String(length=24), nullable=False),
    sa.Column('channel', sa.String(length=16), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('chat_messages', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_chat_messages_match_id'), ['match_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_chat_messages_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('kind', sa.String(length=16), server_default='action', nullable=False))
        batch_op.add_column(sa.Column('parent', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('mark', sa.String(length=16), nullable=True))

    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('settings', sa.JSON(), server_default=sa.text("'{}'"), nullable=False))
        batch_op.add_column(sa.Column('private', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('clock', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('deadline', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('warn_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('offer', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('invites', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('rematch_of', sa.String(length=24), nullable=True))
        batch_op.add_column(sa.Column('rematch_id', sa.String(length=24), nullable=True))
        batch_op.create_index(batch_op.f('ix_matches_deadline'), ['deadline'], unique=False)
        batch_op.create_index(batch_op.f('ix_matches_warn_at'), ['warn_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_matches_private'), ['private'], unique=False)

    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating_before', sa.Float(), nullable=True))
        batch_op.add_column(sa.Column('rating_after', sa.Float(), nullable=True))

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('email', sa.String(length=254), nullable=True))
        batch_op.add_column(sa.Column('notify_email', sa.Boolean(), server_default=sa.true(), nullable=False))
        batch_op.add_column(sa.Column('webhook_url', sa.String(length=500), nullable=True))
        batch_op.add_column(sa.Column('webhook_format', sa.String(length=16), server_default='json', nullable=False))
        batch_op.add_column(sa.Column('unsubscribe_token', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('vacation_until', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('vacation_year', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('vacation_used', sa.Integer(), server_default='0', nullable=False))



def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('vacation_used')
        batch_op.drop_column('vacation_year')
        batch_op.drop_column('vacation_until')
        batch_op.drop_column('unsubscribe_token')
        batch_op.drop_column('webhook_format')
        batch_op.drop_column('webhook_url')
        batch_op.drop_column('notify_email')
        batch_op.drop_column('email')

    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('rating_after')
        batch_op.drop_column('rating_before')

    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_matches_private'))
        batch_op.drop_index(batch_op.f('ix_matches_warn_at'))
        batch_op.drop_index(batch_op.f('ix_matches_deadline'))
        batch_op.drop_column('rematch_id')
        batch_op.drop_column('rematch_of')
        batch_op.drop_column('invites')
        batch_op.drop_column('offer')
        batch_op.drop_column('warn_at')
        batch_op.drop_column('deadline')
        batch_op.drop_column('clock')
        batch_op.drop_column('private')
        batch_op.drop_column('settings')

    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.drop_column('mark')
        batch_op.drop_column('parent')
        batch_op.drop_column('kind')

    with op.batch_alter_table('chat_messages', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_chat_messages_user_id'))
        batch_op.drop_index(batch_op.f('ix_chat_messages_match_id'))

    op.drop_table('chat_messages')
    op.drop_table('ratings')
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_notifications_user_id'))

    op.drop_table('notifications')
