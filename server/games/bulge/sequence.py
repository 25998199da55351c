"""§4 the sequence of play: each player turn's four phases (§4.2) and the steps that open them (§9.6(1)
army lines, §10.4-§10.5 and §10.7 air markers), the §6.3 stacking check after movement, the end of the
player turn (§11 supply, §12.4, §13.4 VP), and §13.1 victory at the end of a game turn.

The player turn is a ``SequenceOfPlay`` (``"turn"``, the bottom frame of the stack): each phase pushes its
main step's frame (rules.py), above it the steps that open it, below it ``"phase_end"``. The tasks that
wait on a player mid-step are the ``QUEUE``'s: ``state["pending"]`` (the view shows the first), run by
one ``"tasks"`` frame above the step they interrupt, whose side is the first task's (often the other
player's: a reaction).
"""

from __future__ import annotations

from enum import StrEnum

from ...engine.core import Action, State
from ...engine.steps import Auto, Frame, Kind, SequenceOfPlay, pop, push, top
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


def after_action(state: State) -> None:
    """What follows every action of the match under way: the tasks that need no choice, the events its
    condition triggers, and the tasks frame on top while a task waits."""
    QUEUE.proceed(state)
    restrictions.triggers(state)
    wait_on_tasks(state)


def wait_on_tasks(state: State) -> None:
    """While a task is pending, the ``"tasks"`` frame is on top (once)."""
    t = top(state)
    if state["pending"] and (t is None or t["kind"] != "tasks"):
        push(state, {"kind": "tasks"})


TASKS = QUEUE.decision(then=after_action)  # the "tasks" frame


# === §4 the phases ===

def begin_phase(state: State, frame: Frame, phase: str) -> None:
    """The phase begins: its main step (movement or combat) on the stack, above it the steps that open it,
    below it the phase's end."""
    state["phase"] = phase
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
    push(state, *(step_frame(step) for step in pre), {"kind": main}, {"kind": "phase_end"})
    if pre:
        state["step"] = pre[0]
    wait_on_tasks(state)


def step_frame(step: str) -> Frame:
    """A step's frame: the air markers' are the Allied player's, whoever's turn it is (§10.4-§10.7)."""
    return {"kind": step, "side": "allied"} if step in ALLIED_STEPS else {"kind": step}


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


def next_step(state: State, frame: Frame, action: Action) -> None:
    """The player ends a step that comes before the phase's main step (lines, air markers): the next one."""
    pop(state)
    state["step"] = str(state["stack"][-1]["kind"])
    after_action(state)


def end_phase(state: State, frame: Frame, action: Action) -> None:
    """The phasing player ends the movement phase: §6.3 the stacking check, then the next phase."""
    pop(state)
    movement.finish_move(state)
    state["stop"] = None
    state["interdiction"] = []  # §10.4: removed at the end of the movement phase
    if state["phase"] == "movement_1":
        _delay_reinforcements(state)
    state["step"] = "end"
    state["pending"] = [{"kind": "stacking", "side": state["player"]}]
    QUEUE.proceed(state)
    after_action(state)


def _delay_reinforcements(state: State) -> None:
    """§9.3: a reinforcement that did not enter slides to the next turn (it may not change its entry)."""
    late = []
    for uid, u in sorted(state["units"].items()):
        if u["side"] == state["player"] and reinforcements.due(state, uid):
            u["due"] = state["turn"] + 1
            late.append({"key": f"unit.{uid}"})
    if late:
        log(state, "delayed", units=late, turn=state["turn"] + 1)


def _phase_end(state: State, frame: Frame) -> None:
    """The phase is over (its main step done, nothing pending): the next phase or the end of the turn."""
    pop(state)
    state["step"] = "end"
    if state["phase"].startswith("combat"):
        state["air"] = {}  # §10.5-§10.6: support markers leave at the end of the combat phase


# === The end of the player turn: §11 supply, §13.4 VP ===

def _end_player_turn(state: State, frame: Frame) -> None:
    supply.check(state, state["player"])  # §11.1, AMBIG-8: at the end of the 2nd combat phase
    if state["pending"]:
        state["step"] = "supply"  # §12.4: the owner of an isolated fortress stack picks the unit first
        push(state, {"kind": "tasks"}, {"kind": "player_turn_end"})
        return
    _finish_player_turn(state)


def _player_turn_end(state: State, frame: Frame) -> None:
    """§12.4: the owner has chosen; the player turn goes on."""
    pop(state)
    _finish_player_turn(state)


def _finish_player_turn(state: State) -> None:
    """§13.4 and the markers that leave; then the other player's turn begins (the sequence starts again)."""
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


# === The frames of the sequence ===

KINDS: dict[str, Kind] = {
    "turn": SequenceOfPlay(PHASES, begin_phase, _end_player_turn),  # §4.2 the player turn
    "phase_end": Auto(_phase_end),
    "player_turn_end": Auto(_player_turn_end),
    "tasks": TASKS,
}
