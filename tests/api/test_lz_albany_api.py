"""A whole LZ Albany match through HTTP, both players choosing random legal actions.

The match is seeded (fixed chit draws and dice) and the chooser is seeded, so every run plays the
same match. A uniformly random match is ~650 actions (two views and a POST each through HTTP),
most of them single-area moves and Choi Oi / flare choices; to stay well under a minute on
Postgres too, the chooser ends an activation, passes a chit or declines an advance, retreat,
return fire or recovery with probability ``HURRY`` whenever such an action is legal, and otherwise
picks uniformly among all legal actions. The match still activates groups, moves, fires, melees
and assigns hits (checked below), just for fewer actions.
"""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

from tests.conftest import LiveServer
from tests.support.client import Player

QUICK = {"end_activation", "pass", "end_advance", "end_retreat", "end_artillery", "end_recovery", "end_flares",
         "no_return_fire"}
HURRY = 0.3
SEED = "01"


def choose(view: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    actions = view["actions"]
    quick = [a for a in actions if a["type"] in QUICK]
    if quick and rnd.random() < HURRY:
        return dict(rnd.choice(quick))
    return dict(rnd.choice(actions))


def play(match_id: str, players: list[Player], rnd: random.Random, max_actions: int = 3000
         ) -> tuple[dict[str, Any], list[str]]:
    played: list[str] = []
    for _ in range(max_actions):
        views = [(p, p.view(match_id)) for p in players]
        movers = [(p, v) for p, v in views if v["view"]["actions"]]
        if not movers:
            outcome = views[0][1]["view"]["outcome"]
            assert outcome is not None, "dead end: nobody can act and the match is not over"
            return outcome, played
        assert len(movers) == 1, "LZ Albany has one deciding side at a time"
        player, v = movers[0]
        # §6: the cup's order is secret: the view has sorted contents only, never the RNG.
        assert "rng" not in v["view"] and "seed" not in v["view"]
        for side, chits in v["view"]["cup"].items():
            assert chits == sorted(chits), side
        action = choose(v["view"], rnd)
        r = player.act(match_id, v["version"], action)
        assert r.status_code == 200, r.text
        played.append(action["type"])
    raise AssertionError(f"runaway: no outcome after {max_actions} actions")


def test_a_random_lz_albany_match_reaches_an_outcome(live: LiveServer) -> None:
    started = time.monotonic()
    us, nva = Player(live.url).register(), Player(live.url).register()
    m = us.create("lz_albany", "us", seed=SEED)
    assert m["seeded"] and m["game"] == "lz_albany"
    assert nva.join(m["id"], "nva").status_code == 200
    outcome, played = play(m["id"], [us, nva], random.Random(0))

    assert outcome["winner"] in ("us", "nva", None)
    assert outcome["reason"] in ("vp", "automatic", "tie_lz", "tie_officers", "draw")
    assert set(outcome["score"]) == {"us", "nva"}
    # The match did more than pass: groups activated, moved, fired and took hits.
    assert {"activate", "move", "fire", "assign_hit", "event"} <= set(played), sorted(set(played))

    summary = httpx.get(f"{live.url}/api/matches/{m['id']}").json()
    assert summary["status"] == "finished" and summary["outcome"] == outcome
    assert summary["version"] == len(played)
    replay = httpx.get(f"{live.url}/api/matches/{m['id']}/replay", params={"at": summary["version"]}).json()
    assert replay["outcome"] == outcome
    assert replay["view"]["outcome"] == outcome
    assert len(replay["actions"]) == len(played)
    for p in (us, nva):
        v = p.view(m["id"])["view"]
        assert v["outcome"] == outcome and v["actions"] == []
    assert time.monotonic() - started < 60, "the match took too long: see HURRY"
