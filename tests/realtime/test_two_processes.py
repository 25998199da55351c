"""Two app processes on one Postgres and one Redis serve the same match.

A player on each process plays a whole Shimada match over HTTP; each one's websocket, connected
to its own process, receives the other's moves as patches that keep its view exact.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import jsonpatch
import pytest
from websockets.sync.client import connect

from tests.conftest import PG_URL, REDIS_URL, free_port, reset_postgres
from tests.support.client import Player
from tests.support.play import play_random_match

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def _serve(port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": PG_URL, "REDIS_URL": REDIS_URL,
           "ARGON2_TIME_COST": "1", "ARGON2_MEMORY_COST": "8192", "REGISTER_IP_LIMIT": "0"}
    return subprocess.Popen([sys.executable, "-m", "server.cli", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _wait(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "server died")
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not start")


@pytest.fixture
def two_servers() -> Iterator[tuple[str, str]]:
    reset_postgres(PG_URL)
    ports = [free_port(), free_port()]
    procs = []
    try:
        for port in ports:  # one after the other: the first migrates
            procs.append(_serve(port))
            _wait(f"http://127.0.0.1:{port}", procs[-1])
        yield f"http://127.0.0.1:{ports[0]}", f"http://127.0.0.1:{ports[1]}"
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=10)


def test_a_match_played_across_two_processes(two_servers: tuple[str, str]) -> None:
    url1, url2 = two_servers
    j, b = Player(url1).register(), Player(url2).register()
    m = j.create("shimada", "japanese")
    assert b.join(m["id"], "british").status_code == 200
    with contextlib.ExitStack() as stack:
        followers = {}  # name -> [socket, version, view], each socket on its player's own process
        for p, url in ((j, url1), (b, url2)):
            ws = stack.enter_context(connect(
                url.replace("http", "ws") + f"/ws/matches/{m['id']}",
                additional_headers={"Cookie": f"cp_session={p.http.cookies['cp_session']}"}))
            snap = json.loads(ws.recv(timeout=10))
            followers[p.name] = [ws, snap["version"], snap["view"]]

        def follow(version: int, _seconds: float) -> None:
            """Both sockets receive every move, whichever process it was made on, as a patch."""
            for entry in followers.values():
                while entry[1] < version:
                    msg = json.loads(entry[0].recv(timeout=10))
                    if msg["type"] != "patch":
                        continue
                    assert msg["from"] == entry[1]
                    entry[2] = jsonpatch.apply_patch(entry[2], msg["ops"])
                    entry[1] = msg["version"]

        outcome = play_random_match(m["id"], [j, b], random.Random(7), after=follow)
    assert outcome is not None
    for p in (j, b):
        final = p.view(m["id"])
        assert followers[p.name][1] == final["version"]
        assert followers[p.name][2] == final["view"]


def test_the_computer_moves_once_whichever_process_hears_the_persons_move(two_servers: tuple[str, str]) -> None:
    """Both processes run a computer runner, and the process the person moved on plays the computer's reply
    (docs/DESIGN.md: events of other processes do not wake it): a person who moves on either process in turn
    gets the computer's replies without a stall, one record per version, each in the computer's own ids."""
    from sqlalchemy import create_engine, text

    from server.config import Settings

    urls = list(two_servers)
    person = Player(urls[0]).register()
    r = person.http.post("/api/matches", json={"game": "shimada", "role": "british", "computer": {"japanese": "easy"}})
    assert r.status_code == 201, r.text
    m = r.json()["id"]
    rnd = random.Random(3)
    moves = 0
    deadline = time.monotonic() + 120
    while moves < 12 and time.monotonic() < deadline:
        url = urls[moves % 2]  # the person alternates between the processes
        s = httpx.get(f"{url}/api/matches/{m}").json()
        if s["status"] == "finished":
            break
        if "british" not in s["to_move"]:
            time.sleep(0.05)  # the computer's move
            continue
        v = person.http.get(f"{url}/api/matches/{m}/view").json()
        if not v["view"]["actions"]:
            time.sleep(0.05)
            continue
        got = person.http.post(f"{url}/api/matches/{m}/actions",
                               json={"version": v["version"], "action": rnd.choice(v["view"]["actions"]),
                                     "id": f"person-{moves}"})
        assert got.status_code == 200, got.text
        moves += 1
    assert moves == 12 or s["status"] == "finished", "the computer stopped answering"
    engine = create_engine(Settings(database_url=PG_URL).sqlalchemy_url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT seq, role, client_id FROM actions WHERE match_id = :m ORDER BY seq"),
                            {"m": m}).all()
    engine.dispose()
    assert [row.seq for row in rows] == list(range(1, len(rows) + 1))  # one record per version
    computer = [row for row in rows if row.role == "japanese"]
    assert computer and all(row.client_id.startswith("computer:") for row in computer)
    assert len({row.client_id for row in computer}) == len(computer)  # each version decided and written once
