"""The shape of the Bulge's view (``view.view``): what the client may rely on, checked against real
views by tests/contract. Nothing is secret (digest §6); under the fog-of-war option the enemy units
out of sight are left out of ``counters`` (and remembered in ``last_seen``).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ...engine.core import Framed, Line

Side = Literal["german", "allied"]


class Entry(TypedDict):
    """A reinforcement's turn and entry code (§9.3)."""

    turn: int
    code: str | None


class Counter(TypedDict):
    ref: str
    id: str
    side: Side
    hex: str | None
    face: Literal["up"]
    status: Literal["map", "offmap", "exited", "escaped", "guard", "eliminated", "aborted", "unused"]
    name: Line
    nation: str
    army: str | None
    division: str | None
    designation: str
    mechanised: bool
    commando: bool
    attack: int
    defence: int
    steps: int
    markers: list[str]  # isolated, out_of_supply, option_retreat
    entry: NotRequired[Entry]  # a reinforcement off the map
    mp_left: NotRequired[float]  # the moving player's, in the movement step
    moved: NotRequired[bool]
    attacked: NotRequired[bool]  # in the combat steps


class Threshold(TypedDict):
    """§13.1: the VP at which a side wins at the end of this turn, if any."""

    german: int | None
    allied: int | None


class Mover(TypedDict):
    units: list[str]
    mode: str


class Shift(TypedDict):
    reason: Line
    shift: int


class Odds(TypedDict):
    """A declared attack as the attacker can judge it (§8.2-§8.4): raw column, shifts, final column,
    the chance of each result."""

    at: str
    attackers: list[str]
    attack: int
    defence: int
    raw: str | None
    shifts: list[Shift]
    column: str | None  # None below the minimum odds (§8.2(1))
    odds: str | None
    chances: dict[str, float]
    unit: NotRequired[str]  # a preview: the attacker whose declaration would give these odds


class Attack(TypedDict):
    """The combination being built (``at``) and every declared one, in the combat steps; before a
    declaration, to the attacking player, the odds each one offered would give (§8.3(1))."""

    attackers: list[str]
    at: str | None
    candidates: list[Odds]
    order: list[str]
    previews: list[Odds]


class Task(TypedDict):
    """What a side must do now after a combat or a move (losses, retreats, pursuit, a guard, ...).
    Under fog of war the enemy's task shows its kind and side only."""

    kind: str
    side: str | None
    hexes: NotRequired[list[str] | int]  # fortress: the hexes held; retreats: how far
    option: NotRequired[bool]
    count: NotRequired[int]
    even: NotRequired[bool]  # §8.7: the attacker spreads its losses over its stacks
    stacks: NotRequired[dict[str, str]]  # §8.7: unit -> the hex of its stack when the losses began
    unit: NotRequired[str]
    origin: NotRequired[str]
    left: NotRequired[int]
    path: NotRequired[list[str]]
    extended: NotRequired[bool]
    units: NotRequired[list[str]]
    entry: NotRequired[str]
    hex: NotRequired[str]
    steps: NotRequired[int]
    stopped: NotRequired[bool]


class Combat(TypedDict):
    """The combat being resolved and its result (§8.3(5))."""

    at: str
    attackers: list[str]
    defenders: list[str]
    result: str
    task: Task | None


class Air(TypedDict):
    """§10: fighter-bomber markers left this turn, support markers by hex, interdicted and supplied hexes."""

    fb_left: int
    support: dict[str, str]
    interdiction: list[str]
    supply: list[str]


class Setup(TypedDict):
    """§9.1-§9.2, the free set-up: who places, how many units are left, the selected one (under fog
    of war, to its owner only)."""

    side: Side
    left: int
    selected: NotRequired[str | None]


class LastSeen(TypedDict):
    """Under fog of war: an enemy unit out of sight where the side last saw it."""

    ref: str
    side: Side
    hex: str
    turn: int
    name: Line
    last_seen: Literal[True]


Problem = Literal["sides", "limit", "nations", "armies", "divisions", "british_brigades"]  # units.stack_problem


class StackProblem(TypedDict):
    """§6.2: a hex whose stack breaks a limit now (to be put right by the end of the phase, §6.3)."""

    hex: str
    problem: Problem


class View(TypedDict):
    turn: int
    turns: int
    player: Side
    phase: str
    step: str
    counters: list[Counter]
    vp: int
    thresholds: dict[str, Threshold]  # by turn
    occupied: dict[str, str]  # §13.3: hex -> side
    reinforcements: dict[str, list[str]]  # turn due -> units
    mover: Mover | None
    attack: Attack | None
    combat: Combat | None
    prompt: Line
    stacking: list[StackProblem]  # the moving player's broken stacks, while it moves (§6.3)
    lines: dict[str, list[str]]  # §9.6: the army boundaries
    air: Air
    broken_through: list[str]  # §13.5
    skorzeny: str | None  # §9.5(1)
    commando_roads: list[str]  # §9.5(2)
    fog_of_war: bool
    setup: Setup | None
    last_seen: list[LastSeen]
    log: list[Line]


class Shown(View, Framed):
    """The view as ``make_view`` sends it."""
