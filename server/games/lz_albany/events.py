"""§4 P2 / §5.17 the Event Phase: the Choi Oi table."""

from __future__ import annotations

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Decision, Frame, Kind, pop, push, side_of
from .combat import firer_dice, target_dice
from .data import COLUMBUS, TRANSIT
from .support import mortar_fire
from .units import area_name, combat_units_at, enemy, gd, has_marker, hit, log, name, spec, strength, tables, unit


def begin(state: State) -> None:
    # §4: only the NVA on turn 1 (the US skips the Event Phase); AMBIG-2: the NVA first.
    sides = ["nva"] if state["turn"] == 1 else ["nva", "us"]
    push(state, *({"kind": "event", "side": s} for s in sides))


def _areas(state: State, side: str) -> list[str]:
    """Seed §3.5 「敵のいる 1 つのエリア」: any area holding enemy units, LZ Columbus included (an area
    of the map, seed §2.2: 「マップの東側には … LZ Columbus 地域が表わされている」). AMBIG-21: not the
    transit area, the circle where the two sides do not meet (seed §6.5 「中継エリアにいる敵ユニットとは
    戦闘にならない」)."""
    return [a for a in sorted(gd(state).board.ids())
            if a != TRANSIT and combat_units_at(state, a, enemy(side))]


def _event_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "event", "at": a} for a in _areas(state, side_of(frame))]


def _choi_oi(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    side, area = side_of(frame), action["at"]
    them = enemy(side)
    face = rng.roll(state)
    result = tables(state)["choi_oi"]["results"][str(face)]
    log(state, "choi_oi", side={"key": f"side.{side}"}, at=area_name(area), face=face,
        result={"key": f"event.choi_oi.{face}"})
    platoons = combat_units_at(state, area, them)
    effect = result["effect"]
    if effect == "marker":
        # §5.17 1/2/4, Q&A 5: a marker on one enemy platoon, for this turn.
        marker = result["marker"]
        options = [u for u in platoons if not has_marker(state, u, marker)]
        if options:
            push(state, {"kind": "event_mark", "side": side, "marker": marker, "units": options})
    elif effect == "displace":
        push(state, {"kind": "event_displace", "side": side, "area": area})  # AMBIG-21
    elif effect == "mortar_misfire":
        # AMBIG-22: one enemy mortar within 6 areas fires on the area (no LOS, mortar caps).
        reach = gd(state).board.distances(area, limit=result["range"])
        mortars = sorted(u for u, s in gd(state).units.items()
                         if s.side == them and s.is_mortar and unit(state, u)["status"] == "map"
                         and unit(state, u)["area"] in reach)
        if len(mortars) > 1:
            # §8 item 5: the roller picks which eligible enemy mortar fires.
            push(state, {"kind": "event_misfire", "side": side, "area": area, "units": mortars})
        elif mortars:
            _misfire(state, side, mortars[0], area)
    elif len(platoons) >= result["min_platoons"]:
        # §5.17 6: two enemy platoons picked at random fire at each other at once (fire strength).
        a = platoons.pop(rng.randbelow(state, len(platoons)))
        b = platoons[rng.randbelow(state, len(platoons))] if len(platoons) > 1 else platoons[0]
        fa = [rng.roll(state) for _ in range(strength(state, a, "fire"))]
        fb = [rng.roll(state) for _ in range(strength(state, b, "fire"))]
        on = tables(state)["combat"]["hit_on"]
        log(state, "friendly_fire", a=name(a), b=name(b), a_faces=fa, b_faces=fb)
        for _ in range(sum(1 for f in fa if f in on)):
            if unit(state, b)["status"] in ("map", "casualty"):
                hit(state, b)
        for _ in range(sum(1 for f in fb if f in on)):
            if unit(state, a)["status"] in ("map", "casualty"):
                hit(state, a)


def _mark_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "mark", "unit": u} for u in frame["units"] if unit(state, u)["status"] == "map"]


def _mark(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    unit(state, action["unit"])["markers"].append(frame["marker"])
    log(state, "marker", unit=name(action["unit"]), marker={"key": f"marker.{frame['marker']}"})


def _displace_actions(state: State, frame: Frame) -> list[Action]:
    """§5.17 3, AMBIG-21: one enemy unit of the area into any adjacent area (from LZ Columbus: the
    transit area, §5.3). The artillery never leaves LZ Columbus, nor a US unit while NVA units are
    in it (§5.3, seed §6.2C, §6.5 「出られない」)."""
    area = frame["area"]
    them = enemy(side_of(frame))
    if them == "us" and area == COLUMBUS and combat_units_at(state, COLUMBUS, "nva"):
        return []
    movers = [u for u in combat_units_at(state, area, them) if spec(state, u).moves]
    return [{"type": "displace", "unit": u, "to": to} for u in movers for to in gd(state).board.neighbours(area)]


def _displace(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    unit(state, action["unit"])["area"] = action["to"]
    log(state, "displaced", unit=name(action["unit"]), to=area_name(action["to"]))


def _misfire(state: State, side: str, m: str, area: str) -> None:
    """§5.17 result 5: one enemy mortar fires on the chosen area, where its own side's units are.

    AMBIG-22: one mortar's fire strength, with the §5.7 caps. §5.2: the overstack effects apply to
    all fire, so the mortar's own area overstacked costs it as for any fire (AMBIG-7 mode), and the
    target concentration counts the units fired on, here the mortar's own side; AMBIG-19: night −1.
    """
    log(state, "misfire", unit=name(m))
    owner, frm = enemy(side), unit(state, m)["area"]
    dice, _, mods = firer_dice(state, owner, frm, [m], "fire", [])
    dice, mods = target_dice(state, owner, area, dice, 0, mods, victims=owner)
    mortar_fire(state, side, frm, area, dice, misfire=True, mods=mods)


def _misfire_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "misfire", "unit": m} for m in frame["units"] if unit(state, m)["status"] == "map"]


def _misfire_one(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    _misfire(state, side_of(frame), action["unit"], frame["area"])


# === The frame kinds of this chapter ===

STEPS: dict[str, Kind] = {
    "event": Decision(_event_actions, {"event": _choi_oi}),
    "event_mark": Decision(_mark_actions, {"mark": _mark}),
    "event_displace": Decision(_displace_actions, {"displace": _displace}),
    "event_misfire": Decision(_misfire_actions, {"misfire": _misfire_one}),
}
