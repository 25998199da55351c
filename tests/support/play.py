"""Drive a whole match over HTTP with random legal actions, as any client could."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from server.bots.random_bot import choose
from tests.support.client import Player

Chooser = Callable[[dict[str, Any], random.Random], "dict[str, Any] | None"]


def hurrying(quick: set[str], chance: float) -> Chooser:
    """A random chooser that, when one of the ``quick`` actions (ending a phase, passing…) is legal,
    takes one with probability ``chance``, and otherwise picks uniformly among all legal actions.

    Uniform play of a big game wanders for a long time (single-hex moves); this keeps a whole match
    through HTTP short while it still moves and fights.
    """
    def pick(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
        fast = [a for a in view.get("actions") or [] if a["type"] in quick]
        if fast and rnd.random() < chance:
            return dict(rnd.choice(fast))
        return choose(view, rnd)
    return pick


def play_random_match(match_id: str, players: list[Player], rnd: random.Random, max_actions: int = 3000,
                      after: Callable[[int, float], None] | None = None, chooser: Chooser = choose,
                      check_view: Callable[[dict[str, Any]], None] | None = None,
                      played: list[str] | None = None) -> dict[str, Any]:
    """Each turn, every player looks at its view; one with actions plays. Returns the outcome.

    ``after(version, seconds)`` is called after each acknowledged action with the new version and
    the time the POST took; ``check_view`` is called on every view seen; the type of each action
    played is appended to ``played``.
    """
    for _ in range(max_actions):
        views = [(p, p.view(match_id)) for p in players]
        if check_view is not None:
            for _p, v in views:
                check_view(v["view"])
        movers = [(p, v) for p, v in views if v["view"]["actions"]]
        if not movers:
            outcome = views[0][1]["view"]["outcome"]
            assert outcome is not None, "dead end: nobody can act and the match is not over"
            return outcome  # type: ignore[no-any-return]
        player, v = movers[0] if len(movers) == 1 else rnd.choice(movers)
        action = chooser(v["view"], rnd)
        assert action is not None
        t0 = time.perf_counter()
        r = player.act(match_id, v["version"], action)
        assert r.status_code == 200, r.text
        if played is not None:
            played.append(action["type"])
        if after is not None:
            after(r.json()["version"], time.perf_counter() - t0)
    raise AssertionError(f"runaway: no outcome after {max_actions} actions")
