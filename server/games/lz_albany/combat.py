"""§5.4 combat in general, §5.5 melee, §5.6 infantry ranged fire with return fire and the advance,
§5.12 hit allocation, and the officer damage check (§5.6 step 6, §5.15)."""

from __future__ import annotations

from ...engine import rng
from ...engine.core import Action, Message, State
from ...engine.steps import Auto, Decision, Frame, Kind, pop, push
from .data import COLUMBUS, TRANSIT
from .units import (
    area_name,
    can_take_hit,
    combat_units_at,
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
    score,
    side_name,
    spec,
    stacking_count,
    stacking_limit,
    strength,
    tables,
    unit,
    units_at,
)


def roll_dice(state: State, n: int) -> tuple[list[int], int]:
    """§5.4: n d6; each 6 is one hit."""
    faces = [rng.roll(state) for _ in range(max(0, n))]
    return faces, sum(1 for f in faces if f in tables(state)["combat"]["hit_on"])


def firer_dice(state: State, side: str, area: str, units: list[str], kind: str,
               officers: list[str]) -> tuple[int, list[int], list[Message]]:
    """The firer's side of one combat: the units' strengths with the overstack and officer modifiers.

    §5.2 overstack (AMBIG-7: ``units`` mode, fewer units may fire, the strongest kept; ``dice`` mode,
    −1 die per unit over); §5.4 / §5.15 officers: each unwounded officer adds +1 to one unit, so one
    die per officer, at most one per firing unit. Returns the dice, the strengths of the units that
    fire (strongest first) and the modifiers with their reasons.
    """
    mods: list[Message] = []
    values = sorted((strength(state, u, kind) for u in units), reverse=True)
    limit = stacking_limit(state, area)
    over = 0 if limit is None else max(0, stacking_count(state, area, side) - limit)
    dice_minus = 0
    if over and state["options"].get("overstack", "units") == "units":
        allowed = max(0, limit - over) if limit is not None else len(values)
        if allowed < len(values):
            values = values[:allowed]
            mods.append({"key": "mod.overstack_units", "args": {"allowed": allowed}})
    elif over:
        dice_minus = over
        mods.append({"key": "mod.overstack_dice", "args": {"dice": -over}})
    dice = sum(values) - dice_minus
    bonus = min(len(officers), len(values)) * tables(state)["combat"]["officer_bonus"]
    if bonus:
        dice += bonus
        mods.append({"key": "mod.officer", "args": {"dice": bonus}})
    return max(0, dice), values, mods


def concentration(state: State, victims: str, target: str) -> tuple[int, list[Message]]:
    """§5.2 target concentration: firing on an overstacked area, +1 die for each unit of ``victims``
    (the side fired on) over the limit of 3 there. None in LZ Columbus (no limit, PROVENANCE D-2)."""
    limit = stacking_limit(state, target)
    over = 0 if limit is None else max(0, stacking_count(state, target, victims) - limit)
    if not over:
        return 0, []
    plus = over * tables(state)["stacking"]["target_concentration_per_unit_over"]
    return plus, [{"key": "mod.concentration", "args": {"dice": plus}}]


def target_dice(state: State, side: str, target: str, dice: int, jungle_units: int,
                mods: list[Message], *, victims: str | None = None) -> tuple[int, list[Message]]:
    """The target's side of one dice pool: §5.6 jungle (−1 per infantry unit firing into a jungle
    area), §5.2 target concentration (+1 per unit over 3 of ``victims``, by default the firer's
    enemy), §5.16 night (AMBIG-19: −1 per pool)."""
    mods = list(mods)
    if jungle_units and gd(state).terrain(target) == "jungle":
        minus = jungle_units * tables(state)["combat"]["jungle_fire_per_unit"]
        dice += minus
        mods.append({"key": "mod.jungle", "args": {"dice": minus}})
    plus, c_mods = concentration(state, victims or enemy(side), target)
    dice += plus
    mods += c_mods
    if night_applies(state, target):
        dice += tables(state)["night"]["dice"]
        mods.append({"key": "mod.night", "args": {"dice": tables(state)["night"]["dice"]}})
    return max(0, dice), mods


def strength_of(state: State, side: str, area: str, target: str, units: list[str], kind: str,
                officers: list[str], *, jungle: bool) -> tuple[int, list[Message]]:
    """The dice of one combat at one area: ``firer_dice`` then ``target_dice``."""
    dice, values, mods = firer_dice(state, side, area, units, kind, officers)
    # §5.6 step 3: −1 for each infantry unit that fires (AMBIG-7 ``units`` mode: only those allowed).
    n_jungle = min(len(values), sum(1 for u in units if spec(state, u).infantry)) if jungle else 0
    return target_dice(state, side, target, dice, n_jungle, mods)


# === §5.12 HIT ALLOCATION ===

def assign_frame(chooser: str, victims: str, area: str, hits: int, *, officers: bool,
                 cap: int | None = None) -> Frame:
    return {"kind": "assign", "side": chooser, "victims": victims, "area": area, "hits": hits,
            "officers": officers, "cap": cap}


def first_and_rest(firer: str, victims: str, area: str, hits: int, *, first_officers: bool,
                   rest_officers: bool, cap: int | None = None) -> list[Frame]:
    """§5.5 step 4 / §5.6 step 4: the first hit is assigned by the opponent, the rest by the owner."""
    return [assign_frame(firer, victims, area, min(hits, 1), officers=first_officers, cap=cap),
            assign_frame(victims, victims, area, max(0, hits - 1), officers=rest_officers, cap=cap)]


def candidates(state: State, frame: Frame) -> list[str]:
    return [u for u in units_at(state, frame["area"], frame["victims"])
            if can_take_hit(state, u, frame["cap"], frame["officers"])]


def _assign(state: State, frame: Frame) -> None:
    if frame["hits"] <= 0:
        pop(state)
        return
    options = candidates(state, frame)
    if not options:
        # §5.12: hits that cannot be assigned are lost.
        log(state, "hits_lost", hits=frame["hits"], area=area_name(frame["area"]))
        pop(state)
    elif len(options) == 1:
        frame["hits"] -= 1
        hit(state, options[0])
    else:
        frame["kind"] = "assign_choice"


def _choice_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "assign_hit", "unit": u} for u in candidates(state, frame)]


def _assign_hit(state: State, frame: Frame, action: Action) -> None:
    frame["hits"] -= 1
    frame["kind"] = "assign"
    hit(state, action["unit"])


# === §5.6 step 6, §5.15 OFFICER DAMAGE CHECK ===

def _officer_check(state: State, frame: Frame) -> None:
    pop(state)
    officers = officers_at(state, frame["area"], frame["side"])
    if not officers:
        return
    on = tables(state)["officers"]["damage_check_on"]
    if frame.get("mode") == "each":
        for o in officers:  # §5.8 step 5, §5.10 B2: one die for each officer
            face = rng.roll(state)
            log(state, "officer_check", area=area_name(frame["area"]), face=face)
            if face in on:
                hit(state, o)
        return
    face = rng.roll(state)  # §5.6 step 6: roll for damage first, then pick the officer
    log(state, "officer_check", area=area_name(frame["area"]), face=face)
    if face in on:
        hit(state, officers[rng.randbelow(state, len(officers))] if len(officers) > 1 else officers[0])


def officer_check_frame(side: str, area: str, mode: str = "one") -> Frame:
    return {"kind": "officer_check", "side": side, "area": area, "mode": mode}


# === §5.6 INFANTRY RANGED FIRE ===

def firers_in(state: State, frame: Frame, area: str, units: list[str]) -> list[str]:
    """§5.6: activated infantry in ``area`` that has not fired this action and may fire."""
    return [u for u in units if spec(state, u).infantry and unit(state, u)["status"] == "map"
            and unit(state, u)["area"] == area and u not in frame["fired"]
            and not has_marker(state, u, "no_fire", "no_fire_move") and strength(state, u, "fire") > 0]


def targets_from(state: State, side: str, area: str) -> list[str]:
    """§5.6: adjacent non-contested areas with enemy units (no combat in the transit area)."""
    enemies = occupied(state, enemy(side))
    return [t for t in gd(state).board.neighbours(area)
            if t != TRANSIT and t in enemies and not is_contested(state, t)]


def fire_actions(state: State, frame: Frame, units: list[str]) -> list[Action]:
    acts: list[Action] = []
    areas = sorted({unit(state, u)["area"] for u in units if unit(state, u)["area"]})
    for a in areas:
        if a == TRANSIT or is_contested(state, a) or not firers_in(state, frame, a, units):
            continue  # §5.4: units in a contested area cannot fire out of it
        targets = targets_from(state, frame["side"], a)
        acts += [{"type": "fire", "from": a, "at": t} for t in targets]
        if len(targets) > 1 and _pool(state, frame, a, units) > 1:
            # §5.6 step 2: fire at several areas, ``at`` being the primary target area.
            acts += [{"type": "fire_split", "from": a, "at": t} for t in targets]
    return acts


def _pool(state: State, frame: Frame, area: str, units: list[str]) -> int:
    firers = firers_in(state, frame, area, units)
    return firer_dice(state, frame["side"], area, firers, "fire", _able_officers(state, area, frame["side"], units))[0]


def _able_officers(state: State, area: str, side: str, allowed: list[str] | None) -> list[str]:
    return [o for o in officers_at(state, area, side, able=True) if allowed is None or o in allowed]


def fire(state: State, frame: Frame, area: str, target: str, units: list[str], *, split: bool = False) -> None:
    """§5.6 steps 1-2: the activated infantry of one area fire, ``target`` being the primary target
    area. ``fire`` sends every die there; ``fire_split`` first lets the firer split the dice over
    the other target areas (step 2)."""
    side = frame["side"]
    firers = firers_in(state, frame, area, units)
    frame["fired"] += firers
    officers = _able_officers(state, area, side, units)
    others = [t for t in targets_from(state, side, area) if t != target]
    if split and others:
        dice, _, _ = firer_dice(state, side, area, firers, "fire", officers)
        push(state, {"kind": "fire_split", "side": side, "from": area, "at": target, "units": firers,
                     "officers": officers, "others": others, "dice": dice, "split": {}})
        return
    resolve_fire(state, side, area, target, firers, officers, {})


def _split_actions(state: State, frame: Frame) -> list[Action]:
    """§5.6 step 2: the firer moves dice, one at a time, from the primary target area (which keeps at
    least one) to other target areas, or back; then fires."""
    kept = frame["dice"] - sum(frame["split"].values())
    acts: list[Action] = []
    if kept > 1:
        acts += [{"type": "split_fire", "at": t} for t in frame["others"]]
    acts += [{"type": "unsplit_fire", "at": t} for t in frame["others"] if frame["split"].get(t)]
    acts.append({"type": "fire_now"})
    return acts


def _fire_now(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    resolve_fire(state, frame["side"], frame["from"], frame["at"], frame["units"], frame["officers"],
                 frame["split"])


def _move_die(state: State, frame: Frame, action: Action) -> None:
    """One die to another target area (``split_fire``) or back to the primary one (``unsplit_fire``)."""
    t = action["at"]
    split = dict(frame["split"])
    split[t] = split.get(t, 0) + (1 if action["type"] == "split_fire" else -1)
    frame["split"] = {k: v for k, v in sorted(split.items()) if v > 0}


def jungle_units(state: State, values: list[int], officers: int, pools: dict[str, int], primary: str) -> dict[str, int]:
    """§5.6 step 3 with a split: how many firing units fire into each jungle target area.

    Seed §7.3 step 2 sums the strengths *with* the jungle and officer modifiers and only then lets
    the firer "split the total fire strength freely"; step 3 takes 1 from "each infantry unit firing
    into a jungle area". So the −1 is a unit's, once: a unit whose dice go into jungle loses 1, once,
    however its dice are split, and a unit whose dice all go elsewhere loses nothing. Reading: the
    dice are the units' own (each with its officer's +1, strongest first) and, splitting freely, the
    firer sends the jungle areas' dice first (primary first), so the fewest units fire into jungle;
    a unit's −1 comes off the first jungle area it fires into. Without a split this is every unit
    that fires (in the ``units`` overstack mode only the units allowed to fire, AMBIG-7).
    """
    jungle = [t for t in pools if gd(state).terrain(t) == "jungle"]
    if not jungle:
        return {}
    if len(pools) == 1:
        return {primary: len(values)}  # no split: every unit that fires fires into it
    order = sorted(pools, key=lambda t: (t not in jungle, t != primary, t))
    own = [v + (1 if k < officers else 0) for k, v in enumerate(values)]
    out = {t: 0 for t in jungle}
    k, left, counted = 0, own[0] if own else 0, -1
    for t in order:
        need = pools[t]
        while need > 0 and k < len(own):
            if t in out and counted < k:
                out[t] += 1  # this unit fires into jungle: its −1, once
                counted = k
            take = min(need, left)
            need, left = need - take, left - take
            if left == 0:
                k += 1
                left = own[k] if k < len(own) else 0
    return out


def resolve_fire(state: State, side: str, area: str, primary: str, firers: list[str], officers: list[str],
                 split: dict[str, int]) -> None:
    """§5.6 steps 2-4 for each target area (one roll each), then return fire from every target area
    (5), the officer checks (6) and the advance into the primary target area (7).

    §5.6 step 3: the jungle −1 of each unit that fires into a jungle area, once (``jungle_units``).
    """
    dice, values, mods = firer_dice(state, side, area, firers, "fire", officers)
    them = enemy(side)
    # §5.6 step 4 / Q&A 1: only the NVA on turn 1 may put the first hit on an officer.
    first_officers = side in tables(state)["officers"]["targetable_first_hit"] and \
        state["turn"] in tables(state)["officers"]["targetable_first_hit"][side]
    pools = {primary: dice - sum(split.values()), **split}
    assigns: list[Frame] = []
    returns: list[Frame] = []
    checks: list[Frame] = []
    minus = jungle_units(state, values, len(officers), pools, primary)  # firers are all infantry (§5.6)
    for t, d in pools.items():
        t_dice, t_mods = target_dice(state, side, t, d, minus.get(t, 0), mods)
        faces, hits = roll_dice(state, t_dice)
        log(state, "fire", side=side_name(side), frm=area_name(area), at=area_name(t), dice=t_dice,
            faces=faces, hits=hits, mods=t_mods)
        if t == primary:
            assigns += first_and_rest(side, them, t, hits, first_officers=first_officers, rest_officers=False)
        else:
            # §5.6 step 4: outside the primary target area the target player assigns every hit.
            assigns.append(assign_frame(them, them, t, hits, officers=False))
        returns.append({"kind": "return_fire", "side": them, "from": t, "at": area,
                        "units": combat_units_at(state, t, them)})
        if hits:
            checks.append(officer_check_frame(them, t))
    push(state, *assigns, *returns, *checks,
         {"kind": "advance", "side": side, "from": area, "to": primary, "units": firers})


def _returners(state: State, frame: Frame) -> list[str]:
    return [u for u in frame["units"] if unit(state, u)["status"] == "map" and unit(state, u)["area"] == frame["from"]
            and spec(state, u).infantry and not has_marker(state, u, "no_fire", "no_fire_move")
            and strength(state, u, "fire") > 0]


def _return_actions(state: State, frame: Frame) -> list[Action]:
    if not _returners(state, frame) or not units_at(state, frame["at"], enemy(frame["side"])):
        return []
    return [{"type": "return_fire"}, {"type": "no_return_fire"}]


def _no_return_fire(state: State, frame: Frame, action: Action) -> None:
    pop(state)


def _return_fire(state: State, frame: Frame, action: Action) -> None:
    """§5.6 step 5: the defenders fire back by the same procedure; the defender assigns the first
    hit, the original firer the rest; then the officer check in the firer's area."""
    pop(state)
    side, area, target = frame["side"], frame["from"], frame["at"]
    returners = _returners(state, frame)
    officers = _able_officers(state, area, side, None)
    dice, mods = strength_of(state, side, area, target, returners, "fire", officers, jungle=True)
    faces, hits = roll_dice(state, dice)
    log(state, "return_fire", side=side_name(side), frm=area_name(area), at=area_name(target), dice=dice,
        faces=faces, hits=hits, mods=mods)
    push(state, *first_and_rest(side, enemy(side), target, hits, first_officers=False, rest_officers=False),
         *([officer_check_frame(enemy(side), target)] if hits else []))


def _advance_actions(state: State, frame: Frame) -> list[Action]:
    """§5.6 step 7: into the primary target area once it holds no enemy combat units."""
    if combat_units_at(state, frame["to"], enemy(frame["side"])):
        return []
    movers = [u for u in frame["units"]
              if unit(state, u)["status"] == "map" and unit(state, u)["area"] == frame["from"]]
    if not movers:
        return []
    return [*({"type": "advance", "unit": u, "to": frame["to"]} for u in movers), {"type": "end_advance"}]


def _advance(state: State, frame: Frame, action: Action) -> None:
    uid = action["unit"]
    unit(state, uid)["area"] = frame["to"]  # AMBIG-24: the advance ignores the officer rule
    log(state, "advanced", unit=name(uid), to=area_name(frame["to"]))


def _done(state: State, frame: Frame, action: Action) -> None:
    """The deciding side ends the step (``end_advance``, ``end_retreat``)."""
    pop(state)


# === §5.5 MELEE ===

def _melee(state: State, frame: Frame) -> None:
    pop(state)
    side, area = frame["side"], frame["area"]
    if not is_contested(state, area):
        return
    them = enemy(side)
    if side == "us" and night_applies(state, area):
        # §5.5 / §5.16 D: at night the US must find the NVA first (1-3 found).
        face = rng.roll(state)
        found = face in tables(state)["night"]["us_melee_search_found_on"]
        log(state, "search", area=area_name(area), face=face, found=found)
        if not found:
            # §5.5 / §5.16 D: not found: no combat, but a melee marker is still placed in the area.
            state["melee_markers"] = sorted({*state.get("melee_markers", []), area})
            log(state, "melee_marker", area=area_name(area))
            return
    activated = [u for u in combat_units_at(state, area, side)
                 if frame["group"] is None or spec(state, u).group == frame["group"]]
    if not activated:
        return
    attack_officers = [o for o in officers_at(state, area, side, able=True)
                       if spec(state, o).group == frame["group"] or o in frame["joined"]]
    defenders = combat_units_at(state, area, them)
    a_dice, a_mods = strength_of(state, side, area, area, activated, "melee", attack_officers, jungle=False)
    d_dice, d_mods = strength_of(state, them, area, area, defenders, "melee",
                                 officers_at(state, area, them, able=True), jungle=False)
    # §5.5 step 3: both roll at once; hits do not affect the enemy's roll.
    a_faces, a_hits = roll_dice(state, a_dice)
    d_faces, d_hits = roll_dice(state, d_dice)
    log(state, "melee", area=area_name(area), attacker=side_name(side), a_dice=a_dice, a_faces=a_faces,
        a_hits=a_hits, a_mods=a_mods, d_dice=d_dice, d_faces=d_faces, d_hits=d_hits, d_mods=d_mods)
    if area == COLUMBUS and side == "nva" and not state["melee_columbus"]:
        state["melee_columbus"] = True  # §5.5 / AMBIG-12: once per game
        score(state, "nva", "melee_in_lz_columbus")
    # §5.5 step 4: the first hit of each side is assigned by the opponent; officers may be hit.
    push(state,
         *first_and_rest(side, them, area, a_hits, first_officers=True, rest_officers=True),
         *first_and_rest(them, side, area, d_hits, first_officers=True, rest_officers=True),
         {"kind": "retreat", "side": them, "area": area},
         {"kind": "retreat", "side": side, "area": area})


def _retreat_actions(state: State, frame: Frame) -> list[Action]:
    """§5.5 steps 5-6: survivors may retreat to adjacent areas (AMBIG-24: not into enemy-occupied
    areas; hit units need no officer)."""
    area, side = frame["area"], frame["side"]
    if not is_contested(state, area):
        return []
    if side == "us" and area == COLUMBUS:
        return []  # §5.3: the US cannot leave LZ Columbus while the NVA are in it
    acts: list[Action] = []
    movers = [u for u in units_at(state, area, side) if unit(state, u)["status"] == "map" and spec(state, u).moves
              and (spec(state, u).combat or unit(state, u)["hits"] == 0)]
    for to in gd(state).board.neighbours(area):
        if combat_units_at(state, to, enemy(side)):
            continue
        acts += [{"type": "retreat", "unit": u, "to": to} for u in movers]
    if acts:
        acts.append({"type": "end_retreat"})
    return acts


def _retreat(state: State, frame: Frame, action: Action) -> None:
    uid, to = action["unit"], action["to"]
    log(state, "retreated", unit=name(uid), frm=area_name(frame["area"]), to=area_name(to))
    unit(state, uid)["area"] = to


# === The frame kinds of this chapter ===

STEPS: dict[str, Kind] = {
    "assign": Auto(_assign),
    "assign_choice": Decision(_choice_actions, {"assign_hit": _assign_hit}),
    "officer_check": Auto(_officer_check),
    "fire_split": Decision(_split_actions, {"split_fire": _move_die, "unsplit_fire": _move_die,
                                            "fire_now": _fire_now}),
    "return_fire": Decision(_return_actions, {"return_fire": _return_fire, "no_return_fire": _no_return_fire}),
    "advance": Decision(_advance_actions, {"advance": _advance, "end_advance": _done}),
    "melee": Auto(_melee),
    "retreat": Decision(_retreat_actions, {"retreat": _retreat, "end_retreat": _done}),
}
