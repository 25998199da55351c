"""§4.1-§4.3: the Islamic player's Media Influence Political Points (MIPP): the check, the gain, and (advanced game)
the loss."""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import State
from .forces import log, tables


def mipp_check(state: State, why: str, modifier: int = 0, **args: Any) -> int:
    """§4.3: roll one die and the Islamic player gains half, rounded up (1-3)."""
    die = rng.roll(state) + modifier
    gain = -(-die // 2)
    state["mipp"] += gain
    log(state, "mipp_check", die=die, gain=gain, total=state["mipp"], why={"key": f"why.{why}"}, **args)
    return gain


def mipp_gain(state: State, n: int, why: str) -> None:
    """§4.2(4): a "+" result gives LOST-23 MIPP with no check. §4.1: in the basic game MIPP is never lost; the
    advanced game takes some away (never below 0)."""
    before = state["mipp"]
    state["mipp"] = max(0, before + n)
    if n >= 0:
        log(state, "mipp_gain", gain=n, total=state["mipp"], why={"key": f"why.{why}"})
    else:
        log(state, "mipp_loss", loss=before - state["mipp"], total=state["mipp"], why={"key": f"why.{why}"})


def s_plus(state: State) -> int:
    return int(tables(state).lost("LOST-23"))  # LOST-23
