"""One seeded match between computer levels, for the bot tests: the states it went through."""

from __future__ import annotations

from server.bots import choose
from server.engine.core import State, apply_action
from server.games import GAMES


def playout(game: str, scenario: str, seed: str, levels: dict[str, str], max_actions: int) -> list[State]:
    """The states of one seeded match between ``levels`` (role -> level or ``random``), up to ``max_actions``."""
    rules = GAMES[game]
    state = rules.setup(scenario, {}, seed.encode())
    states = [state]
    for n in range(max_actions):
        if rules.outcome(state) is not None:
            break
        role = sorted(rules.active_roles(state))[0]
        d = choose(game, state, role, levels[role], n, guard=False)
        assert d.action is not None
        state = apply_action(rules, state, role, d.action)
        states.append(state)
    return states
