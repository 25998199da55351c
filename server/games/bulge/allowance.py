"""§7.1 how far a unit moves (the Movement Allowance Chart), and who may move this phase: §4.2 the 2nd
movement phase, §9.1 freezes, §9.3 reinforcements due, §9.4 a dropped unit, §9.5(1) the Skorzeny choice."""

from __future__ import annotations

from ...engine.core import State
from .reinforcements import due, entry_hexes
from .restrictions import frozen
from .skorzeny import skorzeny_ready
from .units import Situation, is_commando, spec, tables, unit


def allowance(state: State, uid: str, mode: str) -> int:
    """§7.1/§14.5: the Movement Allowance Chart, by functional colour, in 1/mp_scale MP."""
    t = tables(state)
    s = spec(state, uid)
    return int(t.movement_allowance[s.functional][mode]) * t.mp_scale


def can_select(state: State, uid: str, sit: Situation | None = None) -> bool:
    u = unit(state, uid)
    if u["side"] != state["player"] or u.get("moved"):
        return False
    if state["phase"] == "movement_2":
        # §4.2: in the 2nd movement phase only mechanised units and commandos move.
        if not (spec(state, uid).mechanised or is_commando(state, uid)):
            return False
        if u["status"] != "map":
            return False
    if not skorzeny_ready(state, uid):
        return False  # §9.5(1): the Skorzeny units wait for the German player's choice
    if u["status"] == "offmap":
        return due(state, uid) and bool(entry_hexes(state, uid, sit or Situation(state)))
    if u.get("dropped") == state["turn"]:
        return False  # §9.4: no movement on the turn of the drop
    return u["status"] == "map" and not frozen(state, uid)
