"""Line of sight, arc of fire and range in Conflict of Heroes: Awakening the Bear! (1st edition).

§6.0, §11.3, §11.4, §13.0 as the digest's §2.5 reads them (a deterministic algorithm, AMBIG-8); §5.2, §6.1 arc
and flank (digest §2.6, AMBIG-7); §7.6, §7.61, §7.62, §12.0 range (digest §5.11). Units never block a line of
sight (§6.0), so nothing here looks at units; walls, wire, road blocks and bunkers do not block either (§11.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from .board import FACING_STEPS, FACINGS, FirefightMap

Smoke = Mapping[str, int]  # hex -> the DM of the smoke counters in it, summed (§13.0: +2 and +1 counters)
BLOCKING_SMOKE = 2  # §13.0: a +2DM smoke hex (or two +1 counters) blocks LOS through it at every level


@dataclass(frozen=True)
class Sight:
    clear: bool
    blocked_by: str | None = None  # the first hex that blocks (the nearer to the firer)
    reason: str = ""


def line_of_sight(board: FirefightMap, a: str, b: str, smoke: Smoke | None = None) -> Sight:
    """§6.0: a line from centre to centre; LOS exists if no hex strictly between blocks it. It is reciprocal, and
    a unit sees into a blocking hex but not through it (the end hexes never block)."""
    smoke = smoke or {}
    v, t = board.ground(a), board.ground(b)
    steps = board.sight_line(a, b)
    for i, step in enumerate(steps):
        # the hex next to the lower end, if this step is it: the only place a blind hex can arise (AMBIG-8)
        beside_lower = (v > t and i == len(steps) - 1) or (t > v and i == 0)
        reasons = [_blocks(board, a, b, x, smoke, beside_lower) for x in step]
        # §6.0, §11.3: a line along a hexside uses the less obstructing hex, so it is blocked only if both block
        if all(reasons):
            return Sight(False, step[0], reasons[0])
    return Sight(True)


def has_los(board: FirefightMap, a: str, b: str, smoke: Smoke | None = None) -> bool:
    return line_of_sight(board, a, b, smoke).clear


def _blocks(board: FirefightMap, a: str, b: str, x: str, smoke: Smoke, beside_lower: bool) -> str:
    """Why hex ``x`` between ``a`` and ``b`` blocks the line, or "" if it does not (digest §2.5)."""
    v, t = board.ground(a), board.ground(b)
    top = max(v, t)
    # §13.0: +2 smoke blocks LOS through the hex at all heights
    if smoke.get(x, 0) >= BLOCKING_SMOKE:
        return f"smoke in {x}"
    g, h = board.ground(x), board.height(x)
    if board.is_obstacle(x):
        # §11.3: an obstacle stands one level above its ground; level with the higher end it blocks (Fig. 22, hex 9)
        if h >= top:
            return f"{board.terrain[x].replace('_', ' ')} in {x} (an L{h} obstacle)"
    elif g > top:
        return f"the hill at {x} (L{g})"
    elif g == top and v != t:
        # §11.3: a lower unit sees a higher hex but not the same or lower ground beyond it, and the reverse
        return f"the crest at {x} (L{g})"
    # §11.4: the hex immediately behind an obstacle and lower than it is blind to a higher unit, unless the
    # obstacle is bare hill on the higher unit's own slope
    if beside_lower and top > h > min(v, t):
        higher = a if v > t else b
        if board.is_obstacle(x) or not board.same_slope(higher, x):
            return f"blind hex behind {x}"
    return ""


# --- §13.0 smoke and §4.0 walls along a line of fire ---

def smoke_dm(board: FirefightMap, firer: str, target: str, smoke: Smoke | None = None) -> int:
    """§13.0: the target gets the smoke in its own hex and +1 for each +1 smoke the line crosses; the smoke in the
    firer's own hex does not count (a unit in smoke that fires out is unaffected)."""
    smoke = smoke or {}
    crossed = sum(min(smoke.get(x, 0) for x in step) for step in board.sight_line(firer, target))
    return smoke.get(target, 0) + crossed


def crosses_wall(board: FirefightMap, firer: str, target: str) -> bool:
    """§4.0: fire enters the target's hex across a wall on its own hexside (from any elevation). Where the line
    enters at a corner between two hexsides, it counts only if both are walls, as the less obstructing hex is
    used for the line (§6.0)."""
    if firer == target:
        return False
    steps = board.sight_line(firer, target)
    last = steps[-1] if steps else (firer,)
    return all(board.is_wall(x, target) for x in last)


# --- §5.2, §6.1 arc of fire and flank ---

def front_hexes(board: FirefightMap, hex_id: str, facing: str) -> list[str]:
    """§5.2: the hex the arrow points into and the hexes front-left and front-right of it."""
    d = FACINGS.index(facing)
    out = [board.neighbour(hex_id, FACINGS[(d + k) % 6]) for k in (-1, 0, 1)]
    return [h for h in out if h is not None]


def flank_hexes(board: FirefightMap, hex_id: str, facing: str) -> list[str]:
    front = front_hexes(board, hex_id, facing)
    return [n for n in board.neighbours(hex_id) if n not in front]


def in_arc(board: FirefightMap, hex_id: str, facing: str, target: str) -> bool:
    """§6.1: the arc of fire is the three front hexes extended outward, a 120° wedge between the lines through the
    front-left and front-right hexes. AMBIG-7: hexes on those two lines are inside. A unit's own hex is inside
    (close combat ignores facing, §7.63)."""
    if target == hex_id:
        return True
    d = FACINGS.index(facing)
    here, there = board.cube(hex_id), board.cube(target)
    left, right = FACING_STEPS[FACINGS[(d - 1) % 6]], FACING_STEPS[FACINGS[(d + 1) % 6]]
    # write the offset as a*left + b*right; the two directions 120° apart are a basis of the hex lattice
    dq, dr = there[0] - here[0], there[1] - here[1]
    det = left[0] * right[1] - left[1] * right[0]
    a = (dq * right[1] - dr * right[0]) // det
    b = (left[0] * dr - left[1] * dq) // det
    return a >= 0 and b >= 0


def is_flank_shot(board: FirefightMap, defender: str, facing: str, attacker: str) -> bool:
    """§7.2: the flank DR counts when the attacker's hex lies outside the defender's arc of fire."""
    return not in_arc(board, defender, facing, attacker)


# --- §7.6 range ---

class RangeClass(StrEnum):
    CLOSE_COMBAT = "close combat"  # §7.63: the same hex
    SHORT = "short range"  # §7.62: adjacent, +3FP
    NORMAL = "normal range"
    LONG = "long range"  # §7.61: beyond the range, up to twice it, -2FP
    OUT = "out of range"


def range_class(distance: int, rng: int, min_range: int = 0) -> RangeClass:
    """§7.6: range in hexes; nothing beyond twice the range. §12.0: a mortar cannot fire closer than its minimum
    range, and (§7.4 Q&A) not at all once a hit counter has cut its range below it. Range 0 (trucks): close
    combat only (§17.0)."""
    if distance == 0:
        return RangeClass.CLOSE_COMBAT
    if min_range and (distance < min_range or rng < min_range):
        return RangeClass.OUT
    if distance > 2 * rng:
        return RangeClass.OUT
    if distance == 1:
        return RangeClass.SHORT
    return RangeClass.LONG if distance > rng else RangeClass.NORMAL
