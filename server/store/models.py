"""The tables. Every change here is an Alembic migration in ``migrations/versions``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
    true,
)
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from ..engine.core import OutcomeJSON
from ..names import canonical_name


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


def _canonical(context: DefaultExecutionContext) -> str:
    parameters: Callable[[], dict[str, Any]] = context.get_current_parameters  # unannotated in SQLAlchemy
    return canonical_name(parameters()["username"])


class User(Base):
    __tablename__ = "users"
    __table_args__ = (UniqueConstraint("computer", name="uq_users_computer"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(32), unique=True)
    # server/names.py: the key two names must not share (case, width, look-alikes); found at login.
    # Rows from before migration 0005 that shared a key with an older row hold "<key>#<id>".
    canonical: Mapped[str] = mapped_column(String(64), unique=True, index=True, default=_canonical)
    password_hash: Mapped[str] = mapped_column(String(200))
    language: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # Notifications: where to send them (the in-app list needs nothing).
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    notify_email: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    webhook_format: Mapped[str] = mapped_column(String(16), default="json", server_default="json")
    unsubscribe_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Vacation: correspondence clocks stand still until then; days used in `vacation_year`.
    vacation_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    vacation_year: Mapped[int | None] = mapped_column(Integer, nullable=True)
    vacation_used: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # A computer opponent's account (server/matches/computer.py): its level; None for a person. Such an
    # account has no password anyone can log in with and a name no person can register.
    computer: Mapped[str | None] = mapped_column(String(16), nullable=True)


class Session(Base):
    """A login. The cookie carries a random token; only its SHA-256 is stored."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Match(Base):
    __tablename__ = "matches"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[bytes] = mapped_column(LargeBinary)  # secret until the end
    seed_commitment: Mapped[str] = mapped_column(String(64))  # SHA-256(seed_salt + seed), hex
    # 16 random bytes, secret until the end like the seed; None: a match committed to SHA-256(seed) alone
    seed_salt: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)  # the creator fixed the seed
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, active, finished
    version: Mapped[int] = mapped_column(Integer, default=0)  # number of actions applied
    active_roles: Mapped[list[Any]] = mapped_column(JSON)  # who may act now: "whose move"
    outcome: Mapped[OutcomeJSON | None] = mapped_column(JSON, nullable=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Play-by-web (docs/play-by-web.md): platform settings, the clock, offers, invitations.
    # rated, private, on_timeout, rate_timeouts
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default=text("'{}'"))
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    warn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    offer: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    invites: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(24), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    # the public turn and phase (matches/progress.py) and when the last record was written, for the lobby
    progress: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    moved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Seat(Base):
    __tablename__ = "seats"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)


class ActionRecord(Base):
    """The append-only log. ``UNIQUE(match_id, seq)`` serialises writers across processes."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("match_id", "seq", name="uq_actions_match_seq"),
        UniqueConstraint("match_id", "client_id", name="uq_actions_match_client"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  # 1-based: the match version after this action
    role: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    client_id: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # "action", or "undo": its state is the state after `parent` plus a log line.
    kind: Mapped[str] = mapped_column(String(16), default="action", server_default="action")
    # The version whose state this record continues; walking parents skips undone actions.
    parent: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Why this action cannot be undone: "random" (dice, draws) or "reveal"; None if it can.
    mark: Mapped[str | None] = mapped_column(String(16), nullable=True)


class Snapshot(Base):
    __tablename__ = "snapshots"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


class ChatMessage(Base):
    __tablename__ = "chat_messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(16))  # players, spectators
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Notification(Base):
    """The in-app list: one row per notice, written in the transaction of the event that causes it.

    A notice goes only to a player who has no websocket open on the match; that is read after the
    commit, by the worker or by the player's own list request (``checked_at``): a row found to be
    for a present player is deleted, with its deliveries (docs/DESIGN.md, "Notifications")."""

    __tablename__ = "notifications"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    match_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # When presence was read and the player found away (None: not yet read).
    checked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)


class Delivery(Base):
    """The outbox: one notice to be carried by one channel (e-mail, webhook), by any process's worker.

    A worker claims a due row with a lease (``claimed_by``, ``lease_until``); a lease that ran out
    belongs to a process that died, and the row is claimed again. ``attempts`` counts claims."""

    __tablename__ = "deliveries"
    __table_args__ = (Index("ix_deliveries_due", "state", "next_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    notification_id: Mapped[int] = mapped_column(ForeignKey("notifications.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(16))  # email, webhook
    state: Mapped[str] = mapped_column(String(16), default="pending")  # pending, sent, failed, skipped
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # due from then on
    claimed_by: Mapped[str | None] = mapped_column(String(40), nullable=True)  # the claim that holds or made it
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    done_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Rating(Base):
    __tablename__ = "ratings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
