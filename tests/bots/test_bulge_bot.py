"""The Bulge's computer opponent (server/games/bulge/bot.py): blind to what fog of war hides from it, a
function of (view, seed), and a prior that tells a good action from a bad one without applying either.
Strength is measured by ``counterplay selfplay bulge`` (too slow for the suite), not asserted here."""

from __future__ import annotations

import random
from functools import cache

from server.bots import choose
from server.bots.search import sample_world
from server.engine.core import State, apply_action, canonical
from server.games import GAMES
from server.games.bulge import bot, fog
from tests.bots.blind import check_blind
from tests.games.bulge.bulge_fixtures import World

RULES = GAMES["bulge"]


@cache
def _playout(seed: bytes, stops: tuple[int, ...], fog: bool = True) -> list[State]:
    """States along a seeded random playout of the historical scenario, taken after ``stops`` actions."""
    state = RULES.setup("historical", {"fog_of_war": fog}, seed)
    rnd = random.Random(seed)
    out = []
    for n in range(max(stops) + 1):
        if n in stops:
            out.append(state)
        if RULES.outcome(state) is not None:
            break
        role = sorted(RULES.active_roles(state))[0]
        state = apply_action(RULES, state, role, rnd.choice(RULES.legal_actions(state, role)))
    return out


def test_bulge_bot_is_blind_to_what_fog_of_war_hides_for_each_role() -> None:
    """Fog of war: for each role, on states along a seeded playout, the hidden variants (unseen enemy units
    moved, their steps changed, the commandos' roads) give the same sampled world and the same decision
    (tests/bots/blind.py; the decision on the first state only, to keep the test short); the check must have
    found variants that differ, or it proved nothing."""
    checked = {"german": 0, "allied": 0}
    for state, levels in zip(_playout(b"fog", (30, 160)), (("easy",), ()), strict=True):
        for role in ("german", "allied"):
            checked[role] += check_blind("bulge", state, role, variants=2, seeds=(0, 1), levels=levels)
    assert checked["german"] > 0 and checked["allied"] > 0


def test_bulge_sampled_world_puts_unseen_units_out_of_sight_at_full_strength() -> None:
    """Fog of war: in a sampled world every enemy unit the role does not see stands out of its sight (or,
    for commandos, anywhere: the Allies never see them), with two steps and no supply marker."""
    state = _playout(b"fog", (30, 160))[1]
    for role in ("german", "allied"):
        shown = RULES.view(state, role)["counters"]
        seen = {c["ref"] for c in shown}
        world = sample_world(bot, state, role, random.Random(3))
        eyes = fog.sight(state, role)
        for uid, u in world["units"].items():
            if u["side"] != role and u["status"] == "map" and uid not in seen:
                assert u["steps"] in (0, 2) and u["supply"] == "ok"
                if not (role == "allied" and u["steps"] == 0):
                    assert u["hex"] not in eyes


def test_bulge_bot_decides_the_same_from_the_same_view_and_seed() -> None:
    """A decision is a function of (view, seed): the same state and seed give the same action; without fog
    of war the world is the state with fresh dice."""
    state = RULES.setup("historical", {}, b"same")
    a = choose("bulge", state, "german", "easy", 7, guard=False)
    b = choose("bulge", state, "german", "easy", 7, guard=False)
    assert a.action == b.action and a.values == b.values
    w1 = sample_world(bot, state, "german", random.Random(1))
    w2 = sample_world(bot, state, "german", random.Random(1))
    assert canonical(w1) == canonical(w2) and w1["units"] == state["units"]


def test_bulge_evaluate_is_in_range_and_follows_the_vp_track() -> None:
    """§13.1: more German VP is better for the Germans and worse for the Allies, always within [0, 1]."""
    state = RULES.setup("historical", {}, b"eval")
    low, high = dict(state, vp=10), dict(state, vp=50)
    for role in ("german", "allied"):
        for s in (low, high):
            assert 0.0 <= bot.evaluate(s, role) <= 1.0
    assert bot.evaluate(high, "german") > bot.evaluate(low, "german")
    assert bot.evaluate(high, "allied") < bot.evaluate(low, "allied")


def test_bulge_prior_prefers_taking_an_empty_city_to_walking_away() -> None:
    """Constructed: a panzer regiment (G-PZ1, 0504) beside an empty Allied important city (0604), the US
    infantry far off. Moving into the city (10 VP, §13.2(1)) ranks above moving east, away from it."""
    w = World(places={"0604": "important"})
    s = w.pos().place("G-PZ1", "0504").place("U-INF1", "0108").begin()
    acts = RULES.legal_actions(s, "german")
    scores = bot.prior(s, "german", acts)
    by_to = {a["to"]: scores[i] for i, a in enumerate(acts) if a["type"] == "move" and a["unit"] == "G-PZ1"}
    assert by_to["0604"] > by_to["0404"]
    assert by_to["0604"] == max(scores)


def test_bulge_prior_prefers_an_attack_at_good_odds_to_one_at_bad_odds() -> None:
    """Constructed, 1st combat phase: G-PZ1 (10) can attack a reduced US infantry regiment (U-INF1, 2)
    at 5:1, G-VG1 (4) can attack the CCA (U-CCA, 6) at 1:2. The prior ranks the first declaration above
    the second, and above ending the declarations; the second below ending them."""
    w = World()
    s = (w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604", steps=1)
         .place("G-VG1", "0507").place("U-CCA", "0607").begin())
    acts = RULES.legal_actions(s, "german")
    scores = {(a["type"], a.get("unit"), a.get("at")): scores for a, scores in zip(acts, bot.prior(s, "german", acts),
                                                                                  strict=True)}
    good = scores[("declare", "G-PZ1", "0604")]
    bad = scores[("declare", "G-VG1", "0607")]
    end = scores[("end_declarations", None, None)]
    assert good > end > bad


def test_the_computer_ends_the_free_setup_and_never_undeclares() -> None:
    """§9.1-§9.2: strong on both sides, the free set-up ends with every unit placed once (it looped selecting
    and re-placing units in selfplay); in the declarations that follow it never takes one back (it looped
    declare/undeclare)."""
    state = RULES.setup("free_setup", {}, b"\x02" * 32)
    placed = 0
    for n in range(400):
        if state["step"] != "setup":
            break
        role = sorted(RULES.active_roles(state))[0]
        action = choose("bulge", state, role, "strong", n, guard=False).action
        assert action is not None and action["type"] in ("place", "end_setup"), action
        placed += action["type"] == "place"
        state = apply_action(RULES, state, role, action)
    assert state["step"] != "setup" and placed == sum(1 for u in state["units"].values() if u.get("setup"))
    scores = bot.prior(state, "german", [{"type": "undeclare", "unit": "x", "at": "0101"}, {"type": "end_phase"}])
    assert scores[0] == float("-inf") and scores[1] > float("-inf")
