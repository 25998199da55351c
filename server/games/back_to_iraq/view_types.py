"""The shape of Back to Iraq's view (``view.view``): what the client may rely on, checked against real views by
tests/contract. The basic game hides nothing (digest §10.1): every role gets the same board."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ...engine.core import Framed, Line

Side = Literal["coalition", "islamic"]


class Counter(TypedDict):
    ref: str
    id: str
    side: Side
    hex: str | None
    face: Literal["up"]
    # neutralized: an SOF off the map (§G3.7); available: the Israeli division that may come (§G5.2(2))
    status: Literal["map", "setup", "available", "eliminated", "neutralized"]
    name: Line
    nation: str
    type: str
    size: str
    movement_class: Literal["mech", "nonmech", "airmobile", "static", "sof"]  # §2.8; dismounted: nonmech (§10.21)
    attack: int
    defence: int
    ma: int
    steps: int
    max_steps: int
    reduced: bool
    markers: list[Literal["out_of_supply", "dismounted", "no_zoc", "suppressed", "out_of_command",
                           "air_moved"]]  # §G4.6, §G4.2
    mp_left: NotRequired[float]  # the phasing player's units in its movement phase
    moved: NotRequired[bool]
    attacked: NotRequired[bool]  # in a combat phase
    returns: NotRequired[int]  # a neutralized SOF: the turn it comes back (§G3.7)


class Regroup(TypedDict):
    marker: int  # §9.2: the turn the Regroup marker is on
    now: Literal["forced", "voluntary"] | None


class Setup(TypedDict):
    side: Side
    selected: str | None


class Shift(TypedDict):
    reason: Line
    shift: int


class Candidate(TypedDict):
    """An attack with its odds (frontend common/odds.js): the unmodified odds, every shift, the final column or
    the automatic result beyond the table, and the chance of each result."""

    at: str
    attackers: list[str]
    attack: int
    defence: int
    raw: str
    odds: str
    shifts: list[Shift]
    column: str
    auto: str | None
    chances: dict[str, float]


class Attack(TypedDict):
    current: str | None  # the hex of the attack being made, else None (every hex that may be attacked)
    eligible: list[str]
    candidates: list[Candidate]


class Task(TypedDict):
    kind: Literal["retreat", "lose_step", "advance"]
    side: Side
    at: str
    units: NotRequired[list[str]]


class StackProblem(TypedDict):
    hex: str
    side: Side


class Need(TypedDict):
    iraqi_cities: int
    iranian_cities: int
    s1_needed: int
    s2_needed_iraqi: int
    s2_needed_iranian: int


class Victory(TypedDict):
    met: bool
    iraqi_cities: int
    iranian_cities: int
    need: Need


class Target(TypedDict):
    """§G1: a strategic-target marker placed (on the map or removed). ``kind`` is None for whoever may not see it."""

    id: str
    hex: str
    face: Literal["down", "up"]
    status: Literal["map", "removed"]
    kind: str | None
    risen: bool  # §G1 Rebellion: risen for good
    neutralized: NotRequired[bool]  # §G5.6: the SOW has it out of action to the end of the next Regroup phase


class Targets(TypedDict):
    """§G1: the markers, the ones still in the cup at set-up, and the Islamic player's placement under way."""

    markers: list[Target]
    cup: int
    stage: Literal["choose", "draw"] | None
    selected: str | None  # the kind he is placing: his eyes only
    israel: int | None  # §G1.5: the turn of the Israeli retaliation


class AirPlaced(TypedDict):
    at: str
    air: Literal["conventional", "stealth", "recon", "israeli", "sow"]


class AirStrikes(TypedDict):
    """§G2: the air-strike sub-phase under way: the turn's strikes, the Israeli ones, placed, left, the targets."""

    strikes: int
    israeli: int
    placed: list[AirPlaced]
    left: dict[str, int]
    targets: list[str]


class View(TypedDict):
    scenario: Literal["1", "2"]
    turn: int
    turns: int
    phase: Literal["setup", "weather_regroup", "movement", "combat", "recovery"]
    player: Side
    step: str | None  # the kind of decision the match waits on
    weather: Literal["fair", "bad"]
    order: Literal["move_first", "combat_first"] | None
    regroup: Regroup
    mipp: int
    mipp_limit: int
    counters: list[Counter]
    control: dict[str, Side]
    lost_sources: list[str]
    air_supply: str | None
    burst: str | None  # §14.9: the Nuclear Burst marker's hex, to the end of the game turn
    ruined: dict[str, Literal["city", "town"]]  # §14.12: places a nuclear hit destroyed
    mover: str | None
    setup: Setup | None
    attack: Attack | None
    task: Task | None
    stacking: list[StackProblem]
    victory: Victory
    targets: Targets | None  # §G1, with the option strategic_targets
    air: AirStrikes | None  # §G2, during the air-strike sub-phase
    prompt: Line
    log: list[Line]


class Shown(View, Framed):
    """What a role is sent: the game's view and the framework's keys."""
