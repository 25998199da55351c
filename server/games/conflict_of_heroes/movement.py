"""Movement in Conflict of Heroes: Awakening the Bear! (1st edition): what entering a hex costs.

§5.0-§5.3 and §5.02 for infantry (any unit with a red movement cost), §11.0-§11.1 hills and steep slopes, §14.0-
§14.1 vehicles: open/road bonus hexes per wheel icon, the wheeled road bonus, immobilization checks (digest §2.2,
§2.3, §5.4, §5.19). Costs come from ``tables.json``; each is a ``Tally`` that names its parts. Wire and road
blocks (counters, §22.4-§22.5), transport and group moves are not here yet.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.core import IllegalAction
from .board import FirefightMap
from .los import flank_hexes, front_hexes
from .tables import Tables, VehicleKind
from .tally import Tally
from .units import HitCounter, UnitType, values

OPEN = ("open", "road")  # §14.0: the hexes a bonus move may enter (a bare hill hex is open, §11.0)


def _hindered(unit: UnitType, counter: HitCounter | None) -> None:
    if not values(unit, counter).can_move:
        why = counter.name["en"] if counter else "hit"
        raise IllegalAction(f"{unit.name['en']} cannot move while {why} (§7.4, §15.2)")


def _climb(board: FirefightMap, tables: Tables, cost: Tally, a: str, b: str, per_level: int) -> Tally:
    levels = board.climb(a, b)
    if levels and board.is_steep(a, b):
        # §11.1, AMBIG-9: +2AP climbing a steep slope (Fig. 21: 3AP for a squad); going down costs nothing extra
        return cost.plus("steep slope", tables.steep_slope)
    return cost.plus(f"uphill ({levels} level{'s' if levels > 1 else ''})", per_level * levels)


def infantry_cost(board: FirefightMap, tables: Tables, unit: UnitType, start: str, to: str, facing: str, *,
                  counter: HitCounter | None = None, careful: bool = False) -> Tally:
    """§5.0: the AP to enter an adjacent hex, one action: the unit's movement cost + the terrain entered (a road
    followed from road hex to road hex replaces the hex's centre terrain, §4.0) + a wall crossed + the hill
    (§11.0) or steep slope (§11.1) climbed + reverse into a flank hex (§5.2) + careful move (optional §5.02)."""
    if unit.is_vehicle:
        raise ValueError(f"{unit.name['en']} is a vehicle: see vehicle_move")
    if not board.is_adjacent(start, to):
        raise IllegalAction(f"{to} is not adjacent to {start}")
    _hindered(unit, counter)
    v = values(unit, counter)
    terrain = "road" if board.is_road(start, to) else board.terrain[to]
    # §4.0: only squads (and boats) cross water; a bridge carries the road over it
    if terrain == "water" and not unit.is_squad:
        raise IllegalAction(f"only squads may enter water (§4.0); {unit.name['en']} may not enter {to}")
    cost = Tally.of("movement cost", unit.move_cost)
    if counter is not None:
        cost = cost.plus(counter.name["en"], v.move_cost - unit.move_cost)
    cost = cost.plus(terrain.replace("_", " "), tables.infantry[terrain].move)
    if board.is_wall(start, to):
        cost = cost.plus("wall", tables.infantry["wall"].move)
    cost = _climb(board, tables, cost, start, to, tables.hill_per_level)
    if to in flank_hexes(board, start, facing):
        cost = cost.plus("reverse", tables.reverse)
    if careful:
        cost = cost.plus("careful move", tables.careful_move)
    return cost


@dataclass(frozen=True)
class VehicleMove:
    cost: Tally  # the AP of the one payment
    path: tuple[str, ...]
    checks: tuple[str, ...]  # §14.1: hexes entered that call for an immobilization check (2D6 >= 6 passes)


def vehicle_move(board: FirefightMap, tables: Tables, unit: UnitType, start: str, path: Sequence[str],
                 facing: str, *, counter: HitCounter | None = None) -> VehicleMove:
    """§14.0: one payment of the vehicle's movement cost, one action. It enters the first hex at that cost plus the
    vehicle table's; if every hex entered is open or road, each wheel icon adds one free hex and a wheeled vehicle
    following a road adds one more. Climbing and walls still cost their extra AP in a bonus move; another terrain
    ends the bonus (it needs a payment of its own). Reverse: +1AP and no bonus."""
    if not unit.is_vehicle:
        raise ValueError(f"{unit.name['en']} is not a vehicle: see infantry_cost")
    if not path:
        raise ValueError("a move enters at least one hex")
    _hindered(unit, counter)
    kind: VehicleKind = "wheeled" if unit.movement == "wheeled" else "tracked"
    steps = list(itertools.pairwise((start, *path)))
    for a, b in steps:
        if not board.is_adjacent(a, b):
            raise IllegalAction(f"{b} is not adjacent to {a}")
    reverse = path[0] in flank_hexes(board, start, facing)
    if reverse and len(path) > 1:
        raise IllegalAction("a vehicle moving in reverse gets no open/road bonus (§14.0)")
    for a, b in steps[1:]:
        # AMBIG-15: the vehicle re-faces only at the end of the action, so a bonus move keeps to its front hexes
        if b not in front_hexes(board, a, facing):
            raise IllegalAction(f"{b} is not a front hex of {a} facing {facing}: re-facing comes after the move")
    road_bonus = kind == "wheeled" and all(board.is_road(a, b) for a, b in steps)
    allowance = 1 + unit.wheels + (1 if road_bonus else 0)
    if len(path) > allowance:
        raise IllegalAction(f"{unit.name['en']} moves at most {allowance} hexes for one payment here (§14.0)")
    cost = Tally.of("movement cost", values(unit, counter).move_cost)
    checks = []
    for i, (a, b) in enumerate(steps):
        # §14.0: a road followed cancels the centre terrain; tracked vehicles treat the road as open
        terrain = "road" if board.is_road(a, b) else board.terrain[b]
        extra = tables.vehicle_cost(terrain, kind)
        if extra is None:
            raise IllegalAction(f"{kind} vehicles may not enter {terrain.replace('_', ' ')} ({b}, §14.1)")
        if not isinstance(extra, int):
            raise ValueError(f"{terrain}: a counter's cost, not a hex's")
        if len(path) > 1 and terrain not in OPEN:
            raise IllegalAction(f"{b} is {terrain.replace('_', ' ')}: entering it ends the open/road bonus (§14.0)")
        cost = cost.plus(terrain.replace("_", " "), extra)
        if board.is_wall(a, b):
            wall = tables.vehicle_cost("wall", kind)
            if not isinstance(wall, int):
                raise IllegalAction(f"{kind} vehicles may not cross walls ({a}/{b}, §14.1)")
            cost = cost.plus("wall", wall)
        if board.climb(a, b) and board.is_steep(a, b):
            raise IllegalAction(f"vehicles cannot climb steep slopes ({a} to {b}, §11.1)")
        cost = _climb(board, tables, cost, a, b, tables.vehicle_hill_per_level[kind])
        if tables.needs_check(terrain, kind):
            checks.append(b)
        if i == 0 and reverse:
            cost = cost.plus("reverse", tables.vehicle_reverse[kind])
    return VehicleMove(cost, tuple(path), tuple(checks))


def immobilized(tables: Tables, dice: Sequence[int], cap: int = 0) -> bool:
    """§14.1: 2D6 (CAP may be added) >= 6 and nothing happens; otherwise the vehicle can never move or pivot again.
    AMBIG-15: it still enters the hex, and draws no hit counter."""
    if len(dice) != 2 or not all(1 <= d <= 6 for d in dice) or not 0 <= cap <= 2:
        raise ValueError(f"2D6 and 0-2 CAP wanted, got {list(dice)} and {cap}")
    return sum(dice) + cap < tables.immobilization_roll
