"""The step machine every game's turn runs on: a stack of frames in the state, each frame of a kind
that is either automatic or a player's decision.

Lifted from LZ Albany, whose turn was the clearest of the first three games:

- A frame is a plain dict in ``state["stack"]`` (so it is saved, replayed and copied with the state):
  ``{"kind": "retreat", "side": "us", ...}``. The top frame is the one that runs.
- An ``Auto`` frame (a die roll, a chit draw, the start of a phase) runs as soon as it is on top; it
  pops itself, pushes others, or both.
- A ``Decision`` frame waits on one side: its ``actions`` are the legal actions, and its ``on`` table
  maps each action's verb (``action["type"]``) to the handler that applies it. A reaction is simply a
  frame whose side is the opponent; the side defaults to the frame's ``"side"``, then to the machine's
  ``owner`` (the phasing player). A decision with no legal action is over: it is popped (unless it
  says itself when it is over).
- A ``SequenceOfPlay`` is the automatic frame at the bottom of a turn: each time it comes back on top it
  begins the next phase of the rulebook's sequence, and after the last one it ends the turn.
- ``Machine`` holds the kinds of one game, given explicitly (no registration by import side effect);
  ``run`` executes automatic frames until a decision is due or the match is over. So after every action
  the state waits on a player: there is no other kind of pause, and no timing can reveal anything.

>>> def roll(s, f):
...     pop(s)
...     s["rolled"] = 6
>>> def choose(s, f):
...     return [{"type": "take"}] if s["rolled"] else []
>>> def take(s, f, a):
...     pop(s)
...     s["result"] = "taken"
>>> m = Machine({"roll": Auto(roll), "pick": Decision(choose, {"take": take})}, owner=lambda s: "red")
>>> s = {"stack": [], "result": None, "rolled": 0}
>>> push(s, {"kind": "roll"}, {"kind": "pick"})
>>> m.run(s); m.active_roles(s), m.legal_actions(s, "red"), m.legal_actions(s, "blue")
(frozenset({'red'}), [{'type': 'take'}], [])
>>> _ = m.apply(s, "red", {"type": "take"}); s["result"], m.active_roles(s)
('taken', frozenset())
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .core import Action, IllegalAction, Role, State

Frame = dict[str, Any]
Handler = Callable[[State, Frame, Action], None]
Step = Callable[[State, Frame], None]


@dataclass(frozen=True)
class Auto:
    """A frame the server runs by itself as soon as it is on top."""

    run: Step


@dataclass(frozen=True)
class Decision:
    """A frame on which one side decides: ``actions`` lists what it may do, ``on`` applies each verb."""

    actions: Callable[[State, Frame], list[Action]]
    on: Mapping[str, Handler]
    side: Callable[[State, Frame], Role | None] | None = None  # None: the frame's "side", else the owner
    # whether the decision is over (popped by the machine); None: when it offers no action. A decision that
    # must not end that way (a task still due) says when it is over, so that a missing action shows as a
    # dead end instead of being skipped
    over: Callable[[State, Frame], bool] | None = None


@dataclass(frozen=True)
class SequenceOfPlay:
    """The bottom frame of a turn: ``begin`` starts each phase in the order given (pushing the phase's
    frames above this one); after the last, ``end_turn`` ends the turn (it may finish the match, pop
    this frame, or let the sequence start again). ``skip`` leaves out a phase that does not happen this
    turn (§5 of Shimada: on turn 1 the British only recover). The frame keeps its place in ``"next"``."""

    phases: tuple[str, ...]
    begin: Callable[[State, Frame, str], None]
    end_turn: Step
    skip: Callable[[State, str], bool] = field(default=lambda state, phase: False)

    def run(self, state: State, frame: Frame) -> None:
        i = frame.get("next", 0)
        while i < len(self.phases) and self.skip(state, self.phases[i]):
            i += 1
        if i >= len(self.phases):
            frame["next"] = 0
            self.end_turn(state, frame)
            return
        frame["next"] = i + 1
        self.begin(state, frame, self.phases[i])


Kind = Auto | Decision | SequenceOfPlay


# === The stack ===

def push(state: State, *frames: Frame) -> None:
    """Push frames so that the first one given runs first."""
    for f in reversed(frames):
        state["stack"].append(f)


def pop(state: State) -> Frame:
    frame: Frame = state["stack"].pop()
    return frame


def top(state: State) -> Frame | None:
    return state["stack"][-1] if state["stack"] else None


def side_of(frame: Frame) -> str:
    return str(frame["side"])


# === The machine ===

T = TypeVar("T")


def chapters(*tables: Mapping[str, T], what: str = "kind") -> dict[str, T]:
    """One table from the tables of a game's chapters; a name given twice is an error, not an override.

    >>> chapters({"a": 1}, {"b": 2})
    {'a': 1, 'b': 2}
    >>> chapters({"a": 1}, {"a": 2}, what="task kind")
    Traceback (most recent call last):
    ...
    ValueError: task kind 'a' is given twice
    """
    table: dict[str, T] = {}
    for chapter in tables:
        for name, value in chapter.items():
            if name in table:
                raise ValueError(f"{what} {name!r} is given twice")
            table[name] = value
    return table


class Machine:
    """The frame kinds of one game and the running of its stack.

    ``kinds`` may be given as several tables (one per rules chapter); a kind named twice is an error.
    ``owner`` names the side a frame without its own ``"side"`` belongs to; ``over`` says the match
    has ended (by default: ``state["result"]`` is set)."""

    def __init__(self, *kinds: Mapping[str, Kind], owner: Callable[[State], Role | None] = lambda state: None,
                 over: Callable[[State], bool] = lambda state: state["result"] is not None,
                 limit: int = 100_000) -> None:
        self.kinds: Mapping[str, Kind] = chapters(*kinds, what="frame kind")
        self.owner = owner
        self.over = over
        self.limit = limit

    def kind(self, frame: Frame) -> Kind:
        try:
            return self.kinds[frame["kind"]]
        except KeyError:
            raise RuntimeError(f"no frame kind {frame['kind']!r} in this game's machine") from None

    def side(self, state: State, frame: Frame) -> Role | None:
        """Who decides on ``frame``: its decision's own rule, else its ``"side"``, else the owner."""
        kind = self.kind(frame)
        if isinstance(kind, Decision) and kind.side is not None:
            return kind.side(state, frame)
        side = frame.get("side")
        return str(side) if side is not None else self.owner(state)

    def run(self, state: State) -> None:
        """Run automatic frames until a decision with at least one legal action is due, or the end."""
        for _ in range(self.limit):
            if self.over(state) or not state["stack"]:
                return
            frame = state["stack"][-1]
            kind = self.kind(frame)
            if isinstance(kind, Decision):
                if not (kind.over(state, frame) if kind.over is not None else not kind.actions(state, frame)):
                    return
                state["stack"].pop()  # nothing (more) to decide: the step is over
                continue
            kind.run(state, frame)
        raise RuntimeError("the step machine does not settle")

    def current(self, state: State) -> tuple[Frame, Decision] | None:
        """The decision the match waits on, with its frame (None when over or nothing is due)."""
        if self.over(state) or not state["stack"]:
            return None
        frame = state["stack"][-1]
        kind = self.kind(frame)
        return (frame, kind) if isinstance(kind, Decision) else None

    def active_roles(self, state: State) -> frozenset[Role]:
        cur = self.current(state)
        side = self.side(state, cur[0]) if cur else None
        return frozenset({side}) if side is not None else frozenset()

    def legal_actions(self, state: State, role: Role) -> list[Action]:
        cur = self.current(state)
        if cur is None or self.side(state, cur[0]) != role:
            return []
        return cur[1].actions(state, cur[0])

    def apply(self, state: State, role: Role, action: Action) -> State:
        """Apply a checked action of ``role`` through its verb's handler, then run to the next decision."""
        cur = self.current(state)
        if cur is None or self.side(state, cur[0]) != role:
            raise IllegalAction("Nothing to decide now.")
        frame, decision = cur
        handler = decision.on.get(str(action.get("type")))
        if handler is None:
            raise IllegalAction(f"Unknown action {action.get('type')!r}.")
        handler(state, frame, action)
        self.run(state)
        return state
