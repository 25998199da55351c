"""§13: the US 101st Airborne Division. In each Coalition player turn it moves or attacks, never both (§13.1-§13.2);
it flies (§13.3: LOST-26 MP a hex over any terrain, water and enemy units, never ending in marsh, mountain or an
enemy hex); it attacks up to LOST-27 hexes away (§13.5), over enemy units and terrain but not through a neutral
country, ignoring rivers, and its attack with other units is concentric; in the Islamic combat phase it may add its
attack strength to a Coalition unit's defense within LOST-28 hexes (§13.6); it never advances after combat.
"""

from __future__ import annotations

from ...engine import paths
from ...engine.core import State
from ...engine.paths import Reached
from .board import WATER
from .forces import MP, board, on_map, printed, spec, tables, unit
from .terrain import natural, neutral, prohibited

TAG = "101st"


def is_101st(state: State, uid: str) -> bool:
    return TAG in spec(state, uid).tags


def flight(state: State, uid: str, budget: int) -> dict[str, Reached]:
    """§13.3: every hex LOST-26 MP, whatever is in it; never into a neutral country."""
    b = board(state)
    per_hex = int(tables(state).lost("LOST-26")) * MP  # LOST-26
    return paths.routes(unit(state, uid)["hex"], b.neighbours,
                        lambda a, h: None if neutral(state, h) else per_hex, budget)


def may_land(state: State, uid: str, hex_id: str, enemy: frozenset[str]) -> bool:
    """§13.3: not in marsh or mountain, road or not, nor in an enemy hex (nor in water or a prohibited area)."""
    return (hex_id not in enemy and board(state).terrain[hex_id] not in WATER and not prohibited(state, uid, hex_id)
            and natural(state, hex_id) not in ("marsh", "mountain"))


def attack_range(state: State) -> int:
    """§13.5 LOST-27; in Bad weather the turn's roll less LOST-29 (§13.8, kept in ``state["range_101st"]``)."""
    if state["weather"] == "bad" and state.get("range_101st") is not None:
        return int(state["range_101st"])
    return int(tables(state).lost("LOST-27"))  # LOST-27


def in_range(state: State, uid: str, target: str) -> bool:
    """§13.5: the target hex counted, its own not; the range may not pass through a neutral country."""
    g = board(state).grid
    here = unit(state, uid)["hex"]
    d = g.distance(here, target)
    return 1 <= d <= attack_range(state) and not any(neutral(state, h) for h in g.line(here, target))


def supporters(state: State, defender_hex: str) -> list[str]:
    """§13.6: the 101st with no Islamic unit beside it and within LOST-28 hexes of the defenders."""
    b = board(state)
    radius = int(tables(state).lost("LOST-28"))  # LOST-28
    islamic = {unit(state, u)["hex"] for u in on_map(state, "islamic")}
    out = []
    for uid in on_map(state, "coalition"):
        here = unit(state, uid)["hex"]
        if unit(state, uid).get("air_moved") == state["turn"]:
            continue  # §G5.5: the 101st may not fight in a turn it air-moves
        if is_101st(state, uid) and here != defender_hex and b.grid.distance(here, defender_hex) <= radius \
                and not any(n in islamic for n in b.neighbours(here)) and printed(state, uid)[0] > 0:
            out.append(uid)
    return out


def strength(state: State, uid: str) -> int:
    """§13.8: halved in Bad weather (its own defense is not)."""
    a = printed(state, uid)[0]
    return a // 2 if state["weather"] == "bad" else a
