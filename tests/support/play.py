"""Drive a whole match over HTTP with random legal actions, as any client could."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from server.bots.random_bot import choose
from tests.support.client import Player


def play_random_match(match_id: str, players: list[Player], rnd: random.Random, max_actions: int = 3000,
                      after: Callable[[int, float], None] | None = None) -> dict[str, Any]:
    """Each turn, every player looks at its view; one with actions plays. Returns the outcome.

    ``after(version, seconds)`` is called after each acknowledged action with the new version and
    the time the POST took.
    """
    for _ in range(max_actions):
        views = [(p, p.view(match_id)) for p in players]
        movers = [(p, v) for p, v in views if v["view"]["actions"]]
        if not movers:
            outcome = views[0][1]["view"]["outcome"]
            assert outcome is not None, "dead end: nobody can act and the match is not over"
            return outcome  # type: ignore[no-any-return]
        player, v = rnd.choice(movers)
        action = choose(v["view"], rnd)
        assert action is not None
        t0 = time.perf_counter()
        r = player.act(match_id, v["version"], action)
        assert r.status_code == 200, r.text
        if after is not None:
            after(r.json()["version"], time.perf_counter() - t0)
    raise AssertionError(f"runaway: no outcome after {max_actions} actions")
