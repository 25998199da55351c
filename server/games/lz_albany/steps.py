"""The step machine: a stack of frames in the state, each either automatic or a player's decision.

An automatic frame (a die roll, a chit draw, the admin phase) runs as soon as it is on top. A
decision frame names the side that decides, lists its legal actions and applies one. ``run``
executes automatic frames until a decision is due or the match is over, so after every action the
state waits on a player: there is no other kind of pause, and no timing can reveal anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine.core import Action, IllegalAction, State

Frame = dict[str, Any]


@dataclass(frozen=True)
class Decision:
    role: Callable[[State, Frame], str]
    actions: Callable[[State, Frame], list[Action]]
    apply: Callable[[State, Frame, Action], None]


AUTO: dict[str, Callable[[State, Frame], None]] = {}
DECIDE: dict[str, Decision] = {}


def auto(kind: str) -> Callable[[Callable[[State, Frame], None]], Callable[[State, Frame], None]]:
    def register(fn: Callable[[State, Frame], None]) -> Callable[[State, Frame], None]:
        AUTO[kind] = fn
        return fn
    return register


def decision(kind: str, role: Callable[[State, Frame], str], actions: Callable[[State, Frame], list[Action]],
             apply: Callable[[State, Frame, Action], None]) -> None:
    DECIDE[kind] = Decision(role, actions, apply)


def push(state: State, *frames: Frame) -> None:
    """Push frames so that the first one given runs first."""
    for f in reversed(frames):
        state["stack"].append(f)


def pop(state: State) -> Frame:
    frame: Frame = state["stack"].pop()
    return frame


def side_of(frame: Frame) -> str:
    return str(frame["side"])


def run(state: State) -> None:
    """Run automatic frames until a decision with at least one legal action is due."""
    for _ in range(100_000):
        if state["result"] is not None or not state["stack"]:
            return
        frame = state["stack"][-1]
        kind = frame["kind"]
        if kind in DECIDE:
            if DECIDE[kind].actions(state, frame):
                return
            state["stack"].pop()  # nothing can be decided: the step is over
            continue
        AUTO[kind](state, frame)
    raise RuntimeError("the step machine does not settle")


def current(state: State) -> tuple[Frame, Decision] | None:
    if state["result"] is not None or not state["stack"]:
        return None
    frame = state["stack"][-1]
    d = DECIDE.get(frame["kind"])
    return (frame, d) if d else None


def active_side(state: State) -> str | None:
    cur = current(state)
    return cur[1].role(state, cur[0]) if cur else None


def legal(state: State, role: str) -> list[Action]:
    cur = current(state)
    if cur is None or cur[1].role(state, cur[0]) != role:
        return []
    return cur[1].actions(state, cur[0])


def apply(state: State, role: str, action: Action) -> None:
    cur = current(state)
    if cur is None:
        raise IllegalAction("Nothing to decide now.")
    cur[1].apply(state, cur[0], action)
    run(state)
