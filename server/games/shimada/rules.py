"""『夜襲!島田戦車隊』 (revised 2017-10-19): §3 setup, §5 the sequence of play and §11 the dawn choice,
composed into one step machine (``engine.steps``) with the frame kinds of movement, combat and
night; §4 victory is in ``victory.py``.

Rule references (§x.y) are to ``shared/rules/shimada.md``, which follows the seed's numbering.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from ...engine.steps import Decision, Frame, Machine, SequenceOfPlay, pop, push
from . import combat, movement, night
from .data import SIDES, STANDARD, dataset
from .units import log, scenario
from .victory import Reason, end_game
from .victory import points as points  # the view counts them through the rules

# §5: each turn the Japanese, then the British player: (1) movement, (2) combat, (3) recovery.
SEQUENCE: tuple[str, ...] = (
    "japanese.movement", "japanese.combat", "japanese.recovery",
    "british.movement", "british.combat", "british.recovery",
)


# === §3 SETUP ===

def _record(side: str, status: str, hex_id: str | None, face: str) -> dict[str, Any]:
    return {"side": side, "hex": hex_id, "status": status, "face": face, "handle": None,
            "used": 0, "done": False, "jungle": False, "attacked": False, "defended": False}


def new_state(data: str, scenario_id: str, options: Options, seed: bytes) -> State:
    """A match on dataset ``data`` (``"standard"``: the real game; tests register small ones)."""
    gd = dataset(data)
    if scenario_id not in gd.scenarios:
        raise IllegalAction(f"Unknown scenario {scenario_id!r}.")
    state: State = {
        "rng": rng.init(seed), "data": data, "scenario": scenario_id, "turn": 1, "player": None,
        "step": "dawn_choice", "dawn_turn": None, "dawn": False, "units": {},
        "eliminated_down": {s: 0 for s in SIDES}, "slim_entered": False, "mover": None, "stopped": None,
        "recovered": 0, "attack": None, "combat": None, "retreats": [], "result": None, "log": [],
        "stack": [],
    }
    counters = gd.counters
    for uid, c in counters.items():
        if c.side == "japanese":
            # §3: the Japanese enter through the entry hex during their movement, from turn 1.
            state["units"][uid] = _record("japanese", "offmap", None, "up")
    # §3: the British counters face down (disrupted), at random, one per position.
    british = sorted(uid for uid, c in counters.items() if c.side == "british")
    rng.shuffle(state, british)
    for hex_id, uid in zip(gd.board.positions, british, strict=True):
        state["units"][uid] = _record("british", "map", hex_id, "down")
    log(state, "setup")
    # §3: the Japanese player chooses the dawn turn before the first turn begins.
    push(state, {"kind": "dawn_choice", "side": "japanese"}, {"kind": "turn"})
    return state


def setup(scenario_id: str, options: Options, seed: bytes) -> State:
    return new_state(STANDARD, scenario_id, options, seed)


# === §5 SEQUENCE OF PLAY and §11 dawn ===

BEGIN = {"movement": movement.begin, "combat": combat.begin, "recovery": night.begin_recovery}


def _player_step(phase: str) -> tuple[str, str]:
    player, step = phase.split(".")
    return player, step


def begin_step(state: State, player: str, step: str) -> None:
    """``player``'s ``step`` begins: its chapter's preparations, then its decision on the stack."""
    state["player"], state["step"] = player, step
    BEGIN[step](state)
    push(state, {"kind": step})


def _begin_phase(state: State, frame: Frame, phase: str) -> None:
    player, step = _player_step(phase)
    begin_step(state, player, step)
    log(state, "step", player={"key": f"side.{player}"}, step={"key": f"step.{step}"})


def _skip(state: State, phase: str) -> bool:
    player, step = _player_step(phase)
    return state["turn"] == 1 and player == "british" and step != "recovery"  # §5: turn 1, British recover


def _start_turn(state: State) -> None:
    log(state, "turn", turn=state["turn"])
    if state["dawn_turn"] == state["turn"]:
        night.break_dawn(state)  # §11: dawn breaks at the start of the chosen turn


def _end_turn(state: State, frame: Frame) -> None:
    if state["turn"] >= scenario(state)["turns"]:
        end_game(state, None)
        return
    state["turn"] += 1
    _start_turn(state)


def start_at(state: State, player: str, step: str) -> None:
    """Put a position built by hand (a test's) at the start of ``player``'s ``step``: the turn's
    sequence goes on after it, as in play."""
    state["stack"] = [{"kind": "turn", "next": SEQUENCE.index(f"{player}.{step}") + 1}]
    begin_step(state, player, step)


def _dawn_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "choose_dawn", "turn": t} for t in scenario(state)["dawn_choices"]]


def _choose_dawn(state: State, frame: Frame, action: Action) -> None:
    """§3: the Japanese player secretly chooses the turn at whose start dawn breaks; then turn 1."""
    pop(state)
    state["dawn_turn"] = int(action["turn"])
    log(state, "dawn_chosen", readers=["japanese"], turn=state["dawn_turn"])
    _start_turn(state)


# === §4 VICTORY (victory.py) ===

def outcome(state: State) -> Outcome | None:
    r = state["result"]
    if r is None:
        return None
    return Outcome(r["winner"], Reason(r["reason"]), r["score"])


# === The machine: every frame kind of the game, and who acts, what they may do, and doing it ===

# A frame without a side is the phasing player's (every sub-step of combat is the attacker's).
MACHINE = Machine(
    {"turn": SequenceOfPlay(SEQUENCE, _begin_phase, _end_turn, _skip),
     "dawn_choice": Decision(_dawn_actions, {"choose_dawn": _choose_dawn})},
    movement.STEPS, combat.STEPS, night.STEPS,
    owner=lambda state: state["player"],
)


def active_roles(state: State) -> frozenset[Role]:
    return MACHINE.active_roles(_resumed(state))


def legal_actions(state: State, role: Role) -> list[Action]:
    return MACHINE.legal_actions(_resumed(state), role)


def apply(state: State, role: Role, action: Action) -> State:
    return MACHINE.apply(_resumed(state), role, action)


def _resumed(state: State) -> State:
    """A state stored before the step machine has no ``stack``: the same match, its stack rebuilt
    from its ``step`` (a sub-step of combat sits on the combat step and the aftermath)."""
    if "stack" in state:
        return state
    step, player = state["step"], state["player"]
    stack: list[Frame] = []
    if state["result"] is None and step == "dawn_choice":
        stack = [{"kind": "turn"}, {"kind": "dawn_choice", "side": "japanese"}]
    elif state["result"] is None:
        sub = step in ("retreat", "exchange", "advance")
        stack = [{"kind": "turn", "next": SEQUENCE.index(f"{player}.{'combat' if sub else step}") + 1}]
        stack += [{"kind": "combat"}, {"kind": "aftermath"}, {"kind": step}] if sub else [{"kind": step}]
    return {**state, "stack": stack}
