"""Hex geometry for printed "CCRR" labels (column then row, each two digits, 1-based).

Board wargames print offset coordinates. ``HexGrid`` converts them to cube coordinates, where
neighbours, distance and lines are simple, and back. Hexsides have ids of their own, because
rivers, bridges and roads live on hexsides: the id of the side between two hexes is the two
labels sorted and joined by "/" (``"0709/0710"``).

Layouts:
- ``flat`` tops (columns are straight, every other column shifted half a hex):
  ``shift="even"`` pushes even columns down, ``shift="odd"`` odd columns.
- ``pointy`` tops (rows are straight): ``shift="even"`` pushes even rows right, ``"odd"`` odd rows.

>>> g = HexGrid(cols=8, rows=12, top="flat", shift="even")
>>> sorted(g.neighbours("0203"))
['0103', '0104', '0202', '0204', '0303', '0304']
>>> g.distance("0201", "0712")
13
>>> g.hexside("0710", "0709")
'0709/0710'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

Cube = tuple[int, int, int]

_CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1),
)


def label(col: int, row: int, digits: int = 2) -> str:
    return f"{col:0{digits}d}{row:0{digits}d}"


def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def cube_round(x: float, y: float, z: float) -> Cube:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (int(rx), int(ry), int(rz))


@dataclass(frozen=True)
class HexGrid:
    cols: int
    rows: int
    top: Literal["flat", "pointy"] = "flat"
    shift: Literal["even", "odd"] = "even"
    first_col: int = 1
    first_row: int = 1
    digits: int = 2  # per coordinate: "0712" has 2, a 4-digit map label "3635" too

    # --- labels and cube coordinates ---

    def parse(self, hex_id: str) -> tuple[int, int]:
        if len(hex_id) != 2 * self.digits or not hex_id.isdigit():
            raise ValueError(f"not a hex label: {hex_id!r}")
        return int(hex_id[: self.digits]), int(hex_id[self.digits :])

    def label(self, col: int, row: int) -> str:
        return label(col, row, self.digits)

    def contains(self, hex_id: str) -> bool:
        try:
            col, row = self.parse(hex_id)
        except ValueError:
            return False
        return (self.first_col <= col < self.first_col + self.cols
                and self.first_row <= row < self.first_row + self.rows)

    def all_hexes(self) -> Iterator[str]:
        for col in range(self.first_col, self.first_col + self.cols):
            for row in range(self.first_row, self.first_row + self.rows):
                yield self.label(col, row)

    def _parity(self, n: int) -> int:
        """1 when line ``n`` is one of the shifted lines, else 0."""
        return 1 if (n % 2 == 0) == (self.shift == "even") else 0

    def _skew(self, n: int) -> int:
        """How far line ``n`` is skewed in cube terms: it grows by one each shifted line crossed."""
        if self.top == "flat":
            return (n - 1) // 2 if self.shift == "even" else n // 2
        return (n + 1) // 2 if self.shift == "even" else n // 2

    def to_cube(self, hex_id: str) -> Cube:
        col, row = self.parse(hex_id)
        if self.top == "flat":
            q, r = col, row - self._skew(col)
        else:
            q, r = col - self._skew(row), row
        return (q, r, -q - r)

    def from_cube(self, cube: Cube) -> str:
        q, r, _ = cube
        if self.top == "flat":
            return self.label(q, r + self._skew(q))
        return self.label(q + self._skew(r), r)

    # --- adjacency, distance, lines ---

    def neighbours(self, hex_id: str) -> list[str]:
        """The on-map hexes around ``hex_id``, in a fixed order."""
        q, r, s = self.to_cube(hex_id)
        out = []
        for dq, dr, ds in _CUBE_DIRECTIONS:
            n = self.from_cube((q + dq, r + dr, s + ds))
            if self.contains(n):
                out.append(n)
        return out

    def direction(self, a: str, b: str) -> int:
        """Which of ``a``'s six sides ``b`` lies beyond, 0-5 going round, so that ``(d + 3) % 6`` is the opposite
        side; ``b`` must be adjacent."""
        qa, ra, sa = self.to_cube(a)
        qb, rb, sb = self.to_cube(b)
        return _CUBE_DIRECTIONS.index((qb - qa, rb - ra, sb - sa))

    def is_adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: str, b: str) -> int:
        return cube_distance(self.to_cube(a), self.to_cube(b))

    def line(self, a: str, b: str) -> list[str]:
        """Hexes from ``a`` to ``b`` inclusive, nudged off exact hexside ties one way."""
        ca, cb = self.to_cube(a), self.to_cube(b)
        n = cube_distance(ca, cb)
        if n == 0:
            return [a]
        eps = (1e-6, 2e-6, -3e-6)
        out = []
        for i in range(n + 1):
            t = i / n
            out.append(self.from_cube(cube_round(
                ca[0] + (cb[0] - ca[0]) * t + eps[0],
                ca[1] + (cb[1] - ca[1]) * t + eps[1],
                ca[2] + (cb[2] - ca[2]) * t + eps[2],
            )))
        return out

    def within(self, hex_id: str, radius: int) -> list[str]:
        """On-map hexes at distance 1..radius."""
        c = self.to_cube(hex_id)
        out = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                if dq == 0 and dr == 0:
                    continue
                h = self.from_cube((c[0] + dq, c[1] + dr, c[2] - dq - dr))
                if self.contains(h):
                    out.append(h)
        return out

    # --- hexsides ---

    @staticmethod
    def hexside(a: str, b: str) -> str:
        """The id of the side between two adjacent hexes, independent of order."""
        x, y = sorted((a, b))
        return f"{x}/{y}"

    def hexsides(self, hex_id: str) -> list[str]:
        return [self.hexside(hex_id, n) for n in self.neighbours(hex_id)]

    # --- drawing ---

    def centre(self, hex_id: str, size: float = 1.0) -> tuple[float, float]:
        """The centre of a hex in map units (y down), for renderers and map generators."""
        col, row = self.parse(hex_id)
        c, r = col - self.first_col, row - self.first_row
        if self.top == "flat":
            x = size * 1.5 * c
            y = size * (3 ** 0.5) * (r + 0.5 * self._parity(col))
            return (x, y)
        x = size * (3 ** 0.5) * (c + 0.5 * self._parity(row))
        y = size * 1.5 * r
        return (x, y)


class HexMapGeometry:
    """Cached geometry for a game's board that has a ``grid`` and ``roads`` (the hexsides a road crosses): a map
    of a thousand hexes and more is asked millions of questions. Mixed into the games' frozen ``Board``
    dataclasses (``cached_property`` writes the instance's ``__dict__``, which a frozen dataclass allows)."""

    grid: HexGrid
    roads: frozenset[str]

    @cached_property
    def hexes(self) -> tuple[str, ...]:
        return tuple(self.grid.all_hexes())

    @cached_property
    def _neighbours(self) -> dict[str, list[str]]:
        return {h: self.grid.neighbours(h) for h in self.hexes}

    def neighbours(self, hex_id: str) -> list[str]:
        return self._neighbours[hex_id]

    @cached_property
    def road_hexes(self) -> frozenset[str]:
        return frozenset(h for side in self.roads for h in side.split("/"))

    def is_road(self, a: str, b: str) -> bool:
        """A road (of any kind the game has) crosses the hexside between ``a`` and ``b``."""
        return self.grid.hexside(a, b) in self.roads
