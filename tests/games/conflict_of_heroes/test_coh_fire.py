"""Fire combat: attack value, defence value, hits, hit counters and rally (digest §5.6-§5.10; rulebook §7.0-§7.7,
§9.12, §11.2, §12.2, §15.0, §17.0, §20.0-§22.3). Most tests replay a worked example of the rulebook."""

from __future__ import annotations

import pytest
from coh_fixtures import DATA, TABLES, unit

from server.engine.core import IllegalAction
from server.games.conflict_of_heroes.fire import (
    Defender,
    Firer,
    attack_fp,
    attack_value,
    defence_value,
    hits,
    rallies,
    rally_value,
    take_hits,
)
from server.games.conflict_of_heroes.tally import Tally
from server.games.conflict_of_heroes.units import HitCounter, values


def inf(cid: str) -> HitCounter:
    return DATA.hit_counter("infantry", cid)


def veh(cid: str) -> HitCounter:
    return DATA.hit_counter("vehicle", cid)


# --- §7.0 the result ---

@pytest.mark.parametrize(("av", "dv", "n"), [(10, 11, 0), (11, 11, 1), (14, 11, 1), (15, 11, 2), (16, 11, 2)])
def test_two_hits_when_the_attack_beats_the_defence_by_four(av: int, dv: int, n: int) -> None:
    """§7.0, AMBIG-1: AV < DV misses, AV >= DV hits once, AV >= DV + 4 hits twice (Fig. 14: AV 16 vs DV 11)."""
    assert hits(av, dv) == n


def test_needing_a_six_and_rolling_ten_hits_twice() -> None:
    """§7.2: "needed a 6, rolled 10 -> hit twice, destroyed": an adjacent LMG (4 + 3) at a squad in light woods
    (12 + 1) needs 6; a 10 makes AV 17 = DV + 4."""
    fp = attack_fp(Firer(unit("ger_lmg")), "red", "red", 1)
    dv = defence_value(TABLES, Defender(unit("sov_rifles"), terrain="light_woods"))
    assert dv.value - fp.value == 6
    assert hits(attack_value(fp, (5, 5)).value, dv.value) == 2
    assert take_hits(2, None).destroyed


# --- §7.1, §15.0 the attack ---

def test_a_pz_iii_in_close_combat_firing_blue_at_a_red_dr_gets_four() -> None:
    """§15.0, Fig. 28: a Pz III in CC firing blue FP at a red DR: (5 + 4) / 2 = 4.5, rounded down to 4; red FP
    vs red DR is 3 + 4 = 7."""
    pz = Firer(unit("ger_pz3e"))
    assert attack_fp(pz, "blue", "red", 0, "close_combat").value == 4
    assert attack_fp(pz, "red", "red", 0, "close_combat").value == 7


def test_an_mg_adjacent_to_a_tank_is_halved_after_the_short_range_bonus() -> None:
    """§15.0: a red 3FP MG adjacent to a tank: 3 + 3 = 6, halved to 3."""
    fp = attack_fp(Firer(unit("sov_maxim")), "red", "blue", 1)
    assert fp.value == 3
    assert [p[0] for p in fp.parts] == ["red FP", "short range", "red FP against blue DR"]


def test_a_rifle_squad_in_close_combat_with_a_pz_iii_gets_three_against_its_flank() -> None:
    """§15.0, §7.63, Fig. 28: a rifle squad in CC vs the Pz III's blue flank DR: (3 + 4) / 2 = 3, against 14."""
    assert attack_fp(Firer(unit("sov_rifles")), "red", "blue", 0, "close_combat").value == 3
    assert defence_value(TABLES, Defender(unit("ger_pz3e")), "close_combat").value == 14


def test_armour_halving_rounds_down_and_doubles_a_negative_fp() -> None:
    """§15.0: all modifiers first, then halve rounding down (5 -> 2, 1 -> 0); a negative FP is doubled."""
    assert attack_fp(Firer(unit("ger_pz3e")), "blue", "red", 3).value == 2  # blue 5 at a squad
    assert attack_fp(Firer(unit("sov_rifles")), "red", "blue", 7).value == 0  # 3 - 2 long range = 1
    assert attack_fp(Firer(unit("ger_truck")), "red", "blue", 0, "close_combat").value == -2  # 1 - 2 = -1


def test_a_trucks_close_combat_is_weak_and_it_cannot_fire_further() -> None:
    """§17.0: trucks have 1FP and range 0: close combat only, at 1 - 2 = -1FP."""
    truck = Firer(unit("sov_truck"))
    assert attack_fp(truck, "red", "red", 0, "close_combat").value == -1
    with pytest.raises(IllegalAction, match="out of range"):
        attack_fp(truck, "red", "red", 1)


def test_a_wagon_and_missing_ammunition_cannot_attack() -> None:
    """§17.0: wagons cannot attack; §15.1: a unit fires only the FP colours it prints (foot units print no blue)."""
    with pytest.raises(IllegalAction, match="cannot attack"):
        attack_fp(Firer(unit("sov_wagon")), "red", "red", 0, "close_combat")
    with pytest.raises(IllegalAction, match="no blue FP"):
        attack_fp(Firer(unit("ger_rifles")), "blue", "blue", 2)


def test_a_berserk_rifle_squad_in_close_combat_has_eight_fp() -> None:
    """§7.4 Q&A: a Berserk 3FP Soviet rifle squad in CC has 3 + 1 + 4 = 8FP; at range 1 an adjacent target is
    short range, so +1 +3 = +4; Berserk also cuts the fire cost by 1AP."""
    b = Firer(unit("sov_rifles"), inf("berserk"))
    assert attack_fp(b, "red", "red", 0, "close_combat").value == 8
    assert attack_fp(b, "red", "red", 1).value == 7
    assert attack_fp(b, "red", "red", 2).value == 3 + 1 - 2  # range 1: two hexes is long range
    assert values(b.unit, b.counter).fire_cost == 3


def test_berserk_raises_the_soviet_squads_dr_as_in_the_example() -> None:
    """§7.4 example: a Berserk Soviet rifle squad goes from front 12 to 14 and flank 11 to 12."""
    v = values(unit("sov_rifles"), inf("berserk"))
    assert (v.dr_front, v.dr_flank) == (14, 12)


def test_close_combat_modifier_by_unit_type_replaces_short_range() -> None:
    """§7.63, Fig. 11: +4 for squads, tanks, armoured cars and APCs; -2 for MGs, guns, mortars, trucks: an MMG in
    CC has 3 - 2 = 1FP; there is no short-range bonus in CC."""
    assert attack_fp(Firer(unit("sov_maxim")), "red", "red", 0, "close_combat").value == 1
    assert attack_fp(Firer(unit("ger_pioneers")), "red", "red", 0, "close_combat").value == 8
    assert attack_fp(Firer(unit("sov_at_45mm")), "red", "red", 0, "close_combat").value == 1
    # §7.63 names mortars among the -2 units, so a mortar fights in CC although it cannot fire at adjacent hexes
    assert attack_fp(Firer(unit("ger_mortar_5cm")), "red", "red", 0, "close_combat").value == 0
    with pytest.raises(IllegalAction, match="out of range"):
        attack_fp(Firer(unit("ger_mortar_5cm")), "red", "red", 1, "mortar")


def test_fig_11_the_german_squad_misses_the_mmg_in_the_woods() -> None:
    """Fig. 11: German squad C in CC: AV 11 (2FP + 4 CC + roll 5); MMG D's DV 13 (flank DR 11 + woods 2): miss."""
    av = attack_value(attack_fp(Firer(unit("ger_rifles")), "red", "red", 0, "close_combat"), (2, 3))
    dv = defence_value(TABLES, Defender(unit("sov_maxim"), terrain="woods"), "close_combat")
    assert (av.value, dv.value, hits(av.value, dv.value)) == (11, 13, 0)


def test_fig_12_firing_into_a_close_combat_hex_rolls_against_friend_and_foe() -> None:
    """Fig. 12: squad E adjacent: 3FP becomes 6; roll 8 -> AV 14 vs the German's DV 14 (front 12 + woods 2): a
    hit; then the Soviets' own MMG, on its flank, DV 13 (11 + 2, AMBIG-20): roll 4 -> AV 10, a miss."""
    fp = attack_fp(Firer(unit("sov_rifles")), "red", "red", 1)
    assert fp.value == 6
    german = defence_value(TABLES, Defender(unit("ger_rifles"), terrain="woods"))
    assert hits(attack_value(fp, (4, 4)).value, german.value) == 1 and german.value == 14
    mmg = defence_value(TABLES, Defender(unit("sov_maxim"), terrain="woods"), flank=True)
    assert mmg.value == 13 and hits(attack_value(fp, (1, 3)).value, mmg.value) == 0


def test_fig_13_a_second_hit_destroys_the_german_squad() -> None:
    """Fig. 13: squad E in CC: AV 15 (3FP + 4 + roll 8) vs DV 13 (flank 11 + woods 2): hit; the squad already had
    a hit counter, so it is destroyed (§7.3)."""
    av = attack_value(attack_fp(Firer(unit("sov_rifles")), "red", "red", 0, "close_combat"), (6, 2))
    dv = defence_value(TABLES, Defender(unit("ger_rifles"), inf("unnerved"), terrain="woods"), "close_combat")
    assert (av.value, dv.value) == (15, 13)
    result = take_hits(hits(av.value, dv.value), inf("unnerved"))
    assert result.destroyed and "hit again" in result.reason


def test_fig_14_long_range_fire_and_command_fire_with_cap() -> None:
    """Fig. 14: D at long range: 3FP reduced to 1, AV 10, vs B's DV 12: miss. LMG A: 4FP + roll 7 + 2 CAP = 13
    vs D in woods, DV 14 (front 12 + woods 2): miss; later 4 + 8 + 2 = 14 against C: a hit."""
    d = attack_fp(Firer(unit("sov_rifles")), "red", "red", 7)
    assert d.value == 1 and attack_value(d, (4, 5)).value == 10
    assert defence_value(TABLES, Defender(unit("ger_rifles"))).value == 12
    a = attack_fp(Firer(unit("ger_lmg")), "red", "red", 4)
    assert attack_value(a, (3, 4), cap=2).value == 13
    assert defence_value(TABLES, Defender(unit("sov_rifles"), terrain="woods")).value == 14
    assert attack_value(a, (4, 4), cap=2).value == 14


def test_cap_on_a_roll_is_at_most_two() -> None:
    """§3.23: a player adds up to +2 CAP to his own roll, declared before it."""
    with pytest.raises(IllegalAction, match="0 to 2 CAP"):
        attack_value(attack_fp(Firer(unit("ger_lmg")), "red", "red", 4), (3, 4), cap=3)


def test_pz_iif_attack_and_front_dr_in_woods() -> None:
    """p.1: a Pz IIf with FP 4 rolls 9: AV 13; its front DR 15 is 17 in woods."""
    assert attack_value(attack_fp(Firer(unit("ger_pz2f")), "blue", "blue", 4), (4, 5)).value == 13
    assert defence_value(TABLES, Defender(unit("ger_pz2f"), terrain="woods")).value == 17


def test_group_fire_adds_one_per_supporting_unit() -> None:
    """§9.12: LMG 4FP plus a supporting rifle squad = 5FP."""
    assert attack_fp(Firer(unit("ger_lmg"), supporters=1), "red", "red", 4).value == 5


def test_higher_ground_is_plus_one_either_way_whatever_the_levels() -> None:
    """§11.2: a unit firing down gets +1FP; a unit fired at from below gets +1DM; no per-level scaling."""
    assert attack_fp(Firer(unit("ger_lmg"), level=2), "red", "red", 4, target_level=0).value == 5
    assert attack_fp(Firer(unit("ger_lmg"), level=0), "red", "red", 4, target_level=2).value == 4
    assert defence_value(TABLES, Defender(unit("sov_rifles"), level=2), firer_level=0).value == 13
    assert defence_value(TABLES, Defender(unit("sov_rifles"), level=0), firer_level=1).value == 12


def test_suppressed_lowers_fp_and_raises_the_fire_cost() -> None:
    """§1.3: infantry Suppressed: fire +1AP, FP -2; vehicle Suppressed: red -2, blue -3."""
    s = Firer(unit("ger_lmg"), inf("suppressed"))
    assert attack_fp(s, "red", "red", 4).value == 2 and values(s.unit, s.counter).fire_cost == 3
    v = values(unit("sov_t34"), veh("suppressed"))
    assert (v.fp["red"], v.fp["blue"], v.fire_cost) == (3, 4, 6)


@pytest.mark.parametrize(("pile", "cid"), [("infantry", "panicked"), ("infantry", "stunned"),
                                           ("vehicle", "panicked"), ("vehicle", "stunned")])
def test_panicked_and_stunned_units_cannot_fire(pile: str, cid: str) -> None:
    """§1.3: Panicked cannot fire; Stunned can take no action but rally."""
    u, counter = (unit("sov_t34"), veh(cid)) if pile == "vehicle" else (unit("sov_rifles"), inf(cid))
    with pytest.raises(IllegalAction, match="cannot fire"):
        attack_fp(Firer(u, counter), "red", "red", 2)


def test_gun_damage_takes_one_colour_only() -> None:
    """§1.3, AMBIG-14: a red Gun Damage counter stops red FP; the tank still fires blue."""
    t = Firer(unit("sov_t34"), veh("gun_damage_red"))
    with pytest.raises(IllegalAction, match="cannot fire red"):
        attack_fp(t, "red", "red", 2)
    assert attack_fp(t, "blue", "blue", 2).value == 7


# --- §7.2 the defence ---

def test_mortar_and_artillery_fire_strike_the_flank_and_burst_in_the_trees() -> None:
    """§12.1-§12.2: mortar and artillery fire always uses the flank DR, and unarmoured units in woods (not light
    woods) lose the woods' +2DM; armoured ones keep it."""
    assert defence_value(TABLES, Defender(unit("sov_rifles"), terrain="woods"), "mortar").value == 11
    assert defence_value(TABLES, Defender(unit("sov_rifles"), terrain="light_woods"), "artillery").value == 12
    assert defence_value(TABLES, Defender(unit("sov_rifles"), terrain="woods")).value == 14
    assert defence_value(TABLES, Defender(unit("ger_pz3e"), terrain="woods"), "mortar").value == 16


def test_artillery_on_a_trench_hits_one_squad_and_misses_the_other() -> None:
    """§22.3 example: Soviet artillery, red 6FP (its card's value), at two squads in a trench: roll 10, AV 16, vs
    squad 1's DV 13 (flank 11 + trench 2): hit; squad 2: AV 12, miss."""
    fp = Tally.of("off-board artillery red FP", 6)
    dv = defence_value(TABLES, Defender(unit("ger_rifles"), fortification=2), "artillery")
    assert dv.value == 13
    assert hits(attack_value(fp, (5, 5)).value, dv.value) == 1
    assert hits(attack_value(fp, (3, 3)).value, dv.value) == 0


def test_a_wall_smoke_an_apc_and_vehicles_add_to_the_defence() -> None:
    """§4.0 wall +1; §13.0 smoke; §20.0 APC +2 for its cargo; §21.0 +1 per (friendly, AMBIG-21) vehicle for an
    untransported squad, not for other units; §5.01 -1 just after moving."""
    squad = unit("sov_rifles")
    assert defence_value(TABLES, Defender(squad, wall=True, smoke=1)).value == 14
    assert defence_value(TABLES, Defender(squad, in_apc=True, transported=True, vehicles_in_hex=1)).value == 14
    assert defence_value(TABLES, Defender(squad, vehicles_in_hex=2)).value == 14
    assert defence_value(TABLES, Defender(unit("sov_maxim"), vehicles_in_hex=2)).value == 12
    assert defence_value(TABLES, Defender(squad, moved=True)).value == 11


def test_a_minefield_attack_ignores_terrain_and_fortifications() -> None:
    """§22.6: a minefield attacks the flank DR with no terrain or fortification DM."""
    dv = defence_value(TABLES, Defender(unit("sov_rifles"), terrain="woods", fortification=2), "minefield")
    assert dv.value == 11


# --- §7.3-§7.4 hits and hit counters ---

def test_one_hit_draws_a_counter_and_killed_destroys_at_once() -> None:
    """§7.4: one hit on an unhit unit draws a counter, placed at once; a Killed (or Destroyed) counter removes
    the unit; two hits in one attack destroy it with no draw."""
    placed = take_hits(1, None, inf("pinned"))
    assert not placed.destroyed and placed.counter == inf("pinned")
    assert take_hits(1, None, inf("killed")).destroyed and take_hits(1, None, veh("destroyed")).destroyed
    assert take_hits(0, inf("pinned")).counter == inf("pinned")
    with pytest.raises(ValueError, match="draws a hit counter"):
        take_hits(1, None)


def test_pinned_cannot_move_or_pivot_and_cowering_slows_and_shortens() -> None:
    """§1.3: Pinned: no move, no change of facing; Cowering: fire +2AP, move +1AP per hex, range 1."""
    p = values(unit("sov_rifles"), inf("pinned"))
    assert not p.can_move and not p.can_pivot and p.can_fire
    c = values(unit("sov_rifles"), inf("cowering"))
    assert (c.fire_cost, c.move_cost, c.range) == (6, 2, 1)


# --- §7.5 rally ---

def test_rally_needs_six_in_woods_for_a_seven_counter() -> None:
    """§7.51, Fig. 14: Suppressed (rally 7) in woods needs 6, thanks to the cover +1; in the open 6 fails (the
    translator's note, AMBIG-20: MMG C stood in the open and needed 7)."""
    sup = inf("suppressed")
    assert rallies(sup, rally_value(TABLES, (3, 3), terrain="woods"))
    assert not rallies(sup, rally_value(TABLES, (3, 3), terrain="open"))
    assert not rallies(sup, rally_value(TABLES, (2, 3), terrain="woods"))


def test_rally_counts_unhit_companions_and_cap_but_not_water() -> None:
    """§7.51: +1 per unhit unit stacked with it, + CAP; cover needs +1DM or more (water's -1 is none)."""
    roll = rally_value(TABLES, (2, 2), terrain="water", unhit_companions=2, cap=2)
    assert roll.value == 8 and rallies(inf("berserk"), roll)


def test_no_rally_counters_and_enemies_in_the_hex_forbid_rally() -> None:
    """§7.5: No Rally counters cannot be rallied; a unit in a hex with enemies cannot rally."""
    with pytest.raises(IllegalAction, match="No Rally"):
        rallies(veh("immobilized"), rally_value(TABLES, (6, 6), terrain="open"))
    with pytest.raises(IllegalAction, match="cannot rally"):
        rallies(inf("pinned"), rally_value(TABLES, (6, 6), terrain="open"), enemy_in_hex=True)
