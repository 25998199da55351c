"""Back to Iraq's computer opponent (server/games/back_to_iraq/bot.py): whole matches against random without a
runaway or a dead end, the prior's rules (never cancel an attack it may resolve, keep the proposed set-up, declare
victory), an evaluation that follows the victory conditions, and the strong Coalition taking Iraq from a random
defender. One apply costs ~3 ms and a movement listing ~50 ms, so the matches are few: the strength tables are
``counterplay selfplay back_to_iraq`` (too slow for the suite)."""

from __future__ import annotations

import copy
import itertools
import math
import random

from server.bots import choose
from server.bots.search import sample_world
from server.engine.core import State, apply_action, canonical
from server.games import GAMES
from server.games.back_to_iraq import bot
from server.games.back_to_iraq.forces import board
from tests.bots.blind import check_blind

RULES = GAMES["back_to_iraq"]
GAME = "back_to_iraq"


def _started(scenario: str = "1", seed: bytes = b"\x01" * 32, order: str = "move_first") -> State:
    """The proposed deployment, no regroup, and the order of the Coalition's phases chosen."""
    state = RULES.setup(scenario, {}, seed)
    for kind in ("no_regroup", order):
        role = sorted(RULES.active_roles(state))[0]
        state = apply_action(RULES, state, role, {"type": kind})
    return state


def _match(scenario: str, seed: int, levels: dict[str, str], turns: int = 99, limit: int = 6000) -> State:
    """A match between a level and random from the start (the proposed deployment), up to ``turns`` turns."""
    state = RULES.setup(scenario, {}, seed.to_bytes(32, "big"))
    rnd = random.Random(seed)
    for n in range(limit):
        if RULES.outcome(state) is not None or state["turn"] > turns:
            return state
        role = sorted(RULES.active_roles(state))[0]
        acts = RULES.legal_actions(state, role)
        assert acts, f"dead end at action {n}: {state['stack'][-1:]}"
        if levels[role] == "random":
            action = rnd.choice(acts)
        else:
            got = choose(GAME, state, role, levels[role], n).action
            assert got in acts, got
            action = got
        state = apply_action(RULES, state, role, action)
    raise AssertionError(f"runaway: {limit} actions")


def _opened_attack() -> State:
    """Constructed: the US 1st Armored beside Basra (3527) in a Combat-then-Move turn, its attack on Basra opened."""
    state = _started(order="combat_first")
    state["units"]["us_1ad"]["hex"] = "3528"
    acts = RULES.legal_actions(state, "coalition")
    assert {"type": "attack", "at": "3527"} in acts, acts
    return apply_action(RULES, state, "coalition", {"type": "attack", "at": "3527"})


def test_easy_plays_whole_matches_against_random_without_a_runaway() -> None:
    """Scenario 1 to its end with the easy Coalition; the first turns of both scenarios with the easy Islamic
    player (a whole match against a random Coalition runs over a minute, most of it the random player's listings):
    every decision is a legal action, and play goes on to a winner, without a runaway or a dead end."""
    end = _match("1", 11, {"coalition": "easy", "islamic": "random"})
    assert RULES.outcome(end) is not None
    for scenario in ("1", "2"):
        end = _match(scenario, 12, {"coalition": "random", "islamic": "easy"}, turns=2)
        assert RULES.outcome(end) is not None or end["turn"] > 2


def test_prior_never_cancels_an_attack_it_may_resolve() -> None:
    """An attack opened on Basra: cancel is ruled out while resolve is offered, and the computer resolves (or trims
    its attackers first), at every level and seed."""
    state = _opened_attack()
    acts = RULES.legal_actions(state, "coalition")
    kinds = [a["type"] for a in acts]
    assert "resolve" in kinds and "cancel" in kinds
    scores = dict(zip(kinds, bot.prior(state, "coalition", acts), strict=False))
    assert scores["cancel"] == -math.inf and scores["resolve"] > -math.inf
    for level in ("easy", "strong"):
        for seed in range(3):
            action = choose(GAME, state, "coalition", level, seed, guard=False).action
            assert action is not None and action["type"] != "cancel", action


def test_prior_keeps_the_proposed_setup_and_declares_victory() -> None:
    """§3: in a free set-up the computer's prior ranks each unit's proposed hex first, it never puts a unit back,
    and it places every unit; §4.4: outside a victory decision (and in the basic game) declaring is never
    put off."""
    state = RULES.setup("1", {"free_setup": True}, b"\x03" * 32)
    gd_setup = bot.data(state).scenarios["1"].setup
    for _ in range(400):
        if state["phase"] != "setup":
            break
        side = sorted(RULES.active_roles(state))[0]
        acts = RULES.legal_actions(state, side)
        scores = bot.prior(state, side, acts)
        assert all(s == -math.inf for a, s in zip(acts, scores, strict=True) if a["type"] == "deselect")
        action = choose(GAME, state, side, "easy", 1, guard=False).action
        assert action is not None and action["type"] != "deselect"
        places = [(sc, a) for a, sc in zip(acts, scores, strict=True) if a["type"] == "place"]
        if places:
            assert max(places, key=lambda p: p[0])[1]["to"] == gd_setup[places[0][1]["unit"]]
        state = apply_action(RULES, state, side, action)
    assert state["phase"] == "weather_regroup"
    scores = bot.prior(state, "coalition", [{"type": "declare_victory"}, {"type": "play_on"}])
    assert scores[0] > -math.inf and scores[1] == -math.inf


def test_world_is_the_state_with_fresh_dice_and_decisions_repeat() -> None:
    """§10.1: nothing is hidden, so a sampled world is the state (its dice aside); the same state and seed give the
    same decision."""
    state = _started()
    w1 = sample_world(bot, state, "islamic", random.Random(1))
    w2 = sample_world(bot, state, "islamic", random.Random(1))
    assert canonical(w1) == canonical(w2) and w1["units"] == state["units"] and w1["rng"] != state["rng"]
    a = choose(GAME, state, "coalition", "easy", 5, guard=False)
    b = choose(GAME, state, "coalition", "easy", 5, guard=False)
    assert a.action == b.action and a.action in RULES.legal_actions(state, "coalition")


def test_evaluate_follows_cities_mipp_and_kuwait_city() -> None:
    """§4.4-§4.6: each Iraqi city more the Coalition holds is better for it and worse for the Islamic side; more
    MIPP is worse for it, and so is a regroup turn; Kuwait City lost is the end; always within [0, 1]."""
    state = _started()
    cities = board(state).cities("iraq")
    values = []
    for k in range(len(cities) + 1):
        s = dict(state, control={**state["control"], **dict.fromkeys(cities[:k], "coalition")})
        c, i = bot.evaluate(s, "coalition"), bot.evaluate(s, "islamic")
        assert 0.0 <= c <= 1.0 and 0.0 <= i <= 1.0 and abs(c + i - 1.0) < 1e-3
        values.append(c)
    assert all(b >= a for a, b in itertools.pairwise(values)), values
    assert values[11] > values[5] > values[0]
    low, high = dict(state, mipp=5), dict(state, mipp=35)
    assert bot.evaluate(high, "coalition") < bot.evaluate(low, "coalition")
    # §9.3: a regroup turn is a turn the Coalition does not advance (a voluntary regroup looked free before)
    regroup = dict(state, regroup={**state["regroup"], "now": "forced"})
    assert bot.evaluate(regroup, "coalition") < bot.evaluate(state, "coalition")
    kc = board(state).hex_of("kuwait_city")
    lost = dict(state, control={**state["control"], kc: "islamic"})
    assert bot.evaluate(lost, "coalition") == 0.0


def test_prior_ranks_a_good_attack_above_ending_combat() -> None:
    """Constructed: US 1st Armored, 1st Cavalry and 3rd Infantry beside Basra in a Combat-then-Move turn: the
    attack on Basra ranks above ending the combat phase."""
    state = _started(order="combat_first")
    for uid, h in (("us_1ad", "3528"), ("us_1cav", "3528"), ("us_3id", "3626")):
        state["units"][uid]["hex"] = h
    acts = RULES.legal_actions(state, "coalition")
    scores = {a.get("at", a["type"]): s for a, s in zip(acts, bot.prior(state, "coalition", acts), strict=True)}
    assert scores["3527"] > scores["end_combat"]


def test_strong_coalition_takes_iraq_from_random() -> None:
    """Scenario 1, two seeded matches: the strong Coalition against a random Islamic player wins (§4.4: eleven of
    the fourteen Iraqi cities, Kuwait City kept, MIPP below LOST-31), in a few turns. About 15 s a match."""
    for seed in (1, 2):
        end = _match("1", seed, {"coalition": "strong", "islamic": "random"})
        out = RULES.outcome(end)
        assert out is not None and out.winner == "coalition", (seed, out, end["turn"], end["mipp"])



def _targets_placed(scenario: str = "1") -> State:
    """The strategic targets placed by the easy computer (§G1.1)."""
    state = RULES.setup(scenario, {"strategic_targets": True}, b"\x02" * 32)
    n = 0
    while state["stack"][-1]["kind"] == "targets":
        state = apply_action(RULES, state, "islamic", choose(GAME, state, "islamic", "easy", n, guard=False).action)
        n += 1
    return state


def test_the_computer_places_its_strategic_targets_deep_and_its_deception_forward() -> None:
    """§G1.1: it sorts out a C3I before a Deception, never a Rebellion, and its best hex for a chosen C3I is farther
    from the Coalition than its best hex for a Deception; it places all twenty."""
    state = RULES.setup("1", {"strategic_targets": True}, b"\x02" * 32)
    acts = RULES.legal_actions(state, "islamic")
    scores = dict(zip((a["marker"] for a in acts), bot.prior(state, "islamic", acts), strict=True))
    assert scores["c3i"] > scores["deception"] and scores["rebellion"] == -math.inf
    lk = bot.Look(state)

    def best_distance(kind: str) -> int:
        s = apply_action(RULES, state, "islamic", {"type": "select_target", "marker": kind})
        places = [a for a in RULES.legal_actions(s, "islamic") if a["type"] == "place_target"]
        best = max(zip(bot.prior(s, "islamic", places), places, strict=True), key=lambda p: p[0])[1]
        return min(lk.b.grid.distance(best["to"], h) for h in lk.at["coalition"])
    assert best_distance("c3i") > best_distance("deception")
    assert sum(rec["status"] == "map" for rec in _targets_placed()["targets"].values()) == 20


def test_the_coalition_computer_is_blind_to_face_down_targets() -> None:
    """§10.1: two matches differing only in the kinds of face-down markers give the Coalition's computer the same
    sampled worlds and the same decisions."""
    assert check_blind(GAME, _targets_placed(), "coalition", levels=("easy",)) > 0


def test_the_computer_strikes_marked_hexes_before_it_resolves() -> None:
    """§G2: with strikes to place, a Stealth strike on a hex of face-down markers ranks above resolving (unused
    counters are lost at the end of the turn), and above a recon strike on the same hex."""
    state = _targets_placed()
    hexes = sorted({rec["hex"] for rec in state["targets"].values() if rec["status"] == "map"})
    acts = [{"type": "air_strike", "at": hexes[0], "air": "stealth"},
            {"type": "air_strike", "at": hexes[0], "air": "recon"}, {"type": "resolve_air"}]
    stealth, recon, resolve = bot.prior(state, "coalition", acts)
    assert stealth > recon > resolve


def test_the_computer_brings_the_israelis_in_and_weighs_an_air_move_against_its_combat() -> None:
    """§G5.2(2): once it may, the computer's prior ranks bringing the Israeli division in above ending the movement
    phase; §G5.5: an air move scores as the same move less the combat it costs."""
    state = RULES.setup("1", {"strategic_targets": True, "airmobility": True}, b"\x01" * 32)
    while state["stack"][-1]["kind"] != "movement":
        role = sorted(RULES.active_roles(state))[0]
        acts = RULES.legal_actions(state, role)
        scores = bot.prior(state, role, acts)
        state = apply_action(RULES, state, role, acts[scores.index(max(scores))])
    state["israel"] = state["turn"]
    acts = RULES.legal_actions(state, "coalition")
    scores = bot.prior(state, "coalition", acts)
    by_kind: dict[str, float] = {}
    for a, s in zip(acts, scores, strict=True):
        by_kind[a["type"]] = max(by_kind.get(a["type"], -math.inf), s)
    assert by_kind["israeli_arrival"] > by_kind["end_movement"]
    fly = next(a for a in acts if a["type"] == "air_move_unit")
    walk = {**fly, "type": "move"}
    assert bot.prior(state, "coalition", [fly])[0] == bot.prior(state, "coalition", [walk])[0] - 1.0


def test_the_coalition_computer_keeps_kuwait_city_garrisoned_against_what_can_reach_it() -> None:
    """§4.6: Kuwait City lost is the Islamic side's sudden death. In Scenario 2 the Iraqi mech brigades two hexes off
    reach it in their next movement, so the computer counts them, not only the units beside the city: marching the
    Kuwaiti brigades out of the city leaves the KCG alone and the evaluation falls."""
    state = _started("2")
    look = bot.Look(state)
    assert look.near_attack("islamic", look.kc) == 0 < look.kc_threat()
    garrison = [u for u in look.at["coalition"][look.kc] if u != "kw_kcg"]
    assert garrison and bot.kuwait_risk(look) < 0.05
    marched = copy.deepcopy(state)
    for uid in garrison:
        marched["units"][uid]["hex"] = "3530"
    assert bot.kuwait_risk(bot.Look(marched)) > 0.2
    assert bot.evaluate(marched, "coalition") < 0.8 * bot.evaluate(state, "coalition")


def test_the_computer_keeps_its_units_and_hqs_together_under_c2() -> None:
    """§G4.4: with C2 a unit is supplied through an HQ within its command range. The computer's potential holds
    a unit back from running far beyond every HQ, and draws an HQ to the units only it would bring into range,
    never beside the enemy (a 1-step unit, §G4.1)."""
    state = RULES.setup("1", {"c2": True}, b"\x05" * 32)
    scorer = bot._Scorer(state, "coalition", bot.Look(state))
    g = board(state).grid
    hqs = {u: state["units"][u]["hex"] for u in ("us_hq_v", "us_hq_mef", "jfc_hq", "tr_hq_7")}
    near, far = "3430", "2723"  # V Corps HQ at 3432: two hexes off, and beyond every HQ's range + 2
    assert g.distance(near, hqs["us_hq_v"]) == 2 and min(g.distance(far, h) for h in hqs.values()) > 7
    assert scorer.c2_potential("us_3id", near) == 0.0 > scorer.c2_potential("us_3id", far)
    # the 4th ID's front has only the Turkish HQ: leaving it uncovers the front's units
    assert scorer.c2_potential("tr_hq_7", hqs["tr_hq_7"]) > scorer.c2_potential("tr_hq_7", "1508") + 5
    basic = RULES.setup("1", {}, b"\x05" * 32)
    assert bot._Scorer(basic, "coalition", bot.Look(basic)).c2_potential("us_3id", far) == 0.0


def test_the_computer_puts_off_a_declaration_the_wmd_dice_would_likely_break() -> None:
    """§G1.6: a declaration ends the game and the Islamic player then adds 1d6 for each WMD marker still on the
    map: at 40 MIPP against the limit of 50 three WMD (3d6 <= 9 holds 37.5% of the time) make the computer play
    on; with them gone, it declares."""
    state = _started()
    state["options"]["strategic_targets"] = True
    for h in bot.Look(state).iraqi:
        state["control"][h] = "coalition"
    state["mipp"] = 40
    state["targets"] = {f"t{k}": {"kind": "wmd", "status": "map", "hex": "2117", "face": "down"} for k in range(3)}
    state["stack"].append({"kind": "victory", "side": "coalition"})
    acts = [{"type": "declare_victory"}, {"type": "play_on"}]
    declare, play_on = bot.prior(state, "coalition", acts)
    assert bot.Look(state).limit == 50 and abs(bot._at_most(3, 9) - 0.375) < 1e-9
    assert declare < play_on
    for rec in state["targets"].values():
        rec["status"] = "removed"
    declare, play_on = bot.prior(state, "coalition", acts)
    assert declare == 100.0 > play_on
