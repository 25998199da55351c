"""LZ Albany's computer opponent (``server/games/lz_albany/bot.py``): blind to the future of the chit
cup, deterministic, and judging positions by the victory conditions. Strength figures are printed by
``counterplay selfplay lz_albany`` (not asserted here)."""

from __future__ import annotations

import random

import pytest

from server.bots import judge_for
from server.bots.search import sample_world
from server.engine import chits
from server.engine.core import canonical, json_copy
from server.engine.testing import playout
from server.games import GAMES
from server.games.lz_albany import bot
from tests.bots.blind import check_blind, check_deterministic

GAME = "lz_albany"
RULES = GAMES[GAME]


@pytest.fixture(scope="module")
def states() -> list[dict]:
    """The states of one seeded random playout (several turns, chits in the cup all along)."""
    p = playout(RULES, "historical", b"lz-bot-blind", keep_states=True)
    return p.states


def _picks(states: list[dict], role: str, k: int) -> list[dict]:
    """``k`` states spread along the playout where ``role`` has a choice to make."""
    mine = [s for s in states if RULES.outcome(s) is None and role in RULES.active_roles(s)
            and len(RULES.legal_actions(s, role)) > 1 and s["cup"]]
    step = max(1, len(mine) // k)
    return mine[::step][:k]


@pytest.mark.parametrize("role", RULES.roles)
def test_blind_to_the_cup_order_along_a_playout(states: list[dict], role: str) -> None:
    """§6: the only secret is the order of the chit draws (the dice that pick them); a state that
    differs from the true one only there (``hidden_variant``) gives ``role`` the same sampled worlds
    and the same decisions, on several states along a playout."""
    picked = _picks(states, role, 5)
    assert len(picked) >= 4
    checked = sum(check_blind(GAME, s, role) for s in picked)
    assert checked > 0  # the hidden variants differed from the state, so the check could fail


def test_the_hidden_variant_changes_only_the_dice(states: list[dict]) -> None:
    """``hidden_variant`` covers the one hidden fact: the RNG seed that will pick the next chits; every
    other key of the state is the same (all counters, hits, markers and the cup's contents are public)."""
    s = _picks(states, "us", 3)[1]
    other = RULES.hidden_variant(s, "us", 0)
    assert other is not None
    assert other["rng"]["seed"] != s["rng"]["seed"]
    assert {k: v for k, v in other.items() if k != "rng"} == {k: v for k, v in s.items() if k != "rng"}


def _draw_order(state: dict) -> list[str]:
    copy = json_copy(state)
    out = []
    while copy["cup"]:
        out.append(chits.draw(copy, "cup"))
    return out


def test_sampled_cup_order_differs_from_the_true_one_across_seeds(states: list[dict]) -> None:
    """The future of the cup in a sampled world is drawn from the bot's own randomness: the same chits
    (the contents are public), in an order that is not the true one for some seeds and varies with them."""
    s = next(x for x in states if len(x["cup"]) >= 5 and RULES.outcome(x) is None)
    true = _draw_order(s)
    judge = judge_for(GAME)
    assert judge is not None
    orders = [_draw_order(sample_world(judge, s, "nva", random.Random(seed))) for seed in range(8)]
    assert all(sorted(o) == sorted(true) for o in orders)
    assert any(o != true for o in orders)
    assert len({tuple(o) for o in orders}) > 1


def test_determinize_reads_no_order_from_the_cup(states: list[dict]) -> None:
    """A state whose cup (or spent chits) happens to be held in another order gives the same world:
    ``determinize`` sorts them before anything else."""
    s = next(x for x in states if len(set(x["cup"])) >= 2 and RULES.outcome(x) is None)
    shuffled = json_copy(s)
    shuffled["cup"] = list(reversed(shuffled["cup"]))
    judge = judge_for(GAME)
    assert judge is not None
    a = sample_world(judge, s, "us", random.Random(3))
    b = sample_world(judge, shuffled, "us", random.Random(3))
    assert canonical(a) == canonical(b)


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_decisions_are_deterministic(states: list[dict], level: str) -> None:
    """The same state, role and seed give the same action (the work budget, not the clock, ends a search)."""
    for role in RULES.roles:
        for s in _picks(states, role, 3):
            check_deterministic(GAME, s, role, level)


def test_evaluate_follows_the_victory_points(states: list[dict]) -> None:
    """§5.18: more NVA VP is worse for the US and better for the NVA; the two values add up to 1; the
    35-VP automatic victory in sight is nearly a lost match for the US."""
    s = json_copy(_picks(states, "us", 3)[0])
    base_us = bot.evaluate(s, "us")
    assert 0.0 <= base_us <= 1.0
    assert abs(base_us + bot.evaluate(s, "nva") - 1.0) < 1e-9
    s["vp"] = {"us": s["vp"]["us"], "nva": s["vp"]["nva"] + 8}
    assert bot.evaluate(s, "us") < base_us
    s["vp"] = {"us": 0, "nva": 34}
    assert bot.evaluate(s, "us") < 0.2
    s["vp"] = {"us": 29, "nva": 0}
    assert bot.evaluate(s, "us") > 0.8


def test_prior_returns_fire_and_prefers_hits_that_score(states: list[dict]) -> None:
    """The prior, one score per action: return fire before declining it; on an enemy unit, the hit that
    crosses a VP step (a 3rd hit reduces it, §5.12) before a hit on a fresh unit; on one's own, the other way."""
    s = json_copy(_picks(states, "nva", 2)[0])
    assert bot.prior(s, "us", [{"type": "return_fire"}, {"type": "no_return_fire"}]) == [2.0, -1.0]
    fresh, worn = [u for u, rec in s["units"].items()
                   if rec["status"] == "map" and u.startswith("US-") and u[-1].isdigit()][:2]
    s["units"][fresh]["hits"], s["units"][worn]["hits"] = 0, 2
    hits = [{"type": "assign_hit", "unit": fresh}, {"type": "assign_hit", "unit": worn}]
    on_enemy = bot.prior(s, "nva", hits)
    on_own = bot.prior(s, "us", hits)
    assert on_enemy[1] > on_enemy[0]
    assert on_own[0] > on_own[1]
