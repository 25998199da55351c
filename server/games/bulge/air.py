"""§10 Allied air power: the FB markers (§10.2-§10.3) and their four roles: interdiction (§10.4),
defensive and offensive support (§10.5-§10.6, read by the odds in combat.py), supply (§10.7)."""

from __future__ import annotations

from ...engine.core import Action, State
from ...engine.paths import multi_source
from . import fog, terrain
from .allowance import allowance, can_select
from .reinforcements import due, entry_hexes
from .skorzeny import skorzeny_ready
from .units import Situation, board, log, spec, tables, unit

# === §10.1-§10.3 the markers, and where they go (§10.4-§10.7) ===

def air_turn(state: State) -> bool:
    return bool(tables(state).turns.get(state["turn"], {}).get("air"))


def fb_left(state: State) -> int:
    """§10.2-§10.3: 6 FB markers per air turn, each used once per game turn."""
    if not air_turn(state):
        return 0
    row = tables(state).turns.get(state["turn"], {})
    total = int(row.get("fb_markers", tables(state).const("fb_markers")))
    fb = state.get("fb") or {}
    return total - (int(fb.get("used", 0)) if fb.get("turn") == state["turn"] else 0)


def use_fb(state: State) -> None:
    fb = state.get("fb") or {}
    used = int(fb.get("used", 0)) if fb.get("turn") == state["turn"] else 0
    state["fb"] = {"turn": state["turn"], "used": used + 1}


def air_actions(state: State) -> list[Action]:
    step = state["step"]
    out: list[Action] = []
    if fb_left(state) > 0:
        sit = Situation(state)
        if step == "air_interdiction":
            marked = set(state.get("interdiction", []))
            out = [{"type": "air_interdict", "at": h} for h in interdiction_hexes(state) if h not in marked]
        elif step == "air_defence":
            zoc = sit.zoc("german")
            out = [{"type": "air_defend", "at": h} for h in sorted(sit.at)
                   if sit.units(h, "allied", commandos=False) and h in zoc and h not in state.get("air", {})]
        elif step == "air_supply":
            out = [{"type": "air_supply", "at": h} for h in sorted(sit.at) if h not in state.get("air_supply", [])
                   and any(unit(state, u)["supply"] != "ok" for u in sit.units(h, "allied", commandos=False))]
    return [*out, {"type": "end_air"}]


def place_fb(state: State, kind: str, at: str) -> None:
    use_fb(state)
    if kind == "air_interdict":
        state.setdefault("interdiction", []).append(at)  # §10.4
    elif kind == "air_supply":
        state.setdefault("air_supply", []).append(at)  # §10.7
    else:
        state.setdefault("air", {})[at] = "offence" if kind == "air_attack" else "defence"  # §10.5-§10.6
    log(state, "fb", role={"key": f"fb.{kind}"}, hex=at)


# === §10.4 interdiction ===

def interdiction_hexes(state: State) -> tuple[str, ...]:
    """§10.4: "in any hex". Offered: every hex where a marker can matter this phase, i.e. a hex some German
    unit free to move this phase could enter (the stack entering it loses a step), and the 6 hexes around a
    road hex it could enter (the road MP). Under fog of war, every hex: the offer must not tell where
    unseen German units are."""
    b = board(state)
    if fog.on(state):
        return b.hexes
    reach = _german_reach(state)
    near = {n for h in reach if h in b.road_hexes for n in b.neighbours(h)}
    return tuple(sorted(reach | near))


def _german_reach(state: State) -> frozenset[str]:
    """The hexes the German units free to move this phase could enter, generously: terrain, road and river
    costs and §7.6 deep forest count; EZOC, enemy units, army zones and markers are ignored (a larger set
    refuses no useful marker). Remembered on the board by the movers' positions and allowances."""
    sit = Situation(state)
    movers: list[tuple[str, int, int, bool]] = []  # (hex, combat MP left, strategic MP left, mechanised)
    for uid, u in sorted(state["units"].items()):
        if u["side"] != "german":
            continue
        waiting = state["phase"] == "movement_1" and due(state, uid) and not skorzeny_ready(state, uid)
        if not (can_select(state, uid, sit) or waiting):  # §9.5(1): either Skorzeny form may still come on
            continue
        combat, strategic = allowance(state, uid, "combat"), allowance(state, uid, "strategic")
        mech = spec(state, uid).mechanised
        if u["status"] == "map":
            movers.append((u["hex"], combat, strategic, mech))
            continue
        for h in entry_hexes(state, uid, sit):
            cost = terrain.hex_cost(state, h)  # AMBIG-4: entering pays the entry hex's terrain
            if cost is not None and cost <= combat:
                movers.append((h, combat - cost, 0, mech))
    return board(state).memo.get(("german_reach", tuple(movers)), lambda: _reach(state, tuple(movers)))


def _reach(state: State, movers: tuple[tuple[str, int, int, bool], ...]) -> frozenset[str]:
    b = board(state)
    start = "*"  # one search per kind: a virtual start, one step to each mover costing the MP it lacks
    out: set[str] = set()
    for mech in (False, True):
        budgets: dict[str, int] = {}
        for h, mp, _s, m in movers:
            if m == mech:
                budgets[h] = max(mp, budgets.get(h, 0))
        top = max(budgets.values(), default=0)

        def cost(a: str, x: str, mech: bool = mech, budgets: dict[str, int] = budgets, top: int = top) -> int | None:
            if a == start:
                return top - budgets[x]
            if mech and not b.is_road(a, x) and terrain.mech_road_only(state, a, x):
                return None  # §7.6
            return terrain.step(state, a, x)

        def around(h: str, budgets: dict[str, int] = budgets) -> list[str]:
            return list(budgets) if h == start else b.neighbours(h)
        out |= set(multi_source([start], around, cost, top)) - {start}
    # §7.2: strategic movement runs along main roads only, at the main-road rate.
    roads: dict[str, int] = {}
    for h, _c, mp, _m in movers:
        if mp > 0 and h in b.main_road_hexes:
            roads[h] = max(mp, roads.get(h, 0))
    top = max(roads.values(), default=0)
    rate = terrain.main_road_rate(state)

    def main(h: str) -> list[str]:
        return list(roads) if h == start else [n for n in b.road_neighbours.get(h, ()) if b.is_main_road(h, n)]
    out |= set(multi_source([start], main, lambda a, x: top - roads[x] if a == start else rate, top)) - {start}
    return frozenset(out)


def interdicted(state: State, h: str) -> bool:
    """§10.4: the marker's hex and the 6 around it."""
    marks = state.get("interdiction") or []
    return any(h == m or board(state).grid.is_adjacent(h, m) for m in marks)


def interdiction_mp(state: State, side: str, a: str, b: str) -> int:
    """§10.4: a German unit moving along a road in a marker's area pays +MP per road hex."""
    if side != "german" or not board(state).is_road(a, b) or not interdicted(state, b):
        return 0
    t = tables(state)
    return int(t.const("interdiction_mp")) * t.mp_scale


def strike(state: State, side: str, uids: list[str], to: str) -> None:
    """§10.4: a German stack entering the marker's hex loses 1 step as a whole (the German player picks)."""
    if side == "german" and to in (state.get("interdiction") or []):
        state["pending"].append({"kind": "interdiction", "side": "german", "units": list(uids)})
