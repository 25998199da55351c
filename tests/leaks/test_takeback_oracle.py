"""Takebacks and undos are no oracle: what a player is answered depends only on what that player sees.

An attack of issue 10: asking ``POST /offers {takeback, steps}`` for each number of steps answered 200
or 422 according to whether the opponent's hidden actions rolled a die or revealed something. Under
Bulge's fog of war a German commando that enters a hex with Allied units makes a detection roll only
the German reads (§9.5(3)); the Allied player could learn of it by asking for a takeback.

Each test builds two matches that differ only in what the asking player may not see, checks that
the asker's views are the same in both, then asks every question of the undo line in both (takebacks
of every number of steps, its own undo, the summary) and requires the same answers, status and body.
"""

from __future__ import annotations

from typing import Any

from server.engine import rng
from server.engine.core import Rules
from server.games import GAMES
from server.games.bulge import fog, movement
from server.games.bulge.skorzeny import choose_skorzeny
from server.games.bulge.units import board
from tests.conftest import LiveServer
from tests.leaks.harness import plant
from tests.support.client import Player

COMMANDO, TARGET = "G-CDO-1", "US-9A-CCB"  # a commando, and an Allied unit far from every German


def low_roll_seed() -> str:
    """A match seed (16 bytes) whose first die is 1-3: the commando's detection roll fails, so it stays
    on the map unseen by the Allies (a found commando is removed, which everyone sees)."""
    for n in range(100):
        seed = f"takeback oracle {n:02d}".encode()[:16].ljust(16, b".")
        if rng.roll({"rng": rng.init(seed)}) <= 3:
            return seed.hex()
    raise AssertionError("no seed found")


def answers(asker: Player, match_id: str, version: int, most: int) -> list[tuple[int, Any]]:
    """Every answer of the undo line the asker can get: takebacks of 1..most steps (each replacing the
    one before: one pending offer per match), its own undo of 1..most steps, and its summary's undo."""
    out: list[tuple[int, Any]] = []
    for steps in range(1, most + 1):
        r = asker.http.post(f"/api/matches/{match_id}/offers", json={"kind": "takeback", "steps": steps})
        out.append((r.status_code, r.json()))
    for steps in range(1, most + 1):
        r = asker.http.post(f"/api/matches/{match_id}/undo", json={"version": version, "steps": steps})
        out.append((r.status_code, r.json()))
    summary = asker.http.get(f"/api/matches/{match_id}").json()
    out.append((200, {"undo": summary["undo"], "offer": summary["offer"], "version": summary["version"]}))
    return out


def mine(view: dict[str, Any]) -> dict[str, Any]:
    return view["view"]


def bulge_match(live: LiveServer, seed: str, start: str, to: str) -> tuple[str, Player, Player]:
    """A Bulge fog-of-war match at the German first movement phase with one commando on the map at
    ``start``; the German moves it to ``to`` (version 1)."""
    g, a = Player(live.url).register(), Player(live.url).register()
    mid = g.create("bulge", "german", options={"fog_of_war": True}, seed=seed)["id"]
    assert a.join(mid, "allied").status_code == 200

    def place(state: dict[str, Any]) -> None:
        choose_skorzeny(state, "commando")
        state["units"][COMMANDO].update(status="map", hex=start, due=None)
        fog.remember(state)

    plant(live, mid, place)
    r = g.act(mid, 0, {"type": "move", "unit": COMMANDO, "to": to})
    assert r.status_code == 200, r.text
    return mid, g, a


def test_takeback_answers_do_not_tell_the_allies_of_a_hidden_commando_roll(live: LiveServer) -> None:
    """Fog of war (Bulge option; §9.5(3)): one commando enters a hex held by Allied units and makes its
    detection roll (read by the German only); the other walks through empty country and rolls nothing.
    The Allied player, asking for takebacks and undos of every size, gets the same answers in both."""
    seed = low_roll_seed()
    state = GAMES["bulge"].setup("historical", {"fog_of_war": True}, bytes.fromhex(seed))
    b = board(state)
    target = state["units"][TARGET]["hex"]
    germans = [u["hex"] for u in state["units"].values() if u["side"] == "german" and u["status"] == "map"]
    assert all(b.grid.distance(target, h) > 6 for h in germans)
    beside = next(h for h in b.grid.within(target, 1) if b.grid.contains(h) and h != target)
    far = sorted(h for h in b.grid.within(target, 6) if b.grid.contains(h) and b.grid.distance(h, target) == 6)
    away = next(h for h in b.grid.within(far[0], 1) if b.grid.contains(h) and b.grid.distance(h, target) == 6)
    allied_hexes = {u["hex"] for u in state["units"].values() if u["side"] == "allied" and u["status"] == "map"}
    assert far[0] not in allied_hexes and away not in allied_hexes

    met, _, a1 = bulge_match(live, seed, beside, target)  # the detection roll
    quiet, _, a2 = bulge_match(live, seed, far[0], away)  # no roll
    svc = live.app.state.service
    assert svc.state_at_version(met, 1)["rng"]["n"] == 1 and svc.state_at_version(quiet, 1)["rng"]["n"] == 0
    assert any(e["key"] == "log.detection" for e in svc.state_at_version(met, 1)["log"])
    assert mine(a1.view(met)) == mine(a2.view(quiet))  # the Allies see the same in both

    assert answers(a1, met, 1, 2) == answers(a2, quiet, 1, 2)


MOVER, FROM, TO = "US-99-395", "3107", "3007"  # an Allied step far (5 hexes and more) from every German
NEAR = "2807"  # 2 hexes from TO, 3 from FROM and from every other Allied unit


def allied_step(live: LiveServer, commando_at: str) -> tuple[str, Player]:
    """A Bulge fog-of-war match planted at the Allied 1st movement phase of turn 1, one commando on the map at
    ``commando_at``; the Allied player steps MOVER from FROM to TO (version 1)."""
    g, a = Player(live.url).register(), Player(live.url).register()
    mid = g.create("bulge", "german", options={"fog_of_war": True}, seed="6b" * 16)["id"]
    assert a.join(mid, "allied").status_code == 200

    def place(state: dict[str, Any]) -> None:
        choose_skorzeny(state, "commando")
        state["units"][COMMANDO].update(status="map", hex=commando_at, due=None)
        state.update(player="allied", phase="movement_1", step="move", stack=[
            {"kind": "turn", "next": 1}, {"kind": "phase_end"}, {"kind": "move"}])
        movement.begin(state)
        fog.remember(state)

    plant(live, mid, place)
    r = a.act(mid, 0, {"type": "move", "unit": MOVER, "to": TO})
    assert r.status_code == 200, r.text
    return mid, a


def test_undo_answers_do_not_tell_the_allies_of_an_unseen_commando_near_their_step(live: LiveServer) -> None:
    """Fog of war (Bulge option; §9.5: commandos "in US uniforms", never seen by the Allies): an Allied step
    ending 2 hexes from an unseen commando, and the same step with the commando far from every Allied unit. A
    commando gives the Germans no sight (it does not look for others), so the step shows nobody anything in
    either match: the Allied player's own undo and its summary's undo line answer the same in both."""
    state = GAMES["bulge"].setup("historical", {"fog_of_war": True}, b"." * 16)
    b = board(state)
    assert state["units"][MOVER]["hex"] == FROM
    allied = [u["hex"] for uid, u in state["units"].items()
              if u["side"] == "allied" and u["status"] == "map" and uid != MOVER]
    germans = [u["hex"] for u in state["units"].values() if u["side"] == "german" and u["status"] == "map"]
    assert b.grid.distance(NEAR, TO) == 2 and all(b.grid.distance(NEAR, h) > 2 for h in [FROM, *allied])
    assert all(b.grid.distance(h, g) > 4 for h in (FROM, TO) for g in germans)
    far = next(h for h in sorted(b.hexes) if all(b.grid.distance(h, x) > 4 for x in [FROM, TO, *allied]))

    near, a1 = allied_step(live, NEAR)
    away, a2 = allied_step(live, far)
    svc = live.app.state.service
    assert all(svc.state_at_version(m, 1)["units"][MOVER]["hex"] == TO for m in (near, away))
    assert mine(a1.view(near)) == mine(a2.view(away))  # the Allies see the same in both

    assert answers(a1, near, 1, 2) == answers(a2, away, 1, 2)


def test_takeback_answers_do_not_tell_the_british_the_dawn_turn(live: LiveServer) -> None:
    """§11: the Japanese player secretly chooses the turn at whose start dawn comes; the British player
    may not learn it. Two matches in which the Japanese chose dawn on turn 3 and on turn 5, then made the
    same moves: the British player's takeback and undo answers are the same in both."""
    rules: Rules = GAMES["shimada"]
    played: dict[int, tuple[str, Player]] = {}
    for dawn in (3, 5):
        j, b = Player(live.url).register(), Player(live.url).register()
        mid = j.create("shimada", "japanese", seed=("5d" * 16))["id"]
        assert b.join(mid, "british").status_code == 200
        version = 0
        for action in ({"type": "choose_dawn", "turn": dawn}, {"type": "move", "unit": "J-I1", "to": "0201"},
                       {"type": "move", "unit": "J-I1", "to": "0101"}, {"type": "end_step"}):
            r = j.act(mid, version, action)
            assert r.status_code == 200, r.text
            version = r.json()["version"]
        played[dawn] = (mid, b)
    (m3, b3), (m5, b5) = played[3], played[5]
    svc = live.app.state.service
    assert svc.state_at_version(m3, 4)["dawn_turn"] != svc.state_at_version(m5, 4)["dawn_turn"]
    assert mine(b3.view(m3)) == mine(b5.view(m5))
    assert rules.roles == ("japanese", "british")
    assert answers(b3, m3, 4, 5) == answers(b5, m5, 4, 5)

