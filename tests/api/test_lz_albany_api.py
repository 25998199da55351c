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
from tests.support.play import hurrying, play_random_match

QUICK = {"end_activation", "pass", "end_advance", "end_retreat", "end_artillery", "end_recovery", "end_flares",
         "no_return_fire"}
HURRY = 0.3
SEED = "01" + "00" * 15  # HMAC pads a short key with zeros: the same dice as seed 01


CHOOSE = hurrying(QUICK, HURRY)


def cup_is_public_only(view: dict[str, Any]) -> None:
    """§6: the cup's order is secret: the view has sorted contents only, never the RNG."""
    assert "rng" not in view and "seed" not in view
    for side, chits in view["cup"].items():
        assert chits == sorted(chits), side


def test_a_random_lz_albany_match_reaches_an_outcome(live: LiveServer) -> None:
    started = time.monotonic()
    us, nva = Player(live.url).register(), Player(live.url).register()
    m = us.create("lz_albany", "us", seed=SEED)
    assert m["seeded"] and m["game"] == "lz_albany"
    assert nva.join(m["id"], "nva").status_code == 200
    played: list[str] = []
    outcome = play_random_match(m["id"], [us, nva], random.Random(0), chooser=CHOOSE, played=played,
                                check_view=cup_is_public_only)

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
    print(f"whole match over HTTP: {time.monotonic() - started:.1f} s")
