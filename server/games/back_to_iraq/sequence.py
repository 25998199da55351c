"""§5: the sequence of play, as frames of the step machine (``engine.steps``).

A game turn: the Weather/Regroup Determination Phase (weather, §9.2 the regroup check, §5.3 the order of the
Coalition's phases), the Coalition's two phases in the order chosen, the Islamic Movement and Combat Phases, the
Coalition Recovery Phase of a regroup turn (§9.5), then the end of the turn (§4.4-§4.5 victory). Each phase is
followed by the stacking check (§6.5).
"""

from __future__ import annotations

from enum import StrEnum

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Auto, Decision, Frame, Kind, SequenceOfPlay, pop, push
from . import air, command, optional, scud, sof, targets
from .control import owner
from .forces import board, log, on_map, overstacked, scenario, spec, tables, unit
from .results import eliminate
from .supply import Lines, check_zoc_supply


class Reason(StrEnum):
    VICTORY = "victory"  # §4.4-§4.5: the Coalition declared its victory
    TIME = "time"  # AMBIG-22: the last turn ended without it
    KUWAIT = "kuwait"  # §4.6: the Islamic side holds Kuwait
    NUCLEAR = "nuclear"  # §14.13: the Coalition's massive nuclear response
    DECLARATION = "declaration"  # §G1.6: the Coalition declared, and the WMD dice or the secret city failed it
    RESIGNED = "resigned"


PHASES = ("nuclear", "weather", "regroup", "order", "coalition_1", "coalition_2", "islamic_movement", "islamic_combat",
          "scud", "recovery")


def last_turn(state: State) -> int:
    return tables(state).last_turn(scenario(state))  # LOST-5


# === The Weather/Regroup Determination Phase (§5.3, §9, §14.2) ===

def weather(state: State) -> None:
    """§14.2: without the optional weather rule every turn is Fair (turn 1 always is)."""
    optional.weather(state)


def regroup_actions(state: State, frame: Frame) -> list[Action]:
    """§9.4: the Coalition may declare a voluntary regroup, which takes precedence over the die."""
    return [{"type": "voluntary_regroup"}, {"type": "no_regroup"}]


def declare_regroup(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    r = state["regroup"]
    jump = int(tables(state).lost("LOST-18")["jump"])  # LOST-18
    if action["type"] == "voluntary_regroup":
        r["now"], r["marker"] = "voluntary", state["turn"] + jump
        log(state, "regroup", how="voluntary", marker=r["marker"])
        return
    if r["marker"] != state["turn"]:
        return
    die = rng.roll(state)  # §9.2: at the end of the phase the marker is on
    if die in tables(state).lost("LOST-18")["regroup_faces"]:
        r["now"], r["marker"] = "forced", state["turn"] + jump
        log(state, "regroup", how="forced", die=die, marker=r["marker"])
    else:
        r["marker"] = state["turn"] + 1
        log(state, "no_regroup", die=die, marker=r["marker"])


def order_actions(state: State, frame: Frame) -> list[Action]:
    """§5.3: Move-then-Combat or Combat-then-Move, chosen each turn (moot in a regroup turn)."""
    return [{"type": "move_first"}, {"type": "combat_first"}]


def choose_order(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    state["order"] = action["type"]
    log(state, "order", order=action["type"])


# === Phases ===

def _movement(state: State, side: str) -> Frame:
    state["phase"], state["player"], state["mover"] = "movement", side, None
    for uid in on_map(state, side):
        unit(state, uid)["mp"] = None
    log(state, "phase", side=side, phase="movement")
    return {"kind": "movement", "side": side}


def _combat(state: State, side: str) -> Frame:
    state["phase"], state["player"], state["attacked_hexes"] = "combat", side, []
    for uid in on_map(state, side):
        unit(state, uid)["attacked"] = False
    log(state, "phase", side=side, phase="combat")
    return {"kind": "combat", "side": side}


def begin(state: State, frame: Frame, phase: str) -> None:
    regroup = state["regroup"]["now"]
    if phase == "nuclear":
        push(state, {"kind": "nuclear", "side": "islamic"})  # §14.8: at the start of the game turn
    elif phase == "weather":
        weather(state)
        state["phase"], state["player"] = "weather_regroup", "coalition"
    elif phase == "regroup":
        push(state, {"kind": "regroup_choice", "side": "coalition"})
    elif phase == "order":
        if regroup is None:
            push(state, {"kind": "order", "side": "coalition"})
        else:
            state["order"] = "move_first"
    elif phase in ("coalition_1", "coalition_2"):
        first = phase == "coalition_1"
        if first and sof.on(state):
            sof.come_back(state, "coalition")  # §G3.7(2): the neutralized SOF due this turn
        moving = (state["order"] == "move_first") == first
        if regroup == "forced" or (regroup == "voluntary" and not moving):
            return  # §9.3-§9.4: no Coalition movement in a forced regroup, no attack in any
        if moving:
            push(state, _movement(state, "coalition"), {"kind": "stacking"})
        else:
            # §G2.4: the air-strike sub-phase opens the Coalition combat phase, before any ground combat
            combat = _combat(state, "coalition")
            strikes = [f for f in (air.begin(state),) if f is not None]
            push(state, *strikes, combat, {"kind": "stacking"})
    elif phase == "islamic_movement":
        if sof.on(state):
            sof.come_back(state, "islamic")  # §G3.7(2)
        check_zoc_supply(state)  # §7.4, §8.2
        push(state, _movement(state, "islamic"), {"kind": "stacking"})
    elif phase == "islamic_combat":
        push(state, _combat(state, "islamic"), {"kind": "stacking"})
    elif phase == "scud":
        push(state, {"kind": scud.STEP, "side": "islamic"})  # §G1.5: after all other Islamic actions
    elif phase == "recovery":
        recovery(state)


def skip(state: State, phase: str) -> bool:
    if phase == "nuclear":
        return not optional.nuclear_on(state)
    if phase == "scud":
        return not targets.on(state)
    return phase == "recovery" and state["regroup"]["now"] is None


# === §9.5 The Coalition Recovery Phase ===

def recovery(state: State) -> None:
    """Every reduced Coalition unit that did not move this turn, was reduced when the turn began and traces land
    supply (§G4.4: and traces to an HQ), is back at full strength; then §G4.7 the suppressed HQs recover."""
    state["phase"] = "recovery"
    lines = Lines(state, "coalition")
    for uid in on_map(state, "coalition"):
        rec = unit(state, uid)
        full = spec(state, uid).steps
        if rec["steps"] < full and not rec["moved"] and not rec["full_at_start"] and command.recovers(lines, uid):
            rec["steps"] = full
            log(state, "recovered", unit=uid)
    recover_hqs(state)


def recover_hqs(state: State) -> None:
    """§G4.7 (AMBIG-9): in the Recovery Phase of a Coalition regroup turn, every suppressed HQ of either side with
    land supply that did not move this game turn flips back to operational."""
    if not command.on(state):
        return
    for side in ("coalition", "islamic"):
        lines = Lines(state, side)
        for uid in on_map(state, side):
            rec = unit(state, uid)
            if rec.get("suppressed") and not rec["moved"] and lines.supplied(uid, air=False):
                rec["suppressed"] = False
                log(state, "hq_recovered", unit=uid)


# === §6.5 The stacking check at the end of every phase ===

def stacking_side(state: State) -> str | None:
    for side in ("coalition", "islamic"):
        if overstacked(state, side):
            return side
    return None


def stacking_actions(state: State, frame: Frame) -> list[Action]:
    side = stacking_side(state)
    if side is None:
        return []
    hexes = set(overstacked(state, side))
    return [{"type": "eliminate", "unit": u} for u in on_map(state, side) if unit(state, u)["hex"] in hexes]


def remove_overstack(state: State, frame: Frame, action: Action) -> None:
    """§6.5: the owner eliminates units from an overstacked hex until it is legal."""
    eliminate(state, action["unit"])


# === The end of the game turn ===

def mipp_limit(state: State) -> int:
    """LOST-31 (the scenario's own), raised by LOST-32 in the advanced game (§G1.6(3))."""
    return int(tables(state).lost("LOST-31")[str(scenario(state))]) + targets.mipp_limit_rise(state)  # LOST-31


def victory_met(state: State, bonus: int = 0) -> bool:
    """§4.4-§4.5: Kuwait (the Kuwait City hex, AMBIG-23), enough Iraqi (and in Scenario 2 Iranian) cities, and
    the MIPP below the limit. ``bonus``: the city §G1.6(2) adds."""
    b = board(state)
    need = tables(state).lost("LOST-30")  # LOST-30
    if owner(state, b.hex_of("kuwait_city")) != "coalition":
        return False
    iraqi = bonus + sum(owner(state, h) == "coalition" for h in b.cities("iraq"))
    if scenario(state) == 1:
        cities = iraqi >= need["s1_needed"]
    else:
        iranian = sum(owner(state, h) == "coalition" for h in b.cities("iran"))
        cities = iraqi >= need["s2_needed_iraqi"] and iranian >= need["s2_needed_iranian"]
    return bool(cities) and int(state["mipp"]) < mipp_limit(state)


def may_declare(state: State) -> bool:
    """§4.4-§4.5: what the Coalition can see of its conditions. With the strategic targets, the §G1.6(2) city may
    make up one short, unless a face-up WMD or terrorist base shows it cannot be had (the rest is secret)."""
    shown = targets.face_up(state, "wmd") + targets.face_up(state, "terrorist_base")
    bonus = int(targets.on(state) and not shown)
    return victory_met(state, bonus)


def judged(state: State) -> bool:
    """At the end of the game: §G1.6(1) the WMD dice, then the conditions with §G1.6(2)'s city."""
    return victory_met(state, targets.end_of_game(state))


def end_turn(state: State, frame: Frame) -> None:
    state["air_supply"], state["air_supply_used"] = None, False  # §8.13: off at the end of the turn
    optional.end_of_turn(state)
    state["burst"] = None  # §14.9: the Nuclear Burst marker comes off
    if state["turn"] >= last_turn(state):
        # AMBIG-22: at the end of the last turn the Coalition has won if it meets the conditions, else it has lost
        met = judged(state)
        finish(state, "coalition" if met else "islamic", Reason.VICTORY if met else Reason.TIME)
        return
    if may_declare(state):
        push(state, {"kind": "victory", "side": "coalition"})
        return
    next_turn(state)


def next_turn(state: State) -> None:
    state["turn"] += 1
    state["regroup"]["now"] = None
    state["order"] = None
    for uid in on_map(state):
        rec = unit(state, uid)
        rec["moved"] = False
        rec["full_at_start"] = rec["steps"] == spec(state, uid).steps
    log(state, "turn", turn=state["turn"])


def victory_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "declare_victory"}, {"type": "play_on"}]


def declare_victory(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    if action["type"] == "declare_victory":
        # §G1.6: the declaration ends the game; judged after the WMD dice, it may fall short
        met = judged(state)
        finish(state, "coalition" if met else "islamic", Reason.VICTORY if met else Reason.DECLARATION)
    else:
        next_turn(state)


def nuclear_victory(state: State, frame: Frame, action: Action) -> None:
    """§14.13: after a massive nuclear response the Coalition may declare itself the winner."""
    pop(state)
    if action["type"] == "declare_victory":
        finish(state, "coalition", Reason.NUCLEAR)


def finish(state: State, winner: str, reason: Reason) -> None:
    state["result"] = {"winner": winner, "reason": str(reason)}
    log(state, "over", winner=winner, reason=str(reason))


TURN = SequenceOfPlay(PHASES, begin, end_turn, skip)
KINDS: dict[str, Kind] = {
    "turn": TURN,
    "regroup_choice": Decision(regroup_actions, {"voluntary_regroup": declare_regroup, "no_regroup": declare_regroup}),
    "order": Decision(order_actions, {"move_first": choose_order, "combat_first": choose_order}),
    "stacking": Decision(stacking_actions, {"eliminate": remove_overstack},
                         side=lambda state, frame: stacking_side(state)),
    "victory": Decision(victory_actions, {"declare_victory": declare_victory, "play_on": declare_victory}),
    "nuclear": Decision(optional.nuclear_actions, {"nuclear": optional.nuclear, "no_nuclear": optional.no_nuclear}),
    "nuclear_response": Auto(optional.nuclear_response),
    "nuclear_victory": Decision(optional.nuclear_victory_actions, {"declare_victory": nuclear_victory,
                                                                    "play_on": nuclear_victory}),
}
