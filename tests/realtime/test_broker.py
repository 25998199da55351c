"""The Redis broker: a process handles its own events when it publishes them, once, whatever Redis
does; events of a deployment on another database of the same Redis server are not heard."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.realtime.broker import RedisBroker
from tests.conftest import REDIS_URL, free_port


class Heard:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    async def __call__(self, event: dict[str, Any]) -> None:
        if event.get("kind") != "resync":
            self.events.append(event)

    async def until(self, kind: str) -> None:
        async with asyncio.timeout(10):
            while not any(e["kind"] == kind for e in self.events):
                await asyncio.sleep(0.01)


async def test_an_event_is_handled_by_its_own_process_while_redis_is_down() -> None:
    broker, heard = RedisBroker(f"redis://127.0.0.1:{free_port()}/0"), Heard()
    await broker.start(heard)
    try:
        await broker.publish({"kind": "action", "match": "m", "version": 1})
        assert heard.events == [{"kind": "action", "match": "m", "version": 1}]  # at once, before publish returns
    finally:
        await broker.stop()


@pytest.mark.redis
async def test_a_process_handles_its_own_events_once_and_the_others_when_they_arrive() -> None:
    """Each process hears each event once: its own when it publishes it (the copy from Redis is
    skipped), the other's from Redis. A last event from each shows the copies have been through:
    one channel delivers in order."""
    here, there = RedisBroker(REDIS_URL), RedisBroker(REDIS_URL)
    heard_here, heard_there = Heard(), Heard()
    await here.start(heard_here)
    await there.start(heard_there)
    try:
        await here.publish({"kind": "action", "match": "m", "version": 1})
        await there.publish({"kind": "summary", "match": "m"})
        await here.publish({"kind": "last here"})
        await there.publish({"kind": "last there"})
        await heard_here.until("last there")
        await heard_there.until("last here")
        assert sorted(e["kind"] for e in heard_here.events) == ["action", "last here", "last there", "summary"]
        assert sorted(e["kind"] for e in heard_there.events) == ["action", "last here", "last there", "summary"]
        assert {"kind": "action", "match": "m", "version": 1} in heard_there.events  # as published: no origin
    finally:
        await here.stop()
        await there.stop()


@pytest.mark.redis
async def test_brokers_on_two_databases_of_one_redis_server_do_not_hear_each_other() -> None:
    """Pub/sub ignores the database number: a logout on one deployment closed the sockets of the
    account with the same id on the other."""
    base, db = REDIS_URL.rsplit("/", 1)
    other_db = f"{base}/{(int(db or 0) + 8) % 16}"  # apart from the other pytest workers' databases
    here, elsewhere, beside = RedisBroker(REDIS_URL), RedisBroker(other_db), RedisBroker(other_db)
    heard = Heard()
    await here.start(Heard())
    await elsewhere.start(heard)
    await beside.start(Heard())
    try:
        await here.publish({"kind": "logout", "user": 1})
        await beside.publish({"kind": "marker"})  # after the logout: had that reached here, it came first
        await heard.until("marker")
        assert heard.events == [{"kind": "marker"}]
    finally:
        await here.stop()
        await elsewhere.stop()
        await beside.stop()
