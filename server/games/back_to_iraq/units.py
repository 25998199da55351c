"""The counters of Back to Iraq (§2) and the two scenarios' set-ups (§3), read and checked.

``counters.json`` lists the nations (§2.4) and every unit; ``scenarios.json`` each scenario's default
deployment. The set-up checks are the rules of §3.3-§3.9 that data can break: countries, the Kurdish area,
Baghdad for the RG and the ADC, Kuwait City for the KCG, the Saddam Line, stacking (§6.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .board import Board
from .errors import check
from .tables import Tables

SIDES = ("coalition", "islamic")
CLASSES = ("mech", "nonmech", "airmobile", "static", "sof")
RG_NEAR_BAGHDAD = ("rg_armd", "rg_mech", "rg_inf", "srg")  # §3.4 (AMBIG-4)


@dataclass(frozen=True)
class UnitSpec:
    id: str
    nation: str
    side: str
    power: str  # great | minor (Coalition, §1.3) | iraq | iran | al_qaeda
    type: str
    size: str
    movement_class: str
    attack: int
    defense: int
    movement: int
    steps: int
    reduced: tuple[int, int, int] | None
    name: Mapping[str, str]
    scenarios: frozenset[int]
    tags: frozenset[str]
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    @property
    def advanced(self) -> bool:
        return bool(self.raw.get("advanced"))

    @property
    def condition(self) -> str | None:
        """What brings a unit in after set-up (Israel, Al Qaeda, Al Nida) or ``replaces`` (SOF swaps)."""
        c = self.raw.get("condition") or self.raw.get("replaces")
        return str(c) if c else None

    def stacking(self, tables: Tables) -> Fraction:
        """§6.1: a Coalition unit counts 1 (LOST-8 counts units); an Islamic division 1, a smaller Iraqi unit
        LOST-10, the SRG LOST-11; HQs, the KCG, the ADC (AMBIG-10) and SOF (§G3.4) nothing."""
        if "no_stacking" in self.tags or self.movement_class == "sof":
            return Fraction(0)
        if self.side == "coalition":
            return Fraction(1)
        if self.type == "srg":
            return Fraction(tables.lost("LOST-11"))  # LOST-11
        if self.size.strip("[]") == "XX":
            return Fraction(1)
        return Fraction(tables.lost("LOST-10"))  # LOST-10


def units_from_data(raw: Mapping[str, Any], tables: Tables) -> dict[str, UnitSpec]:
    nations = raw["nations"]
    out = {}
    for uid, c in raw["units"].items():
        where = f"counters.json: {uid}"
        n = nations.get(c.get("nation"))
        check(n is not None, f"{where}: unknown nation {c.get('nation')!r}")
        check(c.get("class") in CLASSES, f"{where}: movement class {c.get('class')!r}")
        check(c.get("steps") in (1, 2), f"{where}: 1 or 2 steps (§2.11)")
        # §2.11: Islamic units have one step; a Coalition 2-step unit has a reduced back
        check(n["side"] == "coalition" or c["steps"] == 1, f"{where}: Islamic units have one step")
        check((c["steps"] == 2) == ("reduced" in c), f"{where}: a reduced face exactly for 2 steps")
        check(set(c.get("name", {})) >= {"en", "ja"}, f"{where}: needs en and ja names")
        check(set(c["scenarios"]) <= {1, 2} and bool(c["scenarios"]), f"{where}: scenarios 1 and/or 2")
        r = c.get("reduced")
        out[uid] = UnitSpec(
            id=uid, nation=c["nation"], side=n["side"], power=n["power"], type=c["type"], size=c["size"],
            movement_class=c["class"], attack=c["attack"], defense=c["defense"], movement=c["movement"],
            steps=c["steps"], reduced=(r["attack"], r["defense"], r["movement"]) if r else None,
            name=dict(c["name"]), scenarios=frozenset(c["scenarios"]), tags=frozenset(c.get("tags", [])), raw=c)
    return out


@dataclass(frozen=True)
class Scenario:
    number: int
    name: Mapping[str, str]
    setup: Mapping[str, str]  # unit id -> hex

    def check(self, board: Board, units: Mapping[str, UnitSpec], tables: Tables) -> None:
        where = f"scenarios.json: scenario {self.number}"
        for uid, u in units.items():  # every unit of the scenario starts on the map (§3.1), but late arrivals
            if self.number in u.scenarios and u.condition is None:
                check(uid in self.setup, f"{where}: {uid} has no set-up hex")
        load: dict[str, Fraction] = {}
        groups: dict[str, set[str]] = {}
        sofs: dict[str, int] = {}
        for uid, h in self.setup.items():
            check(uid in units, f"{where}: unknown unit {uid}")
            u = units[uid]
            check(self.number in u.scenarios, f"{where}: {uid} is not in this scenario")
            check(board.grid.contains(h), f"{where}: {uid} at {h!r}, off the map")
            problem = set_up_problem(board, self.number, u, h)
            check(problem is None, f"{where}: {uid} at {h}: {problem}")
            load[h] = load.get(h, Fraction(0)) + u.stacking(tables)
            if u.movement_class == "sof":  # §G3.4: at most n SOF in a hex
                sofs[h] = sofs.get(h, 0) + 1
                check(sofs[h] <= tables.raw["also_lost"]["sof_per_hex"]["value"], f"{where}: SOF crowd {h}")
            groups.setdefault(h, set()).add(u.nation if u.power in ("iran", "al_qaeda") else u.side)
        for h, v in load.items():  # §6.1: LOST-8 Coalition units, LOST-9 Islamic divisions
            check(v <= tables.lost("LOST-8" if "coalition" in groups[h] else "LOST-9"), f"{where}: {h} overstacked")
            check(len(groups[h]) == 1, f"{where}: {sorted(groups[h])} stack together at {h} (§3.8, AMBIG-6)")
        if self.number == 2:  # AMBIG-5: at least n units in Kuwait, one in each Saddam Line hex
            isl = {h for uid, h in self.setup.items() if units[uid].side == "islamic"}
            inside = sum(1 for uid, h in self.setup.items()
                         if units[uid].side == "islamic" and board.country[h] == "kuwait")
            n = tables.raw["also_lost"]["s2_min_in_kuwait"]["value"]
            check(inside >= n, f"{where}: {inside} Islamic units in Kuwait, fewer than {n}")
            check(board.saddam_line <= isl, f"{where}: a Saddam Line hex starts empty (AMBIG-5)")


def set_up_countries(number: int, u: UnitSpec) -> tuple[str, ...]:
    if u.nation in ("kuwait", "saudi"):  # §3.3, §3.7: only in their own country
        return (u.nation,)
    if u.side == "coalition":
        return ("kuwait", "saudi", "turkey") if number == 1 else ("saudi", "turkey")
    return ("iraq",) if number == 1 else ("iraq", "iran", "kuwait")


def set_up_problem(board: Board, number: int, u: UnitSpec, h: str) -> str | None:
    """Why ``u`` may not set up in ``h`` in scenario ``number`` (§3.3-§3.9), or None. Stacking is checked on the
    whole set-up."""
    if not board.is_land(h):
        return f"in {board.terrain[h]}"
    c = board.country[h]
    if c not in set_up_countries(number, u):
        return f"may not set up in {c}"
    if number == 1 and u.side == "islamic" and h in board.kurdish_area:
        return "in the Kurdish area (§3.4)"
    if u.type == "adc" and h != board.hex_of("baghdad"):
        return "the ADC sets up in Baghdad (§3.4)"
    if u.type in RG_NEAR_BAGHDAD and board.grid.distance(h, board.hex_of("baghdad")) > 1:
        return "not in or beside Baghdad (AMBIG-4)"
    kc = board.hex_of("kuwait_city")
    if (u.type == "kcg" or (number == 2 and u.nation == "kuwait")) and h != kc:
        return "sets up in Kuwait City (§3.3, §3.7)"
    if number == 2 and u.side == "islamic" and h == kc:
        return "in Kuwait City (§3.8)"
    t = board.terrain[h]
    if u.movement_class == "mech" and (t == "desert" or t in ("mountain", "marsh")) and h not in board.road_hexes:
        return f"a mech unit in {t} off the roads (§10.19)"  # prohibited terrain is prohibited at set-up too
    return None


def scenarios_from_data(raw: Mapping[str, Any]) -> dict[str, Scenario]:
    out = {}
    for k, s in raw.items():
        check(k in ("1", "2"), f"scenarios.json: unknown scenario {k!r}")
        check(set(s.get("name", {})) >= {"en", "ja"}, f"scenarios.json: scenario {k} needs names")
        out[k] = Scenario(number=int(k), name=dict(s["name"]), setup=dict(s["setup"]))
    check(set(out) == {"1", "2"}, "scenarios.json: both scenarios (§3.1)")
    return out
