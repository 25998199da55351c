"""Whole-match checks for LZ Albany: random playouts, determinism, and the secret of the cup (§6)."""

from __future__ import annotations

import copy
import json
import re

import pytest

from server.engine.core import apply_action, canonical, make_view
from server.engine.testing import check_determinism, check_leaks, playout
from server.games.lz_albany import RULES
from server.games.lz_albany.data import dataset

SEEDS = [f"lz-{i}".encode() for i in range(6)]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_finishes(seed: bytes) -> None:
    """Random legal play always reaches an outcome: no dead end, no runaway."""
    result = playout(RULES, "historical", seed, max_actions=5000)
    assert RULES.outcome(result.final) is not None


def test_random_playout_with_dice_overstack_option_finishes() -> None:
    """AMBIG-7: the "dice" reading of overstacked fire plays too."""
    result = playout(RULES, "historical", b"dice", options={"overstack": "dice"}, max_actions=5000)
    assert RULES.outcome(result.final) is not None


def test_random_playout_is_deterministic() -> None:
    for seed in SEEDS[:2]:
        check_determinism(RULES, playout(RULES, "historical", seed, max_actions=5000))


def test_views_before_a_draw_are_identical_whatever_the_cup_order() -> None:
    """§6 / the issue: the order of the cup is unknown to both players until each chit is drawn.

    At every step of random matches, a state with another seed (so other future draws and dice)
    gives every role, and spectators, a byte-identical view.
    """
    checks = 0
    for seed in SEEDS[:2]:
        result = playout(RULES, "historical", seed, max_actions=5000, keep_states=True)
        for state in result.states[::4]:
            checks += check_leaks(RULES, state, variants=1)
    assert checks > 200


def test_a_different_seed_really_changes_the_draws() -> None:
    """The variant used by the leak test is not vacuous: the next draw differs for some seed."""
    s = RULES.setup("historical", {}, b"x")
    while s["phase"] != "action":
        s = apply_action(RULES, s, next(iter(RULES.active_roles(s))), RULES.legal_actions(s, "nva")[0])
    firsts = set()
    for k in range(12):
        other = RULES.hidden_variant(s, "us", k)
        assert other is not None
        firsts.add(canonical(other["rng"]))
    assert len(firsts) == 12


def test_no_view_contains_the_seed_or_the_rng() -> None:
    result = playout(RULES, "historical", b"canary", max_actions=5000, keep_states=True)
    for state in result.states[::25]:
        for role in ("us", "nva", None):
            text = json.dumps(make_view(RULES, state, role))
            assert state["rng"]["seed"] not in text and '"rng"' not in text


def test_every_message_key_used_in_the_log_exists() -> None:
    """Every log, prompt and action key has an English and a Japanese text."""
    messages = dataset().messages
    result = playout(RULES, "historical", b"msgs", max_actions=5000, keep_states=True)
    keys: set[str] = set()
    for state in [*result.states[::10], result.final]:
        v = make_view(RULES, state, "us")
        keys |= set(re.findall(r'"key": "([^"]+)"', json.dumps(v)))
        keys |= {f"action.{a['type']}" for a in RULES.legal_actions(state, "us") + RULES.legal_actions(state, "nva")}
    missing = sorted(k for k in keys if k not in messages["en"] or k not in messages["ja"])
    assert not missing


def test_static_data_is_an_area_board() -> None:
    data = copy.deepcopy(RULES.static_data())
    assert data["board"]["kind"] == "area" and "LZ_ALBANY" in data["board"]["areas"]
    assert set(data) >= {"board", "counters", "messages", "tables"}
