"""§5.7 mortars, §5.8 the US Artillery chit, §5.9 gunships, §5.10 the Skyraider, §5.3 the Dustoff
(evacuation and airlift), §5.11 line of sight."""

from __future__ import annotations

from ...engine import rng
from ...engine.core import Action, Message, State
from ...engine.steps import Decision, Frame, Kind, pop, push
from .combat import concentration, strength_of
from .data import COLUMBUS, TRANSIT
from .units import (
    area_name,
    can_take_hit,
    combat_units_at,
    contested_areas,
    enemy,
    gd,
    has_marker,
    hit,
    is_contested,
    log,
    name,
    night_applies,
    occupied,
    officers_at,
    remove_casualty,
    score,
    spec,
    strength,
    tables,
    unit,
    units_at,
)

# === §5.11 LINE OF SIGHT ===

def sees(state: State, frm: str, to: str) -> bool:
    """§5.11: up to 3 areas, not through jungle (the table); at night adjacent areas only, unless
    a flare lights the target area ``to`` (§5.16, AMBIG-32)."""
    board = gd(state).board
    if not board.has_los(frm, to):
        return False
    # §5.16 11.1A: at night LOS reaches only adjacent areas. AMBIG-32: a flare of this chit's action
    # over the target area lifts it, for whoever looks (seed §11.2 「両軍に対し」); a flare over the
    # observer's own area does not (seed §7.8: LOS is drawn to the 「目標エリア」).
    return not night_applies(state, to) or frm == to or board.is_adjacent(frm, to)


def spotted(state: State, side: str, area: str) -> bool:
    """§5.11: an unwounded friendly officer has LOS to ``area``."""
    units = state["units"]
    eyes = {units[o]["area"] for o in gd(state).officers[side]
            if units[o]["status"] == "map" and units[o]["hits"] == 0 and units[o]["area"]}
    return any(sees(state, e, area) for e in eyes)


def near_us(state: State, area: str) -> bool:
    """§5.9 / §5.10: the area is adjacent to a US unit, or in LOS of a US officer."""
    adjacent = any(combat_units_at(state, n, "us") for n in gd(state).board.neighbours(area))
    return adjacent or spotted(state, "us", area)


def dice_roll(state: State, n: int) -> tuple[list[int], int]:
    faces = [rng.roll(state) for _ in range(max(0, n))]
    return faces, sum(1 for f in faces if f in tables(state)["combat"]["hit_on"])


def night_blocked(state: State, area: str) -> bool:
    """§5.16 C: no air attacks or artillery at night, except under a flare (seed §11.1C 「例外 11.2」).

    AMBIG-20: a flare lights only the action of the US Fire/Move chit it was placed with, and an
    Artillery, Gunship or Skyraider chit is a draw of its own, so at night it never finds one lit.
    """
    return night_applies(state, area)


# === §5.7 MORTARS ===

def _mortars_in(state: State, frame: Frame, area: str, units: list[str]) -> list[str]:
    return [u for u in units if spec(state, u).is_mortar and unit(state, u)["status"] == "map"
            and unit(state, u)["area"] == area and u not in frame["fired"]
            and not has_marker(state, u, "no_fire", "no_fire_move") and strength(state, u, "fire") > 0]


def mortar_targets(state: State, side: str, area: str) -> list[str]:
    rng_ = tables(state)["combat"]["mortar_range"]
    enemies = occupied(state, enemy(side))
    contested = set(contested_areas(state))
    out = []
    for t, d in sorted(gd(state).board.distances(area, limit=rng_).items()):
        if t == TRANSIT or t not in enemies:
            continue
        if side == "us" and t in contested:
            continue  # §5.7 step 1: US mortars never fire into contested areas
        if d <= rng_ and spotted(state, side, t):
            out.append(t)
    return out


def mortar_actions(state: State, frame: Frame, units: list[str]) -> list[Action]:
    acts: list[Action] = []
    for a in sorted({unit(state, u)["area"] for u in units if unit(state, u)["area"]}):
        if a == TRANSIT or is_contested(state, a) or not _mortars_in(state, frame, a, units):
            continue
        acts += [{"type": "mortar", "from": a, "at": t} for t in mortar_targets(state, frame["side"], a)]
    return acts


def mortar(state: State, frame: Frame, area: str, target: str, units: list[str]) -> None:
    side = frame["side"]
    mortars = _mortars_in(state, frame, area, units)
    frame["fired"] += mortars
    # §5.7 step 2: no jungle or officer modifiers; §5.2: the overstack and target-concentration
    # modifiers apply to all fire ("presumably"), so to mortars too; §5.16 night −1 (AMBIG-19).
    dice, mods = strength_of(state, side, area, target, mortars, "fire", [], jungle=False)
    mortar_fire(state, side, area, target, dice, mods=mods)


def mortar_fire(state: State, side: str, area: str, target: str, dice: int, *, misfire: bool = False,
                mods: list[Message] | None = None) -> None:
    """§5.7 steps 3-5: the target player assigns every hit; never a 3rd hit (cap 2); no return fire."""
    faces, hits = dice_roll(state, dice)
    cap = tables(state)["combat"]["mortar_max_hits_per_unit"]
    friendly = 0
    if side == "nva" and is_contested(state, target) and not misfire:
        friendly = sum(1 for f in faces if f in tables(state)["combat"]["nva_mortar_friendly_hit_on"])  # AMBIG-13
    log(state, "mortar", side={"key": f"side.{side}"}, frm=area_name(area), at=area_name(target),
        dice=dice, faces=faces, hits=hits, friendly=friendly, mods=mods or [])
    them = enemy(side)
    frames: list[Frame] = [{"kind": "assign", "side": them, "victims": them, "area": target, "hits": hits,
                            "officers": False, "cap": cap}]
    if friendly:
        # AMBIG-13: the target player (US) assigns the friendly hits to NVA units.
        frames.append({"kind": "assign", "side": them, "victims": side, "area": target, "hits": friendly,
                       "officers": False, "cap": cap})
    if hits:
        frames.append({"kind": "officer_check", "side": them, "area": target, "mode": "one"})
    if friendly:
        frames.append({"kind": "officer_check", "side": side, "area": target, "mode": "one"})
    push(state, *frames)


# === The support chits (§4.1) ===

def begin_chit(state: State, chit: str) -> None:
    kind = gd(state).chit(chit)["kind"]
    if kind in ("gunship", "skyraider") and state["visibility"]:
        log(state, "air_cancelled", chit={"key": f"chit.{chit}"})  # §4.1: Visibility drawn earlier
        return
    push(state, {"kind": kind, "side": "us", "chit": chit, "fired": []})


# === §5.8 US ARTILLERY ===

def _batteries(state: State, frame: Frame) -> list[str]:
    if combat_units_at(state, COLUMBUS, "nva") and not any(
            not spec(state, u).is_artillery for u in combat_units_at(state, COLUMBUS, "us")):
        return []  # §5.8: LZ Columbus held by the NVA without a 2-7 or 1-5 Cav unit
    blocked_at = tables(state)["combat"]["artillery_blocked_at_hits"]
    # §5.8: a battery with 2 hits cannot fire; nor one under a Choi Oi No-Fire marker (§5.17 1, 4).
    return [u for u in combat_units_at(state, COLUMBUS, "us") if spec(state, u).is_artillery
            and unit(state, u)["hits"] < blocked_at and u not in frame["fired"]
            and not has_marker(state, u, "no_fire", "no_fire_move")]


def _artillery_targets(state: State) -> list[str]:
    nva = occupied(state, "nva")
    return [a for a in gd(state).board.ids() if a not in (TRANSIT, COLUMBUS) and a in nva
            and combat_units_at(state, a, "nva")
            and not is_contested(state, a) and spotted(state, "us", a) and not night_blocked(state, a)]


def _artillery_actions(state: State, frame: Frame) -> list[Action]:
    targets = sorted(_artillery_targets(state))
    acts: list[Action] = [{"type": "artillery", "unit": b, "at": t} for b in _batteries(state, frame) for t in targets]
    return [*acts, {"type": "end_artillery"}] if acts else []


def _done(state: State, frame: Frame, action: Action) -> None:
    """The US player ends the chit's step (``end_artillery``) or lets the chit go (``pass``)."""
    pop(state)


def _artillery(state: State, frame: Frame, action: Action) -> None:
    battery, target = action["unit"], action["at"]
    frame["fired"].append(battery)
    face = rng.roll(state)
    land = target
    if face in tables(state)["artillery"]["deviation_on"]:
        # §5.8 step 2: on a 1 the fire lands on an adjacent area picked at random.
        around = [n for n in gd(state).board.neighbours(target) if n not in (TRANSIT, COLUMBUS)]
        land = around[rng.randbelow(state, len(around))]
    log(state, "artillery", unit=name(battery), at=area_name(target), face=face, land=area_name(land))
    # §5.2 target concentration (the overstack effects apply to all fire, §5.2): +1 die per NVA unit
    # over 3 in the area the shells land on (step 3 rolls there, after the deviation). The battery
    # fires alone from LZ Columbus, which has no stacking limit (PROVENANCE D-2): no firer overstack.
    plus, mods = concentration(state, "nva", land)
    faces, hits = dice_roll(state, strength(state, battery, "fire") + plus)
    victims = [u for u in units_at(state, land) if not spec(state, u).is_officer]
    log(state, "bombardment", faces=faces, hits=hits, mods=mods)
    if hits and victims:
        # §5.8 step 4, AMBIG-14: one unit picked uniformly takes every hit; US units stop at 2.
        victim = victims[rng.randbelow(state, len(victims))] if len(victims) > 1 else victims[0]
        cap = tables(state)["combat"]["artillery_max_hits_per_us_unit"] if spec(state, victim).side == "us" else None
        for _ in range(hits):
            if can_take_hit(state, victim, cap, False):
                hit(state, victim)
    if hits:
        for side in ("us", "nva"):
            push(state, {"kind": "officer_check", "side": side, "area": land, "mode": "each"})


# === §5.9 GUNSHIPS ===

def _gunship_actions(state: State, frame: Frame) -> list[Action]:
    acts: list[Action] = []
    nva = occupied(state, "nva")
    for a in sorted(gd(state).board.ids()):
        if a == TRANSIT or a not in nva or night_blocked(state, a) or not near_us(state, a):
            continue
        acts += [{"type": "gunship", "unit": u} for u in combat_units_at(state, a, "nva")]
    return [*acts, {"type": "pass"}] if acts else []


def _gunship(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    target = action["unit"]
    area = unit(state, target)["area"]
    g = tables(state)["gunship"]
    checks = [rng.roll(state) for u in combat_units_at(state, area, "nva") if spec(state, u).infantry]
    damaged = any(f in g["damage_check_on"] for f in checks)
    log(state, "gunship", unit=name(target), checks=checks, damaged=damaged)
    if damaged:
        state["gunship_damaged"].append(frame["chit"])
        score(state, "nva", "air_unit_damaged")  # §5.9: 2 VP per air-unit damage
    # §5.2 target concentration: the gunship fires into the target unit's area, so +1 die per NVA
    # unit over 3 there (every hit still goes on the target unit, step 3). Aircraft are in no area:
    # no firer overstack.
    plus, mods = concentration(state, "nva", area)
    faces, hits = dice_roll(state, (g["damaged_fire"] if damaged else g["fire"]) + plus)
    log(state, "air_fire", faces=faces, hits=hits, mods=mods)
    for _ in range(hits):
        if can_take_hit(state, target, None, False):
            hit(state, target)
    if hits:
        push(state, {"kind": "officer_check", "side": "nva", "area": area, "mode": "one"})


# === §5.10 THE SKYRAIDER ===

def _skyraider_actions(state: State, frame: Frame) -> list[Action]:
    acts: list[Action] = []
    nva = occupied(state, "nva")
    for a in sorted(gd(state).board.ids()):
        if (a in (TRANSIT, COLUMBUS) or a not in nva or not combat_units_at(state, a, "nva") or is_contested(state, a)
                or night_blocked(state, a) or not near_us(state, a)):
            continue
        acts += [{"type": "skyraider", "at": a, "weapon": w} for w in ("bombs", "napalm")]
    return [*acts, {"type": "pass"}] if acts else []


def _pick(state: State, items: list[str]) -> str:
    return items[rng.randbelow(state, len(items))] if len(items) > 1 else items[0]


def _napalm_unit(state: State, uid: str) -> None:
    u = unit(state, uid)
    if u["status"] == "casualty":
        remove_casualty(state, uid)
    elif u["hits"] < tables(state)["skyraider"]["napalm"]["sets_hits_to"]:
        u["hits"] = tables(state)["skyraider"]["napalm"]["sets_hits_to"]
        log(state, "napalmed", unit=name(uid))


def _skyraider(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    area = action["at"]
    around = [n for n in gd(state).board.neighbours(area) if n not in (TRANSIT, COLUMBUS)]
    (_bombs if action["weapon"] == "bombs" else _napalm)(state, area, around)


def _bombs(state: State, area: str, around: list[str]) -> None:
    # §5.10 A1: 6 dice, plus §5.2 target concentration (+1 per NVA unit over 3 in the area).
    sky = tables(state)["skyraider"]
    plus, mods = concentration(state, "nva", area)
    faces, hits = dice_roll(state, sky["bomb_dice"] + plus)
    log(state, "bombs", at=area_name(area), faces=faces, hits=hits, mods=mods)
    frames: list[Frame] = [{"kind": "assign", "side": "nva", "victims": "nva", "area": area, "hits": hits,
                            "officers": False, "cap": None}]
    if hits:
        frames.append({"kind": "officer_check", "side": "nva", "area": area, "mode": "one"})
    # §5.10 A3: collateral on one adjacent area, one unit, a hit on a 6 (AMBIG-15).
    side_area = _pick(state, around)
    victims = [u for u in units_at(state, side_area) if not spec(state, u).is_officer]
    if victims:
        v = _pick(state, victims)
        face = rng.roll(state)
        log(state, "collateral", area=area_name(side_area), unit=name(v), face=face)
        if face in sky["collateral_hit_on"] and can_take_hit(state, v, None, False):
            hit(state, v)
    push(state, *frames)


def _napalm(state: State, area: str, around: list[str]) -> None:
    log(state, "napalm", at=area_name(area))
    # §5.10 B1: napalm rolls no dice for the target area, so §5.2 target concentration has nothing to
    # add to; its collateral dice (B3) are one die per adjacent area, not a fire strength: none either.
    for uid in units_at(state, area):
        if not spec(state, uid).is_officer:
            _napalm_unit(state, uid)  # §5.10 B1: every unit at ≤1 hit goes to 2; markers removed
    for side in ("nva", "us"):
        push(state, {"kind": "officer_check", "side": side, "area": area, "mode": "each"})
    for n in around:
        victims = [u for u in units_at(state, n) if not spec(state, u).is_officer]
        if victims:
            v = _pick(state, victims)
            face = rng.roll(state)
            log(state, "collateral", area=area_name(n), unit=name(v), face=face)
            if face in tables(state)["skyraider"]["napalm"]["collateral_on"]:
                _napalm_unit(state, v)


# === §5.3 THE DUSTOFF ===

def _evac_areas(state: State) -> list[str]:
    out = []
    for a in sorted(gd(state).board.ids()):
        cargo = [u for u in units_at(state, a, "us") if unit(state, u)["status"] == "casualty"
                 or (spec(state, u).is_officer and unit(state, u)["hits"] == 1)]
        # AMBIG-9 (literal): no NVA unit without hits in the area.
        if cargo and a != TRANSIT and not any(unit(state, u)["hits"] == 0 for u in combat_units_at(state, a, "nva")):
            out.append(a)
    return out


def _airlift_areas(state: State) -> list[str]:
    if not any(u["status"] == "held" for u in state["units"].values()):
        return []
    return [a for a in sorted(gd(state).board.ids())
            if a not in (TRANSIT, COLUMBUS) and not units_at(state, a, "nva")]


def _dustoff_actions(state: State, frame: Frame) -> list[Action]:
    acts: list[Action] = [{"type": "evacuate", "at": a} for a in _evac_areas(state)]
    acts += [{"type": "airlift", "at": a} for a in _airlift_areas(state)]
    return [*acts, {"type": "pass"}] if acts else []


def _hot_rolls(state: State, area: str) -> list[int]:
    """§5.3 / AMBIG-9: one die per NVA unit in the adjacent areas."""
    n = sum(len(combat_units_at(state, a, "nva")) for a in gd(state).board.neighbours(area))
    return [rng.roll(state) for _ in range(n)]


def _dustoff_evacuate(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    area = action["at"]
    d = tables(state)["dustoff"]
    rolls = _hot_rolls(state, area)
    damaged = any(f in d["hot_zone_damage_on"] for f in rolls)
    cap = d["capacity"][gd(state).terrain(area)] - (d["damaged_capacity_minus"] if damaged else 0)
    cap = max(cap, d["min_capacity"])
    log(state, "dustoff", at=area_name(area), rolls=rolls, damaged=damaged, capacity=cap)
    if damaged:
        score(state, "nva", "air_unit_damaged")
    markers = [u for u in units_at(state, area, "us") if unit(state, u)["status"] == "casualty"]
    wounded = [u for u in officers_at(state, area, "us") if unit(state, u)["hits"] == 1]
    for uid in wounded:
        _evacuate(state, uid)  # §5.3: any number of wounded officers
    if len(markers) <= cap:
        for uid in markers:
            _evacuate(state, uid)
        score(state, "us", "casualty_evacuated", len(markers))
    else:
        # §5.3: more casualty markers than room: the US player picks which ones board.
        push(state, {"kind": "evac_choice", "side": "us", "area": area, "left": cap})


def _dustoff_airlift(state: State, frame: Frame, action: Action) -> None:
    """§5.3 airlift: the US player boards held reinforcements, 1/2/3 units by terrain (officers free)."""
    pop(state)
    area = action["at"]
    cap = tables(state)["airlift"]["capacity"][gd(state).terrain(area)]
    push(state, {"kind": "airlift", "side": "us", "area": area, "cap": cap, "boarded": []})


def _evacuate(state: State, uid: str) -> None:
    unit(state, uid).update(status="evacuated", area=None)
    log(state, "evacuated", unit=name(uid))


def _evac_actions(state: State, frame: Frame) -> list[Action]:
    if frame["left"] <= 0:
        return []
    return [{"type": "evacuate_unit", "unit": u} for u in units_at(state, frame["area"], "us")
            if unit(state, u)["status"] == "casualty"]


def _evacuate_unit(state: State, frame: Frame, action: Action) -> None:
    frame["left"] -= 1
    _evacuate(state, action["unit"])
    score(state, "us", "casualty_evacuated")


def _airlift_actions(state: State, frame: Frame) -> list[Action]:
    held = [u for u, rec in sorted(state["units"].items()) if rec["status"] == "held" and u not in frame["boarded"]]
    room = frame["cap"] - sum(1 for u in frame["boarded"] if not spec(state, u).is_officer)
    acts: list[Action] = [{"type": "board", "unit": u} for u in held if spec(state, u).is_officer or room > 0]
    if frame["boarded"]:
        acts.append({"type": "lift_off"})
    return acts


def _board(state: State, frame: Frame, action: Action) -> None:
    frame["boarded"] = [*frame["boarded"], action["unit"]]


def _lift_off(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    area = frame["area"]
    hot = any(combat_units_at(state, a, "nva") for a in gd(state).board.neighbours(area))
    for uid in frame["boarded"]:
        unit(state, uid).update(status="map", area=area)
        log(state, "airlifted", unit=name(uid), at=area_name(area))
        if hot and spec(state, uid).combat:
            face = rng.roll(state)  # §5.3: a hot-zone landing, 1 hit on a 6
            log(state, "hot_zone", unit=name(uid), face=face)
            if face in tables(state)["airlift"]["hot_zone_hit_on"]:
                hit(state, uid)


# === The frame kinds of this chapter ===

STEPS: dict[str, Kind] = {
    "artillery": Decision(_artillery_actions, {"artillery": _artillery, "end_artillery": _done}),
    "gunship": Decision(_gunship_actions, {"gunship": _gunship, "pass": _done}),
    "skyraider": Decision(_skyraider_actions, {"skyraider": _skyraider, "pass": _done}),
    "dustoff": Decision(_dustoff_actions, {"evacuate": _dustoff_evacuate, "airlift": _dustoff_airlift,
                                           "pass": _done}),
    "evac_choice": Decision(_evac_actions, {"evacuate_unit": _evacuate_unit}),
    "airlift": Decision(_airlift_actions, {"board": _board, "lift_off": _lift_off}),
}
