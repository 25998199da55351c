"""Shimada's computer opponent (``server/games/shimada/bot.py``): blind to face-down fronts and to the
Japanese dawn turn, deterministic, and judging positions by §4. Strength figures are printed by
``counterplay selfplay shimada`` (not asserted here, but for one cheap seeded check)."""

from __future__ import annotations

import random

import pytest

from server.bots import judge_for
from server.bots.search import sample_world
from server.engine.core import apply_action, canonical, json_copy
from server.games import GAMES
from server.games.shimada import bot
from server.games.shimada.data import dataset
from tests.bots.blind import check_blind, check_deterministic
from tests.bots.playout import playout

GAME = "shimada"
RULES = GAMES[GAME]
COUNTERS = dataset().counters


def _playout(seed: str, levels: dict[str, str], max_actions: int = 400) -> list[dict]:
    """The states of one seeded match between ``levels`` (role -> level or ``random``)."""
    return playout(GAME, "slim_river", seed, levels, max_actions)


@pytest.fixture(scope="module")
def states() -> list[dict]:
    """A seeded match, random against random until the end (face-down counters of both sides, the
    dawn still to come for much of it)."""
    return _playout("shimada-bot-blind", {"japanese": "random", "british": "random"})


def _downs(s: dict, side: str) -> int:
    return sum(1 for u in s["units"].values() if u["side"] == side and u["face"] == "down")


def _picks(states: list[dict], role: str, k: int) -> list[dict]:
    """``k`` states spread along the playout where ``role`` has a choice to make, face-down
    counters exist and dawn has not broken."""
    mine = [s for s in states if RULES.outcome(s) is None and role in RULES.active_roles(s)
            and len(RULES.legal_actions(s, role)) > 1 and not s["dawn"]
            and _downs(s, "japanese") + _downs(s, "british") > 1]
    step = max(1, len(mine) // k)
    return mine[::step][:k]


@pytest.mark.parametrize("role", RULES.roles)
def test_blind_to_face_down_fronts_and_the_dawn_turn(states: list[dict], role: str) -> None:
    """§12: face-down identities (both sides) and, for the British, the dawn turn are hidden; a state
    that differs from the true one only there (``hidden_variant``) gives ``role`` the same sampled
    worlds and the same decisions, on several states along a playout."""
    picked = _picks(states, role, 5)
    assert len(picked) >= 3
    checked = sum(check_blind(GAME, s, role) for s in picked)
    assert checked > 0  # the hidden variants differed from the state, so the check could fail


def test_blind_when_a_face_down_infantry_stands_in_jungle() -> None:
    """§8: only Japanese infantry stands in jungle, so a face-down counter there is infantry, but
    which one is hidden: the hidden variant may swap it with a face-down infantry on the road, and
    the sampled world does not tell the two apart."""
    s = RULES.setup("slim_river", {}, b"jungle")
    s = apply_action(RULES, s, "japanese", {"type": "choose_dawn", "turn": 6})
    s = json_copy(s)
    units = s["units"]
    units["J-I1"].update(status="map", hex="0204", face="down")  # jungle
    units["J-I2"].update(status="map", hex="0202", face="down")  # road
    units["J-T3"].update(status="map", hex="0201", face="down")  # road
    units["J-T1"].update(status="map", hex="0306", face="up")
    variants = [RULES.hidden_variant(s, "british", k) for k in range(12)]
    jungle_fronts = {next(uid for uid, u in v["units"].items() if u["hex"] == "0204")
                     for v in variants if v is not None}
    assert jungle_fronts == {"J-I1", "J-I2"}  # the jungle counter is one of the two infantry, either
    for role in RULES.roles:
        mine = [RULES.hidden_variant(s, role, k) for k in range(12)]
        for seed in range(6):
            w = sample_world(bot, s, role, random.Random(seed))
            uid = next(u for u, rec in w["units"].items() if rec["hex"] == "0204")
            assert COUNTERS[uid].kind == "infantry"
            for v in mine:
                if v is not None:
                    assert canonical(sample_world(bot, v, role, random.Random(seed))) == canonical(w)


def test_the_sampled_world_cuts_the_log(states: list[dict]) -> None:
    """Log lines name counters by their true ids (the view masks those now face down): a world keeps
    none of them. The rules never read the log, so play goes on in the world as in the match."""
    s = _picks(states, "british", 3)[1]
    judge = judge_for(GAME)
    assert judge is not None
    w = sample_world(judge, s, "british", random.Random(0))
    assert w["log"] == []
    role = sorted(RULES.active_roles(w))[0]
    a = RULES.legal_actions(w, role)[0]
    after = RULES.apply(w, role, a)
    assert RULES.legal_actions(after, sorted(RULES.active_roles(after))[0]) is not None


def test_the_british_draw_the_dawn_turn_and_do_not_find_the_true_one() -> None:
    """§3/§11: the British do not know the dawn turn. Their sampled worlds draw it from the turns
    still possible (the scenario's choices after the current turn): across seeds it varies, so it is
    not the true one systematically; the Japanese keep their own choice."""
    s = RULES.setup("slim_river", {}, b"dawn")
    s = apply_action(RULES, s, "japanese", {"type": "choose_dawn", "turn": 4})
    for _ in range(80):  # on to the British recovery of turn 1
        if "british" in RULES.active_roles(s):
            break
        s = apply_action(RULES, s, "japanese", RULES.legal_actions(s, "japanese")[-1])
    assert "british" in RULES.active_roles(s) and not s["dawn"]
    drawn = [sample_world(bot, s, "british", random.Random(seed))["dawn_turn"] for seed in range(30)]
    assert set(drawn) <= {t for t in range(1, 7) if t > s["turn"]}
    assert len(set(drawn)) > 2
    assert sum(t == 4 for t in drawn) < 20
    assert all(sample_world(bot, s, "japanese", random.Random(seed))["dawn_turn"] == 4 for seed in range(5))


def test_face_down_fronts_are_drawn_for_both_sides(states: list[dict]) -> None:
    """§10: nobody sees a face-down front, the owner included: the sampled worlds of either side give
    the British face-down counters fronts that vary with the seed (the true placement at random in
    the positions, §3, is not read)."""
    s = _picks(states, "japanese", 2)[0]
    downs = sorted(u["hex"] for u in s["units"].values() if u["side"] == "british" and u["face"] == "down"
                   and u["status"] == "map")
    assert len(downs) >= 2
    for role in RULES.roles:
        seen = set()
        for seed in range(10):
            w = sample_world(bot, s, role, random.Random(seed))
            seen.add(tuple(next(uid for uid, u in w["units"].items() if u["hex"] == h and u["face"] == "down")
                           for h in downs))
        assert len(seen) > 1


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_decisions_are_deterministic(states: list[dict], level: str) -> None:
    """The same state, role and seed give the same action (the work budget, not the clock, ends a search)."""
    for role in RULES.roles:
        for s in _picks(states, role, 3):
            check_deterministic(GAME, s, role, level)


def test_evaluate_follows_the_victory_conditions(states: list[dict]) -> None:
    """§4: the two sides' values add up to 1; a Japanese tank on the exit hex is nearly a Japanese
    win; Japanese tanks lost are worth points to the British."""
    s = json_copy(_picks(states, "japanese", 3)[0])
    j = bot.evaluate(s, "japanese")
    assert 0.0 <= j <= 1.0 and abs(j + bot.evaluate(s, "british") - 1.0) < 1e-9
    near = json_copy(s)
    near["units"]["J-T1"].update(status="map", hex="0712", face="up")
    assert bot.evaluate(near, "japanese") > max(j, 0.8)
    lost = json_copy(s)
    for uid in ("J-T1", "J-T2", "J-T3"):
        lost["units"][uid].update(status="eliminated", hex=None, face="up")
    assert bot.evaluate(lost, "japanese") < j


def test_prior_exits_first_and_attacks_at_good_odds() -> None:
    """The prior, one score per action: a Japanese exit before anything else (§4 sudden death); a
    later dawn before an earlier one (§11)."""
    s = RULES.setup("slim_river", {}, b"prior")
    dawn = RULES.legal_actions(s, "japanese")
    scores = bot.prior(s, "japanese", dawn)
    assert scores == sorted(scores)
    s = apply_action(RULES, s, "japanese", {"type": "choose_dawn", "turn": 6})
    s = json_copy(s)
    s["units"]["J-T1"].update(status="map", hex="0712")
    acts = RULES.legal_actions(s, "japanese")
    assert {"type": "exit", "unit": "J-T1"} in acts
    scores = bot.prior(s, "japanese", acts)
    assert acts[scores.index(max(scores))] == {"type": "exit", "unit": "J-T1"}


def test_strong_beats_random_in_short_seeded_matches() -> None:
    """A cheap strength check: the strong Japanese against random British, and the strong British
    against random Japanese, each win a seeded match (the full figures are selfplay's)."""
    for seed, levels, side in (("s1", {"japanese": "strong", "british": "random"}, "japanese"),
                               ("s2", {"japanese": "random", "british": "strong"}, "british")):
        final = _playout(seed, levels, max_actions=600)[-1]
        outcome = RULES.outcome(final)
        assert outcome is not None and outcome.winner == side
