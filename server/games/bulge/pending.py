"""The tasks that wait on a player in the middle of a step (``state["pending"]``, the first one runs):
a combat's results (combat.py) and the checks of other chapters (tasks.py). Each kind of task says what
its side may do, what each verb does, and what runs by itself without a choice; a ``Queue`` holds the
kinds of the game, given explicitly, runs the tasks, and gives the step machine's ``"tasks"`` frame.

The tasks stay a list in the state rather than frames of the stack: the list is a queue (a check such as
§13.7's guard waits behind those already there, a combination's result goes before them, §8.5's retreats
read the task after the first) and the view shows its first task. One decision frame on top of the step
they interrupt runs it, waiting on the first task's side: often the other player's, a reaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine import steps
from ...engine.core import Action, Message, State
from .units import name, stack_violations

Task = dict[str, Any]  # {"kind": ..., "side": ..., ...}
Handler = Callable[[State, Action], None]  # applies one verb of a legal action


def waits(state: State, task: Task) -> bool:
    """A task that always waits on its side's choice."""
    return False


@dataclass(frozen=True)
class Kind:
    """A kind of task: its side's legal ``actions``, the handler of each verb (``on``), and ``settle``, which
    does what needs no choice and says whether it did anything (False: the task waits on its side)."""

    actions: Callable[[State, Task], list[Action]]
    on: Mapping[str, Handler]
    settle: Callable[[State, Task], bool] = waits


def _nothing(state: State) -> None:
    return None


class Queue:
    """The kinds of task of a game, one table per chapter (a kind named twice is an error), and the running
    of ``state["pending"]``; ``when_empty`` runs each time the queue has run out."""

    def __init__(self, *tables: Mapping[str, Kind], when_empty: Callable[[State], None] = _nothing) -> None:
        self.kinds: Mapping[str, Kind] = steps.chapters(*tables, what="task kind")
        self.when_empty = when_empty

    def decision(self, then: Callable[[State], None]) -> steps.Decision:
        """The ``"tasks"`` frame: the first task's side decides on its legal actions; each verb's handler
        is followed by ``then`` (what follows every action). With no task left the frame is over; a task that
        offers no action is a dead end (the playouts find it), not skipped."""
        def actions(state: State, frame: steps.Frame) -> list[Action]:
            if not state["pending"]:
                return []
            task = state["pending"][0]
            return self.kinds[task["kind"]].actions(state, task)

        def side(state: State, frame: steps.Frame) -> str | None:
            return str(state["pending"][0]["side"]) if state["pending"] else state["player"]

        def on(handler: Handler) -> steps.Handler:
            def run(state: State, frame: steps.Frame, action: Action) -> None:
                handler(state, action)
                then(state)
            return run

        verbs = {verb: on(h) for kind in self.kinds.values() for verb, h in kind.on.items()}
        return steps.Decision(actions, verbs, side=side, over=lambda state, frame: not state["pending"])

    def proceed(self, state: State) -> None:
        """Run the tasks until one needs a player's choice."""
        while state["pending"]:
            task = state["pending"][0]
            if not self.kinds[task["kind"]].settle(state, task):
                return
        self.when_empty(state)


def prompt_args(state: State) -> Message:
    """The prompt of the first task (view["prompt"]): its hex (or the combination's), steps, retreating unit."""
    task = state["pending"][0]
    cur = state.get("current") or {}
    args: dict[str, object] = {"hex": task.get("hex", cur.get("at"))}
    if task["kind"] == "losses":
        args["steps"] = task["count"]
    if task["kind"] == "retreat":
        args.update(unit=name(state, task["unit"]), hexes=task["left"])
    if task["kind"] == "stacking" and (broken := stack_violations(state, task["side"])):
        h, problem = broken[0]  # §6.3: the first broken stack, and the limit it breaks
        args.update(hex=h, problem={"key": f"stacking.{problem}"}, more=len(broken) - 1)
    return {"key": f"prompt.{task['kind']}", "args": args}
