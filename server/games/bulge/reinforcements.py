"""§9.3 reinforcements: when a unit off the map is due, and the entry hexes open to it (§13.6: not where
the Germans broke through; §13.8: a guard comes back on at its entry)."""

from __future__ import annotations

from ...engine.core import State
from .units import Situation, board, spec, unit


def due(state: State, uid: str) -> bool:
    """§9.3: a reinforcement may enter from its printed turn on (never early), 1st movement phase only."""
    u = unit(state, uid)
    return u["status"] == "offmap" and u.get("due") is not None and u["due"] <= state["turn"]


def entry_hexes(state: State, uid: str, sit: Situation) -> list[str]:
    """§9.3: the entry hexes of the unit's printed direction that are open to it."""
    s = spec(state, uid)
    back = unit(state, uid).get("enter_at")
    if back:
        return [] if sit.has_enemy(back, s.side) else [back]  # §13.8: a guard comes back on at its entry
    if s.entry is None:
        return []
    out = []
    for e in board(state).entries_of(s.side, s.entry[1]):
        if e.id in state["broken_through"]:
            continue  # §13.6: no entry where the Germans broke through
        if sit.has_enemy(e.hex, s.side):
            continue
        out.append(e.hex)
    return sorted(set(out))
