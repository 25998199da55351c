"""Pub/sub between app processes: in-process by default, Redis with ``REDIS_URL``.

Events are small: ``{"kind": "action", "match": id, "version": n}``, ``{"kind": "summary",
"match": id}``, ``{"kind": "logout", "user": id}``. They carry no state and no secret: every
process reads what it needs from the database by version, so a lost event only delays a patch
until the next one or the client's own resync, and nothing is ever lost.

A process handles its own events at once, in the process, and publishes them for the others:
its own sockets never wait for Redis (while Redis was down they waited for the sweep). Each
published event names its process, which skips the copy that comes back, so no event is handled
twice by one process (a chat message would have reached a socket twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ..redis_client import connect

Handler = Callable[[dict[str, Any]], Awaitable[None]]
log = logging.getLogger(__name__)
CHANNEL = "counterplay:events"


def channel(url: str) -> str:
    """The events' channel for a Redis URL. Pub/sub ignores the database number, so two
    deployments (or test runs) on two databases of one Redis server heard each other's events (a
    logout closed the sockets of the other's account with the same id): the channel names the
    database; database 0 keeps the plain name."""
    from redis.connection import parse_url as untyped

    parse_url: Callable[[str], dict[str, Any]] = untyped  # redis-py leaves it unannotated
    db = int(parse_url(url).get("db") or 0)
    return CHANNEL if db == 0 else f"{CHANNEL}:{db}"


class Broker(Protocol):
    async def start(self, handler: Handler) -> None: ...
    async def publish(self, event: dict[str, Any]) -> None: ...
    async def stop(self) -> None: ...


class LocalBroker:
    """One process: publishing calls the handler directly."""

    def __init__(self) -> None:
        self._handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        self._handler = handler

    async def publish(self, event: dict[str, Any]) -> None:
        if self._handler is not None:
            await self._handler(event)

    async def stop(self) -> None:
        self._handler = None


class RedisBroker:
    """Every process subscribes to one channel; it handles its own events when it publishes them
    and the others' when they arrive."""

    def __init__(self, url: str) -> None:
        self.channel = channel(url)
        self.origin = secrets.token_hex(8)  # this process, in the events it publishes
        self._handler: Handler | None = None
        self._redis = connect(url)
        # Publishing must never hang an action that is already committed: short timeouts, and a
        # lost event is caught up from the database (Hub.catch_up).
        self._publisher = connect(url, socket_timeout=2, socket_connect_timeout=2)
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self, handler: Handler) -> None:
        self._handler = handler
        self._task = asyncio.create_task(self._listen(handler))
        async with asyncio.timeout(10):
            await self._ready.wait()

    async def _listen(self, handler: Handler) -> None:
        first = True
        while True:
            try:
                async with self._redis.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    self._ready.set()
                    if not first:  # events published while we were away are lost: catch up
                        await handler({"kind": "resync"})
                    first = False
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        try:
                            event = json.loads(message["data"])
                            if event.pop("origin", None) == self.origin:
                                continue  # ours: handled when it was published
                            await handler(event)
                        except Exception:  # one bad event must not stop the listener
                            log.exception("event handler failed")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("redis subscription lost; retrying", exc_info=True)
                self._ready.set()
                await asyncio.sleep(1)

    async def publish(self, event: dict[str, Any]) -> None:
        if self._handler is not None:
            try:
                await self._handler(event)  # this process's sockets: at once, whatever Redis does
            except Exception:
                log.exception("event handler failed")
        try:
            await self._publisher.publish(self.channel, json.dumps({**event, "origin": self.origin}))
        except Exception:
            # The action is committed already; clients catch up by version on their next resync.
            log.warning("redis publish failed", exc_info=True)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self._redis.aclose()
        await self._publisher.aclose()


def make_broker(redis_url: str | None) -> Broker:
    return RedisBroker(redis_url) if redis_url else LocalBroker()
