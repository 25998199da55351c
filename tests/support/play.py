"""Drive a whole match over HTTP with random legal actions, as any client could."""

from __future__ import annotations

import random
from typing import Any

from server.bots.random_bot import choose
from tests.support.client import Player


def play_random_match(match_id: str, players: list[Player], rnd: random.Random,
                      max_actions: int = 3000) -> dict[str, Any]:
    """Each turn, every player looks at its view; one with actions plays. Returns the outcome."""
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
        r = player.act(match_id, v["version"], action)
        assert r.status_code == 200, r.text
    raise AssertionError(f"runaway: no outcome after {max_actions} actions")
