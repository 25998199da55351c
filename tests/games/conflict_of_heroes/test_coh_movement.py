"""Movement costs (digest §2.2, §2.3, §5.4, §5.19; rulebook §4.0, §5.0-§5.3, §5.02, §11.0-§11.1, §14.0-§14.1).
The small maps run down column C: facing S, the next hex of the column is the front hex."""

from __future__ import annotations

from typing import Any

import pytest
from coh_fixtures import DATA, TABLES, small_map, unit

from server.engine.core import IllegalAction
from server.games.conflict_of_heroes.board import FirefightMap
from server.games.conflict_of_heroes.movement import immobilized, infantry_cost, vehicle_move


def _col(terrain: str, levels: str = "0000000", **kw: Any) -> FirefightMap:
    """A 7x7 map whose column C (rows 1-7) has this terrain and these levels."""
    return small_map([f"..{terrain[r]}...." for r in range(7)], [f"00{levels[r]}0000" for r in range(7)], **kw)


ROAD_C = [[f"C{r}" for r in range(1, 8)]]


# --- infantry, §5.0 ---

def test_a_medium_mg_entering_woods_pays_three_ap() -> None:
    """§5.0 example: an MMG (2AP) entering woods pays 3AP."""
    cost = infantry_cost(_col("..F...."), TABLES, unit("sov_maxim"), "1-C2", "1-C3", "S")
    assert cost.value == 3 and str(cost) == "movement cost 2 + woods 1 = 3"


def test_fig_21_uphill_costs_one_per_level_and_a_steep_slope_two() -> None:
    """§11.0-§11.1, Fig. 21: a rifle squad pays 2AP into open uphill (1 + 1), 3AP into woods uphill (2 + 1), and
    3AP up a steep slope (1 + 2)."""
    squad = unit("ger_rifles")
    assert infantry_cost(_col(".......", "0100000"), TABLES, squad, "1-C1", "1-C2", "S").value == 2
    assert infantry_cost(_col(".F.....", "0100000"), TABLES, squad, "1-C1", "1-C2", "S").value == 3
    steep = infantry_cost(_col(".......", "0200000"), TABLES, squad, "1-C1", "1-C2", "S")
    assert steep.value == 3 and "steep slope" in str(steep)


def test_going_down_a_steep_slope_costs_nothing_extra() -> None:
    """§11.1, AMBIG-9: "+2AP moving into such a hex" parallels "+1AP per level climbed": climbing only."""
    assert infantry_cost(_col(".......", "2000000"), TABLES, unit("ger_rifles"), "1-C1", "1-C2", "S").value == 1


def test_fig_11_a_careful_move_into_woods_costs_three() -> None:
    """Fig. 11, §5.02: German squad C moves carefully into the woods hex for 3AP (1 + woods 1 + careful 1)."""
    cost = infantry_cost(_col("..F...."), TABLES, unit("ger_rifles"), "1-C2", "1-C3", "S", careful=True)
    assert cost.value == 3


def test_a_wooden_building_costs_two_or_three_carefully() -> None:
    """§5.02 example: a rifle squad entering a wooden building pays 2AP, or 3AP carefully (keeping its +1DM)."""
    m = _col("..b....")
    assert infantry_cost(m, TABLES, unit("sov_rifles"), "1-C2", "1-C3", "S").value == 2
    assert infantry_cost(m, TABLES, unit("sov_rifles"), "1-C2", "1-C3", "S", careful=True).value == 3


def test_fig_14_reversing_into_light_woods_costs_two() -> None:
    """§5.2, Fig. 14: unit A (LMG, 1AP) backs into light woods: 1 + 1 reverse (light woods +0)."""
    cost = infantry_cost(_col("..f...."), TABLES, unit("ger_lmg"), "1-C2", "1-C3", "N")
    assert cost.value == 2 and "reverse" in str(cost)
    assert infantry_cost(_col("..f...."), TABLES, unit("ger_lmg"), "1-C2", "1-C3", "SE").value == 1  # front-right


def test_fig_16_crossing_a_wall_costs_one_more() -> None:
    """§4.0, Fig. 16: "1AP open + 1AP over the wall"."""
    m = _col(".......", walls=[["C2", "C3"]])
    assert infantry_cost(m, TABLES, unit("ger_rifles"), "1-C2", "1-C3", "S").value == 2
    assert infantry_cost(m, TABLES, unit("ger_rifles"), "1-C3", "1-C4", "S").value == 1


def test_only_squads_wade_water_and_a_bridge_carries_everyone() -> None:
    """§4.0: water +4AP, and only squads (and boats) may cross it; a bridge is a road across water, and a road
    followed from road hex to road hex cancels the hex's terrain cost and restriction."""
    m = _col("...~...", roads=ROAD_C)
    bare = _col("...~...")
    assert infantry_cost(bare, TABLES, unit("sov_rifles"), "1-C3", "1-C4", "S").value == 5
    with pytest.raises(IllegalAction, match="only squads may enter water"):
        infantry_cost(bare, TABLES, unit("sov_maxim"), "1-C3", "1-C4", "S")
    assert infantry_cost(m, TABLES, unit("sov_maxim"), "1-C3", "1-C4", "S").value == 2


def test_a_road_counts_only_when_followed_along_it() -> None:
    """§4.0, §5.0: a road cancels the centre terrain only from road hex to road hex along the road; it does not
    change the hex's DM."""
    m = small_map([".......", ".......", "..F....", "......."], roads=[["C1", "C2", "C3", "C4"]])
    assert infantry_cost(m, TABLES, unit("ger_rifles"), "1-C2", "1-C3", "S").value == 1
    assert infantry_cost(m, TABLES, unit("ger_rifles"), "1-B3", "1-C3", "SE").value == 2  # from off the road


def test_hit_counters_stop_or_slow_movement() -> None:
    """§1.3: Pinned cannot move; Cowering +1AP per hex."""
    m, pinned = _col("......."), DATA.hit_counter("infantry", "pinned")
    with pytest.raises(IllegalAction, match="cannot move while Pinned"):
        infantry_cost(m, TABLES, unit("sov_rifles"), "1-C2", "1-C3", "S", counter=pinned)
    cowering = DATA.hit_counter("infantry", "cowering")
    assert infantry_cost(m, TABLES, unit("sov_rifles"), "1-C2", "1-C3", "S", counter=cowering).value == 2


def test_a_move_enters_an_adjacent_hex() -> None:
    """§5.0: each hex entered is one action."""
    with pytest.raises(IllegalAction, match="not adjacent"):
        infantry_cost(_col("......."), TABLES, unit("sov_rifles"), "1-C2", "1-C4", "S")


# --- vehicles, §14.0 ---

def test_fig_23_a_pz_iiie_moves_two_open_hexes_for_one_ap_then_pays_three_for_woods() -> None:
    """§14.0, Fig. 23: 1AP with one wheel: 2 open hexes; then 3AP (1 + 2) into woods, which ends any bonus."""
    m = _col("...F...")
    pz = unit("ger_pz3e")
    assert vehicle_move(m, TABLES, pz, "1-C1", ["1-C2", "1-C3"], "S").cost.value == 1
    assert vehicle_move(m, TABLES, pz, "1-C3", ["1-C4"], "S").cost.value == 3
    with pytest.raises(IllegalAction, match="ends the open/road bonus"):
        vehicle_move(m, TABLES, pz, "1-C2", ["1-C3", "1-C4"], "S")
    with pytest.raises(IllegalAction, match="at most 2 hexes"):
        vehicle_move(m, TABLES, pz, "1-C1", ["1-C2", "1-C3", "1-C4"], "S")


def test_fig_23_entering_a_road_hex_from_the_woods_pays_its_woods_then_the_road_is_cheap() -> None:
    """§14.0, Fig. 23: the tank pays 3AP from a woods hex into a road hex (in woods); only moving on along the
    road does it get the cheaper road cost; tracked vehicles treat the road as open."""
    m = small_map(["..F....", "..F....", "..F....", "..F...."], roads=[["C2", "C3", "C4"]])
    pz = unit("ger_pz3e")
    assert vehicle_move(m, TABLES, pz, "1-C1", ["1-C2"], "S").cost.value == 3
    assert vehicle_move(m, TABLES, pz, "1-C2", ["1-C3", "1-C4"], "S").cost.value == 1


def test_a_t34_moves_three_open_hexes_for_one_ap() -> None:
    """§3.1 Q&A, §14.0, Fig. 24: a T-34 (1AP, two wheels) moves 3 open hexes per AP, from any start hex."""
    m = _col("F......")
    t34 = unit("sov_t34")
    assert vehicle_move(m, TABLES, t34, "1-C1", ["1-C2", "1-C3", "1-C4"], "S").cost.value == 1
    with pytest.raises(IllegalAction, match="at most 3"):
        vehicle_move(m, TABLES, t34, "1-C1", ["1-C2", "1-C3", "1-C4", "1-C5"], "S")


def test_fig_24_a_t34_climbing_three_hexes_up_a_hill_pays_three() -> None:
    """§14.0, Fig. 24: three open hexes up the hill cost 3AP in all: the movement cost 1AP plus 1AP for each
    level climbed."""
    move = vehicle_move(_col(".......", "0012000"), TABLES, unit("sov_t34"), "1-C1", ["1-C2", "1-C3", "1-C4"], "S")
    assert move.cost.value == 3


def test_a_truck_on_a_road_moves_three_hexes_for_one_ap() -> None:
    """§14.0 example: a 1AP truck with one green wheel moves 3 road hexes per AP (wheel + road bonus); in the
    open only 2. The road bonus is for wheeled vehicles alone."""
    road = _col(".......", roads=ROAD_C)
    truck = unit("ger_truck")
    assert vehicle_move(road, TABLES, truck, "1-C1", ["1-C2", "1-C3", "1-C4"], "S").cost.value == 1
    with pytest.raises(IllegalAction, match="at most 2"):
        vehicle_move(_col("......."), TABLES, truck, "1-C1", ["1-C2", "1-C3", "1-C4"], "S")
    with pytest.raises(IllegalAction, match="at most 2"):
        vehicle_move(road, TABLES, unit("ger_pz3e"), "1-C1", ["1-C2", "1-C3", "1-C4"], "S")


def test_a_wagon_has_no_wheel_icon_and_moves_one_open_hex_per_ap() -> None:
    """§17.0: wagons are slow: no bonus in the open; on a road the wheeled road bonus still adds a hex."""
    wagon = unit("sov_wagon")
    with pytest.raises(IllegalAction, match="at most 1"):
        vehicle_move(_col("......."), TABLES, wagon, "1-C1", ["1-C2", "1-C3"], "S")
    assert vehicle_move(_col(".......", roads=ROAD_C), TABLES, wagon, "1-C1", ["1-C2", "1-C3"], "S").cost.value == 1


def test_wheeled_vehicles_enter_woods_only_along_a_road() -> None:
    """§14.0, §14.1: woods are NA for wheeled vehicles except along a road; light woods +2AP wheeled, +1 tracked."""
    with pytest.raises(IllegalAction, match="wheeled vehicles may not enter woods"):
        vehicle_move(_col("..F...."), TABLES, unit("ger_truck"), "1-C2", ["1-C3"], "S")
    assert vehicle_move(_col("..F....", roads=ROAD_C), TABLES, unit("ger_truck"), "1-C2", ["1-C3"], "S").cost.value == 1
    assert vehicle_move(_col("..f...."), TABLES, unit("ger_truck"), "1-C2", ["1-C3"], "S").cost.value == 3
    assert vehicle_move(_col("..f...."), TABLES, unit("ger_pz3e"), "1-C2", ["1-C3"], "S").cost.value == 2


def test_water_is_closed_to_vehicles_but_a_bridge_is_not() -> None:
    """§4.0, §14.1: vehicles may not enter water; a road across it is a bridge."""
    with pytest.raises(IllegalAction, match="may not enter water"):
        vehicle_move(_col("..~...."), TABLES, unit("sov_t34"), "1-C2", ["1-C3"], "S")
    assert vehicle_move(_col("..~....", roads=ROAD_C), TABLES, unit("sov_t34"), "1-C2", ["1-C3"], "S").cost.value == 1


def test_vehicles_cannot_climb_steep_slopes_but_may_go_down_them() -> None:
    """§11.1, AMBIG-9: vehicles cannot climb steep slopes; descending is allowed."""
    with pytest.raises(IllegalAction, match="cannot climb steep slopes"):
        vehicle_move(_col(".......", "0200000"), TABLES, unit("sov_t34"), "1-C1", ["1-C2"], "S")
    assert vehicle_move(_col(".......", "2000000"), TABLES, unit("sov_t34"), "1-C1", ["1-C2"], "S").cost.value == 1


def test_a_vehicle_reversing_pays_one_more_and_gets_no_bonus() -> None:
    """§14.0: reverse +1AP, and no open/road bonus."""
    t34 = unit("sov_t34")
    assert vehicle_move(_col("......."), TABLES, t34, "1-C2", ["1-C3"], "N").cost.value == 2
    with pytest.raises(IllegalAction, match="no open/road bonus"):
        vehicle_move(_col("......."), TABLES, t34, "1-C2", ["1-C3", "1-C4"], "N")


def test_walls_cost_tracked_vehicles_one_and_stop_wheeled_ones() -> None:
    """§14.0 Q&A, §14.1: a tracked vehicle crossing a wall pays +1AP, within a bonus move too; wheeled: NA."""
    m = _col(".......", walls=[["C2", "C3"]])
    assert vehicle_move(m, TABLES, unit("sov_t34"), "1-C1", ["1-C2", "1-C3", "1-C4"], "S").cost.value == 2
    with pytest.raises(IllegalAction, match="may not cross walls"):
        vehicle_move(m, TABLES, unit("ger_truck"), "1-C2", ["1-C3"], "S")


def test_stone_buildings_and_marsh_call_for_an_immobilization_check() -> None:
    """§3.1, §14.1: a tracked vehicle entering a stone building (+3AP) or marsh (+2AP) takes an immobilization
    check; 2D6 (+ CAP) >= 6 and nothing happens."""
    stone = vehicle_move(_col("..B...."), TABLES, unit("ger_pz3e"), "1-C2", ["1-C3"], "S")
    assert (stone.cost.value, stone.checks) == (4, ("1-C3",))
    assert vehicle_move(_col("..m...."), TABLES, unit("ger_pz3e"), "1-C2", ["1-C3"], "S").checks == ("1-C3",)
    assert vehicle_move(_col("..F...."), TABLES, unit("ger_pz3e"), "1-C2", ["1-C3"], "S").checks == ()
    assert immobilized(TABLES, (2, 3)) and not immobilized(TABLES, (3, 3)) and not immobilized(TABLES, (2, 3), cap=1)


def test_a_bonus_move_keeps_to_the_front_hexes_of_its_facing() -> None:
    """AMBIG-15: a vehicle re-faces only at the end of its action, so each hex of a bonus move is a front hex of
    the facing it started with."""
    m = _col(".......")
    assert vehicle_move(m, TABLES, unit("sov_t34"), "1-C2", ["1-C3", "1-D3"], "S").cost.value == 1  # then SE
    with pytest.raises(IllegalAction, match="re-facing comes after"):
        vehicle_move(m, TABLES, unit("sov_t34"), "1-C2", ["1-C3", "1-B3", "1-B2"], "S")


def test_an_immobilized_vehicle_cannot_move() -> None:
    """§1.3, §14.1: Immobilized: the vehicle can never move (or change facing) again."""
    with pytest.raises(IllegalAction, match="cannot move while Immobilized"):
        vehicle_move(_col("......."), TABLES, unit("sov_t34"), "1-C2", ["1-C3"], "S",
                     counter=DATA.hit_counter("vehicle", "immobilized"))
