"""Who is told what, and through which channels.

A notification goes only to a seated player who has no websocket open on that match at that
moment (``Presence``). It is stored first (the in-app list, and the outbox of e-mail and webhook
deliveries), then delivered; a delivery that failed is retried by ``retry`` a few times. The text
is built from public facts only (game, opponent, result, deadline, link): ``Notice`` has no field
for anything from the match's state.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from anyio import to_thread
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session, sessionmaker

from ..games import GAMES
from ..realtime.presence import Presence
from ..store.models import Match, Notification, Seat, User
from . import webhook
from .email import Mailer
from .notice import DeliveryError, Notice, to_json

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 3


class Notifier:
    def __init__(self, sessions: sessionmaker[Session], presence: Presence, public_url: str,
                 mailer: Mailer | None, clock: Callable[[], datetime], webhook_private: bool = False) -> None:
        self.sessions = sessions
        self.webhook_private = webhook_private  # webhooks to private addresses: development and tests only
        self.presence = presence
        self.public_url = public_url.rstrip("/")
        self.mailer = mailer
        self.now = clock

    # --- the events ---

    async def your_move(self, match_id: str, roles: tuple[str, ...] | list[str]) -> None:
        await self._tell(match_id, "your_move", roles=set(roles))

    async def joined(self, match_id: str, joiner: int) -> None:
        await self._tell(match_id, "opponent_joined", skip={joiner})

    async def finished(self, match_id: str) -> None:
        await self._tell(match_id, "match_finished")

    async def time_running_out(self, match_id: str, role: str) -> None:
        await self._tell(match_id, "time_running_out", roles={role})

    async def rematch_offered(self, new_match_id: str, by: int) -> None:
        await self._tell(new_match_id, "rematch_offered", reserved=True, skip={by})

    # --- the work ---

    async def _tell(self, match_id: str, kind: str, roles: set[str] | None = None,
                    skip: set[int] | None = None, reserved: bool = False) -> None:
        try:
            targets = await to_thread.run_sync(self._targets, match_id, roles, skip or set(), reserved)
            absent = [t for t in targets if not await self.presence.present(match_id, t[0])]
            if not absent:
                return
            ids = await to_thread.run_sync(self._store, match_id, kind, absent)
            await to_thread.run_sync(self._deliver, ids)
        except Exception:  # a notification must never break the action that caused it
            log.exception("notification %s for %s failed", kind, match_id)

    def _targets(self, match_id: str, roles: set[str] | None, skip: set[int],
                 reserved: bool) -> list[tuple[int, str]]:
        """(user id, role) of each player to tell."""
        with self.sessions() as db:
            m = db.get(Match, match_id)
            if m is None:
                return []
            seats = {s.role: s.user_id for s in db.scalars(select(Seat).where(Seat.match_id == match_id))}
            if reserved:  # a rematch: the seats kept for the old opponents
                seats.update({r: inv["user_id"] for r, inv in (m.invites or {}).items() if "user_id" in inv})
            return [(uid, role) for role, uid in seats.items()
                    if uid not in skip and (roles is None or role in roles)]

    def _store(self, match_id: str, kind: str, targets: list[tuple[int, str]]) -> list[int]:
        t = self.now()
        out = []
        with self.sessions.begin() as db:
            m = db.get(Match, match_id)
            assert m is not None
            seats = {s.role: s.user_id for s in db.scalars(select(Seat).where(Seat.match_id == match_id))}
            users = {u.id: u for u in db.scalars(select(User).where(User.id.in_(
                {uid for uid, _ in targets} | set(seats.values()))))}
            for uid, role in targets:
                user = users[uid]
                opponent = next((users[o].username for r, o in seats.items() if o != uid and o in users), None)
                notice = self._notice(kind, m, user, role, opponent)
                row = Notification(user_id=uid, kind=kind, match_id=match_id, created_at=t,
                                   payload=to_json(notice),
                                   email_state="pending" if (self.mailer and user.email and user.notify_email)
                                   else None,
                                   webhook_state="pending" if user.webhook_url else None)
                db.add(row)
                db.flush()
                out.append(row.id)
        return out

    def _notice(self, kind: str, m: Match, user: User, role: str, opponent: str | None) -> Notice:
        result = None
        if kind == "match_finished" and m.outcome:
            winner = m.outcome.get("winner")
            result = "draw" if winner is None else ("won" if winner == role else "lost")
        deadline = None
        if kind == "time_running_out" and m.clock and role in m.clock.get("since", {}):
            deadline = (datetime.fromisoformat(m.clock["since"][role])
                        + timedelta(seconds=float(m.clock["left"][role])))
        rules = GAMES.get(m.game)
        return Notice(kind=kind, username=user.username, match_id=m.id,
                      game_name=dict(rules.names) if rules else {"en": m.game},
                      opponent=opponent, result=result, deadline=deadline,
                      url=f"{self.public_url}/match/{m.id}")

    def _deliver(self, ids: list[int]) -> None:
        """Send what is pending for these notifications; record what happened to each channel."""
        for nid in ids:
            with self.sessions() as db:
                row = db.get(Notification, nid)
                if row is None:
                    continue
                user = db.get(User, row.user_id)
                if user is None:
                    continue
                notice = Notice(kind=row.kind, username=user.username, match_id=row.match_id or "",
                                game_name=row.payload.get("game") or {}, opponent=row.payload.get("opponent"),
                                result=row.payload.get("result"),
                                deadline=(datetime.fromisoformat(row.payload["deadline"])
                                          if row.payload.get("deadline") else None),
                                url=row.payload.get("url", ""))
                language = user.language or "en"
                email_state, webhook_state = row.email_state, row.webhook_state
                if email_state == "pending" and self.mailer and user.email and user.notify_email:
                    mailer, address, link = self.mailer, user.email, self.unsubscribe_url(db, user)
                    email_state = self._attempt(mailer.send, address, notice, language, link)
                if webhook_state == "pending" and user.webhook_url:
                    url, fmt = user.webhook_url, user.webhook_format
                    webhook_state = self._attempt(webhook.post, url, fmt, notice, language, 5.0, self.webhook_private)
            with self.sessions.begin() as db:
                db.execute(update(Notification).where(Notification.id == nid).values(
                    email_state=email_state, webhook_state=webhook_state, attempts=Notification.attempts + 1))

    @staticmethod
    def _attempt(send: Callable[..., None], *args: Any) -> str:
        try:
            send(*args)
            return "sent"
        except DeliveryError as exc:
            log.warning("delivery failed: %s", exc)
            return "pending"

    def unsubscribe_url(self, db: Session, user: User) -> str:
        if not user.unsubscribe_token:
            token = secrets.token_urlsafe(24)
            with self.sessions.begin() as w:
                w.execute(update(User).where(User.id == user.id, User.unsubscribe_token.is_(None))
                          .values(unsubscribe_token=token))
            with self.sessions() as r:
                user.unsubscribe_token = r.scalar(select(User.unsubscribe_token).where(User.id == user.id))
        return f"{self.public_url}/api/unsubscribe?u={user.id}&t={user.unsubscribe_token}"

    def retry(self) -> int:
        """Deliveries still pending after a failure or a crash: try again, at most MAX_ATTEMPTS in all;
        then give up and say so in the row."""
        with self.sessions.begin() as db:
            rows = list(db.scalars(select(Notification.id).where(
                (Notification.email_state == "pending") | (Notification.webhook_state == "pending"),
                Notification.created_at < self.now() - timedelta(seconds=30)).limit(50)))
            db.execute(update(Notification).where(Notification.id.in_(rows),
                                                  Notification.attempts >= MAX_ATTEMPTS)
                       .values(email_state=func.replace(Notification.email_state, "pending", "failed"),
                               webhook_state=func.replace(Notification.webhook_state, "pending", "failed")))
        self._deliver(rows)
        return len(rows)

    # --- the in-app list ---

    def unread(self, user_id: int, limit: int = 50) -> dict[str, Any]:
        with self.sessions() as db:
            rows = list(db.scalars(select(Notification).where(Notification.user_id == user_id)
                                   .order_by(Notification.id.desc()).limit(limit)))
            count = db.scalar(select(func.count()).select_from(Notification).where(
                Notification.user_id == user_id, Notification.read_at.is_(None)))
            return {"unread": count or 0, "items": [{
                "id": r.id, "kind": r.kind, "match_id": r.match_id, "game": r.payload.get("game"),
                "opponent": r.payload.get("opponent"), "result": r.payload.get("result"),
                "text": r.payload.get("subject"), "url": f"/match/{r.match_id}" if r.match_id else None,
                "created_at": r.created_at.isoformat(), "read": r.read_at is not None} for r in rows]}

    def mark_read(self, user_id: int, ids: list[int] | None) -> None:
        with self.sessions.begin() as db:
            stmt = update(Notification).where(Notification.user_id == user_id, Notification.read_at.is_(None))
            if ids is not None:
                stmt = stmt.where(Notification.id.in_(ids))
            db.execute(stmt.values(read_at=self.now()))
