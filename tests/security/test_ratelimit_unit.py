"""The limiters themselves, on a test-driven clock: windows slide, memory stays bounded, Redis failures
fall back to the process's own windows. (No database: these run without ``-k sqlite``.)"""

from __future__ import annotations

import uuid

import pytest

from server.ratelimit import MemoryLimiter, MessageLimiter, RedisLimiter, Rule, storage_key
from tests.conftest import REDIS_URL


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_the_window_slides_and_says_when_to_come_back() -> None:
    clock = Clock()
    lim = MemoryLimiter(clock)
    rule = Rule("r", 3, 60.0)
    for dt in (0, 10, 20):
        clock.t += dt
        assert lim.take_now(rule, "k").allowed
    refused = lim.take_now(rule, "k")  # at t=1030: the first of the three (t=1000) leaves at 1060
    assert not refused.allowed and refused.retry_after == pytest.approx(30.0) and refused.retry_after_header == "30"
    clock.t += 30.0
    assert lim.take_now(rule, "k").allowed  # one slot freed, and only one
    assert not lim.take_now(rule, "k").allowed
    assert lim.take_now(rule, "other").allowed  # keys are independent
    assert lim.take_now(Rule("r", 0, 60.0), "k").allowed  # limit 0: off


def test_a_refund_gives_the_slot_back() -> None:
    lim = MemoryLimiter(Clock())
    rule = Rule("r", 2, 60.0)
    first = lim.take_now(rule, "k")
    lim.take_now(rule, "k")
    assert not lim.take_now(rule, "k").allowed
    lim.refund_now(rule, "k", first)
    assert lim.take_now(rule, "k").allowed
    lim.refund_now(rule, "k", first)  # twice: harmless


def test_memory_is_bounded() -> None:
    clock = Clock()
    lim = MemoryLimiter(clock, max_keys=50)
    rule = Rule("r", 5, 10.0)
    for n in range(500):
        for _ in range(8):  # refused takes are not stored: at most `limit` per key
            lim.take_now(rule, f"k{n}")
        clock.t += 0.01
    assert len(lim) <= 50
    assert all(len(events) <= 5 for _w, events in lim._events.values())
    clock.t += 11
    lim.take_now(rule, "fresh")
    lim._prune()
    assert len(lim) == 1  # expired keys go first


def test_keys_never_carry_the_name_or_address() -> None:
    key = storage_key(Rule("login-ip", 1, 1), "203.0.113.9")
    assert "203.0.113.9" not in key and len(key) < 80


def test_message_bucket_bursts_refills_and_spots_a_flood() -> None:
    clock = Clock()
    bucket = MessageLimiter(burst=4, rate=2.0, close_after=6, clock=clock)
    assert [bucket.allow() for _ in range(5)] == [True] * 4 + [False]
    assert bucket.retry_after == pytest.approx(0.5)
    clock.t += 0.5
    assert bucket.allow() and not bucket.allow()
    assert not bucket.flooding
    for _ in range(4):
        bucket.allow()
    assert bucket.flooding  # 6 refusals within 10 s
    slow = MessageLimiter(burst=1, rate=1.0, close_after=3, clock=clock)
    for _ in range(10):  # one refusal every 11 s is not a flood
        slow.allow()
        slow.allow()
        clock.t += 11
    assert not slow.flooding
    assert all(MessageLimiter(0, 0, 0, clock).allow() for _ in range(100))  # burst 0: off


async def test_redis_unreachable_falls_back_to_the_process() -> None:
    lim = RedisLimiter("redis://127.0.0.1:1/0")  # nothing listens on port 1
    rule = Rule("r", 2, 60.0)
    try:
        first = await lim.take(rule, "k")
        assert first.allowed and first.local
        assert (await lim.take(rule, "k")).allowed
        assert not (await lim.take(rule, "k")).allowed
        await lim.refund(rule, "k", first)
        assert (await lim.take(rule, "k")).allowed
    finally:
        await lim.stop()


@pytest.mark.redis
async def test_redis_windows_refunds_and_expiry() -> None:
    lim = RedisLimiter(REDIS_URL)
    rule = Rule(f"unit-{uuid.uuid4().hex[:8]}", 2, 2.0)
    try:
        first = await lim.take(rule, "k")
        assert first.allowed and not first.local
        assert (await lim.take(rule, "k")).allowed
        refused = await lim.take(rule, "k")
        assert not refused.allowed and 0 < refused.retry_after <= 2.0
        await lim.refund(rule, "k", first)
        assert (await lim.take(rule, "k")).allowed
        ttl = await lim._redis.pttl(storage_key(rule, "k"))
        assert 0 < ttl <= 2000
    finally:
        await lim.stop()
