"""§3.2D/F and §4 P1: the Reinforcement Phase: units arrive, chits join the pool."""

from __future__ import annotations

from ...engine import chits
from ...engine.core import Action, State
from ...engine.steps import Decision, Frame, Kind, pop, push
from .units import area_name, gd, log, name, spec, stacking_count, stacking_limit, tables, unit


def begin(state: State) -> None:
    turn = state["turn"]
    # §3.2B, §1.4: the chits of the schedule join the pool.
    added = []
    for chit, n in sorted(tables(state)["chit_schedule"].get(str(turn), {}).items()):
        chits.put(state, "cup", *([chit] * n))
        added += [{"key": f"chit.{chit}"}] * n
    if added:
        log(state, "chits_added", chits=added)
    frames = []
    for side in ("nva", "us"):
        waiting = []
        for uid, s in sorted(gd(state).units.items()):
            if s.side != side or unit(state, uid)["status"] != "pending" or due(state, uid) != turn:
                continue
            if s.airlift_option:
                waiting.append(uid)  # §3.2D: B/1-5 to LZ Columbus, or held for the Dustoff airlift
            elif s.setup in gd(state).board.areas and has_room(state, uid, s.setup):
                arrive(state, uid, s.setup)  # §3.2D: artillery, A/1-5 in LZ Columbus (no limit, D-2)
            elif state["scenario"] == "historical" and s.historical_area and has_room(state, uid, s.historical_area):
                arrive(state, uid, s.historical_area)  # the historical entry area, while it has room
            else:
                waiting.append(uid)  # §3.2: the player places it in its circle, within stacking
        frame: Frame = {"kind": "place", "side": side, "units": waiting}
        if _settle(state, frame):
            frames.append(frame)
    push(state, *frames)


def due(state: State, uid: str) -> int:
    """The turn a reinforcement waits for on the Turn Track: its entry turn, or later (AMBIG-31)."""
    return int(unit(state, uid).get("due", spec(state, uid).entry_turn))


def arrive(state: State, uid: str, area: str) -> None:
    unit(state, uid).update(area=area, status="map")
    log(state, "arrives", unit=name(uid), area=area_name(area))


def has_room(state: State, uid: str, area: str) -> bool:
    """§3.2: 「スタック制限は配置するときにも適用される」: a unit that stacks (officers do not) is placed
    only where its side has fewer than 3 units (LZ Columbus: no limit, PROVENANCE D-2)."""
    if not spec(state, uid).stacks:
        return True
    limit = stacking_limit(state, area)
    return limit is None or stacking_count(state, area, spec(state, uid).side) < limit


def places(state: State, uid: str) -> list[str]:
    """§3.2: the areas of the unit's circle (or its one area) where it is within the stacking limit."""
    s = spec(state, uid)
    areas = [s.setup] if s.setup in gd(state).board.areas else gd(state).zone_areas(s.setup)
    return [a for a in areas if has_room(state, uid, a)]


def _settle(state: State, frame: Frame) -> bool:
    """AMBIG-31: a reinforcement with no area of its circle within the stacking limit is not placed
    overstacked: it stays on the Turn Track for the next turn's Reinforcement Phase. Whether the
    placement step still has units to place."""
    for uid in list(frame["units"]):
        if not places(state, uid) and not spec(state, uid).airlift_option:
            frame["units"].remove(uid)
            unit(state, uid)["due"] = state["turn"] + 1
            log(state, "reinforcement_delayed", unit=name(uid), turn=state["turn"] + 1)
    return bool(frame["units"])


def _actions(state: State, frame: Frame) -> list[Action]:
    acts: list[Action] = []
    for uid in frame["units"]:
        acts += [{"type": "place", "unit": uid, "to": a} for a in places(state, uid)]
        if spec(state, uid).airlift_option:
            acts.append({"type": "hold", "unit": uid})
    return acts


def _place(state: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    frame["units"].remove(uid)
    arrive(state, uid, action["to"])
    _placed(state, frame)


def _hold(state: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    frame["units"].remove(uid)
    unit(state, uid)["status"] = "held"  # §6.4: held off the map for the airlift
    log(state, "held", unit=name(uid))
    _placed(state, frame)


def _placed(state: State, frame: Frame) -> None:
    if not _settle(state, frame):
        pop(state)


# === The frame kinds of this chapter ===

STEPS: dict[str, Kind] = {"place": Decision(_actions, {"place": _place, "hold": _hold})}
