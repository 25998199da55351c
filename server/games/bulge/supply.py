"""§11 supply.

Supply is checked for all units of a side at the end of its player turn (AMBIG-8: after the 2nd
combat phase). A unit is in supply when it can reach a road within 6 MP and then follow roads to
one of its side's entry hexes that the enemy has not broken through, never through an EZOC.
"""

from __future__ import annotations

from ...engine.core import State
from ...engine.paths import multi_source
from . import terrain
from .breakthrough import broken_through_supply
from .fog import private
from .losses import lose_step
from .units import Situation, board, is_commando, is_fortress, log, name, on_map, tables, unit
from .westwall import uncross

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
            return terrain.road(state, x, y, main=False)
        return terrain.across(state, x, y, t.mp(b.terrain_of(x)))

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
        broken_through_supply(state, ok)  # §13.8


def isolation_loss(state: State, uid: str) -> None:
    """§11.5 / §12.4: a step lost to continued isolation."""
    log(state, "isolation_loss", private(state, unit(state, uid)["side"]), unit=name(state, uid),
        hex=unit(state, uid)["hex"])
    lose_step(state, uid, "isolation")


def is_supplied_for(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return u["status"] == "map" and u["hex"] in supplied_hexes(state, u["side"])

