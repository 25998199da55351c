"""The lobby and play over HTTP, on SQLite and Postgres, with the toy game."""

from __future__ import annotations

import hashlib
import uuid

import httpx

from tests.conftest import LiveServer
from tests.support.client import Player


def _pair(live: LiveServer, **extra: object) -> tuple[Player, Player, str]:
    a, b = Player(live.url).register(), Player(live.url).register()
    m = a.create("toy", "north", **extra)
    assert m["status"] == "open" and m["seats"] == {"north": a.name, "south": None}
    r = b.join(m["id"], "south")
    assert r.status_code == 200 and r.json()["status"] == "active"
    return a, b, m["id"]


def test_lobby_lists_open_matches_and_whose_move(live: LiveServer) -> None:
    a, b = Player(live.url).register(), Player(live.url).register()
    m = a.create("toy", "north")
    assert m["id"] in [x["id"] for x in b.http.get("/api/matches?status=open").json()]
    b.join(m["id"], "south")
    mine_a = {x["id"]: x for x in a.http.get("/api/matches?status=mine").json()}
    mine_b = {x["id"]: x for x in b.http.get("/api/matches?status=mine").json()}
    assert mine_a[m["id"]]["my_turn"] is True and mine_a[m["id"]]["to_move"] == ["north"]
    assert mine_b[m["id"]]["my_turn"] is False and mine_b[m["id"]]["my_role"] == "south"
    assert m["id"] not in [x["id"] for x in b.http.get("/api/matches?status=open").json()]
    assert m["id"] in [x["id"] for x in httpx.get(f"{live.url}/api/matches?status=active").json()]


def test_join_refuses_taken_seats_and_second_seats(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    c = Player(live.url).register()
    assert c.join(mid, "south").status_code == 409
    m2 = a.create("toy", "north")
    assert a.join(m2["id"], "south").status_code == 422
    assert c.join(m2["id"], "east").status_code == 422
    assert httpx.post(f"{live.url}/api/matches/{m2['id']}/join", json={"role": "south"}).status_code == 401


def test_actions_stale_illegal_forbidden_unknown(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    assert a.act(mid, 0, {"type": "add", "n": 2}).json() == {"version": 1}
    stale = b.act(mid, 0, {"type": "add", "n": 1})
    assert stale.status_code == 409 and stale.json()["version"] == 1
    illegal = b.act(mid, 1, {"type": "add", "n": 3})
    assert illegal.status_code == 422 and "Not a legal action" in illegal.json()["reason"]
    not_turn = a.act(mid, 1, {"type": "add", "n": 1})
    assert not_turn.status_code == 422 and "turn" in not_turn.json()["reason"]
    watcher = Player(live.url).register()
    assert watcher.act(mid, 1, {"type": "add", "n": 1}).status_code == 403
    assert a.act("nosuchmatch", 0, {"type": "add", "n": 1}).status_code == 404
    malformed = a.http.post(f"/api/matches/{mid}/actions", json={"version": "x", "action": 3})
    assert malformed.status_code == 422 and malformed.json()["reason"].startswith("Malformed")
    not_json = a.http.post(f"/api/matches/{mid}/actions", content=b"{nope",
                           headers={"content-type": "application/json"})
    assert not_json.status_code == 422
    assert a.view(mid)["version"] == 1  # nothing above changed the match


def test_a_resent_action_is_applied_once(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    action_id = uuid.uuid4().hex
    assert a.act(mid, 0, {"type": "add", "n": 1}, action_id).json() == {"version": 1}
    assert a.act(mid, 0, {"type": "add", "n": 1}, action_id).json() == {"version": 1}
    assert a.view(mid)["view"]["total"] == 1
    assert b.act(mid, 1, {"type": "add", "n": 1}, action_id).status_code == 409


def test_actions_before_the_match_starts_are_refused(live: LiveServer) -> None:
    a = Player(live.url).register()
    m = a.create("toy", "north")
    r = a.act(m["id"], 0, {"type": "add", "n": 1})
    assert r.status_code == 422 and "not started" in r.json()["reason"]


def test_views_are_per_role(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    va, vb = a.view(mid), b.view(mid)
    spectator = httpx.get(f"{live.url}/api/matches/{mid}/view").json()
    assert va["role"] == "north" and vb["role"] == "south" and spectator["role"] is None
    assert "secret" in va["view"] and "secret" not in spectator["view"]
    assert va["view"]["actions"] and not vb["view"]["actions"] and not spectator["view"]["actions"]
    a.act(mid, 0, {"type": "add", "n": 1})
    assert len(a.view(mid)["view"]["log"]) == 2 and len(b.view(mid)["view"]["log"]) == 1


def test_replay_opens_at_the_end_and_the_seed_matches(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    assert httpx.get(f"{live.url}/api/matches/{mid}/replay").status_code == 409
    version, players = 0, [a, b]
    while True:
        r = players[version % 2].act(mid, version, {"type": "add", "n": 2})
        version = r.json()["version"]
        if a.view(mid)["view"]["outcome"]:
            break
    summary = httpx.get(f"{live.url}/api/matches/{mid}").json()
    assert summary["status"] == "finished" and summary["outcome"]["winner"] == "north"
    replay = httpx.get(f"{live.url}/api/matches/{mid}/replay").json()
    salted = bytes.fromhex(replay["seed_salt"]) + bytes.fromhex(replay["seed"])
    assert hashlib.sha256(salted).hexdigest() == summary["seed_commitment"]
    assert [x["seq"] for x in replay["actions"]] == list(range(1, version + 1))
    step = httpx.get(f"{live.url}/api/matches/{mid}/replay", params={"at": 2}).json()
    assert step["view"]["total"] == 4 and set(step["view"]["secret"]) == {"north", "south"}
    assert httpx.get(f"{live.url}/api/matches/{mid}/replay", params={"at": 99}).status_code == 422


def test_a_fixed_seed_is_marked_and_deterministic(live: LiveServer) -> None:
    a = Player(live.url).register()
    seed = "00ff" * 8
    m1, m2 = a.create("toy", "north", seed=seed), a.create("toy", "north", seed=seed)
    assert m1["seeded"] and m1["seed_commitment"] != m2["seed_commitment"]  # each has its own salt
    assert a.view(m1["id"])["view"]["secret"] == a.view(m2["id"])["view"]["secret"]
    assert not a.create("toy", "north")["seeded"]
    bad = a.http.post("/api/matches", json={"game": "toy", "seed": "zz"})
    assert bad.status_code == 422
    assert a.http.post("/api/matches", json={"game": "nope"}).status_code == 404
    assert a.http.post("/api/matches", json={"game": "toy", "options": {"target": 7}}).status_code == 422


def test_a_match_survives_a_restart(database: str) -> None:
    with LiveServer(database) as first:
        a, b, mid = _pair(first, options={"target": 20})
        for v in range(0, 12, 2):  # past a snapshot (every 10)
            assert a.act(mid, v, {"type": "add", "n": 1}).status_code == 200
            assert b.act(mid, v + 1, {"type": "add", "n": 1}).status_code == 200
        before = a.view(mid)
    with LiveServer(database) as second:
        a2 = Player(second.url, a.name, a.password)
        assert a2.http.post("/api/auth/login", json={"username": a.name, "password": a.password}).status_code == 200
        after = a2.view(mid)
        assert after == before
        assert a2.act(mid, after["version"], {"type": "add", "n": 1}).status_code == 200


def test_games_and_static_data(live: LiveServer) -> None:
    games = httpx.get(f"{live.url}/api/games").json()
    assert {"shimada", "toy"} <= {g["id"] for g in games}
    assert httpx.get(f"{live.url}/api/games/nope").status_code == 404
    assert "board" in httpx.get(f"{live.url}/api/games/shimada").json()


def test_racing_actions_at_one_version_apply_exactly_once(live: LiveServer) -> None:
    from concurrent.futures import ThreadPoolExecutor

    a, b, mid = _pair(live)
    racers = [Player(live.url, a.name, a.password) for _ in range(6)]
    for r in racers:
        assert r.http.post("/api/auth/login", json={"username": a.name, "password": a.password}).status_code == 200
    with ThreadPoolExecutor(len(racers)) as pool:
        codes = sorted(pool.map(lambda p: p.act(mid, 0, {"type": "add", "n": 1}).status_code, racers))
    assert codes == [200] + [409] * (len(racers) - 1)
    view = a.view(mid)
    assert view["version"] == 1 and view["view"]["total"] == 1


def test_anyone_can_verify_a_replay_with_the_cli(live: LiveServer, tmp_path: object) -> None:
    import json
    from pathlib import Path

    from server.cli import main

    a, b, mid = _pair(live)
    version = 0
    while not a.view(mid)["view"]["outcome"]:
        version = [a, b][version % 2].act(mid, version, {"type": "add", "n": 2}).json()["version"]
    replay = httpx.get(f"{live.url}/api/matches/{mid}/replay").json()
    path = Path(str(tmp_path)) / "replay.json"
    path.write_text(json.dumps(replay))
    assert main(["verify", str(path)]) == 0
    replay["actions"][0]["action"]["n"] = 1  # a forged log no longer gives the recorded outcome
    path.write_text(json.dumps(replay))
    assert main(["verify", str(path)]) == 1
