"""The shape of Shimada's view (``view.view``): what the client may rely on, checked against real
views by tests/contract. A key the client may not get is ``NotRequired``, with the rule that hides it.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ...engine.core import Framed, Line, Message

Side = Literal["japanese", "british"]


class Counter(TypedDict):
    """A counter on the map, off it, exited or eliminated. §3, §10: a face-down counter shows its
    side and where it is, not what it is (no ``id``, ``kind``, ``cf``, ``ma``, ``name``)."""

    ref: str  # the uid when face up, else a handle
    side: Side
    face: Literal["up", "down"]
    hex: str | None
    status: Literal["map", "offmap", "exited", "eliminated"]
    id: NotRequired[str]
    kind: NotRequired[str]
    cf: NotRequired[int]
    ma: NotRequired[int]
    name: NotRequired[Line]
    mp_left: NotRequired[int]  # the moving player's own, in the movement step
    attacked: NotRequired[bool]  # the attacker's own, from the combat step to the exchange


class Candidate(TypedDict):
    """A defender the attackers being chosen may attack, at these odds (§9): the column, the chance of each
    result as it will stand, and the reasons (the defence factor's, an Ex turned into a De)."""

    at: str
    odds: str
    attack: int
    defence: int
    column: str
    chances: dict[str, float]
    notes: list[Message]


class Attack(TypedDict):
    attackers: list[str]
    candidates: list[Candidate]


class Retreat(TypedDict):
    unit: str
    hexes_left: int


class Advance(TypedDict):
    hex: str
    unit: str | None


class Exchange(TypedDict):
    attackers: list[str]


class View(TypedDict):
    turn: int
    turns: int
    player: Side | None
    step: str
    dawn: bool
    counters: list[Counter]
    slim_entered: bool
    points: dict[str, int]  # §4, as everyone can count them (the omniscient replay: all of them)
    unknown_eliminated: dict[str, int]  # per side: eliminated face down, not counted yet
    attack: Attack | None  # the combat step
    retreat: Retreat | None
    advance: Advance | None
    exchange: Exchange | None
    prompt: Line
    log: list[Line]
    dawn_turn: NotRequired[int]  # §3, §11: the Japanese player's secret until dawn


class Shown(View, Framed):
    """The view as ``make_view`` sends it."""
