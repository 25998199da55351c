"""§10: movement. The phasing player moves one unit at a time (§10.3), each to a destination: the legal actions
are every hex the unit can reach with its MP left, on the cheapest path (``paths.routes``); the path may be given
by waypoints (``via``). A mech unit crosses a river by a die roll (§10.15), one hex at a time: a move across the
river is offered from the hex beside it. Moving another unit ends the last one's move.

MP are in sixths (``forces.MP``). A unit's MA is halved, rounding up, if it is out of supply when it starts to move
(§8.2); in Bad weather Islamic units gain LOST-14 (§10.22); an Islamic unit stops on entering a Coalition ZOC and
may not leave one (§7.3, §7.5) except in a Coalition regroup turn. In a voluntary regroup Coalition units move
LOST-19 hexes at most (§9.4); in a forced one they do not move (§9.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import paths, rng
from ...engine.core import Action, IllegalAction, State
from ...engine.paths import Reached
from . import airborne, optional, sof
from .board import WATER
from .control import enter
from .forces import (
    ENEMY,
    MP,
    board,
    data,
    log,
    movement_class,
    occupied,
    on_map,
    printed,
    spec,
    tables,
    unit,
    would_overstack,
)
from .supply import Lines, air_supply_actions
from .targets import rebel_zone, rebellion_mp, rebellions
from .terrain import neutral, step_cost, step_costs
from .zoc import zoc


def regroup_turn(state: State) -> str | None:
    """§9: "forced", "voluntary", or None."""
    now: str | None = state["regroup"]["now"]
    return now


def full_mp(state: State, uid: str, lines: Lines | None = None) -> int:
    """The MP ``uid`` has when it starts to move now, in sixths."""
    _, _, ma = printed(state, uid)
    s = spec(state, uid)
    if s.side == "islamic" and state["weather"] == "bad":
        ma += int(tables(state).lost("LOST-14")["mech" if movement_class(state, uid) == "mech" else "nonmech"])
    lines = lines or Lines(state, s.side)
    if not lines.supplied(uid):
        ma = -(-ma // 2)  # §8.2: halved, rounding up
    return ma * MP


def mp_left(state: State, uid: str, lines: Lines | None = None) -> int:
    rec = unit(state, uid)
    return full_mp(state, uid, lines) if rec["mp"] is None else int(rec["mp"])


def may_move(state: State, uid: str, zones: frozenset[str] | None = None) -> bool:
    """Whether ``uid`` may (still) move this phase (``zones``: the ZOC now, when the caller has it)."""
    rec = unit(state, uid)
    s = spec(state, uid)
    if rec["status"] != "map" or s.movement_class == "static" or printed(state, uid)[2] == 0:
        return False
    if rec["mp"] is not None and (rec["mp"] <= 0 or state["mover"] != uid):
        return False  # §10.3: its move is over
    if rec.get("mode_turn") == state["turn"] or optional.bogged(state, uid):
        return False  # §10.21: not in the turn it dismounts or remounts; §14.3 stuck in salt marsh
    if airborne.is_101st(state, uid) and rec.get("attacked_turn") == state["turn"]:
        return False  # §13.2: it attacked this turn
    if s.side == "coalition" and regroup_turn(state) == "forced":
        return False  # §9.3
    # §7.5: not if it started in a ZOC (§G3.2: SOF ignore ZOC)
    return not (s.side == "islamic" and s.movement_class != "sof" and regroup_turn(state) is None and rec["mp"] is None
                and rec["hex"] in (zoc(state) if zones is None else zones))


def _enemy_hexes(state: State, uid: str) -> frozenset[str]:
    return frozenset(occupied(state, ENEMY[spec(state, uid).side]))


def _cost_fn(state: State, uid: str, enemy: frozenset[str] | None = None) -> Callable[[str, str], int | None]:
    b = board(state)
    enemy = _enemy_hexes(state, uid) if enemy is None else enemy
    airmobile = movement_class(state, uid) == "airmobile"
    table = step_costs(state, uid)

    burst = state.get("burst")
    # §G1 Rebellion: an Islamic unit pays LOST-44 more to enter a risen Rebellion's hex or one beside it
    rebels = rebel_zone(state) if spec(state, uid).side == "islamic" else frozenset()

    def cost(a: str, h: str) -> int | None:
        if h in enemy:
            return None  # §10.7
        if airmobile and b.terrain[h] in WATER and not neutral(state, h):
            return MP  # §10.20: flies over water, may not end there
        c = table[(a, h)]
        if h == burst and c is not None and not airmobile:
            c = 2 * c  # §14.9: the Nuclear Burst hex, to the end of the game turn
        if h in rebels and c is not None:
            c += rebellion_mp(state) * MP
        return c
    return cost


def reach(state: State, uid: str, lines: Lines | None = None, zones: frozenset[str] | None = None,
          enemy: frozenset[str] | None = None) -> dict[str, Reached]:
    """Every hex ``uid`` can move to now, with the cheapest path's cost (sixths) and the hex before it (``lines``,
    ``zones``, ``enemy``: the supply, the ZOC and the enemy's hexes now, when the caller has them)."""
    here = unit(state, uid)["hex"]
    budget = mp_left(state, uid, lines)
    if sof.is_sof(state, uid):
        return sof.reach(state, uid, budget)  # §G3.2
    enemy = _enemy_hexes(state, uid) if enemy is None else enemy
    stops = None  # §7.3: an Islamic unit stops on entering a ZOC
    if spec(state, uid).side == "islamic" and regroup_turn(state) is None:
        stops = zoc(state) if zones is None else zones
    # the same unit from the same hex with the same MP among the same enemies and zones reaches the same hexes
    key = (uid, here, budget, movement_class(state, uid), state["weather"], regroup_turn(state), enemy, stops,
           state["scenario"], state.get("burst"), tuple(sorted(state.get("ruined", {}))), tuple(rebellions(state)))
    found: dict[str, Reached] = data(state).reaches.get(key, lambda: _reach(state, uid, budget, enemy, stops))
    return found


def _reach(state: State, uid: str, budget: int, enemy: frozenset[str], stops: frozenset[str] | None
           ) -> dict[str, Reached]:
    b = board(state)
    here = unit(state, uid)["hex"]
    if airborne.is_101st(state, uid) and regroup_turn(state) != "voluntary":
        return airborne.flight(state, uid, budget)  # §13.3
    cost = _cost_fn(state, uid, enemy)
    if spec(state, uid).side == "coalition" and regroup_turn(state) == "voluntary":
        steps = int(tables(state).lost("LOST-19"))  # LOST-19: hexes, whatever they cost
        out = paths.routes(here, b.neighbours, lambda a, h: None if cost(a, h) is None else 1, steps)
        return {h: Reached(0, r.prev) for h, r in out.items()}
    return paths.routes(here, b.neighbours, cost, budget, stop=None if stops is None else stops.__contains__)


def _river_crossings(state: State, uid: str, reached: dict[str, Reached], enemy: frozenset[str]) -> list[str]:
    """§10.15: the hexes across a river beside a mech unit that it cannot reach otherwise."""
    if movement_class(state, uid) != "mech" or regroup_turn(state) == "voluntary":
        return []
    b = board(state)
    here = unit(state, uid)["hex"]
    return [n for n in b.neighbours(here) if n not in reached and n not in enemy and b.is_river(here, n)
            and step_cost(state, uid, here, n, line=True) is not None]


def actions(state: State, side: str) -> list[Action]:
    """The moves of every unit of ``side`` that may move, and the end of the phase."""
    lines = Lines(state, side)
    stacks = occupied(state, side)
    enemy = frozenset(occupied(state, ENEMY[side]))
    zones = zoc(state) if side == "islamic" else frozenset()
    out: list[Action] = []
    for uid in on_map(state, side):
        if not may_move(state, uid, zones):
            continue
        left = mp_left(state, uid, lines)
        if sof.is_sof(state, uid):
            out += [*sof.move_actions(state, uid, left), *sof.air_actions(state, uid)]  # §G3.2-§G3.3, §G3.9
            continue
        reached = reach(state, uid, lines, zones, enemy)
        here = unit(state, uid)["hex"]
        b = board(state)
        flying = airborne.is_101st(state, uid)
        for h in sorted(reached):
            if h == here or b.terrain[h] in WATER:
                continue  # §10.20: over water, not into it
            if flying and not airborne.may_land(state, uid, h, enemy):
                continue  # §13.3
            r = reached[h]
            a: dict[str, Any] = {"type": "move", "unit": uid, "to": h, "cost": r.cost / MP,
                                 "left": (left - r.cost) / MP, "prev": r.prev}
            if h in stacks and would_overstack(state, uid, h, stacks):
                a["stacking"] = True
            out.append(a)
        for h in _river_crossings(state, uid, reached, enemy):
            out.append({"type": "move", "unit": uid, "to": h, "river": "1d6", "prev": here})
        for water, h in _landings(state, uid, left, enemy, reached):
            out.append({"type": "move", "unit": uid, "to": h, "amphibious": water, "prev": water})
    out.extend(mode_actions(state, side))
    out.extend(air_supply_actions(state, side))
    out.append({"type": "end_movement"})
    return out


def move(state: State, action: Action) -> None:
    uid = action["unit"]
    rec = unit(state, uid)
    lines = Lines(state, rec["side"])
    left = mp_left(state, uid, lines)
    _start(state, uid, left)
    if sof.is_sof(state, uid):
        sof.move(state, action, left)  # §G3.2-§G3.3
        return
    if action.get("river"):
        _cross(state, uid, action["to"])
        return
    if action.get("amphibious"):
        _land(state, uid, action["amphibious"], action["to"])
        return
    via = [*action.get("via", []), action["to"]]
    found = paths.route(rec["hex"], via, lambda h, budget: _legs(state, uid, h, budget), left)
    if found is None:
        raise IllegalAction(f"{uid} cannot reach {action['to']} by the places given.")
    steps, spent = found
    b = board(state)
    if any(b.terrain[h] in WATER for h in via):
        raise IllegalAction("A unit may fly over water but not stop there.")
    enemy = _enemy_hexes(state, uid)
    if airborne.is_101st(state, uid) and not all(airborne.may_land(state, uid, h, enemy) for h in via):
        raise IllegalAction("The 101st may not stop in marsh, mountain or an enemy hex (§13.3).")
    rec["hex"] = action["to"]
    rec["mp"] = 0 if rec["side"] == "coalition" and regroup_turn(state) == "voluntary" else left - spent
    rec["moved"] = True
    enter(state, rec["side"], steps)  # §4.8: every hex it passes
    log(state, "move", unit=uid, to=action["to"], path=steps)
    if rec["side"] == "islamic" and regroup_turn(state) is None and action["to"] in zoc(state):
        rec["mp"] = 0  # §7.3: stopped by the ZOC


def _legs(state: State, uid: str, here: str, budget: int) -> dict[str, Reached]:
    rec = unit(state, uid)
    saved_hex, saved_mp = rec["hex"], rec["mp"]
    rec["hex"], rec["mp"] = here, budget
    try:
        return reach(state, uid)
    finally:
        rec["hex"], rec["mp"] = saved_hex, saved_mp


def _start(state: State, uid: str, left: int) -> None:
    """§10.3: a unit's move begins; the last mover's is over."""
    last = state["mover"]
    if last is not None and last != uid:
        unit(state, last)["mp"] = 0
    state["mover"] = uid
    unit(state, uid)["mp"] = left


def _cross(state: State, uid: str, to: str) -> None:
    """§10.15: the die gives the MP the crossing adds to the hex's cost. Without enough MP the unit does not cross,
    and its move is over (the engine's reading: the attempt spent its movement)."""
    rec = unit(state, uid)
    here = rec["hex"]
    die = rng.roll(state)
    need = die * MP + (step_cost(state, uid, here, to, line=True) or 0)
    if need > rec["mp"]:
        rec["mp"] = 0
        log(state, "river_failed", unit=uid, to=to, die=die)
        return
    rec["mp"] -= need
    rec["hex"] = to
    rec["moved"] = True
    enter(state, rec["side"], [to])
    log(state, "river_crossed", unit=uid, to=to, die=die)


# === §14.17 The MEF's amphibious movement ===

def _landings(state: State, uid: str, left: int, enemy: frozenset[str], reached: dict[str, Reached]
              ) -> list[tuple[str, str]]:
    """§14.17: with the option, the US MEF crosses one all-sea, all-reservoir or all-lake hex beside it and stops on
    the land beyond: (the water hex, the landing hex) for each landing its MP allow (the water hex one MP, the
    landing hex its own cost) that it cannot reach by land."""
    if not optional.on(state, "mef") or "mef" not in spec(state, uid).tags or regroup_turn(state) == "voluntary":
        return []
    b = board(state)
    here = unit(state, uid)["hex"]
    out = []
    for water in b.neighbours(here):
        if b.terrain[water] not in WATER:
            continue
        for h in b.neighbours(water):
            if h == here or h in enemy or h in reached or b.terrain[h] in WATER or neutral(state, h):
                continue
            cost = step_cost(state, uid, water, h, line=True)  # the landing hex's terrain, no river from water
            if cost is not None and MP + cost <= left:
                out.append((water, h))
    return sorted(set(out))


def _land(state: State, uid: str, water: str, to: str) -> None:
    rec = unit(state, uid)
    rec["hex"], rec["mp"], rec["moved"] = to, 0, True  # §14.17: it stops after crossing
    enter(state, rec["side"], [to])
    log(state, "amphibious", unit=uid, to=to, over=water)


def end_movement(state: State) -> None:
    if state["mover"] is not None:
        unit(state, state["mover"])["mp"] = 0
    state["mover"] = None


# === §10.21 Dismounting ===

def mode_actions(state: State, side: str) -> list[Action]:
    """§10.21: at the start of the Coalition movement phase (before any unit moves), a US, UK or French mech unit
    with land supply and no Islamic unit beside it may dismount, and a dismounted one remount."""
    if side != "coalition" or state["mover"] is not None or regroup_turn(state) == "forced":
        return []
    b = board(state)
    lines = Lines(state, "coalition")
    islamic = {unit(state, u)["hex"] for u in on_map(state, "islamic")}
    out: list[Action] = []
    for uid in on_map(state, "coalition"):
        rec = unit(state, uid)
        s = spec(state, uid)
        if s.power != "great" or s.movement_class != "mech" or rec.get("mode_turn") == state["turn"] \
                or s.type == "hq":
            continue  # an HQ is a headquarters, not a division to dismount (PROVENANCE)
        if any(n in islamic for n in b.neighbours(rec["hex"])):
            continue
        if not lines.supplied(uid, air=False):
            continue
        out.append({"type": "remount" if rec.get("dismounted") else "dismount", "unit": uid})
    return out


def change_mode(state: State, action: Action) -> None:
    rec = unit(state, action["unit"])
    rec["dismounted"] = action["type"] == "dismount"
    rec["mode_turn"] = state["turn"]  # §10.21: it neither moves nor attacks this turn
    log(state, action["type"], unit=action["unit"])
