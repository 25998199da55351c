"""The data of LZ Albany: Ia Drang Valley 1965: area map, counters, tables and messages.

The files under ``data/`` follow ``docs/lz_albany-data.md``; every reconstructed value is explained
in ``PROVENANCE.md``. This module checks the shape the rules rely on and turns the files into one
read-only ``GameData``. The rules' own prompt/log/action texts live in ``messages.json`` beside this
module and are merged into the catalogue.

A match names its dataset in ``state["data"]`` (a state without the key, stored before datasets
existed, is on ``"standard"``): ``"standard"`` is the real game, loaded once on first use; tests
register small synthetic datasets (a few areas, a few counters) under other names (``register``).
The rules reach the data only through the state (``units.gd``), one dict look-up per access.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine.areas import AreaMap
from ...engine.datasets import STANDARD as STANDARD  # re-exported: the game's modules name it from here
from ...engine.datasets import Datasets

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
    short: str  # the printed short designation ("3/A/2-7"), for drawing the counter face

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
    officers: Mapping[str, tuple[str, ...]]  # side -> its officers (senior ones included), sorted
    members: Mapping[str, tuple[str, ...]]  # group -> its counters, sorted
    limits: Mapping[str, int | None]  # area -> its stacking limit (None: no limit, PROVENANCE D-2)

    def terrain(self, area: str) -> str:
        return str(self.map_raw["areas"][area]["terrain"])

    def is_edge(self, area: str) -> bool:
        return bool(self.map_raw["areas"][area]["map_edge"])

    def zone_areas(self, zone: str) -> list[str]:
        return sorted(a for a, info in self.map_raw["areas"].items() if zone in info["circles"])

    def chit(self, chit_id: str) -> dict[str, Any]:
        spec: dict[str, Any] = self.tables["chits"][chit_id]
        return spec

    def stacking_limit(self, area: str) -> int | None:
        return self.limits[area]


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
            airlift_option=bool(u.get("airlift_option", False)), vp_commander=bool(u.get("vp_commander", False)),
            short=str(u.get("short") or uid))
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


def build(map_raw: dict[str, Any], counters: dict[str, Any], tables_raw: dict[str, Any],
          messages: dict[str, dict[str, str]]) -> GameData:
    """A checked ``GameData`` from the contents of the files (or a test's small synthetic ones)."""
    board = _map(map_raw)
    tables = _tables(tables_raw)
    units = _units(counters, board, tables["zones"])
    per_side = int(tables["stacking"]["units_per_side"])
    # §5.2: 3 units per side; an area may say otherwise (LZ Columbus: null, no limit, PROVENANCE D-2).
    limits: dict[str, int | None] = {a: info.get("stacking_limit", per_side) for a, info in map_raw["areas"].items()}
    return GameData(
        map_raw=map_raw, board=board, units=units, groups=dict(counters["groups"]), tables=tables,
        messages=messages, edge_distance=_edge_distance(map_raw, board),
        officers={side: tuple(u for u, s in sorted(units.items()) if s.side == side and s.is_officer)
                  for side in SIDES},
        members={g: tuple(u for u, s in sorted(units.items()) if s.group == g) for g in counters["groups"]},
        limits=limits)


def load_standard() -> GameData:
    """The real game's data, from the files under ``data/``."""
    return build(_load(DATA_DIR / "map.json"), _load(DATA_DIR / "counters.json"), _load(DATA_DIR / "tables.json"),
                 _messages(_load(DATA_DIR / "messages.json"), _load(HERE / "messages.json")))




_DATASETS = Datasets("LZ Albany", load_standard)
register, dataset = _DATASETS.register, _DATASETS.get
