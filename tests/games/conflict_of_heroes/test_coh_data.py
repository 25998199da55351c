"""The data of Conflict of Heroes loads, holds the values the rulebook prints, and a broken file is refused with
an error that names the file and the field.

Digest: shared/rules/conflict_of_heroes.md (§1.2-§1.5 counters, §1.3 hit counters, §2.1-§2.3 terrain tables,
§1.1 boards, AMBIG-13/14); history brief: shared/history/conflict_of_heroes.md (B, C, D, F2, F3, F5).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from server.games.conflict_of_heroes import data as coh
from server.games.conflict_of_heroes.data import DataError, dataset, load, standard_files
from server.games.conflict_of_heroes.units import values

GD = dataset()
COLUMNS = "ABCDEFGHIJKLMNOPQRS"


def test_standard_dataset_loads_and_registering_a_copy_leaves_it_alone() -> None:
    """§1.1: five boards of 19 columns (A-S) by 12 rows, whole hexes only (half hexes are never playable)."""
    assert sorted(GD.sheets) == ["1", "2", "3", "4", "5"]
    for s in GD.sheets.values():
        assert len(s.terrain) == 19 * 12
    coh.register("test_copy", load(standard_files()))
    assert coh.dataset("test_copy") is not GD and coh.dataset() is GD


def test_2_j10_is_a_grey_stone_building() -> None:
    """§1.0: hex 2-J10, map #2 column J row 10, is a grey stone building (the church)."""
    m = GD.firefight_map(["2"])
    assert m.terrain["2-J10"] == "stone_building"
    assert GD.sheets["2"].places["J10"]["en"] == "stone church"


def test_boards_join_on_a_long_edge_and_every_board_has_road_exits_on_both() -> None:
    """§1.1, brief F5: boards join on a long edge; each board's road leaves its first and last row at column I,
    so any two boards laid one above the other continue each other's road."""
    m = GD.firefight_map("firefight_2")  # board 2 north of board 1
    assert "1-I1" in m.neighbours("2-I12") and "1-H1" in m.neighbours("2-H12")
    assert m.distance("2-I1", "1-I12") == 23
    for bid in GD.sheets:
        one = GD.firefight_map([bid])
        assert one.is_road(f"{bid}-I1", f"{bid}-I2") and one.is_road(f"{bid}-I11", f"{bid}-I12"), bid


def test_firefight_layouts_of_the_brief() -> None:
    """Brief D: firefight 1 on board 1; 2 on boards 2+1; 3 on boards 4+3; (F6) 4 on boards 3+1."""
    assert GD.layouts == {"firefight_1": ("1",), "firefight_2": ("2", "1"), "firefight_3": ("4", "3"),
                          "firefight_4": ("3", "1")}


def test_the_hills_board_has_steep_slopes_only_where_levels_differ_by_two() -> None:
    """§11.0-§11.1: levels L0-L2; a steep slope lies between adjacent hexes two levels apart (brief F5: on one
    face of a hill of board 3); the other boards' hills rise level by level."""
    for bid in GD.sheets:
        m = GD.firefight_map([bid])
        steep = {frozenset((a, b)) for a in m.hexes for b in m.neighbours(a) if m.is_steep(a, b)}
        assert all({m.ground(a) for a in pair} == {0, 2} for pair in steep)
        assert bool(steep) == (bid == "3"), bid
    m = GD.firefight_map(["3"])
    assert m.is_steep("3-E4", "3-F4") and m.ground("3-D4") == 2 and m.terrain["3-D4"] == "woods"


def test_named_places_of_the_brief() -> None:
    """Brief D/F5: board 1's crossroads at I6, board 4's farm at I6/J6, board 5's lake and bridge."""
    one, four, five = (GD.firefight_map([b]) for b in "145")
    assert one.is_road("1-I5", "1-I6") and one.is_road("1-H6", "1-I6")
    assert four.terrain["4-I6"] == four.terrain["4-J6"] == "wooden_building"
    assert five.terrain["5-C8"] == "water" and five.is_road("5-B8", "5-C8")
    assert sum(t == "water" for t in five.terrain.values()) >= 12
    assert sum(t == "stone_building" for t in five.terrain.values()) == 25


@pytest.mark.parametrize(("uid", "fire", "move", "red", "blue", "front", "flank"), [
    ("ger_rifles", 3, 1, 2, None, 12, 11),  # Fig. 1-3, 11-14
    ("sov_rifles", 4, 1, 3, None, 12, 11),  # §7.4, Fig. 3, 11-14
    ("sov_maxim", 3, 2, 3, None, 12, 11),  # §5.0, Fig. 10-12 (AMBIG-20: flank 11)
    ("ger_lmg", 2, 1, 4, None, 12, 10),  # Fig. 14, 17-20
    ("ger_pz2f", 2, 1, 4, 4, 15, 12),  # p.1
    ("ger_pz3e", 3, 1, 3, 5, 15, 14),  # Fig. 23, 27-28
    ("ger_sdkfz251", 2, 1, 3, None, 13, 12),  # §19.0, Fig. 26
])
def test_counters_print_the_rulebooks_example_values(uid: str, fire: int, move: int, red: int, blue: int | None,
                                                      front: int, flank: int) -> None:
    """§1.5 [EX]: the values the 1st-edition examples reveal."""
    u = GD.units[uid]
    assert (u.fire_cost, u.move_cost, u.fp.get("red"), u.fp.get("blue"), u.dr_front, u.dr_flank) == (
        fire, move, red, blue, front, flank)


def test_other_example_values_and_rules_of_the_counters() -> None:
    """§1.5: Soviet rifle range 6 (translator's note, AMBIG-20), PaK36 move 3 (§19.0), T-34 two wheels and
    Pz IIIe one (§14.0), the truck FP 1 range 0 (§17.0), the wagon cannot attack, the Soviet AT gun's red flank
    DR 10 (Fig. 27); vehicles move blue or green, everything else red (§5.0)."""
    u = GD.units
    assert u["sov_rifles"].range == 6
    assert u["ger_pak36"].move_cost == 3 and u["ger_pak36"].movement == "infantry"
    assert (u["sov_t34"].wheels, u["ger_pz3e"].wheels) == (2, 1)
    assert (u["ger_truck"].fp, u["ger_truck"].range, u["ger_truck"].movement) == ({"red": 1}, 0, "wheeled")
    assert u["ger_wagon"].fire_cost is None and not u["ger_wagon"].fp
    assert (u["sov_at_45mm"].dr_flank, u["sov_at_45mm"].armour) == (10, "red")
    assert all(x.is_vehicle == (x.unit_class in ("tank", "armoured_car", "apc", "truck", "wagon")) for x in u.values())
    assert all(x.min_range >= 2 for x in u.values() if x.unit_class == "mortar")


def test_hit_piles_hold_twenty_counters_each_with_the_rulebooks_mix() -> None:
    """§1.3 (§7.4, §15.2): 20 infantry counters (Berserk 1, Cowering 2, Killed 1, Panicked 2, Pinned 5, Stunned 2,
    Suppressed 5, Unnerved 2) and 20 vehicle counters (Destroyed 2, Gun Damage 2, Immobilized 5, Light Damage 4,
    Panicked 1, Stunned 1, Suppressed 5), with their rally numbers."""
    inf = {c.id: (c.count, c.rally) for c in GD.hit_counters["infantry"]}
    assert inf == {"berserk": (1, 8), "cowering": (2, 8), "killed": (1, None), "panicked": (2, 8), "pinned": (5, 7),
                   "stunned": (2, 7), "suppressed": (5, 7), "unnerved": (2, 7)}
    veh = {c.id: (c.count, c.rally) for c in GD.hit_counters["vehicle"]}
    assert veh == {"destroyed": (2, None), "gun_damage_red": (1, None), "gun_damage_blue": (1, None),
                   "immobilized": (5, None), "light_damage": (4, None), "panicked": (1, 9), "stunned": (1, 9),
                   "suppressed": (5, 9)}
    assert len(GD.pile("infantry")) == len(GD.pile("vehicle")) == 20


def test_vehicle_hit_counters_read_as_ambig_14_says() -> None:
    """AMBIG-14: Light Damage front -1 / flank -1; Immobilized cannot move or pivot and nothing else; Panicked
    cannot fire, front -4; the two Gun Damage counters take one colour each."""
    t34 = GD.units["sov_t34"]
    ld = values(t34, GD.hit_counter("vehicle", "light_damage"))
    assert (ld.dr_front, ld.dr_flank, ld.can_move) == (18, 14, True)
    im = values(t34, GD.hit_counter("vehicle", "immobilized"))
    assert (im.dr_front, im.dr_flank, im.can_move, im.can_pivot, im.can_fire) == (19, 15, False, False, True)
    pa = values(t34, GD.hit_counter("vehicle", "panicked"))
    assert (pa.dr_front, pa.can_fire) == (15, False)
    assert set(values(t34, GD.hit_counter("vehicle", "gun_damage_red")).fp) == {"blue"}
    assert set(values(t34, GD.hit_counter("vehicle", "gun_damage_blue")).fp) == {"red"}


def test_hit_piles_follow_the_movement_colour() -> None:
    """AMBIG-13: vehicles (trucks and wagons too) draw from the vehicle pile; squads, MGs, mortars and guns from
    the infantry pile."""
    u = GD.units
    assert {u[k].hit_pile for k in ("ger_truck", "ger_wagon", "sov_t34", "sov_ba10")} == {"vehicle"}
    assert {u[k].hit_pile for k in ("ger_pak36", "sov_maxim", "ger_mortar_8cm", "sov_rifles")} == {"infantry"}


def test_infantry_terrain_table_is_the_rulebooks() -> None:
    """§4.0 (p.9), digest §2.2: extra AP, DM and LOS per terrain, verbatim; marsh is reconstructed."""
    t = GD.tables.infantry
    got = {k: (r.move, r.dm, r.blocks_los) for k, r in t.items()}
    assert got == {"open": (0, 0, False), "road": (0, 0, False), "stone_building": (1, 2, True),
                   "wooden_building": (1, 1, True), "wall": (1, 1, False), "water": (4, -1, False),
                   "woods": (1, 2, True), "light_woods": (0, 1, True), "marsh": (2, 0, False)}
    tb = GD.tables
    assert (tb.reverse, tb.careful_move, tb.normal_move_dm, tb.hill_per_level, tb.steep_slope) == (1, 1, -1, 1, 2)


def test_vehicle_terrain_table_is_the_digests_reconstruction() -> None:
    """§14.1 (p.32), digest §2.3, AMBIG-15: wheeled | tracked extra AP, NA as None; checks on stone buildings,
    marsh and wheeled vehicles entering wire."""
    v = GD.tables.vehicle
    got = {k: (r["wheeled"], r["tracked"]) for k, r in v.items()}
    assert got == {"open": (0, 0), "road": (0, 0), "wooden_building": (None, 2), "stone_building": (None, 3),
                   "barbed_wire": (2, 0), "marsh": (None, 2), "road_block": (None, "1D6"), "wall": (None, 1),
                   "water": (None, None), "woods": (None, 2), "light_woods": (2, 1), "vehicle": (1, 0)}
    assert GD.tables.needs_check("stone_building", "tracked") and GD.tables.needs_check("barbed_wire", "wheeled")
    assert not GD.tables.needs_check("woods", "tracked")


# --- a broken file is refused, naming what is wrong ---

def _edit(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(files: dict[str, Any]) -> None:
        *keys, last = path.split("/")
        node = files
        for k in keys:
            node = node[int(k)] if isinstance(node, list) else node[k]
        if value is _DELETE:
            del node[last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return edit


_DELETE = object()


@pytest.mark.parametrize(("edit", "message"), [
    (_edit("counters/sov_rifles/range", _DELETE), r"counters.json: sov_rifles: fields must be"),
    (_edit("counters/sov_rifles/range", -1), r"sov_rifles: range must be a whole number >= 0"),
    (_edit("counters/ger_wagon/fire_cost", 3), r"ger_wagon: a fire cost needs FP"),
    (_edit("counters/sov_t34/dr/armour", "red"), r"sov_t34: tank must have a blue DR"),
    (_edit("counters/sov_rifles/fp/blue", 2), r"sov_rifles: foot units print no blue FP"),
    (_edit("counters/sov_rifles/movement", "tracked"), r"sov_rifles: class rifle_squad cannot have tracked"),
    (_edit("counters/ger_lmg/min_range", 2), r"ger_lmg: only mortars have a minimum range"),
    (_edit("counters/sov_t34/class", "boat"), r"sov_t34: class 'boat' is not one of"),
    (_edit("hit_counters/infantry/6/count", 4), r"the infantry pile has 19 counters, §1.3 says 20"),
    (_edit("hit_counters/vehicle/3/cannot", ["fly"]), r"vehicle immobilized: cannot lists abilities"),
    (_edit("hit_counters/infantry/2/rally", 7), r"infantry killed: a counter that removes the unit has no rally"),
    (_edit("boards/boards/2/terrain/2", ".FFf...b...f....FF"), r"board 2: terrain row 3 needs 19 hexes"),
    (_edit("boards/boards/2/terrain/0", "X..........f......."), r"board 2: terrain A1 has unknown 'X'"),
    (_edit("boards/boards/3/elevation/0", "3000000000000000000"), r"board 3: elevation A1 has unknown '3'"),
    (_edit("boards/boards/1/roads/0/3", "K4"), r"board 1: road 1 jumps from I3 to K4"),
    (_edit("boards/boards/2/walls/0", ["J10", "J12"]), r"board 2: wall J10/J12: not adjacent"),
    (_edit("boards/boards/2/walls/0", ["I9", "I10"]), r"board 2: wall I9/I10 lies across a road"),
    (_edit("boards/boards/2/walls/0", ["J10", "T10"]), r"board 2: wall: 'T10' is not a hex of the board"),
    (_edit("boards/boards/5/roads/1/2", "D9"), r"board 5: road 2 jumps from B8 to D9"),
    (_edit("boards/layouts/firefight_2", ["2", "6"]), r"layout firefight_2 must list known boards"),
    (_edit("boards/legend/m", "swamp"), r"legend 'm' names unknown terrain 'swamp'"),
    (_edit("tables/infantry_terrain/water", {"move": 4, "dm": -1}), r"infantry_terrain water needs move, dm"),
    (_edit("tables/vehicle_terrain/woods/tracked", "2AP"), r"vehicle_terrain woods tracked: '2AP' is not AP"),
    (_edit("tables/immobilization/checks/water", ["wheeled"]), r"immobilization water: a check on terrain"),
])
def test_a_broken_file_is_refused_with_a_clear_error(edit: Callable[[dict[str, Any]], None], message: str) -> None:
    """Data loaders check every field: the error names the file, the item and what is wrong."""
    files = copy.deepcopy(standard_files())
    edit(files)
    with pytest.raises(DataError, match=message):
        load(files)


def test_a_water_hex_on_a_road_must_be_a_bridge_inside_the_road() -> None:
    """§4.0: a bridge is a road across water, so a road may not end in water."""
    files = copy.deepcopy(standard_files())
    files["boards"]["boards"]["5"]["roads"].append(["C9", "D9"])
    with pytest.raises(DataError, match=r"board 5: road hex C9 is water"):
        load(files)
