"""The computer's levels. They differ by search budget and evaluation noise, never by what they see."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Level:
    id: str
    name: Mapping[str, str]
    worlds: int  # sampled worlds per decision (each with its own hidden facts and dice)
    width: int  # actions searched, the best by the game's prior (the rest are not looked at)
    depth: int  # plies looked ahead after a candidate, each the prior's choice of the role to act
    noise: float  # standard deviation added to each candidate's value: a loose player
    evaluations: int  # work budget: candidate-world evaluations per decision (deterministic)
    seconds: float  # wall-clock guard per decision; the work budget is meant to end first


LEVELS: dict[str, Level] = {
    "easy": Level("easy", {"en": "Easy", "ja": "弱い"}, worlds=1, width=6, depth=0, noise=0.08,
                  evaluations=6, seconds=0.5),
    "normal": Level("normal", {"en": "Normal", "ja": "普通"}, worlds=3, width=12, depth=1, noise=0.02,
                    evaluations=36, seconds=1.2),
    "strong": Level("strong", {"en": "Strong", "ja": "強い"}, worlds=6, width=20, depth=2, noise=0.0,
                    evaluations=120, seconds=1.8),
}
"""The defaults; a game's ``TUNING`` replaces fields per level (``server.engine.judge``)."""


def level_for(name: str, tuning: Mapping[str, Mapping[str, Any]] | None = None) -> Level:
    """The level ``name`` as a game tunes it. KeyError for an unknown level."""
    base = LEVELS[name]
    extra = dict((tuning or {}).get(name, {}))
    return replace(base, **extra) if extra else base
