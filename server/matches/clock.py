"""Time controls: pure functions over a JSON clock kept in the match row, given the time.

A clock is ``{"tc": {...}, "left": {role: seconds}, "since": {role: iso}, "running": [roles]}``.
``left[r]`` is what ``r`` had at ``since[r]``; a running side's time goes down from there. Nothing
here reads the wall clock: the service passes ``now``, so tests use an injected time and no timer
lives in memory. The deadline (the earliest moment a running side runs out) is stored in its own
column, so every process can find late matches with one indexed query.

- live: ``initial`` seconds each, ``increment`` added after each of that side's actions;
- correspondence: a side starts with ``per_move`` and gets ``per_move`` more each time it hands the
  move over, never above ``cap``; a side on vacation has its ``since`` moved to the vacation's end.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

Clock = dict[str, Any]
KINDS = ("none", "live", "correspondence")
WARN_AT = 0.8  # "time is running out" when 80% of the time to a correspondence deadline is gone


class BadTimeControl(ValueError):
    pass


def check_time_control(tc: dict[str, Any] | None) -> dict[str, Any] | None:
    """The normalised time control, or None for no clock. Raises BadTimeControl with a reason."""
    if not tc or tc.get("kind", "none") == "none":
        return None
    kind = tc.get("kind")

    def seconds(name: str, low: int, high: int, default: int | None = None) -> int:
        value = tc.get(name, default)
        if not isinstance(value, int | float) or isinstance(value, bool) or not low <= value <= high:
            raise BadTimeControl(f"clock.{name} is a number of seconds from {low} to {high}.")
        return int(value)

    if kind == "live":
        return {"kind": "live", "initial": seconds("initial", 60, 86400),
                "increment": seconds("increment", 0, 3600, 0)}
    if kind == "correspondence":
        per_move = seconds("per_move", 3600, 60 * 86400)
        cap = seconds("cap", per_move, 120 * 86400, per_move * 3)
        return {"kind": "correspondence", "per_move": per_move, "cap": cap}
    raise BadTimeControl(f"clock.kind is one of {', '.join(KINDS)}.")


def _iso(t: datetime) -> str:
    return t.isoformat()


def _at(s: str) -> datetime:
    return datetime.fromisoformat(s)


def new_clock(tc: dict[str, Any], roles: tuple[str, ...]) -> Clock:
    start = tc["initial"] if tc["kind"] == "live" else tc["per_move"]
    return {"tc": tc, "left": {r: float(start) for r in roles}, "since": {}, "running": []}


def start(clock: Clock, running: list[str], now: datetime,
          paused_until: dict[str, datetime] | None = None) -> Clock:
    """Set the sides whose time runs from ``now`` (or from the end of their vacation)."""
    out = {**clock, "left": dict(clock["left"]), "since": {}, "running": sorted(running)}
    for role in out["running"]:
        begin = now
        if paused_until and role in paused_until and clock["tc"]["kind"] == "correspondence":
            begin = max(now, paused_until[role])
        out["since"][role] = _iso(begin)
    return out


def left(clock: Clock, role: str, now: datetime) -> float:
    """Seconds ``role`` has at ``now`` (negative once the flag has fallen)."""
    base = float(clock["left"][role])
    if role in clock["running"]:
        base -= max(0.0, (now - _at(clock["since"][role])).total_seconds())
    return base


def charge(clock: Clock, now: datetime) -> Clock:
    """Stop every running side at ``now``: its used time leaves its bank."""
    out = {**clock, "left": dict(clock["left"]), "since": {}, "running": []}
    for role in clock["running"]:
        out["left"][role] = left(clock, role, now)
    return out


def after_action(clock: Clock, actor: str, running_after: list[str], now: datetime,
                 paused_until: dict[str, datetime] | None = None) -> Clock:
    """The clock after ``actor`` acted at ``now`` and ``running_after`` are to move next."""
    before = set(clock["running"])
    out = charge(clock, now)
    tc = out["tc"]
    if tc["kind"] == "live":
        out["left"][actor] = max(0.0, out["left"][actor]) + tc["increment"]
    else:
        for role in before - set(running_after):  # handed the move over: a new day's allowance
            out["left"][role] = min(float(tc["cap"]), max(0.0, out["left"][role]) + tc["per_move"])
    return start(out, running_after, now, paused_until)


def flagged(clock: Clock | None, now: datetime) -> list[str]:
    if not clock:
        return []
    return [r for r in clock["running"] if left(clock, r, now) <= 0]


def deadline(clock: Clock | None) -> datetime | None:
    """When the first running side runs out."""
    if not clock or not clock["running"]:
        return None
    return min(_at(clock["since"][r]) + timedelta(seconds=float(clock["left"][r])) for r in clock["running"])


def warn_at(clock: Clock | None) -> datetime | None:
    """Correspondence only: when 80% of the time to the deadline of a running side is gone."""
    if not clock or clock["tc"]["kind"] != "correspondence" or not clock["running"]:
        return None
    return min(_at(clock["since"][r]) + timedelta(seconds=WARN_AT * max(0.0, float(clock["left"][r])))
               for r in clock["running"])


def pause(clock: Clock, role: str, until: datetime, now: datetime) -> Clock:
    """Vacation: ``role``'s correspondence time stands still until ``until``."""
    if clock["tc"]["kind"] != "correspondence" or role not in clock["running"]:
        return clock
    out = {**clock, "left": dict(clock["left"]), "since": dict(clock["since"])}
    out["left"][role] = left(clock, role, now)
    out["since"][role] = _iso(max(now, until))
    return out


def resume(clock: Clock, role: str, now: datetime) -> Clock:
    """Vacation over early: the time runs again from ``now``."""
    if role not in clock["running"] or _at(clock["since"][role]) <= now:
        return clock
    out = {**clock, "since": dict(clock["since"])}
    out["since"][role] = _iso(now)
    return out


def public(clock: Clock | None, now: datetime) -> dict[str, Any] | None:
    """What the summary shows: the time control and each side's time at ``now``."""
    if not clock:
        return None
    d = deadline(clock)
    # A side on vacation is "to move" but its time stands still until its vacation ends.
    paused = {r: clock["since"][r] for r in clock["running"] if _at(clock["since"][r]) > now}
    return {**clock["tc"], "left": {r: round(left(clock, r, now), 1) for r in clock["left"]},
            "running": [r for r in clock["running"] if r not in paused], "paused_until": paused,
            "as_of": _iso(now), "deadline": _iso(d) if d else None, "flagged": flagged(clock, now)}
