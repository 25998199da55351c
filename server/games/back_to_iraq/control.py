"""§4: hex control and what changes with it (supply sources lost for good, the Kuwait sudden death).

Control is kept for the hexes where it matters to a rule: the cities and towns (§4.4-§4.5 victory, §4.2(3) the
recapture of a city) and the supply sources (§8.4-§8.7). §4.8: it changes only when an enemy unit enters or
passes through the hex; a ZOC never changes it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.core import State
from .forces import board, log, scenario
from .mipp import mipp_check
from .targets import entered
from .terrain import place_kind


def initial_control(state: State) -> dict[str, str | None]:
    """§4.8: Scenario 1, Iraq holds Iraq but the Kurdish area's non-road hexes, the Coalition the countries it sets
    up in and those; Scenario 2, the Islamic side holds Iran, Iraq and Kuwait but Kuwait City. A neutral country's
    hexes are nobody's."""
    b = board(state)
    kc = b.hex_of("kuwait_city")
    out: dict[str, str | None] = {}
    for h in tracked(state):
        c = b.country[h]
        owner: str | None
        if scenario(state) == 1:
            if c == "iraq":
                owner = "coalition" if h in b.kurdish_area and h not in b.road_hexes else "islamic"
            else:
                owner = "coalition" if c in ("kuwait", "saudi", "turkey") else None
        else:
            owner = "islamic" if c in ("iraq", "iran", "kuwait") and h != kc else \
                "coalition" if c in ("kuwait", "saudi", "turkey") else None
        out[h] = owner
    return out


def tracked(state: State) -> list[str]:
    b = board(state)
    return sorted(set(b.places) | set(b.supply_sources))


def owner(state: State, hex_id: str) -> str | None:
    side: str | None = state["control"].get(hex_id)
    return side


def enter(state: State, side: str, hexes: Iterable[str]) -> None:
    """§4.8: a unit of ``side`` entered or passed through ``hexes``: they become its side's, with what follows."""
    b = board(state)
    path = list(hexes)
    entered(state, side, path)  # §G1.4(1): the strategic targets in them
    for h in path:
        if h not in state["control"] or state["control"][h] == side:
            continue
        before = state["control"][h]
        state["control"][h] = side
        if h in b.places:
            log(state, "control", hex=h, side=side)
        kind = b.supply_sources.get(h)
        # §8.4-§8.7: Baghdad once held by the Coalition, and a limited source once captured, are lost for good
        if side == "coalition" and kind in ("iraq_general", "iraq_limited", "iran_limited") \
                and h not in state["lost_sources"]:
            state["lost_sources"].append(h)
            log(state, "source_lost", hex=h)
        if side == "islamic" and h == b.hex_of("kuwait_city"):
            sudden_death(state)  # §4.6 (AMBIG-23): the Kuwait City hex
            return
        # §4.2(3): the Islamic side takes back a city the Coalition held
        if side == "islamic" and before == "coalition" and place_kind(state, h) == "city":
            mipp_check(state, "recapture", hex=h)


def sudden_death(state: State) -> None:
    """§4.6: the Islamic side holds Kuwait: it wins at once, whatever the MIPP."""
    if state["result"] is None:
        state["result"] = {"winner": "islamic", "reason": "kuwait"}
        log(state, "sudden_death")
