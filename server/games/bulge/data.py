"""The data of バルジ大作戦 (Battle of the Bulge: Ardennes '44), loaded and checked against the contract.

The contract is ``docs/bulge-data.md``: ``map.json``, ``terrain.txt``, ``counters.json``,
``tables.json`` and ``setup.json`` in ``data/``. Everything the seed lost is reconstructed there and
listed in the provenance files. This module turns the files into read-only objects (``Board``,
``UnitSpec``, ``Tables``) and never hard-codes a number a table holds.

A match names its dataset in ``state["data"]``: ``"standard"`` is the real game, loaded once on
first use; tests register small synthetic datasets under other names (``register``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import lcm
from pathlib import Path
from typing import Any

from ...engine.cache import Memo
from ...engine.crt import CombatResultsTable
from ...engine.datasets import STANDARD as STANDARD  # re-exported: the game's modules name it from here
from ...engine.datasets import Datasets
from ...engine.hexgrid import HexGrid, HexMapGeometry
from ...engine.paths import Reached

DATA_DIR = Path(__file__).parent / "data"
HERE = Path(__file__).parent
SIDES = ("german", "allied")
NATIONS = ("german", "us", "british")
TERRAIN_CHARS = {".": "clear", "h": "hills", "f": "light_forest", "F": "deep_forest"}
PLACE_KINDS = ("town", "city", "important", "fortress")
ENTRY_CODES = ("E", "N", "NW", "W", "SW", "S")
RESULT_FIELDS = {"defender_steps", "defender_retreat", "attacker_steps", "attacker_retreat", "option_retreat"}
TERRAIN_FILLS = {"clear": "#f4f4ee", "hills": "#cfc8b8", "light_forest": "#b5d19a", "deep_forest": "#5f8f4e"}
TERRAIN_NAMES = {
    "clear": {"en": "Clear", "ja": "平地"}, "hills": {"en": "Hills", "ja": "丘陵"},
    "light_forest": {"en": "Light forest", "ja": "浅い森林"}, "deep_forest": {"en": "Deep forest", "ja": "深い森林"},
}


class DataError(ValueError):
    """A data file does not have the shape the rules expect."""


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise DataError(what)


def _pairs(chains: Iterable[list[str]]) -> list[tuple[str, str]]:
    return [(a, b) for chain in chains for a, b in itertools.pairwise(chain)]


# === The board (§3) ===

@dataclass(frozen=True)
class Entry:
    id: str
    hex: str
    side: str
    code: str
    colour: str | None


@dataclass(frozen=True, eq=False)
class Board(HexMapGeometry):
    grid: HexGrid
    terrain: Mapping[str, str]  # hex -> clear | hills | light_forest | deep_forest
    places: Mapping[str, dict[str, Any]]  # hex -> {"name": {...}, "kind": ...}
    rivers: frozenset[str]  # hexside ids
    major_rivers: frozenset[str]
    roads: frozenset[str]  # hexsides a road crosses (main roads included)
    main_roads: frozenset[str]
    road_lines: tuple[tuple[str, ...], ...]
    main_road_lines: tuple[tuple[str, ...], ...]
    west_wall: frozenset[str]
    germany: frozenset[str]
    entries: Mapping[str, Entry]
    army_lines: Mapping[str, tuple[str, ...]]
    zones: Mapping[str, frozenset[str]]
    raw: Mapping[str, Any] = field(repr=False)
    # the sets of hexes the rules compute again and again from this board and a key (zones of control, sight,
    # road reach, the British area); the hexes around each hex within a radius (sight) and other lists of
    # hexes (set-up hexes, paradrop targets); and distances from a set of hexes (set-up near the West Wall)
    memo: Memo[frozenset[str]] = field(default_factory=lambda: Memo(bound=4096), repr=False, compare=False)
    around: Memo[tuple[str, ...]] = field(default_factory=lambda: Memo(bound=8192), repr=False, compare=False)
    distances: Memo[Mapping[str, int]] = field(default_factory=lambda: Memo(bound=16), repr=False, compare=False)
    # the hexes a unit or stack can reach, by what the search read (movement.reach): a phase's reaches are
    # computed once, not on every look at the legal actions
    reach: Memo[Mapping[str, Reached]] = field(default_factory=lambda: Memo(bound=1024), repr=False, compare=False)

    @classmethod
    def from_data(cls, raw: Mapping[str, Any], terrain_lines: Iterable[str]) -> Board:
        g = raw["grid"]
        grid = HexGrid(cols=g["cols"], rows=g["rows"], top=g["top"], shift=g["shift"])
        rows = [line.split("#", 1)[0].rstrip() if not line.startswith("#") else "" for line in terrain_lines]
        rows = [r for r in rows if r]
        _check(len(rows) == grid.rows, f"terrain.txt: {len(rows)} rows, the grid has {grid.rows}")
        terrain: dict[str, str] = {}
        for r, line in enumerate(rows, start=1):
            _check(len(line) == grid.cols, f"terrain.txt: row {r} has {len(line)} hexes, not {grid.cols}")
            for c, ch in enumerate(line, start=1):
                _check(ch in TERRAIN_CHARS, f"terrain.txt: unknown terrain {ch!r} at row {r}")
                terrain[grid.label(c, r)] = TERRAIN_CHARS[ch]

        def on_map(h: str, what: str) -> str:
            _check(grid.contains(h), f"map.json: {what}: {h!r} is not a hex of the map")
            return h

        def sides(pairs: list[tuple[str, str]], what: str) -> frozenset[str]:
            out = set()
            for a, b in pairs:
                on_map(a, what), on_map(b, what)
                _check(grid.is_adjacent(a, b), f"map.json: {what}: {a} and {b} are not adjacent")
                out.add(grid.hexside(a, b))
            return frozenset(out)

        places = {}
        for h, p in raw.get("places", {}).items():
            on_map(h, "places")
            _check(p.get("kind") in PLACE_KINDS, f"map.json: place {h} has kind {p.get('kind')!r}")
            _check(set(p.get("name", {})) >= {"en", "ja"}, f"map.json: place {h} needs en and ja names")
            places[h] = dict(p)
        roads = [tuple(r) for r in raw.get("roads", [])]
        mains = [tuple(r) for r in raw.get("main_roads", [])]
        main_sides = sides(_pairs(list(r) for r in mains), "main_roads")
        road_sides = sides(_pairs(list(r) for r in roads), "roads") | main_sides
        entries = {}
        for eid, e in raw.get("entries", {}).items():
            on_map(e["hex"], f"entry {eid}")
            _check(e.get("side") in SIDES and e.get("code") in ENTRY_CODES, f"map.json: entry {eid}")
            _check((e["code"] == "E") == (e["side"] == "german"), f"map.json: entry {eid}: E is German only")
            entries[eid] = Entry(eid, e["hex"], e["side"], e["code"], e.get("colour"))
        lines = {}
        for name, chain in raw.get("army_lines", {}).items():
            for a, b in itertools.pairwise(chain):
                _check(grid.is_adjacent(a, b), f"map.json: army line {name}: {a}-{b} not adjacent")
            lines[name] = tuple(on_map(h, f"army line {name}") for h in chain)
        zones = {k: frozenset(on_map(h, f"zone {k}") for h in v) for k, v in raw.get("zones", {}).items()}
        return cls(
            grid=grid, terrain=terrain, places=places,
            rivers=sides([(p[0], p[1]) for p in raw.get("rivers", [])], "rivers"),
            major_rivers=sides([(p[0], p[1]) for p in raw.get("major_rivers", [])], "major_rivers"),
            roads=road_sides, main_roads=main_sides, road_lines=tuple(roads), main_road_lines=tuple(mains),
            west_wall=frozenset(on_map(h, "west_wall") for h in raw.get("west_wall", [])),
            germany=frozenset(on_map(h, "germany") for h in raw.get("germany", [])),
            entries=entries, army_lines=lines, zones=zones, raw=raw,
        )

    # --- cached geometry beyond HexMapGeometry's (hexes, neighbours, road hexes) ---

    @cached_property
    def road_neighbours(self) -> dict[str, tuple[str, ...]]:
        """For each road hex, the hexes a road leads to from it (§3.3(7))."""
        out: dict[str, list[str]] = {}
        for side in self.roads:
            a, b = side.split("/")
            out.setdefault(a, []).append(b)
            out.setdefault(b, []).append(a)
        return {h: tuple(sorted(ns)) for h, ns in out.items()}

    @cached_property
    def tracked(self) -> tuple[str, ...]:
        """§13.3(3): the hexes whose occupation matters: important and fortress cities, main roads."""
        return tuple(h for h in self.hexes if h in self.main_road_hexes
                     or self.place_kind(h) in ("important", "fortress"))

    def initial_owner(self, hex_id: str) -> str:
        """§13.3(1): on or east of the West Wall German, every other hex Allied."""
        return "german" if hex_id in self.west_wall or hex_id in self.germany else "allied"

    @cached_property
    def main_road_hexes(self) -> frozenset[str]:
        return frozenset(h for side in self.main_roads for h in side.split("/"))

    # --- queries ---

    def terrain_of(self, hex_id: str) -> str:
        return self.terrain[hex_id]

    def place_kind(self, hex_id: str) -> str | None:
        p = self.places.get(hex_id)
        return str(p["kind"]) if p else None

    def side_key(self, a: str, b: str) -> str:
        return self.grid.hexside(a, b)

    def is_river(self, a: str, b: str) -> bool:
        """A river hexside of either kind (§3.3(6): "河川" means both)."""
        s = self.grid.hexside(a, b)
        return s in self.rivers or s in self.major_rivers

    def is_major_river(self, a: str, b: str) -> bool:
        return self.grid.hexside(a, b) in self.major_rivers

    def is_main_road(self, a: str, b: str) -> bool:
        return self.grid.hexside(a, b) in self.main_roads

    def is_junction(self, hex_id: str) -> bool:
        """§9.5: a road junction has roads leaving through 3 or more hexsides."""
        return sum(1 for n in self.neighbours(hex_id) if self.is_road(hex_id, n)) >= 3

    def entries_of(self, side: str, code: str | None = None) -> list[Entry]:
        return [e for e in self.entries.values() if e.side == side and (code is None or e.code == code)]

    def static(self) -> dict[str, Any]:
        """The board as ``static_data()["board"]`` (docs/DESIGN.md)."""
        hexes: dict[str, Any] = {}
        entry_hexes = {e.hex for e in self.entries.values()}
        for h in self.hexes:
            info: dict[str, Any] = {"terrain": self.terrain[h], "road": h in self.road_hexes}
            features = []
            if h in self.places:
                info["name"] = self.places[h]["name"]
                features.append(self.places[h]["kind"])
            if h in self.west_wall:
                features.append("west_wall")
            if h in self.germany:
                features.append("germany")
            if h in entry_hexes:
                features.append("entry")
            info["features"] = features
            hexes[h] = info
        hexsides: dict[str, dict[str, bool]] = {}
        for flag, ids in (("river", self.rivers), ("major_river", self.major_rivers), ("road", self.roads),
                          ("main_road", self.main_roads)):
            for s in ids:
                hexsides.setdefault(s, {})[flag] = True
        g = self.raw["grid"]
        return {
            "kind": "hex", "grid": {k: g[k] for k in ("cols", "rows", "top", "shift")},
            "terrain": {k: {"name": TERRAIN_NAMES[k], "fill": TERRAIN_FILLS[k]} for k in TERRAIN_NAMES},
            "hexes": hexes, "hexsides": dict(sorted(hexsides.items())),
            "roads": [list(r) for r in self.road_lines], "main_roads": [list(r) for r in self.main_road_lines],
            "places": {h: dict(p) for h, p in sorted(self.places.items())},
            "west_wall": sorted(self.west_wall), "germany": sorted(self.germany),
            "entries": {k: {"hex": e.hex, "side": e.side, "code": e.code, "colour": e.colour}
                        for k, e in self.entries.items()},
            "army_lines": {k: list(v) for k, v in self.army_lines.items()},
        }


# === Units (§2) ===

@dataclass(frozen=True)
class UnitSpec:
    id: str
    side: str
    nation: str
    army: str | None
    division: str | None
    designation: str
    size: str
    branch: str
    functional: str
    mechanised: bool
    front: tuple[int, int] | None  # (attack, defence); None: commandos have no strength
    back: tuple[int, int] | None
    name: Mapping[str, str]
    entry: tuple[int, str] | None  # (turn, code) for a reinforcement
    paradrop: bool
    stack_group: str | None  # §6.2(6)-(7): units of one group stack together whatever their division
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @property
    def is_commando(self) -> bool:
        return self.branch == "commando"

    def strength(self, steps: int) -> tuple[int, int]:
        """(attack, defence) of the face showing: the front with 2 steps, the back with 1 (§2.3)."""
        face = self.front if steps >= 2 else self.back
        return face if face is not None else (0, 0)


def _face(v: Any, what: str) -> tuple[int, int] | None:
    if v is None:
        return None
    _check(isinstance(v.get("attack"), int) and isinstance(v.get("defence"), int), what)
    return (int(v["attack"]), int(v["defence"]))


def units_from_data(raw: Mapping[str, Any]) -> dict[str, UnitSpec]:
    out: dict[str, UnitSpec] = {}
    units = raw.get("units", raw)
    for uid, c in units.items():
        where = f"counters.json: {uid}"
        _check(c.get("side") in SIDES and c.get("nation") in NATIONS, f"{where}: side and nation")
        _check((c["side"] == "german") == (c["nation"] == "german"), f"{where}: nation against side")
        _check(set(c.get("name", {})) >= {"en", "ja"}, f"{where}: needs en and ja names")
        _check(isinstance(c.get("mechanised"), bool), f"{where}: mechanised")
        commando = c.get("branch") == "commando"
        front, back = _face(c.get("front"), f"{where}: front"), _face(c.get("back"), f"{where}: back")
        _check(commando or (front is not None and back is not None), f"{where}: two faces (§2.3)")
        entry = c.get("entry")
        if entry is not None:
            _check(isinstance(entry.get("turn"), int) and entry.get("code") in ENTRY_CODES, f"{where}: entry")
            _check((entry["code"] == "E") == (c["side"] == "german"), f"{where}: entry code against side")
        out[uid] = UnitSpec(
            id=uid, side=c["side"], nation=c["nation"], army=c.get("army"), division=c.get("division"),
            designation=str(c.get("designation", uid)), size=str(c.get("size", "")),
            branch=str(c.get("branch", "")), functional=str(c.get("functional", "")),
            mechanised=bool(c["mechanised"]), front=front, back=back, name=dict(c["name"]),
            entry=(int(entry["turn"]), str(entry["code"])) if entry else None,
            paradrop=bool(c.get("paradrop", False)), stack_group=c.get("stack_group"), raw=c,
        )
    return out


# === Tables (§14) ===

@dataclass(frozen=True)
class Tables:
    crt: CombatResultsTable
    results: Mapping[str, Mapping[str, Any]]
    terrain: Mapping[str, Mapping[str, Any]]  # key -> {"mp": n | null, "shift": n}
    movement_allowance: Mapping[str, Mapping[str, int]]  # functional -> {"combat": n, "strategic": n}
    paradrop: Mapping[str, str]
    turns: Mapping[int, Mapping[str, Any]]
    constants: Mapping[str, Any]
    mp_scale: int  # every MP is kept as an integer count of 1/mp_scale MP (a road may cost 1/2)
    raw: Mapping[str, Any] = field(repr=False)

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> Tables:
        crt_raw = raw["crt"]
        crt = CombatResultsTable.from_data(crt_raw)
        _check(sorted(int(k) for k in crt_raw["rows"]) == list(range(2, 13)), "tables.json: CRT rows 2-12 (§8.3)")
        _check(crt.odds.columns[-1] == "7:1", "tables.json: the CRT ends at 7:1 (§8.3(4))")
        results = crt_raw.get("results", {})
        for row in crt_raw["rows"].values():
            for code in row:
                _check(code in results, f"tables.json: CRT result {code!r} has no entry in results")
        for code, r in results.items():
            _check(set(r) >= RESULT_FIELDS, f"tables.json: result {code} lacks {sorted(RESULT_FIELDS - set(r))}")
            if r["defender_retreat"]:
                # §12.3: against a fortress city each DR becomes a D
                becomes = r.get("fortress_becomes")
                _check(becomes in results and not results[becomes]["defender_retreat"],
                       f"tables.json: result {code} needs fortress_becomes, a result without a retreat (§12.3)")
        terrain = raw["terrain"]
        for key in TERRAIN_NAMES:
            _check(key in terrain, f"tables.json: terrain {key} missing")
        mps: list[Fraction] = []
        for key, t in terrain.items():
            _check("shift" in t and "mp" in t, f"tables.json: terrain {key} needs mp and shift")
            if t["mp"] is not None:
                mps.append(Fraction(str(t["mp"])))
        scale = 1
        for f in mps:
            scale = lcm(scale, f.denominator)
        turns = {int(k): v for k, v in raw["turns"].items()}
        _check(sorted(turns) == list(range(1, len(turns) + 1)), "tables.json: turns 1..n")
        for fc, ma in raw["movement_allowance"].items():
            _check(isinstance(ma.get("combat"), int) and isinstance(ma.get("strategic"), int),
                   f"tables.json: movement allowance {fc}")
        return cls(crt=crt, results=results, terrain=terrain, movement_allowance=raw["movement_allowance"],
                   paradrop=raw.get("paradrop", {}), turns=turns, constants=raw.get("constants", {}),
                   mp_scale=scale, raw=raw)

    def const(self, key: str) -> Any:
        """A constant of tables.json; one name per constant (the contract's), no silent default."""
        if key not in self.constants:
            raise DataError(f"tables.json: constant {key!r} missing")
        return self.constants[key]

    @cached_property
    def _mps(self) -> dict[str, int | None]:
        return {k: (None if t["mp"] is None else int(Fraction(str(t["mp"])) * self.mp_scale))
                for k, t in self.terrain.items()}

    def mp(self, key: str) -> int | None:
        """The MP to enter terrain ``key``, in 1/mp_scale MP; None when it cannot be entered."""
        return self._mps.get(key, 0)

    def shift(self, key: str) -> int:
        t = self.terrain.get(key)
        return int(t["shift"]) if t is not None and t.get("shift") is not None else 0

    @property
    def last_turn(self) -> int:
        return max(self.turns)


# === Everything together ===

@dataclass(frozen=True, eq=False)
class GameData:
    board: Board
    units: Mapping[str, UnitSpec]
    tables: Tables
    setup: Mapping[str, Mapping[str, str]]  # side -> unit id -> hex

    def __post_init__(self) -> None:
        for side, placed in self.setup.items():
            _check(side in SIDES, f"setup.json: unknown side {side!r}")
            for uid, h in placed.items():
                _check(uid in self.units and self.units[uid].side == side, f"setup.json: {uid} is not {side}")
                _check(self.board.grid.contains(h), f"setup.json: {uid} at {h!r}, not a hex")
        for uid, u in self.units.items():
            _check(u.functional in self.tables.movement_allowance,
                   f"counters.json: {uid}: functional colour {u.functional!r} has no movement allowance")
            if u.entry is not None:
                _check(bool(self.board.entries_of(u.side, u.entry[1])),
                       f"counters.json: {uid} enters at {u.entry[1]}, which has no entry hex")


def _read_json(name: str) -> Any:
    with open(DATA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


def load_standard() -> GameData:
    with open(DATA_DIR / "terrain.txt", encoding="utf-8") as f:
        terrain = f.read().splitlines()
    return GameData(
        board=Board.from_data(_read_json("map.json"), terrain),
        units=units_from_data(_read_json("counters.json")),
        tables=Tables.from_data(_read_json("tables.json")),
        setup=_read_json("setup.json"),
    )


_DATASETS = Datasets("Battle of the Bulge", load_standard)
register, dataset = _DATASETS.register, _DATASETS.get


def standard_available() -> bool:
    return all((DATA_DIR / n).exists() for n in ("map.json", "terrain.txt", "counters.json", "tables.json",
                                                 "setup.json"))


def messages() -> dict[str, dict[str, str]]:
    with open(HERE / "messages.json", encoding="utf-8") as f:
        raw: dict[str, dict[str, str]] = json.load(f)
    _check(set(raw) == {"en", "ja"} and set(raw["en"]) == set(raw["ja"]), "messages.json: en and ja, same keys")
    return raw
