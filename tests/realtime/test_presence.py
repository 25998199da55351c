"""Presence across processes, and what it answers when Redis cannot be read: present, so that a
player who may be watching is not sent "your move" (docs/DESIGN.md, Presence)."""

from __future__ import annotations

import uuid

import pytest

from server.realtime.presence import RedisPresence
from tests.conftest import REDIS_URL, LiveServer, free_port
from tests.support.client import Player


def closed_port_url() -> str:
    """A Redis URL nobody answers at: Redis down."""
    return f"redis://127.0.0.1:{free_port()}/0"


async def test_presence_that_cannot_be_read_is_present() -> None:
    presence = RedisPresence(closed_port_url())
    try:
        assert await presence.present(f"m-{uuid.uuid4().hex}", 1) is True
    finally:
        await presence.stop()


@pytest.mark.redis
async def test_presence_read_from_redis_tells_who_is_there() -> None:
    """Redis up: absent until another process has a socket, absent again when it has left."""
    here, there = RedisPresence(REDIS_URL), RedisPresence(REDIS_URL)
    match = f"m-{uuid.uuid4().hex}"
    try:
        assert await here.present(match, 1) is False
        await there.enter(match, 1)
        assert await here.present(match, 1) is True
        await there.leave(match, 1)
        assert await here.present(match, 1) is False
    finally:
        await here.stop()
        await there.stop()


@pytest.mark.parametrize(("redis", "told"), [("none", True), ("down", False)])
def test_your_move_goes_to_an_absent_player_only_if_presence_can_be_read(database: str, redis: str,
                                                                         told: bool) -> None:
    """The opponent has no socket open. Without Redis this process knows it and tells them; with
    Redis down nobody can know whether they watch from another process, and they are not told."""
    url = closed_port_url() if redis == "down" else None
    with LiveServer(database, url, sweep_seconds=0) as server:
        a, b = Player(server.url).register(), Player(server.url).register()
        m = a.create("toy", "north")["id"]
        assert b.join(m, "south").status_code == 200
        assert a.act(m, 0, {"type": "add", "n": 1}).status_code == 200
        kinds = [n["kind"] for n in b.http.get("/api/notifications").json()["items"]]
    assert ("your_move" in kinds) is told
