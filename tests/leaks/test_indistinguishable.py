"""Indistinguishability over whole random matches: at each step, every role and the spectators get a
byte-identical view of the state and of a variant differing only in facts hidden from them.

This reuses ``server.engine.testing.check_leaks`` (which asks the game's ``hidden_variant`` for each of
``viewers(rules)``: every role, and ``None``, the spectators) over a whole match per game, to its end:
Shimada and the toy at every step; LZ Albany and Bulge (fog of war, the only Bulge option that hides
anything; a steered random chooser so a whole match of 13 days stays short) at about 150 evenly spread
steps by default, and at every step with ``LEAK_EVERY_STEP=1`` (or ``FUZZ_EXAMPLES`` set).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from server.engine.core import Rules
from server.engine.testing import check_leaks, playout, viewers
from server.games import GAMES
from tests.support.toy import TOY

EVERY_STEP = bool(os.environ.get("LEAK_EVERY_STEP") or os.environ.get("FUZZ_EXAMPLES"))


class Steered(random.Random):
    """``testing.playout``'s chooser: picks an action type first (weighted), then an action of that type,
    so a big game's random match ends in hundreds of actions rather than thousands of single-hex moves."""

    def __init__(self, seed: bytes, weights: dict[str, float]) -> None:
        super().__init__(seed)
        self.weights = weights

    def choice(self, seq: Any) -> Any:
        if not self.weights or not seq or not isinstance(seq[0], tuple):
            return super().choice(seq)
        types = sorted({a["type"] for _, a in seq})
        kind = self.choices(types, weights=[self.weights.get(t, 1.0) for t in types])[0]
        return super().choice([c for c in seq if c[1]["type"] == kind])


# Hidden variants compared per state and viewer (default: 1 when spread, 2 at every step). The Bulge has one
# kind of variant per k (server/games/bulge/fog.py VARIANTS: anywhere, entry hexes, the edge of sight, roads).
VARIANTS = {"bulge": 4}

CASES: list[tuple[str, str, dict[str, Any], dict[str, float], int, int]] = [
    # game, scenario, options, chooser weights, states checked by default (0: all), matches
    ("toy", "race", {}, {}, 0, 3),  # not "long": its "show" reveals a secret the toy's hidden_variant still varies
    ("shimada", "slim_river", {}, {}, 0, 3),
    ("lz_albany", "historical", {}, {}, 100, 1),
    ("bulge", "historical", {"fog_of_war": True}, {"end_phase": 3.0, "move": 2.0}, 120, 1),
    # the strategic targets are its only secret (§10.1); Scenario 2 has more markers and Iran
    ("back_to_iraq", "2", {"strategic_targets": True, "air_strikes": True, "sof": True, "c2": True},
     {"reveal_target": 0.02, "end_movement": 2.0}, 150, 1),
]


@pytest.mark.parametrize(("game", "scenario", "options", "weights", "budget", "matches"), CASES,
                         ids=[c[0] for c in CASES])
def test_whole_match_is_blind_to_hidden_facts(game: str, scenario: str, options: dict[str, Any],
                                              weights: dict[str, float], budget: int, matches: int) -> None:
    rules: Rules = TOY if game == "toy" else GAMES[game]
    assert None in viewers(rules) and set(rules.roles) <= set(viewers(rules))  # spectators are checked too
    actions = checked = checks = 0
    for n in range(matches):
        seed = f"indistinguishable {game} {n}".encode()
        result = playout(rules, scenario, seed, options=options, chooser=Steered(seed, weights), keep_states=True,
                         max_actions=8000)
        assert rules.outcome(result.final) is not None
        states = result.states
        stride = 1 if EVERY_STEP or not budget else max(1, len(states) // budget)
        picked = states[::stride]
        if picked[-1] is not states[-1]:
            picked.append(states[-1])
        variants = VARIANTS.get(game, 1 if budget else 2)
        checks += sum(check_leaks(rules, s, variants=variants) for s in picked)
        actions, checked = actions + len(result.log), checked + len(picked)
    print(f"\nindistinguishable {game}: {matches} whole matches, {actions} actions, {checked} states checked "
          f"({'every step' if checked == actions + matches else 'evenly spread'}), {checks} view pairs compared")
    assert checks > 0
