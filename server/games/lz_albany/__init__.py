"""LZ Albany: Ia Drang Valley 1965 (John Poniske, Modern War): the game module.

``RULES`` implements ``engine.core.Rules``. The rules follow the Japanese translation of the
rulebook (seed 000) through the digest ``shared/rules/lz_albany.md``; the reconstructed data is in
``data/`` with its reasons in ``PROVENANCE.md``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...engine.core import GameRules, OptionSpec, Role, Scenario
from . import rules, view
from .data import dataset


class LZAlbanyRules(GameRules):
    id = "lz_albany"
    roles: tuple[Role, ...] = ("us", "nva")
    names: Mapping[str, str] = {"en": "LZ Albany: Ia Drang Valley 1965", "ja": "LZアルバニー:イアドラン渓谷 1965"}
    scenarios: Mapping[str, Scenario] = {
        "historical": Scenario("historical", {"en": "17 November 1965: the ambush", "ja": "1965年11月17日:待ち伏せ"},
                               {"en": "Both sides set up at their 13:15 positions; 10 turns.",
                                "ja": "両軍とも13時15分の位置に配置。全10ターン。"}),
    }
    options: tuple[OptionSpec, ...] = (
        OptionSpec("overstack", "units", ("units", "dice"),
                   {"en": "Fire from an overstacked area (§5.2)", "ja": "スタック超過エリアからの射撃(5.2)"}),
    )

    def static_data(self) -> dict[str, Any]:
        data = dataset()
        raw = data.map_raw
        board = {"kind": "area", "canvas": raw["canvas"], "areas": raw["areas"],
                 "edges": raw["edges"], "los": raw["los"], "features": raw["features"]}
        counters = {uid: {"side": s.side, "type": s.type, "group": s.group, "formation": s.formation,
                          "full": s.full, "reduced": s.reduced, "combat": s.combat, "infantry": s.infantry,
                          "symbol": s.type}
                    for uid, s in data.units.items()}
        return copy.deepcopy({"board": board, "counters": counters, "messages": data.messages,
                              "tables": data.tables, "groups": data.groups})


RULES = LZAlbanyRules(rules, view)
