"""Layer 7: the special rules of バルジ大作戦.

§9.6 army operation zones, §9.7 the British on turn 5, §9.1 the 9th Infantry / 9th Armored freezes,
§13.5-§13.9 breakthrough, guards and escape, §13.11 West Wall crossing VP, §10 Allied air power,
§9.4 the VDH paradrop, §9.5 Skorzeny (the choice, commandos, opened roads, detection, misdirection).
Rule references are to ``shared/rules/bulge.md``; ``AMBIG-n`` to its §9.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Any

from ...engine import rng
from ...engine.core import Action, IllegalAction, State
from . import fog
from .data import Board
from .units import (
    Situation,
    add_vp,
    board,
    destroy,
    enemy,
    is_commando,
    log,
    lose_step,
    name,
    on_map,
    private,
    spec,
    tables,
    unit,
)

LINES = ("6SS/5Pz", "5Pz/7")
DIRECTIONS = ("N", "NW", "W", "SW", "S")  # §13.7: the neighbouring direction order (AMBIG-7)


def turn_in(state: State, key: str) -> bool:
    lo, hi = tables(state).const(key)
    return bool(int(lo) <= state["turn"] <= int(hi))


# === §9.6 army operation zones ===

def _x2(b: Board, h: str) -> int:
    c, r = b.grid.parse(h)
    return 2 * c + (r % 2)  # odd rows sit half a hex east


def west_steps(b: Board, h: str) -> list[str]:
    """§9.6(1): the 3 west-facing neighbours (NW, W, SW) a line may step to."""
    return sorted(n for n in b.neighbours(h) if _x2(b, n) < _x2(b, h) and b.grid.parse(n)[0] >= 1)


def _due_west(b: Board, chain: list[str]) -> list[str]:
    """AMBIG-18 reading: a line not drawn further runs on due west to the map edge."""
    out = list(chain)
    c, r = b.grid.parse(out[-1])
    while c > 1:
        c -= 1
        out.append(b.grid.label(c, r))
    return out


@cache
def _rows(b: Board, chain: tuple[str, ...]) -> dict[int, int]:
    full = _due_west(b, list(chain))
    rows: dict[int, int] = {}
    for h in full:
        rows.setdefault(_x2(b, h), b.grid.parse(h)[1])
    return rows


def _row_at(b: Board, chain: tuple[str, ...], x2: int) -> int:
    rows = _rows(b, chain)
    if x2 in rows:
        return rows[x2]
    if x2 + 1 in rows:
        return rows[x2 + 1]
    return rows[max(rows)] if x2 > max(rows) else rows[min(rows)]


def lines(state: State) -> dict[str, tuple[str, ...]]:
    b = board(state)
    drawn = state.get("lines") or {}
    return {k: tuple(drawn.get(k) or b.army_lines.get(k, ())) for k in LINES if drawn.get(k) or b.army_lines.get(k)}


def sectors(state: State, h: str) -> set[str]:
    """§9.6: the armies whose sector holds ``h`` (§9.6(2): a hex on a line is in both)."""
    b = board(state)
    ls = lines(state)
    if len(ls) < 2:
        return {"6SS", "5Pz", "7"}
    x2, r = _x2(b, h), b.grid.parse(h)[1]
    north, south = _row_at(b, ls["6SS/5Pz"], x2), _row_at(b, ls["5Pz/7"], x2)
    out = set()
    if r <= north:
        out.add("6SS")
    if north <= r <= south:
        out.add("5Pz")
    if r >= south:
        out.add("7")
    return out


def _zoned(state: State, uid: str) -> bool:
    """A set-up German unit of an army (white-line reinforcements are exempt, §9.6(3))."""
    s = spec(state, uid)
    return s.side == "german" and s.army in ("6SS", "5Pz", "7") and bool(unit(state, uid).get("setup"))


def zone_move_ok(state: State, uid: str, to: str) -> bool:
    """§9.6: turns 1-4, a set-up German unit may not cross into another army's sector."""
    if not turn_in(state, "army_zone_move_ban_turns") or not _zoned(state, uid):
        return True
    return spec(state, uid).army in sectors(state, to)


def zone_attack_ok(state: State, uid: str) -> bool:
    """§9.6: turns 5-9, a set-up unit standing in another army's sector may not attack (AMBIG-18)."""
    if not turn_in(state, "army_zone_line_turns") or not _zoned(state, uid):
        return True
    return spec(state, uid).army in sectors(state, unit(state, uid)["hex"])


def line_actions(state: State) -> list[Action]:
    b = board(state)
    acts: list[Action] = []
    for k, chain in lines(state).items():
        acts += [{"type": "extend_line", "line": k, "to": h} for h in west_steps(b, chain[-1])]
    return [*acts, {"type": "end_lines"}]


def extend_line(state: State, line: str, to: str) -> None:
    chain = list(lines(state)[line])
    if to not in west_steps(board(state), chain[-1]):
        raise IllegalAction("A line steps only NW, W or SW (§9.6(1)).")
    state["lines"] = {**(state.get("lines") or {}), line: [*chain, to]}


# === §9.7 British, §9.1 freezes ===

@cache
def _british_area(b: Board) -> tuple[frozenset[str], frozenset[str]]:
    """(the north/west bank of the Meuse and the important cities beside it; the hexes beside the Meuse)."""
    meuse = b.raw.get("named_rivers", {}).get("meuse", {})
    sides = {b.grid.hexside(x, y) for x, y in [*meuse.get("hexsides", []), *meuse.get("major_hexsides", [])]}
    beside = frozenset(h for s in sides for h in s.split("/"))
    starts = [e.hex for e in b.entries_of("allied", "NW")]
    west: set[str] = set()
    todo = [h for h in starts if h not in west]
    while todo:
        h = todo.pop()
        if h in west:
            continue
        west.add(h)
        todo += [n for n in b.neighbours(h) if n not in west and b.grid.hexside(h, n) not in sides]
    cities = {h for h in beside if b.place_kind(h) in ("important", "fortress")}
    return frozenset(west | cities), beside


def british_check(state: State) -> None:
    """§9.7: at the start of the Allied 1st movement phase of turn 5, a German unit within 3 hexes of Spa,
    the Meuse or an important city beside it frees the British."""
    b, t = board(state), tables(state)
    if state["turn"] != int(t.const("british_turn")):
        return
    _area, beside = _british_area(b)
    cities = {h for h in beside if b.place_kind(h) in ("important", "fortress")}
    spa = [h for h, p in b.places.items() if p["name"]["en"] == "Spa"]
    marks = set(beside) | cities | set(spa)
    n = int(t.const("british_restriction_hexes"))
    near = any(b.grid.distance(unit(state, g)["hex"], m) <= n for g in on_map(state, "german") for m in marks)
    state["british_free"] = near
    if near:
        log(state, "british_free")


def british_ok(state: State, uid: str, to: str) -> bool:
    """§9.7: on turn 5 (unless freed) the British move only up to the Meuse's north/west bank and the
    important cities beside it."""
    s = spec(state, uid)
    if s.nation != "british" or state["turn"] != int(tables(state).const("british_turn")):
        return True
    return bool(state.get("british_free")) or to in _british_area(board(state))[0]


def british_attack_ok(state: State, uid: str) -> bool:
    """AMBIG-19: on turn 5 the British attack only from inside the permitted area."""
    return british_ok(state, uid, unit(state, uid)["hex"])


def frozen(state: State, uid: str) -> bool:
    """§9.1(2): the 9th Infantry Division stays put until the end of turn 2 unless a German unit comes
    next to any of its units; §9.1(4), AMBIG-6: a 9th Armored unit with no German neighbour does not move
    in the Allied 1st movement phase of turn 1."""
    freeze = spec(state, uid).raw.get("freeze")
    t = tables(state)
    if freeze == "ninth_infantry":
        return state["turn"] <= int(t.const("ninth_infantry_freeze_until_turn")) and not state.get("ninth_free")
    if freeze == "ninth_armored":
        f = t.const("ninth_armored_freeze")
        if state["turn"] == int(f["turn"]) and state["phase"] == "movement_1" and state["player"] == "allied":
            h = unit(state, uid)["hex"]
            sit = Situation(state)
            return not any(sit.units(n, "german", commandos=False) for n in board(state).neighbours(h))
    return False


def triggers(state: State) -> None:
    """After every action: events that happen the moment their condition holds."""
    if not state.get("ninth_free"):
        b = board(state)
        sit = Situation(state)
        for uid in on_map(state, "allied"):
            if spec(state, uid).raw.get("freeze") == "ninth_infantry" and any(
                    sit.units(n, "german", commandos=False) for n in b.neighbours(unit(state, uid)["hex"])):
                state["ninth_free"] = True  # §9.1(2): the whole division is free
                log(state, "ninth_free")
                break


# === §13.11 West Wall crossing ===

def moved(state: State, uid: str, frm: str | None, to: str | None) -> None:
    """§13.11: from turn 8, each Allied unit crossing the West Wall into Germany costs the Germans VP;
    leaving Germany (or isolation, destruction: ``uncross``) cancels it at once."""
    u = unit(state, uid)
    if u["side"] != "allied" or is_commando(state, uid):
        return
    b, t = board(state), tables(state)
    crossed = state.setdefault("crossed", [])
    if uid in crossed:
        if to not in b.germany:
            uncross(state, uid)
        return
    if state["turn"] >= int(t.const("vp_west_wall_from_turn")) and to in b.germany and frm not in b.germany:
        crossed.append(uid)
        add_vp(state, -int(t.const("vp_west_wall_crossing")), "west_wall", unit=name(state, uid))


def uncross(state: State, uid: str) -> None:
    crossed = state.get("crossed", [])
    if uid in crossed:
        crossed.remove(uid)
        add_vp(state, int(tables(state).const("vp_west_wall_crossing")), "west_wall_cancelled",
               unit=name(state, uid))


# === §13.5-§13.9 breakthrough, guards, escape ===

def entry_at(state: State, hex_id: str | None, side: str) -> list[str]:
    return sorted(e.id for e in board(state).entries_of(side) if e.hex == hex_id)


def capacity_left(state: State, eid: str) -> int:
    e = board(state).entries[eid]
    cap = int(tables(state).const("breakthrough_capacity").get(e.colour or "", 0))
    used = sum(1 for u in state["units"].values() if u.get("exit") == eid)
    return cap - used


def breakthrough_actions(state: State, uids: list[str], mp_left: int) -> list[Action]:
    """§13.5: a German unit in the map-edge hex of an Allied entry, with 1 MP left, may break through."""
    t = tables(state)
    if not uids or unit(state, uids[0])["side"] != "german" or any(is_commando(state, u) for u in uids):
        return []  # AMBIG-1: commandos do not break through
    if mp_left < int(t.const("breakthrough_mp")) * t.mp_scale:
        return []
    return [{"type": "break_through", "unit": uids[0], "at": eid}
            for eid in entry_at(state, unit(state, uids[0])["hex"], "allied") if capacity_left(state, eid) >= len(uids)]


def break_through(state: State, uids: list[str], eid: str) -> None:
    t = tables(state)
    for uid in uids:
        u = unit(state, uid)
        u.update(status="exited", hex=None, exit=eid)
        mech = spec(state, uid).mechanised
        add_vp(state, int(t.const("vp_breakthrough_mech" if mech else "vp_breakthrough_nonmech")),
               "breakthrough", unit=name(state, uid))
    log(state, "breakthrough", units=[name(state, u) for u in uids], at=eid)
    if eid not in state["broken_through"]:
        state["broken_through"].append(eid)  # §13.6: closed to Allied reinforcements and supply
        state["pending"].append({"kind": "guard", "side": "allied", "entry": eid})


def guard_candidates(state: State, eid: str) -> list[str]:
    """§13.7: the reinforcements due at that entry, earliest first; then those of the neighbouring direction,
    and on round the map edge 「S なら SW SW に該当ユニットがなければ NW といった具合」 (AMBIG-7: W lies between SW
    and NW; two directions equally far are one choice); then any Allied unit on the map not in an EZOC (the
    Allied player chooses among equals)."""
    code = board(state).entries[eid].code
    i = DIRECTIONS.index(code)
    tiers = [[DIRECTIONS[j] for j in (i - d, i + d) if 0 <= j < len(DIRECTIONS)] if d else [code]
             for d in range(len(DIRECTIONS))]
    for codes in tiers:
        pool = [uid for uid, u in state["units"].items() if u["side"] == "allied" and (
            (u["status"] == "offmap" and u.get("due") is not None and _entry_code(state, uid) in codes)
            or (u["status"] == "escaped" and u.get("escaped_at") == eid and codes == [code]))]
        if pool:
            first = min(state["units"][u].get("due") or 0 for u in pool)
            return sorted(u for u in pool if (state["units"][u].get("due") or 0) == first)
    ezoc = Situation(state).ezoc("allied")
    return sorted(u for u in on_map(state, "allied") if unit(state, u)["hex"] not in ezoc
                  and not is_commando(state, u))


def _entry_code(state: State, uid: str) -> str | None:
    entry = spec(state, uid).entry
    return entry[1] if entry else None


def place_guard(state: State, uid: str) -> None:
    task = state["pending"].pop(0)
    u = unit(state, uid)
    u.update(status="guard", hex=None, guard_at=task["entry"], due=None)
    log(state, "guard", unit=name(state, uid), at=task["entry"])


def release_guards(state: State) -> None:
    """§13.8: once no broken-through unit of an entry survives, its guard may come back on from it."""
    for u in state["units"].values():
        if u["status"] == "guard":
            eid = u["guard_at"]
            if not any(x["status"] == "exited" and x.get("exit") == eid for x in state["units"].values()):
                u.update(status="offmap", due=state["turn"] + 1, enter_at=board(state).entries[eid].hex)


def escape_actions(state: State, uids: list[str]) -> list[Action]:
    """§13.9: an Allied unit may move off through an Allied entry hex (never by retreat)."""
    if not uids or unit(state, uids[0])["side"] != "allied":
        return []
    return [{"type": "escape", "unit": uids[0], "at": eid}
            for eid in entry_at(state, unit(state, uids[0])["hex"], "allied")]


def escape(state: State, uids: list[str], eid: str) -> None:
    for uid in uids:
        uncross(state, uid)
        unit(state, uid).update(status="escaped", hex=None, escaped_at=eid)
    log(state, "escape", units=[name(state, u) for u in uids], at=eid)


def broken_through_supply(state: State, ok: set[str]) -> None:
    """§13.8: broken-through units still check supply (AMBIG-24: from their exit edge hex); one that
    becomes isolated is destroyed and its breakthrough VP cancelled."""
    b, t = board(state), tables(state)
    for uid, u in sorted(state["units"].items()):
        if u["status"] != "exited":
            continue
        if b.entries[u["exit"]].hex in ok:
            u["supply"] = "ok"
        elif u["supply"] == "ok":
            u["supply"] = "out"
        else:
            mech = spec(state, uid).mechanised
            add_vp(state, -int(t.const("vp_breakthrough_mech" if mech else "vp_breakthrough_nonmech")),
                   "breakthrough_cancelled", unit=name(state, uid))
            u["status"] = "map"  # destroy() scores it as destroyed
            destroy(state, uid, "isolation")
    release_guards(state)


# === §10 Allied air power ===

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


def interdiction_hexes(state: State) -> tuple[str, ...]:
    """§10.4: "in any hex". Offered: every hex where a marker can matter this phase, i.e. a hex some German
    unit free to move this phase could enter (the stack entering it loses a step), and the 6 hexes around a
    road hex it could enter (the road MP). Under fog of war, every hex: the offer must not tell where
    unseen German units are."""
    b = board(state)
    if state.get("options", {}).get("fog_of_war"):
        return b.hexes
    reach = _german_reach(state)
    near = {n for h in reach if h in b.road_hexes for n in b.neighbours(h)}
    return tuple(sorted(reach | near))


def _german_reach(state: State) -> frozenset[str]:
    """The hexes the German units free to move this phase could enter, generously: terrain, road and river
    costs and §7.6 deep forest count; EZOC, enemy units, army zones and markers are ignored (a larger set
    refuses no useful marker). Cached on the movers' positions and allowances."""
    from .movement import _hex_cost, allowance, can_select, due, entry_hexes
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
            cost = _hex_cost(state, h)  # AMBIG-4: entering pays the entry hex's terrain
            if cost is not None and cost <= combat:
                movers.append((h, combat - cost, 0, mech))
    return _reach(state["data"], tuple(movers))


@lru_cache(maxsize=32)
def _reach(data: str, movers: tuple[tuple[str, int, int, bool], ...]) -> frozenset[str]:
    from ...engine.paths import multi_source
    from .data import dataset
    from .movement import _hex_cost, mech_road_only
    gd = dataset(data)
    b, t = gd.board, gd.tables
    state: State = {"data": data}  # all that the terrain helpers read
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
            if b.is_road(a, x):
                return t.mp("main_road") if b.is_main_road(a, x) and "main_road" in t.terrain else t.mp("road")
            if mech and mech_road_only(state, a, x):
                return None  # §7.6
            c = _hex_cost(state, x)
            if c is not None and b.is_river(a, x):
                extra = t.mp("major_river") if b.is_major_river(a, x) and "major_river" in t.terrain else t.mp("river")
                c = None if extra is None else c + extra
            return c

        def around(h: str, budgets: dict[str, int] = budgets) -> list[str]:
            return list(budgets) if h == start else b.neighbours(h)
        out |= set(multi_source([start], around, cost, top)) - {start}
    # §7.2: strategic movement runs along main roads only, at the main-road rate.
    roads: dict[str, int] = {}
    for h, _c, mp, _m in movers:
        if mp > 0 and h in b.main_road_hexes:
            roads[h] = max(mp, roads.get(h, 0))
    top = max(roads.values(), default=0)
    rate = t.mp("main_road") if "main_road" in t.terrain else t.mp("road")

    def main(h: str) -> list[str]:
        return list(roads) if h == start else [n for n in b.road_neighbours.get(h, ()) if b.is_main_road(h, n)]
    out |= set(multi_source([start], main, lambda a, x: top - roads[x] if a == start else rate, top)) - {start}
    return frozenset(out)


def interdicted(state: State, h: str) -> bool:
    """§10.4: the marker's hex and the 6 around it."""
    marks = state.get("interdiction") or []
    return any(h == m or board(state).grid.is_adjacent(h, m) for m in marks)


# === §9.4 VDH paradrop ===

def paradrop_targets(state: State) -> tuple[str, ...]:
    """§9.4(2), AMBIG-20: not a town or city of any kind, not light or deep forest."""
    return _targets(board(state), tuple(tables(state).const("paradrop_forbidden_targets")))


@cache
def _targets(b: Board, bad: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(h for h in b.hexes if b.terrain_of(h) not in bad and (b.place_kind(h) or "") not in bad)


def paradrop_actions(state: State) -> list[Action]:
    from .movement import due
    if state["player"] != "german" or state["phase"] != "movement_1" or state["mover"] is not None:
        return []
    units = [uid for uid in state["units"] if spec(state, uid).paradrop and due(state, uid)]
    return [{"type": "paradrop", "unit": u, "at": h} for u in sorted(units) for h in paradrop_targets(state)]


def _direction(b: Board, h: str, d: str) -> str | None:
    want = {"E": 0, "NE": -60, "NW": -120, "W": 180, "SW": 120, "SE": 60}[d]
    x0, y0 = b.grid.centre(h)
    for n in b.neighbours(h):
        x, y = b.grid.centre(n)
        ang = math.degrees(math.atan2(y - y0, x - x0))
        if abs(((ang - want) + 180) % 360 - 180) < 1:
            return n
    return None  # off the map


def landing_loss(state: State, land: str) -> int | str:
    """§9.4(2): the loss by the landing hex: its terrain and its town or city each have a loss, and the worse
    counts (a town in deep forest eliminates, as deep forest does); a hex holding an enemy unit eliminates."""
    b = board(state)
    losses = tables(state).const("paradrop_landing_loss")
    if Situation(state).has_enemy(land, "german"):
        return str(losses.get("enemy_unit", "eliminated"))
    found = [losses.get(k, 0) for k in (b.terrain_of(land), b.place_kind(land)) if k is not None]
    if "eliminated" in found:
        return "eliminated"
    return max(int(x) for x in found)


def paradrop(state: State, uid: str, at: str) -> None:
    """§9.4(2): 1d6: 1-4 drift that many hexes (direction from the Paradrop Table), 5 abort, 6 on target;
    then the landing losses by the landing hex."""
    b, t = board(state), tables(state)
    u = unit(state, uid)
    roll = rng.roll(state)
    what = t.const("paradrop_results")[str(roll)]
    log(state, "paradrop", private(state, "german"), unit=name(state, uid), hex=at, roll=roll)
    if what == "abort":
        u.update(status="aborted", due=None)  # §9.4(3): removed, not destroyed: no VP
        log(state, "paradrop_abort", private(state, "german"), unit=name(state, uid))
        return
    land: str | None = at
    if what == "drift":
        d = t.paradrop[str(rng.roll(state))]
        for _ in range(roll):
            land = _direction(b, land, d) if land else None
        log(state, "paradrop_drift", private(state, "german"), unit=name(state, uid), hexes=roll, direction=d, to=land)
    u.update(status="map", hex=land, due=None, dropped=state["turn"], air_supply_turn=state["turn"])
    if land is None:
        destroy(state, uid, "paradrop")  # off the map: eliminated, scored
        return
    loss = landing_loss(state, land)
    if loss == "eliminated":
        destroy(state, uid, "paradrop")
    else:
        for _ in range(int(loss)):
            if u["status"] == "map":
                lose_step(state, uid, "paradrop")
    from .supply import occupy
    if u["status"] == "map":
        occupy(state, land, "german")


# === §9.5 Skorzeny ===

def skorzeny_actions(state: State) -> list[Action]:
    from .movement import due
    if state.get("skorzeny") or state["player"] != "german" or state["phase"] != "movement_1":
        return []
    if not any(spec(state, u).raw.get("skorzeny") and due(state, u) for u in state["units"]):
        return []
    return [{"type": "skorzeny", "choice": "brigade"}, {"type": "skorzeny", "choice": "commando"}]


def choose_skorzeny(state: State, choice: str) -> None:
    """§9.5(1): once and for all: the 150th Panzergrenadier Brigade, or 6 commandos."""
    state["skorzeny"] = choice
    for uid, u in state["units"].items():
        kind = spec(state, uid).raw.get("skorzeny")
        if kind and kind != choice:
            u.update(status="unused", due=None)
    log(state, "skorzeny", choice={"key": f"skorzeny.{choice}"})


def skorzeny_ready(state: State, uid: str) -> bool:
    kind = spec(state, uid).raw.get("skorzeny")
    return not kind or state.get("skorzeny") == kind


def commandos_at(state: State, h: str) -> list[str]:
    return [uid for uid in Situation(state).at.get(h, []) if is_commando(state, uid)]


def detect(state: State, h: str, victims: list[str], to: list[str] | None = None) -> bool:
    """§9.5(3): the Allied player rolls 1d6: 4-6 the commando(s) are discovered and removed."""
    roll = rng.roll(state)
    found = roll in [int(x) for x in tables(state).const("commando_detect_on")]
    log(state, "detection", readers=to, hex=h, roll=roll, found={"key": f"found.{found}"})
    if found:
        for c in victims:
            destroy(state, c, "detected")  # §9.5(5): no VP
    return found


def open_road(state: State, a: str, b: str) -> None:
    """§9.5(2): main roads a commando has passed over serve German strategic movement (under fog of war
    the German player knows it: its own commando opened them)."""
    if board(state).is_main_road(a, b):
        lists = [state.setdefault("commando_roads", [])]
        if fog.on(state):  # (a match begun before the German list was kept: it knew the true one)
            lists.append(state.setdefault(fog.KNOWN_ROADS, list(lists[0])))
        for roads in lists:
            for h in (a, b):
                if h not in roads:
                    roads.append(h)


def close_road(state: State, h: str) -> None:
    """§9.5(2): an Allied unit passing along it after the commando cancels the benefit. Under fog of war the
    German player learns it only when it sees the unit there (it is in ``h`` now); a closure out of its sight
    is met by its strategic move (``road_met``)."""
    roads = state.get("commando_roads") or []
    if h in roads:
        roads.remove(h)
        if h in fog.sight(state, "german"):
            road_met(state, h)


def road_met(state: State, h: str) -> None:
    """Fog of war: the German player now knows that the commando's road through ``h`` is closed."""
    known = state.get(fog.KNOWN_ROADS) or []
    if h in known:
        known.remove(h)


def commando_roads(state: State, seen: bool = False) -> list[str]:
    """§9.5(2): the main-road hexes opened by commandos; ``seen``: as the German player knows them under fog
    of war (it does not see an Allied unit pass out of its sight). Matches begun before the German list was
    kept know the true one."""
    if seen and fog.on(state) and fog.KNOWN_ROADS in state:
        return list(state[fog.KNOWN_ROADS])
    return list(state.get("commando_roads") or [])


def misdirect_actions(state: State, task: dict[str, Any]) -> list[Action]:
    """§9.5(3), AMB-22: the German player moves the Allied unit along roads only, normal limits."""
    from .movement import _where, mover_units, mp_left, step_cost
    uids = mover_units(state)
    sit = Situation(state)
    a = _where(state, uids)
    out: list[Action] = []
    if a is not None and not task.get("stopped"):
        for n in board(state).neighbours(a):
            if not board(state).is_road(a, n):
                continue
            cost = step_cost(state, sit, uids, "combat", a, n)
            if cost is not None and all(mp_left(state, u) >= cost for u in uids):
                out.append({"type": "misdirect", "unit": task["unit"], "to": n})
    return [*out, {"type": "end_misdirect"}]


def misdirect(state: State, to: str) -> None:
    """§9.5(3): the German player leads the lost Allied unit one hex along a road."""
    from .movement import _where, mover_units, step_cost
    task = state["pending"][0]
    uids = mover_units(state)
    a = _where(state, uids)
    assert a is not None
    if task.get("steps") and (hidden := commandos_at(state, a)) and detect(state, a, hidden):
        # AMB-22: the misdirected move follows the normal rules, so leaving a commando's hex it entered
        # on the way is rolled for (§9.5(3)(b), one roll whatever the number of commandos; the hex where it
        # went astray was rolled for already). Found: the commandos are removed and the ruse is over; the
        # unit stays and its owner goes on with the MP left. Not found: it goes where it is led.
        state["pending"].pop(0)
        log(state, "misdirect_over", units=[name(state, u) for u in uids], hex=a)
        return
    cost = step_cost(state, Situation(state), uids, "combat", a, to)
    assert cost is not None
    for u in uids:
        rec = unit(state, u)
        rec["mp"] = int(rec["mp"]) + cost
        rec["hex"] = to
        moved(state, u, a, to)
    task["steps"] = int(task.get("steps", 0)) + 1
    log(state, "misdirected", units=[name(state, u) for u in uids], frm=a, to=to)
    if to in Situation(state).ezoc("allied"):
        task["stopped"] = True  # §5.4: entering an EZOC stops it


def end_misdirect(state: State) -> None:
    from .movement import finish_move
    state["pending"].pop(0)
    finish_move(state)


def enemy_of(side: str) -> str:
    return enemy(side)
