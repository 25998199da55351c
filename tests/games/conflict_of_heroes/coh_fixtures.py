"""Small synthetic maps for Conflict of Heroes tests, drawn in the files' own shapes (one string per row, one
character per column; elevation digits per hex), on the standard tables and units."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from server.games.conflict_of_heroes.board import FirefightMap, sheets_from_data
from server.games.conflict_of_heroes.data import dataset, standard_files
from server.games.conflict_of_heroes.tables import HEX_TERRAINS
from server.games.conflict_of_heroes.units import UnitType

DATA = dataset()
TABLES = DATA.tables
LEGEND = standard_files()["boards"]["legend"]


def unit(uid: str) -> UnitType:
    return DATA.units[uid]


def small_map(terrain: Sequence[str], elevation: Sequence[str] | None = None, *,
              roads: Sequence[Sequence[str]] = (), walls: Sequence[Sequence[str]] = ()) -> FirefightMap:
    """Board "1" of ``len(terrain)`` rows and ``len(terrain[0])`` columns lettered from A; hexes ``1-C4``."""
    width = len(terrain[0])
    raw = {"grid": {"columns": "ABCDEFGHIJKLMNOPQRS"[:width], "rows": len(terrain), "top": "flat", "shift": "even"},
           "legend": LEGEND,
           "boards": {"1": {"name": {"en": "test", "ja": "試験"}, "terrain": list(terrain),
                            "elevation": list(elevation or ["0" * width] * len(terrain)),
                            "roads": [list(r) for r in roads], "walls": [list(w) for w in walls], "places": {}}}}
    grid, sheets = sheets_from_data(raw, HEX_TERRAINS)
    return dataclasses.replace(DATA, grid=grid, sheets=sheets).firefight_map(["1"])
