"""Every game replays its golden recordings (tests/golden/recording.py) to the same views, byte for byte:
every role's and the spectators', at every step, legal actions included."""

from __future__ import annotations

import pytest

from server.engine.core import apply_action
from server.games import GAMES
from tests.golden.recording import PLANS, load, views


@pytest.mark.parametrize("game", sorted(PLANS))
def test_golden_replays_give_the_recorded_views(game: str) -> None:
    rules, data = GAMES[game], load(game)
    assert len(data["matches"]) == PLANS[game].matches
    for n, match in enumerate(data["matches"]):
        state = rules.setup(match["scenario"], dict(match["options"]), bytes.fromhex(match["seed"]))
        assert views(rules, state) == match["views"][0], f"{game} match {n}: the set-up's views changed"
        for step, (role, action) in enumerate(match["actions"], start=1):
            state = apply_action(rules, state, role, action)
            assert views(rules, state) == match["views"][step], (
                f"{game} match {n}, step {step} ({role}: {action}): the views changed (viewers "
                f"{data['viewers']}, recorded at {data['commit']})")
