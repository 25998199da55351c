"""Computer opponents: one search (``search``) over the rules protocol, each game's ``Judge`` (its
``games/<id>/bot.py``), the levels (``levels``), a worker pool for the service (``pool``) and the
``counterplay selfplay`` measurements (``selfplay``)."""

from __future__ import annotations

import importlib
import importlib.util
import random
from functools import cache

from ..engine.core import Role, State
from ..engine.judge import Judge
from ..games import GAMES
from .levels import LEVELS, level_for
from .search import Decision, decide

RANDOM = "random"
"""Not a level people are offered: a uniformly random legal action, the floor of the strength tables."""


@cache
def judge_for(game: str) -> Judge | None:
    """The game's ``Judge`` (its ``bot`` module), or None when the game has no computer opponent yet."""
    if game not in GAMES:
        raise KeyError(game)
    name = f"{__name__.rsplit('.', 1)[0]}.games.{game}.bot"
    try:
        spec = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # a game registered from outside server.games (the tests' toy game)
        spec = None
    if spec is None:
        return None
    judge: Judge = importlib.import_module(name)  # a module is the Judge
    return judge


def computer_levels(game: str) -> list[str]:
    """The levels a person may seat against them in ``game`` (none for a game without a ``Judge``)."""
    return list(LEVELS) if judge_for(game) is not None else []


def choose(game: str, state: State, role: Role, level: str, seed: int, guard: bool = True) -> Decision:
    """The computer's action for ``role`` at ``level`` (or ``random``) from ``seed``; None when ``role``
    has nothing to do."""
    rules = GAMES[game]
    if level == RANDOM:
        if rules.outcome(state) is not None or role not in rules.active_roles(state):
            return Decision(None)
        actions = rules.legal_actions(state, role)
        return Decision(random.Random(seed).choice(actions) if actions else None, offered=len(actions))
    judge = judge_for(game)
    if judge is None:
        raise KeyError(f"{game} has no computer opponent")
    return decide(rules, judge, state, role, level_for(level, getattr(judge, "TUNING", None)), seed, guard)
