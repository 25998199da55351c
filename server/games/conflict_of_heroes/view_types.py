"""The shape of Conflict of Heroes' view (``view.view``): what the client may rely on, checked against real views
by tests/contract. At rules level 1 nothing is hidden, so no key depends on who looks."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ...engine.core import Framed, Line

Side = Literal["german", "soviet"]


class Unit(TypedDict):
    """A unit counter: on the map (hex, facing), waiting beside it (a reinforcement, §5.1), or destroyed (§7.3)."""

    id: str
    side: Side
    type: str
    name: Line
    status: Literal["map", "waiting", "destroyed"]
    hex: str | None
    facing: str | None
    used: bool  # §3.0: the red-line side
    activated: bool
    counter: str | None  # §7.4: the hit counter under it, face up
    ap: NotRequired[int]  # the activated unit's AP left
    enters: NotRequired[int]  # a reinforcement's turn


class Period(TypedDict):
    """Digest §4.3: the active player's period: the activated unit and its AP, whether he has activated one yet,
    the actions taken so far."""

    player: Side
    unit: str | None
    ap: int
    activated: bool
    actions: int


class Fire(TypedDict):
    """A fire being resolved (§7.7): the firer, the target hex, the units still to roll against."""

    firer: str
    at: str
    left: list[str]


class View(TypedDict):
    firefight: str
    turn: int
    turns: int
    scoring_turns: list[int]
    step: str | None  # the kind of decision waited on: declare, act, reaction, face, roll
    units: list[Unit]
    period: Period | None
    cap: dict[str, int]
    vp: dict[str, int]
    control: dict[str, Side | None]  # victory hex -> who controls it (AMBIG-25)
    victory_hexes: dict[str, int]  # victory hex -> VP on each scoring turn
    initiative: dict[str, int | None] | None  # the CAP declared for the initiative roll
    fire: Fire | None
    prompt: Line
    log: list[Line]


class Shown(View, Framed):
    """The view as ``make_view`` sends it."""
