"""Network benchmarks: move round trip under N concurrent matches, spectator fan-out, idle
connections. Each configuration starts its own app processes and database."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from . import load
from .servers import Servers, cores
from .stats import cpu_seconds, pct, rss_bytes, table


@dataclass(frozen=True)
class Config:
    label: str
    database: str  # "sqlite" or a Postgres server URL (a scratch database is made on it)
    redis: str | None
    processes: int


@contextlib.contextmanager
def servers_for(config: Config) -> Iterator[Servers]:
    with tempfile.TemporaryDirectory() as tmp:
        if config.database == "sqlite":
            url = f"sqlite:///{Path(tmp) / 'bench.db'}"
            with Servers(url, None, config.processes) as s:
                yield s
            return
        with scratch_postgres(config.database) as url, Servers(url, config.redis, config.processes) as s:
            yield s


@contextlib.contextmanager
def scratch_postgres(server_url: str) -> Iterator[str]:
    """A new database on the given Postgres server, dropped afterwards: the benchmark never writes
    into an existing database."""
    from sqlalchemy import create_engine, text

    from ..config import Settings

    name = f"counterplay_bench_{os.getpid()}"
    admin = create_engine(Settings(database_url=server_url).sqlalchemy_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    base = server_url.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _pin_self() -> None:
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(0, {int(c) for c in cores()[1].split(",")})


async def _tables(bases: list[str], n: int, spectators: int, rnd: random.Random) -> list[load.Table]:
    gate = asyncio.Semaphore(16)  # bounded set-up concurrency

    async def one() -> load.Table:
        async with gate:
            return await load.open_table(bases, spectators, rnd)

    return await asyncio.gather(*(one() for _ in range(n)))


async def _round_trip(s: Servers, n: int, seconds: float, rate: float) -> dict[str, Any]:
    rnd = random.Random(n)
    tables = await _tables(s.urls, n, 2, rnd)
    stats = load.Stats()
    cpu0 = sum(cpu_seconds(p) for p in s.pids)
    t0 = time.perf_counter()
    until = t0 + seconds
    await asyncio.gather(*(load.play(t, stats, until, rate, random.Random(i)) for i, t in enumerate(tables)))
    elapsed = time.perf_counter() - t0
    cpu = sum(cpu_seconds(p) for p in s.pids) - cpu0
    for t in tables:
        await load.close(t)
    return {"actions": stats.actions, "rate": stats.actions / elapsed, "ack": stats.ack_ms,
            "patch": stats.patch_ms, "errors": stats.errors, "reasons": stats.reasons,
            "cpu_per_1000": cpu / max(1, stats.actions) * 1000}


def round_trip_section(configs: list[Config], counts: list[int], seconds: float) -> str:
    rows = []
    notes: list[str] = []
    base: dict[int, float] = {}
    for config in configs:
        for n in counts:
            with servers_for(config) as s:
                r = asyncio.run(_round_trip(s, n, seconds, 1.0))
                notes += _problems(f"{config.label}, N = {n}", s, r["reasons"])
            p50 = pct(r["ack"], 0.5)
            base.setdefault(n, p50)
            rows.append([config.label, n, r["actions"], r["rate"], p50, pct(r["ack"], .95), pct(r["ack"], .99),
                         pct(r["patch"], .5), pct(r["patch"], .95), pct(r["patch"], .99), r["errors"],
                         r["cpu_per_1000"], p50 / base[n]])
    return table(f"Move round trip: N matches × (2 players + 2 spectators), 1 action per match per second, "
                 f"{seconds:.0f} s (ms; CPU-s of the app processes per 1,000 actions; ratio of ack p50 to the "
                 f"first configuration)",
                 ["config", "N", "actions", "act/s", "ack p50", "p95", "p99", "opp. patch p50", "p95", "p99",
                  "errors", "CPU-s/1k", "ratio"], rows) + "".join(f"\n{note}" for note in notes)


def _problems(label: str, s: Servers, reasons: dict[str, int]) -> list[str]:
    """What went wrong in a run, as the clients and the servers' logs tell it."""
    out = [f"{label}: {count} × {reason or 'no answer within 30 s'}" for reason, count in reasons.items()]
    logged = s.problems()
    if logged:
        out.append(f"{label}: the app logged {len(logged)} distinct error lines, e.g. {logged[0]}")
    return out


async def _fan_out(s: Servers, spectators: int, seconds: float) -> list[float]:
    rnd = random.Random(spectators)
    (t,) = await _tables(s.urls, 1, spectators, rnd)
    stats = load.Stats()
    await load.play(t, stats, time.perf_counter() + seconds, 1.0, rnd)
    lat = load.spectator_latencies(t)
    await load.close(t)
    return lat


def fan_out_section(config: Config, counts: list[int], seconds: float) -> str:
    rows = []
    best = 0
    for n in counts:
        with servers_for(config) as s:
            lat = asyncio.run(_fan_out(s, n, seconds))
        p95 = pct(lat, .95)
        if p95 < 250:
            best = max(best, n)
        rows.append([config.label, n, len(lat), pct(lat, .5), p95, pct(lat, .99)])
    return table(f"Fan-out: one match, S spectators, 1 action per second, {seconds:.0f} s: patch latency "
                 f"from sending the action (ms). Largest S with p95 < 250 ms: {best or 'none'}",
                 ["config", "S", "patches", "p50", "p95", "p99"], rows)


async def _idle(s: Servers, count: int) -> dict[str, Any]:
    (t,) = await _tables(s.urls[:1], 1, 0, random.Random(0))
    pid = s.pids[0]
    before = rss_bytes(pid)
    sockets = []
    errors = 0
    for _ in range(count):
        try:
            sockets.append(await connect(load.ws_url(s.urls[0], t.match_id), open_timeout=30))
        except Exception:
            errors += 1
    await asyncio.sleep(1)
    after = rss_bytes(pid)
    for ws in sockets:
        await ws.close()
    await load.close(t)
    return {"open": len(sockets), "errors": errors, "per_conn": (after - before) / max(1, len(sockets)),
            "rss": after}


def idle_section(config: Config, count: int) -> str:
    with servers_for(config) as s:
        r = asyncio.run(_idle(s, count))
    return table("Idle websockets on one app process (each receives the snapshot of a Shimada match)",
                 ["config", "asked", "open", "errors", "KiB per connection", "process RSS MiB"],
                 [[config.label, count, r["open"], r["errors"], r["per_conn"] / 1024, r["rss"] / 2**20]])
