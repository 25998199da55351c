"""§13.3 occupation of important cities and main roads, and §13.2(1) the VP for the cities.

The state keeps only the last side through each tracked hex where it is not the initial owner
(``state["occupied"]``); whether that side *occupies* it also needs a road-only supply path, so occupation
is computed, never stored; the cities' owners and VP (``state["city_owner"]``, ``state["city_vp"]``) are
settled after each action (``settle_cities``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.core import State
from .data import SIDES
from .units import Situation, add_vp, board, log, tables


def tracked(state: State, hex_id: str) -> bool:
    """§13.3(3): only important cities (fortress cities too) and main roads are tracked."""
    b = board(state)
    return hex_id in b.main_road_hexes or b.place_kind(hex_id) in ("important", "fortress")


def initial_occupation(state: State) -> dict[str, str]:
    """§13.3(1): on or east of the West Wall German, every other hex Allied. The state keeps only the
    hexes whose last passer differs from this (``board.initial_owner``), so the start is empty."""
    return {}


def last_passer(state: State, hex_id: str) -> str:
    return str(state["occupied"].get(hex_id) or board(state).initial_owner(hex_id))


def occupy(state: State, hex_id: str, side: str) -> None:
    """§13.3(2): the last side to pass through a tracked hex; whether it *occupies* it also needs a
    road-only supply path (``occupation``). City VP are settled by ``settle_cities`` after each action."""
    if not tracked(state, hex_id):
        return
    if side == board(state).initial_owner(hex_id):
        state["occupied"].pop(hex_id, None)
    else:
        state["occupied"][hex_id] = side


def road_reach(state: State, side: str, sit: Situation) -> frozenset[str]:
    """§13.3(2): the hexes with a road-only supply path to one of ``side``'s sources (§11.2: not through
    an EZOC, AMBIG-24: not through enemy units; AMBIG-26: the hex itself may be in an EZOC)."""
    ezoc = sit.ezoc(side)
    enemy_at = frozenset(h for h in sit.at if sit.has_enemy(h, side))
    key = ("road_reach", side, tuple(sorted(state["broken_through"])), ezoc, enemy_at)
    b = board(state)
    return b.memo.get(key, lambda: _road_reach(state, side, ezoc, enemy_at))


def _road_reach(state: State, side: str, ezoc: frozenset[str], enemy_at: frozenset[str]) -> frozenset[str]:
    b = board(state)
    sources = [e.hex for e in b.entries_of(side) if e.id not in state["broken_through"]]
    todo = [h for h in sources if h not in enemy_at]
    seen = set(todo)
    roads = b.road_neighbours
    while todo:
        h = todo.pop()
        if h in ezoc and h not in sources:
            continue  # a path may end in an EZOC hex but not go on from it
        for n in roads.get(h, ()):
            if n not in seen and n not in enemy_at:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def occupation(state: State, sit: Situation | None = None,
               passer: Callable[[str], str] | None = None) -> dict[str, str | None]:
    """§13.3(2): who occupies each tracked hex now: the last side through it, if that side has a
    road-only supply path from it; otherwise neither (None). ``passer``: the last side through a hex as
    someone judges it (fog of war), instead of the true one."""
    sit = sit or Situation(state)
    reach = {side: road_reach(state, side, sit) for side in SIDES}
    out: dict[str, str | None] = {}
    for h in board(state).tracked:
        raw = passer(h) if passer is not None else last_passer(state, h)
        out[h] = raw if h in reach[raw] else None
    return out


def settle_key(state: State) -> tuple[Any, ...]:
    """Everything ``settle_cities`` reads that an action can change: where the units are (and whether they
    have a ZOC, §8.5(3)), the last passers, the broken-through entries. Unchanged: nothing to settle."""
    units = tuple((u["hex"], u["status"], bool(u.get("option_retreat"))) for u in state["units"].values())
    return (units, state["player"], tuple(sorted(state["occupied"].items())), tuple(state["broken_through"]))


def settle_cities(state: State) -> None:
    """§13.2(1)/§13.3(4): VP for each German occupation of an important (or fortress) city; an Allied
    recapture cancels them (AMBIG-26: a city occupied by neither keeps its VP)."""
    b = board(state)
    cities = [h for h in b.places if b.place_kind(h) in ("important", "fortress")]
    sit = Situation(state)
    reach = {side: road_reach(state, side, sit) for side in SIDES}
    for h in sorted(cities):
        raw = last_passer(state, h)
        now = raw if h in reach[raw] else None
        before = state["city_owner"].get(h, b.initial_owner(h))
        if now == before or now is None:
            continue
        state["city_owner"][h] = now
        log(state, "occupied", hex=h, side={"key": f"side.{now}"})
        if now == "german":
            if b.place_kind(h) == "fortress" and h not in state["fallen_fortresses"]:
                state["fallen_fortresses"].append(h)  # §12.6: an important city for good
            vp = int(tables(state).const("city_vp"))
            state["city_vp"][h] = vp
            add_vp(state, vp, "city", hex=h)
        elif h in state["city_vp"]:
            add_vp(state, -int(state["city_vp"].pop(h)), "city_retaken", hex=h)
