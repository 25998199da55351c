"""§11: combat. The phasing player attacks one hex at a time (§11.4), with any of its units beside it that have
not attacked this phase; each hex is attacked once a phase. The odds are attack against defense (§11.5), rounded
for the defender (AMBIG-11), shifted by terrain, concentric attack and the order of phases (§5.3), then read on the
attacker's table; odds beyond the table give its automatic result (LOST-20, AMBIG-12).

An attack is opened on a hex with every eligible unit as its attackers (``attack``); the attacker may drop or add
units before it resolves (``drop``, ``add``), or call it off (``cancel``). The view shows the odds of the attack as
it stands and, before one is opened, of each hex that may be attacked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...engine.core import Action, State
from . import airborne, airmobility, israel, optional, sof_ops
from .forces import ENEMY, at, board, is_mech, nation_group, on_map, printed, scenario, spec, tables, unit
from .supply import Lines, air_supply_actions
from .terrain import natural, neutral, place_kind


@dataclass
class Odds:
    """One attack reckoned: the strengths, the unmodified odds, the shifts and what the table says."""

    attack: int
    defence: int
    raw: int  # ladder position: 0 is 1:1, 1 is 2:1, -1 is 1:2 (``label``)
    shifts: list[tuple[str, int]] = field(default_factory=list)

    @property
    def final(self) -> int:
        return self.raw + sum(s for _, s in self.shifts)


def ladder(attack: int, defence: int) -> int:
    """§11.5-§11.6: X:1 when the attack is at least the defense, else 1:X, each rounded for the defender."""
    if defence <= 0:
        return 99
    if attack >= defence:
        return attack // defence - 1
    return -(-(-defence // attack) - 1) if attack > 0 else -99


def label(position: int) -> str:
    return f"{position + 1}:1" if position >= 0 else f"1:{1 - position}"


def position_of(column: str) -> int:
    a, d = (int(x) for x in column.split(":"))
    return a - 1 if d == 1 else 1 - d


def read_table(state: State, side: str, final: int) -> tuple[str | None, str | None]:
    """(column, automatic result): the column of the table the odds fall in, or the result beyond its ends."""
    t = tables(state)
    crt = t.crt(side)
    cols = crt.odds.columns
    if final >= position_of(t.beyond(side, "above")["from"]):
        return None, t.beyond(side, "above")["result"]
    if final <= position_of(t.beyond(side, "below")["from"]):
        return None, t.beyond(side, "below")["result"]
    final = max(min(final, position_of(cols[-1])), position_of(cols[0]))
    return label(final), None


# === Who may attack what ===

def allowed_target(state: State, uid: str, target: str) -> bool:
    """Whether ``uid`` may join an attack on the adjacent ``target`` (§3.5, §3.9, §10.19, §12)."""
    b = board(state)
    here = unit(state, uid)["hex"]
    s = spec(state, uid)
    if neutral(state, target):
        return False  # §3.5, §3.9: nobody attacks into Iran (Scenario 1) or Syria
    if s.nation == "saudi" and b.country[target] not in ("saudi", "kuwait"):
        return False
    if israel.barred_attacker(state, uid, target):
        return False  # §G5.3(5): not since the Israelis entered
    if scenario(state) == 1 and s.side == "islamic" and target in b.kurdish_area and target not in b.road_hexes:
        return False  # §3.5: into the Kurdish area only through its road hexes
    if b.grid.is_adjacent(here, target) and b.is_escarpment(here, target) and s.movement_class != "airmobile":
        return False  # AMBIG-3: no attack over an impassable hexside
    if is_mech(state, uid):
        t = natural(state, target)
        if t == "desert":
            return False  # §12: mech units do not attack into desert unless dismounted
        if t in ("mountain", "marsh") and here not in b.road_hexes:
            return False  # §12: only from a road hex (at half strength)
    a, _, _ = printed(state, uid)
    return a > 0


def may_attack(state: State, uid: str) -> bool:
    rec = unit(state, uid)
    if rec["status"] != "map" or rec["attacked"] or rec.get("mode_turn") == state["turn"] \
            or optional.bogged(state, uid):
        return False  # §11.4 once a phase; §10.21 not in the turn it dismounts or remounts; §14.3
    if airborne.is_101st(state, uid) and rec["moved"]:
        return False  # §13.2: it moved this turn
    if airmobility.air_moved(state, uid):
        return False  # §G5.5: no combat in the turn it air-moves
    if spec(state, uid).side == "coalition" and state["regroup"]["now"] is not None:
        return False  # §9.3-§9.4: no Coalition attack in a regroup turn
    # SOF make operations, not attacks (§G3.6); an HQ, attack 0, joins no attack (§G4.1: PROVENANCE)
    return spec(state, uid).movement_class != "sof" and spec(state, uid).type != "hq"


def eligible(state: State, side: str, target: str) -> list[str]:
    """The units of ``side`` that may join an attack on ``target`` now."""
    b = board(state)
    near = set(b.neighbours(target))
    def reaches(u: str) -> bool:
        return unit(state, u)["hex"] in near or (airborne.is_101st(state, u) and airborne.in_range(state, u, target))
    return [u for u in on_map(state, side) if may_attack(state, u) and reaches(u) and allowed_target(state, u, target)]


def default_attackers(state: State, side: str, target: str) -> list[str]:
    """Every eligible unit; in Scenario 2 the Islamic group that attacks strongest (§3.8: no mixed attacks)."""
    units = eligible(state, side, target)
    groups: dict[str, list[str]] = {}
    for u in units:
        groups.setdefault(nation_group(state, u), []).append(u)
    if len(groups) <= 1:
        return units
    return max(groups.values(), key=lambda us: (sum(printed(state, u)[0] for u in us), us))


def valid(state: State, side: str, attackers: Iterable[str]) -> bool:
    """§11.1x: a Coalition attack needs a US, UK or French unit; §3.8: one group only."""
    attackers = list(attackers)
    if not attackers:
        return False
    if len({nation_group(state, u) for u in attackers}) > 1:
        return False
    return side != "coalition" or any(spec(state, u).power == "great" for u in attackers)


def targets(state: State, side: str) -> list[str]:
    """The enemy hexes ``side`` may attack now (§11.4: each once a phase)."""
    hexes = {unit(state, u)["hex"] for u in on_map(state, ENEMY[side])}
    return [h for h in sorted(hexes) if h not in state["attacked_hexes"]
            and valid(state, side, default_attackers(state, side, h))]


# === The odds ===

def _halved(groups: dict[int, int], floor: int) -> int:
    """§8.2: halve the units' total, not each unit; a unit or stack is never below LOST-15."""
    total = 0
    for halvings, strength in groups.items():
        part = strength >> halvings
        total += max(part, floor) if strength > 0 else 0
    return total


def reckon(state: State, side: str, target: str, attackers: list[str], frame: dict[str, Any] | None = None) -> Odds:
    """The odds of an attack; ``frame``: the attack's supports (the 101st adding its attack strength to the
    defense, §13.6; the optional rules' naval gunfire, chemical warfare, Heavy Attack marker, §14)."""
    frame = frame or {"side": side}
    support = frame.get("support")
    b = board(state)
    t = tables(state)
    floor = int(t.lost("LOST-15"))  # LOST-15
    lines = Lines(state, side)
    enemy_lines = Lines(state, ENEMY[side])
    terrain = natural(state, target)
    groups: dict[int, int] = {}
    fixed = sof_ops.lone_attack(state, target)
    for u in attackers:
        if fixed is not None and spec(state, u).movement_class != "sof":
            groups[0] = groups.get(0, 0) + fixed  # §G3.7(1), LOST-49
            continue
        a = airborne.strength(state, u) if airborne.is_101st(state, u) else printed(state, u)[0]
        s = spec(state, u)
        if side == "coalition" and state["order"] == "move_first" and s.power != "great":
            a = int(t.lost("LOST-6"))  # §5.3, LOST-6: a Minor Power unit's attack in Move-then-Combat
        k = 0
        if not lines.supplied(u):
            k += 1  # §8.2
        if unit(state, u).get("dismounted"):
            k += 1  # §10.21
        if b.is_river(unit(state, u)["hex"], target) and "mef" not in s.tags and "101st" not in s.tags:
            k += 1  # §12 river hexside (§14.17 the MEF, §13.5 the 101st)
        if is_mech(state, u) and terrain in ("mountain", "marsh"):
            k += 1  # §12: from a road, at half strength
        groups[k] = groups.get(k, 0) + a
    defenders = at(state, target)
    dgroups: dict[int, int] = {}
    for u in defenders:
        _, d, _ = printed(state, u)
        k = (0 if enemy_lines.supplied(u) else 1) + (1 if unit(state, u).get("dismounted") else 0)
        dgroups[k] = dgroups.get(k, 0) + d
    attack, defence = _halved(groups, floor), _halved(dgroups, floor)
    if support is not None:
        defence += airborne.strength(state, support)  # §13.6, §13.8
    naval = frame.get("naval")
    if naval:  # §14.14: the die, capped at the unit's own strength
        if naval["side"] == side:
            attack += naval["strength"]
        else:
            defence += naval["strength"]
    if optional.chemical_halves(frame, side):
        attack = -(-attack // 2)  # §14.4: halved, rounding up
    if optional.chemical_halves(frame, ENEMY[side]):
        defence = -(-defence // 2)
    odds = Odds(attack, defence, ladder(attack, defence))
    shift = terrain_shift(state, side, target, defenders)
    if shift:
        odds.shifts.append(shift)
    if concentric(state, target, attackers):
        odds.shifts.append(("concentric", int(t.lost("LOST-24")[side])))  # LOST-24
    if side == "coalition" and state["order"] == "combat_first":
        odds.shifts.append(("combat_first", int(t.lost("LOST-7"))))  # §5.3, LOST-7
    odds.shifts += optional.shifts(state, frame, attackers, defenders)
    return odds


def terrain_shift(state: State, side: str, target: str, defenders: list[str]) -> tuple[str, int] | None:
    """§12 (AMBIG-17): one terrain effect a combat, the one best for the defender (LOST-25 left shifts)."""
    b = board(state)
    t = tables(state)
    found = []
    place = place_kind(state, target)
    if place:
        found.append(place)
    if sof_ops.beside_city(state, target):
        found.append("city")  # §G3.7(3)
    terrain = natural(state, target)
    if terrain in ("mountain", "rough"):
        found.append(terrain)
    if terrain == "marsh" and defenders and not any(is_mech(state, u) for u in defenders):
        found.append("marsh_nonmech_defender")  # AMBIG-18
    if scenario(state) == 2 and side == "coalition" and target in b.saddam_line:
        found.append("saddam_line")  # §12: the Saddam Line, Scenario 2 only, for an Islamic defender
    best = max(found, key=lambda k: (t.terrain_shift(k), k), default=None)
    if best is None or t.terrain_shift(best) == 0:
        return None
    return best, -t.terrain_shift(best)  # LOST-25


def concentric(state: State, target: str, attackers: list[str]) -> bool:
    """§11 (AMBIG-16, LOST-24 geometry): attackers in two opposite hexes, or in three hexes one apart."""
    g = board(state).grid
    if any(airborne.is_101st(state, u) for u in attackers) and len(attackers) > 1:
        return True  # §13.5: the 101st with one or more other units
    sides = {g.direction(target, unit(state, u)["hex"]) for u in attackers
             if g.is_adjacent(target, unit(state, u)["hex"])}
    if any((d + 3) % 6 in sides for d in sides):
        return True
    return any({d, (d + 2) % 6, (d + 4) % 6} <= sides for d in sides)


def chances(state: State, side: str, final: int) -> dict[str, float]:
    """The chance of each result at these odds (the table's column, one die)."""
    column, auto = read_table(state, side, final)
    if auto is not None:
        return {auto: 1.0}
    out: dict[str, float] = {}
    for roll in range(1, 7):
        r = tables(state).crt(side).result(column or "", roll)
        out[r] = out.get(r, 0.0) + 1 / 6
    return {k: round(v, 4) for k, v in out.items()}


def candidate(state: State, side: str, target: str, attackers: list[str],
              frame: dict[str, Any] | None = None) -> dict[str, Any]:
    """An attack as the odds preview shows it (frontend common/odds.js), with its supports so far."""
    o = reckon(state, side, target, attackers, frame)
    column, auto = read_table(state, side, o.final)
    return {"at": target, "attackers": list(attackers), "attack": o.attack, "defence": o.defence,
            "raw": label(o.raw), "odds": label(o.final),
            "shifts": [{"reason": {"key": f"shift.{k}"}, "shift": v} for k, v in o.shifts],
            "column": column or auto, "auto": auto, "chances": chances(state, side, o.final)}


# === The actions ===

def combat_actions(state: State, side: str) -> list[Action]:
    return [*({"type": "attack", "at": h} for h in targets(state, side)), *sof_ops.operation_actions(state, side),
            *air_supply_actions(state, side), {"type": "end_combat"}]


def attack_actions(state: State, frame: dict[str, Any]) -> list[Action]:
    side = frame["side"]
    chosen = frame["attackers"]
    out: list[Action] = []
    if valid(state, side, chosen):
        out.append({"type": "resolve", "at": frame["at"]})
        out += optional.support_actions(state, frame, side, chosen)
    for u in eligible(state, side, frame["at"]):
        if u in chosen:
            if len(chosen) > 1:
                out.append({"type": "drop", "unit": u})
        elif valid(state, side, [*chosen, u]) or not valid(state, side, chosen):
            out.append({"type": "add", "unit": u})
    out.append({"type": "cancel"})
    return out
