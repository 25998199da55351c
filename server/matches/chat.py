"""Chat per match: the players' channel and the spectators' channel.

Players write to the players' channel, anyone else (logged in) to the spectators'. Everyone reads the
players' channel. Until the match is over the spectators' channel is read only by signed-in accounts
without a seat in it, so no one can be coached from the gallery, not even from a logged-out window
(a guest); once it is over everyone reads both. Limits: 1-500 characters, 5 messages per 10 seconds
per account and match, counted in the database under a lock on the account (``lock_account``), so that
parallel posts, many sockets and several app processes cannot pass it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TypedDict

from sqlalchemy import func, select

from ..store.models import ChatMessage, User
from .service import Illegal, MatchService, TooMany, aware, lock_account

MAX_LENGTH = 500
BURST, WINDOW = 5, timedelta(seconds=10)
HISTORY = 100


def may_read(user_id: int | None, role: str | None, channel: str, finished: bool) -> bool:
    """Whether the account ``user_id`` (None: a guest), seated as ``role`` (None: no seat), may read
    a message of ``channel``."""
    return channel == "players" or finished or (user_id is not None and role is None)


class Said(TypedDict):
    """A chat message as it leaves the server (REST ``ChatMessageOut``, the websocket's ``chat``)."""

    id: int
    channel: str  # players, spectators
    user: str | None
    text: str
    at: str


def _message(row: ChatMessage, username: str | None) -> Said:
    return {"id": row.id, "channel": row.channel, "user": username, "text": row.text,
            "at": aware(row.created_at).isoformat()}


def post(svc: MatchService, match_id: str, user_id: int, text: str) -> Said:
    text = text.strip()
    if not 1 <= len(text) <= MAX_LENGTH:
        raise Illegal(f"A chat message has 1 to {MAX_LENGTH} characters.")
    with svc.sessions.begin() as db:
        lock_account(db, user_id)  # first: the count below and the insert are one step for this account
        t = svc.now()
        svc._match(db, match_id)
        channel = "players" if svc._role_of(db, match_id, user_id) else "spectators"
        recent = db.scalar(select(func.count()).select_from(ChatMessage).where(
            ChatMessage.match_id == match_id, ChatMessage.user_id == user_id, ChatMessage.created_at > t - WINDOW))
        if (recent or 0) >= BURST:
            raise TooMany(f"At most {BURST} messages in {int(WINDOW.total_seconds())} seconds: wait a moment.")
        row = ChatMessage(match_id=match_id, channel=channel, user_id=user_id, text=text, created_at=t)
        db.add(row)
        db.flush()
        user = db.get(User, user_id)
        return _message(row, user.username if user else None)


def read(svc: MatchService, match_id: str, user_id: int | None) -> list[Said]:
    """The last messages the caller may read, oldest first."""
    with svc.sessions() as db:
        m = svc._match(db, match_id)
        role = svc._role_of(db, match_id, user_id)
        channels = [c for c in ("players", "spectators") if may_read(user_id, role, c, m.status == "finished")]
        rows = list(db.execute(select(ChatMessage, User.username).outerjoin(User, User.id == ChatMessage.user_id)
                               .where(ChatMessage.match_id == match_id, ChatMessage.channel.in_(channels))
                               .order_by(ChatMessage.id.desc()).limit(HISTORY)))
        return [_message(row, name) for row, name in reversed(rows)]


def one(svc: MatchService, match_id: str, message_id: int) -> tuple[Said, bool]:
    """A message by id, and whether its match is over (which widens who may read it)."""
    with svc.sessions() as db:
        m = svc._match(db, match_id)
        row = db.get(ChatMessage, message_id)
        if row is None or row.match_id != match_id:
            raise Illegal("No such message.")
        user = db.get(User, row.user_id) if row.user_id else None
        return _message(row, user.username if user else None), m.status == "finished"
