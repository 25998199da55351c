"""Processes the fault tests may break: app processes, a Postgres cluster and a Redis server of the
test's own (on free loopback ports, in a temporary directory), and bots that keep playing.

The shared Postgres and Redis of the machine are never stopped: an outage is staged on private
instances. Every wait is bounded.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text

from server.bench.servers import wait_until_up
from server.config import Settings
from tests.conftest import free_port

PG_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"))), Path("/usr/bin"))


class OwnPostgres:
    """A throwaway cluster run as the postgres user (initdb refuses root), trust auth, no fsync."""

    def __init__(self) -> None:
        # Not under pytest's tmp_path: the postgres user cannot enter root's private directories.
        self.dir = Path(tempfile.mkdtemp(prefix="counterplay-pg-"))
        self.port = free_port()
        shutil.chown(self.dir, "postgres", "postgres")
        self._as_postgres(PG_BIN / "initdb", "-D", str(self.dir), "--auth=trust", "-U", "postgres")

    def _as_postgres(self, *cmd: str | Path) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *map(str, cmd)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        self._as_postgres(PG_BIN / "pg_ctl", "-D", self.dir, "-w", "-t", "60", "-l", self.dir / "log", "-o",
                          f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def stop(self, mode: str = "immediate") -> None:
        self._as_postgres(PG_BIN / "pg_ctl", "-D", self.dir, "-w", "-m", mode, "stop")

    def remove(self) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", str(PG_BIN / "pg_ctl"), "-D", str(self.dir), "-m",
                        "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.dir, ignore_errors=True)


class OwnRedis:
    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True).stdout.strip() \
                != b"PONG":
            if time.monotonic() > deadline:
                raise RuntimeError("redis did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def pause(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGCONT)


@dataclass
class Apps:
    """App processes (``counterplay serve``) on fixed ports, so a killed one comes back at its address."""

    database_url: str
    redis_url: str | None
    count: int = 2
    ports: list[int] = field(default_factory=list)
    procs: list[subprocess.Popen[bytes] | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.ports = [free_port() for _ in range(self.count)]
        self.procs = [None] * self.count

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{p}" for p in self.ports]

    def start(self, i: int) -> None:
        env = {**os.environ, "DATABASE_URL": self.database_url, "ARGON2_TIME_COST": "1",
               "ARGON2_MEMORY_COST": "8192", "SWEEP_SECONDS": "1",
               "REGISTER_IP_LIMIT": "0", "LOGIN_IP_LIMIT": "0"}  # bots register from one address
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        self.procs[i] = subprocess.Popen([sys.executable, "-m", "server.cli", "serve", "--port", str(self.ports[i])],
                                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_up(self.urls[i])

    def kill9(self, i: int) -> None:
        proc = self.procs[i]
        if proc is not None:
            proc.kill()
            proc.wait(10)
            self.procs[i] = None

    def terminate(self, i: int) -> None:
        proc = self.procs[i]
        if proc is not None:
            proc.terminate()
            proc.wait(30)
            self.procs[i] = None

    def __enter__(self) -> Apps:
        for i in range(self.count):  # one after the other: the first migrates
            self.start(i)
        return self

    def __exit__(self, *exc: object) -> None:
        for i in range(self.count):
            self.terminate(i)


def scratch_database(server_url: str, name: str) -> str:
    """A fresh database on a Postgres server, for one test."""
    base = server_url.rsplit("/", 1)[0]
    admin = create_engine(Settings(database_url=f"{base}/postgres").sqlalchemy_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return f"{base}/{name}"


@dataclass
class Bot:
    """A player that keeps acting over HTTP, through any of the app processes, and resends an
    unanswered action with the same id until it gets a definite answer."""

    urls: list[str]
    name: str = field(default_factory=lambda: f"bot_{uuid.uuid4().hex[:8]}")
    acked: dict[str, int] = field(default_factory=dict)  # client id -> acknowledged version
    refused: int = 0
    retries: int = 0
    unavailable: int = 0  # 503: refused as retryable
    server_errors: int = 0  # any other 5xx: must never happen
    http: list[httpx.Client] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.http = [httpx.Client(base_url=u, timeout=10) for u in self.urls]

    def call(self, method: str, path: str, **kw: Any) -> httpx.Response:
        """Try each process in turn until one answers (bounded)."""
        deadline = time.monotonic() + 60
        i = random.randrange(len(self.http))
        while True:
            try:
                r = self.http[i].request(method, path, **kw)
                if r.status_code < 500:
                    return r
                if r.status_code == 503:
                    self.unavailable += 1
                else:
                    self.server_errors += 1
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"no app answered {method} {path}")
            self.retries += 1
            i = (i + 1) % len(self.http)
            time.sleep(0.1)

    def register(self) -> Bot:
        r = self.call("POST", "/api/auth/register", json={"username": self.name, "password": "fault test 1"})
        assert r.status_code == 201, r.text
        cookie = r.cookies["cp_session"]
        for c in self.http:
            c.cookies.set("cp_session", cookie)
        return self

    def play(self, match_id: str, stop: threading.Event, rnd: random.Random) -> None:
        while not stop.is_set():
            r = self.call("GET", f"/api/matches/{match_id}/view")
            body = r.json()
            view = body["view"]
            if view.get("outcome"):
                return
            if not view["actions"]:
                time.sleep(0.05)
                continue
            action = rnd.choice(view["actions"])
            cid = uuid.uuid4().hex
            payload = {"version": body["version"], "action": action, "id": cid}
            r = self.call("POST", f"/api/matches/{match_id}/actions", json=payload)
            if r.status_code == 200:
                self.acked[cid] = r.json()["version"]
            else:
                self.refused += 1  # stale (the opponent moved) or a race: look again


def log_rows(database_url: str, match_id: str) -> list[tuple[int, str, str, Any]]:
    engine = create_engine(Settings(database_url=database_url).sqlalchemy_url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT seq, client_id, role, action FROM actions WHERE match_id = :m ORDER BY seq"),
                            {"m": match_id}).all()
    engine.dispose()
    return [(r[0], r[1], r[2], r[3] if not isinstance(r[3], str) else json.loads(r[3])) for r in rows]
