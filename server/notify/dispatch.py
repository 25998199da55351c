"""Delivering notifications: a worker in every app process, off every request's path.

The rows were written with the event that caused them (``server.notify.outbox``). The worker:

1. reads presence for the notices not yet looked at (``checked_at`` is None): a notice goes only to
   a seated player who has no websocket open on the match. A notice for a present player is deleted
   with its deliveries; the others are marked checked. (The player's own list request does the
   same for that player's notices, so the in-app list is right at once, worker or not.)
2. claims due deliveries with a lease (``FOR UPDATE SKIP LOCKED`` on Postgres; on SQLite one
   conditional UPDATE, and SQLite has one writer at a time), so that several processes on one
   database never hold the same row; a lease that ran out is a process that died, and the row is
   claimed again. ``attempts`` counts claims.
3. delivers each claim as its own task, at most ``concurrency`` at once, each within one total
   ``deadline``: a webhook by httpx (async) inside one ``anyio.fail_after``, an e-mail by smtplib in
   a thread of its own small pool with a timer that shuts the socket at the deadline. Presence is
   read again first: a retry to a player who has since opened the match is dropped (``skipped``).
4. records the result under the claim: ``sent``; or ``pending`` again after a backoff that doubles
   from ``retry`` seconds; or ``failed`` after ``attempts`` claims.

Why presence is read at delivery and not when the row is written: the row is written inside the
action's transaction, which holds the match's row lock, and Redis (where presence lives across
processes) must not be waited on there; the sweeper only learns inside its transaction which
matches ended, so presence could not be read before it either. At delivery it is also fresher: a
player who opens the match in the moment after the move, or before a retry, is not mailed.

Nobody's request waits for a mail server or a webhook; the worker's database work runs in threads
of its own pool, not in the pool that serves requests. A delivery is made at least once: a worker
stopped mid-delivery (or frozen past its lease) leaves a row another claims again, so a webhook
gets the delivery's id as ``Idempotency-Key``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

import anyio
from anyio import to_thread
from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from ..realtime.presence import Presence
from ..store.models import Delivery, Notification, User
from . import webhook
from .email import Mailer
from .notice import DeliveryError, Notice
from .outbox import MERGED, merge, notice_of

log = logging.getLogger(__name__)
PRESENT = "the player had the match open"


@dataclass(frozen=True)
class DeliverySettings:
    deadline: float = 10.0  # seconds for one delivery, all of it
    retry: float = 30.0  # the first backoff; it doubles after each failed attempt
    retry_cap: float = 3600.0
    attempts: int = 8  # claims before a delivery is given up
    concurrency: int = 16  # deliveries under way at once in one process
    poll: float = 2.0  # seconds between looks at the database when nothing woke the worker
    lease_margin: float = 30.0  # a lease is the deadline and this


@dataclass(frozen=True)
class Job:
    """A claimed delivery, with what it takes to make it."""

    id: int
    claim: str
    channel: str
    user_id: int
    match_id: str | None
    notice: Notice
    language: str
    address: str  # the e-mail address or the webhook URL
    webhook_format: str = "json"
    unsubscribe_url: str = ""


class Notifier:
    def __init__(self, sessions: sessionmaker[Session], presence: Presence, public_url: str,
                 mailer: Mailer | None, clock: Callable[[], datetime], webhook_private: bool = False,
                 settings: DeliverySettings | None = None) -> None:
        self.sessions = sessions
        self.presence = presence
        self.public_url = public_url.rstrip("/")
        self.mailer = mailer
        self.now = clock
        self.webhook_private = webhook_private  # webhooks to private addresses: development and tests only
        self.settings = settings or DeliverySettings()
        self.process = secrets.token_hex(6)
        self._claims = itertools.count(1)
        self.passes = 0  # worker passes made (tests wait for them)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wakeup: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._in_flight: dict[asyncio.Task[None], Job] = {}
        self._more = False
        self._db: anyio.CapacityLimiter | None = None
        self._mail: anyio.CapacityLimiter | None = None
        self._resolving: anyio.CapacityLimiter | None = None

    # --- the worker ---

    def wake(self) -> None:
        """Look at the outbox now (from any thread: called after a commit that wrote notices)."""
        loop, wakeup = self._loop, self._wakeup
        if loop is not None and wakeup is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(wakeup.set)

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wakeup = asyncio.Event()
        # Threads of the worker's own: a slow mail server cannot take the threads requests run in.
        self._db, self._mail, self._resolving = (anyio.CapacityLimiter(2), anyio.CapacityLimiter(4),
                                                 anyio.CapacityLimiter(4))
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop claiming; deliveries under way are cut and their claims given back (due at once)."""
        jobs = list(self._in_flight.values())
        tasks = [t for t in (self._task, *self._in_flight) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self._in_flight.clear()
        self._task = None
        if jobs:
            with contextlib.suppress(Exception):
                await to_thread.run_sync(self._give_back, jobs)
        self._loop = self._wakeup = None

    async def _run(self) -> None:
        assert self._wakeup is not None
        while True:
            self._wakeup.clear()
            try:
                await self.run_once()
            except OperationalError:  # the database is down: the rows wait there for it
                log.warning("notification delivery: the database is unavailable")
            except Exception:
                log.exception("notification delivery pass failed")
            self.passes += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), self.settings.poll)

    async def run_once(self) -> None:
        """One pass: read presence for new notices, claim what is due, start delivering it."""
        await self.check_presence(limiter=self._db)
        free = self.settings.concurrency - len(self._in_flight)
        if free <= 0:
            return
        jobs = await to_thread.run_sync(self._claim, free, limiter=self._db)
        self._more = len(jobs) == free
        for job in jobs:
            task = asyncio.create_task(self._deliver(job))
            self._in_flight[task] = job
            task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._in_flight.pop(task, None)
        if self._more and self._wakeup is not None:
            self._wakeup.set()  # a slot is free and there may be more due

    # --- 1. presence ---

    async def check_presence(self, user_id: int | None = None, limiter: anyio.CapacityLimiter | None = None) -> None:
        """Read presence for the notices not looked at yet (of one player, or the oldest 200)."""
        rows = await to_thread.run_sync(self._unchecked, user_id, limiter=limiter)
        if not rows:
            return
        present: list[int] = []
        away: list[int] = []
        for nid, uid, match_id in rows:
            watching = match_id is not None and await self.presence.present(match_id, uid)
            (present if watching else away).append(nid)
        await to_thread.run_sync(self._checked, present, away, limiter=limiter)

    def _unchecked(self, user_id: int | None) -> list[tuple[int, int, str | None]]:
        with self.sessions() as db:
            stmt = select(Notification.id, Notification.user_id, Notification.match_id).where(
                Notification.checked_at.is_(None))
            if user_id is not None:
                stmt = stmt.where(Notification.user_id == user_id)
            return [(r.id, r.user_id, r.match_id) for r in db.execute(stmt.order_by(Notification.id).limit(200))]

    def _checked(self, present: list[int], away: list[int]) -> None:
        with self.sessions.begin() as db:
            if present:  # with its deliveries (ON DELETE CASCADE)
                db.execute(delete(Notification).where(Notification.id.in_(present),
                                                      Notification.checked_at.is_(None)))
            if away:
                checked = db.scalars(update(Notification).where(Notification.id.in_(away),
                                                                Notification.checked_at.is_(None))
                                     .values(checked_at=self.now()).returning(Notification.id)).all()
                # only the rows this transaction checked: another process's check merges its own
                for row in db.scalars(select(Notification).where(Notification.id.in_(checked),
                                                                 Notification.kind.in_(MERGED))
                                      .order_by(Notification.id)):
                    merge(db, row)

    # --- 2. claims ---

    def _channels(self) -> list[str]:
        return ["webhook", "email"] if self.mailer is not None else ["webhook"]

    def _claim(self, n: int) -> list[Job]:
        """Claim up to ``n`` due deliveries for this process, and read what it takes to make them."""
        t = self.now()
        claim = f"{self.process}/{next(self._claims)}"
        lease = t + timedelta(seconds=self.settings.deadline + self.settings.lease_margin)
        free = or_(Delivery.lease_until.is_(None), Delivery.lease_until < t)
        with self.sessions.begin() as db:
            due = (select(Delivery.id).join(Notification, Notification.id == Delivery.notification_id)
                   .where(Delivery.state == "pending", Delivery.next_at <= t, Delivery.channel.in_(self._channels()),
                          free, Notification.checked_at.is_not(None))
                   .order_by(Delivery.next_at, Delivery.id).limit(n))
            if db.get_bind().dialect.name == "postgresql":
                # Rows another process holds are passed over, not waited for; these stay locked to the commit.
                # (A plain SELECT first: as a subquery of the UPDATE, Postgres may run it more than once.)
                due = due.with_for_update(of=Delivery, skip_locked=True)
            candidates = list(db.scalars(due))
            if not candidates:
                return []
            # The conditions again on the rows updated: on SQLite, what another process claimed between the
            # SELECT and this UPDATE is not taken (SQLite has one writer at a time, so this is atomic).
            ids = list(db.scalars(update(Delivery).where(Delivery.id.in_(candidates), Delivery.state == "pending", free)
                                  .values(claimed_by=claim, lease_until=lease, attempts=Delivery.attempts + 1)
                                  .returning(Delivery.id)))
            if not ids:
                return []
            rows = db.execute(select(Delivery, Notification, User)
                              .join(Notification, Notification.id == Delivery.notification_id)
                              .join(User, User.id == Notification.user_id)
                              .where(Delivery.id.in_(ids)).order_by(Delivery.id)).all()
            jobs: list[Job] = []
            gone: list[int] = []
            for delivery, note, user in rows:
                notice = notice_of(note.payload, note.kind, user.username, note.match_id)
                job = Job(id=delivery.id, claim=claim, channel=delivery.channel, user_id=user.id,
                          match_id=note.match_id, notice=notice, language=user.language or "en", address="")
                if delivery.channel == "webhook" and user.webhook_url:
                    jobs.append(replace(job, address=user.webhook_url, webhook_format=user.webhook_format))
                elif delivery.channel == "email" and user.email and user.notify_email:
                    jobs.append(replace(job, address=user.email, unsubscribe_url=self.unsubscribe_url(db, user)))
                else:  # the player turned the channel off since
                    gone.append(delivery.id)
            if gone:
                db.execute(update(Delivery).where(Delivery.id.in_(gone), Delivery.claimed_by == claim).values(
                    state="skipped", last_error="the channel was turned off", lease_until=None, done_at=t))
            return jobs

    # --- 3. deliveries ---

    async def _deliver(self, job: Job) -> None:
        deadline = self.settings.deadline
        error: str | None
        try:
            if job.match_id is not None and await self.presence.present(job.match_id, job.user_id):
                await to_thread.run_sync(self._record, job, "skipped", PRESENT, limiter=self._db)
                return
            if job.channel == "webhook":
                await webhook.post(job.address, job.webhook_format, job.notice, job.language, deadline,
                                   self.webhook_private, key=str(job.id), resolving=self._resolving)
            else:
                assert self.mailer is not None
                send = functools.partial(self.mailer.send, job.address, job.notice, job.language,
                                         job.unsubscribe_url, deadline=deadline)
                with anyio.fail_after(deadline + 5):  # the mailer's own timer cuts it first
                    await to_thread.run_sync(send, limiter=self._mail, abandon_on_cancel=True)
            error = None
        except DeliveryError as exc:
            error = str(exc)
        except TimeoutError:
            error = f"the delivery did not finish within {deadline:g} s"
        except Exception as exc:  # a bug must not stop the worker: the row is tried again, and given up
            log.exception("delivery %s failed", job.id)
            error = f"{type(exc).__name__}: {exc}"
        if error is not None:
            log.warning("delivery %s (%s) failed: %s", job.id, job.channel, error)
        try:
            await to_thread.run_sync(self._record, job, "sent" if error is None else "failed", error,
                                     limiter=self._db)
        except OperationalError:  # not recorded: the row is claimed again when its lease ends
            log.warning("delivery %s: the database is unavailable; the result was not recorded", job.id)

    # --- 4. results ---

    def backoff(self, attempts: int) -> float:
        """Seconds before the next attempt after ``attempts`` failed ones."""
        return float(min(self.settings.retry * 2 ** (attempts - 1), self.settings.retry_cap))

    def _record(self, job: Job, outcome: str, error: str | None) -> None:
        t = self.now()
        with self.sessions.begin() as db:
            row = db.scalar(select(Delivery).where(Delivery.id == job.id, Delivery.claimed_by == job.claim)
                            .with_for_update())
            if row is None:  # the lease ran out and another claim holds the row now
                return
            row.lease_until = None
            row.last_error = error[:200] if error else None
            if outcome == "failed" and row.attempts < self.settings.attempts:
                row.next_at = t + timedelta(seconds=self.backoff(row.attempts))
                row.claimed_by = None  # claimable again when due
                return
            row.state = outcome
            row.done_at = t

    def _give_back(self, jobs: list[Job]) -> None:
        """Deliveries cut by a shutdown: due again at once, and the cut attempt not counted."""
        with self.sessions.begin() as db:
            for job in jobs:
                db.execute(update(Delivery).where(Delivery.id == job.id, Delivery.claimed_by == job.claim,
                                                  Delivery.state == "pending")
                           .values(claimed_by=None, lease_until=None, attempts=Delivery.attempts - 1))

    def unsubscribe_url(self, db: Session, user: User) -> str:
        """The one-click link of the player's e-mails; the token is made, in ``db``'s transaction, once."""
        token = user.unsubscribe_token
        if not token:
            db.execute(update(User).where(User.id == user.id, User.unsubscribe_token.is_(None))
                       .values(unsubscribe_token=secrets.token_urlsafe(24)))
            token = db.scalar(select(User.unsubscribe_token).where(User.id == user.id))
        return f"{self.public_url}/api/unsubscribe?u={user.id}&t={token}"

    # --- the in-app list ---

    async def unread(self, user_id: int, limit: int = 50) -> dict[str, Any]:
        """The player's notices, newest first. Presence is read first for those not looked at yet,
        so the list is right the moment the event committed, whether a worker ran or not."""
        await self.check_presence(user_id)
        return await to_thread.run_sync(self._unread, user_id, limit)

    def _unread(self, user_id: int, limit: int) -> dict[str, Any]:
        with self.sessions() as db:
            rows = list(db.scalars(select(Notification).where(Notification.user_id == user_id)
                                   .order_by(Notification.created_at.desc(), Notification.id.desc()).limit(limit)))
            count = db.scalar(select(func.count()).select_from(Notification).where(
                Notification.user_id == user_id, Notification.read_at.is_(None)))
            return {"unread": count or 0, "items": [{
                "id": r.id, "kind": r.kind, "match_id": r.match_id, "game": r.payload.get("game"),
                "opponent": r.payload.get("opponent"), "result": r.payload.get("result"),
                "text": r.payload.get("subject"), "url": f"/match/{r.match_id}" if r.match_id else None,
                "created_at": r.created_at.isoformat(), "read": r.read_at is not None,
                "count": int(r.payload.get("count", 1))} for r in rows]}

    def mark_read(self, user_id: int, ids: list[int] | None) -> None:
        with self.sessions.begin() as db:
            stmt = update(Notification).where(Notification.user_id == user_id, Notification.read_at.is_(None))
            if ids is not None:
                stmt = stmt.where(Notification.id.in_(ids))
            db.execute(stmt.values(read_at=self.now()))
