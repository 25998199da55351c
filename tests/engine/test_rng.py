"""engine.rng: dice from HMAC-SHA256 of the seed and a counter in the state."""

from __future__ import annotations

import collections
import hashlib
import hmac

import pytest

from server.engine import rng


def test_same_seed_same_dice_and_the_counter_lives_in_the_state() -> None:
    a, b = {"rng": rng.init(b"seed")}, {"rng": rng.init(b"seed")}
    rolls = [rng.roll(a) for _ in range(50)]
    assert rolls == [rng.roll(b) for _ in range(50)]
    assert a["rng"]["n"] >= 50
    c = {"rng": rng.init(b"other")}
    assert rolls != [rng.roll(c) for _ in range(50)]


def test_a_roll_is_checkable_from_the_revealed_seed() -> None:
    state = {"rng": rng.init(b"\x01\x02")}
    first = rng.roll(state, 6)
    digest = hmac.new(b"\x01\x02", (0).to_bytes(8, "big"), hashlib.sha256).digest()
    assert first == int.from_bytes(digest, "big") % 6 + 1
    assert rng.commitment(b"\x01\x02") == hashlib.sha256(b"\x01\x02").hexdigest()


def test_dice_are_roughly_uniform() -> None:
    state = {"rng": rng.init(b"uniform")}
    counts = collections.Counter(rng.roll(state) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_forced_dice_come_first_and_are_checked() -> None:
    state = {"rng": rng.init(b"x")}
    rng.force(state, 6, 1)
    assert [rng.roll(state), rng.roll(state)] == [6, 1]
    assert state["rng"]["n"] == 0
    rng.force(state, 7)
    with pytest.raises(ValueError):
        rng.roll(state)


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    s1, s2 = {"rng": rng.init(b"s")}, {"rng": rng.init(b"s")}
    a, b = list(range(10)), list(range(10))
    rng.shuffle(s1, a)
    rng.shuffle(s2, b)
    assert a == b and sorted(a) == list(range(10)) and a != list(range(10))
