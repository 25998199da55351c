"""§8.3(5) the combination being resolved: ``state["current"]`` holds its target hex, its attackers and
defenders as they were when the dice fell, the steps each attacker lost (§8.6, §8.7), the units that
retreated (§8.6) and the attackers' hexes (§8.6). This module reads it for the combat's other steps.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import State
from .pending import Task
from .units import unit


def current(state: State) -> dict[str, Any]:
    """The combination being resolved ({} between combinations)."""
    cur: dict[str, Any] = state.get("current") or {}
    return cur


def alive(state: State, uids: list[str]) -> list[str]:
    """Those of ``uids`` still on the map."""
    return [u for u in uids if unit(state, u)["status"] == "map"]


def engaged(state: State, task: Task) -> list[str]:
    """The units of ``task``'s side in the combination: the attackers if it is the phasing side's task."""
    cur = current(state)
    return list(cur["defenders"] if task["side"] != state["player"] else cur["attackers"])


def close(state: State) -> None:
    """Once no task is left, the combination is over."""
    if state.get("current") is not None:
        state["current"] = None
