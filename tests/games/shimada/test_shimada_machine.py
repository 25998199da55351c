"""Shimada on the step machine (engine.steps): a state stored before the machine (no ``stack``)
plays on exactly as the same state with its stack, at every step of whole random matches."""

from __future__ import annotations

import pytest
from shimada_dsl import Pos, act, die_for

from server.engine.core import apply_action, canonical
from server.engine.testing import playout
from server.games.shimada import RULES


@pytest.mark.parametrize("seed", [b"machine-1", b"machine-2", b"machine-3"])
def test_a_state_without_a_stack_plays_on_the_same(seed: bytes) -> None:
    match = playout(RULES, "slim_river", seed, keep_states=True)
    steps = {s["step"] for s in match.states}
    assert {"dawn_choice", "movement", "combat", "recovery"} <= steps
    for state, (role, action) in zip(match.states, match.log, strict=False):
        old = {k: v for k, v in state.items() if k != "stack"}
        assert RULES.active_roles(old) == RULES.active_roles(state)
        assert RULES.legal_actions(old, role) == RULES.legal_actions(state, role)
        assert canonical(apply_action(RULES, old, role, action)) == canonical(apply_action(RULES, state, role, action))


def test_a_state_without_a_stack_in_an_exchange_plays_on_the_same() -> None:
    """§9 Ex (the attacking player's choice of the attacker lost) is rare in random matches."""
    pos = Pos(step="combat", player="british").place("B-ARG", "0307").place("B-PUN", "0309").place("J-T1", "0308")
    s = act(pos.force(die_for("1:1", "Ex")).state, {"type": "attack_with", "unit": "B-ARG"},
            {"type": "attack_with", "unit": "B-PUN"}, {"type": "attack", "at": "0308"})
    assert s["step"] == "exchange"
    old = {k: v for k, v in s.items() if k != "stack"}
    lose = {"type": "lose", "unit": "B-PUN"}
    assert RULES.legal_actions(old, "british") == RULES.legal_actions(s, "british")
    assert canonical(apply_action(RULES, old, "british", lose)) == canonical(apply_action(RULES, s, "british", lose))
