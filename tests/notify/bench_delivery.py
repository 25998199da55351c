"""Figures (printed, never asserted): how long a join takes when the player who is told has a slow
webhook, and how `GET /api/games` answers while 44 such joins' deliveries are pending.

    python3 -m tests.notify.bench_delivery [--trickle] [--actions]

``--actions`` also times actions in matches whose two players both have the match open (every
"your move" is then written, and found unwanted when presence is read).

It runs a live server on a fresh SQLite database in a temporary folder, and loopback webhooks from
``tests.notify.slowhook``; nothing is reached outside 127.0.0.1. It uses the HTTP API only, so the
same file measures an older tree of the service too.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.conftest import LiveServer, fresh_database
from tests.notify.slowhook import SlowHook
from tests.support.client import Player

N = 44


def _player(server: LiveServer, webhook: str | None = None) -> Player:
    p = Player(server.url).register()
    p.http.timeout = httpx.Timeout(300.0)
    if webhook:
        r = p.http.put("/api/me/settings", json={"webhook_url": webhook, "webhook_format": "json"})
        assert r.status_code == 200, r.text
    return p


def _games(url: str, samples: int) -> list[float]:
    out = []
    with httpx.Client(base_url=url, timeout=60) as client:
        for _ in range(samples):
            t = time.perf_counter()
            assert client.get("/api/games").status_code == 200
            out.append(time.perf_counter() - t)
    return out


def _show(what: str, seconds: list[float]) -> None:
    print(f"{what}: median {statistics.median(seconds) * 1000:.1f} ms, max {max(seconds) * 1000:.1f} ms"
          f" ({len(seconds)} requests)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--trickle", action="store_true", help="also time a join with a trickling webhook")
    parser.add_argument("--actions", action="store_true", help="also time actions with both players present")
    args = parser.parse_args()
    if args.actions:
        actions()
    with tempfile.TemporaryDirectory() as tmp:
        database = fresh_database("sqlite", Path(tmp))
        with SlowHook("sleep", hold=4.0) as sleeping, SlowHook("trickle", every=3.0) as trickling, \
                LiveServer(database, webhook_private=True, register_ip_limit=0) as server:
            _games(server.url, 20)  # warm up
            _show("GET /api/games, nothing pending", _games(server.url, 50))

            # One join; the creator, who is away, has a webhook that sleeps 4 s before answering.
            creator, joiner = _player(server, sleeping.url), _player(server)
            m = creator.create("toy", "north")["id"]
            t = time.perf_counter()
            assert joiner.join(m, "south").status_code == 200
            print(f"join, the creator's webhook sleeps 4 s: {time.perf_counter() - t:.3f} s")

            if args.trickle:
                creator, joiner = _player(server, trickling.url), _player(server)
                m = creator.create("toy", "north")["id"]
                t = time.perf_counter()
                assert joiner.join(m, "south").status_code == 200
                print(f"join, the creator's webhook trickles a byte every 3 s: {time.perf_counter() - t:.3f} s")

            # 44 joins at once, each creator's webhook sleeping 4 s; GET /api/games meanwhile.
            pairs = []
            for _ in range(N):
                creator, joiner = _player(server, sleeping.url), _player(server)
                pairs.append((joiner, creator.create("toy", "north")["id"]))
            joins: list[float] = []
            lock = threading.Lock()

            def join(p: Player, match_id: str) -> None:
                t = time.perf_counter()
                assert p.join(match_id, "south").status_code == 200
                with lock:
                    joins.append(time.perf_counter() - t)

            threads = [threading.Thread(target=join, args=pair) for pair in pairs]
            start = time.perf_counter()
            for th in threads:
                th.start()
            during = _games(server.url, 50)
            for th in threads:
                th.join()
            print(f"{N} joins at once: all answered after {time.perf_counter() - start:.2f} s;"
                  f" each: median {statistics.median(joins):.3f} s, max {max(joins):.3f} s")
            _show(f"GET /api/games while the {N} joins' deliveries are pending", during)
            time.sleep(0.5)
            _show(f"GET /api/games 0.5 s later ({len(sleeping.requests)} webhook requests received so far)",
                  _games(server.url, 50))


def _drain(ws: Any) -> None:
    with contextlib.suppress(Exception):
        while True:
            ws.recv()


def actions(matches: int = 20, **settings: Any) -> None:
    from websockets.sync.client import connect

    with tempfile.TemporaryDirectory() as tmp:
        database = fresh_database("sqlite", Path(tmp))
        with LiveServer(database, register_ip_limit=0, **settings) as server:
            times: list[float] = []
            for _ in range(matches):
                north, south = _player(server), _player(server)
                m = north.create("toy", "north", options={"target": 20})["id"]
                assert south.join(m, "south").status_code == 200
                sockets = [connect(f"{server.ws_url}/ws/matches/{m}", additional_headers={"Cookie": p.cookie()},
                                   open_timeout=10) for p in (north, south)]
                for ws in sockets:  # read and dropped, as a page would read them
                    threading.Thread(target=_drain, args=(ws,), daemon=True).start()
                version = 0
                for i in range(9):  # 9 adds of 2: the match does not end
                    player = (north, south)[i % 2]
                    t = time.perf_counter()
                    r = player.act(m, version, {"type": "add", "n": 2})
                    times.append(time.perf_counter() - t)
                    assert r.status_code == 200, r.text
                    version = r.json()["version"]
                for ws in sockets:
                    ws.close()
            _show("POST /actions, both players present", times)


if __name__ == "__main__":
    main()
