"""§2.0-§2.4 and §3.0-§3.1: the sequence of play as frames of the step machine (``engine.steps``).

A turn: the pre-turn sequence (§2.0: flip every unit to unused, CAP reset, initiative), then the action phase
(digest §4.3): the active player takes one action at a time, each followed by the reacting player's reaction
window, until both players pass in succession with no action between; then the end of the turn (§2.3-§2.4:
victory hexes scored on scoring turns, the last turn ends the firefight).
"""

from __future__ import annotations

from enum import StrEnum

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Auto, Decision, Frame, Kind, SequenceOfPlay, pop, push
from . import actions, combat
from .board import FACINGS
from .fire import MAX_CAP
from .forces import ENEMY, firefight, log, losses, unit
from .tally import Tally
from .units import SIDES


class Reason(StrEnum):
    VICTORY_POINTS = "victory_points"  # §2.4: the most VP after the last turn
    DRAW = "draw"  # AMBIG-5: equal VP
    RESIGNED = "resigned"


PHASES = ("pre_turn", "initiative", "action_phase")


def new_period(state: State, player: str) -> None:
    state["period"] = {"player": player, "unit": None, "ap": 0, "activated": False, "actions": 0}


# === §2.0 the pre-turn sequence ===

def pre_turn(state: State) -> None:
    """§2.3: every counter to its unused side. §3.2, §7.3, AMBIG-4: CAP = the starting CAP less the player's
    units destroyed so far, never below 0; unused CAP does not carry over."""
    for u in state["units"].values():
        u["used"] = False
    for side in SIDES:
        state["cap"][side] = max(0, firefight(state).start_cap[side] - losses(state, side))
    log(state, "turn", turn=state["turn"], german=state["cap"]["german"], soviet=state["cap"]["soviet"])


def first_declarer(state: State) -> str:
    """§3.24: the player with more CAP declares first; on equal CAP the Soviet."""
    return "german" if state["cap"]["german"] > state["cap"]["soviet"] else "soviet"


def initiative(state: State) -> None:
    first = firefight(state).first_player_turn_1
    if state["turn"] == 1 and first is not None:
        # the firefight sheet gives turn 1's initiative
        log(state, "initiative_given", player=first)
        start_action_phase(state, first)
        return
    a = first_declarer(state)
    state["initiative"] = {"german": None, "soviet": None}
    push(state, {"kind": "declare", "side": a}, {"kind": "declare", "side": ENEMY[a]}, {"kind": "initiative_roll"})


def declare_actions(state: State, frame: Frame) -> list[Action]:
    """§3.24: 0-2 CAP added to the initiative roll, declared in turn (the second knows the first's)."""
    most = min(MAX_CAP, state["cap"][frame["side"]])
    return [{"type": "declare", "cap": c} for c in range(most + 1)]


def declare(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    state["cap"][frame["side"]] -= action["cap"]
    state["initiative"][frame["side"]] = action["cap"]
    log(state, "declared", player=frame["side"], cap=action["cap"])


def initiative_roll(state: State, frame: Frame) -> None:
    """§2.1: 2D6 each with the CAP declared; the higher is the first active player; a tie is rolled again
    without the modifiers, and either may declare CAP again."""
    pop(state)
    totals = {}
    for side in SIDES:
        d = [rng.roll(state), rng.roll(state)]
        totals[side] = sum(d) + state["initiative"][side]
        roll = Tally.of(f"2D6 ({d[0]}+{d[1]})", sum(d)).plus("CAP", state["initiative"][side])
        log(state, "initiative", player=side, roll=roll, total=totals[side])
    if totals["german"] == totals["soviet"]:
        a = first_declarer(state)
        state["initiative"] = {"german": None, "soviet": None}
        push(state, {"kind": "declare", "side": a}, {"kind": "declare", "side": ENEMY[a]},
             {"kind": "initiative_roll"})
        return
    start_action_phase(state, max(SIDES, key=lambda s: totals[s]))


def start_action_phase(state: State, player: str) -> None:
    state["prev_actions"] = -1
    new_period(state, player)
    log(state, "active", player=player)
    push(state, {"kind": "act"})


# === the action phase (digest §4.3) ===

def act_actions(state: State, frame: Frame) -> list[Action]:
    side = state["period"]["player"]
    out = actions.offered(state, side, reacting=False)
    if state["period"]["unit"] is not None:
        out.append({"type": "end_activation"})
    out.append({"type": "pass"})
    return out


def act_side(state: State, frame: Frame) -> str:
    return str(state["period"]["player"])


def unit_action(state: State, frame: Frame, action: Action) -> None:
    """An action of the active player; then the reacting player's window (§3.1: exactly one reaction per
    action), after the action is finished (its free facing, its rolls)."""
    side = state["period"]["player"]
    frames = actions.take(state, side, action)
    state["period"]["actions"] += 1
    push(state, *frames, {"kind": "reaction", "side": ENEMY[side]})


def end_activation(state: State, frame: Frame, action: Action) -> None:
    """§3.0: the activated unit is flipped to used and its AP are lost; not an action."""
    _flip_activated(state)


def _flip_activated(state: State) -> None:
    period = state["period"]
    if period["unit"] is not None:
        unit(state, period["unit"])["used"] = True
        log(state, "activation_ended", unit=period["unit"], ap=period["ap"])
        period["unit"], period["ap"] = None, 0


def pass_(state: State, frame: Frame, action: Action) -> None:
    """AMBIG-6: passing flips an activated unit that still holds AP (Fig. 3). The turn ends when both players
    pass in succession with no action between; otherwise the other player becomes active."""
    _flip_activated(state)
    period = state["period"]
    log(state, "passed", player=period["player"])
    if period["actions"] == 0 and state["prev_actions"] == 0:
        pop(state)  # the action phase is over
        state["period"] = None
        return
    state["prev_actions"] = period["actions"]
    new_period(state, ENEMY[period["player"]])
    log(state, "active", player=state["period"]["player"])


def reaction_actions(state: State, frame: Frame) -> list[Action]:
    """§3.1: an opportunity or a command action, never an activation, or decline; no window when there is
    nothing to choose but declining."""
    out = actions.offered(state, frame["side"], reacting=True)
    return [*out, {"type": "decline"}] if out else []


def reaction(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    push(state, *actions.take(state, frame["side"], action))  # no reaction to a reaction


def decline(state: State, frame: Frame, action: Action) -> None:
    pop(state)


def face_actions(state: State, frame: Frame) -> list[Action]:
    """§5.2: after entering a hex the unit may face any hexside, free, before the reaction."""
    return [{"type": "face", "unit": frame["unit"], "facing": f} for f in FACINGS]


def face(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    unit(state, frame["unit"])["facing"] = action["facing"]
    log(state, "faced", unit=frame["unit"], facing=action["facing"])


def roll_actions(state: State, frame: Frame) -> list[Action]:
    """§7.7, §3.23: the attacker picks the next unit of the target hex to roll against, and the CAP (0-2) he
    adds to that roll, before it."""


    out = []
    most = min(MAX_CAP, state["cap"][frame["side"]])
    for t in frame["left"]:
        for cap in range(most + 1):
            odds = combat.odds(state, frame["firer"], frame["at"], t, cap)
            out.append({"type": "roll", "target": t, "cap": cap,
                        "cost": {"ap": 0, "cap": cap, "needed": odds["needed"], "one_hit": odds["one_hit"],
                                 "two_hits": odds["two_hits"]}})
    return out


def roll(state: State, frame: Frame, action: Action) -> None:


    state["cap"][frame["side"]] -= action["cap"]
    frame["left"] = [t for t in frame["left"] if t != action["target"]]
    combat.roll(state, frame["firer"], frame["at"], action["target"], action["cap"])


# === §2.3-§2.4 the end of a turn ===

def end_turn(state: State, frame: Frame) -> None:
    ff = firefight(state)
    if state["turn"] in ff.scoring_turns:
        for h, vp in ff.victory_hexes.items():
            holder = state["control"][h]
            if holder is not None:
                state["vp"][holder] += vp
                log(state, "scored", player=holder, hex=h, vp=vp)
    if state["turn"] >= ff.turns:
        g, s = state["vp"]["german"], state["vp"]["soviet"]
        winner = None if g == s else ("german" if g > s else "soviet")
        state["result"] = {"winner": winner, "reason": str(Reason.DRAW if winner is None else Reason.VICTORY_POINTS)}
        log(state, "over", german=g, soviet=s)
        pop(state)
        return
    state["turn"] += 1


def begin(state: State, frame: Frame, phase: str) -> None:
    """The pre-turn sequence, then initiative, which pushes the action phase; the action phase itself runs on the
    frames it pushed, so its own beginning has nothing to do."""
    if phase == "pre_turn":
        pre_turn(state)
    elif phase == "initiative":
        initiative(state)


KINDS: dict[str, Kind] = {
    "turn": SequenceOfPlay(PHASES, begin, end_turn),
    "declare": Decision(declare_actions, {"declare": declare}),
    "initiative_roll": Auto(initiative_roll),
    "act": Decision(act_actions, {"move": unit_action, "pivot": unit_action, "fire": unit_action,
                                  "rally": unit_action, "enter": unit_action, "end_activation": end_activation,
                                  "pass": pass_}, side=act_side),
    "reaction": Decision(reaction_actions, {"move": reaction, "pivot": reaction, "fire": reaction,
                                            "rally": reaction, "decline": decline}),
    "face": Decision(face_actions, {"face": face}),
    "roll": Decision(roll_actions, {"roll": roll}),
}
