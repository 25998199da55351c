"""Counters in the state, the log, the flow stack, victory points and the hit ladder (§5.12, §5.18).

Each counter has one record ``state["units"][id]``: ``area`` (None off the map), ``status`` and
``hits``. Statuses: ``pending`` (a reinforcement not yet arrived), ``held`` (B/1-5 held off-map for
the airlift), ``map``, ``casualty`` (a US unit's casualty marker, §5.12: 4 hits), and the gone
states ``eliminated``, ``removed`` (a casualty marker removed), ``evacuated``, ``killed`` (an
officer) and ``exited`` (an NVA unit that left the map in the retreat). ``markers`` holds the Choi
Oi markers of the turn. A unit is reduced at 3 hits; an officer is wounded at 1 hit, killed at 2.

Nothing here is secret: every counter is public (§6). The only secret is the order of the cup,
which does not exist in the state (``engine.chits``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ...engine.areas import AreaMap
from ...engine.core import Message, State
from .data import COLUMBUS, STANDARD, TRANSIT, GameData, UnitSpec, dataset

GONE = ("eliminated", "removed", "evacuated", "killed", "exited")


# === The match's data (data.py): read through the state ===

def gd(state: State) -> GameData:
    """The dataset the match is played on (a state stored before datasets existed: the standard one)."""
    return dataset(state.get("data", STANDARD))


def spec(state: State, uid: str) -> UnitSpec:
    return gd(state).units[uid]


def tables(state: State) -> dict[str, Any]:
    return gd(state).tables


def board(state: State) -> AreaMap:
    return gd(state).board


def enemy(side: str) -> str:
    return "nva" if side == "us" else "us"


def unit(state: State, uid: str) -> dict[str, Any]:
    rec: dict[str, Any] = state["units"][uid]
    return rec


def log(state: State, key: str, **args: Any) -> None:
    """Append a public log line (nothing in this game is private, §6)."""
    state["log"].append({"key": f"log.{key}", "args": args, "to": None})


def name(uid: str) -> Message:
    return {"key": f"counter.{uid}"}


def area_name(area: str) -> Message:
    return {"key": f"area.{area}"}


def side_name(side: str) -> Message:
    return {"key": f"side.{side}"}


# === Where counters are ===

def units_at(state: State, area: str, side: str | None = None) -> list[str]:
    """Counters on the map in ``area`` (casualty markers included), sorted."""
    specs = gd(state).units
    return sorted(uid for uid, u in state["units"].items()
                  if u["area"] == area and u["status"] in ("map", "casualty")
                  and (side is None or specs[uid].side == side))


def combat_units_at(state: State, area: str, side: str) -> list[str]:
    """Combat units (not officers, not casualty markers) of ``side`` in ``area``, sorted; one pass."""
    specs = gd(state).units
    return sorted(uid for uid, u in state["units"].items()
                  if u["area"] == area and u["status"] == "map" and specs[uid].combat and specs[uid].side == side)


def officers_at(state: State, area: str, side: str, *, able: bool = False) -> list[str]:
    """Officers in ``area``; ``able``: unwounded only (§5.15: a wounded officer loses every ability)."""
    specs = gd(state).units
    return [u for u in units_at(state, area, side)
            if specs[u].is_officer and (not able or unit(state, u)["hits"] == 0)]


def stacking_count(state: State, area: str, side: str) -> int:
    """§5.2: units counting for stacking (officers and casualty markers do not)."""
    specs = gd(state).units
    return sum(1 for u in combat_units_at(state, area, side) if specs[u].stacks)


def stacking_limit(state: State, area: str) -> int | None:
    """§5.2: 3 units per side; PROVENANCE D-2: no limit in LZ Columbus (``stacking_limit`` null)."""
    return gd(state).limits[area]


def is_contested(state: State, area: str) -> bool:
    """§5.3: both sides have combat units there. §5.3: no combat in the transit area.

    AMBIG-25: casualty markers do not make an area contested.
    """
    if area == TRANSIT:
        return False
    seen = None  # one pass, no lists: this is asked for many areas on every legal-action list
    specs = gd(state).units
    for uid, u in state["units"].items():
        if u["area"] == area and u["status"] == "map":
            s = specs[uid]
            if s.combat:
                if seen is None:
                    seen = s.side
                elif seen != s.side:
                    return True
    return False


def occupied(state: State, side: str) -> set[str]:
    """The areas holding counters of ``side`` (casualty markers included), in one pass."""
    specs = gd(state).units
    return {u["area"] for uid, u in state["units"].items()
            if u["area"] is not None and u["status"] in ("map", "casualty") and specs[uid].side == side}


def contested_areas(state: State) -> list[str]:
    """Every contested area (``is_contested``), sorted, in one pass over the counters."""
    sides: dict[str, set[str]] = {}
    specs = gd(state).units
    for uid, u in state["units"].items():
        if u["area"] is not None and u["area"] != TRANSIT and u["status"] == "map" and specs[uid].combat:
            sides.setdefault(u["area"], set()).add(specs[uid].side)
    return sorted(a for a, ss in sides.items() if len(ss) == 2)


def is_reduced(state: State, uid: str) -> bool:
    return spec(state, uid).combat and unit(state, uid)["hits"] >= 3


def strength(state: State, uid: str, kind: str) -> int:
    """The current fire or melee strength: the reduced side from the 3rd hit (§5.12)."""
    s = spec(state, uid)
    face = s.reduced if is_reduced(state, uid) else s.full
    return int(face[kind]) if face else 0


def has_marker(state: State, uid: str, *markers: str) -> bool:
    return any(m in unit(state, uid)["markers"] for m in markers)


def is_night(state: State) -> bool:
    return state["turn"] in tables(state)["night"]["turns"]


def is_lit(state: State, area: str) -> bool:
    """§5.16 / AMBIG-20: a flare of the current chit's action is over ``area``. Seed §11.2: a flare
    cancels the night 「そのアクション中だけ」 (only during that action): the action of the US
    Fire/Move chit it was placed with; its marker stays on the map until Admin (``state["flares"]``)."""
    return area in state.get("lit", ())


def night_applies(state: State, area: str) -> bool:
    """§5.16: the night effects in ``area``, unless a flare lights it (AMBIG-20)."""
    return is_night(state) and not is_lit(state, area)


def in_columbus(area: str | None) -> bool:
    return area == COLUMBUS


# === Victory points (§5.18) ===

def score(state: State, side: str, what: str, times: int = 1) -> None:
    """Add the VP of ``what`` (a key of tables.json victory.<side>) and check the thresholds."""
    if state["result"] is not None or times <= 0:
        return
    vp = int(tables(state)["victory"][side][what]) * times
    state["vp"][side] += vp
    log(state, "vp", side=side_name(side), vp=vp, why={"key": f"vp.{what}"}, total=state["vp"][side])
    check_thresholds(state)


def check_thresholds(state: State) -> None:
    vic = tables(state)["victory"]
    if state["vp"]["nva"] >= vic["nva_automatic_victory_at"]:
        # §5.18 / §4.2, AMBIG-4: the NVA win the instant they reach 35, even while retreating.
        finish(state, "nva", Reason.AUTOMATIC)
        return
    if state["vp"]["us"] >= vic["nva_retreat_at_us_vp"] and not state["retreat"]:
        # §5.18 / §5.2E: at 30 US VP the NVA retreat, once; the US scores +3.
        state["retreat"] = True
        log(state, "nva_retreat")
        for box in (state["cup"], state["spent"]):
            if "nva_adr" in box:
                box.remove("nva_adr")  # §4.1: the NVA Adrenaline leaves the game
        state["adrenaline"]["nva"] = False
        score(state, "us", "nva_retreat")


class Reason(StrEnum):
    """Why a match of LZ Albany ended (``Outcome.reason``, the ``reason.<value>`` messages)."""

    AUTOMATIC = "automatic"  # §4.2: the NVA reach 35 VP
    VP = "vp"  # §5.18: more VP after turn 10
    TIE_LZ = "tie_lz"  # §4.3: a tie, won by the controller of LZ Albany
    TIE_OFFICERS = "tie_officers"  # §4.3: then by the side with less officer damage
    DRAW = "draw"  # a further tie (unstated)


def finish(state: State, winner: str | None, reason: Reason) -> None:
    if state["result"] is not None:
        return
    state["result"] = {"winner": winner, "reason": reason.value, "score": dict(state["vp"])}
    state["phase"] = "over"
    log(state, "game_over", winner=side_name(winner) if winner else {"key": "side.none"},
        reason={"key": f"reason.{reason}"}, us=state["vp"]["us"], nva=state["vp"]["nva"])


# === The hit ladder (§5.12) and officer damage (§5.15) ===

def hit(state: State, uid: str) -> None:
    """One hit on a unit, casualty marker or officer, with its consequences and VP."""
    u = unit(state, uid)
    s = spec(state, uid)
    u["hits"] += 1
    if s.is_officer:
        if u["hits"] == 1:
            log(state, "officer_wounded", unit=name(uid))  # §5.15: 1st hit wounds
            return
        u["status"], u["area"] = "killed", None  # §5.15: 2nd hit kills
        log(state, "officer_killed", unit=name(uid))
        if s.side == "us":
            score(state, "nva", "mcdade_killed" if s.is_senior else "us_officer_killed")
        elif s.vp_commander:
            score(state, "us", "ba_man_killed")  # AMBIG-18: "commander Man" is Ba Man
        return
    them = enemy(s.side)
    if u["hits"] == 3:
        log(state, "reduced", unit=name(uid))  # §5.12: 3rd hit flips the unit
        score(state, them, f"{s.side}_unit_reduced")
    elif u["hits"] == 4 and s.side == "nva":
        u["status"], u["area"] = "eliminated", None
        log(state, "eliminated", unit=name(uid))
        score(state, them, "nva_unit_eliminated")
    elif u["hits"] == 4:
        u["status"] = "casualty"  # §5.12: a US unit becomes a casualty marker at its 4th hit
        u["markers"] = []
        log(state, "casualty", unit=name(uid))
        score(state, them, "us_unit_eliminated")
    elif u["hits"] >= 5:
        remove_casualty(state, uid)  # §5.12: the 5th hit removes the casualty marker
    else:
        log(state, "hit", unit=name(uid), hits=u["hits"])


def remove_casualty(state: State, uid: str) -> None:
    """§5.13: a removed casualty marker scores the NVA 2 (AMBIG-16: every removal scores)."""
    u = unit(state, uid)
    u["status"], u["area"] = "removed", None
    log(state, "casualty_removed", unit=name(uid))
    score(state, "nva", "casualty_removed")


def can_take_hit(state: State, uid: str, cap: int | None, officers: bool) -> bool:
    u = unit(state, uid)
    s = spec(state, uid)
    if u["status"] not in ("map", "casualty"):
        return False
    if s.is_officer:
        return officers
    return cap is None or u["hits"] < cap
