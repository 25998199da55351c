"""The firefights (scenarios) of Conflict of Heroes: Awakening the Bear! (1st edition), read from
``data/firefights.json`` and checked against the boards and the unit types.

§1.0 and digest §3: a firefight sheet gives the map layout, each side's units with hex and facing, the starting
CAP, the number of turns, the victory hexes and the VP for kills and for hexes held on scoring turns, and the
reinforcements (turn and entry hexes, §5.1). ``rules_level`` is the rulebook chapter whose rules it is played
with (digest §3: firefight N closes chapter N); level 1 is Chapter 1 (§1.0-§7.7): foot units only, no cards.
The seed prints none of it; ``PROVENANCE.md`` gives the reason for every value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .board import FACINGS
from .data import GameData
from .errors import check
from .units import SIDES

FILE = Path(__file__).parent / "data" / "firefights.json"
LEVEL_1_CLASSES = ("rifle_squad", "pioneer_squad", "smg_squad", "mg")  # Chapter 1 has foot units and MGs only
_KEYS = {"name", "description", "rules_level", "layout", "turns", "scoring_turns", "first_player_turn_1",
         "start_cap", "start_vp", "vp_per_kill", "victory_hexes", "units", "reinforcements"}


@dataclass(frozen=True)
class Placed:
    id: str
    type: str
    hex: str
    facing: str


@dataclass(frozen=True)
class Reinforcement:
    id: str
    type: str
    turn: int
    entry: tuple[str, ...]


@dataclass(frozen=True)
class Firefight:
    id: str
    name: Mapping[str, str]
    description: Mapping[str, str]
    rules_level: int
    layout: str
    turns: int
    scoring_turns: tuple[int, ...]
    first_player_turn_1: str | None  # the sheet gives turn 1's initiative to one side; None: rolled (§2.1)
    start_cap: Mapping[str, int]
    start_vp: Mapping[str, int]
    vp_per_kill: int
    victory_hexes: Mapping[str, int]  # hex -> VP per scoring turn
    control: Mapping[str, str | None]  # hex -> who holds it at the start
    units: tuple[Placed, ...]
    reinforcements: tuple[Reinforcement, ...]


def _int(v: object, low: int = 0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= low


def _per_side(raw: Any, what: str) -> dict[str, int]:
    check(isinstance(raw, dict) and set(raw) == set(SIDES) and all(_int(v) for v in raw.values()),
          f"{what} needs a whole number >= 0 for each of {SIDES}")
    return dict(raw)


def firefight_from_data(fid: str, f: Any, data: GameData) -> Firefight:
    what = f"firefights.json: {fid}"
    check(isinstance(f, dict) and set(f) == _KEYS, f"{what}: fields must be {sorted(_KEYS)}")
    check(f["layout"] in data.layouts, f"{what}: no layout {f['layout']!r} in boards.json")
    board = data.firefight_map(f["layout"])
    check(f["rules_level"] == 1, f"{what}: only rules level 1 (Chapter 1) is played so far")
    check(_int(f["turns"], 1), f"{what}: turns")
    check(isinstance(f["scoring_turns"], list) and all(_int(t, 1) and t <= f["turns"] for t in f["scoring_turns"]),
          f"{what}: scoring_turns must be turns of the firefight")
    check(f["first_player_turn_1"] in (None, *SIDES), f"{what}: first_player_turn_1")
    check(_int(f["vp_per_kill"]), f"{what}: vp_per_kill")
    for key in ("name", "description"):
        check(isinstance(f[key], dict) and set(f[key]) == {"en", "ja"}, f"{what}: {key} needs en and ja")
    vh = f["victory_hexes"]
    check(isinstance(vh, dict), f"{what}: victory_hexes")
    for h, v in vh.items():
        check(h in board and isinstance(v, dict) and set(v) == {"vp", "control"} and _int(v["vp"], 1)
              and v["control"] in (None, *SIDES), f"{what}: victory hex {h} needs a hex of the map, vp, control")
    seen: set[str] = set()

    def unit_type(uid: Any, tid: Any) -> None:
        check(isinstance(uid, str) and uid not in seen, f"{what}: unit id {uid!r} missing or repeated")
        seen.add(uid)
        check(tid in data.units, f"{what}: {uid}: no unit type {tid!r}")
        check(data.units[tid].unit_class in LEVEL_1_CLASSES,
              f"{what}: {uid}: a {data.units[tid].unit_class} is not played at rules level 1")

    units = []
    for u in f["units"]:
        check(isinstance(u, dict) and set(u) == {"id", "type", "hex", "facing"}, f"{what}: a unit needs id, type, "
              "hex, facing")
        unit_type(u["id"], u["type"])
        check(u["hex"] in board, f"{what}: {u['id']}: {u['hex']} is not a hex of the map")
        check(u["facing"] in FACINGS, f"{what}: {u['id']}: facing {u['facing']!r} is not one of {FACINGS}")
        units.append(Placed(u["id"], u["type"], u["hex"], u["facing"]))
    reinforcements = []
    for r in f["reinforcements"]:
        check(isinstance(r, dict) and set(r) == {"id", "type", "turn", "entry"}, f"{what}: a reinforcement needs "
              "id, type, turn, entry")
        unit_type(r["id"], r["type"])
        check(_int(r["turn"], 1) and r["turn"] <= f["turns"], f"{what}: {r['id']}: turn")
        check(isinstance(r["entry"], list) and bool(r["entry"]) and all(h in board for h in r["entry"]),
              f"{what}: {r['id']}: entry hexes must be hexes of the map")
        reinforcements.append(Reinforcement(r["id"], r["type"], r["turn"], tuple(r["entry"])))
    for side in SIDES:
        check(any(data.units[u.type].side == side for u in units), f"{what}: {side} has no unit on the map")
    return Firefight(id=fid, name=dict(f["name"]), description=dict(f["description"]), rules_level=f["rules_level"],
                     layout=f["layout"], turns=f["turns"], scoring_turns=tuple(f["scoring_turns"]),
                     first_player_turn_1=f["first_player_turn_1"],
                     start_cap=_per_side(f["start_cap"], f"{what}: start_cap"),
                     start_vp=_per_side(f["start_vp"], f"{what}: start_vp"), vp_per_kill=f["vp_per_kill"],
                     victory_hexes={h: v["vp"] for h, v in vh.items()},
                     control={h: v["control"] for h, v in vh.items()}, units=tuple(units),
                     reinforcements=tuple(reinforcements))


def load(raw: Mapping[str, Any], data: GameData) -> dict[str, Firefight]:
    check(isinstance(raw, dict) and bool(raw), "firefights.json must hold at least one firefight")
    return {fid: firefight_from_data(fid, f, data) for fid, f in raw.items()}


@cache
def standard() -> dict[str, Firefight]:
    from .data import dataset

    with open(FILE, encoding="utf-8") as f:
        return load(json.load(f), dataset())
