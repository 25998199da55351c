"""Where an undo stops, in every game: each kind of randomness and reveal marks the action that
caused it, and an unmarked action of a real game is taken back to exactly the state before it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.engine.core import apply_action, canonical, make_view
from server.games import GAMES
from server.matches import history
from tests.play.conftest import Bench

# What each game's random playout must show (with the option that hides things, where there is one).
CASES: dict[str, tuple[dict[str, Any], set[str | None]]] = {
    "shimada": ({}, {"random", "reveal", None}),  # dice; counters turned face up; plain moves
    "bulge": ({"fog_of_war": True}, {"random", "reveal", None}),  # dice; units coming into sight
    "lz_albany": ({}, {"random", None}),  # chit draws and dice; no other secret
}


def playout(game: str, options: dict[str, Any], seed: int, limit: int = 400) -> list[tuple[Any, ...]]:
    rules = GAMES[game]
    rnd = random.Random(seed)
    state = rules.setup(next(iter(rules.scenarios)), {**{o.id: o.default for o in rules.options}, **options},
                        seed.to_bytes(4, "big"))
    out = []
    for _ in range(limit):
        if rules.outcome(state):
            break
        role = sorted(rules.active_roles(state))[0]
        action = rnd.choice(rules.legal_actions(state, role))
        new = apply_action(rules, state, role, action)
        out.append((state, role, action, new, history.mark_of(rules, state, new)))
        state = new
    return out


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_kind_of_reveal_marks_the_action_that_caused_it(game: str) -> None:
    """An action that drew on the dice or a chit is "random"; one that made a secret known is
    "reveal" (or "random" when it did both); the rest can be undone."""
    options, expected = CASES[game]
    seen: set[str | None] = set()
    for seed in range(3):
        for before, _, _, after, mark in playout(game, options, seed):
            moved = before["rng"]["n"] != after["rng"]["n"]
            assert (mark == "random") == moved
            if not moved:
                assert (mark == "reveal") == GAMES[game].revealed(before, after)
            seen.add(mark)
        if seen >= expected:
            break
    assert seen >= expected, f"{game}: only {seen} in the playouts"


@pytest.mark.parametrize("game", sorted(CASES))
def test_undoing_an_unmarked_action_restores_every_view(game: str, bench: Bench) -> None:
    rules = GAMES[game]
    options, _ = CASES[game]
    m = bench.match(game, seats=rules.roles, options=options)
    users = {role: name for name, role in (("ann", rules.roles[0]), ("bob", rules.roles[1]))}
    rnd = random.Random(7)
    for _ in range(300):
        version, _ = bench.svc.view(m, None)
        state = bench.svc.state_at_version(m, version)
        role = sorted(rules.active_roles(state))[0]
        action = rnd.choice(rules.legal_actions(state, role))
        new = apply_action(rules, state, role, action)
        bench.act(m, users[role], action)
        if history.mark_of(rules, state, new) is None:
            assert bench.summary(m, users[role])["undo"]["steps"] >= 1
            before = {r: make_view(rules, state, r) for r in (*rules.roles, None)}
            bench.undo(m, users[role])
            after_state = bench.svc.state_at_version(m, version + 2)
            for r, v in before.items():
                now = make_view(rules, after_state, r)
                assert now["log"][-1]["key"] == "platform.undo"
                assert canonical({**now, "log": now["log"][:-1]}) == canonical(v)
            return
    pytest.fail(f"no unmarked action in 300 actions of {game}")
