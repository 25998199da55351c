"""§9.5(1) Skorzeny's special unit: the German player's choice, once and for all, of the 150th Panzergrenadier
Brigade or 6 commandos (what commandos do: commandos.py)."""

from __future__ import annotations

from ...engine.core import Action, State
from .reinforcements import due
from .units import log, spec


def skorzeny_actions(state: State) -> list[Action]:
    if state.get("skorzeny") or state["player"] != "german" or state["phase"] != "movement_1":
        return []
    if not any(spec(state, u).raw.get("skorzeny") and due(state, u) for u in state["units"]):
        return []
    return [{"type": "skorzeny", "choice": "brigade"}, {"type": "skorzeny", "choice": "commando"}]


def choose_skorzeny(state: State, choice: str) -> None:
    """§9.5(1): once and for all: the 150th Panzergrenadier Brigade, or 6 commandos."""
    state["skorzeny"] = choice
    for uid, u in state["units"].items():
        kind = spec(state, uid).raw.get("skorzeny")
        if kind and kind != choice:
            u.update(status="unused", due=None)
    log(state, "skorzeny", choice={"key": f"skorzeny.{choice}"})


def skorzeny_ready(state: State, uid: str) -> bool:
    kind = spec(state, uid).raw.get("skorzeny")
    return not kind or state.get("skorzeny") == kind
