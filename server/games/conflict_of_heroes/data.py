"""The data of Conflict of Heroes: Awakening the Bear! (1st edition): boards, counters, hit counters, tables.

Files under ``data/``: ``boards.json`` (the five geomorphic boards and the firefights' layouts), ``counters.json``
(the unit types), ``hit_counters.json`` (the two piles of 20, §1.3) and ``tables.json`` (§4.0 and §14.1). The
seed gives almost none of it (digest §10); what is reconstructed, and why, is in ``PROVENANCE.md``. This module
reads the files, checks every field, and raises ``DataError`` naming the file and the field that is wrong.

A match will name its dataset in ``state["data"]``: ``"standard"`` is the real game, loaded once on first use;
tests register small synthetic datasets under other names (``register``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine.datasets import STANDARD as STANDARD  # re-exported: the game's modules name it from here
from ...engine.datasets import Datasets
from .board import FirefightMap, Sheet, SheetGrid, sheets_from_data
from .errors import DataError as DataError  # re-exported
from .errors import check
from .tables import HEX_TERRAINS, Tables
from .units import HitCounter, Pile, UnitType, hit_counters_from_data, unit_types_from_data

DATA_DIR = Path(__file__).parent / "data"
FILES = ("boards", "counters", "hit_counters", "tables")


@dataclass(frozen=True, eq=False)
class GameData:
    grid: SheetGrid
    sheets: Mapping[str, Sheet]
    layouts: Mapping[str, tuple[str, ...]]
    units: Mapping[str, UnitType]
    hit_counters: Mapping[Pile, tuple[HitCounter, ...]]
    tables: Tables

    def firefight_map(self, layout: str | Sequence[str]) -> FirefightMap:
        """The map of a named layout (``"firefight_2"``) or of boards listed north to south (``["2", "1"]``)."""
        boards = self.layouts[layout] if isinstance(layout, str) else tuple(layout)
        obstacles = [t for t in HEX_TERRAINS if self.tables.blocks_los(t)]
        return FirefightMap.from_sheets(self.grid, self.sheets, boards, obstacles)

    def pile(self, pile: Pile) -> tuple[HitCounter, ...]:
        """§1.0 step 6: the 20 counters of a pile, one entry per physical counter, in the file's order (the
        caller shuffles it with the match's rng)."""
        return tuple(c for c in self.hit_counters[pile] for _ in range(c.count))

    def hit_counter(self, pile: Pile, cid: str) -> HitCounter:
        return next(c for c in self.hit_counters[pile] if c.id == cid)


def load(files: Mapping[str, Any]) -> GameData:
    """A dataset from the parsed files; raises ``DataError`` on the first thing wrong."""
    check(set(files) == set(FILES), f"the data needs the files {sorted(FILES)}, not {sorted(files)}")
    for name in FILES:
        check(isinstance(files[name], dict), f"{name}.json must hold one JSON object")
    check(set(files["boards"]) == {"grid", "legend", "boards", "layouts"},
          "boards.json: sections must be grid, legend, boards, layouts")
    tables = Tables.from_data(files["tables"])
    grid, sheets = sheets_from_data(files["boards"], HEX_TERRAINS)
    layouts: dict[str, tuple[str, ...]] = {}
    raw_layouts: Any = files["boards"].get("layouts")
    check(isinstance(raw_layouts, dict), "boards.json: layouts must be an object")
    for name, boards in raw_layouts.items():
        check(isinstance(boards, list) and bool(boards) and all(b in sheets for b in boards)
              and len(set(boards)) == len(boards),
              f"boards.json: layout {name} must list known boards, each once, north to south")
        layouts[name] = tuple(boards)
    return GameData(grid=grid, sheets=sheets, layouts=layouts, units=unit_types_from_data(files["counters"]),
                    hit_counters=hit_counters_from_data(files["hit_counters"]), tables=tables)


def standard_files() -> dict[str, Any]:
    out = {}
    for name in FILES:
        with open(DATA_DIR / f"{name}.json", encoding="utf-8") as f:
            out[name] = json.load(f)
    return out


def load_standard() -> GameData:
    return load(standard_files())


_DATASETS = Datasets("Conflict of Heroes", load_standard)
register, dataset = _DATASETS.register, _DATASETS.get
