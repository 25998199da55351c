"""Computer opponents over HTTP (docs/DESIGN.md, "Computer opponents: seats"): a person plays a whole match of
each game against the computer at ``easy``, the computer answering through the runner in its worker process;
the levels and their records in ``GET /api/games``; what ``computer`` of ``POST /api/matches`` refuses; a
match against the computer is never rated.

The person plays random legal actions over HTTP (two choosers of tests/support/play.py: ending a phase or an
activation with some probability keeps a match short while it still moves and fights); between its moves it
reads the cheap summary until it is to move again, then its view. Timings are printed (``-s``).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.store.db import make_engine, make_sessionmaker
from server.store.models import Rating, Seat
from tests.api.test_back_to_iraq_api import choose as BTI_CHOOSE
from tests.api.test_bulge_api import QUICK as BULGE_QUICK
from tests.api.test_lz_albany_api import CHOOSE as LZ_CHOOSE
from tests.conftest import LiveServer, fresh_database
from tests.support.client import Player
from tests.support.play import Chooser, hurrying
from tests.support.play import choose as uniform

LEVELS = ["easy", "normal", "strong"]
# The Bulge: one decision of the computer costs ~0.3-0.7 s at easy (the rules' own legal_actions in a movement
# phase cost ~0.15 s, and a decision applies its candidates), and a match against a person who moves is ~900
# actions, 600 of them the computer's (9 minutes here). A German who ends every phase it may (a legal, passive
# player: it still places, retreats and answers what the rules ask of it) loses on the threshold on turn 8,
# ~380 actions, ~300 of them the computer's Allied moves and attacks: a whole match to an outcome of play.
PASSIVE_GERMAN = hurrying(BULGE_QUICK, 1.0)


@pytest.fixture
def live(database: str) -> Any:
    """The app as deployed: the computer thinks in one worker process (COMPUTER_WORKERS=1)."""
    with LiveServer(database, computer_workers=1, match_create_limit=0, match_open_limit=0) as server:
        yield server


def play_the_computer(live: LiveServer, person: Player, m: dict[str, Any], role: str, chooser: Chooser,
                      rnd: random.Random, deadline: float = 600.0) -> tuple[dict[str, Any], int, list[float]]:
    """The person's random legal actions until the match ends; returns the outcome, the person's number of
    actions and the seconds the person waited for each computer reply."""
    started = time.monotonic()
    mine = 0
    waits: list[float] = []
    while time.monotonic() - started < deadline:
        v = person.view(m["id"])
        if v["view"]["outcome"] is not None:
            return v["view"]["outcome"], mine, waits
        if v["view"]["actions"]:
            action = chooser(v["view"], rnd)
            assert action is not None
            r = person.act(m["id"], v["version"], action)
            assert r.status_code == 200, r.text
            mine += 1
            continue
        t0 = time.monotonic()  # the computer's move: read the summary until the person is to move again
        while time.monotonic() - started < deadline:
            s = person.http.get(f"/api/matches/{m['id']}").json()
            if s["status"] == "finished" or role in s["to_move"]:
                break
            time.sleep(0.02)
        waits.append(time.monotonic() - t0)
    raise AssertionError(f"no outcome within {deadline} s")


def check_unrated_end(live: LiveServer, database: str, m: dict[str, Any], outcome: dict[str, Any],
                      person: Player) -> None:
    s = person.http.get(f"/api/matches/{m['id']}").json()
    assert s["status"] == "finished" and s["outcome"] == outcome and s["rated"] is False
    engine = make_engine(live.settings.sqlalchemy_url)
    with make_sessionmaker(engine)() as db:
        assert db.query(Rating).count() == 0  # nobody's rating moved
        seats = db.query(Seat).filter(Seat.match_id == m["id"]).all()
        assert all(seat.rating_before is None and seat.rating_after is None for seat in seats)
    engine.dispose()
    replay = person.http.get(f"/api/matches/{m['id']}/replay").json()
    computer_moves = [a for a in replay["actions"] if a["role"] in s["computer"]]
    assert computer_moves, "the computer never moved"


# Each game on one database, Shimada (the quick one) on both: the long LZ Albany and Bulge matches cost
# minutes each, and what differs between the databases is the service's, which every game shares.
@pytest.mark.parametrize(("game", "person_role", "computer_role", "chooser", "kind"), [
    ("shimada", "british", "japanese", uniform, "sqlite"),
    pytest.param("shimada", "british", "japanese", uniform, "postgres", marks=pytest.mark.postgres),
    pytest.param("lz_albany", "nva", "us", LZ_CHOOSE, "postgres", marks=pytest.mark.postgres),
    ("bulge", "german", "allied", PASSIVE_GERMAN, "sqlite"),
    ("back_to_iraq", "islamic", "coalition", BTI_CHOOSE, "sqlite"),
])
def test_a_person_plays_a_whole_match_against_the_computer(tmp_path: Path, game: str, person_role: str,
                                                          computer_role: str, chooser: Chooser,
                                                          kind: str) -> None:
    database = fresh_database(kind, tmp_path)
    with LiveServer(database, computer_workers=1, match_create_limit=0, match_open_limit=0) as live:
        whole_match(live, database, game, person_role, computer_role, chooser)


def whole_match(live: LiveServer, database: str, game: str, person_role: str, computer_role: str,
                chooser: Chooser) -> None:
    started = time.monotonic()
    person = Player(live.url).register()
    m = person.create(game, person_role, computer={computer_role: "easy"})
    assert m["status"] == "active" and m["computer"] == {computer_role: "easy"} and m["rated"] is False
    assert m["seats"][computer_role] == "Computer (easy)"
    outcome, mine, waits = play_the_computer(live, person, m, person_role, chooser, random.Random(0))
    assert outcome["winner"] in (person_role, computer_role, None)
    assert not outcome["reason"].startswith("platform."), outcome  # an end of play, not a resignation or time
    check_unrated_end(live, database, m, outcome, person)
    total = person.http.get(f"/api/matches/{m['id']}").json()["version"]
    waits = sorted(waits) or [0.0]
    p50, p95 = waits[len(waits) // 2], waits[int(0.95 * (len(waits) - 1))]
    print(f"{game}: {total} actions ({mine} the person's), {time.monotonic() - started:.1f} s; waits for the "
          f"computer p50 {p50:.2f} s, p95 {p95:.2f} s, max {waits[-1]:.2f} s")
    # The record counts it from the computer's side.
    levels = {g["id"]: g["computer_levels"] for g in httpx.get(f"{live.url}/api/games").json()}[game]
    easy = next(level for level in levels if level["id"] == "easy")["record"]
    key = "drawn" if outcome["winner"] is None else "won" if outcome["winner"] == computer_role else "lost"
    assert easy == {"won": 0, "lost": 0, "drawn": 0, key: 1}


def test_every_game_lists_its_computer_levels_with_names_and_records(live: LiveServer) -> None:
    games = {g["id"]: g for g in httpx.get(f"{live.url}/api/games").json()}
    for game in ("shimada", "bulge", "lz_albany", "back_to_iraq"):
        levels = games[game]["computer_levels"]
        assert [level["id"] for level in levels] == LEVELS
        for level in levels:
            assert set(level["name"]) >= {"en", "ja"} and all(level["name"].values())
            assert level["record"] == {"won": 0, "lost": 0, "drawn": 0}
    assert games["toy"]["computer_levels"] == []  # no judge: no computer opponent


@pytest.mark.parametrize(("body", "reason"), [
    ({"game": "shimada", "role": "british", "computer": {"japanese": "grandmaster"}}, "No computer level"),
    ({"game": "shimada", "role": "british", "computer": {"british": "easy"}}, "yourself"),
    ({"game": "shimada", "role": "british", "computer": {"nva": "easy"}}, "no role 'nva'"),
    ({"game": "toy", "role": "north", "computer": {"south": "easy"}}, "no computer opponent"),
    ({"game": "shimada", "role": None, "computer": {"japanese": "easy", "british": "easy"}}, "seat for a person"),
    ({"game": "shimada", "role": "british", "computer": {"japanese": 3}}, "Malformed request"),
])
def test_a_computer_seating_that_cannot_be_is_refused_with_a_reason(live: LiveServer, body: dict[str, Any],
                                                                     reason: str) -> None:
    person = Player(live.url).register()
    r = person.http.post("/api/matches", json=body)
    assert r.status_code == 422, r.text
    assert reason in r.json()["reason"]
    assert person.http.get("/api/matches", params={"status": "mine"}).json() == []


def test_a_match_against_the_computer_is_never_rated_even_when_asked(live: LiveServer) -> None:
    person = Player(live.url).register()
    m = person.create("shimada", "british", computer={"japanese": "easy"}, rated=True)
    assert m["rated"] is False
    lobby = person.http.get("/api/matches", params={"status": "mine"}).json()
    assert lobby[0]["computer"] == {"japanese": "easy"} and lobby[0]["ratings"]["japanese"] is None


def test_a_computer_seat_beside_an_open_seat_waits_for_a_person_to_join(live: LiveServer) -> None:
    """The creator may watch: the computer holds one seat, a person joins the other, and the match starts."""
    creator, joiner = Player(live.url).register(), Player(live.url).register()
    m = creator.create("lz_albany", None, computer={"nva": "easy"})
    assert m["status"] == "open" and m["seats"] == {"us": None, "nva": "Computer (easy)"}
    time.sleep(0.5)
    assert joiner.http.get(f"/api/matches/{m['id']}").json()["version"] == 0  # nothing happens before the start
    assert joiner.join(m["id"], "us").status_code == 200
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the NVA moves first in LZ Albany: the computer starts
        s = joiner.http.get(f"/api/matches/{m['id']}").json()
        if s["version"] > 0:
            break
        time.sleep(0.05)
    assert s["status"] == "active" and s["version"] > 0


def test_a_persons_action_may_not_take_the_computers_action_ids(live: LiveServer) -> None:
    person = Player(live.url).register()
    m = person.create("shimada", "british", computer={"japanese": "easy"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        v = person.view(m["id"])
        if v["view"]["actions"]:
            break
        time.sleep(0.05)
    r = person.act(m["id"], v["version"], v["view"]["actions"][0], action_id=f"computer:{v['version'] + 1}")
    assert r.status_code == 422 and "computer" in r.json()["reason"]


def test_a_pending_computer_move_is_made_when_the_app_starts_again(database: str) -> None:
    """A match left with the computer to move and no process to play it (made here straight in the database,
    as a process that died before its runner moved would leave it) is played by the next app's startup scan."""
    from server.config import Settings
    from server.matches.service import MatchService
    from server.store.models import User

    engine = make_engine(Settings(database_url=database).sqlalchemy_url)
    svc = MatchService(make_sessionmaker(engine))
    with svc.sessions.begin() as db:
        ann = User(username="ann_restart", password_hash="x")
        db.add(ann)
        db.flush()
        ann_id = ann.id
    m = svc.create(ann_id, "shimada", None, "british", None, None, play={}, computer={"japanese": "easy"})
    assert m["status"] == "active" and m["to_move"] == ["japanese"] and m["version"] == 0
    engine.dispose()
    with LiveServer(database, computer_workers=0, sweep_seconds=0) as live:  # no sweeps: the startup scan alone
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            s = httpx.get(f"{live.url}/api/matches/{m['id']}").json()
            if s["version"] > 0:
                break
            time.sleep(0.05)
        assert s["version"] > 0


def test_the_computer_thinking_holds_up_no_persons_request(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the computer thinks (a judge that does not finish until the test lets it), the lobby and the match
    answer: a request that waited on the computer would never come back before the judge is let go. (No timed
    threshold: the requests are made, and answered, while the judge is provably still thinking.)"""
    import threading
    import types

    from server import bots

    thinking, release = threading.Event(), threading.Event()

    def stuck(world: dict[str, Any], role: str) -> float:
        thinking.set()
        release.wait(30)
        return 0.5

    judge = types.SimpleNamespace(TUNING={"easy": {"seconds": 5.0}}, determinize=lambda s, r, rnd: s, evaluate=stuck,
                                  prior=lambda w, r, actions: [0.0] * len(actions))
    real = bots.judge_for
    monkeypatch.setattr(bots, "judge_for", lambda game: judge if game == "toy" else real(game))
    with LiveServer(database, computer_workers=0) as live:  # a thread of this process: the hardest case
        person = Player(live.url).register()
        m = person.create("toy", "south", computer={"north": "easy"}, options={"turns": "long"})
        try:
            assert thinking.wait(20), "the computer never started thinking"
            for _ in range(5):
                assert person.http.get("/api/matches", params={"status": "mine"}, timeout=15).status_code == 200
                assert person.http.get(f"/api/matches/{m['id']}", timeout=15).json()["version"] == 0
            assert not release.is_set() and thinking.is_set()  # every answer came while it was thinking
        finally:
            release.set()
