"""§3.3 the Terrain Effects Chart in movement: what entering a hex costs, along a road or across a river.

Written once here and read by movement (§7), supply (§11.2) and the reach of the German units that
interdiction markers are offered around (§10.4). Costs are in 1/``mp_scale`` MP (``Tables.mp``); None
means the step cannot be made. The chart itself is ``tables.json`` (PROVENANCE.md).
"""

from __future__ import annotations

from ...engine.core import State
from .units import board, tables


def hex_cost(state: State, hex_id: str) -> int | None:
    """AMBIG-3: in a hex with several terrains (its ground, a place, the West Wall) the most expensive one counts."""
    bd, t = board(state), tables(state)
    keys = [bd.terrain_of(hex_id)]
    kind = bd.place_kind(hex_id)
    if kind is not None and kind in t.terrain:
        keys.append(kind)
    if hex_id in bd.west_wall and "west_wall" in t.terrain:
        keys.append("west_wall")
    costs = [t.mp(k) for k in keys]
    if any(c is None for c in costs):
        return None
    return max(c for c in costs if c is not None)


def road(state: State, a: str, b: str, main: bool = True) -> int | None:
    """§3.3(7): the road rate along the road from ``a`` to ``b``; along a main road the main-road rate where the
    chart has one (``main`` False: the road rate whatever the road, as §11.2's supply path counts)."""
    bd, t = board(state), tables(state)
    if main and bd.is_main_road(a, b) and "main_road" in t.terrain:
        return t.mp("main_road")
    return t.mp("road")


def main_road_rate(state: State) -> int | None:
    """§7.2: strategic movement pays the main-road rate per hex (the road rate where the chart has none)."""
    t = tables(state)
    return t.mp("main_road") if "main_road" in t.terrain else t.mp("road")


def across(state: State, a: str, b: str, cost: int | None) -> int | None:
    """AMBIG-3: ``cost`` plus what the hexside from ``a`` to ``b`` adds: a river its printed cost (a major river
    may be impassable: None)."""
    bd, t = board(state), tables(state)
    if cost is None or not bd.is_river(a, b):
        return cost
    extra = t.mp("major_river") if bd.is_major_river(a, b) and "major_river" in t.terrain else t.mp("river")
    return None if extra is None else cost + extra


def step(state: State, a: str, b: str) -> int | None:
    """The terrain's price of the step ``a`` → ``b``: the road rate when moving along a road (§3.3(7)), otherwise
    the hex entered (AMBIG-3) and the river crossed."""
    if board(state).is_road(a, b):
        return road(state, a, b)
    return across(state, a, b, hex_cost(state, b))


def mech_road_only(state: State, a: str, b: str) -> bool:
    """Terrain flagged ``mech_road_only`` in tables.json: §7.6 deep forest (entering or leaving), and
    the major-river hexside of the reconstructed TEC (AMBIG-3 reading, PROVENANCE: crossing by bridge only)."""
    bd, t = board(state), tables(state)
    if any(t.terrain.get(bd.terrain_of(h), {}).get("mech_road_only") for h in (a, b)):
        return True
    return bd.is_major_river(a, b) and bool(t.terrain.get("major_river", {}).get("mech_road_only"))
