"""The load generator: players and spectators over websockets, bots playing random legal actions.

Runs in the benchmark's own process (pinned away from the servers' core). Every loop is bounded
by a duration and a count; every target is a loopback address.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
import jsonpatch
from websockets.asyncio.client import ClientConnection, connect

GAME = "shimada"  # the bots' game: short, cheap actions; per-game costs are in the engine table
_names = itertools.count()


@dataclass
class Account:
    http: httpx.AsyncClient
    name: str
    cookie: str


async def account(base: str) -> Account:
    http = httpx.AsyncClient(base_url=base, timeout=60)
    name = f"b{next(_names)}_{uuid.uuid4().hex[:6]}"
    r = await http.post("/api/auth/register", json={"username": name, "password": "bench password 1"})
    r.raise_for_status()
    return Account(http, name, http.cookies["cp_session"])


def ws_url(base: str, match_id: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/matches/{match_id}"


@dataclass
class Stats:
    ack_ms: list[float] = field(default_factory=list)
    patch_ms: list[float] = field(default_factory=list)  # to the opponent (or spectators, fan-out)
    actions: int = 0
    errors: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def error(self, reason: str) -> None:
        self.errors += 1
        self.reasons[reason[:60]] = self.reasons.get(reason[:60], 0) + 1


class Seat:
    """A player's socket with its view kept up to date by patches, as the browser does."""

    def __init__(self, ws: ClientConnection, role: str) -> None:
        self.ws = ws
        self.role = role
        self.version = -1
        self.view: dict[str, Any] = {}
        self.acks: dict[str, asyncio.Future[int]] = {}
        self.arrivals: dict[int, float] = {}  # version -> when its patch arrived
        self.changed = asyncio.Event()

    async def run(self, stats: Stats) -> None:
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "snapshot":
                    self.version, self.view = msg["version"], msg["view"]
                elif kind == "patch":
                    if msg["from"] != self.version:
                        await self.ws.send('{"type":"snapshot"}')
                        continue
                    self.view = jsonpatch.apply_patch(self.view, msg["ops"])
                    self.version = msg["version"]
                    self.arrivals[self.version] = time.perf_counter()
                elif kind == "ack":
                    fut = self.acks.pop(msg["id"], None)
                    if fut and not fut.done():
                        fut.set_result(msg["version"])
                elif kind == "error":
                    fut = self.acks.pop(str(msg.get("id")), None)
                    if fut and not fut.done():
                        fut.set_exception(RuntimeError(msg.get("reason", "error")))
                    else:
                        stats.error(str(msg.get("reason")))
                self.changed.set()
        except Exception:  # a closed socket ends the reader; the match's bot notices
            return

    async def act(self, action: dict[str, Any]) -> int:
        cid = uuid.uuid4().hex
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.acks[cid] = fut
        await self.ws.send(json.dumps({"type": "action", "id": cid, "version": self.version, "action": action}))
        return await asyncio.wait_for(fut, 30)


class Watcher:
    """A spectator socket: only records when each version's patch arrived."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.arrivals: dict[int, float] = {}

    async def run(self) -> None:
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                if msg.get("type") == "patch":
                    self.arrivals[msg["version"]] = time.perf_counter()
        except Exception:
            return


@dataclass
class Table:
    """One match: two players and their spectators, all connected."""

    match_id: str
    seats: dict[str, Seat]
    watchers: list[Watcher]
    tasks: list[asyncio.Task[Any]]
    sent: dict[int, float] = field(default_factory=dict)  # version -> when its action was sent


async def open_table(bases: list[str], spectators: int, rnd: random.Random) -> Table:
    a, b = await account(bases[0]), await account(bases[-1])
    r = await a.http.post("/api/matches", json={"game": GAME, "role": "japanese"})
    r.raise_for_status()
    match_id = r.json()["id"]
    (await b.http.post(f"/api/matches/{match_id}/join", json={"role": "british"})).raise_for_status()
    await a.http.aclose()
    await b.http.aclose()
    seats = {}
    tasks: list[asyncio.Task[Any]] = []
    # The two players on different processes when there are two: patches cross Redis.
    for acc, role, base in ((a, "japanese", bases[0]), (b, "british", bases[-1])):
        ws = await connect(ws_url(base, match_id), additional_headers={"Cookie": f"cp_session={acc.cookie}"},
                           max_size=2**24, open_timeout=60)
        seats[role] = Seat(ws, role)
    watchers = []
    for i in range(spectators):
        ws = await connect(ws_url(bases[i % len(bases)], match_id), max_size=2**24, open_timeout=60)
        watchers.append(Watcher(ws))
    return Table(match_id, seats, watchers, tasks)


async def play(table: Table, stats: Stats, until: float, rate: float, rnd: random.Random) -> None:
    """One action per 1/rate seconds by whichever player is to move, until ``until``."""
    for seat in table.seats.values():
        table.tasks.append(asyncio.create_task(seat.run(stats)))
    for w in table.watchers:
        table.tasks.append(asyncio.create_task(w.run()))
    await asyncio.sleep(rnd.random() / rate)  # spread the matches over the second
    while time.perf_counter() < until:
        tick = time.perf_counter()
        mover = next((s for s in table.seats.values() if s.view.get("actions")), None)
        if mover is None:
            if any(s.view.get("outcome") for s in table.seats.values()):
                return
            await asyncio.sleep(0.05)
            continue
        action = rnd.choice(mover.view["actions"])
        sent = time.perf_counter()
        try:
            version = await mover.act(action)
        except Exception as exc:
            stats.error(str(exc))
            await asyncio.sleep(0.2)
            continue
        stats.ack_ms.append((time.perf_counter() - sent) * 1000)
        stats.actions += 1
        others = [s for s in table.seats.values() if s is not mover]
        while others and version not in others[0].arrivals and time.perf_counter() < until + 10:
            others[0].changed.clear()
            try:
                await asyncio.wait_for(others[0].changed.wait(), 10)
            except TimeoutError:
                break
        if others and version in others[0].arrivals:
            stats.patch_ms.append((others[0].arrivals[version] - sent) * 1000)
        table.sent[version] = sent
        # wait for the mover's own patch too, so its view (and version) is current
        while version not in mover.arrivals and time.perf_counter() < until + 10:
            mover.changed.clear()
            try:
                await asyncio.wait_for(mover.changed.wait(), 10)
            except TimeoutError:
                break
        await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - tick)))


async def close(table: Table) -> None:
    for seat in table.seats.values():
        await seat.ws.close()
    for w in table.watchers:
        await w.ws.close()
    for t in table.tasks:
        t.cancel()
    await asyncio.gather(*table.tasks, return_exceptions=True)


def spectator_latencies(table: Table) -> list[float]:
    """For each spectator and each version sent: patch arrival minus send time (ms)."""
    return [(t - table.sent[v]) * 1000 for w in table.watchers for v, t in w.arrivals.items() if v in table.sent]
