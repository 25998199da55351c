"""Whole matches and the end of a firefight (digest §4.4, AMBIG-5, AMBIG-25): victory hexes and their control,
scoring turns, the last turn; random playouts (no crash, no dead end, no runaway, deterministic replay, nothing
hidden to leak); every legal action applies; the firefight data is checked at load; every message has en and
ja."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from coh_fixtures import FF1, act, lines, position

from server.engine.core import apply_action, make_view
from server.engine.testing import check_determinism, check_leaks, playout
from server.games import GAMES
from server.games.conflict_of_heroes import RULES, messages
from server.games.conflict_of_heroes.data import DataError, dataset
from server.games.conflict_of_heroes.firefights import FILE, load
from server.games.conflict_of_heroes.forces import unit, update_control

GER, SOV = "ger_rifles_1", "sov_rifles_1"
CROSSROADS = "1-I6"


def test_registered():
    assert GAMES["conflict_of_heroes"] is RULES and RULES.roles == ("german", "soviet")
    assert list(RULES.scenarios) == [FF1]


def test_control_goes_to_the_last_side_alone_and_contested_is_nobodys():
    """§2.4, AMBIG-25: the last player to have had units alone in a victory hex controls it; while both are
    there nobody does; an emptied hex keeps its controller."""
    s = position({GER: (CROSSROADS, "N"), SOV: ("1-M1", "S")})
    assert s["control"][CROSSROADS] == "soviet"  # the sheet's
    update_control(s)
    assert s["control"][CROSSROADS] == "german"
    unit(s, GER)["hex"] = "1-I7"
    update_control(s)
    assert s["control"][CROSSROADS] == "german"
    unit(s, GER)["hex"] = unit(s, SOV)["hex"] = CROSSROADS
    update_control(s)
    assert s["control"][CROSSROADS] is None


def test_victory_hexes_score_on_scoring_turns_and_the_last_turn_ends_it():
    """§2.4 (digest §4.4): the controller scores the hex's VP at the end of each scoring turn; after the last
    turn the most VP wins."""
    s = position({GER: (CROSSROADS, "N"), SOV: ("1-M1", "S")}, turn=5)
    update_control(s)
    s["vp"] = {"german": 1, "soviet": 1}
    s = act(s, {"type": "pass"}, {"type": "pass"})
    assert s["vp"] == {"german": 2, "soviet": 1} and lines(s, "scored")
    out = RULES.outcome(s)
    assert out is not None and out.winner == "german" and str(out.reason) == "victory_points"
    assert RULES.active_roles(s) == frozenset()


def test_equal_vp_is_a_draw():
    """AMBIG-5: the rules give no tie-break: equal VP after the last turn is a draw."""
    s = position({GER: ("1-A1", "N"), SOV: ("1-M1", "S")}, turn=5, control={CROSSROADS: None})
    s["vp"] = {"german": 3, "soviet": 3}
    s = act(s, {"type": "pass"}, {"type": "pass"})
    out = RULES.outcome(s)
    assert out is not None and out.winner is None and str(out.reason) == "draw"


@pytest.mark.parametrize("seed", [b"coh playout 1", b"coh playout 2", b"coh playout 3"])
def test_random_playouts_finish_and_replay_the_same(seed: bytes) -> None:
    """A whole firefight of random legal actions ends with an outcome (no crash, no dead end, no runaway), and
    replaying its log gives the same state."""
    result = playout(RULES, FF1, seed, max_actions=3000)
    assert RULES.outcome(result.final) is not None and result.final["turn"] == 5
    check_determinism(RULES, result)


def test_nothing_is_hidden_so_nothing_leaks():
    """Digest §6 at rules level 1: no secret; every role and the spectators see the same view but for the legal
    actions, and the leak check finds no hidden variant."""
    result = playout(RULES, FF1, b"coh leaks", max_actions=3000, keep_states=True)
    for state in result.states[::15]:
        assert check_leaks(RULES, state) == 0
        views = [make_view(RULES, state, r) for r in ("german", "soviet", None)]
        shared = [{k: v for k, v in w.items() if k not in ("actions", "prompt")} for w in views]
        assert len({json.dumps(w, sort_keys=True) for w in shared}) == 1
        assert not RULES.revealed(result.states[0], state)


def test_every_legal_action_applies() -> None:
    """Every action offered, in states met along a random match, applies without error."""
    result = playout(RULES, FF1, b"coh every action", max_actions=3000, keep_states=True)
    tried = set()
    rare = ("roll", "face", "declare", "reaction")
    # a fire at a stacked hex, its rolls still to make (random play seldom stops there)
    fire = position({GER: ("1-M4", "N"), SOV: ("1-M3", "S"), "sov_rifles_2": ("1-M3", "S")})
    fire = act(fire, next(a for a in RULES.legal_actions(fire, "german") if a["type"] == "fire"))
    for n, state in enumerate([fire, *result.states]):
        if n % 10 and not (state["stack"] and state["stack"][-1]["kind"] in rare and n % 2 == 0):
            continue
        for role in sorted(RULES.active_roles(state)):
            for action in RULES.legal_actions(state, role):
                apply_action(RULES, state, role, action)
                tried.add(action["type"])
    assert {"move", "pivot", "fire", "roll", "face", "pass", "decline", "declare"} <= tried


def _keys(obj: Any) -> set[str]:
    if isinstance(obj, list):
        return {k for x in obj for k in _keys(x)}
    if isinstance(obj, dict):
        own = {obj["key"]} if isinstance(obj.get("key"), str) else set()
        return own | {k for v in obj.values() for k in _keys(v)}
    return set()


def test_every_message_of_a_match_is_in_the_catalogue_in_both_languages():
    """The log (every roll's modifiers included) and the prompts read in en and ja (messages.json)."""
    cat = messages()
    assert set(cat["en"]) == set(cat["ja"])
    rnd = random.Random(5)
    used: set[str] = set()
    for n in range(3):
        result = playout(RULES, FF1, f"coh messages {n}".encode(), chooser=rnd, max_actions=3000, keep_states=True)
        for state in [*result.states[::10], result.final]:
            for role in ("german", "soviet", None):
                used |= _keys(make_view(RULES, state, role)["prompt"])
        used |= _keys(result.final["log"])
    assert used - set(cat["en"]) == set()
    assert {"log.roll", "log.hit_counter", "mod.red_fp", "mod.front_dr", "log.turn"} <= used


def test_static_data_holds_the_map_units_and_messages():
    data = RULES.static_data()
    hexes = data["board"]["maps"][FF1]["hexes"]
    assert len(hexes) == 19 * 12 and hexes["1-H6"]["terrain"] == "woods" and {"x", "y", "elevation"} <= set(
        hexes["1-H6"])
    assert data["units"]["sov_maxim"]["fire_cost"] == 3 and "ja" in data["messages"]
    json.dumps(data)


def _raw() -> dict[str, Any]:
    with open(FILE, encoding="utf-8") as f:
        raw: dict[str, Any] = json.load(f)
    return raw


@pytest.mark.parametrize(("change", "words"), [
    (lambda f: f["units"][0].update(hex="1-Z99"), "not a hex"),
    (lambda f: f.update(rules_level=2), "rules level"),
    (lambda f: f["units"][0].update(type="ger_pz3e"), "rules level 1"),
    (lambda f: f["units"][0].update(facing="E"), "facing"),
    (lambda f: f["reinforcements"][0].update(turn=9), "turn"),
    (lambda f: f.update(scoring_turns=[6]), "scoring_turns"),
    (lambda f: f["victory_hexes"].update({"1-I6": {"vp": 1, "control": "british"}}), "victory hex"),
    (lambda f: f.pop("turns"), "fields"),
])
def test_the_firefight_loader_refuses_bad_data(change: Any, words: str) -> None:
    """data/firefights.json is checked at load against the boards and the counters (DESIGN.md, "Game data")."""
    raw = copy.deepcopy(_raw())
    change(raw[FF1])
    with pytest.raises(DataError, match=words):
        load(raw, dataset())


def test_firefight_1_as_the_sheet_reconstructs_it():
    """PROVENANCE.md, Firefights: 5 turns, 7 CAP each, the crossroads 1 VP a turn, 1 VP a kill, the Soviets
    start with 1 VP; 4 German and 4 Soviet units, two Soviet rifles on turn 2 and German pioneers on turn 3."""
    ff = load(_raw(), dataset())[FF1]
    assert (ff.turns, ff.start_cap, ff.start_vp, ff.vp_per_kill) == (5, {"german": 7, "soviet": 7},
                                                                     {"german": 0, "soviet": 1}, 1)
    assert ff.victory_hexes == {CROSSROADS: 1} and ff.scoring_turns == (1, 2, 3, 4, 5) and ff.rules_level == 1
    assert [r.turn for r in ff.reinforcements] == [2, 2, 3] and len(ff.units) == 8
