"""§4 victory: the points, the sudden-death exit, and the end of the match (everything revealed)."""

from __future__ import annotations

from enum import StrEnum

from ...engine.core import State
from .night import reveal_all
from .units import log, scenario, spec


class Reason(StrEnum):
    """Why a match of Shimada ended (``Outcome.reason``, the ``reason.<value>`` messages)."""

    EXIT = "exit"  # §4: a Japanese counter moved off the map (sudden death)
    POINTS = "points"  # §4: more points after the last turn
    TIE = "tie"  # AMBIG-4: equal points, a draw


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
    reveal_all(state, "final_reveal")
    score = points(state, public=False)
    if winner is not None:
        reason = Reason.EXIT
    elif score["japanese"] != score["british"]:
        winner = max(score, key=lambda s: score[s])
        reason = Reason.POINTS
    else:
        reason = Reason.TIE  # AMBIG-4: a tie is not in the rules; it is a draw.
    state["result"] = {"winner": winner, "reason": reason.value, "score": score}
    state["player"], state["step"], state["mover"] = None, "over", None
    log(state, "game_over", winner={"key": f"side.{winner}" if winner else "side.none"},
        reason={"key": f"reason.{reason}"}, japanese=score["japanese"], british=score["british"],
        dawn_turn=state["dawn_turn"])
