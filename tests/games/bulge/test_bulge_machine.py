"""The Bulge on the step machine (engine.steps): a state stored before the machine (no ``stack``; the steps
still to come before the phase's main one in ``presteps``) plays on exactly as the same state with its
stack, at every step of seeded matches that seek combat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from bulge_fixtures import World, act

from server.engine.core import Action, Role, State, apply_action, canonical
from server.games.bulge import RULES

SEEK = ("declare", "resolve", "order", "move", "end_lines", "aopt", "lose_step", "retreat", "pursue", "remove")


def old_style(state: State) -> State:
    """The state as the sequence of play kept it before the machine: ``presteps`` instead of the stack."""
    old = {k: v for k, v in state.items() if k != "stack"}
    steps = [f["kind"] for f in state["stack"][2:] if f["kind"] != "tasks"]
    old["presteps"] = [*reversed(steps[1:-1]), steps[0]] if len(steps) > 1 else []
    return old


def choose(state: State, pick: random.Random) -> tuple[Role, Action]:
    choices = [(r, a) for r in sorted(RULES.active_roles(state)) for a in RULES.legal_actions(state, r)
               if a["type"] != "undeclare"]
    seek = [c for c in choices if c[1]["type"] in SEEK]
    if any(a["type"] == "declare" for _, a in choices) and pick.random() < 0.9:
        seek = [c for c in choices if c[1]["type"] == "declare"]
    ends = [c for c in choices if c[1]["type"] == "end_phase"]
    if ends and pick.random() < 0.3:
        return ends[0]
    return pick.choice(seek if seek and pick.random() < 0.8 else choices)


@pytest.mark.parametrize(("scenario", "fog", "seed"), [("historical", False, b"machine-historical-False"),
                                                       ("historical", True, b"machine-historical-True-1"),
                                                       ("free_setup", False, b"machine-free_setup-False-3")])
def test_a_state_without_a_stack_plays_on_the_same(scenario: str, fog: bool, seed: bytes) -> None:
    pick = random.Random(seed)
    state = RULES.setup(scenario, {"fog_of_war": fog}, seed)
    seen: set[str] = set()
    for _ in range(500):
        if RULES.outcome(state) is not None:
            break
        old = old_style(state)
        role, action = choose(state, pick)
        assert RULES.active_roles(old) == RULES.active_roles(state)
        assert RULES.legal_actions(old, role) == RULES.legal_actions(state, role)
        new = apply_action(RULES, state, role, action)
        assert canonical(apply_action(RULES, old, role, action)) == canonical(new)
        seen.add(state["step"])
        seen.update(f"task:{t['kind']}" for t in state["pending"])
        state = new
    wanted: set[Any] = {"move", "lines", "air_interdiction", "declare", "resolve"}
    assert wanted | ({"setup"} if scenario == "free_setup" else set()) <= seen
    assert any(s.startswith("task:") for s in seen)


def test_a_state_without_a_stack_at_the_end_of_the_player_turn_plays_on_the_same() -> None:
    """§12.4: the owner of an isolated fortress stack picks the unit losing the step (step "supply"), rare in
    random matches; then the player turn ends."""
    w = World(places={"0202": "fortress"})
    s = (w.pos(phase="combat_2").place("G-PZ1", "0202", supply="isolated").place("G-PZ2", "0202", supply="isolated")
         .place("U-INF1", "0108").begin())
    s = act(s, {"type": "end_declarations"})
    assert s["step"] == "supply" and s["pending"]
    old = old_style(s)
    lose = {"type": "isolation_loss", "unit": "G-PZ2"}
    assert RULES.legal_actions(old, "german") == RULES.legal_actions(s, "german")
    assert canonical(apply_action(RULES, old, "german", lose)) == canonical(apply_action(RULES, s, "german", lose))
