"""§3.2D/F and §4 P1: the Reinforcement Phase: units arrive, chits join the pool."""

from __future__ import annotations

from ...engine import chits
from ...engine.core import Action, State
from .steps import Frame, decision, push, side_of
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
            if s.side != side or s.entry_turn != turn or unit(state, uid)["status"] != "pending":
                continue
            if s.airlift_option:
                waiting.append(uid)  # §3.2D: B/1-5 to LZ Columbus, or held for the Dustoff airlift
            elif s.setup in gd(state).board.areas:
                arrive(state, uid, s.setup)  # §3.2D: artillery, A/1-5 in LZ Columbus
            elif state["scenario"] == "historical" and s.historical_area:
                arrive(state, uid, s.historical_area)  # the historical entry area (a legal one)
            else:
                waiting.append(uid)
        if waiting:
            frames.append({"kind": "place", "side": side, "units": waiting})
    push(state, *frames)


def arrive(state: State, uid: str, area: str) -> None:
    unit(state, uid).update(area=area, status="map")
    log(state, "arrives", unit=name(uid), area=area_name(area))


def places(state: State, uid: str) -> list[str]:
    """§3.2: the areas of the unit's circle, within the stacking limit (3) when placed."""
    s = spec(state, uid)
    if s.setup in gd(state).board.areas:
        return [s.setup]
    zone = gd(state).zone_areas(s.setup)
    if not s.stacks:
        return zone
    room = [a for a in zone
            if (lim := stacking_limit(state, a)) is None or stacking_count(state, a, s.side) < lim]
    return room or zone  # every circle full: placed overstacked rather than never (no dead end)


def _actions(state: State, frame: Frame) -> list[Action]:
    acts: list[Action] = []
    for uid in frame["units"]:
        acts += [{"type": "place", "unit": uid, "to": a} for a in places(state, uid)]
        if spec(state, uid).airlift_option:
            acts.append({"type": "hold", "unit": uid})
    return acts


def _apply(state: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    frame["units"].remove(uid)
    if action["type"] == "hold":
        unit(state, uid)["status"] = "held"  # §6.4: held off the map for the airlift
        log(state, "held", unit=name(uid))
    else:
        arrive(state, uid, action["to"])
    if not frame["units"]:
        state["stack"].pop()


decision("place", lambda s, f: side_of(f), _actions, _apply)
