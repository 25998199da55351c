"""The app's Redis clients wait for a free connection instead of failing when all are in use."""

from __future__ import annotations

import asyncio

import pytest

from server import redis_client
from tests.conftest import REDIS_URL

pytestmark = pytest.mark.redis


async def test_more_callers_than_connections_wait_their_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty callers each hold a connection for 0.2 s (a blocking pop) through a pool of four: all
    are served, none gets MaxConnectionsError (redis-py's default pool raises at its limit, which
    dropped broker events under load)."""
    monkeypatch.setattr(redis_client, "POOL", 4)
    client = redis_client.connect(REDIS_URL)
    try:
        results = await asyncio.gather(*(client.blpop([f"counterplay:test:none:{i}"], timeout=0.2)
                                         for i in range(40)), return_exceptions=True)
    finally:
        await client.aclose()
    assert [r for r in results if isinstance(r, Exception)] == []
    assert results == [None] * 40
