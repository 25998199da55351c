"""LZ Albany: Ia Drang Valley 1965 (John Poniske, Modern War): the game module.

``RULES`` implements ``engine.core.Rules``. The rules follow the Japanese translation of the
rulebook (seed 000) through the digest ``shared/rules/lz_albany.md``; the reconstructed data is in
``data/`` with its reasons in ``PROVENANCE.md``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ...engine.core import Action, Options, OptionSpec, Outcome, Role, Scenario, State
from . import rules, view
from .data import game_data


class LZAlbanyRules:
    id = "lz_albany"
    roles: tuple[Role, ...] = ("us", "nva")
    names: Mapping[str, str] = {"en": "LZ Albany: Ia Drang Valley 1965", "ja": "LZ アルバニー:イア・ドラン渓谷 1965"}
    scenarios: Mapping[str, Scenario] = {
        "historical": Scenario("historical", {"en": "17 November 1965: the ambush", "ja": "1965年11月17日:待ち伏せ"},
                               {"en": "Both sides set up at their 13:15 positions; 10 turns.",
                                "ja": "両軍とも13時15分の位置に配置。全10ターン。"}),
    }
    options: tuple[OptionSpec, ...] = (
        OptionSpec("overstack", "units", ("units", "dice"),
                   {"en": "Overstacked fire (AMBIG-7)", "ja": "スタック超過時の射撃(AMBIG-7)"}),
    )

    def setup(self, scenario: str, options: Options, seed: bytes) -> State:
        return rules.setup(scenario, options, seed)

    def active_roles(self, state: State) -> frozenset[Role]:
        return rules.active_roles(state)

    def legal_actions(self, state: State, role: Role) -> list[Action]:
        return rules.legal_actions(state, role)

    def apply(self, state: State, role: Role, action: Action) -> State:
        return rules.apply(state, role, action)

    def view(self, state: State, role: Role | None) -> dict[str, Any]:
        return view.view(state, role)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state)

    def hidden_variant(self, state: State, role: Role | None, seed: int) -> State | None:
        return view.hidden_variant(state, role, seed)

    def static_data(self) -> dict[str, Any]:
        data = game_data()
        raw = data.map_raw
        board = {"kind": "area", "canvas": raw["canvas"], "areas": raw["areas"],
                 "edges": raw["edges"], "los": raw["los"], "features": raw["features"]}
        counters = {uid: {"side": s.side, "type": s.type, "group": s.group, "formation": s.formation,
                          "full": s.full, "reduced": s.reduced, "combat": s.combat, "infantry": s.infantry,
                          "symbol": s.type}
                    for uid, s in data.units.items()}
        return copy.deepcopy({"board": board, "counters": counters, "messages": data.messages,
                              "tables": data.tables, "groups": data.groups})


RULES = LZAlbanyRules()
