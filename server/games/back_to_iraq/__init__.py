"""Back to Iraq, 3rd edition (Strategy & Tactics #208, Decision Games, 2002): game id ``back_to_iraq``.

``RULES`` implements ``engine.core.Rules``. The rules follow the digest ``shared/rules/back_to_iraq.md`` (seed
``002``); the reconstructed data in ``data/`` has its reasons in ``PROVENANCE.md``. Modules by rulebook chapter:
set-up (§3, setup.py), MIPP and control (§4, control.py), the sequence of play (§5, sequence.py), stacking (§6,
forces.py), ZOC (§7, zoc.py), supply (§8, supply.py), movement and terrain (§10, movement.py, terrain.py), combat
(§11-§12, combat.py, results.py); the advanced rules: command and control with HQs (§G4, command.py); the
additional forces (§G5: israel.py, al_qaeda.py, airmobility.py, sow.py with neutralized.py).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine.core import GameRules, OptionSpec, Role, Scenario
from . import rules, view
from .board import TERRAIN_CHARS
from .data import dataset

HERE = Path(__file__).parent

TERRAIN_FILLS = {"clear": "#e9e4c8", "rough": "#cdb98c", "mountain": "#a8896a", "desert": "#f1deaa",
                 "marsh": "#a9c9a4", "salt_marsh": "#cfe0d2", "sea": "#9cc3de", "lake": "#a7cde4",
                 "reservoir": "#a7cde4"}


def messages() -> dict[str, dict[str, str]]:
    with open(HERE / "messages.json", encoding="utf-8") as f:
        raw: dict[str, dict[str, str]] = json.load(f)
    assert set(raw) == {"en", "ja"} and set(raw["en"]) == set(raw["ja"]), "messages.json: en and ja, same keys"
    return raw


def board_static() -> dict[str, Any]:
    """The board as ``static_data()["board"]`` (DESIGN.md): per hex its terrain, road, name, features."""
    gd = dataset()
    b = gd.board
    hexes: dict[str, Any] = {}
    for h in b.hexes:
        info: dict[str, Any] = {"terrain": b.terrain[h], "road": h in b.road_hexes, "country": b.country.get(h)}
        features = []
        if h in b.places:
            info["name"] = dict(b.places[h]["name"])
            features.append(b.places[h]["kind"])
        if h in b.supply_sources:
            features.append("supply_source")
        if h in b.kurdish_area:
            features.append("kurdish_area")
        if h in b.saddam_line:
            features.append("saddam_line")
        info["features"] = features
        hexes[h] = info
    hexsides: dict[str, dict[str, bool]] = {}
    for flag, ids in (("river", b.rivers), ("escarpment", b.escarpments), ("road", b.roads),
                      ("highway", b.highways), ("border", b.border_sides)):
        for s in ids:
            hexsides.setdefault(s, {})[flag] = True
    g = b.raw["grid"]
    names = gd.tables.raw["terrain"]
    return {
        "kind": "hex", "grid": {k: g[k] for k in ("cols", "rows", "top", "shift")},
        "terrain": {k: {"name": dict(names[k]["name"]), "fill": TERRAIN_FILLS[k]} for k in TERRAIN_CHARS.values()},
        "hexes": hexes, "hexsides": dict(sorted(hexsides.items())),
        "roads": [list(r) for r in b.road_lines], "main_roads": [list(r) for r in b.highway_lines],
        "places": {h: dict(p) for h, p in sorted(b.places.items())},
        "supply_sources": dict(sorted(b.supply_sources.items())),
        "kurdish_area": sorted(b.kurdish_area), "saddam_line": sorted(b.saddam_line),
        # §G1: the strategic targets' names, for the map's tokens
        "markers": {k: dict(v) for k, v in gd.tables.raw["strategic_target_names"].items()},
    }


def nations() -> dict[str, Any]:
    """§2.4: each nation's side, power and colours (``counters.json``)."""
    with open(HERE / "data" / "counters.json", encoding="utf-8") as f:
        return dict(json.load(f)["nations"])


class BackToIraqRules(GameRules):
    id = "back_to_iraq"
    roles: tuple[Role, ...] = ("coalition", "islamic")
    options: tuple[OptionSpec, ...] = (
        OptionSpec("free_setup", False, (False, True),
                   {"en": "Free set-up: each player places every unit (§3.3-§3.9); otherwise the proposed deployment",
                    "ja": "自由配置:各プレイヤーが全ユニットを配置する(3.3〜3.9)。なしなら推奨配置"}),
        OptionSpec("weather", False, (False, True),
                   {"en": "Weather (§14.1-§14.3): a dry or wet year, Bad weather from turn 2",
                    "ja": "天候(14.1〜14.3):乾燥/湿潤の年、第2ターンから悪天の可能性"}),
        OptionSpec("chemical", False, (False, True),
                   {"en": "Chemical warfare and Washington's response (§14.4-§14.7)",
                    "ja": "化学戦とワシントンの反応(14.4〜14.7)"}),
        OptionSpec("naval", False, (False, True),
                   {"en": "Naval gunfire support, once a turn in a coastal hex (§14.14)",
                    "ja": "海軍砲撃支援(1ターン1回、沿岸ヘクス、14.14)"}),
        OptionSpec("fourth_id", False, (False, True),
                   {"en": "The US 4th Mechanized Division's column shift (§14.15)",
                    "ja": "アメリカ第4機械化歩兵師団のコラムシフト(14.15)"}),
        OptionSpec("heavy_attack", False, (False, True),
                   {"en": "The Coalition Heavy Attack marker, once a turn (§14.16)",
                    "ja": "連合軍重攻撃マーカー(1ターン1回、14.16)"}),
        OptionSpec("nuclear", False, (False, True),
                   {"en": "Islamic nuclear weapons, Scenario 2 only (§14.8-§14.13, AMBIG-8)",
                    "ja": "イスラム側核兵器、シナリオ2のみ(14.8〜14.13)"}),
        OptionSpec("strategic_targets", False, (False, True),
                   {"en": "Strategic targets: face-down markers, Scud attacks, the advanced victory (§G1)",
                    "ja": "戦略目標:裏向きのマーカー、スカッド攻撃、上級ゲームの勝利条件(G1)"}),
        OptionSpec("air_strikes", False, (False, True),
                   {"en": "Air strikes on HQs and strategic targets, each Coalition combat phase (§G2)",
                    "ja": "航空攻撃:連合軍戦闘フェイズごとに司令部と戦略目標へ(G2)"}),
        OptionSpec("mef", False, (False, True),
                   {"en": "The US MEF's amphibious movement across one water hex (§14.17)",
                    "ja": "アメリカ海兵遠征軍の水上移動(水域1ヘクス、14.17)"}),
        OptionSpec("c2", False, (False, True),
                   {"en": "Command and control with HQs (§G4)", "ja": "指揮統制と司令部(G4)"}),
        OptionSpec("sof", False, (False, True),
                   {"en": "Special operations forces (§G3)", "ja": "特別作戦部隊(G3)"}),
        OptionSpec("al_qaeda", False, (False, True),
                   {"en": "Al Qaeda: the set-up roll for the 55th Brigade and the Islamic Volunteer Division (§G5.4)",
                    "ja": "アルカイダ:初期配置時のダイスで第55旅団とイスラム義勇兵師団(G5.4)"}),
        OptionSpec("sow", False, (False, True),
                   {"en": "The US Special Operations Wing, with air strikes (§G5.6, experimental)",
                    "ja": "米特殊作戦航空団、航空攻撃と併用(G5.6、実験的ルール)"}),
        OptionSpec("airmobility", False, (False, True),
                   {"en": "Additional Coalition airmobility: a US light, mountain, marine or airborne unit flown "
                          "each turn (§G5.5)",
                    "ja": "連合軍の追加空中機動:毎ターン米軽歩兵・山岳・海兵・空挺ユニットを空輸(G5.5)"}),
    )
    names: Mapping[str, str] = {"en": "Back to Iraq (3rd edition)", "ja": "バック・トゥ・イラク 第3版"}
    scenarios: Mapping[str, Scenario] = {
        "1": Scenario("1", {"en": "Scenario 1: To Baghdad", "ja": "シナリオ1:バグダッドへ"},
                      {"en": "The Coalition against Iraq (§3.2-§3.5).", "ja": "連合軍対イラク(3.2〜3.5)。"}),
        "2": Scenario("2", {"en": "Scenario 2: The Islamic Confederation", "ja": "シナリオ2:イスラム共同連邦軍"},
                      {"en": "The Coalition against Iraq and Iran together (§3.6-§3.9).",
                       "ja": "連合軍対イラク・イラン連合(3.6〜3.9)。"}),
    }

    def static_data(self) -> dict[str, Any]:
        gd = dataset()
        catalogue = messages()
        counters = {}
        for uid, u in gd.units.items():
            counters[uid] = {"side": u.side, "nation": u.nation, "power": u.power, "type": u.type, "size": u.size,
                             "movement_class": u.movement_class, "name": dict(u.name), "steps": u.steps,
                             "front": {"attack": u.attack, "defence": u.defense, "ma": u.movement},
                             "back": dict(zip(("attack", "defence", "ma"), u.reduced, strict=True))
                             if u.reduced else None,
                             "tags": sorted(u.tags), "scenarios": sorted(u.scenarios)}
            for lang in ("en", "ja"):
                catalogue[lang][f"unit.{uid}"] = u.name[lang]
        for nid, n in nations().items():
            for lang in ("en", "ja"):
                catalogue[lang][f"nation.{nid}"] = n["name"][lang]
        return copy.deepcopy({"board": board_static(), "counters": counters, "messages": catalogue,
                              "nations": nations(),
                              "tables": dict(gd.tables.raw)})


RULES = BackToIraqRules(rules, view)
