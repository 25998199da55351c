"""§4 the sequence of play: each player turn's four phases (§4.2) and the steps that open them (§9.6(1)
army lines, §10.4-§10.5 and §10.7 air markers), the §6.3 stacking check after movement, the end of the
player turn (§11 supply, §12.4, §13.4 VP), and §13.1 victory at the end of a game turn.

``go_on`` runs after every action: when nothing is pending and the step is over, the next phase begins.
The tasks that wait on a player mid-step are the ``QUEUE``'s.
"""

from __future__ import annotations

from enum import StrEnum

from ...engine.core import State
from . import air, attacks, combat, engagement, movement, reinforcements, restrictions, supply, tasks
from .pending import Queue
from .units import log, tables

# §4.2: each player turn: 1st movement, 1st combat, 2nd movement, 2nd combat; then supply and VP.
PHASES = ("movement_1", "combat_1", "movement_2", "combat_2")
AIR_SUPPLY_PHASE = "combat_1"  # tables.json air_supply_phase "allied_combat_1" (AMBIG-9)
ALLIED_STEPS = ("air_interdiction", "air_defence", "air_supply")


# The tasks that wait on a player mid-step: a combat's (§8) and the other chapters' (§6.3, §9.5(3), §10.4,
# §12.4, §13.7); when none is left, the combination being resolved is over.
QUEUE = Queue(combat.KINDS, tasks.KINDS, when_empty=engagement.close)


# === §4 the phases ===

def begin_phase(state: State) -> None:
    """The phase begins: its main step (movement or combat), after the steps that open it."""
    phase = state["phase"]
    log(state, "phase", turn=state["turn"], player={"key": f"side.{state['player']}"},
        phase={"key": f"phase.{phase}"})
    if phase.startswith("movement"):
        state["step"] = "move"
        movement.begin(state)
        if phase == "movement_1" and state["player"] == "allied":
            restrictions.british_check(state)  # §9.7: at the start of the Allied 1st movement phase
    else:
        attacks.begin(state)
    main = state["step"]
    pre = _steps_before(state)
    state["presteps"] = [*pre[1:], main] if pre else []
    if pre:
        state["step"] = pre[0]


def _steps_before(state: State) -> list[str]:
    """The steps that open the phase before its main one: the army lines, the air markers."""
    phase = state["phase"]
    pre = []
    if state["player"] == "german":
        if phase.startswith("combat") and restrictions.turn_in(state, "army_zone_line_turns"):
            state["lines"] = None  # §9.6(1): redrawn from the printed ends at the start of each combat phase
            pre.append("lines")
        if air.fb_left(state) > 0:
            pre.append("air_interdiction" if phase.startswith("movement") else "air_defence")  # §10.4, §10.5
    elif phase == AIR_SUPPLY_PHASE and air.fb_left(state) > 0 and any(
            u["supply"] != "ok" for u in state["units"].values() if u["side"] == "allied" and u["status"] == "map"):
        pre.append("air_supply")  # §10.7, AMBIG-9: at the start of the Allied 1st combat phase
    return pre


def next_step(state: State) -> None:
    """The player ends a step that comes before the phase's main step (lines, air markers)."""
    rest = state.get("presteps") or []
    state["step"] = rest.pop(0) if rest else ("move" if state["phase"].startswith("movement") else "declare")
    state["presteps"] = rest


def end_phase(state: State) -> None:
    """The phasing player ends the phase: §6.3 the stacking check after movement, then the next phase."""
    if state["phase"].startswith("movement"):
        movement.finish_move(state)
        state["interdiction"] = []  # §10.4: removed at the end of the movement phase
        if state["phase"] == "movement_1":
            _delay_reinforcements(state)
        state["step"] = "end"
        state["pending"] = [{"kind": "stacking", "side": state["player"]}]
        QUEUE.proceed(state)
    else:
        state["step"] = "end"
    go_on(state)


def _delay_reinforcements(state: State) -> None:
    """§9.3: a reinforcement that did not enter slides to the next turn (it may not change its entry)."""
    late = []
    for uid, u in sorted(state["units"].items()):
        if u["side"] == state["player"] and reinforcements.due(state, uid):
            u["due"] = state["turn"] + 1
            late.append({"key": f"unit.{uid}"})
    if late:
        log(state, "delayed", units=late, turn=state["turn"] + 1)


def go_on(state: State) -> None:
    """After every action: when nothing is pending and the phase is over, go on."""
    if state["pending"] or state["result"] is not None:
        return
    if state["step"] == "resolve" and not state["combat"]["declared"]:
        state["step"] = "end"
    if state["step"] == "supply":
        _finish_player_turn(state)  # §12.4: the owner has chosen; the player turn goes on
        return
    if state["step"] != "end":
        return
    if state["phase"].startswith("combat"):
        state["air"] = {}  # §10.5-§10.6: support markers leave at the end of the combat phase
    i = PHASES.index(state["phase"])
    if i + 1 < len(PHASES):
        state["phase"] = PHASES[i + 1]
        begin_phase(state)
        return
    _end_player_turn(state)


# === The end of the player turn: §11 supply, §13.4 VP ===

def _end_player_turn(state: State) -> None:
    supply.check(state, state["player"])  # §11.1, AMBIG-8: at the end of the 2nd combat phase
    if state["pending"]:
        state["step"] = "supply"  # §12.4: the owner of an isolated fortress stack picks the unit first
        return
    _finish_player_turn(state)


def _finish_player_turn(state: State) -> None:
    side = state["player"]
    # §13.4 VP phase: the points of this player turn are already on the track; record them.
    log(state, "vp_phase", player={"key": f"side.{side}"}, vp=state["vp_turn"], total=state["vp"])
    state["vp_turn"] = 0
    for u in state["units"].values():
        if u["side"] == side and u.get("option_retreat") and u.get("marked_turn_over"):
            u["option_retreat"] = False  # AMBIG-16: off at the end of the unit's next own player turn
            u["marked_turn_over"] = False
    for u in state["units"].values():
        if u["side"] != side and u.get("option_retreat"):
            u["marked_turn_over"] = True
    if side == "allied":
        state["air_supply"] = []  # §10.7: removed at the end of the Allied player turn
    if side == "german":
        state["player"] = "allied"
    else:
        if _victory_check(state):
            return
        state["turn"] += 1
        state["player"] = "german"
    state["phase"] = PHASES[0]
    begin_phase(state)


# === §13.1 victory ===

class Reason(StrEnum):
    """Why a match of the Bulge ended: ``Outcome.reason``, and the log's message ``reason.<value>``."""

    THRESHOLD = "threshold"  # §13.1: a side reached its VP threshold at the end of a game turn (from turn 8)
    DRAW = "draw"  # §13.1: the last turn ended with neither threshold reached


def _victory_check(state: State) -> bool:
    """§13.1: from turn 8, at the end of each game turn; after the last turn, a draw."""
    t = tables(state)
    turn = state["turn"]
    row = t.turns.get(turn, {})
    g, a = row.get("german_win"), row.get("allied_win")
    vp = state["vp"]
    if g is not None and vp >= g:
        return _end(state, "german", Reason.THRESHOLD)
    if a is not None and vp <= a:
        return _end(state, "allied", Reason.THRESHOLD)  # §13.1: "35 VP or less" on turn 8
    if turn >= t.last_turn:
        return _end(state, None, Reason.DRAW)
    return False


def _end(state: State, winner: str | None, reason: Reason) -> bool:
    state["result"] = {"winner": winner, "reason": reason.value, "vp": state["vp"]}
    state["step"] = "over"
    log(state, "game_over", winner={"key": f"side.{winner or 'none'}"}, reason={"key": f"reason.{reason.value}"},
        vp=state["vp"])
    return True
