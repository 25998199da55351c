"""The map of Back to Iraq (digest §3), read from ``data/map.json`` and ``data/terrain.txt`` and checked.

A ``Board`` is read-only: per hex its natural terrain and country, per hexside its rivers, escarpments and
roads, and the special hexes (cities, towns, supply sources, the Kurdish area, the Saddam Line).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...engine.hexgrid import HexGrid, HexMapGeometry
from .errors import check

# §3.1: the nine natural terrain types; the escarpment and the river are hexsides, lake/sea/reservoir one type
TERRAIN_CHARS = {".": "clear", "r": "rough", "M": "mountain", "d": "desert", "m": "marsh", "s": "salt_marsh",
                 "~": "sea", "L": "lake", "R": "reservoir"}
WATER = frozenset({"sea", "lake", "reservoir"})
COUNTRIES = ("iraq", "kuwait", "saudi", "iran", "turkey", "syria")
PLACE_KINDS = ("city", "town")
# §8.4-§8.8: the kinds of supply source and the country each lies in
SOURCE_COUNTRIES = {"iraq_general": "iraq", "iraq_limited": "iraq", "iran_limited": "iran",
                    "iran_edge": "iran", "coalition": ("kuwait", "saudi", "turkey")}
LOCATED = {"baghdad": "2117", "mosul": "1605", "kirkuk": "2109", "basra": "3527", "kuwait_city": "3631"}


def _terrain(grid: HexGrid, lines: Iterable[str]) -> dict[str, str]:
    rows = [ln.split(" #", 1)[0].rstrip() for ln in lines if ln and not ln.startswith("#")]
    check(len(rows) == grid.rows, f"terrain.txt: {len(rows)} rows, the grid has {grid.rows}")
    out = {}
    for r, line in enumerate(rows, start=1):
        check(len(line) == grid.cols, f"terrain.txt: row {r} has {len(line)} hexes, not {grid.cols}")
        for c, ch in enumerate(line, start=1):
            check(ch in TERRAIN_CHARS, f"terrain.txt: unknown terrain {ch!r} at row {r}")
            out[grid.label(c, r)] = TERRAIN_CHARS[ch]
    return out


@dataclass(frozen=True, eq=False)
class Board(HexMapGeometry):
    grid: HexGrid
    terrain: Mapping[str, str]
    country: Mapping[str, str]  # every land hex -> its country; sea hexes have none
    places: Mapping[str, Mapping[str, Any]]  # hex -> {"key", "name": {en, ja}, "kind", "country"}
    rivers: frozenset[str]  # hexside ids
    escarpments: frozenset[str]
    roads: frozenset[str]  # hexsides a road or highway crosses
    highways: frozenset[str]
    road_lines: tuple[tuple[str, ...], ...]
    highway_lines: tuple[tuple[str, ...], ...]
    kurdish_area: frozenset[str]
    saddam_line: frozenset[str]
    supply_sources: Mapping[str, str]  # hex -> kind (SOURCE_COUNTRIES)
    raw: Mapping[str, Any] = field(repr=False)

    @classmethod
    def from_data(cls, raw: Mapping[str, Any], terrain_lines: Iterable[str]) -> Board:
        g = raw["grid"]
        grid = HexGrid(cols=g["cols"], rows=g["rows"], top=g["top"], shift=g["shift"])
        terrain = _terrain(grid, terrain_lines)

        def on_map(h: str, what: str) -> str:
            check(grid.contains(h), f"map.json: {what}: {h!r} is not a hex of the map")
            return h

        def land(h: str, what: str) -> str:
            check(terrain[on_map(h, what)] not in WATER, f"map.json: {what}: {h} is {terrain[h]}, not land")
            return h

        country: dict[str, str] = {}
        for c, hexes in raw["countries"].items():
            check(c in COUNTRIES, f"map.json: unknown country {c!r}")
            for h in hexes:
                check(h not in country, f"map.json: {h} is in {country.get(h)} and {c}")
                country[on_map(h, f"country {c}")] = c
        for h, t in terrain.items():  # §3.1: every land hex lies in a country; the sea in none
            check((t == "sea") == (h not in country), f"map.json: {h} ({t}) and its country {country.get(h)}")

        places: dict[str, Mapping[str, Any]] = {}
        for h, p in raw["places"].items():
            land(h, f"place {p.get('key')}")
            check(p.get("kind") in PLACE_KINDS, f"map.json: place {h} has kind {p.get('kind')!r}")
            check(set(p.get("name", {})) >= {"en", "ja"}, f"map.json: place {h} needs en and ja names")
            check(p.get("country") == country[h], f"map.json: place {h} lies in {country[h]}, not {p.get('country')}")
            # §3.1 (§10.18): every city stands on clear terrain
            check(p["kind"] != "city" or terrain[h] == "clear", f"map.json: city {h} stands on {terrain[h]}")
            places[h] = p
        keys = {p["key"]: h for h, p in places.items()}
        for key, h in LOCATED.items():  # the brief's five located cities (§5.1)
            check(keys.get(key) == h, f"map.json: {key} must be at {h}, not {keys.get(key)}")

        def sides(pairs: Iterable[list[str]], what: str) -> frozenset[str]:
            out = set()
            for a, b in pairs:
                on_map(a, what), on_map(b, what)
                check(grid.is_adjacent(a, b), f"map.json: {what}: {a} and {b} are not adjacent")
                out.add(grid.hexside(a, b))
            return frozenset(out)

        def road_chains(chains: Mapping[str, list[str]], what: str) -> tuple[tuple[str, ...], ...]:
            for name, chain in chains.items():
                for h in chain:
                    land(h, f"{what} {name}")
                for a, b in itertools.pairwise(chain):
                    check(grid.is_adjacent(a, b), f"map.json: {what} {name} jumps from {a} to {b}")
            return tuple(tuple(c) for c in chains.values())

        rivers = sides((s for r in raw["rivers"].values() for s in r["hexsides"]), "rivers")
        escarpments = sides((s for e in raw["escarpments"].values() for s in e["hexsides"]), "escarpments")
        highway_lines = road_chains(raw["highways"], "highway")
        road_lines = road_chains(raw["roads"], "road")
        highways = frozenset(grid.hexside(a, b) for c in highway_lines for a, b in itertools.pairwise(c))
        roads = highways | {grid.hexside(a, b) for c in road_lines for a, b in itertools.pairwise(c)}
        # AMBIG-3: an escarpment is an impassable hexside; the roads cross the ridges at passes left open
        check(not roads & escarpments, f"map.json: roads cross escarpments at {sorted(roads & escarpments)}")

        kurds = frozenset(raw["kurdish_area"])
        for h in kurds:  # §3.4: the Kurdish area is northern Iraq's rough and mountain country
            check(country.get(on_map(h, "kurdish_area")) == "iraq" and terrain[h] in ("rough", "mountain"),
                  f"map.json: Kurdish-area hex {h} is not Iraqi rough or mountain")
        saddam = frozenset(raw["saddam_line"])
        for h in saddam:
            check(country.get(on_map(h, "saddam_line")) == "kuwait", f"map.json: Saddam Line hex {h} not in Kuwait")

        sources: dict[str, str] = {}
        for kind, hexes in raw["supply_sources"].items():
            check(kind in SOURCE_COUNTRIES, f"map.json: unknown supply source kind {kind!r}")
            for h in hexes:
                land(h, f"supply source {kind}")
                want = SOURCE_COUNTRIES[kind]
                check(country[h] in (want if isinstance(want, tuple) else (want,)),
                      f"map.json: {kind} source {h} lies in {country[h]}")
                sources[h] = kind
        board = cls(grid=grid, terrain=terrain, country=country, places=places, rivers=rivers,
                    escarpments=escarpments, roads=frozenset(roads), highways=highways, road_lines=road_lines,
                    highway_lines=highway_lines, kurdish_area=kurds, saddam_line=saddam, supply_sources=sources,
                    raw=raw)
        board._check_sources()
        return board

    def _check_sources(self) -> None:
        """§8.4-§8.7: Baghdad the general source, Mosul/Kirkuk/Basra and the Iranian cities the limited ones,
        Kuwait City and map-edge road hexes (Saudi Arabia, Turkey, Iran) the others."""
        for h, kind in self.supply_sources.items():
            if kind in ("iraq_general", "iraq_limited", "iran_limited"):
                check(self.place_kind(h) == "city", f"map.json: {kind} source {h} is not a city")
            elif h != self.hex_of("kuwait_city"):
                check(self.on_edge(h) and h in self.road_hexes, f"map.json: {kind} source {h} is not a map-edge road")

    # --- queries ---

    @cached_property
    def coastal(self) -> frozenset[str]:
        """§8.14, §14.14: land hexes beside an all-sea hex."""
        return frozenset(h for h in self.hexes if self.is_land(h)
                         and any(self.terrain[n] == "sea" for n in self.neighbours(h)))

    @cached_property
    def border_sides(self) -> frozenset[str]:
        """§10.18: the hexsides between two countries."""
        return frozenset(self.grid.hexside(a, b) for a in self.hexes for b in self.neighbours(a)
                         if a in self.country and b in self.country and self.country[a] != self.country[b])

    def is_land(self, hex_id: str) -> bool:
        return self.terrain[hex_id] not in WATER

    def on_edge(self, hex_id: str) -> bool:
        c, r = self.grid.parse(hex_id)
        return c in (1, self.grid.cols) or r in (1, self.grid.rows)

    def place_kind(self, hex_id: str) -> str | None:
        p = self.places.get(hex_id)
        return str(p["kind"]) if p else None

    def hex_of(self, key: str) -> str:
        for h, p in self.places.items():
            if p["key"] == key:
                return h
        raise KeyError(key)

    def cities(self, country: str) -> list[str]:
        """§4.4-§4.5: the cities of a country (victory counts them)."""
        return sorted(h for h, p in self.places.items() if p["kind"] == "city" and p["country"] == country)

    def hexes_of(self, country: str) -> list[str]:
        return sorted(h for h, c in self.country.items() if c == country)

    def is_river(self, a: str, b: str) -> bool:
        return self.grid.hexside(a, b) in self.rivers

    def is_escarpment(self, a: str, b: str) -> bool:
        return self.grid.hexside(a, b) in self.escarpments

    def is_highway(self, a: str, b: str) -> bool:
        return self.grid.hexside(a, b) in self.highways
