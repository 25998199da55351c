"""Conflict of Heroes at rules level 1 (Chapter 1, §1.0-§7.7): the set-up of a match (§1.0) and the step machine
of its sequence of play (``sequence.py``), the protocol's ``setup``, ``active_roles``, ``legal_actions``,
``apply`` and ``outcome``.

Rule references (§x.y) are to ``shared/rules/conflict_of_heroes.md``; AMBIG-n to its §9.
"""

from __future__ import annotations

from ...engine import rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from ...engine.steps import Machine, push
from .data import STANDARD
from .firefights import standard
from .forces import log, new_units
from .sequence import KINDS, Reason
from .units import SIDES

MACHINE = Machine(KINDS)


def new_state(data: str, firefight_id: str, seed: bytes) -> State:
    """§1.0: the turn marker on 1; the units at the sheet's hexes and facings, reinforcements beside the map;
    VP markers at the sheet's VP (0 unless it gives some), CAP markers at the starting CAP; the hit-counter piles
    shuffled (here: drawn at random when needed, so nothing is kept of them)."""
    ff = standard()[firefight_id]
    state: State = {
        "rng": rng.init(seed), "data": data, "scenario": firefight_id, "turn": 1, "units": {},
        "cap": dict(ff.start_cap), "vp": dict(ff.start_vp), "control": dict(ff.control), "period": None,
        "prev_actions": -1, "initiative": None, "result": None, "log": [], "stack": [],
    }
    state["units"] = new_units(state)
    log(state, "setup", firefight={"key": f"firefight.{firefight_id}"})
    push(state, {"kind": "turn", "next": 0})
    MACHINE.run(state)
    return state


def setup(scenario: str, options: Options, seed: bytes) -> State:
    if scenario not in standard():
        raise IllegalAction(f"Unknown firefight {scenario!r}.")
    return new_state(STANDARD, scenario, seed)


def active_roles(state: State) -> frozenset[Role]:
    return MACHINE.active_roles(state)


def legal_actions(state: State, role: Role) -> list[Action]:
    return MACHINE.legal_actions(state, role)


def apply(state: State, role: Role, action: Action) -> State:
    return MACHINE.apply(state, role, action)


def outcome(state: State) -> Outcome | None:
    r = state["result"]
    if r is None:
        return None
    return Outcome(r["winner"], Reason(r["reason"]), {s: state["vp"][s] for s in SIDES})
