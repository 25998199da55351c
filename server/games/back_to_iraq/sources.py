"""§8.4-§8.9: the supply sources a unit may trace to now, by whose sources it uses (§8.9), for supply (supply.py)
and for command and control (command.py)."""

from __future__ import annotations

from ...engine.core import State
from .forces import board, occupied, spec
from .targets import installations

# A side's kinds of source (§8.4-§8.7), by who traces to them
GENERAL = {"coalition": ("coalition",), "iraq": ("iraq_general",), "iran": ("iran_edge",)}
LIMITED = {"iraq": "iraq_limited", "iran": "iran_limited"}


def family(state: State, uid: str) -> str:
    """Whose sources a unit uses: the Coalition's, Iraq's, or (Scenario 2) Iran's; Al Qaeda uses Islamic ones,
    which in Scenario 2 are read as Iraq's (§G5.4)."""
    s = spec(state, uid)
    if s.side == "coalition":
        return "coalition"
    return "iran" if s.power == "iran" else "iraq"


def sources(state: State, family: str) -> list[str]:
    """The source hexes a family may trace to now: §8.4 Baghdad until the Coalition has held it; §8.6 the Iranian
    edge roads while not Coalition-held; §8.7 the Coalition's while not Islamic-occupied."""
    b = board(state)
    enemy = occupied(state, "islamic" if family == "coalition" else "coalition")
    out = []
    for h, kind in sorted(b.supply_sources.items()):
        if kind not in GENERAL[family] or h in enemy or h in state["lost_sources"]:
            continue
        if kind == "iran_edge" and state["control"].get(h) == "coalition":
            continue
        out.append(h)
    # §G1 Military Installation: face up in a city, a source for that country's units
    out += [h for h in installations(state) if b.country[h] == family and h not in enemy and h not in out]
    return out
