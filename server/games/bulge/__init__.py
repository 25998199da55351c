"""バルジ大作戦 Battle of the Bulge: Ardennes '44 (Japan Wargame Classics #4): the game module.

``RULES`` implements ``engine.core.Rules``. The rules follow the digest ``shared/rules/bulge.md``
(seed ``003``); the reconstructed data in ``data/`` follows ``docs/bulge-data.md``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...engine.core import GameRules, OptionSpec, Role, Scenario
from . import rules, view
from .data import dataset, messages


class BulgeRules(GameRules):
    id = "bulge"
    roles: tuple[Role, ...] = ("german", "allied")
    options: tuple[OptionSpec, ...] = (
        OptionSpec("fog_of_war", False, (False, True),
                   {"en": "Fog of war (each side sees enemy units within 2 hexes of its own)",
                    "ja": "索敵ルール(自軍ユニットから2ヘクス以内の敵だけが見える)"}),
    )
    names: Mapping[str, str] = {"en": "Battle of the Bulge: Ardennes '44", "ja": "バルジ大作戦"}
    scenarios: Mapping[str, Scenario] = {
        "historical": Scenario("historical", {"en": "16 December 1944 (historical set-up)",
                                              "ja": "1944年12月16日(史実配置)"}),
        "free_setup": Scenario("free_setup", {"en": "16 December 1944 (free set-up, §9.1–§9.2)",
                                              "ja": "1944年12月16日(自由配置 9.1〜9.2)"},
                               {"en": "The Allied player places every set-up unit, then the German player.",
                                "ja": "連合軍が先に全初期配置ユニットを置き、次にドイツ軍が置く。"}),
    }

    def static_data(self) -> dict[str, Any]:
        gd = dataset()
        counters = {uid: {"side": u.side, "nation": u.nation, "army": u.army, "division": u.division,
                          "designation": u.designation, "size": u.size, "branch": u.branch,
                          "functional": u.functional, "mechanised": u.mechanised, "name": dict(u.name),
                          "front": dict(zip(("attack", "defence"), u.front, strict=True)) if u.front else None,
                          "back": dict(zip(("attack", "defence"), u.back, strict=True)) if u.back else None,
                          "entry": {"turn": u.entry[0], "code": u.entry[1]} if u.entry else None}
                    for uid, u in gd.units.items()}
        catalogue = messages()
        for uid, u in gd.units.items():
            for lang in ("en", "ja"):
                catalogue[lang][f"unit.{uid}"] = u.name[lang]
        return copy.deepcopy({"board": gd.board.static(), "counters": counters, "messages": catalogue,
                              "tables": dict(gd.tables.raw)})


RULES = BulgeRules(rules, view)
