"""The shape of LZ Albany's view (``view.view``): what the client may rely on, checked against real
views by tests/contract. Everything is public (§6); the cup shows its contents, never an order.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ...engine.core import Framed, Line

Side = Literal["us", "nva"]


class Counter(TypedDict):
    ref: str
    id: str
    side: str
    area: str | None
    hex: str | None  # the area again, for the board's common code
    # wounded: an officer with a hit (§4.3); the last five are units.GONE
    status: Literal["map", "casualty", "pending", "held", "wounded",
                    "eliminated", "removed", "evacuated", "killed", "exited"]
    name: Line
    short: str
    type: str
    group: str | None
    formation: str
    hits: int
    reduced: bool
    casualty: bool
    markers: list[str]
    fire: NotRequired[int]  # combat units only
    melee: NotRequired[int]


class Drawn(TypedDict):
    """A chit drawn this turn (§4.1): the group it activated and the face it was played on, once chosen."""

    chit: str
    group: str | None
    face: str | None


class Thresholds(TypedDict):
    nva_retreat_at_us_vp: int
    nva_automatic_victory_at: int


# The public part of the frame being decided (``view._step``): its kind and side, and what of
# the frame the players are shown. "from" is a keyword, hence the functional form.
Step = TypedDict("Step", {
    "kind": str, "side": Side,
    "group": NotRequired[str | None], "mode": NotRequired[str | None], "area": NotRequired[str],
    "from": NotRequired[str], "to": NotRequired[str], "at": NotRequired[str], "hits": NotRequired[int],
    "victims": NotRequired[Side], "chit": NotRequired[str], "left": NotRequired[int],
    "adrenaline": NotRequired[bool], "placed": NotRequired[int], "marker": NotRequired[str],
    "units": NotRequired[list[str]], "joined": NotRequired[list[str]], "fired": NotRequired[list[str]],
    "moved": NotRequired[dict[str, list[str]]],  # unit -> [from, to]
    "dice": NotRequired[int], "split": NotRequired[dict[str, int]], "others": NotRequired[list[str]],
    "cap": NotRequired[int | None], "boarded": NotRequired[list[str]],
})


class View(TypedDict):
    turn: int
    turns: int
    phase: str
    night: bool
    counters: list[Counter]
    cup: dict[str, list[str]]  # per side, sorted (§4.1, §6)
    drawn: list[Drawn]
    boxes: dict[str, list[str]]  # group -> the activation chits in its box
    activations: dict[str, int]
    adrenaline: dict[str, bool]
    visibility: bool
    gunship_damaged: list[str]
    vp: dict[str, int]
    thresholds: Thresholds
    nva_retreat: bool
    melee_in_columbus: bool
    lz_albany_control: str | None  # the side with more melee strength in LZ Albany, if either
    lz_albany_strength: dict[str, int]
    casualties_on_map: int
    officer_losses: dict[str, int]  # §4.3, AMBIG-23
    flares: list[str]  # areas
    flares_left: int
    flares_lit: list[str]  # AMBIG-20
    melee_markers: list[str]
    contested: list[str]
    columbus: str
    step: Step | None
    prompt: Line
    log: list[Line]


class Shown(View, Framed):
    """The view as ``make_view`` sends it."""
