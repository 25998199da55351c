"""Unit counters and hit counters of Conflict of Heroes: Awakening the Bear! (1st edition), and a unit's values
as they stand under its hit counter.

§1.2 (p.1, §3.0, §5.0, §14.0, §15.0): a counter prints its fire cost, movement cost (red = infantry, blue =
tracked, green = wheeled, wheel icons = bonus hexes), red/blue FP, range, front/flank DR (red = unarmoured,
blue = armoured). §7.4 and §15.2: the hit counters, two piles of 20. Read from ``data/counters.json`` and
``data/hit_counters.json``; every reconstructed value is in ``PROVENANCE.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .errors import check

SIDES = ("german", "soviet")
SQUADS = ("rifle_squad", "pioneer_squad", "smg_squad")
VEHICLES = ("tank", "armoured_car", "apc", "truck", "wagon")
CLASSES = (*SQUADS, "mg", "mortar", "at_gun", "infantry_gun", *VEHICLES)
MOVEMENT = ("infantry", "tracked", "wheeled")  # §5.0, §14.0: the colour of the movement cost
COLOURS = ("red", "blue")
# what a hit counter can take away: fire at all / with one colour of FP (Gun Damage), move, pivot, and any
# action but rally (Stunned)
ABILITIES = ("fire", "fire_red", "fire_blue", "move", "pivot", "act")
Colour = Literal["red", "blue"]
Pile = Literal["infantry", "vehicle"]


@dataclass(frozen=True)
class UnitType:
    id: str
    side: str
    name: Mapping[str, str]
    unit_class: str
    fire_cost: int | None  # None: cannot attack (wagon)
    indirect_cost: int | None  # §12.0: the parenthesised cost of mortars that fire indirectly
    move_cost: int
    movement: str
    wheels: int
    fp: Mapping[str, int]  # only the colours the counter prints
    range: int
    min_range: int
    dr_front: int
    dr_flank: int
    armour: Colour  # the colour of the DR
    turret: bool
    calibre_mm: int | None

    @property
    def is_squad(self) -> bool:
        return self.unit_class in SQUADS

    @property
    def is_vehicle(self) -> bool:
        return self.movement != "infantry"

    @property
    def hit_pile(self) -> Pile:
        """AMBIG-13: tracked and wheeled vehicles (trucks and wagons too) draw from the vehicle pile; everything
        with a red movement cost (squads, MGs, mortars, guns) from the infantry pile."""
        return "vehicle" if self.is_vehicle else "infantry"


@dataclass(frozen=True)
class HitCounter:
    id: str
    name: Mapping[str, str]
    pile: Pile
    count: int
    rally: int | None  # None: No Rally
    fire_cost: int
    move_cost: int
    fp: Mapping[str, int]  # per colour
    range: int | None  # Berserk and Cowering set the range to 1
    dr_front: int
    dr_flank: int
    cannot: frozenset[str]
    removed: bool  # Killed / Destroyed: the unit is eliminated by this first hit


@dataclass(frozen=True)
class Values:
    """§5.9: a unit's values as they stand, the printed counter changed by its hit counter."""

    fire_cost: int | None
    indirect_cost: int | None
    move_cost: int
    fp: Mapping[str, int]  # the colours it may fire now
    range: int
    min_range: int
    dr_front: int
    dr_flank: int
    can_move: bool
    can_pivot: bool
    only_rally: bool  # Stunned: no action but rally

    @property
    def can_fire(self) -> bool:
        return self.fire_cost is not None and bool(self.fp) and not self.only_rally


def values(unit: UnitType, counter: HitCounter | None = None) -> Values:
    """§7.4, §15.2: a hit counter's modifiers apply at once; a unit never carries two (§5.9)."""
    if counter is None:
        return Values(unit.fire_cost, unit.indirect_cost, unit.move_cost, dict(unit.fp), unit.range,
                      unit.min_range, unit.dr_front, unit.dr_flank, True, True, False)
    no = counter.cannot
    fp = {c: v + counter.fp.get(c, 0) for c, v in unit.fp.items()
          if "fire" not in no and f"fire_{c}" not in no}

    def cost(c: int | None) -> int | None:
        return None if c is None else c + counter.fire_cost

    only_rally = "act" in no
    return Values(fire_cost=cost(unit.fire_cost), indirect_cost=cost(unit.indirect_cost),
                  move_cost=unit.move_cost + counter.move_cost, fp=fp,
                  range=unit.range if counter.range is None else counter.range, min_range=unit.min_range,
                  dr_front=unit.dr_front + counter.dr_front, dr_flank=unit.dr_flank + counter.dr_flank,
                  can_move=not ({"move", "act"} & no), can_pivot=not ({"pivot", "act"} & no), only_rally=only_rally)


# --- loading ---

_UNIT_KEYS = {"side", "name", "class", "fire_cost", "indirect_cost", "move_cost", "movement", "wheels", "fp",
              "range", "min_range", "dr", "turret", "calibre_mm"}
_COUNTER_KEYS = {"id", "name", "count", "rally", "fire_cost", "move_cost", "fp", "range", "dr_front", "dr_flank",
                 "cannot", "removed"}
PILE_SIZE = 20  # §7.4, §15.2: 20 infantry and 20 vehicle hit counters


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _opt_int(v: object) -> bool:
    return v is None or _is_int(v)


def _names(raw: Any, what: str) -> dict[str, str]:
    check(isinstance(raw, dict) and set(raw) == {"en", "ja"} and all(isinstance(s, str) and s for s in raw.values()),
          f"{what}: name needs en and ja")
    return dict(raw)


def unit_types_from_data(raw: Mapping[str, Any]) -> dict[str, UnitType]:
    out: dict[str, UnitType] = {}
    for uid, u in raw.items():
        what = f"counters.json: {uid}"
        check(isinstance(u, dict) and set(u) == _UNIT_KEYS,
              f"{what}: fields must be {sorted(_UNIT_KEYS)}, not {sorted(u) if isinstance(u, dict) else u!r}")
        check(u["side"] in SIDES, f"{what}: side {u['side']!r} is not one of {SIDES}")
        check(u["class"] in CLASSES, f"{what}: class {u['class']!r} is not one of {CLASSES}")
        check(u["movement"] in MOVEMENT, f"{what}: movement {u['movement']!r} is not one of {MOVEMENT}")
        for k in ("move_cost", "wheels", "range", "min_range"):
            check(_is_int(u[k]) and u[k] >= 0, f"{what}: {k} must be a whole number >= 0, not {u[k]!r}")
        check(u["move_cost"] >= 1, f"{what}: move_cost must be at least 1")
        for k in ("fire_cost", "indirect_cost", "calibre_mm"):
            check(_opt_int(u[k]) and (u[k] is None or u[k] >= 1), f"{what}: {k} must be null or >= 1, not {u[k]!r}")
        fp = u["fp"]
        check(isinstance(fp, dict) and set(fp) == set(COLOURS) and all(_opt_int(v) for v in fp.values()),
              f"{what}: fp needs red and blue, each a number or null")
        printed = {c: v for c, v in fp.items() if v is not None}
        dr = u["dr"]
        check(isinstance(dr, dict) and set(dr) == {"front", "flank", "armour"},
              f"{what}: dr needs front, flank, armour")
        check(_is_int(dr["front"]) and _is_int(dr["flank"]) and dr["flank"] <= dr["front"],
              f"{what}: dr front and flank must be numbers, flank no higher than front")
        check(dr["armour"] in COLOURS, f"{what}: dr armour must be red or blue")
        check(isinstance(u["turret"], bool), f"{what}: turret must be true or false")
        cls, vehicle = u["class"], u["class"] in VEHICLES
        # §5.0, §14.0: a red movement cost makes an infantry unit; vehicles move blue or green
        check(vehicle == (u["movement"] != "infantry"), f"{what}: class {cls} cannot have {u['movement']} movement")
        check(vehicle or u["wheels"] == 0, f"{what}: only vehicles have wheel icons")
        # §7.6, §17.0: a unit that cannot attack prints no fire cost and no FP
        check((u["fire_cost"] is None) == (not printed), f"{what}: a fire cost needs FP and FP a fire cost")
        check(cls == "mortar" or (u["min_range"] == 0 and u["indirect_cost"] is None),
              f"{what}: only mortars have a minimum range or an indirect-fire cost")
        check(cls != "mortar" or u["min_range"] >= 1, f"{what}: a mortar cannot fire at adjacent hexes (§12.0)")
        check(u["turret"] <= (cls in ("tank", "armoured_car")), f"{what}: only tanks and armoured cars have turrets")
        check((u["calibre_mm"] is not None) == (cls in ("mortar", "at_gun", "infantry_gun")),
              f"{what}: mortars and guns (and only they) give a calibre")
        # brief A [R2]: 1st-edition foot units print no blue FP
        check(cls not in (*SQUADS, "mg", "mortar") or fp["blue"] is None, f"{what}: foot units print no blue FP")
        armoured = cls in ("tank", "armoured_car", "apc")
        check((dr["armour"] == "blue") == armoured, f"{what}: {cls} must have a {'blue' if armoured else 'red'} DR")
        out[uid] = UnitType(id=uid, side=u["side"], name=_names(u["name"], what), unit_class=cls,
                            fire_cost=u["fire_cost"], indirect_cost=u["indirect_cost"], move_cost=u["move_cost"],
                            movement=u["movement"], wheels=u["wheels"], fp=printed, range=u["range"],
                            min_range=u["min_range"], dr_front=dr["front"], dr_flank=dr["flank"],
                            armour=dr["armour"], turret=u["turret"], calibre_mm=u["calibre_mm"])
    return out


def hit_counters_from_data(raw: Mapping[str, Any]) -> dict[Pile, tuple[HitCounter, ...]]:
    check(set(raw) == {"infantry", "vehicle"}, "hit_counters.json: needs the infantry and vehicle piles")
    out: dict[Pile, tuple[HitCounter, ...]] = {}
    pile: Pile
    for pile in ("infantry", "vehicle"):
        counters = []
        for c in raw[pile]:
            what = f"hit_counters.json: {pile} {c.get('id') if isinstance(c, dict) else repr(c)}"
            check(isinstance(c, dict) and set(c) == _COUNTER_KEYS, f"{what}: fields must be {sorted(_COUNTER_KEYS)}")
            check(isinstance(c["id"], str) and bool(c["id"]), f"{what}: id")
            check(_is_int(c["count"]) and c["count"] >= 1, f"{what}: count must be at least 1")
            check(_opt_int(c["rally"]) and (c["rally"] is None or 2 <= c["rally"] <= 12),
                  f"{what}: rally must be null (No Rally) or a 2D6 number")
            for k in ("fire_cost", "move_cost", "dr_front", "dr_flank"):
                check(_is_int(c[k]), f"{what}: {k} must be a whole number")
            check(isinstance(c["fp"], dict) and set(c["fp"]) == set(COLOURS) and all(map(_is_int, c["fp"].values())),
                  f"{what}: fp needs red and blue modifiers")
            check(c["range"] is None or (_is_int(c["range"]) and c["range"] >= 0), f"{what}: range")
            check(isinstance(c["cannot"], list) and all(a in ABILITIES for a in c["cannot"]),
                  f"{what}: cannot lists abilities among {ABILITIES}")
            check(isinstance(c["removed"], bool), f"{what}: removed must be true or false")
            check(not c["removed"] or c["rally"] is None, f"{what}: a counter that removes the unit has no rally")
            counters.append(HitCounter(id=c["id"], name=_names(c["name"], what), pile=pile, count=c["count"],
                                       rally=c["rally"], fire_cost=c["fire_cost"], move_cost=c["move_cost"],
                                       fp=dict(c["fp"]), range=c["range"], dr_front=c["dr_front"],
                                       dr_flank=c["dr_flank"], cannot=frozenset(c["cannot"]), removed=c["removed"]))
        ids = [c.id for c in counters]
        check(len(set(ids)) == len(ids), f"hit_counters.json: {pile} ids repeat")
        total = sum(c.count for c in counters)
        check(total == PILE_SIZE, f"hit_counters.json: the {pile} pile has {total} counters, §1.3 says {PILE_SIZE}")
        out[pile] = tuple(counters)
    return out

