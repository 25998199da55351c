"""A whole Battle of the Bulge match through HTTP, both players choosing random legal actions.

The match is seeded (fixed dice) and the choosers are seeded, so every run plays the same match.

Why not ``play_random_match`` with uniform choices: a uniformly random Bulge match is long (about
1,200 actions, most of them moves, ~45 s on SQLite through HTTP: two views and a POST
per action), which would put the test over its time budget on Postgres and whenever the rules
grow. So this chooser ends a phase, the declarations or a pursuit with probability ``HURRY``
whenever such an action is legal, and otherwise picks uniformly among all legal actions; the
match still moves, fights and retreats, just for fewer hexes (~260 actions with these seeds,
which were picked because their match has attacks and retreats).
"""

from __future__ import annotations

import random
import time

import httpx

from tests.conftest import LiveServer
from tests.support.client import Player
from tests.support.play import hurrying, play_random_match

QUICK = {"end_phase", "end_declarations", "end_pursuit"}
HURRY = 0.1


CHOOSE = hurrying(QUICK, HURRY)


def test_a_random_bulge_match_reaches_an_outcome(live: LiveServer) -> None:
    started = time.monotonic()
    g, a = Player(live.url).register(), Player(live.url).register()
    m = g.create("bulge", "german", seed="0b" + "00" * 15)  # the dice of seed 0b (HMAC zero-pads keys)
    assert m["seeded"]
    assert a.join(m["id"], "allied").status_code == 200
    played: list[str] = []
    outcome = play_random_match(m["id"], [g, a], random.Random(0), chooser=CHOOSE, played=played)

    assert outcome["winner"] in ("german", "allied", None)
    assert outcome["reason"] in ("threshold", "draw")
    assert "german" in outcome["score"]
    # The match did more than end phases: units moved and attacks were resolved.
    assert {"move", "declare", "resolve"} <= set(played), sorted(set(played))

    summary = httpx.get(f"{live.url}/api/matches/{m['id']}").json()
    assert summary["status"] == "finished" and summary["outcome"] == outcome
    assert summary["version"] == len(played)
    replay = httpx.get(f"{live.url}/api/matches/{m['id']}/replay", params={"at": summary["version"]}).json()
    assert replay["outcome"] == outcome
    assert replay["view"]["outcome"] == outcome
    assert len(replay["actions"]) == len(played)
    # Both players see the end: no actions left, the same outcome.
    for p in (g, a):
        v = p.view(m["id"])["view"]
        assert v["outcome"] == outcome and v["actions"] == []
    print(f"whole match over HTTP: {time.monotonic() - started:.1f} s")
