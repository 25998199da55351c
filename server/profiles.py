"""An account's settings (notification channels, language, vacation) and public profile."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from .engine.core import side_of, won
from .games import GAMES
from .matches import clock as clocks
from .matches.service import Illegal, MatchService, NotFound, aware
from .notify import webhook
from .store.models import Match, Rating, Seat, User

EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]{1,190}\.[^@\s]{1,60}$")
FORMATS = ("json", "discord", "slack")


class Profiles:
    def __init__(self, sessions: sessionmaker[Session], service: MatchService, vacation_days: int,
                 clock: Callable[[], datetime], webhook_private: bool = False) -> None:
        self.webhook_private = webhook_private
        self.sessions = sessions
        self.service = service
        self.vacation_days = vacation_days
        self.now = clock

    def _days_left(self, user: User, t: datetime) -> int:
        used = user.vacation_used if user.vacation_year == t.year else 0
        return max(0, self.vacation_days - used)

    def settings(self, user_id: int) -> dict[str, Any]:
        t = self.now()
        with self.sessions() as db:
            u = db.get(User, user_id)
            if u is None:
                raise NotFound("No such account.")
            until = aware(u.vacation_until)
            return {"email": u.email, "notify_email": u.notify_email, "webhook_url": u.webhook_url,
                    "webhook_format": u.webhook_format, "language": u.language or "en",
                    "vacation_until": until.isoformat() if until and until > t else None,
                    "vacation_days_left": self._days_left(u, t)}

    def update(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        with self.sessions.begin() as db:
            u = db.get(User, user_id)
            if u is None:
                raise NotFound("No such account.")
            if "email" in changes:
                email = (changes["email"] or "").strip() or None
                if email is not None and not EMAIL.match(email):
                    raise Illegal("That is not an e-mail address.")
                u.email = email
            if "notify_email" in changes:
                u.notify_email = bool(changes["notify_email"])
            if "webhook_url" in changes:
                url = (changes["webhook_url"] or "").strip() or None
                if url is not None:
                    try:
                        webhook.check_url(url)
                        if not self.webhook_private:  # checked again at every delivery
                            webhook.public_addresses(urlsplit(url).hostname or "")
                    except ValueError as exc:
                        raise Illegal(f"{str(exc)[0].upper()}{str(exc)[1:]}.") from None
                u.webhook_url = url
            if "webhook_format" in changes:
                if changes["webhook_format"] not in FORMATS:
                    raise Illegal(f"webhook_format is one of {', '.join(FORMATS)}.")
                u.webhook_format = changes["webhook_format"]
            if "language" in changes:
                if changes["language"] not in ("en", "ja"):
                    raise Illegal("language is en or ja.")
                u.language = changes["language"]
        return self.settings(user_id)

    def unsubscribe(self, user_id: int, token: str) -> bool:
        with self.sessions.begin() as db:
            u = db.get(User, user_id)
            if u is None or not u.unsubscribe_token or not secrets.compare_digest(u.unsubscribe_token, token):
                return False
            u.notify_email = False
            return True

    # --- vacation ---

    def _my_running(self, db: Session, user_id: int) -> list[tuple[Match, str]]:
        rows = db.execute(select(Match, Seat.role).join(Seat, Seat.match_id == Match.id)
                          .where(Seat.user_id == user_id, Match.status == "active")
                          .with_for_update(of=Match))
        return [(m, role) for m, role in rows if m.clock and m.clock["tc"]["kind"] == "correspondence"]

    def start_vacation(self, user_id: int, days: int) -> dict[str, Any]:
        t = self.now()
        with self.sessions.begin() as db:
            u = db.get(User, user_id)
            if u is None:
                raise NotFound("No such account.")
            current = aware(u.vacation_until)
            if current is not None and current > t:
                raise Illegal("You are on vacation already; end it first.")
            left = self._days_left(u, t)
            if not 1 <= days <= left:
                raise Illegal(f"You have {left} vacation days left this year.")
            if u.vacation_year != t.year:
                u.vacation_year, u.vacation_used = t.year, 0
            u.vacation_used += days
            u.vacation_until = t + timedelta(days=days)
            for m, role in self._my_running(db, user_id):
                self.service._set_clock(db, m, clocks.pause(m.clock or {}, role, u.vacation_until, t))
        return self.settings(user_id)

    def end_vacation(self, user_id: int) -> dict[str, Any]:
        t = self.now()
        with self.sessions.begin() as db:
            u = db.get(User, user_id)
            until = aware(u.vacation_until) if u else None
            if u is None or until is None or until <= t:
                raise Illegal("You are not on vacation.")
            unused = int((until - t).total_seconds() // 86400)  # whole days not taken come back
            u.vacation_used = max(0, u.vacation_used - unused)
            u.vacation_until = None
            for m, role in self._my_running(db, user_id):
                self.service._set_clock(db, m, clocks.resume(m.clock or {}, role, t))
        return self.settings(user_id)

    # --- the public profile ---

    def profile(self, username: str) -> dict[str, Any]:
        with self.sessions() as db:
            u = db.scalars(select(User).where(User.username == username)).first()
            if u is None:
                raise NotFound(f"No player {username!r}.")
            ratings = [{"game": r.game, "rating": round(r.rating, 1), "rd": round(r.rd, 1), "games": r.games}
                       for r in db.scalars(select(Rating).where(Rating.user_id == u.id).order_by(Rating.game))]
            rows = list(db.execute(select(Match, Seat).join(Seat, Seat.match_id == Match.id)
                                   .where(Seat.user_id == u.id, Match.private.is_(False))
                                   .order_by(Match.updated_at.desc()).limit(100)))
            ids = [m.id for m, _ in rows]
            others = {(s.match_id, s.role): s.user_id for s in db.scalars(select(Seat).where(Seat.match_id.in_(ids)))}
            names = {x.id: x.username for x in db.scalars(select(User).where(User.id.in_(set(others.values()))))}
            matches = []
            for m, seat in rows:
                rules = GAMES.get(m.game)
                opponent = next((names.get(uid) for (mid, role), uid in others.items()
                                 if mid == m.id and uid != u.id
                                 and (rules is None or side_of(rules, role) != side_of(rules, seat.role))), None)
                result = None
                if m.status == "finished" and m.outcome:
                    w = m.outcome.get("winner")
                    rules = GAMES.get(m.game)
                    won_it = won(rules, w, seat.role) if rules is not None else (None if w is None else w == seat.role)
                    result = "draw" if won_it is None else ("won" if won_it else "lost")
                matches.append({"id": m.id, "game": m.game, "role": seat.role, "opponent": opponent,
                                "status": m.status, "result": result, "rating_before": seat.rating_before,
                                "rating_after": seat.rating_after,
                                "updated_at": aware(m.updated_at).isoformat()})
            return {"username": u.username, "ratings": ratings, "matches": matches}
