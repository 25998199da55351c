"""Odds, column shifts and combat results table look-up, shared by every hex game.

Odds columns are ratios ``"1:2"``, ``"1:1"``, ``"2:1"``... (or differentials, for games that use
them). The odds of a combat are the highest column the attack reaches, which rounds every
fraction in the defender's favour: 5 against 2 is 2.5:1, so 2:1. Terrain and other effects then
shift columns; a table clamps the result at its ends.

>>> t = OddsTable(("1:2", "1:1", "2:1", "3:1", "4:1", "5:1"))
>>> t.column(5, 2)
'2:1'
>>> t.column(2, 5) is None      # below 1:2: not allowed
True
>>> t.column(40, 1)             # above the last column: the last column
'5:1'
>>> t.shift("2:1", +7)
'5:1'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction


def ratio(column: str) -> Fraction:
    a, d = column.split(":")
    return Fraction(int(a), int(d))


@dataclass(frozen=True)
class OddsTable:
    columns: tuple[str, ...]  # lowest first

    def index(self, column: str) -> int:
        return self.columns.index(column)

    def column(self, attack: int, defence: int) -> str | None:
        """The column for these factors, rounded for the defender; None below the first column."""
        if defence <= 0:
            return self.columns[-1]
        odds = Fraction(attack, defence)
        best: str | None = None
        for col in self.columns:
            if odds >= ratio(col):
                best = col
        return best

    def shift(self, column: str, shifts: int) -> str:
        """Move ``shifts`` columns right (positive, for the attacker) or left, clamped at the ends."""
        i = min(max(self.index(column) + shifts, 0), len(self.columns) - 1)
        return self.columns[i]


@dataclass(frozen=True)
class CombatResultsTable:
    """Rows by die roll (after modifiers, clamped to the printed rows), one result per column."""

    odds: OddsTable
    rows: Mapping[int, Sequence[str]]

    def __post_init__(self) -> None:
        for roll, results in self.rows.items():
            if len(results) != len(self.odds.columns):
                raise ValueError(f"CRT row {roll} has {len(results)} results for "
                                 f"{len(self.odds.columns)} columns")

    def result(self, column: str, roll: int) -> str:
        lo, hi = min(self.rows), max(self.rows)
        roll = min(max(roll, lo), hi)
        return self.rows[roll][self.odds.index(column)]

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> CombatResultsTable:
        """From ``{"columns": [...], "rows": {"1": [...], ...}}`` as kept in a game's data file."""
        columns = data["columns"]
        rows = data["rows"]
        assert isinstance(columns, list) and isinstance(rows, dict)
        return cls(OddsTable(tuple(columns)), {int(k): tuple(v) for k, v in rows.items()})
