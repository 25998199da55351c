"""Computer opponents in matches: their accounts, their records, and the runner that plays their seats.

A computer opponent holds a seat through an account of its own, one per level (``users.computer``),
made on first use: its name ("Computer (easy)") holds characters no person's name may, and it has no
password anyone could log in with. Its moves go through ``MatchService.act`` like a person's: the same
checks, log, clock, notifications and broadcast. A match with a computer seat is never rated.

The runner (``Computer``) wakes when this process publishes an action or a summary of a match (a person
moved, took a seat, offered a takeback), at startup, and on every sweep (``scan``: active matches where a
computer is to move, for a restart or another process's events). It reads the state in a thread,
decides in the worker pool (``server.bots.pool``: never on the event loop), and applies the action with
the client id ``computer:<version>``: unique per (match, version), so a second process that decided the
same move, or a retry, finds it applied and drops its own; a move decided for a version that has passed
is refused as stale and dropped. The bot's seed is drawn fresh for every decision (never from the match
seed, which decides the dice).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from anyio import to_thread
from sqlalchemy import select

from ..bots import RANDOM, judge_for
from ..bots.levels import level_for
from ..bots.pool import Pool
from ..engine.core import State, canonical, side_of
from ..realtime.broker import Broker, Handler
from ..store.models import Match, Seat, User
from . import clock as clocks
from . import endings, history
from .computer_seats import account as account
from .computer_seats import account_name as account_name
from .computer_seats import records as records
from .service import MatchError, MatchService, Stale, aware

log = logging.getLogger(__name__)

# A guard against a judge that cycles (attack and cancel, split and unsplit): past this many moves in a row
# without waiting for a person, the computer plays at random (which ends a step sooner or later) until it
# waits again. The longest real run, a Bulge player turn, is a few hundred moves.
RUN_LIMIT = 2_000
CLIENT_PREFIX = "computer:"  # the computer's client action ids; a person's action may not use it
HURRY_FACTOR = 20  # below this many times a level's own guard of time left, the computer plays `easy`


def client_id(version: int) -> str:
    """The id of the computer's action at ``version``: one per match and version, whichever process."""
    return f"{CLIENT_PREFIX}{version}"


@dataclass(frozen=True)
class Turn:
    """What the computer has to do in a match now."""

    match_id: str
    game: str
    version: int
    kind: str  # act, answer (a takeback or draw offer to it), claim (the person's time is up)
    role: str
    level: str = ""
    user_id: int = 0
    state: State | None = None
    hurry: bool = False


def turn(svc: MatchService, match_id: str) -> Turn | None:
    """The computer's next duty in this match, if any (read in a thread)."""
    with svc.sessions() as db:
        try:
            m = svc._match(db, match_id)
        except MatchError:
            return None
        if m.status != "active":
            return None
        computers = svc.computers(db)
        seats = svc._seats(db, match_id)
        mine = {role: uid for role, uid in seats.items() if uid in computers}
        if not mine:
            return None
        t = svc.now()
        rules = svc.rules(m.game)
        offer = m.offer if m.offer and m.offer.get("version") == m.version else None
        # An offer is answered, and a win on time claimed, by a computer seat of another side than the
        # offerer's (or the late player's): a computer does not answer its partner.
        answering = [r for r in mine if offer and side_of(rules, r) != side_of(rules, offer["by"])]
        if offer and offer["by"] not in mine and answering:
            role = answering[0]
            return Turn(m.id, m.game, m.version, "answer", role, computers[mine[role]], mine[role])
        late = {side_of(rules, r) for r in clocks.flagged(m.clock, t) if r not in mine}
        claiming = [r for r in mine if side_of(rules, r) not in late]
        if late and claiming and svc._play(m)["on_timeout"] == "claim":
            role = claiming[0]
            return Turn(m.id, m.game, m.version, "claim", role, computers[mine[role]], mine[role])
        for role in m.active_roles:
            if role in mine:
                level = computers[mine[role]]
                hurry = False
                if m.clock:
                    guard = level_for(level, getattr(judge_for(m.game), "TUNING", None)).seconds
                    hurry = clocks.left(m.clock, role, t) < HURRY_FACTOR * guard
                return Turn(m.id, m.game, m.version, "act", role, level, mine[role],
                            svc.state_at(db, m, m.version), hurry)
        return None


def waiting(svc: MatchService, quiet_for: float = 0.0, limit: int = 200) -> list[str]:
    """Active matches where a computer seat may have something to do (to move, an offer, a flag), whose
    last change is at least ``quiet_for`` seconds old (a match changed just now is in the hands of the
    process that changed it)."""
    t = svc.now() - timedelta(seconds=quiet_for)
    with svc.sessions() as db:
        rows = db.execute(select(Match.id, Match.active_roles, Match.offer, Match.deadline, Match.updated_at,
                                 Seat.role)
                          .join(Seat, Seat.match_id == Match.id).join(User, User.id == Seat.user_id)
                          .where(Match.status == "active", User.computer.is_not(None))
                          .order_by(Match.updated_at).limit(limit)).all()
    out: list[str] = []
    for mid, active, offer, deadline, updated, role in rows:
        if quiet_for and aware(updated) > t:
            continue
        if (role in (active or []) or offer or deadline is not None) and mid not in out:
            out.append(mid)
    return out


class Computer:
    """Plays the computer seats of the matches this process hears of; one task per match at a time."""

    def __init__(self, service: MatchService, broker: Broker, pool: Pool, quiet: float = 10.0) -> None:
        self.service = service
        self.broker = broker
        self.pool = pool
        self.quiet = quiet  # the periodic scan leaves alone matches changed more recently than this
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self.decisions = 0  # moves applied by this runner (tests read it)

    def wake(self, match_id: str) -> None:
        """Look at this match soon (it changed here). Never waits."""
        if match_id in self._tasks:
            self._again.add(match_id)
            return
        self._tasks[match_id] = asyncio.get_running_loop().create_task(self._run(match_id))

    def busy(self) -> bool:
        return bool(self._tasks)

    async def scan(self, quiet: float | None = None) -> None:
        """Wake every match where a computer may have something to do (startup: ``quiet`` 0)."""
        for match_id in await to_thread.run_sync(waiting, self.service, self.quiet if quiet is None else quiet):
            self.wake(match_id)

    async def _run(self, match_id: str) -> None:
        try:
            while True:
                self._again.discard(match_id)
                try:
                    await self._drive(match_id)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("the computer failed in match %s", match_id)
                    return
                if match_id not in self._again:
                    return
        finally:
            self._tasks.pop(match_id, None)
            self._again.discard(match_id)

    async def _drive(self, match_id: str) -> None:
        """Do the computer's duties in this match until it waits for a person."""
        svc = self.service
        for moves in range(100_000):
            todo = await to_thread.run_sync(turn, svc, match_id)
            if todo is None:
                return
            if todo.kind == "answer":
                await self._answer(todo)
                continue
            if todo.kind == "claim":
                with contextlib.suppress(MatchError):
                    ended = await to_thread.run_sync(endings.claim, svc, match_id, todo.user_id, todo.role)
                    await self.broker.publish({"kind": "ended", "match": ended.match_id})
                return
            assert todo.state is not None
            level = "easy" if todo.hurry else todo.level
            if moves >= RUN_LIMIT:
                if moves == RUN_LIMIT:
                    log.warning("the computer made %d moves in a row in match %s: it plays at random until it "
                                "waits for a person", moves, match_id)
                level = RANDOM
            decision = await self.pool.choose(todo.game, todo.state, todo.role, level, secrets.randbits(64))
            if decision.action is None:
                return
            try:
                applied = await to_thread.run_sync(svc.act, match_id, todo.user_id, todo.version,
                                                   decision.action, client_id(todo.version), todo.role)
            except Stale:
                continue  # another process (or an undo) moved the match on: decide again from where it is
            self.decisions += 1
            await self.broker.publish({"kind": "action", "match": match_id, "version": applied.version})

    async def _answer(self, todo: Turn) -> None:
        """An offer to the computer: a takeback is accepted when it crosses none of the computer's own
        actions that rolled, drew or revealed (else declined), a draw is declined. In a match that hides
        something from the asker (face-down counters, fog of war), whether the computer's action rolled may
        itself be hidden (a paradrop out of sight), so there a takeback that crosses any computer action is
        declined whatever it rolled: the answer tells the asker nothing it could not see."""
        svc = self.service
        offer_kind = await to_thread.run_sync(_offer_kind, svc, todo.match_id)
        if offer_kind == "takeback" and await to_thread.run_sync(_blind_takeback, svc, todo.match_id):
            offer_kind = None
        if offer_kind == "takeback":
            try:
                applied = await to_thread.run_sync(endings.answer, svc, todo.match_id, todo.user_id, True, todo.role)
            except Stale:
                return
            except MatchError:
                applied = None
            if applied is not None and not isinstance(applied, endings.Ended):
                await self.broker.publish({"kind": "action", "match": todo.match_id, "version": applied.version})
                return
        with contextlib.suppress(MatchError):
            await to_thread.run_sync(endings.answer, svc, todo.match_id, todo.user_id, False, todo.role)
        await self.broker.publish({"kind": "summary", "match": todo.match_id})

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self, timeout: float = 60.0) -> None:
        """Wait until no match is being played by this runner (tests)."""
        async with asyncio.timeout(timeout):
            while self._tasks:
                await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)


def _offer_kind(svc: MatchService, match_id: str) -> str | None:
    with svc.sessions() as db:
        m = svc._match(db, match_id)
        offer = m.offer if m.offer and m.offer.get("version") == m.version else None
        return str(offer["kind"]) if offer else None


def _blind_takeback(svc: MatchService, match_id: str) -> bool:
    """Whether the pending takeback crosses a computer action in a match that hides something from the
    asker: judged from the game and options alone (the match's first state), which the asker knows."""
    with svc.sessions() as db:
        m = svc._match(db, match_id)
        offer = m.offer if m.offer and m.offer.get("version") == m.version else None
        if offer is None or offer.get("kind") != "takeback":
            return False
        asker, steps = str(offer["by"]), int(offer["steps"])
        reach, _ = history.takeback_reach(svc._chain(db, m), asker)
        if not any(step.role != asker for step in reach[:steps]):
            return False
        rules = svc.rules(m.game)
        first = svc.state_at(db, m, 0)
        other = rules.hidden_variant(first, asker, 0)
        return other is not None and canonical(other) != canonical(first)


class Waking:
    """The broker as the routes use it: every event this process publishes about a match (an action, a
    summary: a seat taken, an offer) also wakes the computer runner. Events of other processes do not:
    the process that changed the match plays its computer; ``scan`` covers a process that died."""

    def __init__(self, inner: Broker, computer: Computer) -> None:
        self.inner = inner
        self.computer = computer

    async def start(self, handler: Handler) -> None:
        await self.inner.start(handler)

    async def publish(self, event: dict[str, Any]) -> None:
        await self.inner.publish(event)
        if event.get("kind") in ("action", "summary") and event.get("match"):
            self.computer.wake(str(event["match"]))

    async def stop(self) -> None:
        await self.inner.stop()


def seat_levels(computers: dict[int, str], seats: Iterable[tuple[str, int]]) -> dict[str, str]:
    """role -> level of the computer seats among ``seats`` (role, account)."""
    return {role: computers[uid] for role, uid in seats if uid in computers}
