"""The lobby's rows (turn and phase, time of the last move, ratings), a replay's viewpoints, and "your
move" notices merged per match, over HTTP with the toy game and Shimada."""

from __future__ import annotations

from typing import Any

import httpx

from tests.conftest import FakeClock, LiveServer
from tests.support.client import Player


def _pair(live: LiveServer, game: str = "toy", first: str = "north", second: str = "south",
          **extra: Any) -> tuple[Player, Player, str]:
    a, b = Player(live.url).register(), Player(live.url).register()
    m = a.create(game, first, **extra)
    assert b.join(m["id"], second).status_code == 200
    return a, b, m["id"]


def _finish_toy(live: LiveServer, a: Player, b: Player, mid: str) -> int:
    version = 0
    while httpx.get(f"{live.url}/api/matches/{mid}").json()["status"] != "finished":
        version = (a if version % 2 == 0 else b).act(mid, version, {"type": "add", "n": 2}).json()["version"]
    return version


def test_a_replay_step_is_shown_as_each_role_saw_it_or_with_everything(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    _finish_toy(live, a, b, mid)
    url = f"{live.url}/api/matches/{mid}/replay"
    everything = httpx.get(url, params={"at": 2}).json()
    assert everything["role"] == "*" and set(everything["view"]["secret"]) == {"north", "south"}
    north = httpx.get(url, params={"at": 2, "role": "north"}).json()
    south = httpx.get(url, params={"at": 2, "role": "south"}).json()
    watcher = httpx.get(url, params={"at": 2, "role": "spectator"}).json()
    assert north["role"] == "north" and north["view"]["secret"] == everything["view"]["secret"]["north"]
    assert south["view"]["secret"] == everything["view"]["secret"]["south"]
    assert watcher["role"] == "spectator" and "secret" not in watcher["view"]
    # each role reads its own private log lines only, as it did then
    assert len(north["view"]["log"]) == 3 and len(watcher["view"]["log"]) == 2
    # a replay shows what was seen, and offers nothing to do
    at_start = httpx.get(url, params={"at": 0, "role": "north"}).json()
    assert at_start["view"]["active"] == ["north"] and at_start["view"]["actions"] == []


def test_a_replay_refuses_an_unknown_role_and_changes_nothing(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    _finish_toy(live, a, b, mid)
    url = f"{live.url}/api/matches/{mid}/replay"
    before = httpx.get(url).json()
    r = httpx.get(url, params={"at": 1, "role": "east"})
    assert r.status_code == 422 and "north, south, spectator" in r.json()["reason"]
    assert httpx.get(url, params={"at": 1, "role": "North!"}).status_code == 422
    assert httpx.get(url).json() == before


def test_the_replay_viewpoint_is_documented() -> None:
    from server.config import Settings
    from server.main import create_app

    spec = create_app(Settings(database_url="sqlite://")).openapi()
    op = spec["paths"]["/api/matches/{match_id}/replay"]["get"]
    params = {p["name"]: p for p in op["parameters"]}
    assert {"at", "role"} <= set(params) and "spectator" in params["role"]["description"]
    replay = spec["components"]["schemas"]["Replay"]["properties"]
    assert "role" in replay and "view" in replay
    summary = spec["components"]["schemas"]["MatchSummary"]["properties"]
    assert {"progress", "moved_at", "ratings"} <= set(summary)


def test_a_lobby_row_tells_the_turn_and_phase_in_both_languages(live: LiveServer) -> None:
    japanese, british, mid = _pair(live, "shimada", "japanese", "british")
    row = next(x for x in httpx.get(f"{live.url}/api/matches?status=live").json() if x["id"] == mid)
    assert row["progress"] == {"turn": 1, "turns": 6, "phase": {"en": "dawn choice", "ja": "夜明けの決定"}}
    assert row["moved_at"] is None  # nobody has moved yet
    view = japanese.view(mid)
    assert japanese.act(mid, view["version"], view["view"]["actions"][0]).status_code == 200
    row = httpx.get(f"{live.url}/api/matches/{mid}").json()
    assert row["progress"]["turn"] == 1 and row["progress"]["phase"]["en"] == "movement"
    assert row["moved_at"] is not None and row["moved_at"] == row["updated_at"]


def test_the_time_of_the_last_move_is_kept_apart_from_other_changes(database: str) -> None:
    clock = FakeClock()
    with LiveServer(database, clock=clock) as live:
        a, b, mid = _pair(live)
        a.act(mid, 0, {"type": "add", "n": 1})
        moved = httpx.get(f"{live.url}/api/matches/{mid}").json()["moved_at"]
        clock.advance(hours=5)
        assert b.http.post(f"/api/matches/{mid}/resign").status_code == 200
        row = httpx.get(f"{live.url}/api/matches/{mid}").json()
        assert row["moved_at"] == moved and row["updated_at"] > moved


def test_a_lobby_row_shows_the_players_ratings_in_that_game(live: LiveServer) -> None:
    a, b, mid = _pair(live, rated=True)
    before = httpx.get(f"{live.url}/api/matches/{mid}").json()
    assert before["ratings"] == {"north": None, "south": None}  # never rated yet
    _finish_toy(live, a, b, mid)  # north reaches 10 first
    again = a.create("toy", "south")
    row = next(x for x in httpx.get(f"{live.url}/api/matches?status=open").json() if x["id"] == again["id"])
    assert row["ratings"]["north"] is None and row["ratings"]["south"] > 1500
    assert b.join(again["id"], "north").status_code == 200
    summary = httpx.get(f"{live.url}/api/matches/{again['id']}").json()
    assert summary["ratings"]["north"] < 1500 < summary["ratings"]["south"]
    assert summary["ratings"] == next(x for x in a.http.get("/api/matches?status=mine").json()
                                      if x["id"] == again["id"])["ratings"]
    # a rating is per game: the same players start unrated in another
    other = a.create("shimada", "japanese")
    assert other["ratings"] == {"japanese": None, "british": None}


def test_your_move_notices_are_merged_into_one_unread_entry_per_match(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    other = a.create("toy", "north")["id"]
    assert b.join(other, "south").status_code == 200
    a.act(other, 0, {"type": "add", "n": 1})
    version = 0
    for _ in range(4):  # north moves, south moves: each time, the other is told it is their move
        version = a.act(mid, version, {"type": "add", "n": 1}).json()["version"]
        version = b.act(mid, version, {"type": "add", "n": 1}).json()["version"]
    inbox = b.http.get("/api/notifications").json()
    moves = [x for x in inbox["items"] if x["kind"] == "your_move" and x["match_id"] == mid]
    assert len(moves) == 1 and moves[0]["count"] == 4 and not moves[0]["read"]
    assert inbox["unread"] == 2  # this match's entry and the other match's
    north = [x for x in a.http.get("/api/notifications").json()["items"]
             if x["kind"] == "your_move" and x["match_id"] == mid]
    assert len(north) == 1 and north[0]["count"] == 5  # told at the join, then after each of four moves
    # once read, the next move is a new entry; the old one stays read
    assert b.http.post("/api/notifications/read", json={"ids": [moves[0]["id"]]}).status_code == 204
    a.act(mid, version, {"type": "add", "n": 1})
    items = [x for x in b.http.get("/api/notifications").json()["items"] if x["match_id"] == mid]
    assert [(x["read"], x["count"]) for x in items] == [(False, 1), (True, 4)]
    assert items[0]["id"] != moves[0]["id"]
    # another match's notice is its own entry, untouched by this match's moves
    elsewhere = [x for x in b.http.get("/api/notifications").json()["items"] if x["match_id"] == other]
    assert [(x["kind"], x["count"], x["read"]) for x in elsewhere] == [("your_move", 1, False)]
