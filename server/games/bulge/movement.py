"""§7 movement (combat and strategic), §5.4-§5.5 zones of control in movement: the moves of a movement phase.

A unit or a stack moves one hex at a time (§7.5). The player ``select``s a unit (or
``select_stack``s a hex), may switch it to strategic movement before its first step, then
``move``s it hex by hex and ends with ``end_move``; selecting another unit or ending the phase ends
the current move too. A unit that has spent MP is done for the phase (§7.5: a finished move
cannot be resumed). MP are kept in 1/``mp_scale`` units so that a half-MP road stays an integer.

``step_cost`` composes what each rule decides about a step, asked of its chapter's module: terrain.py
(§3.3), commandos.py (§9.5), restrictions.py (§9.6-§9.7), air.py (§10.4), units.py (§8.5(3)). Who may move
and how far: allowance.py (§7.1), reinforcements.py (§9.3).
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, IllegalAction, State
from . import air, commandos, fog, restrictions, terrain
from .allowance import allowance, can_select
from .breakthrough import breakthrough_actions, escape_actions
from .fog import meet, move_readers, situation_for
from .occupation import occupation, occupy
from .paradrop import paradrop_actions
from .reinforcements import entry_hexes
from .skorzeny import skorzeny_actions
from .units import (
    Situation,
    board,
    enemy,
    is_commando,
    is_important,
    log,
    name,
    option_retreat_bars,
    spec,
    stack_problem,
    tables,
    unit,
)
from .westwall import moved


def begin(state: State) -> None:
    """A new movement phase: fresh MP; occupation as it stands now is what §7.2(3) looks at."""
    for u in state["units"].values():
        if u["side"] == state["player"]:
            u.update(mp=0, moved=False, mode=None)
    state["mover"] = None
    bd = board(state)  # §7.2(3): as it stood at the start of the phase (kept where not the initial owner)
    state["occupied_start"] = {h: s for h, s in occupation(state).items() if s != bd.initial_owner(h)}
    if fog.on(state):
        # fog of war: the occupation as the moving side could judge it (its own units, the enemy it sees);
        # strategic moves are offered from this and meet the true one (``occupied_start``) when made
        seen = occupation(state, situation_for(state, state["player"]))
        state["occupied_start_seen"] = {h: s for h, s in seen.items() if s != bd.initial_owner(h)}


# === Who may move, and how far ===

def mp_left(state: State, uid: str) -> int:
    u = unit(state, uid)
    return allowance(state, uid, u.get("mode") or "combat") - int(u.get("mp", 0))


def owner_at_start(state: State, hex_id: str, seen: bool = False) -> str | None:
    """§7.2(3): occupation as it stood at the start of the movement phase (``seen``: as the moving side could
    judge it under fog of war)."""
    occ: dict[str, str | None] = state["occupied_start_seen" if seen and "occupied_start_seen" in state
                                       else "occupied_start"]
    if hex_id in occ:
        value = occ[hex_id]
        return str(value) if value is not None else None
    return board(state).initial_owner(hex_id)


def step_cost(state: State, sit: Situation, uids: list[str], mode: str, a: str | None, b: str) -> int | None:
    """The MP (in 1/mp_scale) for ``uids`` to step from ``a`` (None: off the map) into ``b``; None: not allowed.
    Each rule's part is asked of its chapter: commandos (§9.5(3)), option retreats (§8.5(3)), army zones and
    the British (§9.6-§9.7), then the movement itself (entry, strategic §7.2, combat movement)."""
    side = unit(state, uids[0])["side"]
    only_commandos = all(is_commando(state, u) for u in uids)
    ezoc = commandos.ezoc_for(sit, side, only_commandos)
    if not commandos.may_enter(sit, side, b, only_commandos) or option_retreat_bars(state, uids, b, ezoc) \
            or not restrictions.may_enter(state, uids, b):
        return None
    if a is None:
        return terrain.hex_cost(state, b)  # AMBIG-4: a reinforcement enters paying its entry hex's terrain
    if mode == "strategic":
        return strategic_cost(state, sit, side, only_commandos, ezoc, a, b)
    return combat_move_cost(state, uids, side, ezoc, a, b)


def strategic_cost(state: State, sit: Situation, side: str, only_commandos: bool, ezoc: frozenset[str],
                   a: str, b: str) -> int | None:
    """§7.2: only along main roads, never into an EZOC, only into hexes own side occupied at the start of the
    phase (commandos excepted, and the roads they opened, §9.5(2)), never into an enemy-occupied important city."""
    if not board(state).is_main_road(a, b) or b in ezoc:
        return None
    seen = sit.viewer is not None  # fog of war: as the moving side could judge it, met when the step is made
    owner = owner_at_start(state, b, seen=seen)
    if owner != side and not only_commandos and not commandos.opened(state, side, b, seen):
        return None
    if is_important(state, b) and owner == enemy(side):
        return None
    return terrain.main_road_rate(state)


def combat_move_cost(state: State, uids: list[str], side: str, ezoc: frozenset[str], a: str, b: str) -> int | None:
    """Combat movement (§7.1): the terrain's price (§3.3), §7.6 deep forest, §5.5 the EZOCs, §10.4 interdiction."""
    mech = any(spec(state, u).mechanised for u in uids)
    if mech and not board(state).is_road(a, b) and terrain.mech_road_only(state, a, b):
        return None  # §7.6: mechanised units enter and leave deep forest only along a road
    if a in ezoc and b in ezoc:
        return None  # §5.5: never directly from one EZOC hex into another
    cost = terrain.step(state, a, b)
    if cost is None:
        return None
    return cost + air.interdiction_mp(state, side, a, b) + leave_ezoc_mp(state, ezoc, a)


def leave_ezoc_mp(state: State, ezoc: frozenset[str], a: str) -> int:
    """§5.5: leaving an EZOC costs extra MP."""
    t = tables(state)
    return int(t.const("leave_ezoc_mp")) * t.mp_scale if a in ezoc else 0


# === The current mover ===

def mover_units(state: State) -> list[str]:
    m = state["mover"]
    return list(m["units"]) if m else []


def where(state: State, uids: list[str]) -> str | None:
    return unit(state, uids[0])["hex"] if unit(state, uids[0])["status"] == "map" else None


def destinations(state: State, sit: Situation) -> list[str]:
    m = state["mover"]
    uids = [u for u in mover_units(state) if unit(state, u)["status"] in ("map", "offmap")]
    if m is None or not uids or m.get("stopped"):
        return []
    a = where(state, uids)
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
    a = where(state, uids)
    if a is None:
        return False
    only_commandos = all(is_commando(state, u) for u in uids)
    return a in board(state).main_road_hexes and (only_commandos or a not in sit.ezoc(state["player"]))


def legal_actions(state: State) -> list[Action]:
    sit = situation_for(state, state["player"])  # fog of war: only what the mover sees
    acts: list[Action] = []
    m = state["mover"]
    if m is not None:
        lead = m["units"][0]
        acts += [{"type": "move", "unit": lead, "to": h} for h in destinations(state, sit)]
        if can_go_strategic(state, sit):
            acts.append({"type": "strategic", "unit": lead})
        left = min(mp_left(state, u) for u in m["units"])
        acts += breakthrough_actions(state, m["units"], left)
        acts += escape_actions(state, m["units"])
        acts += commandos.discard_actions(state, m, where(state, m["units"]), left)
        acts.append({"type": "end_move", "unit": lead})
    acts += skorzeny_actions(state)
    acts += paradrop_actions(state)
    current = set(mover_units(state))
    player = state["player"]
    selectable = sorted(uid for uid, u in state["units"].items() if u["side"] == player and not u.get("moved")
                        and uid not in current and can_select(state, uid, sit))
    acts += [{"type": "select", "unit": u} for u in selectable]
    stacks: dict[str, int] = {}
    for u in selectable:
        h = unit(state, u)["hex"]
        if h is not None:
            stacks[h] = stacks.get(h, 0) + 1
    acts += [{"type": "select_stack", "at": h} for h, n in sorted(stacks.items()) if n > 1]
    acts.append({"type": "end_phase"})
    return acts


def discard_mp(state: State, n: int) -> None:
    """§9.5(3): the Allied player throws away MP on entering a commando's hex (limits a misdirection)."""
    t = tables(state)
    for u in mover_units(state):
        rec = unit(state, u)
        rec["mp"] = int(rec["mp"]) + n * t.mp_scale
    state["mover"]["discarded"] = True
    log(state, "discard_mp", units=[name(state, u) for u in mover_units(state)], mp=n)


def select(state: State, uids: list[str]) -> None:
    finish_move(state)
    start = unit(state, uids[0])["hex"]
    state["mover"] = {"units": uids, "mode": "combat", "steps": 0, "start": start}
    for u in uids:
        unit(state, u).update(mode="combat")


def select_stack(state: State, at: str) -> None:
    sit = situation_for(state, state["player"])
    uids = sorted(u for u in sit.units(at, state["player"]) if can_select(state, u, sit))
    if not uids:
        raise IllegalAction(f"Nothing of yours to move at {at}.")
    select(state, uids)


def go_strategic(state: State) -> None:
    state["mover"]["mode"] = "strategic"
    for u in mover_units(state):
        unit(state, u)["mode"] = "strategic"
    uids = mover_units(state)
    at = unit(state, uids[0])["hex"]
    log(state, "strategic", move_readers(state, uids, at, at), units=[name(state, u) for u in uids])


def move(state: State, to: str) -> None:
    uids = mover_units(state)
    a = where(state, uids)
    side = unit(state, uids[0])["side"]
    only_commandos = all(is_commando(state, u) for u in uids)
    if commandos.astray(state, uids, a):
        return  # §9.5(3): the German player leads it on (misdirection.py)
    sit = Situation(state)  # (after the detection roll, which may have removed commandos)
    cost = step_cost(state, sit, uids, state["mover"]["mode"], a, to)
    if cost is None or any(mp_left(state, u) < cost for u in uids):
        _blocked(state, sit, uids, a, to)  # fog of war: offered from what the side saw, met now
        return
    for u in uids:
        rec = unit(state, u)
        rec["mp"] = int(rec.get("mp", 0)) + cost
        rec.update(hex=to, status="map")
        moved(state, u, a, to)
    state["mover"]["steps"] += 1
    if a is None:
        state["mover"]["entered"] = True
    commandos.passed(state, uids, a, to)
    _log_step(state, uids, a, to)
    pass_through(state, uids, to)
    if commandos.found_entering(state, uids, to):
        state["mover"] = None
        return
    air.strike(state, side, uids, to)  # §10.4: a stack entering the marker's hex
    if not only_commandos and to in Situation(state).ezoc(state["player"]):
        state["mover"]["stopped"] = True  # §5.4/§7.7: entering an EZOC stops the move
    _finish_if_done(state, uids)


def _finish_if_done(state: State, uids: list[str]) -> None:
    """A move with nothing left to do ends by itself (judged on what the mover sees)."""
    if state["mover"] is not None and not destinations(state, situation_for(state, state["player"])) \
            and not state["pending"] \
            and not breakthrough_actions(state, uids, min(mp_left(state, u) for u in uids)) \
            and not escape_actions(state, uids):
        finish_move(state)


def _blocked(state: State, sit: Situation, uids: list[str], a: str | None, to: str) -> None:
    """Fog of war: a step offered from what the moving side sees meets what it did not see. The moves are
    offered from ``fog.situation_for``, so only two facts can differ: an unseen enemy unit holding an entry
    hex (every other hex a step enters lies within sight of the mover, §5.1 ZOC included), and what strategic
    movement reads: the occupation at the start of the phase (§7.2(3): a road held only if a road-only path
    joins it to a source, §13.3(2), which unseen units may cut far away) and the commandos' roads (§9.5(2): an
    unseen Allied unit may have passed along one, closing it). The unit does not enter, and its
    move for the phase is over (§7.5: a move begun cannot be resumed or redone); a reinforcement that did not
    enter is delayed at the end of the phase (§9.3)."""
    side = unit(state, uids[0])["side"]
    names = [name(state, u) for u in uids]
    if a is None:
        # §6.2(1), §9.3: no entry into a hex holding enemy units; the units met are seen there
        meet(state, side, sit.units(to, enemy(side), commandos=False))
        log(state, "entry_blocked", units=names, hex=to)
    else:
        assert state["mover"]["mode"] == "strategic", "only strategic moves can meet an unseen fact"
        log(state, "strategic_blocked", [side], units=names, hex=to)  # §7.2(3)
        if side == "german" and to not in commandos.commando_roads(state):
            commandos.road_met(state, to)  # §9.5(2): an Allied unit had closed the commando's road here
    for u in uids:
        unit(state, u)["moved"] = True
    finish_move(state)


def _log_step(state: State, uids: list[str], a: str | None, to: str) -> None:
    """One line per move naming the units, not one per hex. Under fog of war a line the enemy may not read
    (it does not see the units at both ends) goes to the owner only, and lines of both kinds never merge."""
    names = [name(state, u) for u in uids]
    readers = move_readers(state, uids, a, to)
    if a is None:
        log(state, "enter", readers, units=names, to=to)
        return
    last = state["log"][-1] if state["log"] else None
    if last and last["key"] == "log.move" and last["args"]["units"] == names and last["args"]["to"] == a \
            and last["to"] == readers:
        # log lines are shared between states: replace, never edit
        state["log"][-1] = {**last, "args": {**last["args"], "to": to}}
    else:
        log(state, "move", readers, units=names, frm=a, to=to)


def pass_through(state: State, uids: list[str], hex_id: str) -> None:
    """§13.3(2): the last side to pass through a tracked hex occupies it (commandos do not, §9.5(2))."""
    side = unit(state, uids[0])["side"]
    if all(is_commando(state, u) for u in uids):
        return
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
