"""The hub's scheduling, in process: matches do not wait for each other, and a queued push covers
the actions that arrive while it waits. A fake service stands for the database (one match's
reading can be held back) and fake sockets record what they are sent."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from server.matches.service import Broadcast
from server.realtime.hub import Connection, Hub


class FakeSocket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


class FakeService:
    """Each match's version and a one-line view; ``held`` matches block their reading until released."""

    def __init__(self) -> None:
        self.versions: dict[str, int] = {}
        self.held: dict[str, threading.Event] = {}
        self.held_views: dict[str, threading.Event] = {}  # snapshots' readings held, when not in ``held``
        self.view_reading = threading.Event()
        self.reading: dict[str, threading.Event] = {}
        self.reads: dict[str, int] = {}

    def broadcast(self, match_id: str, roles: set[str | None], users: set[int | None]) -> Broadcast:
        self.reads[match_id] = self.reads.get(match_id, 0) + 1
        self.reading.setdefault(match_id, threading.Event()).set()
        if match_id in self.held:
            assert self.held[match_id].wait(30), "never released"
        v = self.versions[match_id]
        return Broadcast(v, {r: {"version": v} for r in roles}, {u: {"my_role": None, "version": v} for u in users})

    def summaries(self, match_id: str, users: set[int | None]) -> dict[int | None, dict[str, Any]]:
        return {u: {"my_role": None, "version": self.versions[match_id]} for u in users}

    def view(self, match_id: str, role: str | None) -> tuple[int, dict[str, Any]]:
        """A snapshot's reading, held (like the others, or on its own) after it has read its version."""
        v = self.versions[match_id]
        self.reading.setdefault(match_id, threading.Event()).set()
        self.view_reading.set()
        hold = self.held_views.get(match_id, self.held.get(match_id))
        if hold is not None:
            assert hold.wait(30), "never released"
        return v, {"version": v}


async def until(condition: Any, what: str) -> None:
    for _ in range(3000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


def listen(hub: Hub, match_id: str) -> FakeSocket:
    ws = FakeSocket()
    conn = Connection(ws, match_id, None, None, version=0, view={"version": 0})  # type: ignore[arg-type]
    hub.add(conn)
    return ws


def patched_to(ws: FakeSocket) -> int:
    return max((m["version"] for m in ws.sent if m["type"] == "patch"), default=0)


async def test_a_slow_match_does_not_hold_up_another_matchs_patch() -> None:
    svc = FakeService()
    hub = Hub(svc)  # type: ignore[arg-type]
    slow, fast = listen(hub, "slow"), listen(hub, "fast")
    svc.versions.update(slow=1, fast=1)
    svc.held["slow"] = threading.Event()
    await hub.on_event({"kind": "action", "match": "slow", "version": 1})
    await until(lambda: svc.reading.get("slow") and svc.reading["slow"].is_set(), "slow reading started")
    await hub.on_event({"kind": "action", "match": "fast", "version": 1})
    await until(lambda: patched_to(fast) == 1, "the fast match's patch")
    assert patched_to(slow) == 0
    svc.held["slow"].set()
    await hub.drain()
    assert patched_to(slow) == 1
    summaries = [m for m in fast.sent if m["type"] == "summary"]
    assert [m["type"] for m in fast.sent] == ["patch", "summary"] and summaries[0]["version"] == 1


async def test_actions_arriving_while_a_push_waits_are_covered_by_it() -> None:
    """While the first push reads, three more actions come: one more reading brings the socket to
    the latest version, and no patch goes backwards."""
    svc = FakeService()
    hub = Hub(svc)  # type: ignore[arg-type]
    ws = listen(hub, "m")
    svc.versions["m"] = 1
    svc.held["m"] = threading.Event()
    await hub.on_event({"kind": "action", "match": "m", "version": 1})
    await until(lambda: svc.reads.get("m") == 1, "the first reading")
    for v in (2, 3, 4):
        svc.versions["m"] = v
        await hub.on_event({"kind": "action", "match": "m", "version": v})
    svc.held["m"].set()
    await hub.drain()
    assert svc.reads["m"] == 2
    patches = [(m["from"], m["version"]) for m in ws.sent if m["type"] == "patch"]
    assert patches[-1][1] == 4 and all(a < b for a, b in patches)


async def test_an_action_on_a_match_nobody_here_watches_costs_nothing() -> None:
    svc = FakeService()
    hub = Hub(svc)  # type: ignore[arg-type]
    await hub.on_event({"kind": "action", "match": "elsewhere", "version": 5})
    await hub.drain()
    assert svc.reads == {}


async def test_a_stopped_connection_leaves_no_writer_behind() -> None:
    """A socket dropped in the middle of its sends: its writer task ends (on Python 3.11,
    asyncio.wait_for could swallow the cancellation and leave the writer waiting forever)."""
    writers = []
    for n in range(20):
        conn = Connection(FakeSocket(), "m", None, None)  # type: ignore[arg-type]
        for i in range(n % 5 + 1):
            await conn.send({"type": "patch", "version": i})
        for _ in range(n % 3):
            await asyncio.sleep(0)
        conn.stop()
        writers.append(conn.writer)
    done, pending = await asyncio.wait(writers, timeout=10)
    assert not pending


async def test_an_event_between_a_sockets_registration_and_its_snapshot_comes_after_the_snapshot() -> None:
    """A socket joins; while its snapshot is read, an action is committed and its event arrives.
    The socket receives its snapshot first, then the patch from the snapshot's version."""
    svc = FakeService()
    hub = Hub(svc)  # type: ignore[arg-type]
    svc.versions["m"] = 1
    svc.held["m"] = threading.Event()
    ws = FakeSocket()
    joining = asyncio.create_task(hub.join(Connection(ws, "m", None, None)))  # type: ignore[arg-type]
    await until(lambda: svc.reading.get("m") and svc.reading["m"].is_set(), "the snapshot's reading")
    svc.versions["m"] = 2
    await hub.on_event({"kind": "action", "match": "m", "version": 2})
    svc.held["m"].set()
    await joining
    await hub.drain()
    await until(lambda: len(ws.sent) >= 3, "three messages")
    assert [(m["type"], m.get("from"), m["version"]) for m in ws.sent] == [
        ("snapshot", None, 1), ("patch", 1, 2), ("summary", None, 2)]


async def test_a_push_skips_a_socket_that_has_had_no_snapshot() -> None:
    """A socket registered without its snapshot yet (version -1) gets no patch built from an
    empty view: its snapshot will bring it up to date."""
    svc = FakeService()
    hub = Hub(svc)  # type: ignore[arg-type]
    svc.versions["m"] = 3
    ws = FakeSocket()
    conn = Connection(ws, "m", None, None)  # type: ignore[arg-type]
    hub.add(conn)
    await hub.push("m", summaries=True)
    await conn.send({"type": "marker", "version": 0})  # the socket's writer sends in order: this comes last
    await until(lambda: ws.sent and ws.sent[-1]["type"] == "marker", "the marker")
    assert [m["type"] for m in ws.sent] == ["marker"]


async def test_a_socket_joining_as_the_last_one_leaves_still_waits_its_turn() -> None:
    """A socket waits to join while a push reads and the match's last other socket leaves. The
    match's lock stays while it is waited for: a push that comes during the new socket's snapshot
    waits for it and brings the socket on from its snapshot's version (the lock was dropped when
    the last socket left, and that push took a second lock and ran beside the snapshot)."""
    svc = FakeService()
    hub = Hub(svc)  # type: ignore[arg-type]
    svc.versions["m"] = 1
    old = Connection(FakeSocket(), "m", None, None, version=1, view={"version": 1})  # type: ignore[arg-type]
    hub.add(old)
    svc.held["m"], svc.held_views["m"] = threading.Event(), threading.Event()
    svc.versions["m"] = 2
    await hub.on_event({"kind": "action", "match": "m", "version": 2})
    await until(lambda: svc.reads.get("m") == 1, "the push's reading")
    ws = FakeSocket()
    joining = asyncio.create_task(hub.join(Connection(ws, "m", None, None)))  # type: ignore[arg-type]
    await asyncio.sleep(0)  # the join waits for the lock
    hub.remove(old)
    assert "m" in hub._locks  # kept: the join waits for it
    svc.held["m"].set()
    await until(lambda: svc.view_reading.is_set(), "the snapshot's reading (of version 2)")
    svc.versions["m"] = 3
    await hub.on_event({"kind": "action", "match": "m", "version": 3})
    svc.held_views["m"].set()
    await joining
    await hub.drain()
    await until(lambda: len(ws.sent) >= 3, "three messages")
    assert [(m["type"], m.get("from"), m["version"]) for m in ws.sent] == [
        ("snapshot", None, 2), ("patch", 2, 3), ("summary", None, 3)]


async def test_a_match_leaves_no_lock_behind() -> None:
    """Events of a match nobody here watches, and a match whose sockets have all left, keep no lock."""
    svc = FakeService()
    hub = Hub(svc)  # type: ignore[arg-type]
    svc.versions.update(m=1, x=1)
    ws = FakeSocket()
    conn = Connection(ws, "m", None, None)  # type: ignore[arg-type]
    await hub.join(conn)
    for kind in ("action", "ended", "summary"):
        await hub.on_event({"kind": kind, "match": "x", "version": 1})
        await hub.on_event({"kind": kind, "match": "m", "version": 1})
    await hub.drain()
    hub.remove(conn)
    assert hub._locks == {}
