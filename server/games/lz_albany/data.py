"""The data of LZ Albany: Ia Drang Valley 1965: area map, counters, tables and messages.

The files under ``data/`` follow ``docs/lz_albany-data.md``; every reconstructed value is explained
in ``PROVENANCE.md``. This module loads them once, checks the shape the rules rely on, and offers
small read-only accessors. The rules' own prompt/log/action texts live in ``messages.json`` beside
this module and are merged into the catalogue.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.areas import AreaMap

HERE = Path(__file__).parent
DATA_DIR = HERE / "data"
SIDES = ("us", "nva")
TERRAINS = ("jungle", "grass", "lz_albany", "lz_columbus", "transit")
TYPES = ("rifle", "weapons", "recon", "mortar", "hq", "artillery", "officer", "senior_officer")
CHIT_KINDS = ("fire_move", "adrenaline", "artillery", "gunship", "visibility", "skyraider", "dustoff")
LZ = "LZ_ALBANY"
COLUMBUS = "LZ_COLUMBUS"
TRANSIT = "TRANSIT"


class DataError(ValueError):
    """A data file does not have the shape the rules expect."""


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise DataError(what)


@dataclass(frozen=True)
class UnitSpec:
    id: str
    side: str
    group: str | None
    formation: str
    type: str
    combat: bool
    infantry: bool
    stacks: bool
    moves: bool
    full: dict[str, int] | None
    reduced: dict[str, int] | None
    setup: str
    entry_turn: int
    historical_area: str | None
    airlift_option: bool
    vp_commander: bool

    @property
    def is_officer(self) -> bool:
        return self.type in ("officer", "senior_officer")

    @property
    def is_senior(self) -> bool:
        return self.type == "senior_officer"

    @property
    def is_mortar(self) -> bool:
        return self.type == "mortar"

    @property
    def is_artillery(self) -> bool:
        return self.type == "artillery"


@dataclass(frozen=True)
class GameData:
    map_raw: dict[str, Any]
    board: AreaMap
    units: dict[str, UnitSpec]
    groups: dict[str, dict[str, Any]]
    tables: dict[str, Any]
    messages: dict[str, dict[str, str]]
    edge_distance: dict[str, int]  # steps to the nearest map-edge area (0 on one)

    def terrain(self, area: str) -> str:
        return str(self.map_raw["areas"][area]["terrain"])

    def is_edge(self, area: str) -> bool:
        return bool(self.map_raw["areas"][area]["map_edge"])

    def zone_areas(self, zone: str) -> list[str]:
        return sorted(a for a, info in self.map_raw["areas"].items() if zone in info["circles"])

    def chit(self, chit_id: str) -> dict[str, Any]:
        spec: dict[str, Any] = self.tables["chits"][chit_id]
        return spec


def _load(path: Path) -> Any:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _map(raw: dict[str, Any]) -> AreaMap:
    areas = raw["areas"]
    for aid, a in areas.items():
        _check(a["terrain"] in TERRAINS, f"map.json: {aid} has an unknown terrain")
        _check(isinstance(a["map_edge"], list) and isinstance(a["circles"], list), f"map.json: {aid}")
    _check([a for a, i in areas.items() if i["terrain"] == "lz_albany"] == [LZ], "map.json: one LZ Albany")
    _check(areas[COLUMBUS]["terrain"] == "lz_columbus" and areas[TRANSIT]["terrain"] == "transit",
           "map.json: LZ Columbus and the transit area")
    board = AreaMap.from_data(raw)
    _check(board.neighbours(COLUMBUS) == [TRANSIT], "map.json: LZ Columbus links only to the transit area")
    return board


def _units(raw: dict[str, Any], board: AreaMap, zones: dict[str, Any]) -> dict[str, UnitSpec]:
    out = {}
    for uid, u in raw["units"].items():
        _check(u["side"] in SIDES and u["type"] in TYPES, f"counters.json: {uid}")
        _check(u["group"] is None or u["group"] in raw["groups"], f"counters.json: {uid} group")
        _check(u["setup"] in zones or u["setup"] in board.areas, f"counters.json: {uid} setup")
        ha = u.get("historical_area")
        _check(ha is None or ha in board.areas, f"counters.json: {uid} historical area")
        if u["combat"]:
            for face in ("full", "reduced"):
                _check(set(u[face]) == {"fire", "melee"}, f"counters.json: {uid} {face}")
        out[uid] = UnitSpec(
            id=uid, side=u["side"], group=u["group"], formation=u["formation"], type=u["type"],
            combat=bool(u["combat"]), infantry=bool(u["infantry"]), stacks=bool(u["stacks"]),
            moves=bool(u["moves"]), full=u["full"], reduced=u["reduced"], setup=u["setup"],
            entry_turn=int(u["entry_turn"]), historical_area=ha,
            airlift_option=bool(u.get("airlift_option", False)), vp_commander=bool(u.get("vp_commander", False)))
    return out


def _tables(raw: dict[str, Any]) -> dict[str, Any]:
    for key in ("chits", "chit_schedule", "activation", "stacking", "combat", "hit_ladder", "officers",
                "artillery", "gunship", "skyraider", "dustoff", "airlift", "casualties", "recovery",
                "night", "flares", "choi_oi", "victory", "terrain", "turns", "game"):
        _check(key in raw, f"tables.json lacks {key!r}")
    for cid, c in raw["chits"].items():
        _check(c["side"] in SIDES and c["kind"] in CHIT_KINDS, f"tables.json: chit {cid}")
    for turn, chits in raw["chit_schedule"].items():
        _check(1 <= int(turn) <= raw["game"]["turns"] and set(chits) <= set(raw["chits"]),
               f"tables.json: chit schedule turn {turn}")
    return dict(raw)


def _messages(data_raw: dict[str, Any], rules_raw: dict[str, Any]) -> dict[str, dict[str, str]]:
    for raw in (data_raw, rules_raw):
        _check(set(raw) == {"en", "ja"} and set(raw["en"]) == set(raw["ja"]), "messages: en and ja keys")
    _check(not set(data_raw["en"]) & set(rules_raw["en"]), "messages: rules keys clash with data keys")
    return {lang: {**data_raw[lang], **rules_raw[lang]} for lang in ("en", "ja")}


def _edge_distance(raw: dict[str, Any], board: AreaMap) -> dict[str, int]:
    edges = [a for a, info in raw["areas"].items() if info["map_edge"]]
    best: dict[str, int] = {}
    for e in edges:
        for a, d in board.distances(e).items():
            best[a] = min(d, best.get(a, d))
    return best


@cache
def game_data() -> GameData:
    map_raw = _load(DATA_DIR / "map.json")
    board = _map(map_raw)
    counters = _load(DATA_DIR / "counters.json")
    tables = _tables(_load(DATA_DIR / "tables.json"))
    return GameData(
        map_raw=map_raw, board=board, units=_units(counters, board, tables["zones"]),
        groups=dict(counters["groups"]), tables=tables,
        messages=_messages(_load(DATA_DIR / "messages.json"), _load(HERE / "messages.json")),
        edge_distance=_edge_distance(map_raw, board))


def tables() -> dict[str, Any]:
    return game_data().tables


def spec(uid: str) -> UnitSpec:
    return game_data().units[uid]


def board() -> AreaMap:
    return game_data().board


@cache
def officers_of(side: str) -> tuple[str, ...]:
    """The officers (senior ones included) of ``side``, sorted by id."""
    return tuple(u for u, s in sorted(game_data().units.items()) if s.side == side and s.is_officer)
