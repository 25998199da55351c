"""§7.5 a move to a destination, made hex by hex: one action takes a unit or a stack along the cheapest path
(or through the player's waypoints, ``via``) and runs each step's rules in order: §9.5(3) the commando
detection on leaving a commando's hex (and the unit gone astray), the step's price and whether the step may
be made at all as the truth has it (fog of war: offered from what the side saw, met now), §13.3(2) the
occupation of the hexes passed, §9.5(3) the commandos' detection on entering, §10.4 the interdiction strike,
§5.4/§7.7 the stop in an EZOC. Where one of them stops the unit or leaves a decision to a player, the move
stops there: a log line and the prompt (``state["stop"]``) say why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.core import Action, IllegalAction, State
from ...engine.paths import Reached, path, route
from . import air, commandos, fog
from .breakthrough import breakthrough_actions, escape_actions
from .fog import meet, move_readers, situation_for
from .movement import OFF, budget, finish_move, mp_left, reach, step_cost, stops, where
from .occupation import occupy
from .reinforcements import entry_hexes
from .units import Situation, board, by_ref, enemy, is_commando, log, name, tables, unit
from .westwall import moved


def units_of(state: State, action: Action) -> list[str]:
    """The units an offered move names: ``units`` for a stack, else ``unit``."""
    refs = action.get("units") or [action["unit"]]
    return [by_ref(state, r) for r in refs]


def move(state: State, action: Action) -> None:
    """The offered move ``action``: a new move ends the one under way (§7.5); then along its path."""
    uids = units_of(state, action)
    mode = str(action.get("mode") or "combat")
    to = str(action["to"])
    m = state["mover"]
    state["stop"] = None
    if m is None or m["units"] != uids or m["mode"] != mode:
        finish_move(state)  # §7.5: another unit moves: the last move is over
        state["mover"] = {"units": uids, "mode": mode, "steps": 0, "start": where(state, uids)}
        for u in uids:
            unit(state, u)["mode"] = mode
        if mode == "strategic":
            at = str(where(state, uids))
            log(state, "strategic", move_readers(state, uids, at, at), units=[name(state, u) for u in uids])
    for step in _path(state, uids, mode, to, action.get("via")):
        if not _step(state, uids, where(state, uids), step):
            break
    finish_if_done(state, uids)


def _path(state: State, uids: list[str], mode: str, to: str, via: Any) -> list[str]:
    """The hexes the move steps into: the cheapest path as the mover sees it, or through the waypoints, each
    leg a cheapest path with the MP left (``engine.paths.route``), a waypoint next to the last one a step
    straight into it (so a client may send the whole path, hex by hex); refused with the reason when not legal."""
    sit = situation_for(state, state["player"])
    here = where(state, uids) or OFF
    if not via:
        return path(reach(state, sit, uids, mode), to)
    halt = stops(state, sit, uids)
    for w in via[:-1] if via[-1] == to else via:
        if w in halt:
            raise IllegalAction(f"The move would stop at {w} (a zone of control, an air interdiction or a "
                                f"commando's hex): it cannot go on through it.")

    def leg(at: str, mp: int) -> Mapping[str, Reached]:
        out = dict(reach(state, sit, uids, mode, at, mp))
        for n in entry_hexes(state, uids[0], sit) if at == OFF else board(state).neighbours(at):
            step = step_cost(state, sit, uids, mode, None if at == OFF else at, n)
            if step is not None and step <= mp:
                out[n] = Reached(step, at)  # a waypoint next door: straight into it
        return out
    found = route(here, [*via, to] if via[-1] != to else via, leg, budget(state, uids))
    if found is None:
        raise IllegalAction(f"{to} cannot be reached through {', '.join(via)} with the MP left.")
    return found[0]


def _step(state: State, uids: list[str], a: str | None, to: str) -> bool:
    """One hex of the move; False where the move stops."""
    side = unit(state, uids[0])["side"]
    only_commandos = all(is_commando(state, u) for u in uids)
    if commandos.astray(state, uids, a):
        return False  # §9.5(3): the German player leads it on (misdirection.py)
    sit = Situation(state)  # the truth (after the detection roll, which may have removed commandos)
    cost = step_cost(state, sit, uids, state["mover"]["mode"], a, to)
    if cost is None or any(mp_left(state, u) < cost for u in uids):
        _blocked(state, sit, uids, a, to)  # fog of war: offered from what the side saw, met now
        return False
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
    fog.glimpse(state, uids)  # the enemy saw it pass here (if it did)
    pass_through(state, uids, to)
    if commandos.found_entering(state, uids, to):
        state["mover"] = None  # §9.5(3): found and removed (the detection line says so)
        state["stop"] = {"units": [name(state, u) for u in uids], "hex": to, "why": "detected"}
        return False
    air.strike(state, side, uids, to)  # §10.4: a stack entering the marker's hex
    if state["pending"]:
        return _stop(state, uids, to, "interdiction")
    if not only_commandos and to in Situation(state).ezoc(state["player"]):
        state["mover"]["stopped"] = True  # §5.4/§7.7: entering an EZOC stops the move
        return _stop(state, uids, to, "ezoc")
    if side == "allied" and not fog.on(state) and commandos.commandos_at(state, to):
        return _stop(state, uids, to, "commando")  # §9.5(3): it may discard MP before it leaves
    return True


def _stop(state: State, uids: list[str], at: str, why: str) -> bool:
    """The move stops at ``at``: the log (to the mover's side under fog of war) and the prompt say why."""
    names = [name(state, u) for u in uids]
    log(state, "stop", fog.private(state, unit(state, uids[0])["side"]), units=names, hex=at,
        why={"key": f"stop.{why}"})
    state["stop"] = {"units": names, "hex": at, "why": why}
    return False


def finish_if_done(state: State, uids: list[str]) -> None:
    """A move with nothing left to do ends by itself (judged on what the mover sees)."""
    m = state["mover"]
    if m is None or state["pending"]:
        return
    sit = situation_for(state, state["player"])
    here = where(state, uids) or OFF
    goes_on = not m.get("stopped") and any(h != here for h in reach(state, sit, uids, m["mode"]))
    if not goes_on and not breakthrough_actions(state, uids, budget(state, uids)) \
            and not escape_actions(state, uids) \
            and not commandos.discard_actions(state, m, where(state, uids), budget(state, uids)):
        finish_move(state)


def _blocked(state: State, sit: Situation, uids: list[str], a: str | None, to: str) -> None:
    """Fog of war: a step offered from what the moving side sees meets what it did not see: an unseen enemy unit
    holding the hex (an entry hex, or a hex beyond its sight that the path reached), or, for strategic movement,
    the occupation at the start of the phase (§7.2(3): a road held only if a road-only path joins it to a source,
    §13.3(2), which unseen units may cut far away) and the commandos' roads (§9.5(2): an unseen Allied unit may
    have passed along one, closing it). The unit does not enter, and its move for the phase is over (§7.5: a move
    begun cannot be resumed or redone); a reinforcement that did not enter is delayed at the end of the phase
    (§9.3)."""
    side = unit(state, uids[0])["side"]
    names = [name(state, u) for u in uids]
    held = sit.units(to, enemy(side), commandos=False)
    if a is None:
        meet(state, side, held)  # §6.2(1), §9.3: no entry into a hex holding enemy units; they are seen there
        log(state, "entry_blocked", units=names, hex=to)
        why = "entry_blocked"
    elif held or state["mover"]["mode"] != "strategic":
        meet(state, side, held)  # a hex beyond the mover's sight when the move began
        log(state, "move_blocked", [side], units=names, hex=to)
        why = "blocked"
    else:
        log(state, "strategic_blocked", [side], units=names, hex=to)  # §7.2(3)
        if side == "german" and to not in commandos.commando_roads(state):
            commandos.road_met(state, to)  # §9.5(2): an Allied unit had closed the commando's road here
        why = "strategic_blocked"
    state["stop"] = {"units": names, "hex": to, "why": why}
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


def discard_mp(state: State, n: int) -> None:
    """§9.5(3): the Allied player throws away MP on entering a commando's hex (limits a misdirection)."""
    t = tables(state)
    uids = list(state["mover"]["units"])
    for u in uids:
        rec = unit(state, u)
        rec["mp"] = int(rec["mp"]) + n * t.mp_scale
    state["mover"]["discarded"] = True
    log(state, "discard_mp", units=[name(state, u) for u in uids], mp=n)
    finish_if_done(state, uids)


def stop_prompt(state: State) -> dict[str, Any] | None:
    """The prompt's reason when the last move stopped short (``state["stop"]``), or None."""
    s = state.get("stop")
    if not s:
        return None
    return {"units": s["units"], "hex": s["hex"], "why": {"key": f"stop.{s['why']}"}}

