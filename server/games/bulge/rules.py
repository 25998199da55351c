"""バルジ大作戦: §9 setup, the legal actions of each step of play and the dispatch of actions (the phases
themselves: sequence.py).

Each step of the sequence of play is a ``Step``: its legal actions and a handler per verb (``STEPS``);
while a task is pending (combat.py, tasks.py) its kind gives both instead. ``apply`` finds the verb's
handler, then runs what follows every action: the tasks that need no choice, the triggered events,
the next step or phase, the occupation of cities, the fog of war's memory.

Rule references (§x.y) are to ``shared/rules/bulge.md``, which follows the rulebook's numbering.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine import rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from . import (
    air,
    attacks,
    breakthrough,
    fog,
    movement,
    occupation,
    paradrop,
    placement,
    resolution,
    restrictions,
    skorzeny,
)
from .data import STANDARD, dataset
from .pending import Handler
from .sequence import ALLIED_STEPS, QUEUE, Reason, begin_phase, end_phase, go_on, next_step
from .units import by_ref, log

# === §9 SETUP ===

def new_state(data: str, scenario: str, options: Options, seed: bytes) -> State:
    """A match on dataset ``data`` with every unit at its historical set-up hex or waiting to enter."""
    gd = dataset(data)
    state: State = {
        "rng": rng.init(seed), "data": data, "scenario": scenario, "options": dict(options),
        "turn": 1, "player": "german", "phase": "movement_1", "step": "move",
        "units": {}, "mover": None, "combat": None, "current": None, "pending": [],
        "occupied": {}, "occupied_start": {}, "city_owner": {}, "presteps": [], "fallen_fortresses": [], "city_vp": {},
        "broken_through": [], "vp": 0, "vp_turn": 0, "result": None, "log": [],
    }
    for uid in sorted(gd.units):
        s = gd.units[uid]
        placed = gd.setup.get(s.side, {}).get(uid)
        rec: dict[str, Any] = {"side": s.side, "hex": placed, "status": "map" if placed else "offmap",
                               "steps": 2, "supply": "ok", "mp": 0, "mode": None, "moved": False,
                               "attacked": False, "defended": False, "option_retreat": False,
                               "setup": placed is not None, "due": None}
        if placed is None and s.entry is not None:
            rec["due"] = s.entry[0]  # §9.3: enters on its printed turn (or later)
        state["units"][uid] = rec
    state["occupied"] = occupation.initial_occupation(state)
    if scenario == "free_setup":
        log(state, "free_setup")
        placement.start(state)  # §9.1-§9.2: the players place every set-up unit, the Allies first
        return state
    log(state, "setup", scenario=scenario)
    begin_phase(state)
    return state


SCENARIOS = ("historical", "free_setup")


def setup(scenario: str, options: Options, seed: bytes) -> State:
    if scenario not in SCENARIOS:
        raise IllegalAction(f"Unknown scenario {scenario!r}.")
    return new_state(STANDARD, scenario, options, seed)


def outcome(state: State) -> Outcome | None:
    """§13.1: who won, why, and the VP (sequence.py decides it at the end of a game turn)."""
    r = state["result"]
    if r is None:
        return None
    return Outcome(r["winner"], Reason(r["reason"]), {"german": int(r["vp"])})


# === Who acts ===

def active_roles(state: State) -> frozenset[Role]:
    if state["result"] is not None:
        return frozenset()
    if state["pending"]:
        return frozenset({QUEUE.side(state) or state["player"]})
    if state["step"] in ALLIED_STEPS:
        return frozenset({"allied"})
    return frozenset({state["player"]})


# === What each step's actions do: a handler per verb ===

def _select(state: State, action: Action) -> None:
    movement.select(state, [by_ref(state, action["unit"])])


def _select_stack(state: State, action: Action) -> None:
    movement.select_stack(state, action["at"])


def _strategic(state: State, action: Action) -> None:
    movement.go_strategic(state)


def _move(state: State, action: Action) -> None:
    movement.move(state, action["to"])


def _end_move(state: State, action: Action) -> None:
    movement.finish_move(state)


def _discard_mp(state: State, action: Action) -> None:
    movement.discard_mp(state, int(action["mp"]))


def _break_through(state: State, action: Action) -> None:
    breakthrough.break_through(state, movement.mover_units(state), action["at"])
    movement.finish_move(state)


def _escape(state: State, action: Action) -> None:
    breakthrough.escape(state, movement.mover_units(state), action["at"])
    movement.finish_move(state)


def _paradrop(state: State, action: Action) -> None:
    paradrop.paradrop(state, by_ref(state, action["unit"]), action["at"])


def _skorzeny(state: State, action: Action) -> None:
    skorzeny.choose_skorzeny(state, action["choice"])


def _end_phase(state: State, action: Action) -> None:
    end_phase(state)


def _extend_line(state: State, action: Action) -> None:
    restrictions.extend_line(state, action["line"], action["to"])


def _next_step(state: State, action: Action) -> None:
    next_step(state)


def _place_fb(state: State, action: Action) -> None:
    air.place_fb(state, action["type"], action["at"])


def _declare(state: State, action: Action) -> None:
    attacks.declare(state, by_ref(state, action["unit"]), action["at"])


def _undeclare(state: State, action: Action) -> None:
    attacks.undeclare(state, by_ref(state, action["unit"]))


def _end_declarations(state: State, action: Action) -> None:
    attacks.end_declarations(state)


def _order(state: State, action: Action) -> None:
    attacks.name_next(state, action["at"])


def _resolve(state: State, action: Action) -> None:
    resolution.resolve(state, action["at"])


def _setup_select(state: State, action: Action) -> None:
    placement.select(state, by_ref(state, action["unit"]))


def _place(state: State, action: Action) -> None:
    placement.place(state, by_ref(state, action["unit"]), str(action["to"]))


def _end_setup(state: State, action: Action) -> None:
    if placement.end_setup(state):
        begin_phase(state)


# === The steps: the legal actions of each, and its verbs ===

@dataclass(frozen=True)
class Step:
    """A step of the sequence of play: its player's legal ``actions`` and the handler of each verb (``on``)."""

    actions: Callable[[State], list[Action]]
    on: Mapping[str, Handler]


SETUP = Step(placement.actions, {"select": _setup_select, "place": _place, "end_setup": _end_setup})  # §9.1-§9.2
MOVE = Step(movement.legal_actions, {  # §7, with §9.4 paradrops, §9.5 Skorzeny, §13.5-§13.6 leaving the map
    "select": _select, "select_stack": _select_stack, "strategic": _strategic, "move": _move,
    "discard_mp": _discard_mp, "end_move": _end_move, "break_through": _break_through, "escape": _escape,
    "paradrop": _paradrop, "skorzeny": _skorzeny, "end_phase": _end_phase})
LINES = Step(restrictions.line_actions, {"extend_line": _extend_line, "end_lines": _next_step})  # §9.6(1)
AIR = Step(air.air_actions, {  # §10.4, §10.5, §10.7
    "air_interdict": _place_fb, "air_defend": _place_fb, "air_supply": _place_fb, "end_air": _next_step})
DECLARE = Step(attacks.declare_actions, {  # §8.3(1), §10.6
    "declare": _declare, "undeclare": _undeclare, "air_attack": _place_fb, "end_declarations": _end_declarations})
ORDER = Step(attacks.order_actions, {"order": _order})  # §8.3(2)
RESOLVE = Step(resolution.resolve_actions, {"resolve": _resolve})  # §8.3(5)

STEPS: dict[str, Step] = {
    placement.STEP: SETUP, "move": MOVE, "lines": LINES, **{step: AIR for step in ALLIED_STEPS},
    "declare": DECLARE, "order": ORDER, "resolve": RESOLVE,
}


def _one_table(*tables: Mapping[str, Handler]) -> dict[str, Handler]:
    out: dict[str, Handler] = {}
    for table in tables:
        for verb, handler in table.items():
            if verb in out:
                raise ValueError(f"verb {verb!r} is given twice")
            out[verb] = handler
    return out


# Every verb of a match under way: the steps' and the pending tasks'; a verb means one thing.
VERBS = _one_table(MOVE.on, LINES.on, AIR.on, DECLARE.on, ORDER.on, RESOLVE.on, QUEUE.verbs())


def legal_actions(state: State, role: Role) -> list[Action]:
    if role not in active_roles(state):
        return []
    if state["pending"]:
        return QUEUE.actions(state)  # a task waits on its side
    step = STEPS.get(state["step"])
    return step.actions(state) if step else []


def _handler(table: Mapping[str, Handler], action: Action) -> Handler:
    handler = table.get(action["type"])
    if handler is None:
        raise IllegalAction(f"Unknown action {action['type']!r}.")
    return handler


def apply(state: State, role: Role, action: Action) -> State:
    settled = occupation.settle_key(state)
    if state["step"] == placement.STEP:
        _handler(SETUP.on, action)(state, action)  # §9.1-§9.2 the free set-up (placement.py)
        fog.remember(state)
        return state
    _handler(VERBS, action)(state, action)
    QUEUE.proceed(state)  # the pending tasks that need no choice
    restrictions.triggers(state)
    go_on(state)
    if state["result"] is None and occupation.settle_key(state) != settled:
        occupation.settle_cities(state)  # §13.3(2): occupation changes the instant its conditions change
    fog.remember(state)
    return state
