"""Fire combat in Conflict of Heroes: Awakening the Bear! (1st edition): attack value, defence value, hits,
hit counters and rally.

§7.0-§7.7 with §9.12 group fire, §11.2 elevation, §12.1-§12.2 mortars and airburst, §15.0 armour, §20.0 APC,
§21.0 vehicle protection, §5.01 the moving penalty (digest §5.6-§5.10). Pure functions: the caller says where
everyone stands (levels, terrain, walls and smoke from ``board``/``los``) and brings the dice from the match's
rng, so a roll can be logged with every modifier (each value is a ``Tally``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ...engine.core import IllegalAction
from .los import RangeClass, range_class
from .tables import Tables
from .tally import Tally
from .units import Colour, HitCounter, UnitType, values

# direct fire; close combat (§7.63); mortar and artillery fire (§12.1-§12.3); a minefield's attack (§22.6)
FireKind = Literal["direct", "close_combat", "mortar", "artillery", "minefield"]

SHORT_RANGE = 3  # §7.62
LONG_RANGE = -2  # §7.61
HIGHER_GROUND = 1  # §11.2: +1FP firing down, +1DM fired on from below; flat, whatever the levels
GROUP_FIRE = 1  # §9.12: per supporting unit
TWO_HITS = 4  # §7.0, AMBIG-1: AV >= DV + 4 is two hits
MAX_CAP = 2  # §3.23: up to +2 per roll
APC_DM = 2  # §20.0
VEHICLE_PROTECTION = 1  # §21.0: per vehicle in the hex
# §7.63: +4 for squads, tanks, armoured cars and APCs; -2 for MGs, guns, mortars, wagons and trucks
CLOSE_COMBAT = {"rifle_squad": 4, "pioneer_squad": 4, "smg_squad": 4, "tank": 4, "armoured_car": 4, "apc": 4,
                "mg": -2, "at_gun": -2, "infantry_gun": -2, "mortar": -2, "truck": -2, "wagon": -2}
# §12.1, §12.2, §7.63, §22.6: these always strike the flank DR
_FLANK_ALWAYS = ("close_combat", "mortar", "artillery", "minefield")


@dataclass(frozen=True)
class Firer:
    unit: UnitType
    counter: HitCounter | None = None
    level: int = 0  # its ground level; for indirect fire the spotter hex's (§11.2 Q&A)
    supporters: int = 0  # §9.12: supporting units with the target in range and LOS and no FP-changing counter


@dataclass(frozen=True)
class Defender:
    unit: UnitType
    counter: HitCounter | None = None
    level: int = 0
    terrain: str = "open"  # the terrain at its hex's centre dot
    wall: bool = False  # §4.0: the fire crosses a wall on its hexside (``los.crosses_wall``)
    smoke: int = 0  # §13.0: ``los.smoke_dm``
    fortification: int = 0  # §22.0: the DM of a fortification it occupies (in CC only a defending occupant's)
    in_apc: bool = False  # §20.0: carried or towed by an APC
    transported: bool = False  # §19.0: on a vehicle
    vehicles_in_hex: int = 0  # §21.0, AMBIG-21: friendly vehicles sharing its hex
    moved: bool = False  # §5.01 (optional): it just moved under its own power without moving carefully


def attack_fp(firer: Firer, ammo: Colour, target_armour: Colour, distance: int, kind: FireKind = "direct",
              target_level: int = 0) -> Tally:
    """§7.1, §15.0: the modified FP of one attack. All modifiers first; then, if the ammunition's colour does not
    match the target's DR, halve it rounding down (a negative FP is doubled instead)."""
    if kind == "minefield":
        raise ValueError("a minefield's attack is not a unit's fire")
    v = values(firer.unit, firer.counter)
    name = firer.counter.name["en"] if firer.counter else ""
    if firer.unit.fire_cost is None:
        raise IllegalAction(f"{firer.unit.name['en']} cannot attack (§17.0)")
    if v.only_rally or not v.fp:
        raise IllegalAction(f"{firer.unit.name['en']} cannot fire while {name}")
    if ammo not in firer.unit.fp:
        raise IllegalAction(f"{firer.unit.name['en']} has no {ammo} FP")
    if ammo not in v.fp:
        raise IllegalAction(f"{firer.unit.name['en']} cannot fire {ammo} FP while {name}")
    rc = range_class(distance, v.range, v.min_range if kind != "close_combat" else 0)
    if (kind == "close_combat") != (rc is RangeClass.CLOSE_COMBAT):
        raise ValueError(f"{kind} fire at distance {distance}")
    if rc is RangeClass.OUT:
        raise IllegalAction(f"the target is out of range ({distance} hexes, range {v.range})")
    fp = Tally.of(f"{ammo} FP", firer.unit.fp[ammo])
    fp = fp.plus(name, v.fp[ammo] - firer.unit.fp[ammo])
    if rc is RangeClass.SHORT:
        fp = fp.plus(str(rc), SHORT_RANGE)
    elif rc is RangeClass.LONG:
        fp = fp.plus(str(rc), LONG_RANGE)
    elif rc is RangeClass.CLOSE_COMBAT:
        # §7.63: by unit type, and instead of the short-range bonus
        fp = fp.plus("close combat", CLOSE_COMBAT[firer.unit.unit_class])
    if firer.level > target_level:
        fp = fp.plus("higher ground", HIGHER_GROUND)
    fp = fp.plus(f"group fire ({firer.supporters})", GROUP_FIRE * firer.supporters)
    if ammo != target_armour:
        # §15.0: after all modifiers; rounding down; a negative FP doubles
        fp = fp.reset(f"{ammo} FP against {target_armour} DR", fp.value * 2 if fp.value < 0 else fp.value // 2)
    return fp


def attack_value(fp: Tally, dice: Sequence[int], cap: int = 0) -> Tally:
    """§7.1: AV = modified FP + 2D6 + CAP (0-2, declared before the roll; §3.23). Neither the dice nor the CAP is
    halved."""
    _check_dice(dice, 2)
    if not 0 <= cap <= MAX_CAP:
        raise IllegalAction(f"a roll takes 0 to {MAX_CAP} CAP, not {cap} (§3.23)")
    return fp.plus(f"2D6 ({dice[0]}+{dice[1]})", sum(dice)).plus("CAP", cap)


def defence_value(tables: Tables, target: Defender, kind: FireKind = "direct", flank: bool = False,
                  firer_level: int = 0) -> Tally:
    """§7.2: DV = DR (front, or flank when the attacker's hex is outside the defender's arc: ``los.is_flank_shot``)
    + terrain DM and the other modifiers of digest §5.8. The defender never adds CAP."""
    v = values(target.unit, target.counter)
    side = "flank" if flank or kind in _FLANK_ALWAYS else "front"
    printed = target.unit.dr_flank if side == "flank" else target.unit.dr_front
    dv = Tally.of(f"{side} DR", printed)
    if target.counter:
        dv = dv.plus(target.counter.name["en"], (v.dr_flank if side == "flank" else v.dr_front) - printed)
    if kind == "minefield":
        return dv  # §22.6: the flank DR, with no terrain or fortification DM
    dm = tables.dm(target.terrain)
    # §12.2 airburst: mortar and artillery fire takes the woods' DM from unarmoured units (light woods still count)
    if kind in ("mortar", "artillery") and target.terrain == "woods" and target.unit.armour == "red":
        dm = 0
    dv = dv.plus(target.terrain.replace("_", " "), dm)
    if target.wall:
        dv = dv.plus("wall", tables.dm("wall"))
    dv = dv.plus("fortification", target.fortification).plus("smoke", target.smoke)
    if target.level > firer_level:
        dv = dv.plus("higher ground", HIGHER_GROUND)
    if target.in_apc:
        dv = dv.plus("in an APC", APC_DM)
    if target.unit.is_squad and not target.transported:
        dv = dv.plus("vehicle protection", VEHICLE_PROTECTION * target.vehicles_in_hex)
    if target.moved and not target.unit.is_vehicle and not target.transported:
        dv = dv.plus("moving", tables.normal_move_dm)
    return dv


def hits(av: int, dv: int) -> int:
    """§7.0, AMBIG-1: AV < DV misses; AV >= DV is one hit; AV >= DV + 4 is two hits."""
    if av >= dv + TWO_HITS:
        return 2
    return 1 if av >= dv else 0


# --- §7.3-§7.4, §15.2: what hits do ---

@dataclass(frozen=True)
class HitResult:
    destroyed: bool
    counter: HitCounter | None  # the hit counter the unit now carries
    reason: str


def take_hits(n: int, current: HitCounter | None, drawn: HitCounter | None = None) -> HitResult:
    """§7.3: two hits in one attack, a hit on a unit that already has a hit counter, or a Killed/Destroyed draw
    destroy it. §7.4: one hit on an unhit unit draws a counter from its pile (``UnitType.hit_pile``), placed at
    once; ``drawn`` is the counter the caller drew with the match's rng."""
    if n <= 0:
        return HitResult(False, current, "missed")
    if n >= 2:
        return HitResult(True, None, "two hits in one attack")
    if current is not None:
        return HitResult(True, None, f"hit again while {current.name['en']}")
    if drawn is None:
        raise ValueError("one hit on an unhit unit draws a hit counter")
    if drawn.removed:
        return HitResult(True, None, f"drew {drawn.name['en']}")
    return HitResult(False, drawn, f"drew {drawn.name['en']}")


# --- §7.5 rally ---

RALLY_COVER = 1  # §7.51: in cover worth +1DM or more (walls do not count)
RALLY_COMPANION = 1  # §7.51: per unhit unit stacked with it


def rally_value(tables: Tables, dice: Sequence[int], *, terrain: str, fortification: int = 0,
                unhit_companions: int = 0, cap: int = 0) -> Tally:
    """§7.51: 2D6 + cover + unhit units in the hex + CAP (up to 2)."""
    _check_dice(dice, 2)
    if not 0 <= cap <= MAX_CAP:
        raise IllegalAction(f"a roll takes 0 to {MAX_CAP} CAP, not {cap} (§3.23)")
    roll = Tally.of(f"2D6 ({dice[0]}+{dice[1]})", sum(dice))
    if tables.dm(terrain) + fortification >= 1:
        roll = roll.plus("cover", RALLY_COVER)
    roll = roll.plus(f"unhit units in the hex ({unhit_companions})", RALLY_COMPANION * unhit_companions)
    return roll.plus("CAP", cap)


def rallies(counter: HitCounter, roll: Tally, enemy_in_hex: bool = False) -> bool:
    """§7.5: the rally succeeds if the roll with its modifiers reaches the counter's rally number; then the
    counter goes back to its pile. No Rally counters cannot be rallied; nor can a unit sharing a hex with enemies."""
    if counter.rally is None:
        raise IllegalAction(f"{counter.name['en']} is No Rally")
    if enemy_in_hex:
        raise IllegalAction("a unit in a hex with enemy units cannot rally (§7.5)")
    return roll.value >= counter.rally


def _check_dice(dice: Sequence[int], n: int) -> None:
    if len(dice) != n or not all(1 <= d <= 6 for d in dice):
        raise ValueError(f"{n}D6 wanted, got {list(dice)}")
