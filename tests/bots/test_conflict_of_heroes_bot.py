"""Conflict of Heroes' computer opponent (``server/games/conflict_of_heroes/bot.py``): blind (nothing is hidden
at rules level 1, so a world is the state with fresh dice), deterministic, its prior and evaluation, and whole
matches that finish."""

from __future__ import annotations

import random

import pytest

from server.bots import judge_for
from server.bots.search import sample_world
from server.engine.core import canonical, json_copy
from server.games import GAMES
from server.games.conflict_of_heroes import bot
from tests.bots.blind import check_blind, check_deterministic
from tests.bots.playout import playout

GAME = "conflict_of_heroes"
RULES = GAMES[GAME]
FF = "firefight_1"


def _playout(seed: str, levels: dict[str, str], max_actions: int = 1500) -> list[dict]:
    return playout(GAME, FF, seed, levels, max_actions)


@pytest.fixture(scope="module")
def states() -> list[dict]:
    return _playout("coh-bot", {"german": "random", "soviet": "random"})


def _picks(states: list[dict], role: str, k: int) -> list[dict]:
    mine = [s for s in states if RULES.outcome(s) is None and role in RULES.active_roles(s)
            and len(RULES.legal_actions(s, role)) > 1]
    step = max(1, len(mine) // k)
    return mine[::step][:k]


def test_the_judge_is_found() -> None:
    assert judge_for(GAME) is bot


@pytest.mark.parametrize("role", RULES.roles)
def test_blind(states: list[dict], role: str) -> None:
    """Nothing is hidden at rules level 1: the rules give no hidden variant, and the check passes; the sampled
    world keeps the state but not its dice."""
    for s in _picks(states, role, 3):
        check_blind(GAME, s, role)
        w = sample_world(bot, s, role, random.Random(0))
        assert w["rng"] != s["rng"]
        assert w["units"] == s["units"] and w["vp"] == s["vp"] and w["cap"] == s["cap"]
        assert canonical(w) == canonical(sample_world(bot, json_copy(s), role, random.Random(0)))


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_decisions_are_deterministic(states: list[dict], level: str) -> None:
    for role in RULES.roles:
        for s in _picks(states, role, 2):
            check_deterministic(GAME, s, role, level)


def test_evaluate_follows_the_victory_conditions(states: list[dict]) -> None:
    s = json_copy(states[0])
    g = bot.evaluate(s, "german")
    assert 0.0 <= g <= 1.0 and abs(g + bot.evaluate(s, "soviet") - 1.0) < 1e-3
    more = json_copy(s)
    more["vp"]["german"] += 3
    assert bot.evaluate(more, "german") > g
    held = json_copy(s)
    held["control"] = {h: "german" for h in held["control"]}
    assert bot.evaluate(held, "german") > g
    lost = json_copy(s)
    lost["units"]["sov_rifles_1"]["status"] = "destroyed"
    assert bot.evaluate(lost, "german") > g


def test_a_good_shot_beats_passing() -> None:
    """The prior: a fire with good odds scores above passing and above ending the activation."""
    s = RULES.setup(FF, {}, b"prior")
    acts = RULES.legal_actions(s, "german")
    shot = {"type": "fire", "at": "1-H5", "unit": "ger_rifles_1", "mode": "activate",
            "cost": {"ap": 3, "cap": 0, "odds": [{"unit": "sov_rifles_1", "needed": 6, "one_hit": 0.6,
                                                   "two_hits": 0.1}]}}
    candidates = [*acts, shot]
    scores = bot.prior(s, "german", candidates)
    assert scores[-1] > scores[candidates.index({"type": "pass"})]
    assert scores[-1] == max(scores)


def test_cap_only_where_it_buys_a_hit() -> None:
    s = RULES.setup(FF, {}, b"cap")
    unit = "sov_rifles_1"
    hopeless = [{"type": "roll", "target": unit, "cap": c,
                 "cost": {"ap": 0, "cap": c, "needed": 14 - c, "one_hit": 0.0, "two_hits": 0.0}} for c in range(3)]
    scores = bot.prior(s, "german", hopeless)
    assert scores[0] == max(scores)


def test_whole_matches_computer_against_computer_finish() -> None:
    final = _playout("coh-whole", {"german": "easy", "soviet": "easy"})[-1]
    assert RULES.outcome(final) is not None


@pytest.mark.parametrize(("seed", "side"), [("m1", "german"), ("m1", "soviet")])
def test_strong_beats_random(seed: str, side: str) -> None:
    """A cheap strength check, one seeded whole match per side (the figures over more matches are in the
    commit notes): the strong computer wins against random."""
    levels = {"german": "random", "soviet": "random", side: "strong"}
    final = _playout(seed, levels)[-1]
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winner == side


def test_a_hopeless_reaction_is_declined() -> None:
    s = RULES.setup(FF, {}, b"react")
    hopeless = {"type": "fire", "at": "1-C7", "unit": "sov_rifles_1", "mode": "opportunity",
                "cost": {"ap": 0, "cap": 0, "odds": [{"unit": "ger_rifles_2", "needed": 13, "one_hit": 0.0,
                                                      "two_hits": 0.0}]}}
    scores = bot.prior(s, "soviet", [hopeless, {"type": "decline"}])
    assert scores[1] > scores[0]
