"""The blindness check, the leak test turned round: two states that differ only in what a role may not
see give that role's computer the same sampled worlds and the same decision for the same seed."""

from __future__ import annotations

import random

from server.bots import choose, judge_for
from server.bots.search import sample_world
from server.engine.core import Role, State, canonical, json_copy
from server.games import GAMES


def check_blind(game: str, state: State, role: Role, variants: int = 3, seeds: tuple[int, ...] = (0, 1),
                levels: tuple[str, ...] = ("easy", "strong")) -> int:
    """Raise AssertionError if the computer of ``role`` can tell ``state`` from one of its hidden variants.
    Returns the number of variants that differed from ``state`` (a test asserts it is not 0)."""
    rules = GAMES[game]
    judge = judge_for(game)
    assert judge is not None, f"{game} has no computer opponent"
    checked = 0
    for k in range(variants):
        other = rules.hidden_variant(state, role, k)
        if other is None:
            break
        if canonical(other) == canonical(state):
            continue
        checked += 1
        for seed in seeds:
            mine = canonical(sample_world(judge, state, role, random.Random(seed)))
            theirs = canonical(sample_world(judge, other, role, random.Random(seed)))
            assert mine == theirs, f"{game}: {role}'s sampled world tells apart two states that differ only " \
                                   f"in what it may not see (variant {k}, seed {seed})"
            for level in levels:
                a = choose(game, state, role, level, seed, guard=False)
                b = choose(game, other, role, level, seed, guard=False)
                assert a.action == b.action, f"{game}: {role} at {level} decides differently on variant {k}"
    return checked


def check_deterministic(game: str, state: State, role: Role, level: str, seed: int = 11) -> None:
    """The same state, role and seed give the same action, one of the legal ones (the work budget, not the
    clock, ends a search)."""
    a = choose(game, state, role, level, seed, guard=False)
    b = choose(game, json_copy(state), role, level, seed, guard=False)
    assert a.action == b.action, f"{game}: {role} at {level} decided two ways from one state and seed"
    assert a.action in GAMES[game].legal_actions(state, role)
