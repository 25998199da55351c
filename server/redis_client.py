"""Redis clients of the app (broker, presence, rate limits)."""

from __future__ import annotations

from typing import Any

POOL = 64  # connections per client and process
WAIT = 5.0  # seconds to wait for a free one


def connect(url: str, **options: Any) -> Any:
    """A client whose pool waits for a free connection when all are busy. redis-py's default pool
    raises MaxConnectionsError at 100 connections in use: under load (a few thousand sockets
    entering and leaving at once) that dropped broker events and presence updates."""
    import redis.asyncio as redis

    pool = redis.BlockingConnectionPool.from_url(url, max_connections=POOL, timeout=WAIT, **options)
    return redis.Redis.from_pool(pool)
