"""バルジ大作戦: §9 setup, §4 the sequence of play, §13.1 victory, and the dispatch of actions.

Rule references (§x.y) are to ``shared/rules/bulge.md``, which follows the rulebook's numbering.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from . import (
    air,
    breakthrough,
    combat,
    fog,
    misdirection,
    movement,
    occupation,
    paradrop,
    placement,
    reinforcements,
    restrictions,
    skorzeny,
    supply,
)
from .data import STANDARD, dataset
from .units import by_ref, log, tables

# §4.2: each player turn: 1st movement, 1st combat, 2nd movement, 2nd combat; then supply and VP.
PHASES = ("movement_1", "combat_1", "movement_2", "combat_2")
AIR_SUPPLY_PHASE = "combat_1"  # tables.json air_supply_phase "allied_combat_1" (AMBIG-9)
ALLIED_STEPS = ("air_interdiction", "air_defence", "air_supply")


# === §9 SETUP ===

def new_state(data: str, scenario: str, options: Options, seed: bytes) -> State:
    """A match on dataset ``data`` with every unit at its historical set-up hex or waiting to enter."""
    gd = dataset(data)
    state: State = {
        "rng": rng.init(seed), "data": data, "scenario": scenario, "options": dict(options),
        "turn": 1, "player": "german", "phase": "movement_1", "step": "move",
        "units": {}, "mover": None, "combat": None, "current": None, "pending": [],
        "occupied": {}, "occupied_start": {}, "city_owner": {}, "presteps": [], "fallen_fortresses": [], "city_vp": {},
        "broken_through": [], "vp": 0, "vp_turn": 0, "result": None, "log": [],
    }
    for uid in sorted(gd.units):
        s = gd.units[uid]
        placed = gd.setup.get(s.side, {}).get(uid)
        rec: dict[str, Any] = {"side": s.side, "hex": placed, "status": "map" if placed else "offmap",
                               "steps": 2, "supply": "ok", "mp": 0, "mode": None, "moved": False,
                               "attacked": False, "defended": False, "option_retreat": False,
                               "setup": placed is not None, "due": None}
        if placed is None and s.entry is not None:
            rec["due"] = s.entry[0]  # §9.3: enters on its printed turn (or later)
        state["units"][uid] = rec
    state["occupied"] = occupation.initial_occupation(state)
    if scenario == "free_setup":
        log(state, "free_setup")
        placement.start(state)  # §9.1-§9.2: the players place every set-up unit, the Allies first
        return state
    log(state, "setup", scenario=scenario)
    _begin_phase(state)
    return state


SCENARIOS = ("historical", "free_setup")


def setup(scenario: str, options: Options, seed: bytes) -> State:
    if scenario not in SCENARIOS:
        raise IllegalAction(f"Unknown scenario {scenario!r}.")
    return new_state(STANDARD, scenario, options, seed)


# === §4 SEQUENCE OF PLAY ===

def _begin_phase(state: State) -> None:
    phase = state["phase"]
    log(state, "phase", turn=state["turn"], player={"key": f"side.{state['player']}"},
        phase={"key": f"phase.{phase}"})
    if phase.startswith("movement"):
        state["step"] = "move"
        movement.begin(state)
        if phase == "movement_1" and state["player"] == "allied":
            restrictions.british_check(state)  # §9.7: at the start of the Allied 1st movement phase
    else:
        combat.begin(state)
    main = state["step"]
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
    state["presteps"] = [*pre[1:], main] if pre else []
    if pre:
        state["step"] = pre[0]


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
        combat.proceed(state)
    else:
        state["step"] = "end"
    _after(state)


def _delay_reinforcements(state: State) -> None:
    """§9.3: a reinforcement that did not enter slides to the next turn (it may not change its entry)."""
    late = []
    for uid, u in sorted(state["units"].items()):
        if u["side"] == state["player"] and reinforcements.due(state, uid):
            u["due"] = state["turn"] + 1
            late.append({"key": f"unit.{uid}"})
    if late:
        log(state, "delayed", units=late, turn=state["turn"] + 1)


def _after(state: State) -> None:
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
        _begin_phase(state)
        return
    _end_player_turn(state)


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
    _begin_phase(state)


def _victory_check(state: State) -> bool:
    """§13.1: from turn 8, at the end of each game turn; after the last turn, a draw."""
    t = tables(state)
    turn = state["turn"]
    row = t.turns.get(turn, {})
    g, a = row.get("german_win"), row.get("allied_win")
    vp = state["vp"]
    if g is not None and vp >= g:
        return _end(state, "german", "threshold")
    if a is not None and vp <= a:
        return _end(state, "allied", "threshold")  # §13.1: "35 VP or less" on turn 8
    if turn >= t.last_turn:
        return _end(state, None, "draw")
    return False


def _end(state: State, winner: str | None, reason: str) -> bool:
    state["result"] = {"winner": winner, "reason": reason, "vp": state["vp"]}
    state["step"] = "over"
    log(state, "game_over", winner={"key": f"side.{winner or 'none'}"}, reason={"key": f"reason.{reason}"},
        vp=state["vp"])
    return True


def outcome(state: State) -> Outcome | None:
    r = state["result"]
    if r is None:
        return None
    return Outcome(r["winner"], r["reason"], {"german": int(r["vp"])})


# === Who acts, what they may do ===

def active_roles(state: State) -> frozenset[Role]:
    if state["result"] is not None:
        return frozenset()
    if state["pending"]:
        return frozenset({combat.active_side(state) or state["player"]})
    if state["step"] in ALLIED_STEPS:
        return frozenset({"allied"})
    return frozenset({state["player"]})


def legal_actions(state: State, role: Role) -> list[Action]:
    if role not in active_roles(state):
        return []
    if state["pending"]:
        return combat.task_actions(state)
    step = state["step"]
    if step == placement.STEP:
        return placement.actions(state)
    if step == "move":
        return movement.legal_actions(state)
    if step == "declare":
        return combat.declare_actions(state)
    if step == "order":
        return combat.order_actions(state)
    if step == "resolve":
        return combat.resolve_actions(state)
    if step == "lines":
        return restrictions.line_actions(state)
    if step in ALLIED_STEPS:
        return air.air_actions(state)
    return []


def apply(state: State, role: Role, action: Action) -> State:
    kind = action["type"]
    settled = occupation.settle_key(state)
    if state["step"] == placement.STEP:
        _apply_setup(state, action)
        fog.remember(state)
        return state
    if kind == "select":
        movement.select(state, [by_ref(state, action["unit"])])
    elif kind == "select_stack":
        movement.select_stack(state, action["at"])
    elif kind == "strategic":
        movement.go_strategic(state)
    elif kind == "move":
        movement.move(state, action["to"])
    elif kind == "end_move":
        movement.finish_move(state)
    elif kind == "end_phase":
        end_phase(state)
    elif kind == "declare":
        combat.declare(state, by_ref(state, action["unit"]), action["at"])
    elif kind == "undeclare":
        combat.undeclare(state, by_ref(state, action["unit"]))
    elif kind == "end_declarations":
        combat.end_declarations(state)
    elif kind == "order":
        combat.name_next(state, action["at"])
    elif kind == "resolve":
        combat.resolve(state, action["at"])
    elif kind == "aopt":
        combat.choose_aopt(state, int(action["steps"]))
    elif kind == "option_retreat":
        combat.choose_option(state, "option")
    elif kind == "retreat_anyway":
        combat.choose_option(state, "anyway")
    elif kind == "hold":
        combat.choose_option(state, "hold")
    elif kind == "lose_step":
        combat.take_loss(state, by_ref(state, action["unit"]))
    elif kind == "retreat":
        combat.retreat_step(state, action["to"])
    elif kind == "pursue":
        combat.pursue(state, by_ref(state, action["unit"]))
    elif kind == "end_pursuit":
        combat.end_pursuit(state)
    elif kind == "remove":
        combat.remove_excess(state, by_ref(state, action["unit"]))
    elif kind == "extend_line":
        restrictions.extend_line(state, action["line"], action["to"])
    elif kind in ("end_lines", "end_air"):
        next_step(state)
    elif kind in ("air_interdict", "air_defend", "air_supply", "air_attack"):
        air.place_fb(state, kind, action["at"])
    elif kind == "break_through":
        breakthrough.break_through(state, movement.mover_units(state), action["at"])
        movement.finish_move(state)
    elif kind == "escape":
        breakthrough.escape(state, movement.mover_units(state), action["at"])
        movement.finish_move(state)
    elif kind == "guard":
        breakthrough.place_guard(state, by_ref(state, action["unit"]))
    elif kind == "interdiction_loss":
        combat.interdiction_loss(state, by_ref(state, action["unit"]))
    elif kind == "isolation_loss":
        combat.fortress_isolation_loss(state, by_ref(state, action["unit"]))
    elif kind == "paradrop":
        paradrop.paradrop(state, by_ref(state, action["unit"]), action["at"])
    elif kind == "skorzeny":
        skorzeny.choose_skorzeny(state, action["choice"])
    elif kind == "discard_mp":
        movement.discard_mp(state, int(action["mp"]))
    elif kind == "misdirect":
        misdirection.misdirect(state, action["to"])
    elif kind == "end_misdirect":
        misdirection.end_misdirect(state)
    else:
        raise IllegalAction(f"Unknown action {kind!r}.")
    if state["pending"]:
        combat.proceed(state)
    restrictions.triggers(state)
    _after(state)
    if state["result"] is None and occupation.settle_key(state) != settled:
        occupation.settle_cities(state)  # §13.3(2): occupation changes the instant its conditions change
    fog.remember(state)
    return state


def _apply_setup(state: State, action: Action) -> None:
    """§9.1-§9.2 the free set-up: select, place, end (placement.py)."""
    kind = action["type"]
    if kind == "select":
        placement.select(state, by_ref(state, action["unit"]))
    elif kind == "place":
        placement.place(state, by_ref(state, action["unit"]), str(action["to"]))
    elif kind == "end_setup":
        if placement.end_setup(state):
            _begin_phase(state)
    else:
        raise IllegalAction(f"Unknown action {kind!r}.")

