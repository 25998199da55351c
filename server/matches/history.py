"""The action log as a history: undo records, and where a player's undo must stop.

The log only grows. An undo is a record of its own (``{"type": "$undo", "steps": n}``, kind
``undo``) whose ``parent`` is the version it returns to: its state is that version's state plus a
public log line. Walking ``parent`` links from the latest version visits the actions still in
effect, newest first, skipping undone ones.

An action is marked when it cannot be taken back even with consent, because something became known:
``random`` (the match's RNG counter moved: a die, a chit or card draw) or ``reveal`` (the game's
``revealed(before, after)``). A player's own undo also stops at the opponent's actions (and the
opponent's undos); a takeback past those needs the opponent's consent.

A mark may be a secret: under Bulge's fog of war a commando's detection roll is read by the German
player only. So every answer about the undo line is computed from what the asking player knows: the
order of the records and who made each (public: every version, and every undo's log line, is seen by
all), and the marks of the asker's own actions. The marks of the opponent's actions are consulted
only when the opponent answers (accepting a takeback), where they are the answerer's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.core import Role, Rules, State, apply_action, private_copy

UNDO = "$undo"
MAX_WALK = 500  # an undo never reaches further back than this many records


@dataclass(frozen=True)
class Step:
    """One record of the log as the undo walk sees it."""

    seq: int
    role: str
    kind: str  # action | undo
    parent: int | None
    mark: str | None

    @property
    def previous(self) -> int:
        return self.parent if self.parent is not None else self.seq - 1


def mark_of(rules: Rules, before: State, after: State) -> str | None:
    """Why an action that turned ``before`` into ``after`` can never be taken back, if it can't."""
    if before.get("rng", {}).get("n") != after.get("rng", {}).get("n"):
        return "random"
    revealed: Callable[[State, State], bool] | None = getattr(rules, "revealed", None)
    if revealed is not None and revealed(before, after):
        return "reveal"
    return None


def undo_state(target: State, role: Role, steps: int) -> State:
    """The state of an earlier version with the trace of the undo in the log."""
    state = private_copy(target)
    state["log"] = [*state.get("log", []),
                    {"key": "platform.undo", "args": {"side": {"key": f"side.{role}"}, "n": steps}, "to": None}]
    return state


def apply_record(rules: Rules, state: State, role: Role, action: dict[str, Any],
                 state_at: Callable[[int], State]) -> State:
    """The state after one record of the log: an action, or an undo back to ``action["to"]``."""
    if action.get("type") == UNDO:
        return undo_state(state_at(int(action["to"])), role, int(action["steps"]))
    return apply_action(rules, state, role, action)


class Replay:
    """The states of a stretch of the log, replayed once. An undo record returns to an earlier
    version's state: checkpoints kept every ``every`` versions make that cost at most ``every``
    actions, where replaying from the start each time would grow with every undo before it.

    ``records[i]`` is the (role, action) of version ``start + i + 1``; ``before`` gives the state
    of a version earlier than ``start`` (an undo reaching behind the stretch)."""

    def __init__(self, rules: Rules, start: int, state: State, records: Sequence[tuple[Role, dict[str, Any]]],
                 before: Callable[[int], State] | None = None, every: int = 50) -> None:
        self.rules, self.start, self.records, self.before, self.every = rules, start, records, before, every
        self._checkpoints: dict[int, State] = {start: state}
        self._recent: dict[int, State] = {}

    RECENT = 16  # the latest states kept too: most undos return a few versions

    def state_at(self, version: int) -> State:
        if version < self.start:
            if self.before is None:
                raise ValueError(f"version {version} is before the replayed stretch")
            return self.before(version)
        known = self._recent.get(version, self._checkpoints.get(version))
        if known is not None:
            return known
        at = max(v for v in (*self._checkpoints, *self._recent) if v <= version)
        state = self._recent[at] if at in self._recent else self._checkpoints[at]
        for v in range(at + 1, version + 1):
            role, action = self.records[v - self.start - 1]
            state = apply_record(self.rules, state, role, action, self.state_at)
            if v % self.every == 0:
                self._checkpoints[v] = state
            self._recent[v] = state
            self._recent.pop(v - self.RECENT, None)
        return state


def effective(steps: Iterable[Step]) -> list[Step]:
    """The records still in effect, newest first, from ``steps`` given newest first (any gaps are
    followed through ``parent``)."""
    by_seq = {s.seq: s for s in steps}
    out: list[Step] = []
    seq = max(by_seq, default=0)
    while seq > 0 and seq in by_seq and len(out) < MAX_WALK:
        step = by_seq[seq]
        out.append(step)  # undo records included: for another role they are a boundary
        seq = step.previous
    return out


def undoable(chain: list[Step], role: Role) -> list[Step]:
    """The newest actions ``role`` may take back alone, newest first: its own actions back to its first
    marked action, or the first action or undo of another role. Undo records of the role itself are
    transparent: they are already part of the history walk. (Another role's mark is never read: the
    walk stops at that role's record whatever it hides.)"""
    return _walk(chain, role)[0]


def undo_stop(chain: list[Step], role: Role) -> Step | None:
    """The record where ``role``'s own undo stops (None: the walk reached its end)."""
    return _walk(chain, role)[1]


def _walk(chain: list[Step], role: Role) -> tuple[list[Step], Step | None]:
    out: list[Step] = []
    for step in chain:
        if step.kind == "undo" and step.role == role:
            continue
        if step.role != role or step.mark is not None:
            return out, step
        out.append(step)
    return out, None


def takeback_reach(chain: list[Step], asker: Role) -> tuple[list[Step], Step | None]:
    """How far a takeback asked by ``asker`` may reach as far as the asker can tell, newest first:
    anyone's actions (undo records passed over), back to the asker's own first marked action, or the
    end of the walk. The opponent's marks are not read: whether the opponent's actions rolled or
    revealed something may be hidden from the asker, and is checked when the opponent answers
    (``crosses_a_mark``). Also returns the asker's marked action that stops the reach, if one does."""
    out: list[Step] = []
    for step in chain:
        if step.kind == "undo":
            continue
        if step.role == asker and step.mark is not None:
            return out, step
        out.append(step)
    return out, None


def crosses_a_mark(steps: list[Step], asker: Role) -> bool:
    """Whether taking back ``steps`` (from ``takeback_reach``) would undo another role's action that
    rolled, drew or revealed something. Asked only for the role that answers the takeback: in a game of
    two sides, these are the answerer's own actions."""
    return any(step.mark is not None for step in steps if step.role != asker)


def start_reached(chain: list[Step]) -> bool:
    """Whether the walk reached the start of the match (else it stopped at ``MAX_WALK`` records)."""
    return not chain or chain[-1].previous == 0
