"""Rate limits: sliding windows of recent events per key, in the process or shared through Redis.

A ``Rule`` allows at most ``limit`` events per ``window`` seconds for one key (an account name, a
client address); a limit of 0 turns the rule off. ``take`` records one event if the rule allows it
and otherwise says how long to wait; ``refund`` forgets an event recorded by ``take`` (a login that
turned out right is not a failure). Taking before the expensive work, and refunding after it,
means concurrent requests cannot all slip through a check made before any of them was counted.

Each key keeps at most ``limit`` timestamps and expires with its window. ``MemoryLimiter`` keeps at
most ``max_keys`` keys (expired ones first, then the least recently used, are dropped). With
``REDIS_URL`` every app process shares the windows through Redis (a sorted set per key, changed by
one Lua script so a take is atomic, timed by the Redis server's clock); while Redis cannot be
reached each process falls back to its own windows rather than refusing every login.

``MessageLimiter`` is the per-websocket token bucket: a connection lives in one process, so it
needs nothing shared.
"""

from __future__ import annotations

import hashlib
import logging
import math
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .redis_client import connect

log = logging.getLogger(__name__)
MAX_KEYS = 100_000
PREFIX = "counterplay:rl:"


@dataclass(frozen=True)
class Rule:
    name: str
    limit: int  # events per window; 0: no limit
    window: float  # seconds


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: float = 0.0  # seconds until one more event would be allowed (when refused)
    ticket: str | None = None  # names the recorded event, for ``refund``
    local: bool = True  # recorded in this process (not in Redis)

    @property
    def retry_after_header(self) -> str:
        """The ``Retry-After`` value: whole seconds, at least 1."""
        return str(max(1, math.ceil(self.retry_after)))


ALLOWED = Verdict(True)


class Limiter(Protocol):
    async def take(self, rule: Rule, key: str) -> Verdict: ...
    async def refund(self, rule: Rule, key: str, verdict: Verdict) -> None: ...
    async def stop(self) -> None: ...


def storage_key(rule: Rule, key: str) -> str:
    """A bounded key that never carries what the client sent (names, addresses) verbatim."""
    return PREFIX + rule.name + ":" + hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:32]


class MemoryLimiter:
    """Windows in this process; thread-safe; at most ``max_keys`` keys."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = MAX_KEYS) -> None:
        self.clock = clock
        self.max_keys = max_keys
        self._events: OrderedDict[str, tuple[float, deque[tuple[float, str]]]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._events)

    def take_now(self, rule: Rule, key: str) -> Verdict:
        if rule.limit <= 0:
            return ALLOWED
        k = storage_key(rule, key)
        now = self.clock()
        with self._lock:
            _window, events = self._events.pop(k, (rule.window, deque()))
            while events and events[0][0] <= now - rule.window:
                events.popleft()
            if len(events) >= rule.limit:
                self._keep(k, rule.window, events)
                oldest = events[len(events) - rule.limit][0]
                return Verdict(False, oldest + rule.window - now)
            ticket = secrets.token_hex(8)
            events.append((now, ticket))
            self._keep(k, rule.window, events)
            return Verdict(True, 0.0, ticket)

    def _keep(self, k: str, window: float, events: deque[tuple[float, str]]) -> None:
        if events:
            self._events[k] = (window, events)  # most recently used last
        if len(self._events) > self.max_keys:
            self._prune()

    def _prune(self) -> None:
        """Drop expired keys; if that is not enough, the least recently used ones, down to 90% of the
        bound so that the full scan happens once per many new keys, not at every one."""
        now = self.clock()
        for k in [k for k, (w, ev) in self._events.items() if not ev or ev[-1][0] <= now - w]:
            del self._events[k]
        while len(self._events) > self.max_keys * 9 // 10:
            self._events.popitem(last=False)

    def refund_now(self, rule: Rule, key: str, verdict: Verdict) -> None:
        if verdict.ticket is None:
            return
        k = storage_key(rule, key)
        with self._lock:
            entry = self._events.get(k)
            if entry is None:
                return
            kept = deque(e for e in entry[1] if e[1] != verdict.ticket)
            if kept:
                self._events[k] = (entry[0], kept)
            else:
                del self._events[k]

    async def take(self, rule: Rule, key: str) -> Verdict:
        return self.take_now(rule, key)

    async def refund(self, rule: Rule, key: str, verdict: Verdict) -> None:
        self.refund_now(rule, key, verdict)

    async def stop(self) -> None:
        pass


# KEYS[1]: the key's sorted set (member: ticket, score: milliseconds); ARGV: window ms, limit, ticket.
# Returns {1, 0} when the event is recorded, {0, ms to wait} when refused.
_TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
"""


class RedisLimiter:
    """Windows shared by every app process through Redis; this process's own while Redis is down."""

    def __init__(self, url: str, fallback: MemoryLimiter | None = None) -> None:
        self._redis: Any = connect(url, socket_timeout=2, socket_connect_timeout=2)
        self._take: Any = self._redis.register_script(_TAKE)
        self.fallback = fallback or MemoryLimiter()
        self._warned = -math.inf

    def _warn(self, what: str) -> None:
        """One warning a minute while Redis is down, not one per request."""
        if time.monotonic() - self._warned >= 60:
            self._warned = time.monotonic()
            log.warning("rate limiter: Redis unreachable, %s", what, exc_info=True)

    async def take(self, rule: Rule, key: str) -> Verdict:
        if rule.limit <= 0:
            return ALLOWED
        ticket = secrets.token_hex(8)
        try:
            ok, wait_ms = await self._take(keys=[storage_key(rule, key)],
                                           args=[max(1, int(rule.window * 1000)), rule.limit, ticket])
        except Exception:
            self._warn("using this process's windows")
            return self.fallback.take_now(rule, key)
        if int(ok):
            return Verdict(True, 0.0, ticket, local=False)
        return Verdict(False, max(0, int(wait_ms)) / 1000, local=False)

    async def refund(self, rule: Rule, key: str, verdict: Verdict) -> None:
        if verdict.ticket is None:
            return
        if verdict.local:
            self.fallback.refund_now(rule, key, verdict)
            return
        try:
            await self._redis.zrem(storage_key(rule, key), verdict.ticket)
        except Exception:
            self._warn("a refund was lost")

    async def stop(self) -> None:
        await self._redis.aclose()


def make_limiter(redis_url: str | None) -> Limiter:
    return RedisLimiter(redis_url) if redis_url else MemoryLimiter()


class MessageLimiter:
    """A token bucket per websocket: ``burst`` messages at once, ``rate`` per second sustained.

    Refused messages are remembered for ``FLOOD_WINDOW`` seconds; ``flooding`` is true once
    ``close_after`` of them fall inside that window (the socket is then closed). Memory is bounded by
    ``close_after``. A burst of 0 turns the limit off.
    """

    FLOOD_WINDOW = 10.0

    def __init__(self, burst: int, rate: float, close_after: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.close_after = burst, rate, close_after
        self.clock = clock
        self.tokens = float(burst)
        self.at = clock()
        self.refused: deque[float] = deque(maxlen=max(1, close_after))

    def allow(self) -> bool:
        if self.burst <= 0:
            return True
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.refused.append(now)
        return False

    @property
    def retry_after(self) -> float:
        return max(0.0, 1.0 - self.tokens) / self.rate if self.rate > 0 else 3600.0

    @property
    def flooding(self) -> bool:
        return (self.close_after > 0 and len(self.refused) >= self.close_after
                and self.refused[-1] - self.refused[0] <= self.FLOOD_WINDOW)
