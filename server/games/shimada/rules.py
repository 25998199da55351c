"""『夜襲!島田戦車隊』 (revised 2017-10-19): §3 setup, §4 victory, §5 sequence of play, dispatch.

Rule references (§x.y) are to ``shared/rules/shimada.md``, which follows the seed's numbering.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from . import combat, movement, night
from .data import SIDES, STANDARD, dataset
from .units import by_ref, log, occupants, scenario, spec, unit

# §5: each turn the Japanese, then the British player: (1) movement, (2) combat, (3) recovery.
SEQUENCE: tuple[tuple[str, str], ...] = (
    ("japanese", "movement"), ("japanese", "combat"), ("japanese", "recovery"),
    ("british", "movement"), ("british", "combat"), ("british", "recovery"),
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
        "eliminated_down": {s: 0 for s in SIDES}, "slim_entered": False, "mover": None,
        "recovered": 0, "attack": None, "combat": None, "retreats": [], "result": None, "log": [],
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
    return state


def setup(scenario_id: str, options: Options, seed: bytes) -> State:
    return new_state(STANDARD, scenario_id, options, seed)


# === §5 SEQUENCE OF PLAY and §11 dawn ===

def _begin(state: State, player: str, step: str) -> None:
    state["player"], state["step"] = player, step
    if step == "movement":
        movement.begin(state)
    elif step == "combat":
        combat.begin(state)
    else:
        night.begin_recovery(state)
    log(state, "step", player={"key": f"side.{player}"}, step={"key": f"step.{step}"})


def _start_turn(state: State) -> None:
    log(state, "turn", turn=state["turn"])
    if state["dawn_turn"] == state["turn"]:
        night.break_dawn(state)  # §11: dawn breaks at the start of the chosen turn


def next_step(state: State) -> None:
    i = SEQUENCE.index((state["player"], state["step"]))
    while True:
        i += 1
        if i == len(SEQUENCE):
            if state["turn"] >= scenario(state)["turns"]:
                end_game(state, None)
                return
            state["turn"] += 1
            _start_turn(state)
            i = 0
        player, step = SEQUENCE[i]
        if state["turn"] == 1 and player == "british" and step != "recovery":
            continue  # §5: on turn 1 the British only recover
        _begin(state, player, step)
        return


def choose_dawn(state: State, turn: int) -> None:
    """§3: the Japanese player secretly chooses the turn at whose start dawn breaks."""
    state["dawn_turn"] = turn
    log(state, "dawn_chosen", readers=["japanese"], turn=turn)
    _start_turn(state)
    _begin(state, *SEQUENCE[0])


# === §4 VICTORY ===

def points(state: State, public: bool) -> dict[str, int]:
    """§4 points. ``public`` counts only what everyone can see (face-up eliminated counters)."""
    pts = scenario(state)["points"]
    score = {"japanese": pts["slim"] if state["slim_entered"] else 0, "british": 0}
    for uid, u in state["units"].items():
        if public and u["face"] != "up":
            continue
        kind = spec(state, uid).kind
        if u["status"] == "eliminated" and u["side"] == "british" and kind == "hq":
            score["japanese"] += pts["british_hq"]
        elif u["status"] == "eliminated" and u["side"] == "japanese":
            score["british"] += pts["japanese_tank"] if kind == "tank" else pts["japanese_infantry"]
        elif u["status"] == "exited" and u["side"] == "british":
            score["british"] += pts["british_exit"]
    return score


def end_game(state: State, winner: str | None) -> None:
    """§4: the sudden-death exit, or the points after the last turn (everything is revealed)."""
    night.reveal_all(state, "final_reveal")
    score = points(state, public=False)
    if winner is not None:
        reason = "exit"
    elif score["japanese"] != score["british"]:
        winner = max(score, key=lambda s: score[s])
        reason = "points"
    else:
        reason = "tie"  # AMBIG-4: a tie is not in the rules; it is a draw.
    state["result"] = {"winner": winner, "reason": reason, "score": score}
    state["player"], state["step"], state["mover"] = None, "over", None
    log(state, "game_over", winner={"key": f"side.{winner}" if winner else "side.none"},
        reason={"key": f"reason.{reason}"}, japanese=score["japanese"], british=score["british"],
        dawn_turn=state["dawn_turn"])


def outcome(state: State) -> Outcome | None:
    r = state["result"]
    if r is None:
        return None
    return Outcome(r["winner"], r["reason"], r["score"])


# === Who acts, what they may do, and doing it ===

def active_roles(state: State) -> frozenset[Role]:
    if state["result"] is not None:
        return frozenset()
    if state["step"] == "dawn_choice":
        return frozenset({"japanese"})
    return frozenset({state["player"]})


def legal_actions(state: State, role: Role) -> list[Action]:
    if role not in active_roles(state):
        return []
    step = state["step"]
    if step == "dawn_choice":
        return [{"type": "choose_dawn", "turn": t} for t in scenario(state)["dawn_choices"]]
    if step == "movement":
        return movement.legal_actions(state)
    if step == "combat":
        return combat.legal_actions(state)
    if step == "retreat":
        return combat.retreat_actions(state)
    if step == "exchange":
        return combat.exchange_actions(state)
    if step == "advance":
        return combat.advance_actions(state)
    return night.legal_actions(state)


def _recovering(state: State, at: str) -> str:
    downs = [uid for uid in occupants(state, at, state["player"]) if unit(state, uid)["face"] == "down"]
    if len(downs) != 1:
        raise IllegalAction(f"No disrupted counter of yours at {at}.")
    return downs[0]


def apply(state: State, role: Role, action: Action) -> State:
    kind = action["type"]
    if kind == "choose_dawn":
        choose_dawn(state, int(action["turn"]))
    elif kind == "move":
        movement.move(state, by_ref(state, action["unit"]), action["to"])
    elif kind == "end_move":
        movement.end_move(state)
    elif kind == "exit":
        uid = by_ref(state, action["unit"])
        movement.exit_map(state, uid)
        if unit(state, uid)["side"] == "japanese":
            end_game(state, "japanese")  # §4: sudden death the moment a Japanese counter exits
    elif kind == "attack_with":
        combat.attack_with(state, by_ref(state, action["unit"]))
    elif kind == "cancel_attack":
        combat.cancel_attack(state)
    elif kind == "attack":
        combat.resolve(state, action["at"])
    elif kind == "retreat":
        combat.retreat(state, by_ref(state, action["unit"]), action["to"])
    elif kind == "lose":
        combat.lose(state, by_ref(state, action["unit"]))
    elif kind == "advance":
        combat.advance(state, by_ref(state, action["unit"]), action["to"])
    elif kind == "no_advance":
        combat.no_advance(state)
    elif kind == "recover":
        night.recover(state, _recovering(state, action["at"]))
    elif kind == "end_step":
        if state["step"] == "movement":
            movement.finish_move(state)
        next_step(state)
    else:
        raise IllegalAction(f"Unknown action {kind!r}.")
    return state
