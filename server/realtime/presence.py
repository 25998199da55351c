"""Who has a websocket open on which match, across app processes (for "only if not connected").

In one process a counter is enough. With Redis, each (match, account) is a sorted set of process
ids scored by an expiry time that every process renews for its own sockets; a process that dies
stops renewing, and its entries lapse after ``TTL`` seconds.

When presence cannot be read (Redis down, or too slow to answer within ``TIMEOUT``), a player is
taken to be present: the notifier then sends no "your move". A "your move" missed while Redis is
down is better than one sent to a player who is watching the match from another process, as
every player would be told of every move for as long as Redis is down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter
from typing import Protocol

from ..redis_client import connect

log = logging.getLogger(__name__)
TTL = 90.0
RENEW = 30.0
TIMEOUT = 2.0  # seconds for Redis to answer: presence is asked for while an action is answered


class Presence(Protocol):
    async def enter(self, match_id: str, user_id: int) -> None: ...
    async def leave(self, match_id: str, user_id: int) -> None: ...
    async def present(self, match_id: str, user_id: int) -> bool: ...
    async def start(self) -> None: ...
    async def stop(self) -> None: ...


class LocalPresence:
    def __init__(self) -> None:
        self.counts: Counter[tuple[str, int]] = Counter()

    async def enter(self, match_id: str, user_id: int) -> None:
        self.counts[(match_id, user_id)] += 1

    async def leave(self, match_id: str, user_id: int) -> None:
        key = (match_id, user_id)
        self.counts[key] -= 1
        if self.counts[key] <= 0:
            del self.counts[key]

    async def present(self, match_id: str, user_id: int) -> bool:
        return self.counts[(match_id, user_id)] > 0

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass


class RedisPresence(LocalPresence):
    def __init__(self, url: str) -> None:
        super().__init__()
        self._redis = connect(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)
        self.process = secrets.token_hex(6)
        self._task: asyncio.Task[None] | None = None

    @staticmethod
    def _key(match_id: str, user_id: int) -> str:
        return f"counterplay:presence:{match_id}:{user_id}"

    async def enter(self, match_id: str, user_id: int) -> None:
        await super().enter(match_id, user_id)
        await self._renew([(match_id, user_id)])

    async def leave(self, match_id: str, user_id: int) -> None:
        await super().leave(match_id, user_id)
        if self.counts[(match_id, user_id)] <= 0:
            with contextlib.suppress(Exception):
                await self._redis.zrem(self._key(match_id, user_id), self.process)

    async def present(self, match_id: str, user_id: int) -> bool:
        if await super().present(match_id, user_id):
            return True
        try:
            return int(await self._redis.zcount(self._key(match_id, user_id), time.time(), "+inf")) > 0
        except Exception:
            log.warning("presence lookup failed; taken as present (no notification)", exc_info=True)
            return True

    async def _renew(self, keys: list[tuple[str, int]]) -> None:
        try:
            pipe = self._redis.pipeline()
            for match_id, user_id in keys:
                pipe.zadd(self._key(match_id, user_id), {self.process: time.time() + TTL})
                pipe.expire(self._key(match_id, user_id), int(TTL) * 2)
            await pipe.execute()
        except Exception:
            log.warning("presence renewal failed", exc_info=True)

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(RENEW)
            await self._renew([k for k, n in self.counts.items() if n > 0])

    async def start(self) -> None:
        self._task = asyncio.create_task(self._renew_forever())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self._redis.aclose()


def make_presence(redis_url: str | None) -> Presence:
    return RedisPresence(redis_url) if redis_url else LocalPresence()
