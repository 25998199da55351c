"""A whole Back to Iraq match through HTTP, both players choosing random legal actions.

The match is seeded (fixed dice) and so is the chooser. A uniformly random match is over a thousand actions,
most of them moves (a movement phase offers thousands of destinations); to stay near a minute on Postgres too,
the chooser attacks (and resolves) half the time it may, ends a movement or combat phase, stops an advance or
declines a support with probability ``HURRY`` whenever it may, and otherwise picks uniformly among all legal
actions. The match still moves, attacks, retreats
and advances (checked below).
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx

from tests.conftest import LiveServer
from tests.support.client import Player
from tests.support.play import hurrying, play_random_match

QUICK = {"end_movement", "end_combat", "end_advance", "no_support", "no_regroup", "play_on"}
HURRY = 0.45
FIGHT = {"attack", "resolve"}  # random play seldom picks an attack among the air supply hexes: half the time
SEED = "02" + "00" * 15
HURRIED = hurrying(QUICK, HURRY)


def choose(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    fights = [a for a in view.get("actions") or [] if a["type"] in FIGHT]
    if fights and rnd.random() < 0.5:
        return dict(rnd.choice(fights))
    return HURRIED(view, rnd)


def the_board_is_open(view: dict[str, Any]) -> None:
    """Digest §10.1: nothing is hidden in the basic game, but the seed and the dice to come never leave."""
    assert "rng" not in view and "seed" not in view
    assert all(c["face"] == "up" for c in view["counters"])


def test_a_random_back_to_iraq_match_reaches_an_outcome(live: LiveServer) -> None:
    coalition, islamic = Player(live.url).register(), Player(live.url).register()
    m = coalition.create("back_to_iraq", "coalition", seed=SEED)
    assert m["seeded"] and m["game"] == "back_to_iraq"
    assert islamic.join(m["id"], "islamic").status_code == 200
    played: list[str] = []
    outcome = play_random_match(m["id"], [coalition, islamic], random.Random(0), chooser=choose,
                                played=played, check_view=the_board_is_open)

    assert outcome["winner"] in ("coalition", "islamic")
    assert outcome["reason"] in ("victory", "time", "kuwait", "nuclear")
    assert set(outcome["score"]) == {"islamic"}
    assert {"move", "attack", "resolve", "end_movement", "end_combat"} <= set(played), sorted(set(played))

    summary = httpx.get(f"{live.url}/api/matches/{m['id']}").json()
    assert summary["status"] == "finished" and summary["outcome"] == outcome
    assert summary["version"] == len(played)
    replay = httpx.get(f"{live.url}/api/matches/{m['id']}/replay", params={"at": summary["version"]}).json()
    assert replay["outcome"] == outcome


def test_a_face_down_strategic_target_reaches_only_the_islamic_player(live: LiveServer) -> None:
    """§G1.3, §10.1 over HTTP: with the option on, the Islamic player's chosen C3I at Basra reads "c3i" in his view
    and null in the Coalition's and a spectator's; the Coalition cannot act in his step; an illegal hex and a stale
    version are refused and change nothing."""
    coalition, islamic = Player(live.url).register(), Player(live.url).register()
    m = coalition.create("back_to_iraq", "coalition", seed=SEED, options={"strategic_targets": True})
    assert islamic.join(m["id"], "islamic").status_code == 200
    got = islamic.view(m["id"])
    view, version = got["view"], got["version"]
    pick = next(a for a in view["actions"] if a["type"] == "select_target" and a["marker"] == "c3i")
    assert islamic.act(m["id"], version, pick).status_code == 200
    assert coalition.act(m["id"], version + 1, {"type": "deselect_target"}).status_code in (403, 409, 422)
    refused = islamic.act(m["id"], version + 1, {"type": "place_target", "marker": "c3i", "to": "2933"})
    assert refused.status_code in (400, 409, 422), refused.text  # 2933 is no Iraqi city or town
    assert islamic.act(m["id"], version, {"type": "deselect_target"}).status_code == 409  # stale
    assert islamic.view(m["id"])["version"] == version + 1  # nothing of the refused actions was applied
    offered = islamic.view(m["id"])["view"]["actions"]
    place = next(a for a in offered if a["type"] == "place_target" and a["to"] == "3527")
    assert islamic.act(m["id"], version + 1, place).status_code == 200
    mine = islamic.view(m["id"])["view"]["targets"]["markers"]
    theirs = coalition.view(m["id"])["view"]["targets"]["markers"]
    watcher = httpx.get(f"{live.url}/api/matches/{m['id']}/view").json()["view"]["targets"]["markers"]
    assert [(t["hex"], t["kind"]) for t in mine] == [("3527", "c3i")]
    assert [(t["hex"], t["kind"]) for t in theirs] == [("3527", None)] == [(t["hex"], t["kind"]) for t in watcher]
    assert '"c3i"' not in json.dumps(coalition.view(m["id"])["view"])  # nowhere, not in a log line either
