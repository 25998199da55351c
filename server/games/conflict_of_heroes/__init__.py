"""Conflict of Heroes: Awakening the Bear! – Russia 1941-42 (Academy Games, 1st edition 2008): game id
``conflict_of_heroes``, played at its first rules level (the rulebook's Chapter 1, §1.0-§7.7) with Firefight 1.

Digest ``shared/rules/conflict_of_heroes.md``; history brief ``shared/history/conflict_of_heroes.md``; every
reconstructed value is in ``PROVENANCE.md``. ``RULES`` implements ``engine.core.Rules``. Modules:
- the data: ``data.py`` with ``board.py``, ``units.py``, ``tables.py`` (boards, counters, hit counters, terrain
  tables) and ``firefights.py`` (the firefight sheets, ``data/firefights.json``);
- pure rules: ``los.py`` (§6.0, §11.3-§11.4 line of sight, §6.1 arc, §7.6 range), ``fire.py`` (§7 attack and
  defence values, hits, rally), ``movement.py`` (§5.0-§5.3, §11, §14 the cost of entering a hex);
- the match: ``forces.py`` (the state), ``sequence.py`` (§2.0-§2.4, §3.0-§3.1: pre-turn, initiative, the action
  phase with its reactions, the end of a turn), ``actions.py`` (§3, §5, §7: one unit's action, its capacity and
  cost), ``combat.py`` (§7: targets, rolls, hit counters, rally), ``rules.py`` (set-up and the step machine),
  ``view.py`` and ``view_types.py`` (what leaves the server), ``messages.json`` (en and ja).

Not played yet (rules levels 2-5): action cards, group actions, hidden units, hills' special rules beyond the
movement cost, mortars, artillery, smoke, vehicles, fortifications and obstacles, the optional rules (§3.01,
§5.01, §5.02, §7.41).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine.core import GameRules, OptionSpec, Role, Scenario
from . import rules, view
from .data import dataset
from .firefights import standard

HERE = Path(__file__).parent


def messages() -> dict[str, dict[str, str]]:
    with open(HERE / "messages.json", encoding="utf-8") as f:
        raw: dict[str, dict[str, str]] = json.load(f)
    assert set(raw) == {"en", "ja"} and set(raw["en"]) == set(raw["ja"]), "messages.json: en and ja, same keys"
    return raw


def maps() -> dict[str, Any]:
    """Each firefight's map: per hex its terrain, elevation and centre (flat-topped hexes of size 1, y down);
    walls and roads as hexsides ``"a/b"``; the places the boards name."""
    gd, out = dataset(), {}
    for fid, ff in standard().items():
        m = gd.firefight_map(ff.layout)
        hexes = {}
        for h in m.hexes:
            x, y = m.centre(h)
            hexes[h] = {"terrain": m.terrain[h], "elevation": m.ground(h), "x": x, "y": y}
        places = {f"{b}-{local}": dict(nm) for b in gd.layouts[ff.layout]
                  for local, nm in gd.sheets[b].places.items()}
        out[fid] = {"layout": list(gd.layouts[ff.layout]), "hexes": hexes, "walls": sorted(m.walls),
                    "roads": sorted(m.roads), "places": places}
    return out


class ConflictOfHeroesRules(GameRules):
    id = "conflict_of_heroes"
    roles: tuple[Role, ...] = ("german", "soviet")
    options: tuple[OptionSpec, ...] = ()
    names: Mapping[str, str] = {"en": "Conflict of Heroes: Awakening the Bear! (1st edition)",
                                "ja": "コンフリクト・オブ・ヒーローズ:目覚めた熊(第1版)"}

    def __init__(self, flow: Any, seen: Any) -> None:
        super().__init__(flow, seen)
        self.scenarios: Mapping[str, Scenario] = {fid: Scenario(fid, ff.name, ff.description)
                                                  for fid, ff in standard().items()}

    def static_data(self) -> dict[str, Any]:
        gd = dataset()
        units = {uid: {"side": u.side, "name": dict(u.name), "class": u.unit_class, "fire_cost": u.fire_cost,
                       "move_cost": u.move_cost, "movement": u.movement, "fp": dict(u.fp), "range": u.range,
                       "dr_front": u.dr_front, "dr_flank": u.dr_flank, "armour": u.armour}
                 for uid, u in gd.units.items()}
        hit_counters = {pile: [{"id": c.id, "name": dict(c.name), "count": c.count, "rally": c.rally}
                               for c in cs] for pile, cs in gd.hit_counters.items()}
        terrain = {t: {"move": row.move, "dm": row.dm, "blocks_los": row.blocks_los}
                   for t, row in gd.tables.infantry.items()}
        return copy.deepcopy({"board": {"kind": "geomorphic", "top": "flat", "maps": maps()}, "units": units,
                              "hit_counters": hit_counters, "terrain": terrain, "messages": messages()})


RULES = ConflictOfHeroesRules(rules, view)
