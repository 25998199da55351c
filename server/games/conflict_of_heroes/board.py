"""The map of a firefight in Conflict of Heroes: Awakening the Bear! (1st edition): geomorphic boards joined.

§1.0: a hex is addressed ``<board>-<column letter><row>`` (``2-J10``, a grey stone building). §4.0: the terrain
and (§11.3) the elevation at a hex's centre dot are those of the whole hex; walls are hexsides; a road counts only
from road hex to road hex along the road. §11.1: a steep slope lies between adjacent hexes two levels apart.
Half hexes at the board edges are never playable, so the data holds only whole hexes.

A ``Sheet`` is one board as printed (``data/boards.json``); a ``FirefightMap`` lays sheets north to south, each
sheet's last row against the next sheet's first (boards join on a long edge), and answers the geometric
questions: neighbours, distance, facing, walls, roads, slopes, and the hexes a line of sight crosses.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ...engine.hexgrid import Cube, HexGrid, cube_distance, cube_round
from .errors import DataError, check

# §5.2: a facing is the hexside the arrow points at; the index is the grid's direction (flat tops), so the
# opposite side of facing d is (d + 3) % 6
FACINGS = ("NE", "SE", "S", "SW", "NW", "N")
# the cube step of each facing, in ``HexGrid.direction``'s order (a test holds the two together)
FACING_STEPS: dict[str, Cube] = dict(zip(FACINGS, ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1),
                                                   (0, -1, 1)), strict=True))
LEVELS = (0, 1, 2)  # §11.0: L0 ground, L1 light brown, L2 dark brown
_LOCAL = re.compile(r"^([A-Z])([1-9][0-9]?)$")
# a line that runs exactly along a hexside ties two hexes; nudging it both ways finds them (not parallel to a side)
_EPS = (1e-6, 2e-6, -3e-6)


@dataclass(frozen=True)
class Sheet:
    """One geomorphic board: terrain and elevation per hex, road chains and walls, all in local ids (``J10``)."""

    id: str
    name: Mapping[str, str]
    terrain: Mapping[str, str]
    elevation: Mapping[str, int]
    roads: tuple[tuple[str, ...], ...]
    walls: tuple[tuple[str, str], ...]
    places: Mapping[str, Mapping[str, str]]


@dataclass(frozen=True)
class SheetGrid:
    """The printed grid every board shares: column letters, rows, hex orientation."""

    columns: str
    rows: int
    top: Literal["flat", "pointy"]
    shift: Literal["even", "odd"]

    def hexgrid(self, sheets: int = 1) -> HexGrid:
        return HexGrid(cols=len(self.columns), rows=self.rows * sheets, top=self.top, shift=self.shift)

    def parse(self, local: str) -> tuple[int, int]:
        """``J10`` -> (10, 10): the 1-based column and row."""
        m = _LOCAL.match(local)
        if not m or m.group(1) not in self.columns or not 1 <= int(m.group(2)) <= self.rows:
            raise ValueError(f"not a hex of the board: {local!r}")
        return self.columns.index(m.group(1)) + 1, int(m.group(2))

    def local(self, col: int, row: int) -> str:
        return f"{self.columns[col - 1]}{row}"

    def all_local(self) -> list[str]:
        return [self.local(c, r) for r in range(1, self.rows + 1) for c in range(1, len(self.columns) + 1)]


def sheets_from_data(raw: Mapping[str, Any], hex_terrains: Iterable[str]) -> tuple[SheetGrid, dict[str, Sheet]]:
    """Parse and check ``boards.json`` (without its layouts)."""
    g: Any = raw.get("grid")
    check(isinstance(g, dict) and set(g) == {"columns", "rows", "top", "shift"},
          "boards.json: grid needs columns, rows, top, shift")
    check(isinstance(g["columns"], str) and g["columns"].isalpha() and g["columns"].isupper()
          and len(set(g["columns"])) == len(g["columns"]), "boards.json: grid columns must be distinct capital letters")
    check(isinstance(g["rows"], int) and 1 <= g["rows"] <= 99, "boards.json: grid rows must be 1-99")
    check(g["top"] in ("flat", "pointy") and g["shift"] in ("even", "odd"), "boards.json: grid top/shift")
    grid = SheetGrid(g["columns"], g["rows"], g["top"], g["shift"])
    geometry = grid.hexgrid()
    legend: Any = raw.get("legend")
    terrains = set(hex_terrains)
    check(isinstance(legend, dict) and all(isinstance(k, str) and len(k) == 1 for k in legend),
          "boards.json: legend maps one character to a terrain")
    for ch, t in legend.items():
        check(t in terrains, f"boards.json: legend {ch!r} names unknown terrain {t!r}")
    boards: Any = raw.get("boards")
    check(isinstance(boards, dict) and bool(boards), "boards.json: boards must be a non-empty object")
    sheets = {}
    for bid, b in boards.items():
        sheets[bid] = _sheet(bid, b, grid, geometry, legend)
    return grid, sheets


def _sheet(bid: str, b: Any, grid: SheetGrid, geometry: HexGrid, legend: Mapping[str, str]) -> Sheet:
    what = f"boards.json: board {bid}"
    keys = {"name", "terrain", "elevation", "roads", "walls", "places"}
    check(isinstance(b, dict) and set(b) == keys, f"{what}: fields must be {sorted(keys)}")
    check(bid.isdigit(), f"{what}: a board id is its printed number")
    check(isinstance(b["name"], dict) and set(b["name"]) == {"en", "ja"}, f"{what}: name needs en and ja")
    width = len(grid.columns)

    def rows(key: str, allowed: str) -> list[str]:
        lines = b[key]
        check(isinstance(lines, list) and len(lines) == grid.rows, f"{what}: {key} needs {grid.rows} rows")
        for r, line in enumerate(lines, start=1):
            check(isinstance(line, str) and len(line) == width, f"{what}: {key} row {r} needs {width} hexes")
            for c, ch in enumerate(line, start=1):
                check(ch in allowed, f"{what}: {key} {grid.local(c, r)} has unknown {ch!r}")
        return list(lines)

    terrain_rows = rows("terrain", "".join(legend))
    level_rows = rows("elevation", "".join(str(n) for n in LEVELS))
    terrain = {grid.local(c, r): legend[ch] for r, line in enumerate(terrain_rows, 1) for c, ch in enumerate(line, 1)}
    elevation = {grid.local(c, r): int(ch) for r, line in enumerate(level_rows, 1) for c, ch in enumerate(line, 1)}

    def cell(local: Any, where: str) -> str:
        check(isinstance(local, str), f"{what}: {where}: {local!r} is not a hex id")
        try:
            c, r = grid.parse(local)
        except ValueError:
            raise DataError(f"{what}: {where}: {local!r} is not a hex of the board") from None
        return geometry.label(c, r)

    roads = []
    check(isinstance(b["roads"], list), f"{what}: roads must be a list of chains")
    for i, chain in enumerate(b["roads"], start=1):
        check(isinstance(chain, list) and len(chain) >= 2, f"{what}: road {i} needs two hexes or more")
        for x, y in itertools.pairwise(chain):
            check(geometry.is_adjacent(cell(x, f"road {i}"), cell(y, f"road {i}")),
                  f"{what}: road {i} jumps from {x} to {y}")
        roads.append(tuple(chain))
    walls = []
    check(isinstance(b["walls"], list), f"{what}: walls must be a list of hex pairs")
    for pair in b["walls"]:
        check(isinstance(pair, list) and len(pair) == 2, f"{what}: a wall is a pair of hexes, not {pair!r}")
        x, y = pair
        check(geometry.is_adjacent(cell(x, "wall"), cell(y, "wall")), f"{what}: wall {x}/{y}: not adjacent hexes")
        walls.append((x, y))
    road_sides = {frozenset(p) for chain in roads for p in itertools.pairwise(chain)}
    # a road through a gap in a wall would leave §4.0's road rule and the wall's +1AP in conflict: none is drawn
    for x, y in walls:
        check(frozenset((x, y)) not in road_sides, f"{what}: wall {x}/{y} lies across a road")
    for chain in roads:
        for h in chain:
            check(terrain[h] != "water" or _on_road_through(h, chain),
                  f"{what}: road hex {h} is water: a bridge must carry the road across it")
    places = b["places"]
    check(isinstance(places, dict), f"{what}: places must be an object")
    for h, name in places.items():
        cell(h, "places")
        check(isinstance(name, dict) and set(name) == {"en", "ja"}, f"{what}: place {h} needs en and ja names")
    return Sheet(id=bid, name=dict(b["name"]), terrain=terrain, elevation=elevation, roads=tuple(roads),
                 walls=tuple(walls), places=dict(places))


def _on_road_through(h: str, chain: Sequence[str]) -> bool:
    """§4.0: a bridge is a road across water: the water hex lies inside the chain, with road on both sides."""
    i = chain.index(h)
    return 0 < i < len(chain) - 1


@dataclass(frozen=True, eq=False)
class FirefightMap:
    """The boards of one firefight laid north to south, addressed as the rulebook writes hexes (``2-J10``)."""

    layout: tuple[str, ...]
    grid: HexGrid  # the joined geometry, in the grid's "CCRR" labels
    terrain: Mapping[str, str]
    elevation: Mapping[str, int]
    walls: frozenset[str]  # hexside ids "a/b" (rulebook ids, sorted)
    roads: frozenset[str]
    obstacles: frozenset[str]  # §6.0, §11.3: terrains that block LOS as L1 obstacles
    _label: Mapping[str, str] = field(repr=False)  # rulebook id -> grid label
    _hex: Mapping[str, str] = field(repr=False)  # grid label -> rulebook id
    _slopes: dict[tuple[str, str], bool] = field(default_factory=dict, repr=False)

    @classmethod
    def from_sheets(cls, grid: SheetGrid, sheets: Mapping[str, Sheet], layout: Sequence[str],
                    obstacles: Iterable[str]) -> FirefightMap:
        check(len(layout) >= 1, "a firefight map needs a board")
        check(len(set(layout)) == len(layout), f"layout {list(layout)}: a board can be laid only once")
        joined = grid.hexgrid(len(layout))
        label, hex_id, terrain, elevation = {}, {}, {}, {}
        walls, roads = set(), set()
        for k, bid in enumerate(layout):
            check(bid in sheets, f"layout {list(layout)}: no board {bid!r}")
            s = sheets[bid]
            for local in grid.all_local():
                c, r = grid.parse(local)
                h, lab = f"{bid}-{local}", joined.label(c, r + k * grid.rows)
                label[h], hex_id[lab] = lab, h
                terrain[h], elevation[h] = s.terrain[local], s.elevation[local]
            walls |= {_side(f"{bid}-{x}", f"{bid}-{y}") for x, y in s.walls}
            roads |= {_side(f"{bid}-{x}", f"{bid}-{y}") for chain in s.roads for x, y in itertools.pairwise(chain)}
        return cls(layout=tuple(layout), grid=joined, terrain=terrain, elevation=elevation, walls=frozenset(walls),
                   roads=frozenset(roads), obstacles=frozenset(obstacles), _label=label, _hex=hex_id)

    # --- hexes ---

    @property
    def hexes(self) -> list[str]:
        return list(self._label)

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self._label

    def _lab(self, hex_id: str) -> str:
        try:
            return self._label[hex_id]
        except KeyError:
            raise KeyError(f"{hex_id!r} is not a hex of this firefight's map {list(self.layout)}") from None

    def cube(self, hex_id: str) -> Cube:
        return self.grid.to_cube(self._lab(hex_id))

    def centre(self, hex_id: str) -> tuple[float, float]:
        """The hex's centre in map units (a hex's size 1, y down), for the renderer."""
        x, y = self.grid.centre(self._lab(hex_id))
        return round(x, 4), round(y, 4)

    def neighbours(self, hex_id: str) -> list[str]:
        return [self._hex[n] for n in self.grid.neighbours(self._lab(hex_id))]

    def distance(self, a: str, b: str) -> int:
        return self.grid.distance(self._lab(a), self._lab(b))

    def is_adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def facing_towards(self, a: str, b: str) -> str:
        """The facing (hexside) of ``a`` that ``b``, adjacent, lies beyond."""
        return FACINGS[self.grid.direction(self._lab(a), self._lab(b))]

    def neighbour(self, hex_id: str, facing: str) -> str | None:
        """The hex beyond one hexside, or None off the map."""
        if facing not in FACINGS:
            raise ValueError(f"not a facing: {facing!r}")
        return next((n for n in self.neighbours(hex_id) if self.facing_towards(hex_id, n) == facing), None)

    # --- terrain ---

    def ground(self, hex_id: str) -> int:
        """§11.3: the level of the ground at the hex's centre dot."""
        return self.elevation[hex_id]

    def is_obstacle(self, hex_id: str) -> bool:
        return self.terrain[hex_id] in self.obstacles

    def height(self, hex_id: str) -> int:
        """§11.3: buildings, woods and light woods add one level to the ground for line of sight."""
        return self.ground(hex_id) + (1 if self.is_obstacle(hex_id) else 0)

    def is_wall(self, a: str, b: str) -> bool:
        return _side(a, b) in self.walls

    def is_road(self, a: str, b: str) -> bool:
        """§4.0: a road runs from ``a`` to ``b`` (the benefit of a road needs this, not just two road hexes)."""
        return _side(a, b) in self.roads

    def has_road(self, hex_id: str) -> bool:
        return any(self.is_road(hex_id, n) for n in self.neighbours(hex_id))

    def climb(self, a: str, b: str) -> int:
        """Levels climbed moving from ``a`` into ``b`` (0 going down or level)."""
        return max(0, self.ground(b) - self.ground(a))

    def is_steep(self, a: str, b: str) -> bool:
        """§11.1: adjacent hexes two levels apart."""
        return abs(self.ground(a) - self.ground(b)) >= 2

    def same_slope(self, viewer: str, x: str) -> bool:
        """AMBIG-8: bare hill hex ``x`` lies on the viewer's own slope if the ground runs from the viewer down (or
        level) to it without climbing again, never lower than ``x``."""
        key = (viewer, x)
        if key not in self._slopes:
            floor, seen, todo = self.ground(x), {viewer}, [viewer]
            while todo and x not in seen:
                h = todo.pop()
                for n in self.neighbours(h):
                    if n not in seen and floor <= self.ground(n) <= self.ground(h):
                        seen.add(n)
                        todo.append(n)
            self._slopes[key] = x in seen
        return self._slopes[key]

    # --- lines ---

    def sight_line(self, a: str, b: str) -> list[tuple[str, ...]]:
        """§6.0: the hexes strictly between the centres of ``a`` and ``b``, in order from ``a``; a step holds two
        hexes where the line runs exactly along the hexside between them (§6.0, §11.3: the less obstructing one
        counts)."""
        ca, cb = self.cube(a), self.cube(b)
        n = cube_distance(ca, cb)
        steps = []
        for i in range(1, n):
            t = i / n
            p = tuple(ca[j] + (cb[j] - ca[j]) * t for j in range(3))
            found = []
            for sign in (1, -1):
                lab = self.grid.from_cube(cube_round(p[0] + sign * _EPS[0], p[1] + sign * _EPS[1],
                                                 p[2] + sign * _EPS[2]))
                h = self._hex.get(lab) if self.grid.contains(lab) else None
                if h is not None and h not in found:
                    found.append(h)
            steps.append(tuple(sorted(found)))
        return steps


def _side(a: str, b: str) -> str:
    x, y = sorted((a, b))
    return f"{x}/{y}"
