"""§11 supply and §13.3 occupation of important cities and main roads.

Supply is checked for all units of a side at the end of its player turn (AMBIG-8: after the 2nd
combat phase). A unit is in supply when it can reach a road within 6 MP and then follow roads to
one of its side's entry hexes that the enemy has not broken through, never through an EZOC.
"""

from __future__ import annotations

from ...engine.core import State
from ...engine.paths import multi_source
from .units import Situation, board, is_commando, is_fortress, log, name, on_map, tables, unit

# === §13.3 occupation ===

def tracked(state: State, hex_id: str) -> bool:
    """§13.3(3): only important cities (fortress cities too) and main roads are tracked."""
    b = board(state)
    return hex_id in b.main_road_hexes or b.place_kind(hex_id) in ("important", "fortress")


def initial_occupation(state: State) -> dict[str, str]:
    """§13.3(1): on or east of the West Wall German, every other hex Allied."""
    b = board(state)
    return {h: ("german" if h in b.west_wall or h in b.germany else "allied")
            for h in b.hexes if tracked(state, h)}


def occupy(state: State, hex_id: str, side: str) -> None:
    """§13.3(2): the last side to pass through a tracked hex occupies it; city VP §13.2(1)."""
    if not tracked(state, hex_id) or state["occupied"].get(hex_id) == side:
        return
    state["occupied"][hex_id] = side
    b = board(state)
    kind = b.place_kind(hex_id)
    if kind not in ("important", "fortress"):
        return
    log(state, "occupied", hex=hex_id, side={"key": f"side.{side}"})
    from .units import add_vp
    if side == "german":
        if kind == "fortress" and hex_id not in state["fallen_fortresses"]:
            # §12.6: a fortress city once occupied by the Germans is an important city for good.
            state["fallen_fortresses"].append(hex_id)
        # AMBIG-26: each German occupation scores; an Allied recapture cancels it.
        vp = int(tables(state).const("vp_city", 10))
        state["city_vp"][hex_id] = vp
        add_vp(state, vp, "city", hex=hex_id)
    elif hex_id in state["city_vp"]:
        add_vp(state, -int(state["city_vp"].pop(hex_id)), "city_retaken", hex=hex_id)


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
    def by_road(a: str, c: str) -> int | None:
        return 0 if b.is_road(a, c) and not blocked(c) else None

    road_net = multi_source(starts, b.neighbours, by_road)
    roads = [h for h in road_net if h in b.road_hexes or h in starts]

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

    budget = int(t.const("supply_mp", 6)) * t.mp_scale
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
                log(state, "supply_restored", unit=name(state, uid), hex=u["hex"])
            u["supply"] = "ok"
        elif u["supply"] == "ok":
            u["supply"] = "out"  # §11.3
            log(state, "out_of_supply", unit=name(state, uid), hex=u["hex"])
        elif u["supply"] == "out":
            u["supply"] = "isolated"  # §11.4
            log(state, "isolated", unit=name(state, uid), hex=u["hex"])
        else:
            isolated_hit.setdefault(u["hex"], []).append(uid)
    from .units import lose_step
    for h, uids in sorted(isolated_hit.items()):
        # §11.5: continued isolation costs each unit a step; §12.4: in a fortress city the stack loses one.
        victims = uids[:1] if is_fortress(state, h) else uids
        for uid in victims:
            log(state, "isolation_loss", unit=name(state, uid), hex=h)
            lose_step(state, uid, "isolation")


def is_supplied_for(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return u["status"] == "map" and u["hex"] in supplied_hexes(state, u["side"])

