"""Around the rules: resigning, offers (draw, takeback), time, rematches.

These change the match row, not the game's state, except a takeback, which is an undo record in
the log. Each runs under the same locks as an action (``MatchService._lock`` and the row lock).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import select

from ..engine.core import OutcomeJSON, Rules, side_of, winners
from ..store.models import Match
from . import clock as clocks
from . import history
from .service import Applied, Forbidden, Illegal, MatchService, Stale, aware
from .shapes import Summary


@dataclass(frozen=True)
class Ended:
    """A match that ended outside the rules (resigned, agreed, on time): no new version."""

    match_id: str
    outcome: OutcomeJSON


class PlatformReason(StrEnum):
    """Why a match ended outside the rules (the games' own reasons are their ``Reason`` enums)."""

    RESIGNED = "platform.resigned"
    DRAW_AGREED = "platform.draw_agreed"
    TIMEOUT = "platform.timeout"


def _winning(rules: Rules, seats: tuple[str, ...], losers: set[str]) -> str | None:
    """The outcome's ``winner`` when the sides of ``losers`` lose: the one other side (named by its role
    when it is one seat, as a two-player match always was), or None (a draw) unless exactly one is left."""
    sides = {side_of(rules, r) for r in losers}
    left = [r for r in seats if side_of(rules, r) not in sides]
    if len({side_of(rules, r) for r in left}) != 1:
        return None
    return left[0] if len(left) == 1 else side_of(rules, left[0])


def _seated(svc: MatchService, db: Any, m: Match, user_id: int, seat: str | None = None) -> str:
    """The caller's seat; ``seat`` names which one for an account that holds several (a computer level)."""
    role = svc._role_of(db, m.id, user_id, seat)
    if role is None:
        raise Forbidden("You have no seat in this match.")
    return role


def _running(m: Match) -> None:
    if m.status != "active":
        raise Illegal("The match is not being played." if m.status == "open" else "The match is over.")


def _outcome(svc: MatchService, m: Match, winner: str | None, reason: PlatformReason) -> OutcomeJSON:
    return {"winner": winner, "reason": reason.value, "score": {},
            "winners": winners(svc.rules(m.game), winner, svc.match_seats(m))}


def resign(svc: MatchService, match_id: str, user_id: int) -> Ended:
    """The caller gives up for their whole side: the other side wins (its every seat)."""
    with svc._lock(match_id), svc.sessions.begin() as db:
        m = svc._match(db, match_id, lock=True)
        role = _seated(svc, db, m, user_id)
        _running(m)
        winner = _winning(svc.rules(m.game), svc.match_seats(m), {role})
        outcome = _outcome(svc, m, winner, PlatformReason.RESIGNED)
        svc._finish(db, m, outcome, svc.now())
        return Ended(m.id, outcome)


def offer(svc: MatchService, match_id: str, user_id: int, kind: str, steps: int | None) -> dict[str, Any]:
    """Offer a draw, or ask for a takeback of ``steps`` actions (anyone's, past the undo line)."""
    with svc._lock(match_id), svc.sessions.begin() as db:
        m = svc._match(db, match_id, lock=True)
        role = _seated(svc, db, m, user_id)
        _running(m)
        pending = m.offer if m.offer and m.offer.get("version") == m.version else None
        if pending and pending["by"] != role:
            raise Stale("Your opponent's offer is waiting for your answer.")
        made: dict[str, Any] = {"kind": kind, "by": role, "version": m.version}
        if kind == "draw":
            if not getattr(svc.rules(m.game), "draw_by_agreement", True):
                raise Illegal("This game has no draw by agreement.")
        elif kind == "takeback":
            n = steps or 1
            chain = svc._chain(db, m)
            reach, stop = history.takeback_reach(chain, role)
            if not 1 <= n <= len(reach):
                raise Illegal(_takeback_limit(chain, reach, stop))
            made["steps"] = n
        else:
            raise Illegal("An offer is a draw or a takeback.")
        m.offer = made
        return made


def answer(svc: MatchService, match_id: str, user_id: int, accept: bool,
           seat: str | None = None) -> Applied | Ended | None:
    """Accept or decline the pending offer (the offerer may withdraw it: decline their own)."""
    with svc._lock(match_id), svc.sessions.begin() as db:
        m = svc._match(db, match_id, lock=True)
        role = _seated(svc, db, m, user_id, seat)
        _running(m)
        pending = m.offer if m.offer and m.offer.get("version") == m.version else None
        if pending is None:
            raise Stale("There is no offer to answer.")
        if not accept:
            m.offer = None
            return None
        rules = svc.rules(m.game)
        if pending["by"] == role:
            raise Illegal("Your own offer waits for your opponent.")
        if side_of(rules, pending["by"]) == side_of(rules, role):
            raise Illegal("Your partner's offer waits for the other side's answer.")
        if pending["kind"] == "draw":
            outcome = _outcome(svc, m, None, PlatformReason.DRAW_AGREED)
            svc._finish(db, m, outcome, svc.now())
            return Ended(m.id, outcome)
        asker, steps = pending["by"], int(pending["steps"])
        reach, _ = history.takeback_reach(svc._chain(db, m), asker)
        if steps > len(reach):  # the offer is about this very version: it cannot happen, but never undo blind
            raise Illegal("This takeback no longer fits the match: decline it.")
        if history.crosses_a_mark(reach[:steps], asker):
            # The answerer's own actions: what they rolled or revealed is theirs to know. The offer stays
            # until it is declined, so the asker sees nothing but a takeback not (yet) accepted.
            raise Illegal("This takeback would go back past your own action that rolled a die, drew or "
                          "revealed something, which can never be taken back: decline it.")
        applied = svc._take_back(db, m, asker, svc._seats(db, m.id)[asker], reach[steps - 1].previous, steps,
                                 f"takeback-{secrets.token_hex(8)}")
    return svc._committed(match_id, applied)


def _takeback_limit(chain: list[history.Step], reach: list[history.Step], stop: history.Step | None) -> str:
    """Why a takeback of more actions cannot be asked for, from what the asker knows: its own action
    that can never be taken back, or the start of the match (or the end of the walk)."""
    n = len(reach)
    if stop is not None:
        why = "your own action that rolled a die, drew or revealed something (a takeback never goes back past it)"
    elif history.start_reached(chain):
        why = "the start of the match"
    else:
        why = f"the oldest action a takeback reaches ({history.MAX_WALK} records back)"
    return f"You can ask to take back {n} action{'s' if n != 1 else ''} at most; before that comes {why}."


def claim(svc: MatchService, match_id: str, user_id: int, seat: str | None = None) -> Ended:
    """Win on time for the caller's side: an opponent's time is out and the match says a win must be claimed."""
    with svc._lock(match_id), svc.sessions.begin() as db:
        m = svc._match(db, match_id, lock=True)
        role = _seated(svc, db, m, user_id, seat)
        _running(m)
        rules = svc.rules(m.game)
        seats = svc.match_seats(m)
        late = {r for r in clocks.flagged(m.clock, svc.now()) if side_of(rules, r) != side_of(rules, role)}
        if not late:
            raise Illegal("Your opponent still has time.")
        mine = [r for r in seats if side_of(rules, r) == side_of(rules, role)]
        outcome = _outcome(svc, m, role if len(mine) == 1 else side_of(rules, role), PlatformReason.TIMEOUT)
        svc._finish(db, m, outcome, svc.now(), how="time")
        return Ended(m.id, outcome)


@dataclass(frozen=True)
class Swept:
    ended: list[Ended]
    warnings: list[tuple[str, str]]  # (match, role) whose correspondence time is 80% gone
    flagged: list[tuple[str, str]]  # (match, role) out of time in a match where the win is claimed


def sweep(svc: MatchService, limit: int = 100) -> Swept:
    """Find late matches (by the indexed deadline columns) and act on them. Every app process
    runs this; the row lock and the re-check make each effect happen once."""
    t = svc.now()
    with svc.sessions() as db:
        due = list(db.scalars(select(Match.id).where(Match.status == "active", Match.deadline <= t).limit(limit)))
        warn = list(db.scalars(select(Match.id).where(Match.status == "active", Match.warn_at <= t).limit(limit)))
    ended: list[Ended] = []
    flags: list[tuple[str, str]] = []
    warnings: list[tuple[str, str]] = []
    for match_id in due:
        with svc._lock(match_id), svc.sessions.begin() as db:
            m = svc._match(db, match_id, lock=True)
            late = clocks.flagged(m.clock, t)
            if m.status != "active" or not late:
                continue
            how = svc._play(m)["on_timeout"]
            if how == "claim":
                m.deadline = None  # the opponent decides; nothing more for the sweeper to do
                flags.extend((m.id, r) for r in late)
                continue
            winner = _winning(svc.rules(m.game), svc.match_seats(m), set(late)) if how == "loss" else None
            outcome = _outcome(svc, m, winner, PlatformReason.TIMEOUT)
            svc._finish(db, m, outcome, t, how="time")
            ended.append(Ended(m.id, outcome))
    for match_id in warn:
        with svc._lock(match_id), svc.sessions.begin() as db:
            m = svc._match(db, match_id, lock=True)
            if m.status != "active" or m.warn_at is None or aware(m.warn_at) > t:
                continue
            m.warn_at = None
            running = list((m.clock or {}).get("running", []))
            warnings.extend((m.id, r) for r in running)
            for role in running:
                svc._notify(db, m, "time_running_out", roles={role})
    return Swept(ended, warnings, flags)


def rematch(svc: MatchService, match_id: str, user_id: int, swap: bool) -> Summary:
    """A new match like a finished one; the caller seated, the opponent's seat kept for them."""
    with svc._lock(match_id), svc.sessions.begin() as db:
        m = svc._match(db, match_id, lock=True)
        role = _seated(svc, db, m, user_id)
        if m.status != "finished":
            raise Illegal("A rematch is offered when the match is over.")
        if m.rematch_id:
            return svc.summary(m.rematch_id, user_id)
        seats = svc._seats(db, m.id)
        roles = list(svc.match_seats(m))
        swapped = swap and len(roles) == 2
        mapping = {roles[0]: roles[1], roles[1]: roles[0]} if swapped else {r: r for r in roles}
        computers = svc.computers(db)
        reserve = {mapping[r]: uid for r, uid in seats.items() if uid != user_id and uid not in computers}
        bots = {mapping[r]: computers[uid] for r, uid in seats.items() if uid in computers}
        play = {**svc._play(m), "clock": (m.clock or {}).get("tc")}
        summary = svc.create(user_id, m.game, m.scenario, mapping[role], m.options, None, play=play,
                             reserve=reserve, rematch_of=m.id, computer=bots or None)
        m.rematch_id = summary["id"]
        return summary
