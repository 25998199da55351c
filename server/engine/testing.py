"""A testing kit for any game: random playouts, determinism, the leak check, and rule-test situations.

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
from typing import Any, ClassVar, Self

from . import rng
from .core import Action, Role, Rules, State, apply_action, canonical, json_copy, make_view


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


# === Situations for rule tests ===

@dataclass(frozen=True)
class Line:
    """One log line: its message key, its arguments, and its readers (``to``: None for everyone)."""

    key: str
    args: dict[str, Any]
    to: list[Role] | None = None


class Kit:
    """The verbs of a rule test, bound to one game's rules; each takes the state it speaks about.

    A toy game to show them: one shot a turn, a 6 hits.

    >>> class Duel:
    ...     roles = ("red", "blue")
    ...     def active_roles(self, s): return frozenset() if self.outcome(s) else frozenset({s["turn"]})
    ...     def legal_actions(self, s, role): return [{"type": "fire"}] if role == s["turn"] else []
    ...     def outcome(self, s): return "over" if any(u["hit"] for u in s["units"].values()) else None
    ...     def view(self, s, role): return {"units": s["units"]}
    ...     def apply(self, s, role, action):
    ...         die = rng.roll(s)
    ...         target = "b1" if role == "red" else "r1"
    ...         s["units"][target]["hit"] = die == 6
    ...         s["log"].append({"key": "log.fire", "args": {"die": die}, "to": None})
    ...         s["turn"] = "blue" if role == "red" else "red"
    ...         return s
    >>> kit = Kit(Duel())
    >>> units = {"r1": {"hex": None, "hit": False}, "b1": {"hex": None, "hit": False}}
    >>> p = Position(kit, {"rng": rng.init(b"duel"), "turn": "red", "units": units, "log": []})
    >>> s = p.place("r1", "0101").place("b1", "0105", hit=False).force(2, 6).state
    >>> kit.active(s), kit.legal(s), kit.types(s)
    ('red', [{'type': 'fire'}], ['fire'])
    >>> s = kit.act(s, {"type": "fire"}, {"type": "fire"})
    >>> kit.last_line(s)
    Line(key='log.fire', args={'die': 6}, to=None)
    >>> [line.args["die"] for line in kit.lines(s, "fire")], kit.unit(s, "r1")["hit"]
    ([2, 6], True)
    >>> kit.act(s, {"type": "fire"}, role="blue")
    Traceback (most recent call last):
    ...
    server.engine.core.IllegalAction: The match is over.
    >>> kit.active(s)
    Traceback (most recent call last):
    ...
    AssertionError: one role to act expected, not []
    """

    def __init__(self, rules: Rules, *, log_prefix: str = "log.") -> None:
        self.rules = rules
        self.log_prefix = log_prefix

    def active(self, state: State) -> Role:
        """The one role to act (a test that meets two at once names the role it means)."""
        roles = sorted(self.rules.active_roles(state))
        if len(roles) != 1:
            raise AssertionError(f"one role to act expected, not {roles}")
        return roles[0]

    def legal(self, state: State, role: Role | None = None) -> list[Action]:
        """The legal actions of ``role``, by default of the role to act."""
        return self.rules.legal_actions(state, role or self.active(state))

    def types(self, state: State, role: Role | None = None) -> list[str]:
        """The types of the legal actions, in the order offered."""
        return [a["type"] for a in self.legal(state, role)]

    def act(self, state: State, *actions: Action, role: Role | None = None) -> State:
        """The state after ``actions``, each checked as the framework checks it (legal, by an active role),
        each by ``role`` or else by the role to act at that moment. The given state is not changed."""
        for action in actions:
            state = apply_action(self.rules, state, role or self.active(state), action)
        return state

    def view(self, state: State, role: Role | None) -> dict[str, Any]:
        """What ``role`` (None: a spectator) is sent, legal actions and outcome included."""
        return make_view(self.rules, state, role)

    def force(self, state: State, *dice: int) -> State:
        """The next draws of the match RNG give ``dice`` (engine.rng.force); the same state, for chaining."""
        rng.force(state, *dice)
        return state

    def unit(self, state: State, uid: str) -> dict[str, Any]:
        """A unit's record (each game keeps its units in ``state["units"]``)."""
        rec: dict[str, Any] = state["units"][uid]
        return rec

    def lines(self, state: State, key: str | None = None) -> list[Line]:
        """The log lines, oldest first; with ``key`` (without the game's prefix) only the lines of that key."""
        return [Line(e["key"], e.get("args", {}), e.get("to")) for e in state["log"]
                if key is None or e["key"] == self.log_prefix + key]

    def last_line(self, state: State, key: str | None = None) -> Line:
        """The last log line, or the last of ``key``; a test that expects one fails without it."""
        found = self.lines(state, key)
        if not found:
            raise AssertionError(f"no log line {self.log_prefix}{key or '*'}")
        return found[-1]


class Position:
    """A situation under construction: one state of one game, units placed where a test says, dice forced.

    ``where`` names the unit field that says where it stands (a hex, an area); ``placed`` the fields a unit
    placed on the map takes unless the call says otherwise. Games subclass it in their test fixtures.
    """

    where: ClassVar[str] = "hex"
    placed: ClassVar[dict[str, Any]] = {"status": "map"}

    def __init__(self, kit: Kit, state: State) -> None:
        self.kit = kit
        self.state = state

    def place(self, uid: str, where: str | None, **fields: Any) -> Self:
        """``uid`` stands at ``where``, with ``fields`` over the ``placed`` defaults (copied: a unit's list
        is its own)."""
        self.state["units"][uid].update({self.where: where, **json_copy(self.placed), **fields})
        return self

    def force(self, *dice: int) -> Self:
        self.kit.force(self.state, *dice)
        return self
