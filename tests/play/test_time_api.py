"""Time controls end to end: the server's clocks over HTTP with an injected time, a sweeper that
ends late matches, claims, vacation, and a restart that loses nothing (the deadline is in the row)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FakeClock, LiveServer, fresh_database
from tests.support.client import Player

LIVE = {"kind": "live", "initial": 300, "increment": 10}
CORR = {"kind": "correspondence", "per_move": 3 * 86400, "cap": 7 * 86400}


def started(server: LiveServer, clock: dict[str, Any], **play: Any) -> tuple[Player, Player, str]:
    north, south = Player(server.url).register(), Player(server.url).register()
    m = north.create("toy", "north", clock=clock, **play)
    assert south.join(m["id"], "south").status_code == 200
    return north, south, m["id"]


def summary(p: Player, match_id: str) -> dict[str, Any]:
    r = p.http.get(f"/api/matches/{match_id}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def wait_for(check: Any, timeout: float = 10.0) -> Any:
    """Poll a condition the server's sweeper will make true (bounded; the time itself is fake)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("the sweeper did not act in time")


@pytest.fixture
def clocked(database: str) -> Any:
    clock = FakeClock()
    with LiveServer(database, clock=clock, sweep_seconds=0.05) as server:
        yield server, clock


def test_the_clock_starts_when_the_last_seat_is_taken_and_runs_for_the_side_to_move(clocked: Any) -> None:
    server, clock = clocked
    north, south, m = started(server, LIVE)
    s = summary(north, m)
    assert s["clock"]["left"] == {"north": 300.0, "south": 300.0} and s["clock"]["running"] == ["north"]
    clock.advance(seconds=40)
    assert north.act(m, 0, {"type": "add", "n": 1}).status_code == 200
    s = summary(south, m)
    assert s["clock"]["left"] == {"north": 270.0, "south": 300.0}  # 300 - 40 + 10
    assert s["clock"]["running"] == ["south"]
    clock.advance(seconds=15)
    assert summary(south, m)["clock"]["left"]["south"] == 285.0


def test_on_timeout_loss_the_sweeper_ends_the_match(clocked: Any) -> None:
    server, clock = clocked
    north, _, m = started(server, LIVE, on_timeout="loss")
    clock.advance(seconds=301)
    s = wait_for(lambda: (x := summary(north, m))["status"] == "finished" and x)
    assert s["outcome"] == {"winner": "south", "reason": "platform.timeout", "score": {},
                            "winners": ["south"]}
    assert north.act(m, 0, {"type": "add", "n": 1}).status_code == 422


def test_on_timeout_claim_the_opponent_may_claim_and_the_late_side_may_still_move(clocked: Any) -> None:
    server, clock = clocked
    north, south, m = started(server, LIVE)
    assert south.http.post(f"/api/matches/{m}/claim").status_code == 422  # time is left
    clock.advance(seconds=301)
    assert wait_for(lambda: summary(south, m)["clock"]["flagged"] == ["north"])
    assert north.http.post(f"/api/matches/{m}/claim").json()["reason"] == "Your opponent still has time."
    r = south.http.post(f"/api/matches/{m}/claim")
    assert r.status_code == 200, r.text
    assert summary(north, m)["outcome"]["winner"] == "south"


def test_an_on_timeout_draw(clocked: Any) -> None:
    server, clock = clocked
    north, _, m = started(server, LIVE, on_timeout="draw")
    clock.advance(seconds=400)
    s = wait_for(lambda: (x := summary(north, m))["status"] == "finished" and x)
    assert s["outcome"]["winner"] is None


def test_a_late_action_is_refused_when_the_match_ends_on_time(clocked: Any) -> None:
    server, clock = clocked
    north, _, m = started(server, {"kind": "live", "initial": 60}, on_timeout="loss")
    clock.advance(seconds=61)
    r = north.act(m, 0, {"type": "add", "n": 1})
    assert r.status_code == 422 and ("time is up" in r.json()["reason"] or "over" in r.json()["reason"])


def test_vacation_stops_correspondence_clocks_and_gives_back_unused_days(clocked: Any) -> None:
    server, clock = clocked
    north, _, m = started(server, CORR)
    clock.advance(days=1)
    r = north.http.post("/api/me/vacation", json={"days": 10})
    assert r.status_code == 200, r.text
    assert r.json()["vacation_days_left"] == 20
    clock.advance(days=5)
    assert summary(north, m)["clock"]["left"]["north"] == 2 * 86400  # stood still
    r = north.http.delete("/api/me/vacation")
    assert r.status_code == 200 and r.json()["vacation_days_left"] == 25
    clock.advance(days=1)
    assert summary(north, m)["clock"]["left"]["north"] == 1 * 86400
    assert north.http.post("/api/me/vacation", json={"days": 26}).status_code == 422


def test_a_clock_survives_a_restart_and_another_process_ends_the_match(tmp_path: Path) -> None:
    """The deadline lives in the database: a second server started after the first stopped finds
    the late match and ends it."""
    url = fresh_database("sqlite", tmp_path)
    clock = FakeClock()
    with LiveServer(url, clock=clock, sweep_seconds=0) as first:
        north, south, m = started(first, LIVE, on_timeout="loss")
        clock.advance(seconds=100)
        assert north.act(m, 0, {"type": "add", "n": 1}).status_code == 200
    clock.advance(seconds=311)  # south had 300 s
    with LiveServer(url, clock=clock, sweep_seconds=0.05) as second:
        watcher = Player(second.url)
        s = wait_for(lambda: (x := summary(watcher, m))["status"] == "finished" and x)
        assert s["outcome"]["winner"] == "north"
        assert s["clock"]["left"]["north"] == 210.0


def test_time_is_running_out_is_told_once_at_80_percent(clocked: Any) -> None:
    server, clock = clocked
    north, _, m = started(server, CORR)
    clock.advance(days=2.3)
    time.sleep(0.3)  # sweeps run; nothing due yet (the warning is at 2.4 days)
    assert north.http.get("/api/notifications").json()["items"] == [] or all(
        i["kind"] != "time_running_out" for i in north.http.get("/api/notifications").json()["items"])
    clock.advance(days=0.2)
    items = wait_for(lambda: [i for i in north.http.get("/api/notifications").json()["items"]
                              if i["kind"] == "time_running_out"])
    assert len(items) == 1 and items[0]["match_id"] == m
    time.sleep(0.3)
    again = [i for i in north.http.get("/api/notifications").json()["items"] if i["kind"] == "time_running_out"]
    assert len(again) == 1
