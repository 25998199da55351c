"""§G5.5: additional Coalition airmobility, the match option ``airmobility``. Each turn, in its movement phase, the
Coalition may pick up LOST-53 US light infantry, mountain, marine or airborne unit(s) and place each up to LOST-54
hexes away, over any terrain and enemy units. Read from ``counters.json``: a US unit with the tag ``light``,
``mountain``, ``marine`` or ``airborne`` (the 10th Mountain, the two Marine divisions, the 82nd, the 173rd and the
101st), never an SOF. A destination move (``air_move_unit`` with ``unit`` and ``to``). The turn's count is
``state["airmobility"]`` (``turn``, ``used``); an air-moved unit keeps the turn in ``air_moved``.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, IllegalAction, State
from ...engine.steps import Frame
from .board import WATER
from .control import enter
from .forces import ENEMY, board, log, occupied, on_map, spec, tables, unit
from .supply import Lines
from .terrain import neutral

OPTION = "airmobility"
TAGS = ("light", "mountain", "marine", "airborne")


def on(state: State) -> bool:
    return bool(state["options"].get(OPTION))


def eligible(state: State, uid: str) -> bool:
    s = spec(state, uid)
    return s.nation == "us" and s.movement_class != "sof" and bool(set(TAGS) & s.tags)


def moves_left(state: State) -> int:
    book: dict[str, Any] = state.get("airmobility") or {"turn": None, "used": 0}
    used = int(book["used"]) if book["turn"] == state["turn"] else 0
    return int(tables(state).lost("LOST-53")) - used  # LOST-53


def air_moved(state: State, uid: str) -> bool:
    """It flew this turn: no combat for it (§G5.5; the 101st neither attacks nor supports)."""
    return bool(unit(state, uid).get("air_moved") == state["turn"])


def flyers(state: State) -> list[str]:
    """The units that may fly now: eligible, not yet moved this turn (it air-moves or moves, not both), with land
    or air supply, outside a regroup turn (a reading: a regroup's movement is the regroup's)."""
    if not on(state) or moves_left(state) <= 0 or state["regroup"]["now"] is not None:
        return []
    lines = Lines(state, "coalition")
    return [u for u in on_map(state, "coalition") if eligible(state, u) and not unit(state, u)["moved"]
            and unit(state, u)["mp"] is None and lines.supplied(u)]


def landing_hexes(state: State, uid: str) -> list[str]:
    """LOST-54 hexes at most; never all-water, an enemy-occupied hex or a neutral country; beside the enemy is
    allowed."""
    b = board(state)
    here = unit(state, uid)["hex"]
    reach = int(tables(state).lost("LOST-54"))  # LOST-54
    enemy = occupied(state, ENEMY[spec(state, uid).side])
    return [h for h in b.hexes if h != here and b.grid.distance(here, h) <= reach and b.terrain[h] not in WATER
            and h not in enemy and not neutral(state, h)]


def actions(state: State, side: str) -> list[Action]:
    if side != "coalition":
        return []
    return [{"type": "air_move_unit", "unit": u, "to": h} for u in flyers(state) for h in landing_hexes(state, u)]


def fly(state: State, frame: Frame, action: Action) -> None:
    """Picked up and placed: its movement for the turn is over, and it fights no combat this turn."""
    uid, to = action["unit"], action["to"]
    if uid not in flyers(state) or to not in landing_hexes(state, uid):
        raise IllegalAction(f"{uid} may not air-move to {to} (§G5.5).")
    last = state["mover"]
    if last is not None and last != uid:
        unit(state, last)["mp"] = 0  # §10.3: the last unit's move is over
    state["mover"] = uid
    rec = unit(state, uid)
    rec.update(hex=to, mp=0, moved=True, air_moved=state["turn"])
    book = state.setdefault("airmobility", {"turn": None, "used": 0})
    if book["turn"] != state["turn"]:
        book.update(turn=state["turn"], used=0)
    book["used"] += 1
    enter(state, "coalition", [to])
    log(state, "air_move_unit", unit=uid, to=to)
