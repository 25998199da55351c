"""The outbox and its worker: rows written with the event, delivered by any process's worker,
never lost across a restart or a dead process, never delivered twice by two processes, retried
with a doubling backoff a bounded number of times. The in-app list needs no worker. Presence is
read at delivery.

The servers run on a test-driven clock (``FakeClock``): leases and backoffs are in that time, so a
test moves it past a lease or a backoff instead of waiting; every wait here is for an event."""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import create_engine, select, update
from websockets.sync.client import connect

from server.config import Settings
from server.store.models import Delivery, Notification, User
from tests.conftest import REDIS_URL, FakeClock, LiveServer
from tests.notify.slowhook import SlowHook
from tests.notify.support import deliveries, settled, until, with_webhook
from tests.notify.test_webhook import Receiver
from tests.support.client import Player

QUICK = {"webhook_private": True, "notify_poll_seconds": 0.2}


@pytest.fixture
def hooks() -> Iterator[Receiver]:
    server = Receiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(5)


def _all(state: str, database: str, n: int | None = None) -> list[dict[str, Any]] | None:
    return settled(database, lambda d: d["state"] == state, n)


def _update(database: str, **values: Any) -> None:
    engine = create_engine(Settings(database_url=database).sqlalchemy_url)
    with engine.begin() as conn:
        conn.execute(update(Delivery).values(**values))
    engine.dispose()


def _notifications(database: str) -> list[tuple[str, str, bool]]:
    """(recipient, kind, presence read) of every notification row."""
    engine = create_engine(Settings(database_url=database).sqlalchemy_url)
    with engine.connect() as conn:
        rows = conn.execute(select(User.username, Notification.kind, Notification.checked_at)
                            .join(User, User.id == Notification.user_id).order_by(Notification.id))
        out = [(name, kind, checked is not None) for name, kind, checked in rows]
    engine.dispose()
    return out


def _joined(server: LiveServer, url: str) -> tuple[Player, Player, str]:
    """north (webhook ``url``) created a toy match and is away; south joined: two notices for north."""
    north = with_webhook(server, url)
    south = Player(server.url).register()
    m = north.create("toy", "north")["id"]
    assert south.join(m, "south").status_code == 200
    return north, south, m


def test_a_delivery_left_by_a_stopped_service_is_made_by_the_next_one(database: str, hooks: Receiver) -> None:
    clock = FakeClock()
    with LiveServer(database, clock=clock, notify_worker=False, **QUICK) as first:
        _joined(first, f"{hooks.base}/hook")
        assert [(d["kind"], d["state"]) for d in deliveries(database)] == [
            ("opponent_joined", "pending"), ("your_move", "pending")]
    assert hooks.requests == []
    with LiveServer(database, clock=clock, **QUICK):
        sent = until(lambda: _all("sent", database, 2), what="the delivery after the restart")
    assert sorted(r["key"] for r in hooks.requests) == sorted(str(d["id"]) for d in sent)
    assert sorted(json.loads(r["body"])["kind"] for r in hooks.requests) == [
        "opponent_joined", "your_move"]


def test_a_delivery_claimed_by_a_process_that_died_is_taken_up_when_its_lease_ends(
        database: str, hooks: Receiver) -> None:
    clock = FakeClock()
    with LiveServer(database, clock=clock, notify_worker=False, **QUICK) as first:
        _joined(first, f"{hooks.base}/hook")
    # A process claimed both and died: its lease runs 40 s more.
    _update(database, claimed_by="dead/1", lease_until=clock() + timedelta(seconds=40), attempts=1)
    with LiveServer(database, clock=clock, **QUICK) as second:
        notifier = second.app.state.notifier
        passes = notifier.passes
        until(lambda: notifier.passes >= passes + 2, what="two passes of the worker")
        assert hooks.requests == []
        assert [d["claimed_by"] for d in deliveries(database)] == ["dead/1", "dead/1"]
        clock.advance(seconds=41)
        sent = until(lambda: _all("sent", database, 2), what="the delivery after the lease")
    assert [d["attempts"] for d in sent] == [2, 2]
    assert Counter(r["key"] for r in hooks.requests) == {str(d["id"]): 1 for d in sent}


def test_two_workers_on_one_database_deliver_each_notification_once(database: str, hooks: Receiver) -> None:
    """Two app processes' workers are woken at the same moment over the same 30 due deliveries (the
    receiver takes 1 s to answer, so that each worker's first claims are still under way when the
    other claims)."""
    clock = FakeClock()
    ahead = FakeClock(clock() + timedelta(hours=1))  # the writer's time: its deliveries are due in an hour
    with LiveServer(database, clock=clock, **QUICK) as a, LiveServer(database, clock=clock, **QUICK) as b, \
            LiveServer(database, clock=ahead, notify_worker=False, **QUICK) as writer:
        for _ in range(10):
            north = with_webhook(writer, f"{hooks.base}/slow")
            south = with_webhook(writer, f"{hooks.base}/slow")
            m = north.create("toy", "north")["id"]
            assert south.join(m, "south").status_code == 200
            assert north.act(m, 0, {"type": "add", "n": 1}).status_code == 200
        assert len(deliveries(database)) == 30
        assert hooks.requests == []
        clock.advance(hours=2)
        a.app.state.notifier.wake()
        b.app.state.notifier.wake()
        sent = until(lambda: _all("sent", database, 30), what="every delivery")
    assert Counter(r["key"] for r in hooks.requests) == {str(d["id"]): 1 for d in sent}
    split = Counter(d["claimed_by"].split("/")[0] for d in sent)
    print(f"\ndeliveries per worker: {sorted(split.values())}")


def test_a_failing_webhook_is_retried_with_a_doubling_backoff_then_given_up(database: str, hooks: Receiver) -> None:
    clock = FakeClock()
    with LiveServer(database, clock=clock, notify_attempts=4, notify_retry_seconds=30, **QUICK) as server:
        _joined(server, f"{hooks.base}/fail")
        waits = []
        for attempt in (1, 2, 3):
            def tried(d: dict[str, Any], n: int = attempt) -> bool:
                return bool(d["attempts"] == n and d["claimed_by"] is None)

            rows = until(lambda check=tried: settled(database, check, 2), what=f"attempt {attempt}")
            assert all(d["state"] == "pending" and "HTTP 500" in d["last_error"] for d in rows)
            waits.append({(d["next_at"] - clock()).total_seconds() for d in rows})
            clock.advance(seconds=max(waits[-1]))
        failed = until(lambda: _all("failed", database, 2), what="giving up")
    assert waits == [{30.0}, {60.0}, {120.0}]
    assert [d["attempts"] for d in failed] == [4, 4]
    assert all("HTTP 500" in d["last_error"] for d in failed)
    assert len(hooks.requests) == 8


def test_the_in_app_list_is_immediate_and_needs_no_worker(database: str, hooks: Receiver) -> None:
    with LiveServer(database, notify_worker=False, **QUICK) as server:
        north, _, m = _joined(server, f"{hooks.base}/hook")
        inbox = north.http.get("/api/notifications").json()
        assert inbox["unread"] == 2
        assert sorted(i["kind"] for i in inbox["items"]) == ["opponent_joined", "your_move"]
        assert {i["match_id"] for i in inbox["items"]} == {m}
    assert hooks.requests == []


def test_a_player_who_watches_the_match_gets_no_notification(database: str, hooks: Receiver) -> None:
    with LiveServer(database, **QUICK) as server:
        north, south, m = _joined(server, f"{hooks.base}/hook")
        until(lambda: _all("sent", database, 2), what="the notices of the join")
        headers = {"Cookie": north.cookie()}
        with connect(f"{server.ws_url}/ws/matches/{m}", additional_headers=headers, open_timeout=10) as ws:
            ws.recv(timeout=10)  # the snapshot: north is present
            assert north.act(m, 0, {"type": "add", "n": 1}).status_code == 200
            assert south.act(m, 1, {"type": "add", "n": 1}).status_code == 200  # north's move again
            assert north.http.get("/api/notifications").json()["unread"] == 2  # the two of the join
            until(lambda: all(checked for _, _, checked in _notifications(database)), what="presence read")
        # north's "your move" after south's action is gone: only the two of the join are north's.
        assert _notifications(database) == [(north.name, "opponent_joined", True), (north.name, "your_move", True),
                                            (south.name, "your_move", True)]
        assert len(hooks.requests) == 2


@pytest.mark.redis
def test_presence_is_read_at_delivery(database: str, hooks: Receiver) -> None:
    """north is away when south joins, and opens the match before any worker runs: the worker of
    another process finds north present (through Redis) and delivers nothing."""
    with LiveServer(database, redis_url=REDIS_URL, notify_worker=False, **QUICK) as front:
        north, _, m = _joined(front, f"{hooks.base}/hook")
        assert [kind for _, kind, _ in _notifications(database)] == ["opponent_joined", "your_move"]
        headers = {"Cookie": north.cookie()}
        with connect(f"{front.ws_url}/ws/matches/{m}", additional_headers=headers, open_timeout=10) as ws:
            ws.recv(timeout=10)
            with LiveServer(database, redis_url=REDIS_URL, **QUICK) as worker:
                notifier = worker.app.state.notifier
                until(lambda: notifier.passes >= 2, what="two passes of the worker")
                assert _notifications(database) == [] and deliveries(database) == []
    assert hooks.requests == []


def test_a_retry_to_a_player_who_has_since_opened_the_match_is_dropped(database: str, hooks: Receiver) -> None:
    """Presence is read again before each attempt."""
    clock = FakeClock()
    with LiveServer(database, clock=clock, notify_retry_seconds=30, **QUICK) as server:
        north, _, m = _joined(server, f"{hooks.base}/fail")
        until(lambda: settled(database, lambda d: d["attempts"] == 1 and d["claimed_by"] is None, 2),
              what="the first attempts")
        headers = {"Cookie": north.cookie()}
        with connect(f"{server.ws_url}/ws/matches/{m}", additional_headers=headers, open_timeout=10) as ws:
            ws.recv(timeout=10)
            clock.advance(seconds=31)
            dropped = until(lambda: _all("skipped", database, 2), what="the retries")
    assert all(d["attempts"] == 2 and d["last_error"] == "the player had the match open" for d in dropped)
    assert len(hooks.requests) == 2  # the first attempts only


def test_a_channel_turned_off_before_its_delivery_is_not_used(database: str, hooks: Receiver) -> None:
    with LiveServer(database, notify_worker=False, **QUICK) as first:
        north, _, _ = _joined(first, f"{hooks.base}/hook")
        assert north.http.put("/api/me/settings", json={"webhook_url": None}).status_code == 200
    with LiveServer(database, **QUICK):
        skipped = until(lambda: _all("skipped", database, 2), what="the deliveries")
    assert all(d["last_error"] == "the channel was turned off" for d in skipped)
    assert hooks.requests == []


def test_a_delivery_cut_by_a_shutdown_is_made_by_the_next_service(database: str) -> None:
    """Stopping a service in the middle of a delivery gives the claim back (the cut attempt not
    counted): the next service delivers it at once, without waiting for a lease."""
    clock = FakeClock()
    with SlowHook("sleep", hold=30.0) as hook:
        with LiveServer(database, clock=clock, **QUICK) as first:
            _joined(first, hook.url)
            until(lambda: len(hook.requests) == 2, what="both deliveries under way")
        given_back = deliveries(database)
        assert [(d["state"], d["attempts"], d["claimed_by"]) for d in given_back] == [("pending", 0, None)] * 2
        hook.fast()
        with LiveServer(database, clock=clock, **QUICK):
            sent = until(lambda: _all("sent", database, 2), what="the deliveries")
    assert [d["attempts"] for d in sent] == [1, 1]
    assert not hook.answered.is_set() and len(hook.requests) == 4
