"""夜襲!島田戦車隊 (Shimada tank company night attack, Slim River 1942): the game module.

``RULES`` implements ``engine.core.Rules``. The rules follow the seed (revised 2017-10-19) and the
digest ``shared/rules/shimada.md``; reconstructed data is listed in ``PROVENANCE.md``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...engine.core import GameRules, OptionSpec, Role, Scenario
from . import rules, view
from .data import dataset


def _scenarios() -> dict[str, Scenario]:
    return {sid: Scenario(sid, s["name"], s["description"]) for sid, s in dataset().scenarios.items()}


class ShimadaRules(GameRules):
    id = "shimada"
    roles: tuple[Role, ...] = ("japanese", "british")
    options: tuple[OptionSpec, ...] = ()
    names: Mapping[str, str] = {"en": "Shimada Tank Company Night Attack", "ja": "夜襲!島田戦車隊"}

    def __init__(self, flow: Any, seen: Any) -> None:
        super().__init__(flow, seen)
        self.scenarios: Mapping[str, Scenario] = _scenarios()

    def static_data(self) -> dict[str, Any]:
        data = dataset()
        raw = data.board.raw
        board = {
            "kind": "hex",
            "grid": dict(raw["grid"]),
            "terrain": {k: {"name": t["name"], "fill": t["fill"]} for k, t in raw["terrain"].items()},
            "hexes": raw["hexes"],
            "hexsides": raw["hexsides"],
            "roads": raw["roads"],
        }
        counters = {uid: {"side": c.side, "kind": c.kind, "cf": c.cf, "ma": c.ma, "name": c.name,
                          "symbol": c.symbol} for uid, c in data.counters.items()}
        return copy.deepcopy({"board": board, "counters": counters, "messages": data.messages,
                              "crt": data.crt_raw})


RULES = ShimadaRules(rules, view)
