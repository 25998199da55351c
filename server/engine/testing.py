"""A testing kit for any game: random playouts, determinism, and the leak check.

- ``playout`` plays a whole match with random legal actions and fails on an exception, a dead
  end (no outcome, yet no active role has a legal action), a runaway (too many actions), or an
  action that changed the state it was applied to.
- ``replay`` rebuilds a state from setup and the action log; equal to the played state or the
  game is not deterministic.
- ``check_leaks`` asks the game for a state that differs only in facts hidden from a role and
  requires that role's view of both to be byte-identical.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .core import Action, Role, Rules, State, apply_action, canonical, make_view


class PlayoutError(AssertionError):
    pass


@dataclass
class Playout:
    seed: bytes
    scenario: str
    options: dict[str, Any]
    final: State
    log: list[tuple[Role, Action]] = field(default_factory=list)
    states: list[State] = field(default_factory=list)  # kept only when asked for


def playout(rules: Rules, scenario: str, seed: bytes, *, options: dict[str, Any] | None = None,
            chooser: random.Random | None = None, max_actions: int = 5000,
            keep_states: bool = False) -> Playout:
    """One match of random legal actions to its end."""
    opts = dict(options or {})
    pick = chooser or random.Random(seed)
    state = rules.setup(scenario, opts, seed)
    result = Playout(seed, scenario, opts, state)
    if keep_states:
        result.states.append(state)
    for _ in range(max_actions):
        if rules.outcome(state) is not None:
            result.final = state
            return result
        choices = [(role, a) for role in sorted(rules.active_roles(state))
                   for a in rules.legal_actions(state, role)]
        if not choices:
            raise PlayoutError(f"dead end after {len(result.log)} actions: no legal action for "
                               f"active roles {sorted(rules.active_roles(state))}")
        role, action = pick.choice(choices)
        before = canonical(state)
        new = apply_action(rules, state, role, action)
        if canonical(state) != before:
            raise PlayoutError(f"applying {action} changed the previous state (a log entry changed in place?)")
        state = new
        result.log.append((role, action))
        if keep_states:
            result.states.append(state)
    raise PlayoutError(f"runaway: no outcome after {max_actions} actions")


def replay(rules: Rules, scenario: str, seed: bytes, log: Iterable[tuple[Role, Action]],
           options: dict[str, Any] | None = None) -> State:
    state = rules.setup(scenario, dict(options or {}), seed)
    for role, action in log:
        state = apply_action(rules, state, role, action)
    return state


def check_determinism(rules: Rules, result: Playout) -> None:
    again = replay(rules, result.scenario, result.seed, result.log, result.options)
    if canonical(again) != canonical(result.final):
        raise PlayoutError("replaying the log gave a different state")


def viewers(rules: Rules) -> list[Role | None]:
    return [*rules.roles, None]


def check_leaks(rules: Rules, state: State, variants: int = 2) -> int:
    """For every role and spectators: hidden variants of ``state`` look the same. Returns checks."""
    checks = 0
    for role in viewers(rules):
        seen = canonical(make_view(rules, state, role))
        for k in range(variants):
            other = rules.hidden_variant(state, role, k)
            if other is None:
                break
            if canonical(other) == canonical(state):
                continue
            if canonical(make_view(rules, other, role)) != seen:
                raise PlayoutError(f"leak: the view of {role or 'spectator'} tells apart two states "
                                   "that differ only in facts hidden from it")
            checks += 1
    return checks
