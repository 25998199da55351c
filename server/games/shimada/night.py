"""§10 recovery and §11 dawn: the two ways a counter's front is seen again."""

from __future__ import annotations

from ...engine.core import Action, IllegalAction, State
from ...engine.steps import Decision, Frame, Kind, pop
from .units import log, name, occupants, on_map, ref, scenario, turn_face_up, unit


def begin_recovery(state: State) -> None:
    state["recovered"] = 0


def recovery_limit(state: State) -> int | None:
    # §10: at night up to 2; §11.4: after dawn all of them.
    return None if state["dawn"] else int(scenario(state)["recover_at_night"])


def recoverable(state: State) -> list[str]:
    """The player's disrupted counters on the map, by position (the owner cannot see which is which)."""
    limit = recovery_limit(state)
    if limit is not None and state["recovered"] >= limit:
        return []
    return [uid for uid in on_map(state, state["player"]) if unit(state, uid)["face"] == "down"]


def legal_actions(state: State) -> list[Action]:
    acts: list[Action] = [{"type": "recover", "at": unit(state, uid)["hex"]} for uid in recoverable(state)]
    acts.sort(key=lambda a: str(a["at"]))
    return [*acts, {"type": "end_step"}]


def recover(state: State, uid: str) -> None:
    was = name(state, uid)
    turn_face_up(state, uid)
    state["recovered"] += 1
    log(state, "recover", was=was, unit=name(state, uid))


def reveal_all(state: State, key: str) -> None:
    """Turn every counter face up, eliminated ones included, naming each in the log."""
    hidden = sorted((ref(state, uid), uid) for uid, u in state["units"].items() if u["face"] == "down")
    for _, uid in hidden:
        was = name(state, uid)
        turn_face_up(state, uid)
        log(state, key, was=was, unit=name(state, uid))


def break_dawn(state: State) -> None:
    """§11: at the start of the chosen turn every counter of both sides is turned face up."""
    state["dawn"] = True
    log(state, "dawn", turn=state["turn"])
    reveal_all(state, "revealed")


# === The recovery step's decisions ===

def _recover(state: State, frame: Frame, action: Action) -> None:
    """§10: the player names a position; its disrupted counter, whatever it is, turns face up."""
    at = action["at"]
    downs = [uid for uid in occupants(state, at, state["player"]) if unit(state, uid)["face"] == "down"]
    if len(downs) != 1:
        raise IllegalAction(f"No disrupted counter of yours at {at}.")
    recover(state, downs[0])


def _end_step(state: State, frame: Frame, action: Action) -> None:
    pop(state)


STEPS: dict[str, Kind] = {
    "recovery": Decision(lambda state, frame: legal_actions(state), {"recover": _recover, "end_step": _end_step}),
}
