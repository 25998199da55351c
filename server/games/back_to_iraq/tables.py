"""The tables of Back to Iraq: both CRTs (§11), the terrain chart (§10, §12) and every lost parameter (§10.3).

Every number the seed lost is an entry of ``tables.json`` ``"lost"`` under its register id (``LOST-k``), read
through ``Tables.lost``; nothing here repeats a value a table holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.crt import CombatResultsTable, OddsTable
from .errors import check

LOST_IDS = tuple(f"LOST-{k}" for k in range(1, 56))  # §10.3: the register runs LOST-1 to LOST-55
MARKERS_TOTAL = 30  # §G1, brief §5.4: the strategic-target counter mix
CRT_SIDES = ("coalition", "islamic")


@dataclass(frozen=True)
class Tables:
    crts: Mapping[str, CombatResultsTable]  # "coalition" attacking, "islamic" attacking
    results: Mapping[str, Mapping[str, Any]]
    strategic_targets: Mapping[str, int]
    raw: Mapping[str, Any] = field(repr=False)

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> Tables:
        lost = raw["lost"]
        for k in LOST_IDS:
            check(k in lost and "value" in lost[k] and lost[k].get("reads"), f"tables.json: {k} missing or unread")
        check(set(lost) == set(LOST_IDS), f"tables.json: unknown lost ids {sorted(set(lost) - set(LOST_IDS))}")
        results = raw["crt"]["results"]
        crts = {}
        for side in CRT_SIDES:
            spec = lost["LOST-20"]["value"][side]  # LOST-20: the column labels
            rows = raw["crt"][side]["rows"]
            check(sorted(int(r) for r in rows) == list(range(1, 7)), f"tables.json: {side} CRT rows 1-6 (§11.10)")
            for row in rows.values():
                for code in row:
                    check(code in results, f"tables.json: {side} CRT result {code!r} is not a result")
            for end in ("above", "below"):
                check(spec[end]["result"] in results, f"tables.json: {side} CRT {end} result")
            crts[side] = CombatResultsTable(OddsTable(tuple(spec["columns"])),
                                            {int(k): tuple(v) for k, v in rows.items()})
        marks = raw["strategic_targets"]
        check(sum(marks.values()) == MARKERS_TOTAL, f"tables.json: {sum(marks.values())} strategic markers, "
                                                    f"not {MARKERS_TOTAL}")
        check(set(raw["strategic_target_names"]) == set(marks), "tables.json: every marker kind needs names")
        for section in ("turn_track", "stacking", "mipp"):  # pointers name a lost parameter that exists
            for k, v in raw[section].items():
                check(not (isinstance(v, str) and v.startswith("LOST-")) or v in lost,
                      f"tables.json: {section}.{k} names {v}, not a lost parameter")
        tables = cls(crts=crts, results=results, strategic_targets=marks, raw=raw)
        tables._check_counts()
        return tables

    def _check_counts(self) -> None:
        # LOST-4 / LOST-41: the Scenario 1 total is what is chosen plus drawn; no scenario places more than 30
        s = self.lost("LOST-41")
        check(s["s1"]["choose"] + s["s1"]["draw"] == self.lost("LOST-4"), "tables.json: LOST-4 != LOST-41 s1")
        check(s["s2"]["choose"] + s["s2"]["draw"] <= MARKERS_TOTAL, "tables.json: S2 places more than the mix")
        for k in ("LOST-4", "LOST-17", "LOST-31", "LOST-32", "LOST-54"):  # printed as "⟨n⟩0"
            v = self.lost(k)
            check(all(n % 10 == 0 for n in (v.values() if isinstance(v, dict) else [v])),
                  f"tables.json: {k} must end in 0 (the surviving digit)")
        # LOST-1 printed as "7": its digits 0, 7, 8, 9 read "7"
        check(re.sub("[1-6]", "", str(self.lost("LOST-1"))) == "7", "tables.json: LOST-1 must print '7'")

    def lost(self, key: str) -> Any:
        """The value of a lost parameter (§10.3); one name per parameter, no silent default."""
        check(key in self.raw["lost"], f"tables.json: {key} missing")
        return self.raw["lost"][key]["value"]

    def also_lost(self, key: str) -> Any:
        """A lost number the digest registers beside §10.3 ("Also lost": MIPP amounts and counts)."""
        check(key in self.raw["also_lost"], f"tables.json: also_lost {key} missing")
        return self.raw["also_lost"][key]["value"]

    def pointer(self, section: str, key: str) -> Any:
        """A value of ``turn_track``, ``stacking`` or ``mipp``, through the lost parameter it names."""
        v = self.raw[section][key]
        return self.lost(v) if isinstance(v, str) and v.startswith("LOST-") else v

    def crt(self, side: str) -> CombatResultsTable:
        return self.crts[side]

    def beyond(self, side: str, end: str) -> Mapping[str, str]:
        """LOST-20, AMBIG-12: the automatic result ``above`` the last or ``below`` the first column."""
        return dict(self.lost("LOST-20")[side][end])

    def terrain_shift(self, terrain: str) -> int:
        """LOST-25: the defender's left shifts for a terrain (0 where the chart gives none)."""
        return int(self.lost("LOST-25").get(terrain, 0))

    def mp(self, terrain: str, movement_class: str) -> str | None:
        """LOST-12: the cost to enter ``terrain`` for a movement class, as printed ("1", "1/2", "1d6"); None
        where it is prohibited."""
        costs = self.lost("LOST-12")[terrain]
        cost = costs.get(movement_class, costs.get("nonmech"))
        return None if cost is None else str(cost)

    def last_turn(self, scenario: int) -> int:
        return int(self.lost("LOST-5")[str(scenario)])
