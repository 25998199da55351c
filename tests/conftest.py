"""Shared fixtures: databases (SQLite and Postgres), a live server, HTTP and websocket clients."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from server.games import GAMES
from tests.support.toy import TOY

# Hypothesis runs derandomized everywhere, as it does by itself when CI is set, so a run here is the run
# CI makes; a longer run (FUZZ_EXAMPLES) explores at random.
hypothesis_settings.register_profile("counterplay", derandomize=not os.environ.get("FUZZ_EXAMPLES"), database=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "counterplay"))

GAMES.setdefault(TOY.id, TOY)

PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")

# Under `pytest -n N` (pytest-xdist) each worker gets its own Postgres database (test_gw0, …, created on
# first use) and its own Redis database (the broker's channel names the database), so workers never reset
# each other's schema, rate-limit windows or events.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if WORKER:
    PG_URL = f"{PG_URL}_{WORKER}"
    _base, _db = REDIS_URL.rsplit("/", 1)
    REDIS_URL = f"{_base}/{(int(_db or 0) + 1 + int(WORKER.removeprefix('gw'))) % 16}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def reset_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text

    from server.config import Settings

    base, name = url.rsplit("/", 1)
    admin = create_engine(Settings(database_url=f"{base}/postgres").sqlalchemy_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        if conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).scalar() is None:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    engine = create_engine(Settings(database_url=url).sqlalchemy_url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def forget_rate_limits() -> None:
    """Drop the rate-limit windows kept in the test Redis: they are keyed by account ids and names, which a
    fresh database gives out again, and by 127.0.0.1, from which every test registers. Without this, counts
    would carry over between tests and between runs (the services outlive a run)."""
    import redis

    from server.ratelimit import PREFIX

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5, socket_timeout=2)
    try:
        keys = list(client.scan_iter(match=PREFIX + "*", count=1000))
        if keys:
            client.delete(*keys)
    except redis.RedisError:
        pass  # no Redis here: the tests that need it say so themselves
    finally:
        client.close()


def fresh_database(kind: str, tmp: Path) -> str:
    """A migrated, empty database of that kind, with no rate-limit windows left in Redis; returns its URL."""
    from server.config import Settings
    from server.store.migrate import upgrade

    forget_rate_limits()

    if kind == "sqlite":
        url = f"sqlite:///{tmp / 'counterplay.db'}"
    else:
        url = PG_URL
        reset_postgres(url)
    upgrade(Settings(database_url=url).sqlalchemy_url)
    return url


class FakeClock:
    """The service's time, moved by the test: time controls are tested without sleeping."""

    def __init__(self, start: datetime | None = None) -> None:
        self.t = start or datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            return self.t

    def advance(self, **delta: float) -> datetime:
        with self._lock:
            self.t += timedelta(**delta)
            return self.t


class LiveServer:
    """uvicorn in a thread of this process, on a free loopback port."""

    def __init__(self, database_url: str, redis_url: str | None = None, port: int | None = None,
                 clock: Callable[[], datetime] | None = None, **settings: Any) -> None:
        import uvicorn

        from server.config import Settings
        from server.http_timeouts import protocol_class
        from server.main import create_app

        self.port = port or free_port()
        settings.setdefault("public_url", f"http://127.0.0.1:{self.port}")
        self.settings = Settings(database_url=database_url, redis_url=redis_url, argon2_time_cost=1,
                                 argon2_memory_cost=8192, snapshot_every=10, **settings)
        self.app = create_app(self.settings, clock=clock)
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", ws="websockets-sansio",
                                http=protocol_class(self.settings.header_timeout_seconds,
                                                    self.settings.body_timeout_seconds))  # as `counterplay serve`
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_database(request.param, tmp_path)


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's chromium, driven by Playwright (a browser download does not work here)."""
    from playwright.sync_api import sync_playwright

    from tests.support.browser import ARGS, CHROMIUM

    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: .ci/run installs it")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def live(database: str) -> Iterator[LiveServer]:
    with LiveServer(database) as server:
        yield server
