"""§7 movement (combat and strategic), §5.4-§5.5 zones of control in movement, §9.3 reinforcements.

A unit or a stack moves one hex at a time (§7.5). The player ``select``s a unit (or
``select_stack``s a hex), may switch it to strategic movement before its first step, then
``move``s it hex by hex and ends with ``end_move``; selecting another unit or ending the phase ends
the current move too. A unit that has spent MP is done for the phase (§7.5: a finished move
cannot be resumed). MP are kept in 1/``mp_scale`` units so that a half-MP road stays an integer.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, IllegalAction, State
from .units import (
    Situation,
    board,
    enemy,
    is_commando,
    is_important,
    log,
    name,
    spec,
    stack_problem,
    tables,
    unit,
)


def begin(state: State) -> None:
    """A new movement phase: fresh MP; occupation as it stands now is what §7.2(3) looks at."""
    for u in state["units"].values():
        if u["side"] == state["player"]:
            u.update(mp=0, moved=False, mode=None)
    state["mover"] = None
    state["occupied_start"] = dict(state["occupied"])


# === Who may move, and how far ===

def allowance(state: State, uid: str, mode: str) -> int:
    """§7.1/§14.5: the Movement Allowance Chart, by functional colour, in 1/mp_scale MP."""
    t = tables(state)
    s = spec(state, uid)
    ma = t.movement_allowance.get(s.functional)
    value = int(ma[mode]) if ma else int(t.const(f"commando_{mode}_mp", 0))
    return value * t.mp_scale


def mp_left(state: State, uid: str) -> int:
    u = unit(state, uid)
    return allowance(state, uid, u.get("mode") or "combat") - int(u.get("mp", 0))


def due(state: State, uid: str) -> bool:
    """§9.3: a reinforcement may enter from its printed turn on (never early), 1st movement phase only."""
    u = unit(state, uid)
    return u["status"] == "offmap" and u.get("due") is not None and u["due"] <= state["turn"]


def can_select(state: State, uid: str) -> bool:
    u = unit(state, uid)
    if u["side"] != state["player"] or u.get("moved"):
        return False
    if state["phase"] == "movement_2":
        # §4.2: in the 2nd movement phase only mechanised units and commandos move.
        if not (spec(state, uid).mechanised or is_commando(state, uid)):
            return False
        if u["status"] != "map":
            return False
    if u["status"] == "offmap":
        return due(state, uid) and bool(entry_hexes(state, uid, Situation(state)))
    return u["status"] == "map" and not u.get("frozen")


def entry_hexes(state: State, uid: str, sit: Situation) -> list[str]:
    """§9.3: the entry hexes of the unit's printed direction that are open to it."""
    s = spec(state, uid)
    if s.entry is None:
        return []
    out = []
    for e in board(state).entries_of(s.side, s.entry[1]):
        if e.id in state["broken_through"]:
            continue  # §13.6: no entry where the Germans broke through
        if sit.has_enemy(e.hex, s.side):
            continue
        out.append(e.hex)
    return sorted(set(out))


def _default_owner(state: State, hex_id: str) -> str:
    b = board(state)
    return "german" if hex_id in b.west_wall or hex_id in b.germany else "allied"


def owner_at_start(state: State, hex_id: str) -> str | None:
    """§7.2(3): occupation as it stood at the start of the movement phase."""
    occ: dict[str, str | None] = state.get("occupied_start") or state["occupied"]
    if hex_id in occ:
        value = occ[hex_id]
        return str(value) if value is not None else None
    return _default_owner(state, hex_id)


def step_cost(state: State, sit: Situation, uids: list[str], mode: str, a: str | None, b: str) -> int | None:
    """The MP (in 1/mp_scale) for ``uids`` to step from ``a`` (None: off the map) into ``b``; None: not allowed."""
    bd, t = board(state), tables(state)
    side = unit(state, uids[0])["side"]
    commandos = all(is_commando(state, u) for u in uids)
    if sit.has_enemy(b, side) and not commandos:
        return None  # §9.5(3): only a commando may share a hex with Allied units
    ezoc = frozenset() if commandos else sit.ezoc(side)  # §9.5(3): Allied ZOC does not affect commandos
    if b in ezoc and any(unit(state, u).get("option_retreat") for u in uids):
        return None  # §8.5(3): after an Option Retreat, no entering an EZOC in the next own player turn
    if a is None:
        # AMBIG-4: a reinforcement enters its entry hex paying that hex's terrain cost.
        return _hex_cost(state, b)
    road = bd.is_road(a, b)
    if mode == "strategic":
        # §7.2: only along main roads, never into an EZOC, only into hexes own side occupied at the
        # start of the phase (commandos excepted), never into an enemy-occupied important city.
        if not bd.is_main_road(a, b) or b in ezoc:
            return None
        owner = owner_at_start(state, b)
        if owner != side and not commandos:
            return None
        if is_important(state, b) and owner == enemy(side):
            return None
        return t.mp("main_road") if "main_road" in t.terrain else t.mp("road")
    mech = any(spec(state, u).mechanised for u in uids)
    deep = bd.terrain_of(a) == "deep_forest" or bd.terrain_of(b) == "deep_forest"
    if mech and deep and not road:
        return None  # §7.6: mechanised units enter and leave deep forest only along a road
    if a in ezoc and b in ezoc:
        return None  # §5.5: never directly from one EZOC hex into another
    if road:
        # §3.3(7): the road cost only when moving along the road.
        main = bd.is_main_road(a, b) and "main_road" in t.terrain
        cost = t.mp("main_road") if main else t.mp("road")
    else:
        cost = _hex_cost(state, b)
        if cost is not None and bd.is_river(a, b):
            # AMBIG-3: a river hexside adds its printed cost (a major river may be impassable).
            extra = t.mp("major_river") if bd.is_major_river(a, b) and "major_river" in t.terrain else t.mp("river")
            cost = None if extra is None else cost + extra
    if cost is None:
        return None
    if a in ezoc:
        cost += int(t.const("leave_ezoc_mp", 1)) * t.mp_scale  # §5.5: leaving an EZOC costs extra MP
    return cost


def _hex_cost(state: State, hex_id: str) -> int | None:
    """AMBIG-3: in a hex with several terrains the most expensive one counts."""
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


# === The current mover ===

def mover_units(state: State) -> list[str]:
    m = state["mover"]
    return list(m["units"]) if m else []


def _where(state: State, uids: list[str]) -> str | None:
    return unit(state, uids[0])["hex"] if unit(state, uids[0])["status"] == "map" else None


def destinations(state: State, sit: Situation) -> list[str]:
    m = state["mover"]
    uids = [u for u in mover_units(state) if unit(state, u)["status"] in ("map", "offmap")]
    if m is None or not uids or m.get("stopped"):
        return []
    a = _where(state, uids)
    mode = m["mode"]
    options = entry_hexes(state, uids[0], sit) if a is None else board(state).neighbours(a)
    out = []
    for b in options:
        cost = step_cost(state, sit, uids, mode, a, b)
        if cost is not None and all(mp_left(state, u) >= cost for u in uids):
            out.append(b)
    return sorted(out)


def can_go_strategic(state: State, sit: Situation) -> bool:
    """§7.2(1)-(2): the unit starts on a main road and not in an EZOC; decided before its first step."""
    m = state["mover"]
    if m is None or m["mode"] != "combat" or m["steps"]:
        return False
    uids = mover_units(state)
    a = _where(state, uids)
    if a is None:
        return False
    commandos = all(is_commando(state, u) for u in uids)
    return a in board(state).main_road_hexes and (commandos or a not in sit.ezoc(state["player"]))


def legal_actions(state: State) -> list[Action]:
    sit = Situation(state)
    acts: list[Action] = []
    m = state["mover"]
    if m is not None:
        lead = m["units"][0]
        acts += [{"type": "move", "unit": lead, "to": h} for h in destinations(state, sit)]
        if can_go_strategic(state, sit):
            acts.append({"type": "strategic", "unit": lead})
        acts.append({"type": "end_move", "unit": lead})
    current = set(mover_units(state))
    selectable = sorted(u for u in state["units"] if u not in current and can_select(state, u))
    acts += [{"type": "select", "unit": u} for u in selectable]
    stacks: dict[str, int] = {}
    for u in selectable:
        h = unit(state, u)["hex"]
        if h is not None:
            stacks[h] = stacks.get(h, 0) + 1
    acts += [{"type": "select_stack", "at": h} for h, n in sorted(stacks.items()) if n > 1]
    acts.append({"type": "end_phase"})
    return acts


def select(state: State, uids: list[str]) -> None:
    finish_move(state)
    start = unit(state, uids[0])["hex"]
    state["mover"] = {"units": uids, "mode": "combat", "steps": 0, "start": start}
    for u in uids:
        unit(state, u).update(mode="combat")


def select_stack(state: State, at: str) -> None:
    uids = sorted(u for u in Situation(state).units(at, state["player"]) if can_select(state, u))
    if not uids:
        raise IllegalAction(f"Nothing of yours to move at {at}.")
    select(state, uids)


def go_strategic(state: State) -> None:
    state["mover"]["mode"] = "strategic"
    for u in mover_units(state):
        unit(state, u)["mode"] = "strategic"
    log(state, "strategic", units=[name(state, u) for u in mover_units(state)])


def move(state: State, to: str) -> None:
    sit = Situation(state)
    uids = mover_units(state)
    a = _where(state, uids)
    cost = step_cost(state, sit, uids, state["mover"]["mode"], a, to)
    assert cost is not None
    for u in uids:
        rec = unit(state, u)
        rec["mp"] = int(rec.get("mp", 0)) + cost
        rec.update(hex=to, status="map")
    state["mover"]["steps"] += 1
    if a is None:
        log(state, "enter", units=[name(state, u) for u in uids], to=to)
    else:
        log(state, "move", units=[name(state, u) for u in uids], frm=a, to=to)
    pass_through(state, uids, to)
    commandos = all(is_commando(state, u) for u in uids)
    if not commandos and to in Situation(state).ezoc(state["player"]):
        state["mover"]["stopped"] = True  # §5.4/§7.7: entering an EZOC stops the move
    if not destinations(state, Situation(state)):
        finish_move(state)


def pass_through(state: State, uids: list[str], hex_id: str) -> None:
    """§13.3(2): the last side to pass through a tracked hex occupies it (commandos do not, §9.5(2))."""
    side = unit(state, uids[0])["side"]
    if all(is_commando(state, u) for u in uids):
        return
    from .supply import occupy
    occupy(state, hex_id, side)


def finish_move(state: State) -> None:
    m = state["mover"]
    if m is None:
        return
    for u in m["units"]:
        rec = unit(state, u)
        if m["steps"]:
            rec["moved"] = True  # §7.5: a finished move cannot be resumed
        else:
            rec["mode"] = None
    state["mover"] = None


# === §6.3 the stacking check at the end of a movement phase ===

def stack_violations(state: State, side: str) -> list[str]:
    """Hexes where ``side``'s units break §6.2."""
    sit = Situation(state)
    out = []
    for h, uids in sorted(sit.at.items()):
        own = [u for u in uids if unit(state, u)["side"] == side]
        if own and stack_problem(state, own, h) is not None:
            out.append(h)
    return out


def excess_actions(state: State, task: dict[str, Any]) -> list[Action]:
    """§6.3: the owner removes units from a broken stack until it is legal."""
    sit = Situation(state)
    acts: list[Action] = []
    for h in stack_violations(state, task["side"]):
        acts += [{"type": "remove", "unit": u} for u in sorted(sit.units(h, task["side"], commandos=False))]
    return acts
