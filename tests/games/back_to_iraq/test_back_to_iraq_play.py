"""Whole matches of Back to Iraq on the real data: random playouts of both scenarios with the options off, all on,
and a mixture (no crash, dead end or runaway; an outcome), determinism (replaying the log gives the same state),
and views."""

from __future__ import annotations

import json

import pytest

from server.engine.core import make_view
from server.engine.testing import check_determinism, check_leaks, playout
from server.games.back_to_iraq import RULES

ALL = {o.id: True for o in RULES.options}


@pytest.mark.parametrize(("scenario", "options", "seed"), [
    ("1", {}, b"bti-1"),  # every option off
    ("2", ALL, b"bti-2"),  # every option on
    ("1", {"weather": True, "naval": True, "heavy_attack": True}, b"bti-3"),  # a mixture
    ("1", {"strategic_targets": True, "air_strikes": True, "sof": True, "chemical": True}, b"bti-4"),  # §G, some
])
def test_a_random_match_reaches_an_outcome_and_replays_the_same(scenario: str, options: dict[str, bool],
                                                                 seed: bytes) -> None:
    """§4.4-§4.6, §14.13: uniformly random legal play ends by a victory, the last turn, sudden death or the nuclear
    answer; replaying the actions from the seed gives the same state."""
    result = playout(RULES, scenario, seed, options=options, max_actions=6000, keep_states=True)
    outcome = RULES.outcome(result.final)
    assert outcome is not None and outcome.reason in ("victory", "time", "kuwait", "nuclear", "declaration")
    check_determinism(RULES, result)
    secrets = 0
    for state in result.states[:: max(1, len(result.states) // 25)]:
        for role in ("coalition", "islamic", None):
            view = make_view(RULES, state, role)
            json.dumps(view, ensure_ascii=False)
            assert view["turn"] == state["turn"] and len(view["counters"]) >= 1
        # digest §10.1: the basic game hides nothing, so every role gets the same board; the strategic targets
        # (§G1) are the one secret, which check_leaks varies
        assert make_view(RULES, state, "coalition")["counters"] == make_view(RULES, state, None)["counters"]
        secrets += check_leaks(RULES, state)
    assert (secrets > 0) == bool(options.get("strategic_targets"))
