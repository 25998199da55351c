"""Notifications written in the transaction of the event that causes them.

The match service calls ``Outbox.write`` in its open transaction (a join, an action, an undo, the
end of a match, a time warning, a rematch): the notice (the in-app list) and one delivery row per
channel the player has (e-mail, webhook) commit with the event or not at all. Nothing here waits
on anything outside the database; the worker (``server.notify.dispatch``) delivers after the
commit, and is woken by it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import event, select, update
from sqlalchemy.orm import Session

from ..engine.core import side_of, won
from ..games import GAMES
from ..store.models import Delivery, Match, Notification, Seat, User
from .notice import Notice, to_json

_WAKE = "counterplay.notify.wake"


class Outbox:
    def __init__(self, public_url: str, email: bool, clock: Callable[[], datetime]) -> None:
        self.public_url = public_url.rstrip("/")
        self.email = email  # an SMTP server is configured: e-mail deliveries are written
        self.now = clock
        self.wake: Callable[[], None] | None = None  # called after a commit that wrote notices

    def write(self, db: Session, m: Match, kind: str, roles: Iterable[str] | None = None,
              skip: Iterable[int] = (), reserved: bool = False) -> None:
        """Tell the seated players of ``m`` (those in ``roles``, if given; not those in ``skip``;
        with ``reserved``, also those a rematch's seats are kept for)."""
        wanted = set(roles) if roles is not None else None
        seats = {s.role: s.user_id for s in db.scalars(select(Seat).where(Seat.match_id == m.id))}
        if reserved:
            seats.update({r: inv["user_id"] for r, inv in (m.invites or {}).items() if "user_id" in inv})
        targets = [(uid, role) for role, uid in seats.items()
                   if uid is not None and uid not in set(skip) and (wanted is None or role in wanted)]
        if not targets:
            return
        users = {u.id: u for u in db.scalars(select(User).where(User.id.in_(set(seats.values()))))}
        targets = [(uid, role) for uid, role in targets if users[uid].computer is None]  # the computer reads none
        if not targets:
            return
        t = self.now()
        rules = GAMES.get(m.game)
        side = (lambda r: side_of(rules, r)) if rules is not None else (lambda r: r)
        for uid, role in targets:
            user = users[uid]
            # an opponent is a player of another side (a partner on one's own side is not)
            opponent = next((users[o].username for r, o in seats.items()
                             if o != uid and o in users and side(r) != side(role)), None)
            row = Notification(user_id=uid, kind=kind, match_id=m.id, created_at=t,
                               payload={**to_json(self.notice(kind, m, user, role, opponent)), "count": 1})
            db.add(row)
            db.flush()
            if self.email and user.email and user.notify_email:
                db.add(Delivery(notification_id=row.id, channel="email", state="pending", next_at=t))
            if user.webhook_url:
                db.add(Delivery(notification_id=row.id, channel="webhook", state="pending", next_at=t))
        if self.wake is not None and not db.info.get(_WAKE):
            db.info[_WAKE] = True
            event.listen(db, "after_commit", self._committed, once=True)

    def _committed(self, db: Session) -> None:
        db.info.pop(_WAKE, None)
        if self.wake is not None:
            self.wake()

    def notice(self, kind: str, m: Match, user: User, role: str, opponent: str | None) -> Notice:
        """What the notice says: public facts only (the game, the opponent, the result, a deadline, a link)."""
        result = None
        if kind == "match_finished" and m.outcome:
            rules = GAMES.get(m.game)
            winner = m.outcome.get("winner")
            won_it = won(rules, winner, role) if rules is not None else (None if winner is None else winner == role)
            result = "draw" if won_it is None else ("won" if won_it else "lost")  # a side wins with its every seat
        deadline = None
        if kind == "time_running_out" and m.clock and role in m.clock.get("since", {}):
            deadline = (datetime.fromisoformat(m.clock["since"][role])
                        + timedelta(seconds=float(m.clock["left"][role])))
        rules = GAMES.get(m.game)
        return Notice(kind=kind, username=user.username, match_id=m.id,
                      game_name=dict(rules.names) if rules else {"en": m.game},
                      opponent=opponent, result=result, deadline=deadline,
                      url=f"{self.public_url}/match/{m.id}")


# Kinds of which a player has at most one unread notice per match: a new one is merged into it.
MERGED = frozenset({"your_move"})


def merge(db: Session, row: Notification) -> None:
    """A notice just found for an away player, merged into that player's unread notice of the same
    kind and match, if there is one: that entry is updated in place (the newest text, the time, how
    many it stands for) and takes over the new one's deliveries (each event is still carried by the
    channels: the player was away each time). Merging once presence is read keeps a notice from
    while the player was away when a later one is dropped for a player now present."""
    if row.kind not in MERGED:
        return
    old = db.scalars(select(Notification).where(
        Notification.user_id == row.user_id, Notification.match_id == row.match_id, Notification.kind == row.kind,
        Notification.read_at.is_(None), Notification.checked_at.is_not(None), Notification.id < row.id)
        .order_by(Notification.id.desc()).limit(1).with_for_update()).first()
    if old is None:
        return
    old.payload = {**row.payload, "count": int(old.payload.get("count", 1)) + int(row.payload.get("count", 1))}
    old.created_at = row.created_at
    db.execute(update(Delivery).where(Delivery.notification_id == row.id).values(notification_id=old.id))
    db.delete(row)


def notice_of(payload: dict[str, Any], kind: str, username: str, match_id: str | None) -> Notice:
    """The notice a stored payload was made from (what every channel renders)."""
    deadline = payload.get("deadline")
    return Notice(kind=kind, username=username, match_id=match_id or "", game_name=payload.get("game") or {},
                  opponent=payload.get("opponent"), result=payload.get("result"),
                  deadline=datetime.fromisoformat(deadline) if deadline else None, url=payload.get("url", ""))
