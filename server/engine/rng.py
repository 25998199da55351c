"""Dice from the match seed: HMAC-SHA256(seed, counter), the counter kept in the state.

Nothing here reads the clock or ``random``: the same seed and the same actions give the same
dice, so the log replays exactly and, once the seed is revealed, anyone can check every roll.

The state holds ``state["rng"] = {"seed": <hex>, "n": <draws so far>}``. Tests may put a list of
values in ``state["rng"]["forced"]``; each draw then takes the next forced value (checked against
the range) before falling back to the seed. Production states never carry it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")


def init(seed: bytes) -> dict[str, Any]:
    """The RNG part of a fresh state."""
    return {"seed": seed.hex(), "n": 0}


SALT_BYTES = 16  # 128 bits


def commitment(seed: bytes, salt: bytes | None = None) -> str:
    """The commitment published at match creation: hex SHA-256 of the salt followed by the seed, both
    revealed at the end. Without a salt, SHA-256 of the seed alone: the form of matches made before
    the salt, which a short seed does not survive (every seed of a few bytes can be tried)."""
    return hashlib.sha256((salt or b"") + seed).hexdigest()


def _block(seed_hex: str, n: int) -> int:
    digest = hmac.new(bytes.fromhex(seed_hex), n.to_bytes(8, "big"), hashlib.sha256).digest()
    return int.from_bytes(digest, "big")


def randbelow(state: dict[str, Any], bound: int) -> int:
    """A uniform integer in [0, bound): rejection sampling on 256-bit blocks, so no bias."""
    if bound <= 0:
        raise ValueError("bound must be positive")
    r = state["rng"]
    forced = r.get("forced")
    if forced:
        value = forced.pop(0)
        if not 0 <= value < bound:
            raise ValueError(f"forced value {value} outside [0, {bound})")
        return int(value)
    limit = (1 << 256) - ((1 << 256) % bound)
    while True:
        x = _block(r["seed"], r["n"])
        r["n"] += 1
        if x < limit:
            return x % bound


def roll(state: dict[str, Any], sides: int = 6) -> int:
    """One die, 1..sides. A forced value in tests is the face itself (1..sides)."""
    r = state["rng"]
    forced = r.get("forced")
    if forced:
        value = forced.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"forced die {value} is not a face of a d{sides}")
        return int(value)
    return randbelow(state, sides) + 1


def shuffle(state: dict[str, Any], items: MutableSequence[T]) -> None:
    """Fisher–Yates in place, drawing from the match RNG."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def force(state: dict[str, Any], *values: int) -> None:
    """Tests only: the next draws return these values."""
    state["rng"].setdefault("forced", []).extend(values)
