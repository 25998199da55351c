"""A chit cup on the match RNG: what is in it is public, the order of the draws does not exist.

The cup is kept as a sorted list of chit names in the state. A draw picks one uniformly with the
match RNG at the moment it is drawn, so no order of future draws is stored anywhere: a view of the
cup (its sorted contents) tells nothing about what comes next, and two states that differ only in
the seed look the same to every player until the draw.

>>> state = {"rng": {"seed": "00", "n": 0}, "cup": []}
>>> put(state, "cup", "US Fire/Move", "NVA Fire/Move", "NVA Fire/Move")
>>> state["cup"]
['NVA Fire/Move', 'NVA Fire/Move', 'US Fire/Move']
>>> sorted([draw(state, "cup") for _ in range(3)])
['NVA Fire/Move', 'NVA Fire/Move', 'US Fire/Move']
>>> state["cup"]
[]
"""

from __future__ import annotations

from typing import Any

from . import rng


def put(state: dict[str, Any], cup: str, *chits: str) -> None:
    """Add chits to the cup (kept sorted, so the state holds no order)."""
    state[cup] = sorted([*state[cup], *chits])


def draw(state: dict[str, Any], cup: str) -> str:
    """Draw one chit at random; raises IndexError on an empty cup.

    Tests force a draw with ``rng.force(state, index)``: the index in the sorted cup.
    """
    contents: list[str] = state[cup]
    if not contents:
        raise IndexError(f"the {cup} is empty")
    return contents.pop(rng.randbelow(state, len(contents)))


def remove(state: dict[str, Any], cup: str, chit: str) -> None:
    """Take a named chit out of the cup (a rule that removes a chit without drawing it)."""
    state[cup].remove(chit)
