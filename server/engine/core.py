"""The rules protocol every game implements, and the envelope the framework puts around it.

A game is pure: state in, state out, no I/O, no clock, no globals. The framework, not the game,
decides whether an action may be applied at all (``apply_action``): the match must be running,
the role must be active, and the action must be one of ``legal_actions`` for that role. A game's
own ``apply`` therefore only handles actions that are already known to be legal, on a private
copy of the state, so a rejection can never leave a half-applied change behind.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, NotRequired, Protocol, TypedDict, cast

State = dict[str, Any]
"""A JSON-ready dict. Games keep the whole truth here, secrets included; only views leave."""

Action = dict[str, Any]
"""A small JSON object such as ``{"type": "move", "unit": "J-T1", "to": "0712"}``."""

NOTES = frozenset({"cost", "left", "prev", "stacking"})
"""Keys an offered action may carry for the player's eyes (a move's MP spent and left, the hex before its
destination on the cheapest path, the stacking limit it would break there): not part of what the action is,
so the engine compares without them."""

VIA = "via"
"""Waypoints a client may add to an offered move (``"via": [hex, ...]``); the game checks the path in ``apply``."""

Role = str
Options = Mapping[str, Any]
Message = dict[str, Any]
"""A translatable line: ``{"key": "shimada.log.attack", "args": {...}}``; args may nest messages."""


class Line(TypedDict):
    """A ``Message`` as a view types it: a prompt, a counter's name, a log line (its ``to`` gone)."""

    key: str
    args: NotRequired[dict[str, Any]]

OMNISCIENT = "*"
"""The role that sees everything: used only for the replay of a finished match."""


class IllegalAction(Exception):
    """An action the rules refuse, with a reason a person can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class OutcomeJSON(TypedDict):
    """An ``Outcome`` as it leaves the server (the ``outcome`` of every view, the match's record).

    ``winner`` is a role or a side (None for a draw); ``winners`` the seats that won, computed by the
    platform from the sides (``winners``). A record written before sides existed may lack it
    (``with_winners`` fills it in)."""

    winner: Role | None
    reason: str
    score: dict[Role, int]
    winners: NotRequired[list[Role]]


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning role or side (None for a draw), why, and the points.

    ``reason`` is a member of the game's own ``Reason`` enum (a ``StrEnum``: its spellings listed
    once); it leaves the server as its plain string value.
    """

    winner: Role | None
    reason: StrEnum
    score: Mapping[Role, int] = field(default_factory=dict)

    def to_json(self, winners: Iterable[Role] = ()) -> OutcomeJSON:
        """As it leaves the server; ``winners``: the seats that won (``engine.core.winners``)."""
        return {"winner": self.winner, "reason": _plain(self.reason), "score": dict(self.score),
                "winners": list(winners)}


def _plain(word: str) -> str:
    """The plain string of a reason: an enum member's value (``str()`` of a ``(str, Enum)`` member
    would be ``"Reason.X"``), or the string itself.

    >>> class Reason(StrEnum):
    ...     DRAW = "draw"
    >>> type(_plain(Reason.DRAW)), _plain(Reason.DRAW), _plain("resigned")
    (<class 'str'>, 'draw', 'resigned')
    """
    return str(word.value) if isinstance(word, Enum) else str(word)


@dataclass(frozen=True)
class Scenario:
    id: str
    name: Mapping[str, str]  # language -> name
    description: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionSpec:
    """A match option a creator may set, with its default and allowed values."""

    id: str
    default: Any
    choices: tuple[Any, ...] = ()
    name: Mapping[str, str] = field(default_factory=dict)


class Rules(Protocol):
    """What a game implements. See DESIGN.md, "The rules protocol".

    Two methods are optional (``GameRules`` has defaults; the platform reads them through ``seats_of``
    and ``side_of``, so a rules object without them keeps working):

    - ``seats(scenario, options) -> tuple[Role, ...]``: the roles that are seats of a match of that
      scenario and options (default: every role). A match's seats follow from its scenario and its
      stored options, so the answer must stay the same for a stored match, as ``setup``'s does.
    - ``side_of(role) -> str``: the side a role plays (default: the role itself). Roles of one side win
      and lose together; an ``Outcome.winner`` may name a side.
    """

    id: str
    roles: tuple[Role, ...]
    scenarios: Mapping[str, Scenario]
    options: tuple[OptionSpec, ...]
    names: Mapping[str, str]  # language -> the game's title

    def setup(self, scenario: str, options: Options, seed: bytes) -> State: ...

    def active_roles(self, state: State) -> frozenset[Role]: ...

    def legal_actions(self, state: State, role: Role) -> list[Action]: ...

    def apply(self, state: State, role: Role, action: Action) -> State: ...

    def view(self, state: State, role: Role | None) -> Mapping[str, Any]: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def hidden_variant(self, state: State, role: Role | None, seed: int) -> State | None:
        """A state that differs from ``state`` only in facts hidden from ``role``.

        Used by the leak check: ``role`` must get a byte-identical view of both. Returns None
        when nothing is hidden from that role at this point.
        """
        ...

    def static_data(self) -> dict[str, Any]:
        """Board, counters and message catalogue: public, the same for every match."""
        ...

    def revealed(self, before: State, after: State) -> bool:
        """Whether the action that turned ``before`` into ``after`` made something hidden known to
        anyone (a counter turned face up, a unit came into sight). Random draws need not be
        reported: the framework sees the RNG counter move. An undo never goes back past either."""
        ...


class Flow(Protocol):
    """The sequence of play of a game: what a game's ``rules`` module provides (a module satisfies
    a protocol through its functions)."""

    def setup(self, scenario: str, options: Options, seed: bytes) -> State: ...

    def active_roles(self, state: State) -> frozenset[Role]: ...

    def legal_actions(self, state: State, role: Role) -> list[Action]: ...

    def apply(self, state: State, role: Role, action: Action) -> State: ...

    def outcome(self, state: State) -> Outcome | None: ...


class Seen(Protocol):
    """What leaves the server: what a game's ``view`` module provides. ``view`` returns the game's
    ``View`` TypedDict (a Mapping); ``make_view`` adds the ``Framed`` keys."""

    def view(self, state: State, role: Role | None) -> Mapping[str, Any]: ...

    def hidden_variant(self, state: State, role: Role | None, seed: int) -> State | None: ...

    def revealed(self, before: State, after: State) -> bool: ...


class GameRules:
    """A Rules object whose behaviour lives in two modules of the game package.

    ``flow`` holds the sequence of play (``Flow``) and ``seen`` what leaves the server (``Seen``).
    A game subclass gives its metadata (``id``, ``roles``, ``scenarios``, ``options``, ``names``)
    and ``static_data``.
    """

    id: str
    roles: tuple[Role, ...]
    scenarios: Mapping[str, Scenario]
    options: tuple[OptionSpec, ...] = ()
    names: Mapping[str, str]

    def __init__(self, flow: Flow, seen: Seen) -> None:
        self._flow = flow
        self._seen = seen

    def setup(self, scenario: str, options: Options, seed: bytes) -> State:
        return self._flow.setup(scenario, options, seed)

    def active_roles(self, state: State) -> frozenset[Role]:
        return self._flow.active_roles(state)

    def legal_actions(self, state: State, role: Role) -> list[Action]:
        return self._flow.legal_actions(state, role)

    def apply(self, state: State, role: Role, action: Action) -> State:
        return self._flow.apply(state, role, action)

    def outcome(self, state: State) -> Outcome | None:
        return self._flow.outcome(state)

    def view(self, state: State, role: Role | None) -> Mapping[str, Any]:
        return self._seen.view(state, role)

    def hidden_variant(self, state: State, role: Role | None, seed: int) -> State | None:
        return self._seen.hidden_variant(state, role, seed)

    def revealed(self, before: State, after: State) -> bool:
        return self._seen.revealed(before, after)

    def static_data(self) -> dict[str, Any]:
        raise NotImplementedError

    def seats(self, scenario: str, options: Options) -> tuple[Role, ...]:
        """The seats of a match of ``scenario`` with ``options``: every role unless a game says otherwise."""
        return tuple(self.roles)

    def side_of(self, role: Role) -> str:
        """The side ``role`` plays: the role itself unless a game puts two roles on one side."""
        return role


def seats_of(rules: Rules, scenario: str, options: Options) -> tuple[Role, ...]:
    """The seats of a match of ``scenario`` with ``options`` (``Rules.seats``; every role without it)."""
    fn = getattr(rules, "seats", None)
    seats = tuple(fn(scenario, options)) if fn is not None else tuple(rules.roles)
    unknown = [r for r in seats if r not in rules.roles]
    if unknown or not seats or len(set(seats)) != len(seats):
        raise ValueError(f"{rules.id}: the seats of {scenario!r} are not distinct roles of the game: {seats}")
    return seats


def side_of(rules: Rules, role: Role) -> str:
    """The side ``role`` plays (``Rules.side_of``; the role itself without it)."""
    fn = getattr(rules, "side_of", None)
    return str(fn(role)) if fn is not None else role


def sides_of(rules: Rules, seats: Iterable[Role]) -> dict[Role, str]:
    """seat -> side, in the seats' order."""
    return {r: side_of(rules, r) for r in seats}


def winning_side(rules: Rules, winner: str | None) -> str | None:
    """The side an outcome's ``winner`` names: a role's side, or the side itself (None: a draw)."""
    if winner is None:
        return None
    return side_of(rules, winner) if winner in rules.roles else winner


def winners(rules: Rules, winner: str | None, seats: Iterable[Role]) -> list[Role]:
    """The seats that won: every seat of the winning side (none for a draw)."""
    side = winning_side(rules, winner)
    return [] if side is None else [r for r in seats if side_of(rules, r) == side]


def won(rules: Rules, winner: str | None, role: Role) -> bool | None:
    """Whether ``role`` won (None: a draw)."""
    side = winning_side(rules, winner)
    return None if side is None else side_of(rules, role) == side


def with_winners(rules: Rules, outcome: OutcomeJSON, seats: Iterable[Role]) -> OutcomeJSON:
    """The outcome with its ``winners`` (a record from before sides lacks them: computed here)."""
    if "winners" in outcome:
        return outcome
    return {**outcome, "winners": winners(rules, outcome.get("winner"), seats)}


def canonical(obj: Any) -> str:
    """The one JSON spelling used to compare actions, states and views."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def bare(action: Action) -> Action:
    """An action without its notes and waypoints: what is compared with the offered actions."""
    return {k: v for k, v in action.items() if k not in NOTES and k != VIA}


def describe(action: Any) -> str:
    return canonical(action) if isinstance(action, dict) else repr(action)


def check_action(rules: Rules, state: State, role: Role, action: Any) -> None:
    """Raise IllegalAction unless ``role`` may play ``action`` now. Changes nothing."""
    if role not in rules.roles:
        raise IllegalAction(f"{role!r} is not a role of {rules.id}.")
    if rules.outcome(state) is not None:
        raise IllegalAction("The match is over.")
    active = rules.active_roles(state)
    if role not in active:
        waiting = ", ".join(sorted(active)) or "nobody"
        raise IllegalAction(f"It is not {role}'s turn: waiting for {waiting}.")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction('An action is a JSON object with a "type".')
    wanted = canonical(bare(action))
    offered = next((a for a in rules.legal_actions(state, role) if canonical(bare(a)) == wanted), None)
    if offered is None:
        raise IllegalAction(f"Not a legal action now: {describe(action)}.")
    if VIA in action:
        via = action[VIA]
        if "cost" not in offered:
            raise IllegalAction(f"Only a move to a destination takes waypoints (\"via\"): {describe(bare(action))}.")
        if not (isinstance(via, list) and 0 < len(via) <= 64 and all(isinstance(h, str) for h in via)):
            raise IllegalAction('"via" is a list of one to 64 places, in the order the move passes them.')


def private_copy(state: State) -> State:
    """A copy the game may change freely, except that log entries are shared, not copied.

    Log entries are immutable once appended: a game adds lines, or replaces a line with a new
    dict, but never changes one in place. Sharing them keeps an action O(state) rather than
    O(state + whole log), which matters in long matches. ``testing.playout`` checks the rule.
    """
    return {k: (list(v) if k == "log" else json_copy(v)) for k, v in state.items()}


_ATOMS = (str, int, float, bool, type(None), frozenset)


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-like data, several times faster than ``copy.deepcopy`` (no memo, no
    dispatch table); anything else falls back to ``deepcopy``."""
    kind = type(value)
    if kind is dict:
        return {k: json_copy(v) for k, v in value.items()}
    if kind is list:
        return [json_copy(v) for v in value]
    if kind is tuple:
        return tuple(json_copy(v) for v in value)
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


def apply_action(rules: Rules, state: State, role: Role, action: Any) -> State:
    """Check, then apply on a copy. The given state is never modified."""
    check_action(rules, state, role, action)
    return rules.apply(private_copy(state), role, json_copy(action))


class Framed(TypedDict):
    """What ``make_view`` adds to every game's view: a game's full view type is its ``View`` and
    this (``class Shown(View, Framed)``), checked against real views by tests/contract."""

    active: list[Role]
    actions: list[Action]
    outcome: OutcomeJSON | None


def make_view(rules: Rules, state: State, role: Role | None,
              seats: Iterable[Role] | None = None) -> dict[str, Any]:
    """The game's view plus what the framework adds (``Framed``): legal actions, who is active, the
    outcome (its ``winners`` among ``seats``, the match's seats; every role when not given).

    ``role`` None is a spectator. This is the only way state leaves the server.
    """
    view = dict(rules.view(state, role))
    outcome = rules.outcome(state)
    active = rules.active_roles(state) if outcome is None else frozenset()
    view["active"] = sorted(active)
    view["actions"] = rules.legal_actions(state, role) if role in active and role is not None else []
    seated = tuple(rules.roles) if seats is None else tuple(seats)
    view["outcome"] = outcome.to_json(winners(rules, outcome.winner, seated)) if outcome else None
    return view


def visible_log(log: list[dict[str, Any]], role: Role | None) -> list[Line]:
    """The log lines ``role`` may read: each line says ``to`` (None for public, or roles)."""
    out = []
    for entry in log:
        to = entry.get("to")
        if to is None or role == OMNISCIENT or (role is not None and role in to):
            out.append({k: v for k, v in entry.items() if k != "to"})
    return cast(list[Line], out)  # a log entry is a Message with its readers (tests/contract checks)
