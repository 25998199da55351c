"""§11 supply and §13.3 occupation of important cities and main roads.

Supply is checked for all units of a side at the end of its player turn (AMBIG-8: after the 2nd
combat phase). A unit is in supply when it can reach a road within 6 MP and then follow roads to
one of its side's entry hexes that the enemy has not broken through, never through an EZOC.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import State
from ...engine.paths import multi_source
from .units import Situation, board, is_commando, is_fortress, log, name, on_map, private, tables, unit

# === §13.3 occupation ===

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


_ROAD_CACHE: dict[tuple[Any, ...], frozenset[str]] = {}


def road_reach(state: State, side: str, sit: Situation) -> frozenset[str]:
    """§13.3(2): the hexes with a road-only supply path to one of ``side``'s sources (§11.2: not through
    an EZOC, AMBIG-24: not through enemy units; AMBIG-26: the hex itself may be in an EZOC)."""
    ezoc = sit.ezoc(side)
    enemy_at = frozenset(h for h in sit.at if sit.has_enemy(h, side))
    key = (state["data"], side, tuple(sorted(state["broken_through"])), ezoc, enemy_at)
    hit = _ROAD_CACHE.get(key)
    if hit is not None:
        return hit
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
    out = frozenset(seen)
    if len(_ROAD_CACHE) > 64:
        _ROAD_CACHE.clear()
    _ROAD_CACHE[key] = out
    return out


def occupation(state: State, sit: Situation | None = None) -> dict[str, str | None]:
    """§13.3(2): who occupies each tracked hex now: the last side through it, if that side has a
    road-only supply path from it; otherwise neither (None)."""
    sit = sit or Situation(state)
    reach = {side: road_reach(state, side, sit) for side in ("german", "allied")}
    out: dict[str, str | None] = {}
    for h in board(state).tracked:
        raw = last_passer(state, h)
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
    reach = {side: road_reach(state, side, sit) for side in ("german", "allied")}
    from .units import add_vp
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


# === §11.2 the supply path ===

def supplied_hexes(state: State, side: str, sit: Situation | None = None) -> set[str]:
    """Every hex from which a unit of ``side`` can trace a supply path (§11.2)."""
    sit = sit or Situation(state)
    b, t = board(state), tables(state)
    ezoc = sit.ezoc(side)
    sources = [e.hex for e in b.entries_of(side) if e.id not in state["broken_through"]]

    def blocked(h: str) -> bool:
        # §11.2(1): not through an EZOC, friendly units or not; AMBIG-24: enemy units block.
        return h in ezoc or sit.has_enemy(h, side)

    starts = [h for h in sources if not blocked(h)]

    # §11.2: by road any distance (§11.2(4): roads in enemy-occupied hexes may be used).
    road_net = set(starts)
    todo = list(starts)
    while todo:
        h = todo.pop()
        for n in b.road_neighbours.get(h, ()):
            if n not in road_net and not blocked(n):
                road_net.add(n)
                todo.append(n)
    roads = sorted(road_net)

    # §11.2: up to 6 MP from the unit to the road. Reversed: from the road back to the unit, the
    # step x <- y costs what entering x from y costs. §11.2(3): deep forest is no obstacle.
    def back(x: str, y: str) -> int | None:
        if sit.has_enemy(y, side):
            return None
        if b.is_road(x, y):
            return t.mp("road")
        cost = t.mp(b.terrain_of(x))
        if cost is None:
            return None
        if b.is_river(x, y):
            extra = t.mp("major_river") if b.is_major_river(x, y) and "major_river" in t.terrain else t.mp("river")
            cost = None if extra is None else cost + extra
        return cost

    budget = int(t.const("supply_road_mp")) * t.mp_scale
    # §11.2(2): the unit's own hex may be in an EZOC (no extra MP); no other hex of the path may be.
    near = multi_source(roads, b.neighbours, back, budget, stop=lambda h: h in ezoc)
    return set(near)


def check(state: State, side: str) -> None:
    """§11.1, §11.3-§11.5: the supply determination for every unit of ``side``."""
    sit = Situation(state)
    ok = supplied_hexes(state, side, sit)
    isolated_hit: dict[str, list[str]] = {}
    for uid in sorted(on_map(state, side)):
        if is_commando(state, uid):
            continue  # AMBIG-1: commandos ignore supply
        u = unit(state, uid)
        if u.get("air_supply_turn") == state["turn"]:
            continue  # §5.7 paradrop: in supply for the rest of the turn it lands
        if u["hex"] in ok:
            if u["supply"] != "ok":
                log(state, "supply_restored", private(state, side), unit=name(state, uid), hex=u["hex"])
            u["supply"] = "ok"
        elif u["hex"] in (state.get("air_supply") or []):
            # §10.7, AMBIG-9: air supply: no progression this check
            log(state, "air_supplied", private(state, side), unit=name(state, uid), hex=u["hex"])
        elif u["supply"] == "ok":
            u["supply"] = "out"  # §11.3
            log(state, "out_of_supply", private(state, side), unit=name(state, uid), hex=u["hex"])
        elif u["supply"] == "out":
            u["supply"] = "isolated"  # §11.4
            log(state, "isolated", private(state, side), unit=name(state, uid), hex=u["hex"])
            from .special import uncross
            uncross(state, uid)  # §13.11(2): an isolated unit's West Wall loss is cancelled
        else:
            isolated_hit.setdefault(u["hex"], []).append(uid)
    for h, uids in sorted(isolated_hit.items()):
        if is_fortress(state, h) and len(uids) > 1:
            # §12.4: in a fortress city the stack loses one step as a whole; its owner picks the unit.
            state["pending"].append({"kind": "isolation", "side": side, "hex": h, "units": uids})
            continue
        for uid in uids:  # §11.5: continued isolation costs each unit a step
            isolation_loss(state, uid)
    if side == "german":
        from .special import broken_through_supply
        broken_through_supply(state, ok)  # §13.8


def isolation_loss(state: State, uid: str) -> None:
    """§11.5 / §12.4: a step lost to continued isolation."""
    from .units import lose_step
    log(state, "isolation_loss", private(state, unit(state, uid)["side"]), unit=name(state, uid),
        hex=unit(state, uid)["hex"])
    lose_step(state, uid, "isolation")


def is_supplied_for(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return u["status"] == "map" and u["hex"] in supplied_hexes(state, u["side"])

