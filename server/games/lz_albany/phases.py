"""§5.13 casualty removal at the end of the Action Phase, §5.14 the Recovery Phase, §5.16 flares."""

from __future__ import annotations

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Auto, Decision, Frame, Kind, pop, push
from .data import TRANSIT
from .units import (
    area_name,
    combat_units_at,
    gd,
    is_lit,
    is_night,
    log,
    name,
    remove_casualty,
    spec,
    tables,
    unit,
    units_at,
)

# === §5.13 CASUALTY REMOVAL (AMBIG-3: once, at the end of every Action Phase) ===

def _end_action(state: State, frame: Frame) -> None:
    pop(state)
    markers = sorted(u for u, rec in state["units"].items() if rec["status"] == "casualty")
    for uid in markers:
        area = unit(state, uid)["area"]
        if not combat_units_at(state, area, "nva"):
            continue
        if area in state["flares"]:
            remove_casualty(state, uid)  # §5.16: flare, NVA and a marker: removed with no roll
        elif is_night(state):
            face = rng.roll(state)  # §5.13 8.4D: at night 1-3 removes it, US platoons or not
            log(state, "night_removal", unit=name(uid), face=face)
            if face in tables(state)["casualties"]["night_removal_on"]:
                remove_casualty(state, uid)
        elif not combat_units_at(state, area, "us"):
            remove_casualty(state, uid)  # §5.13 8.4C: by day, unless a US platoon protects it


# === §5.14 RECOVERY ===

def begin_recovery(state: State) -> None:
    # §4: the US skips recovery on turn 1; AMBIG-2: the NVA first.
    sides = ["nva"] if state["turn"] == 1 else ["nva", "us"]
    push(state, *({"kind": "recovery", "side": s, "used": [], "recovered": []} for s in sides))


def _recoverable(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return spec(state, uid).combat and u["status"] == "map" and u["hits"] in tables(state)["recovery"]["eligible_hits"]


def _recovery_actions(state: State, frame: Frame) -> list[Action]:
    """§5.14 9.2: an unwounded officer removes 1 hit from a unit of its formation in its area
    (a senior officer from any unit)."""
    acts: list[Action] = []
    for uid, s in sorted(gd(state).units.items()):
        u = unit(state, uid)
        if s.side != frame["side"] or not s.is_officer or u["status"] != "map" or u["hits"] or uid in frame["used"]:
            continue
        for v in units_at(state, u["area"], s.side):
            same = s.is_senior or spec(state, v).formation == s.formation
            if _recoverable(state, v) and v not in frame["recovered"] and same:
                acts.append({"type": "recover", "unit": v, "officer": uid})
    return [*acts, {"type": "end_recovery"}]


def _recover(state: State, frame: Frame, action: Action) -> None:
    v, o = action["unit"], action["officer"]
    unit(state, v)["hits"] -= 1
    frame["used"].append(o)
    frame["recovered"].append(v)
    log(state, "recovered", unit=name(v), officer=name(o))


def _end_recovery(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    # §5.14 9.1: without an officer, 1d6 per unit with hits; a 6 removes one (AMBIG-17: not twice).
    for uid in sorted(state["units"]):
        if spec(state, uid).side == frame["side"] and _recoverable(state, uid) and uid not in frame["recovered"]:
            face = rng.roll(state)
            ok = face in tables(state)["recovery"]["without_officer_on"]
            log(state, "recovery_roll", unit=name(uid), face=face, ok=ok)
            if ok:
                unit(state, uid)["hits"] -= 1


# === §5.16 FLARES ===

def _calls_flares(state: State, uid: str) -> bool:
    """A US unit on the map (not a casualty marker), or an unwounded officer: seed §10.4, a wounded
    officer has lost every special ability, the night flare request (§10.3) included."""
    u = unit(state, uid)
    return u["status"] == "map" and (spec(state, uid).combat or u["hits"] == 0)


def flare_areas(state: State) -> list[str]:
    """§5.16 11.2: areas holding, or adjacent to, a US unit or officer."""
    board = gd(state).board
    callers = {unit(state, u)["area"] for u in state["units"]
               if spec(state, u).side == "us" and _calls_flares(state, u)}
    out = []
    for a in sorted(board.ids()):
        if a == TRANSIT or gd(state).terrain(a) == "lz_columbus" or is_lit(state, a):
            continue
        if any(n in callers for n in [a, *board.neighbours(a)]):
            out.append(a)
    return out


def _flare_actions(state: State, frame: Frame) -> list[Action]:
    if state["flares_left"] <= 0 or frame["placed"] >= tables(state)["flares"]["per_us_fire_move_chit"]:
        return []
    return [*({"type": "flare", "at": a} for a in flare_areas(state)), {"type": "end_flares"}]


def _end_flares(state: State, frame: Frame, action: Action) -> None:
    pop(state)


def _flare(state: State, frame: Frame, action: Action) -> None:
    # §5.16: the marker stays on the map until Admin (and counts for the casualty removal at the end
    # of the Action Phase); AMBIG-20: it lights the area for the action of this chit only.
    state["flares"] = sorted([*state["flares"], action["at"]])
    state["lit"] = sorted([*state.get("lit", []), action["at"]])
    state["flares_left"] -= 1
    frame["placed"] += 1
    log(state, "flare", at=area_name(action["at"]))



# === The frame kinds of this chapter ===

STEPS: dict[str, Kind] = {
    "end_action": Auto(_end_action),
    "recovery": Decision(_recovery_actions, {"recover": _recover, "end_recovery": _end_recovery}),
    "flares": Decision(_flare_actions, {"flare": _flare, "end_flares": _end_flares}),
}
