"""§4.1 / §5.1 Fire/Move chits, activation of a unit group, Adrenaline, officers joining, and
§5.3 movement between areas (contested areas, LZ Columbus and the transit area, carrying casualties,
the NVA retreat)."""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, State
from ...engine.steps import Decision, Frame, Kind, pop, push, side_of
from . import combat, support
from .data import COLUMBUS, TRANSIT
from .units import (
    area_name,
    gd,
    has_marker,
    is_contested,
    log,
    name,
    side_name,
    spec,
    tables,
    unit,
    units_at,
)

MODES = ("fire", "move")


# === §4.1 A FIRE/MOVE CHIT: CHOOSE A GROUP AND A FACE ===

def group_on_map(state: State, group: str) -> list[str]:
    return [u for u in gd(state).members[group] if unit(state, u)["status"] == "map"]


def eligible_groups(state: State, side: str) -> list[str]:
    """§5.1: a group with an empty box (at most 2 activations a turn) and a unit on the map."""
    boxes = tables(state)["activation"]["boxes_per_group"]
    return [g for g, info in sorted(gd(state).groups.items())
            if info["side"] == side and len(state["boxes"][g]) < boxes and group_on_map(state, g)]


def lone_officers(state: State, side: str) -> list[str]:
    """§5.1 / §10.1: an officer with no friendly unit in its area may activate once a turn."""
    per_turn = tables(state)["activation"]["lone_officer_activations_per_turn"]
    units = state["units"]
    occupied = {u["area"] for uid, u in units.items()
                if u["status"] in ("map", "casualty") and spec(state, uid).combat and spec(state, uid).side == side}
    return [o for o in gd(state).officers[side]
            if units[o]["status"] == "map" and units[o]["hits"] == 0 and units[o]["area"] not in occupied
            and units[o]["area"] != TRANSIT and state["lone"].get(o, 0) < per_turn]


def _modes(state: State, side: str) -> tuple[str, ...]:
    # §4.1: under the NVA retreat every NVA chit is used for Move only.
    return ("move",) if side == "nva" and state["retreat"] else MODES


def _fm_actions(state: State, frame: Frame) -> list[Action]:
    side = side_of(frame)
    acts: list[Action] = []
    adrenaline_on = tables(state)["activation"]["adrenaline_on_activation"]
    for g in eligible_groups(state, side):
        for mode in _modes(state, side):
            acts.append({"type": "activate", "group": g, "mode": mode})
        # §5.3: on the group's 2nd chit the Adrenaline in the box gives two actions.
        if state["adrenaline"][side] and len(state["boxes"][g]) + 1 == adrenaline_on:
            for mode in _modes(state, side):
                acts.append({"type": "activate", "group": g, "mode": mode, "adrenaline": True})
    for o in lone_officers(state, side):
        acts.append({"type": "activate_officer", "unit": o})
    acts.append({"type": "pass"})  # AMBIG-5: a chit may be passed (wasted)
    return acts


def _pass(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    log(state, "chit_passed", side=side_name(side_of(frame)))


def _activate_lone_officer(state: State, frame: Frame, action: Action) -> None:
    """§5.1 / §10.1: the chit activates an officer alone in its area, who then moves like a unit."""
    pop(state)
    o = action["unit"]
    state["lone"][o] = state["lone"].get(o, 0) + 1
    log(state, "officer_activated", unit=name(o))
    push(state, _activation(side_of(frame), None, "move", 1, False, [o]))


def _activate_group(state: State, frame: Frame, action: Action) -> None:
    """§4.1: the group takes the chit's face into one of its boxes (§5.3: with the Adrenaline, twice)."""
    side = side_of(frame)
    pop(state)
    g, mode = action["group"], action["mode"]
    adrenaline = bool(action.get("adrenaline"))
    state["boxes"][g].append(mode)
    state["drawn"][frame["index"]].update(group=g, face=mode)
    if adrenaline:
        state["adrenaline"][side] = False
        log(state, "adrenaline", group={"key": f"group.{g}"})
    log(state, "activated", group={"key": f"group.{g}"}, mode={"key": f"chit_face.{mode}"})
    push(state, _activation(side, g, mode, 2 if adrenaline else 1, adrenaline, []))


def _activation(side: str, group: str | None, mode: str, left: int, adrenaline: bool,
                joined: list[str]) -> Frame:
    return {"kind": "act", "side": side, "group": group, "mode": mode, "left": left,
            "adrenaline": adrenaline, "joined": joined, "moved": {}, "fired": [], "carry": {}}


# === §5.1 THE ACTIVATED UNITS ===

def activated(state: State, frame: Frame) -> list[str]:
    """The group's units and officers on the map (§5.1, §10.1), plus senior officers who joined."""
    group = [] if frame["group"] is None else group_on_map(state, frame["group"])
    return sorted({*group, *(o for o in frame["joined"] if unit(state, o)["status"] == "map")})


def joinable(state: State, frame: Frame) -> list[str]:
    """§5.1: a senior officer may join activated units in its area, 2 times a turn (AMBIG-6)."""
    if frame["group"] is None:
        return []
    cap = tables(state)["activation"]["senior_officer_joins_per_turn"]
    areas = {unit(state, u)["area"] for u in activated(state, frame) if spec(state, u).combat}
    out = []
    for uid, s in sorted(gd(state).units.items()):
        u = unit(state, uid)
        if (s.side == frame["side"] and s.is_senior and u["status"] == "map" and u["hits"] == 0
                and u["area"] in areas and uid not in frame["joined"] and state["joins"].get(uid, 0) < cap):
            out.append(uid)
    return out


# === §5.3 MOVEMENT ===

def _may_leave(state: State, uid: str) -> bool:
    u = unit(state, uid)
    s = spec(state, uid)
    if not s.moves or has_marker(state, uid, "no_move", "no_fire_move"):
        return False  # §5.3: artillery never leaves LZ Columbus; §5.17 No-Move markers
    # §5.3: US units may not leave LZ Columbus while NVA units are in it.
    return not (s.side == "us" and u["area"] == COLUMBUS and units_at(state, COLUMBUS, "nva"))


def _may_enter(state: State, frame: Frame, uid: str, to: str) -> bool:
    s = spec(state, uid)
    here = unit(state, uid)["area"]
    if s.side == "nva" and frame["adrenaline"] and to == COLUMBUS:
        return False  # §5.3: the NVA may not use Adrenaline to enter LZ Columbus
    if s.side == "nva" and state["retreat"]:
        dist = gd(state).edge_distance
        return bool(dist[to] < dist[here])  # §5.2E, AMBIG-29: a moving unit goes toward a map edge
    return True


def _escorted(state: State, frame: Frame, here: str, to: str) -> bool:
    """§5.3 / §5.15 (seed §10.3): an officer moved from ``here`` to ``to`` this action, going with the
    hit or reduced platoon. Seed §10.4: a wounded officer has lost every special ability, so one
    carried along (as a casualty, §5.3) escorts nobody."""
    return any(m == [here, to] and spec(state, o).is_officer and unit(state, o)["hits"] == 0
               for o, m in frame["moved"].items())


def move_targets(state: State, frame: Frame, uid: str) -> list[str]:
    u = unit(state, uid)
    here = u["area"]
    if uid in frame["moved"] or not _may_leave(state, uid):
        return []
    s = spec(state, uid)
    out = []
    for to in gd(state).board.neighbours(here):
        if not _may_enter(state, frame, uid, to):
            continue
        # §5.3 / §5.12: a platoon with hits (or reduced) moves only with an officer going with it.
        if s.combat and u["hits"] > 0 and not _escorted(state, frame, here, to):
            continue
        out.append(to)
    return out


def _may_carry(state: State, frame: Frame, carrier: str, cargo: str) -> bool:
    return (spec(state, carrier).combat and unit(state, carrier)["status"] == "map"
            and spec(state, carrier).side == spec(state, cargo).side and carrier not in frame["carry"])


def cargo_targets(state: State, frame: Frame, uid: str) -> list[str]:
    """§5.3 / §5.13: a casualty marker or wounded officer moves only carried by a platoon that moved
    from its area this action, one each. AMBIG-28: a wounded NVA officer moves with an NVA unit."""
    u = unit(state, uid)
    here = u["area"]
    if uid in frame["moved"] or here is None:
        return []
    carriers = [c for c, m in frame["moved"].items() if m[0] == here and _may_carry(state, frame, c, uid)]
    return sorted({frame["moved"][c][1] for c in carriers})


def _cargo(state: State, frame: Frame) -> list[str]:
    side = frame["side"]
    specs = gd(state).units
    return sorted(uid for uid, u in state["units"].items()
                  if specs[uid].side == side and u["area"] is not None
                  and (u["status"] == "casualty"
                       or (specs[uid].is_officer and u["status"] == "map" and u["hits"] == 1)))


def _move_actions(state: State, frame: Frame) -> list[Action]:
    acts: list[Action] = []
    for uid in activated(state, frame):
        if spec(state, uid).is_officer and unit(state, uid)["hits"] > 0:
            continue  # a wounded officer moves only when carried
        acts += [{"type": "move", "unit": uid, "to": to} for to in move_targets(state, frame, uid)]
        area = unit(state, uid)["area"]
        if (frame["side"] == "nva" and state["retreat"] and gd(state).is_edge(area)
                and uid not in frame["moved"] and _may_leave(state, uid)):
            acts.append({"type": "exit", "unit": uid})  # §5.2E: off the map from an edge area
    for uid in _cargo(state, frame):
        acts += [{"type": "move", "unit": uid, "to": to} for to in cargo_targets(state, frame, uid)]
    return acts


def move(state: State, frame: Frame, uid: str, to: str) -> None:
    u = unit(state, uid)
    here = u["area"]
    s = spec(state, uid)
    if u["status"] == "map" and (s.combat or u["hits"] == 0):
        frame["moved"][uid] = [here, to]
    else:
        carrier = next(c for c, m in sorted(frame["moved"].items())
                       if m == [here, to] and _may_carry(state, frame, c, uid))
        frame["carry"][carrier] = uid
        frame["moved"][uid] = [here, to]
    u["area"] = to
    log(state, "moved", unit=name(uid), frm=area_name(here), to=area_name(to))


# === The activation step ===

def _act_actions(state: State, frame: Frame) -> list[Action]:
    acts: list[Action] = [{"type": "join", "unit": o} for o in joinable(state, frame)]
    if frame["mode"] == "move" or frame["left"] > 1:
        # §5.1 / §10.1: an officer alone in its area may activate (once a turn) when a friendly chit
        # is drawn, with the chit's activation, and then moves like a unit (it has nothing to fire).
        mine = activated(state, frame)
        acts += [{"type": "activate_officer", "unit": o} for o in lone_officers(state, frame["side"])
                 if o not in mine]
    if frame["mode"] == "move":
        acts += _move_actions(state, frame)
    else:
        acts += combat.fire_actions(state, frame, activated(state, frame))
        acts += support.mortar_actions(state, frame, activated(state, frame))
    acts.append({"type": "end_activation"})
    return acts


def _join(state: State, frame: Frame, action: Action) -> None:
    o = action["unit"]
    frame["joined"].append(o)
    state["joins"][o] = state["joins"].get(o, 0) + 1
    log(state, "officer_joined", unit=name(o))


def _join_lone_officer(state: State, frame: Frame, action: Action) -> None:
    o = action["unit"]
    frame["joined"] = [*frame["joined"], o]
    state["lone"][o] = state["lone"].get(o, 0) + 1
    log(state, "officer_activated", unit=name(o))


def _move(state: State, frame: Frame, action: Action) -> None:
    move(state, frame, action["unit"], action["to"])


def _exit(state: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    unit(state, uid).update(status="exited", area=None)  # §5.2E: not "eliminated" for VP
    log(state, "exited", unit=name(uid))


def _fire(state: State, frame: Frame, action: Action) -> None:
    combat.fire(state, frame, action["from"], action["at"], activated(state, frame),
                split=action["type"] == "fire_split")


def _mortar(state: State, frame: Frame, action: Action) -> None:
    support.mortar(state, frame, action["from"], action["at"], activated(state, frame))


def _end_activation(state: State, frame: Frame, action: Action) -> None:
    end_action(state, frame)


def end_action(state: State, frame: Frame) -> None:
    """Q&A 7, AMBIG-11: when the action is over, melee in every contested area holding activated
    units; with Adrenaline, after each action, then the second action."""
    pop(state)
    units = activated(state, frame)
    areas = sorted({unit(state, u)["area"] for u in units if spec(state, u).combat and unit(state, u)["area"]})
    melees: list[dict[str, Any]] = [
        {"kind": "melee", "side": frame["side"], "group": frame["group"], "area": a, "joined": frame["joined"]}
        for a in areas if is_contested(state, a)]
    after: list[dict[str, Any]] = []
    if frame["left"] > 1:
        after.append({"kind": "second", "side": frame["side"], "group": frame["group"],
                      "joined": frame["joined"], "adrenaline": True})
    push(state, *melees, *after)


def _second_actions(state: State, frame: Frame) -> list[Action]:
    if not frame["group"] or not group_on_map(state, frame["group"]):
        return []
    return [{"type": "second_action", "mode": m} for m in _modes(state, frame["side"])]


def _second_action(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    mode = action["mode"]
    log(state, "second_action", mode={"key": f"chit_face.{mode}"})
    push(state, _activation(frame["side"], frame["group"], mode, 1, True, list(frame["joined"])))



# === The frame kinds of this chapter ===

STEPS: dict[str, Kind] = {
    "fm": Decision(_fm_actions, {"pass": _pass, "activate_officer": _activate_lone_officer,
                                 "activate": _activate_group}),
    "act": Decision(_act_actions, {"join": _join, "activate_officer": _join_lone_officer, "move": _move,
                                   "exit": _exit, "fire": _fire, "fire_split": _fire, "mortar": _mortar,
                                   "end_activation": _end_activation}),
    "second": Decision(_second_actions, {"second_action": _second_action}),
}
