"""What a game gives its computer opponent: a ``Judge``, pure like the rules, in ``games/<id>/bot.py``.

The search (``server.bots``) is the same for every game; a game supplies three things:

- ``determinize(state, role, rnd)``: a *sampled world*, a state consistent with everything ``role`` may
  see, in which every fact hidden from ``role`` (a face-down counter's identity, the order of a cup, a
  unit out of sight, a secret choice) is drawn from ``rnd`` alone. It must read nothing hidden from
  ``role``: two states that differ only in hidden facts give the same world for the same ``rnd``
  (tests/bots check it on every game's hidden variants). The future dice are the framework's business
  (``fresh_dice``): a sampled world never carries the match seed.
- ``evaluate(world, role)``: how good the position is for ``role``, in [0, 1] (1: it will win), written
  from the game's victory conditions; the search calls it on sampled worlds only.
- ``prior(world, role, actions)``: a cheap score per action (no ``apply``), highest first, used to keep
  the actions worth searching when there are many and to choose actions in the search's look-ahead.

A game may also tune the levels (``TUNING``: level -> field -> value, see ``server.bots.levels``),
since one apply costs 0.3 ms in one game and 13 ms in another.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .core import OMNISCIENT, Action, Role, State


class Judge(Protocol):
    TUNING: Mapping[str, Mapping[str, Any]]

    def determinize(self, state: State, role: Role, rnd: random.Random) -> State: ...

    def evaluate(self, world: State, role: Role) -> float: ...

    def prior(self, world: State, role: Role, actions: Sequence[Action]) -> list[float]:
        """A score per action: the search looks at the best. ``-math.inf`` means never, while anything else is
        legal (an action that only takes back an earlier one, which a search would otherwise play to and fro)."""
        ...


def fresh_dice(world: State, rnd: random.Random) -> None:
    """Replace the match's dice with dice drawn from ``rnd``: the match seed decides every future roll,
    so a world that kept it would let the computer know them. Forced test dice go too."""
    world["rng"] = {"seed": rnd.getrandbits(256).to_bytes(32, "big").hex(), "n": 0}


def readable_log(log: list[dict[str, Any]], role: Role) -> list[dict[str, Any]]:
    """The log lines ``role`` may read, as entries (their ``to`` kept): a world carries no line hidden from
    its role, so a rule that reads the log reads only what the role has read."""
    return [e for e in log if e.get("to") is None or role == OMNISCIENT or role in e["to"]]


def canonical_shuffle(items: Sequence[Any], rnd: random.Random, key: Any = None) -> list[Any]:
    """``items`` sorted (by ``key``), then shuffled by ``rnd``: the result depends on the set of items and
    ``rnd`` only, not on the order the state happened to hold them in (which may be the hidden order)."""
    out = sorted(items, key=key)
    rnd.shuffle(out)
    return out


def logistic(x: float) -> float:
    """1 / (1 + e^-x), flat beyond ±30: how an evaluation turns a margin into a chance of winning."""
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
