"""Fault injection under load (bounded; ``FAULT_SECONDS`` makes the runs longer). After each fault
the invariants of ``invariants.check`` hold: no acknowledged action lost or applied twice, the log
replays to the stored state, every process serves the right view."""

from __future__ import annotations

import contextlib
import json
import os
import random
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import jsonpatch
import pytest
from websockets.sync.client import connect

from tests.conftest import PG_URL, REDIS_URL
from tests.faults import invariants
from tests.faults.harness import Apps, Bot, OwnPostgres, OwnRedis, scratch_database

SECONDS = float(os.environ.get("FAULT_SECONDS", "10"))
KILLS = int(os.environ.get("FAULT_KILLS", "3"))
pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def start_matches(apps: Apps, n: int) -> dict[str, list[Bot]]:
    matches = {}
    for _ in range(n):
        j, b = Bot(apps.urls).register(), Bot(apps.urls).register()
        r = j.call("POST", "/api/matches", json={"game": "shimada", "role": "japanese"})
        assert r.status_code == 201, r.text
        m = r.json()["id"]
        assert b.call("POST", f"/api/matches/{m}/join", json={"role": "british"}).status_code == 200
        matches[m] = [j, b]
    return matches


def run_bots(matches: dict[str, list[Bot]], stop: threading.Event) -> list[threading.Thread]:
    threads = [threading.Thread(target=bot.play, args=(m, stop, random.Random(i)), daemon=True)
               for i, (m, bots) in enumerate(matches.items()) for bot in bots]
    for t in threads:
        t.start()
    return threads


def finish(stop: threading.Event, threads: list[threading.Thread]) -> None:
    stop.set()
    for t in threads:
        t.join(90)
        assert not t.is_alive(), "a bot is stuck"


@pytest.fixture
def scratch() -> Iterator[str]:
    yield scratch_database(PG_URL, f"faults_{os.getpid()}")


def test_kill_9_of_an_app_process_under_load_loses_no_acknowledged_action(scratch: str) -> None:
    with Apps(scratch, REDIS_URL, count=2) as apps:
        matches = start_matches(apps, 3)
        stop = threading.Event()
        threads = run_bots(matches, stop)
        rnd = random.Random(1)
        for _ in range(KILLS):
            time.sleep(rnd.uniform(0.5, 2.0))
            victim = rnd.randrange(apps.count)
            apps.kill9(victim)
            time.sleep(0.3)
            apps.start(victim)  # bots meanwhile resend to the other process
        finish(stop, threads)
        figures = invariants.check(scratch, apps.urls, matches)
    assert figures["acknowledged"] > 0
    print(f"kill -9: {KILLS} kills, {figures}")


def test_a_postgres_outage_refuses_actions_as_retryable_and_loses_none() -> None:
    pg = OwnPostgres()
    pg.start()
    try:
        with Apps(pg.url, None, count=1) as apps:
            matches = start_matches(apps, 2)
            stop = threading.Event()
            threads = run_bots(matches, stop)
            # Early, while the matches still run: bots finish a Shimada match in about ten seconds,
            # so a longer run (FAULT_SECONDS) lengthens the recovery, not the wait before the outage.
            time.sleep(min(SECONDS / 3, 3.0))
            pg.stop("immediate")

            def refused() -> int:
                return sum(b.unavailable for bots in matches.values() for b in bots)

            # Down until requests have met it (a request in flight can take a few seconds to fail),
            # bounded: the bots send one after another, so this is seconds, not a busy wait.
            deadline = time.monotonic() + 20
            while refused() == 0 and time.monotonic() < deadline:
                time.sleep(0.2)
            time.sleep(1)
            refused_during = refused()
            pg.start()
            time.sleep(SECONDS / 3)
            finish(stop, threads)
            figures = invariants.check(pg.url, apps.urls, matches)
        assert refused_during > 0, "no request met the outage"
        print(f"postgres outage: {refused_during} requests refused with 503, {figures}")
    finally:
        pg.remove()


class Follower:
    """A spectator socket that applies patches, as the browser does."""

    def __init__(self, url: str, match_id: str) -> None:
        self.ws = contextlib.ExitStack().enter_context(
            connect(url.replace("http://", "ws://") + f"/ws/matches/{match_id}", open_timeout=10))
        snap = json.loads(self.ws.recv(timeout=10))
        self.version, self.view = snap["version"], snap["view"]

    def until(self, version: int, timeout: float = 15) -> None:
        end = time.monotonic() + timeout
        while self.version < version:
            msg = json.loads(self.ws.recv(timeout=max(0.1, end - time.monotonic())))
            if msg["type"] == "patch":
                assert msg["from"] == self.version, "a patch is missing"
                self.view = jsonpatch.apply_patch(self.view, msg["ops"])
                self.version = msg["version"]


def test_redis_stopped_or_paused_clients_catch_up_from_the_database(scratch: str) -> None:
    redis = OwnRedis()
    redis.start()
    try:
        with Apps(scratch, redis.url, count=2) as apps:
            matches = start_matches(apps, 1)
            (m, bots), = matches.items()
            follower = Follower(apps.urls[1], m)
            mover = Bot([apps.urls[0]])
            mover.http = [bots[0].http[0], bots[1].http[0]]  # both players act through process 0

            def act_once(rnd: random.Random) -> int:
                for c in mover.http:
                    body = c.get(f"/api/matches/{m}/view").json()
                    if body["view"]["actions"]:
                        r = c.post(f"/api/matches/{m}/actions", json={
                            "version": body["version"], "action": rnd.choice(body["view"]["actions"]),
                            "id": uuid.uuid4().hex})
                        assert r.status_code == 200, r.text
                        return int(r.json()["version"])
                raise AssertionError("nobody to move")

            rnd = random.Random(3)
            for fault in ("stop", "pause"):
                v = act_once(rnd)
                follower.until(v)
                if fault == "stop":
                    redis.stop()
                else:
                    redis.pause()
                started = time.monotonic()
                for _ in range(3):
                    v = act_once(rnd)  # committed and acknowledged: Redis is not needed for that
                assert time.monotonic() - started < 20
                if fault == "stop":
                    redis.start()
                else:
                    redis.resume()
                follower.until(v)  # catches up: from the resync after reconnecting, or the periodic check
                fresh = httpx.get(f"{apps.urls[1]}/api/matches/{m}/view").json()
                assert fresh["version"] == follower.version and fresh["view"] == follower.view
            follower.ws.close()
            invariants.check(scratch, apps.urls, {m: []})
    finally:
        redis.stop()


def test_a_resend_and_a_race_between_two_processes_apply_exactly_once(scratch: str) -> None:
    with Apps(scratch, REDIS_URL, count=2) as apps:
        matches = start_matches(apps, 1)
        (m, (j, b)), = matches.items()
        body = j.http[0].get(f"/api/matches/{m}/view").json()
        action = body["view"]["actions"][0]
        cid = uuid.uuid4().hex
        barrier = threading.Barrier(2)
        answers: list[httpx.Response] = []

        def send(i: int, payload: dict[str, object]) -> None:
            barrier.wait()
            answers.append(j.http[i].post(f"/api/matches/{m}/actions", json=payload))

        same = {"version": body["version"], "action": action, "id": cid}
        ts = [threading.Thread(target=send, args=(i, same)) for i in (0, 1)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(30)
        assert [r.status_code for r in answers] == [200, 200]
        assert answers[0].json() == answers[1].json()  # the resend got the original answer
        v = answers[0].json()["version"]
        # Two different actions at the same version from two processes: one wins, one is told why.
        body = j.http[0].get(f"/api/matches/{m}/view").json()
        if not body["view"]["actions"]:
            body = b.http[0].get(f"/api/matches/{m}/view").json()
            j = b
        a1, a2 = body["view"]["actions"][0], body["view"]["actions"][-1]
        answers.clear()
        barrier.reset()
        ts = [threading.Thread(target=send, args=(i, {"version": v, "action": a, "id": uuid.uuid4().hex}))
              for i, a in ((0, a1), (1, a2))]
        for t in ts:
            t.start()
        for t in ts:
            t.join(30)
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        assert "version" in next(r for r in answers if r.status_code == 409).json()["reason"].lower()
        j.acked[cid] = v
        invariants.check(scratch, apps.urls, matches)


def test_a_client_that_never_reads_is_dropped_and_the_others_are_unaffected(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The slow socket's outbox is bounded; when it is full the server closes that socket, while
    a normal follower of the same match keeps getting every patch in order."""
    import socket

    from server.realtime import hub as hub_module
    from tests.conftest import LiveServer, fresh_database
    from tests.support.client import Player

    monkeypatch.setattr(hub_module, "OUTBOX", 8)
    with LiveServer(fresh_database("sqlite", tmp_path), ws_burst=0) as live:
        j, b = Player(live.url).register(), Player(live.url).register()
        m = j.create("shimada", "japanese")["id"]
        b.join(m, "british")
        follower = Follower(live.url, m)
        raw = socket.create_connection(("127.0.0.1", live.port))
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow = contextlib.ExitStack().enter_context(
            connect(f"{live.ws_url}/ws/matches/{m}", sock=raw, max_queue=1, open_timeout=10))
        hub = live.app.state.hub
        assert len(hub.listeners[m]) == 2
        end = time.monotonic() + 60
        sent = 0
        while len(hub.listeners.get(m, ())) == 2 and time.monotonic() < end:
            slow.send('{"type": "snapshot"}')  # each answer is a whole view that nobody reads
            sent += 1
            if sent % 50 == 0:
                time.sleep(0.05)
        assert len(hub.listeners.get(m, ())) == 1, "the slow socket was never dropped"
        assert all(c.outbox.qsize() <= 8 for c in hub.listeners[m])
        rnd = random.Random(5)
        for _ in range(5):  # the follower is unaffected: every patch, in order, promptly
            p = j if j.view(m)["view"]["actions"] else b
            body = p.view(m)
            v = p.act(m, body["version"], rnd.choice(body["view"]["actions"])).json()["version"]
            follower.until(v, timeout=5)
        print(f"slow client: dropped after {sent} unread snapshots")
        with contextlib.suppress(Exception):
            slow.close()


def test_graceful_shutdown_finishes_or_refuses_in_flight_actions_and_clients_move(scratch: str) -> None:
    """SIGTERM to one of two processes under load: its in-flight requests are answered or fail
    without an acknowledgment (the bots resend elsewhere), its sockets are closed, and a client
    reconnecting to the other process gets the current view."""
    from websockets.exceptions import ConnectionClosed

    with Apps(scratch, REDIS_URL, count=2) as apps:
        matches = start_matches(apps, 2)
        m = next(iter(matches))
        watcher = Follower(apps.urls[0], m)
        stop = threading.Event()
        threads = run_bots(matches, stop)
        time.sleep(SECONDS / 3)
        apps.terminate(0)
        with pytest.raises((ConnectionClosed, TimeoutError, EOFError)):
            for _ in range(10_000):  # bounded: drains patches until the server closes the socket
                watcher.ws.recv(timeout=15)
        time.sleep(SECONDS / 3)
        finish(stop, threads)
        moved = Follower(apps.urls[1], m)
        fresh = httpx.get(f"{apps.urls[1]}/api/matches/{m}/view").json()
        assert moved.version == fresh["version"] and moved.view == fresh["view"]
        moved.ws.close()
        apps.start(0)
        figures = invariants.check(scratch, apps.urls, matches)
    print(f"graceful shutdown: {figures}")
