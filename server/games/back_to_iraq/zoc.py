"""§7: the Coalition's zones of control. Islamic units have none.

Every in-supply Coalition unit exerts a ZOC into its six neighbours (§7.1), but for three limits (§7.2): a mech
unit's never reaches into mountain; a ground unit's does not cross into water or over an escarpment. The 101st's
reaches everywhere (§13.9); HQs and SOF have none (§G4.1, §G3.8). §7.4: the supply that counts is the one checked
at the start of the Islamic movement phase, kept in ``state["no_zoc"]`` (the units then out of supply).
"""

from __future__ import annotations

from ...engine.core import State
from .board import WATER
from .forces import board, movement_class, on_map, spec, unit


def exerts(state: State, uid: str) -> bool:
    s = spec(state, uid)
    if s.movement_class == "sof" or "hq" in s.tags:
        return False  # §G3.8, §G4.1
    return uid not in state["no_zoc"]  # §7.4: out of supply, no ZOC


def reach(state: State, uid: str) -> list[str]:
    """The hexes ``uid``'s ZOC covers (§7.1-§7.2, §13.9)."""
    b = board(state)
    here = unit(state, uid)["hex"]
    if "101st" in spec(state, uid).tags:
        return list(b.neighbours(here))  # §13.9
    cls = movement_class(state, uid)
    out = []
    for n in b.neighbours(here):
        if cls == "mech" and b.terrain[n] == "mountain":
            continue  # §7.2(1): even from a road through the mountains
        if cls != "airmobile" and (b.terrain[n] in WATER or b.is_escarpment(here, n)):
            continue  # §7.2(2)-(3)
        out.append(n)
    return out


def zoc(state: State) -> frozenset[str]:
    """Every hex in a Coalition ZOC now."""
    out: set[str] = set()
    for uid in on_map(state, "coalition"):
        if exerts(state, uid):
            out.update(reach(state, uid))
    return frozenset(out)
