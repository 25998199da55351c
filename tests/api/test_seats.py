"""Per-match seats and sides over HTTP, with the toy game's ``trio`` scenario: three seats in two sides
(north and east play ``blue`` against south, ``red``), and ``race``, which seats north and south only."""

from __future__ import annotations

import time
import types
from typing import Any

import httpx
import pytest

from server.ratings import glicko2
from tests.conftest import LiveServer
from tests.support.client import Player

ADD1 = {"type": "add", "n": 1}


def _trio(live: LiveServer, **extra: Any) -> tuple[dict[str, Player], str]:
    """A started trio match: one player per seat (north made it)."""
    players = {role: Player(live.url).register() for role in ("north", "south", "east")}
    m = players["north"].create("toy", "north", scenario="trio", **extra)
    for role in ("south", "east"):
        assert players[role].join(m["id"], role).status_code == 200
    return players, m["id"]


def _summary(live: LiveServer, mid: str) -> dict[str, Any]:
    r = httpx.get(f"{live.url}/api/matches/{mid}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_game_listing_gives_each_scenarios_seats_and_the_sides(live: LiveServer) -> None:
    toy = next(g for g in httpx.get(f"{live.url}/api/games").json() if g["id"] == "toy")
    assert {s["id"]: s["seats"] for s in toy["scenarios"]} == {"race": ["north", "south"],
                                                               "trio": ["north", "south", "east"]}
    assert toy["sides"] == {"north": "blue", "south": "red", "east": "blue"}
    shimada = next(g for g in httpx.get(f"{live.url}/api/games").json() if g["id"] == "shimada")
    assert all(s["seats"] == shimada["roles"] for s in shimada["scenarios"])  # a game without seats(): every role
    schemas = httpx.get(f"{live.url}/openapi.json").json()["components"]["schemas"]
    assert "seats" in schemas["GameScenario"]["required"]
    assert {"winners", "winner"} <= set(schemas["Outcome"]["properties"])
    assert "sides" in schemas["MatchSummary"]["properties"] and "sides" in schemas["GameInfo"]["properties"]


def test_a_trio_match_starts_only_when_its_three_seats_are_taken(live: LiveServer) -> None:
    north, south, east = (Player(live.url).register() for _ in range(3))
    m = north.create("toy", "north", scenario="trio")
    assert m["status"] == "open" and m["seats"] == {"north": north.name, "south": None, "east": None}
    assert m["sides"] == {"north": "blue", "south": "red", "east": "blue"}
    joined = south.join(m["id"], "south").json()
    assert joined["status"] == "open"  # two of three seats: still waiting
    early = north.act(m["id"], 0, ADD1)
    assert early.status_code == 422 and "not started" in early.json()["reason"]
    assert m["id"] in [x["id"] for x in httpx.get(f"{live.url}/api/matches?status=open").json()]
    started = east.join(m["id"], "east").json()
    assert started["status"] == "active" and list(started["seats"]) == ["north", "south", "east"]
    # The turn goes round the three seats; "my matches" says whose move it is.
    version = 0
    for player, role in ((north, "north"), (south, "south"), (east, "east")):
        mine = {x["id"]: x for x in player.http.get("/api/matches?status=mine").json()}[m["id"]]
        assert mine["my_role"] == role and mine["my_turn"] is True and mine["to_move"] == [role]
        r = player.act(m["id"], version, ADD1)
        assert r.status_code == 200, r.text
        version = r.json()["version"]
    assert _summary(live, m["id"])["to_move"] == ["north"]


def test_a_role_outside_the_seats_is_refused_with_a_clear_error(live: LiveServer) -> None:
    a, b = Player(live.url).register(), Player(live.url).register()
    made = a.http.post("/api/matches", json={"game": "toy", "scenario": "race", "role": "east"})
    assert made.status_code == 422
    assert made.json()["reason"] == ("east is not a seat of a race match with these options; "
                                     "its seats are north, south.")
    unknown = a.http.post("/api/matches", json={"game": "toy", "scenario": "trio", "role": "west"})
    assert unknown.status_code == 422 and "no role 'west'" in unknown.json()["reason"]
    assert "north, south, east" in unknown.json()["reason"]
    m = a.create("toy", "north")  # race: the first scenario
    refused = b.join(m["id"], "east")
    assert refused.status_code == 422 and "east is not a seat" in refused.json()["reason"]
    assert _summary(live, m["id"])["seats"] == {"north": a.name, "south": None}
    # With the two seats of the race taken, the match starts: the game's third role is not waited for.
    assert b.join(m["id"], "south").json()["status"] == "active"


def test_one_player_of_the_two_player_side_resigning_loses_for_the_side(live: LiveServer) -> None:
    players, mid = _trio(live)
    assert players["north"].act(mid, 0, ADD1).status_code == 200
    r = players["east"].http.post(f"/api/matches/{mid}/resign")
    assert r.status_code == 200, r.text
    outcome = {"winner": "south", "reason": "platform.resigned", "score": {}, "winners": ["south"]}
    assert r.json()["outcome"] == outcome
    s = _summary(live, mid)
    assert s["status"] == "finished" and s["outcome"] == outcome and s["to_move"] == []
    assert players["north"].view(mid)["view"]["outcome"] == outcome  # the partner lost too
    results = {role: next(x["result"] for x in httpx.get(f"{live.url}/api/users/{p.name}").json()["matches"])
               for role, p in players.items()}
    assert results == {"north": "lost", "south": "won", "east": "lost"}
    # A player's opponent is on the other side, never the partner.
    north = httpx.get(f"{live.url}/api/users/{players['north'].name}").json()["matches"][0]
    assert north["opponent"] == players["south"].name


def test_the_single_player_resigning_gives_the_win_to_both_partners(live: LiveServer) -> None:
    players, mid = _trio(live)
    r = players["south"].http.post(f"/api/matches/{mid}/resign")
    assert r.json()["outcome"] == {"winner": "blue", "reason": "platform.resigned", "score": {},
                                   "winners": ["north", "east"]}
    replay = httpx.get(f"{live.url}/api/matches/{mid}/replay").json()
    assert replay["outcome"]["winners"] == ["north", "east"]


def test_a_rules_win_of_one_role_is_a_win_of_its_side(live: LiveServer) -> None:
    players, mid = _trio(live)
    moves = [("north", 2), ("south", 2), ("east", 2), ("north", 2), ("south", 1), ("east", 1)]  # east reaches 10
    for version, (role, n) in enumerate(moves):
        assert players[role].act(mid, version, {"type": "add", "n": n}).status_code == 200
    outcome = players["south"].view(mid)["view"]["outcome"]
    assert outcome["winner"] == "east" and outcome["winners"] == ["north", "east"]
    assert _summary(live, mid)["outcome"] == outcome
    assert httpx.get(f"{live.url}/api/users/{players['north'].name}").json()["matches"][0]["result"] == "won"


def test_ratings_move_for_every_pair_of_winner_and_loser(live: LiveServer) -> None:
    players, mid = _trio(live)
    assert _summary(live, mid)["rated"] is True
    players["south"].http.post(f"/api/matches/{mid}/resign")
    start = glicko2.Rating()
    partner = glicko2.update(start, [(start, 1.0)])  # north and east each beat south, not each other
    loser = glicko2.update(start, [(start, 0.0), (start, 0.0)])  # south lost to both, in one period

    def rating(p: Player) -> dict[str, Any]:
        (r,) = httpx.get(f"{live.url}/api/users/{p.name}").json()["ratings"]
        return r  # type: ignore[no-any-return]

    for role in ("north", "east"):
        assert rating(players[role]) == {"game": "toy", "rating": round(partner.rating, 1),
                                         "rd": round(partner.rd, 1), "games": 1}
    assert rating(players["south"]) == {"game": "toy", "rating": round(loser.rating, 1),
                                        "rd": round(loser.rd, 1), "games": 1}
    assert loser.rating < glicko2.rate_match(start, start, 0.0)[0].rating  # two losses weigh more than one
    summary = _summary(live, mid)
    assert set(summary["seats"]) == set(summary["ratings"]) == {"north", "south", "east"}


def test_a_two_seat_match_is_rated_as_before(live: LiveServer) -> None:
    a, b = Player(live.url).register(), Player(live.url).register()
    m = a.create("toy", "north")
    b.join(m["id"], "south")
    b.http.post(f"/api/matches/{m['id']}/resign")
    won, lost = glicko2.rate_match(glicko2.Rating(), glicko2.Rating(), 1.0)
    assert httpx.get(f"{live.url}/api/users/{a.name}").json()["ratings"][0]["rating"] == round(won.rating, 1)
    assert httpx.get(f"{live.url}/api/users/{b.name}").json()["ratings"][0]["rating"] == round(lost.rating, 1)


def _judge() -> types.SimpleNamespace:
    def evaluate(world: dict[str, Any], role: str) -> float:
        return 1.0 if world["turn"] != role else 0.0

    return types.SimpleNamespace(TUNING={}, determinize=lambda state, role, rnd: state, evaluate=evaluate,
                                 prior=lambda world, role, actions: [0.0] * len(actions))


@pytest.mark.parametrize("person", ["north", "south", "east"])
def test_computer_seats_can_fill_any_seat(database: str, monkeypatch: pytest.MonkeyPatch, person: str) -> None:
    from server import bots

    real = bots.judge_for
    judge = _judge()
    monkeypatch.setattr(bots, "judge_for", lambda game: judge if game == "toy" else real(game))
    others = [r for r in ("north", "south", "east") if r != person]
    with LiveServer(database, computer_workers=0) as live:
        p = Player(live.url).register()
        m = p.create("toy", person, scenario="trio", computer={r: "easy" for r in others})
        assert m["status"] == "active" and m["computer"] == {r: "easy" for r in others} and m["rated"] is False
        # The computers play their seats until it is the person's move.
        deadline = time.monotonic() + 30
        while (s := _summary(live, m["id"]))["to_move"] != [person] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert s["to_move"] == [person] and s["version"] == ["north", "south", "east"].index(person)
        # A computer in one seat, a person joining the other: the match starts with the third seat.
        half = p.create("toy", person, scenario="trio", computer={others[0]: "easy"})
        assert half["status"] == "open"
        assert Player(live.url).register().join(half["id"], others[1]).json()["status"] == "active"
        # A computer cannot take a seat the scenario does not have, nor every seat.
        race = p.http.post("/api/matches", json={"game": "toy", "scenario": "race", "role": "north",
                                                 "computer": {"east": "easy"}})
        assert race.status_code == 422 and "east is not a seat" in race.json()["reason"]
        alone = p.http.post("/api/matches", json={"game": "toy", "scenario": "trio", "role": None,
                                                  "computer": {r: "easy" for r in ("north", "south", "east")}})
        assert alone.status_code == 422 and "a seat for a person" in alone.json()["reason"]
