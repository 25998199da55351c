"""バルジ大作戦: §9 setup and the legal actions of each step of play, composed into one step machine
(``engine.steps``) with the sequence of play's frames (sequence.py).

Each step of the sequence of play is a ``Decision`` frame: its legal actions and a handler per verb
(``STEPS``); while a task is pending (combat.py, tasks.py) the ``"tasks"`` frame above it waits on the
task's side. Every handler ends with what follows every action (``sequence.after_action``: the tasks that
need no choice, the triggered events); the machine then runs on to the next step or phase; ``apply``
adds the occupation of cities and the fog of war's memory.

Rule references (§x.y) are to ``shared/rules/bulge.md``, which follows the rulebook's numbering.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from ...engine.steps import Decision, Frame, Handler, Machine, pop, push
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
    stepping,
)
from .data import STANDARD, dataset
from .sequence import KINDS, PHASES, Reason, after_action, end_phase, next_step, step_frame
from .units import by_ref, log

# === §9 SETUP ===

def new_state(data: str, scenario: str, options: Options, seed: bytes) -> State:
    """A match on dataset ``data`` with every unit at its historical set-up hex or waiting to enter."""
    gd = dataset(data)
    state: State = {
        "rng": rng.init(seed), "data": data, "scenario": scenario, "options": dict(options),
        "turn": 1, "player": "german", "phase": "movement_1", "step": "move",
        "units": {}, "mover": None, "combat": None, "current": None, "pending": [],
        "occupied": {}, "occupied_start": {}, "city_owner": {}, "fallen_fortresses": [], "city_vp": {},
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
    state["stack"] = [{"kind": "turn", "next": 0}]
    if scenario == "free_setup":
        log(state, "free_setup")
        placement.start(state)  # §9.1-§9.2: the players place every set-up unit, the Allies first
        push(state, {"kind": placement.STEP})
        return state
    log(state, "setup", scenario=scenario)
    MACHINE.run(state)
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


# === What each step's actions do: a handler per verb ===

def _move(state: State, action: Action) -> None:
    stepping.move(state, action)  # §7.5: to the destination, stopping where a rule stops it


def _discard_mp(state: State, action: Action) -> None:
    stepping.discard_mp(state, int(action["mp"]))


def _leave_map(state: State, action: Action, leave: Callable[[State, list[str], str], None]) -> None:
    """§13.5 a breakthrough, §13.9 an escape: by the moving unit or stack, or by a unit from where it stands
    (which ends the move under way, §7.5)."""
    uids = movement.acting(state, by_ref(state, action["unit"]))
    if uids != movement.mover_units(state):
        movement.finish_move(state)
    leave(state, uids, action["at"])
    movement.finish_move(state)


def _break_through(state: State, action: Action) -> None:
    _leave_map(state, action, breakthrough.break_through)


def _escape(state: State, action: Action) -> None:
    _leave_map(state, action, breakthrough.escape)


def _paradrop(state: State, action: Action) -> None:
    movement.finish_move(state)  # §7.5: the move under way is over
    paradrop.paradrop(state, by_ref(state, action["unit"]), action["at"])


def _skorzeny(state: State, action: Action) -> None:
    skorzeny.choose_skorzeny(state, action["choice"])


def _extend_line(state: State, action: Action) -> None:
    restrictions.extend_line(state, action["line"], action["to"])


def _place_fb(state: State, action: Action) -> None:
    air.place_fb(state, action["type"], action["at"])


def _declare(state: State, action: Action) -> None:
    attacks.declare(state, by_ref(state, action["unit"]), action["at"])


def _undeclare(state: State, action: Action) -> None:
    attacks.undeclare(state, by_ref(state, action["unit"]))


def _end_declarations(state: State, action: Action) -> None:
    attacks.end_declarations(state)  # §8.3(1)-(2): the order next, or at once the resolution


def _order(state: State, action: Action) -> None:
    attacks.name_next(state, action["at"])  # the last one named: the resolution


def _resolve(state: State, action: Action) -> None:
    resolution.resolve(state, action["at"])


def _setup_select(state: State, frame: Frame, action: Action) -> None:
    placement.select(state, by_ref(state, action["unit"]))


def _place(state: State, frame: Frame, action: Action) -> None:
    placement.place(state, by_ref(state, action["unit"]), str(action["to"]))


def _end_setup(state: State, frame: Frame, action: Action) -> None:
    if placement.end_setup(state):
        pop(state)  # both have set up: the sequence of play begins


# === The steps: the legal actions of each, and its verbs ===

Verb = Callable[[State, Action], None]  # applies one verb of a step's legal action


def _act(verb: Verb) -> Handler:
    """A step's verb as the machine's handler: the verb, then what follows every action; a verb that
    moves the combat on (declarations fixed, the order named) puts its next step on the stack."""
    def run(state: State, frame: Frame, action: Action) -> None:
        verb(state, action)
        if state["step"] != frame["kind"]:
            pop(state)
            push(state, step_frame(state["step"]))
        after_action(state)
    return run


def _never(state: State, frame: Frame) -> bool:
    return False


def _step(actions: Callable[[State], list[Action]], on: dict[str, Verb], **ends: Handler) -> Decision:
    """A step of the sequence of play: its player's legal ``actions``, the handler of each verb (``on``)
    and of the verbs that end the step (``ends``). A step with an end verb always offers it, so it is over
    only when its player ends it: the machine need not list the actions to know (in the movement step that
    listing is the reaches of every unit, which the machine would otherwise compute after every move)."""
    return Decision(lambda state, frame: actions(state), {**{v: _act(h) for v, h in on.items()}, **ends},
                    over=_never if ends else None)


SETUP = Decision(lambda state, frame: placement.actions(state),  # §9.1-§9.2
                 {"select": _setup_select, "place": _place, "end_setup": _end_setup})
MOVE = _step(movement.legal_actions, {  # §7, with §9.4 paradrops, §9.5 Skorzeny, §13.5-§13.6 leaving the map
    "move": _move, "discard_mp": _discard_mp, "break_through": _break_through, "escape": _escape,
    "paradrop": _paradrop, "skorzeny": _skorzeny}, end_phase=end_phase)
LINES = _step(restrictions.line_actions, {"extend_line": _extend_line}, end_lines=next_step)  # §9.6(1)
AIR = _step(air.air_actions, {  # §10.4, §10.5, §10.7
    "air_interdict": _place_fb, "air_defend": _place_fb, "air_supply": _place_fb}, end_air=next_step)
DECLARE = _step(attacks.declare_actions, {  # §8.3(1), §10.6
    "declare": _declare, "undeclare": _undeclare, "air_attack": _place_fb, "end_declarations": _end_declarations})
ORDER = _step(attacks.order_actions, {"order": _order})  # §8.3(2)
RESOLVE = _step(resolution.resolve_actions, {"resolve": _resolve})  # §8.3(5)

STEPS: dict[str, Decision] = {
    placement.STEP: SETUP, "move": MOVE, "lines": LINES, "air_interdiction": AIR, "air_defence": AIR,
    "air_supply": AIR, "declare": DECLARE, "order": ORDER, "resolve": RESOLVE,
}


# === The machine: every frame kind of the game, and who acts, what they may do, and doing it ===

# A frame without a side is the phasing player's; the air markers' are the Allies' (sequence.step_frame),
# the tasks frame waits on the first task's side.
MACHINE = Machine(STEPS, KINDS, owner=lambda state: state["player"])


def active_roles(state: State) -> frozenset[Role]:
    return MACHINE.active_roles(_resumed(state))


def legal_actions(state: State, role: Role) -> list[Action]:
    return MACHINE.legal_actions(_resumed(state), role)


def apply(state: State, role: Role, action: Action) -> State:
    state = _resumed(state)
    if state["step"] == placement.STEP:
        MACHINE.apply(state, role, action)  # §9.1-§9.2 the free set-up (placement.py)
        fog.remember(state)
        return state
    settled = occupation.settle_key(state)
    MACHINE.apply(state, role, action)
    if state["result"] is None and occupation.settle_key(state) != settled:
        occupation.settle_cities(state)  # §13.3(2): occupation changes the instant its conditions change
    fog.remember(state)
    return state


def _resumed(state: State) -> State:
    """A state stored before the step machine has no ``stack``: the same match, its stack rebuilt from its
    ``phase``, ``step``, ``presteps`` (the steps still to come before the phase's main one) and ``pending``.
    Positions built by hand (tests) are resumed the same way."""
    if "stack" in state:
        return state
    old = {k: v for k, v in state.items() if k != "presteps"}
    stack: list[Frame] = [{"kind": "turn", "next": 0}]
    step = state["step"]
    if state["result"] is not None:
        stack = []
    elif step == placement.STEP:
        stack.append({"kind": placement.STEP})
    elif step == "supply":
        stack.append({"kind": "player_turn_end"})  # §12.4: the isolation tasks, then the player turn ends
    else:
        stack = [{"kind": "turn", "next": PHASES.index(state["phase"]) + 1}, {"kind": "phase_end"}]
        if step != "end":  # after the movement phase, while its stacking check waits
            later = list(state.get("presteps") or [])  # the rest, the main step last
            main = later.pop() if later else step
            stack += [step_frame(s) for s in (main, *reversed(later))]
            if later or main != step:
                stack.append(step_frame(step))
    if state["pending"] and stack:
        stack.append({"kind": "tasks"})
    old["stack"] = stack
    return old
