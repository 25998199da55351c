"""The numbers of LZ Albany's fire, hit and event tables and of its counters, typed out.

Every value here was read against the digest (shared/rules/lz_albany.md, cited §n) and the seed,
or, where the seed lost it, against server/games/lz_albany/PROVENANCE.md (cited P§n), and is
written literally: the tests never read the table they check to pick a die or an expectation, so
any change to tables.json or counters.json fails here until it is reviewed and this file updated.
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "server" / "games" / "lz_albany" / "data"
TABLES = json.loads((DATA / "tables.json").read_text(encoding="utf-8"))
UNITS = json.loads((DATA / "counters.json").read_text(encoding="utf-8"))["units"]


# === FIRE AND MELEE STRENGTHS: ((full fire, full melee), (reduced fire, reduced melee)) ===

RIFLE = ((2, 2), (1, 1))  # P§2: US rifle platoons, D/2-7 Recon, 1/33 rifle platoons; §11: rifle fire 2
WEAPONS = ((3, 2), (2, 1))  # P§2: US 4th (weapons) platoons, D/2-7 and 8/66 machine guns
US_MORTAR = ((1, 1), (1, 0))  # P§2: company 60 mm mortars; §11: "A/2-7 mortar" rolls 1 die
HEAVY_MORTAR = ((2, 1), (1, 0))  # P§2: D/2-7's two 81 mm counters, the 1/33 82 mm mortar
HQ = ((1, 1), (1, 0))  # P§2: the D/2-7 HHC element, the 1/33 and 8/66 HQs
NVA_66 = ((2, 3), (1, 2))  # P§2: 8/66 rifle platoons (companies 6, 7, 8 and 10)
ARTILLERY = ((3, 0), (1, 0))  # P§2: 4 half-batteries of 105 mm, fire 3 / reduced 1, melee 0

COUNTER_VALUES: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    **dict.fromkeys(["US-A27-1", "US-A27-2", "US-A27-3", "US-B27-1", "US-B27-2", "US-B27-3",
                     "US-C27-1", "US-C27-2", "US-C27-3", "US-A15-1", "US-A15-2", "US-A15-3",
                     "US-B15-1", "US-B15-2", "US-B15-3", "US-D27-RCN"], RIFLE),
    **dict.fromkeys(["US-A27-4", "US-B27-4", "US-C27-4", "US-A15-4", "US-B15-4", "US-D27-MG"], WEAPONS),
    **dict.fromkeys(["US-A27-MTR", "US-B27-MTR", "US-C27-MTR", "US-A15-MTR", "US-B15-MTR"], US_MORTAR),
    **dict.fromkeys(["US-D27-MTR1", "US-D27-MTR2"], HEAVY_MORTAR),
    "US-D27-HHC": HQ,
    **dict.fromkeys(["US-ART-1", "US-ART-2", "US-ART-3", "US-ART-4"], ARTILLERY),
    **dict.fromkeys(["NVA-33-C1-1", "NVA-33-C1-2", "NVA-33-C1-3", "NVA-33-C2-1", "NVA-33-C2-2",
                     "NVA-33-C2-3"], RIFLE),
    "NVA-33-MTR": HEAVY_MORTAR,
    "NVA-33-HQ": HQ,
    **dict.fromkeys(["NVA-66-C6-1", "NVA-66-C6-2", "NVA-66-C6-3", "NVA-66-C7-1", "NVA-66-C7-2",
                     "NVA-66-C7-3", "NVA-66-C8-1", "NVA-66-C8-2", "NVA-66-C8-3", "NVA-66-C10-1",
                     "NVA-66-C10-2"], NVA_66),
    "NVA-66-C10-MG": WEAPONS,
    "NVA-66-HQ": HQ,
}

OFFICERS = ["US-MCDADE", "US-A27-CO", "US-B27-CO", "US-C27-CO", "US-D27-CO", "US-A15-CO", "US-B15-CO",
            "NVA-AN", "NVA-BAMAN", "NVA-33-C1-CO", "NVA-33-C2-CO", "NVA-66-C6-CO", "NVA-66-C7-CO",
            "NVA-66-C8-CO", "NVA-66-PHOI"]


def test_every_counters_fire_and_melee_values() -> None:
    """§1.3 [MISSING] / P§2: the reconstructed strengths of every combat counter, full and reduced."""
    got = {uid: ((u["full"]["fire"], u["full"]["melee"]), (u["reduced"]["fire"], u["reduced"]["melee"]))
           for uid, u in UNITS.items() if u["combat"]}
    assert got == COUNTER_VALUES


def test_officers_have_no_strength() -> None:
    """§5.15 / P§2: officers are not combat units: no strengths, no stacking (seed §10.2)."""
    assert sorted(uid for uid, u in UNITS.items() if not u["combat"]) == sorted(OFFICERS)
    assert all(UNITS[o]["full"] is None and UNITS[o]["reduced"] is None and not UNITS[o]["stacks"] for o in OFFICERS)


# === THE DICE OF COMBAT (§5.4-§5.10, §5.12) ===

def test_combat_table() -> None:
    """§5.4 each 6 a hit, officer +1, jungle −1 per unit, night −1; §5.7 mortars: 6 areas, never a 3rd
    hit, NVA friendly hit on a 1 (AMBIG-13); §5.8 no 3rd hit on US units, no fire at 2 hits; §5.11 LOS."""
    assert TABLES["combat"] == {
        "hit_on": [6], "officer_bonus": 1, "officer_bonus_units": 1, "jungle_fire_per_unit": -1, "night_dice": -1,
        "mortar_range": 6, "los_max_areas": 3, "night_los_max_areas": 1, "nva_mortar_friendly_hit_on": [1],
        "mortar_max_hits_per_unit": 2, "artillery_max_hits_per_us_unit": 2, "artillery_blocked_at_hits": 2}


def test_hit_ladder_limits() -> None:
    """§5.12: NVA units take up to 4 hits, US units 5 (the 5th only as a casualty marker)."""
    assert TABLES["hit_ladder"]["max_hits"] == {"nva": 4, "us": 5}
    assert [(s["hits"], s["effect"]) for s in TABLES["hit_ladder"]["steps"]] == [
        (1, "needs_officer_to_move"), (2, "needs_officer_to_move"), (3, "flip_reduced"), (4, "eliminated"),
        (5, "casualty_removed")]


def test_officer_table() -> None:
    """§5.6 step 6 / §5.15: damage on a 6, wounded at the 1st hit, killed at the 2nd, +1 to one unit;
    Q&A 1: only the NVA on turn 1 may put the first hit on an officer."""
    assert TABLES["officers"] == {"damage_check_on": [6], "wounded_at": 1, "killed_at": 2, "bonus": 1,
                                  "recover_hits": 1, "flare_range": 1, "targetable_first_hit": {"nva": [1], "us": []}}


def test_artillery_table() -> None:
    """§5.8: deviation on a 1, on target 2-6; one random unit takes the hits; each officer checks."""
    assert TABLES["artillery"] == {"deviation_on": [1], "on_target": [2, 3, 4, 5, 6], "single_random_target": True,
                                   "officer_check": "each", "no_fire_if_columbus_held_by_nva": True}


def test_gunship_table() -> None:
    """§5.9: damaged on a 6 per NVA infantry unit; fire 4, damaged 2 (reconstructed, P§3 [doubt])."""
    assert TABLES["gunship"] == {"fire": 4, "damaged_fire": 2, "damage_check_on": [6],
                                 "damage_check_per": "nva_infantry_unit", "repairs_next_turn": True,
                                 "officer_check": "one"}
    assert (TABLES["chits"]["gunship"]["fire"], TABLES["chits"]["gunship"]["damaged_fire"]) == (4, 2)


def test_skyraider_table() -> None:
    """§5.10: 6 bomb dice, one collateral area, its hit on a 6 (AMBIG-15); napalm sets ≤1 hit to 2,
    removes casualty markers, collateral on a 6 per adjacent area."""
    assert TABLES["skyraider"] == {
        "bomb_dice": 6, "collateral_areas": 1, "collateral_hit_on": [6], "officer_check_bombs": "one",
        "napalm": {"sets_hits_to": 2, "unaffected_from_hits": 2, "removes_casualties": True, "officer_check": "each",
                   "collateral_on": [6], "collateral_per": "adjacent_area"}}
    assert TABLES["chits"]["skyraider"]["bomb_dice"] == 6


# === DUSTOFF, AIRLIFT, CASUALTIES, RECOVERY, NIGHT (§5.3, §5.13, §5.14, §5.16) ===

def test_dustoff_and_airlift_tables() -> None:
    """§5.3 / AMBIG-10: evacuation 1 / 2 / 3 markers (jungle, grass, LZ Albany), −1 damaged, never
    below 1, damaged on 5-6 per adjacent NVA unit (AMBIG-9); transit and Columbus 1 (P§3). Airlift
    1 / 2 / 3 units, a hit on a 6 in a hot zone."""
    assert TABLES["dustoff"] == {
        "capacity": {"jungle": 1, "grass": 2, "lz_albany": 3, "transit": 1, "lz_columbus": 1},
        "damaged_capacity_minus": 1, "min_capacity": 1, "wounded_officers": "any", "hot_zone_damage_on": [5, 6],
        "hot_zone_roll_per": "adjacent_nva_unit", "evacuation_vp_us": 2}
    assert TABLES["airlift"] == {"capacity": {"jungle": 1, "grass": 2, "lz_albany": 3}, "hot_zone_hit_on": [6],
                                 "eligible": "held_reinforcements", "no_nva_in_area": True}


def test_casualty_recovery_night_and_flare_tables() -> None:
    """§5.13 night removal on 1-3; §5.14 recovery of 1-2 hits, on a 6 without an officer; §5.16 night
    turns 9-10, −1 die, US search finds on 1-3, 8 flares, 2 per US Fire/Move chit."""
    assert TABLES["casualties"] == {"carry_per_platoon": 1, "night_removal_on": [1, 2, 3],
                                    "day_removal": "nva_platoon_and_no_us_platoon", "flare_removal": True}
    assert TABLES["recovery"] == {"eligible_hits": [1, 2], "without_officer_on": [6], "with_officer_hits": 1,
                                  "officer_and_roll": False}
    assert TABLES["night"] == {"turns": [9, 10], "dice": -1, "los_max_areas": 1, "no_air_or_artillery": True,
                               "us_melee_search_found_on": [1, 2, 3]}
    assert TABLES["flares"] == {"total": 8, "per_us_fire_move_chit": 2, "placement_range": 1, "removed_in": "admin",
                                "reusable": False}


# === STACKING, ACTIVATION, CHITS, EVENTS, VICTORY (§1.4, §5.1, §5.2, §5.17, §5.18) ===

def test_stacking_and_activation_tables() -> None:
    """§5.2: 3 units per side, officers and casualties free, −1 per unit over (AMBIG-7 default
    ``units``), +1 per enemy unit over; §5.1: 2 boxes a group, Adrenaline on the 2nd chit, senior
    officers join twice a turn (AMBIG-6), a lone officer once."""
    assert TABLES["stacking"] == {"units_per_side": 3, "officers_count": False, "casualties_count": False,
                                  "overstack_fire_per_unit_over": -1, "target_concentration_per_unit_over": 1,
                                  "overstack_mode": {"default": "units", "options": ["units", "dice"]}}
    assert TABLES["activation"] == {"boxes_per_group": 2, "adrenaline_on_activation": 2, "adrenaline_actions": 2,
                                    "senior_officer_joins_per_turn": 2, "lone_officer_activations_per_turn": 1}


def test_chit_schedule_table() -> None:
    """§1.4: the chits each Reinforcement Phase adds to the pool."""
    assert TABLES["chit_schedule"] == {
        "1": {"nva_fm": 4}, "2": {"nva_fm": 2, "nva_adr": 1, "us_fm": 4, "us_art": 1}, "3": {"us_adr": 1},
        "4": {"gunship": 2}, "5": {"visibility": 1}, "6": {"us_fm": 2, "skyraider": 1, "dustoff": 1}}


def test_choi_oi_table() -> None:
    """§5.17 (seed Choi Oi table), AMBIG-21/22: 1 No-Fire, 2 No-Move, 3 one unit to an adjacent area,
    4 No-Fire/Move, 5 one mortar in range 6 without LOS, 6 two platoons at each other."""
    assert TABLES["choi_oi"]["results"] == {
        "1": {"effect": "marker", "marker": "no_fire", "units": 1, "duration": "turn"},
        "2": {"effect": "marker", "marker": "no_move", "units": 1, "duration": "turn"},
        "3": {"effect": "displace", "units": 1, "to": "adjacent_area", "friendly_required": False},
        "4": {"effect": "marker", "marker": "no_fire_move", "units": 1, "duration": "turn"},
        "5": {"effect": "mortar_misfire", "mortars": 1, "range": 6, "los_required": False, "strength": "fire",
              "mortar_hit_caps": True},
        "6": {"effect": "friendly_fire", "min_platoons": 2, "platoons": 2, "strength": "fire", "simultaneous": True,
              "jungle_modifier": False}}


def test_victory_point_table() -> None:
    """§5.18 (seed §4.1): every VP value; retreat at 30 US VP, NVA win at 35; VP track 0-50 (P§3)."""
    v = TABLES["victory"]
    assert v["us"] == {"ba_man_killed": 2, "nva_unit_eliminated": 2, "nva_unit_reduced": 1, "casualty_evacuated": 2,
                       "lz_albany_control": 2, "nva_retreat": 3}
    assert v["nva"] == {"mcdade_killed": 2, "us_officer_killed": 1, "us_unit_eliminated": 2, "us_unit_reduced": 2,
                        "casualty_removed": 2, "casualty_on_map_at_end": 1, "air_unit_damaged": 2,
                        "lz_albany_control": 2, "melee_in_lz_columbus": 2}
    assert (v["nva_retreat_at_us_vp"], v["nva_automatic_victory_at"], v["vp_track"]) == (
        30, 35, {"min": 0, "max": 50, "cap": False})
