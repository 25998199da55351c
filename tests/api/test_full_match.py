"""Whole Shimada matches through HTTP, both players choosing random legal actions."""

from __future__ import annotations

import random

import httpx

from tests.conftest import LiveServer
from tests.support.client import Player
from tests.support.play import play_random_match


def test_random_shimada_matches_reach_an_outcome(live: LiveServer) -> None:
    for n in range(2):
        j, b = Player(live.url).register(), Player(live.url).register()
        m = j.create("shimada", "japanese")
        assert b.join(m["id"], "british").status_code == 200
        outcome = play_random_match(m["id"], [j, b], random.Random(n))
        assert outcome["winner"] in ("japanese", "british", None)
        summary = httpx.get(f"{live.url}/api/matches/{m['id']}").json()
        assert summary["status"] == "finished" and summary["outcome"] == outcome
        replay = httpx.get(f"{live.url}/api/matches/{m['id']}/replay", params={"at": summary["version"]}).json()
        assert replay["view"]["outcome"] == outcome
