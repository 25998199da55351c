"""The data of 『夜襲!島田戦車隊』: map, counters, combat results table, scenario and messages.

Everything the seed leaves out (map, counter mix and factors, CRT rows) is reconstructed in
``data/*.json`` and explained in ``PROVENANCE.md``. This module loads the files once, checks them
against the shape the rules expect, and offers small read-only accessors.

A match names its dataset in ``state["data"]``: ``"standard"`` is the real game, loaded once on
first use (a state without the key, as stored before datasets existed, is on the standard data);
tests register small synthetic datasets under other names (``register``), built with
``GameData.from_raw`` from the same shapes as the files.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine.crt import CombatResultsTable
from ...engine.datasets import STANDARD as STANDARD  # re-exported: the game's modules name it from here
from ...engine.datasets import Datasets
from ...engine.hexgrid import HexGrid

DATA_DIR = Path(__file__).parent / "data"
SIDES = ("japanese", "british")
KINDS = ("tank", "infantry", "hq", "artillery", "carrier")
RESULTS = ("Ae", "Ar", "C", "D1", "D2", "D3", "Ex", "De")


class DataError(ValueError):
    """A data file does not have the shape the rules expect."""


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise DataError(what)


@dataclass(frozen=True)
class CounterSpec:
    id: str
    side: str
    kind: str
    cf: int
    ma: int
    symbol: str
    name: dict[str, str]


@dataclass(frozen=True)
class Board:
    grid: HexGrid
    raw: dict[str, Any]
    entry: str
    exit: str
    slim: str
    positions: tuple[str, ...]
    # Geometry asked for on every move and every ZOC: computed once per board.
    _adjacent: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _unbridged: frozenset[tuple[str, str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_adjacent", {h: tuple(self.grid.neighbours(h)) for h in self.raw["hexes"]})
        blocked = {tuple(side.split("/")) for side, info in self.raw["hexsides"].items()
                   if info["river"] and not info["bridge"]}
        object.__setattr__(self, "_unbridged", frozenset(blocked | {(b, a) for a, b in blocked}))

    def hexes(self) -> list[str]:
        return list(self.raw["hexes"])

    def is_jungle(self, hex_id: str) -> bool:
        terrain = self.raw["hexes"][hex_id]["terrain"]
        return bool(self.raw["terrain"][terrain]["jungle"])

    def is_position(self, hex_id: str) -> bool:
        return hex_id in self.positions

    def crossable(self, a: str, b: str) -> bool:
        """§8: rivers can only be crossed at a bridge (also the test for ZOC and attacks)."""
        return (a, b) not in self._unbridged

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        return self._adjacent[hex_id]


@dataclass(frozen=True)
class GameData:
    board: Board
    counters: dict[str, CounterSpec]
    crt: CombatResultsTable
    crt_raw: dict[str, Any]
    scenarios: dict[str, dict[str, Any]]
    messages: dict[str, dict[str, str]]

    @classmethod
    def from_raw(cls, *, board: dict[str, Any], counters: dict[str, Any], crt: dict[str, Any],
                 scenarios: dict[str, Any], messages: dict[str, Any]) -> GameData:
        """Check data in the files' shapes (not the standard game's sizes) and build it."""
        data = cls(board=_board(board), counters=_counters(counters), crt=_crt(crt), crt_raw=crt,
                   scenarios=_scenarios(scenarios), messages=_messages(messages))
        british = [c for c in data.counters.values() if c.side == "british"]
        _check(len(british) == len(data.board.positions), "one British counter per position (§3)")
        return data


def _load(name: str) -> Any:
    with open(DATA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


def _board(raw: dict[str, Any]) -> Board:
    g = raw["grid"]
    grid = HexGrid(cols=g["cols"], rows=g["rows"], top=g["top"], shift=g["shift"])
    hexes = raw["hexes"]
    _check(set(hexes) == set(grid.all_hexes()), "map.json: hexes must cover the grid exactly")
    for h, info in hexes.items():
        _check(info["terrain"] in raw["terrain"], f"map.json: {h} has an unknown terrain")
        _check(isinstance(info["road"], bool) and isinstance(info["features"], list), f"map.json: {h}")
    for side, info in raw["hexsides"].items():
        a, b = side.split("/")
        _check(grid.is_adjacent(a, b) and side == grid.hexside(a, b), f"map.json: bad hexside {side}")
        _check(isinstance(info["river"], bool) and isinstance(info["bridge"], bool), side)
    for road in raw["roads"]:
        _check(all(grid.is_adjacent(a, b) for a, b in itertools.pairwise(road)), "map.json: broken road")
    positions = tuple(raw["positions"])
    _check(all(h in hexes for h in positions), "map.json: positions must be hexes of the map")
    for key, feature in (("entry", "entry"), ("exit", "exit"), ("slim", "slim")):
        _check(feature in hexes[raw[key]]["features"], f"map.json: {key} hex lacks its feature")
    for h in positions:
        _check("position" in hexes[h]["features"], f"map.json: {h} lacks 'position'")
    return Board(grid, raw, raw["entry"], raw["exit"], raw["slim"], positions)


def _counters(raw: dict[str, Any]) -> dict[str, CounterSpec]:
    out = {}
    for uid, c in raw.items():
        _check(c["side"] in SIDES and c["kind"] in KINDS, f"counters.json: {uid}")
        _check(isinstance(c["cf"], int) and isinstance(c["ma"], int) and c["ma"] > 0, uid)
        _check(set(c["name"]) == {"en", "ja"}, f"counters.json: {uid} needs en and ja names")
        out[uid] = CounterSpec(uid, c["side"], c["kind"], c["cf"], c["ma"], c["symbol"], dict(c["name"]))
    return out


def _check_standard(data: GameData) -> None:
    """What the seed fixes for the real game: 11 counters (§2), 6 positions (§3)."""
    _check(len(data.board.positions) == 6, "map.json: 6 positions (§3)")
    sides = [c.side for c in data.counters.values()]
    _check(sides.count("japanese") == 5 and sides.count("british") == 6, "counters.json: 5 + 6 (§2)")
    kinds = {c.kind for c in data.counters.values() if c.side == "british"}
    _check({"hq", "artillery", "carrier"} <= kinds, "counters.json: British HQ, Artillery, UC (§2)")


def _crt(raw: dict[str, Any]) -> CombatResultsTable:
    _check(raw["columns"] == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"], "crt.json: columns (§9)")
    _check(sorted(raw["rows"]) == [str(i) for i in range(1, 7)], "crt.json: rows 1-6")
    for row in raw["rows"].values():
        _check(all(r in RESULTS for r in row), "crt.json: unknown result")
    return CombatResultsTable.from_data(raw)


def _scenarios(raw: dict[str, Any]) -> dict[str, dict[str, Any]]:
    keys = {"name", "description", "turns", "dawn_choices", "recover_at_night", "disrupted_cf",
            "position_multiplier", "entry_cost", "tank_extra_advance", "points"}
    for sid, s in raw.items():
        _check(keys <= set(s), f"scenario.json: {sid} lacks {sorted(keys - set(s))}")
        _check(set(s["points"]) == {"slim", "british_hq", "japanese_tank", "japanese_infantry",
                                    "british_exit"}, f"scenario.json: {sid} points")
        _check(all(1 <= t <= s["turns"] for t in s["dawn_choices"]), f"scenario.json: {sid} dawn")
    return dict(raw)


def _messages(raw: dict[str, Any]) -> dict[str, dict[str, str]]:
    _check(set(raw) == {"en", "ja"}, "messages.json: en and ja")
    _check(set(raw["en"]) == set(raw["ja"]), "messages.json: en and ja must have the same keys")
    return {lang: dict(m) for lang, m in raw.items()}


def load_standard() -> GameData:
    data = GameData.from_raw(board=_load("map.json"), counters=_load("counters.json"), crt=_load("crt.json"),
                             scenarios=_load("scenario.json"), messages=_load("messages.json"))
    _check_standard(data)
    return data


_DATASETS = Datasets("Shimada", load_standard)
register, dataset = _DATASETS.register, _DATASETS.get
