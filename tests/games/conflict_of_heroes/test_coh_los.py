"""Line of sight, arc of fire and range (digest §2.5, §2.6, §5.11; rulebook §6.0, §6.1, §7.6, §11.3, §11.4,
§12.0, §13.0). The maps are drawn small: a line down one column (``1-C1`` to ``1-C7``) crosses exactly the hexes
of that column between."""

from __future__ import annotations

import pytest
from coh_fixtures import DATA, small_map

from server.games.conflict_of_heroes.board import FACING_STEPS, FACINGS
from server.games.conflict_of_heroes.los import (
    RangeClass,
    crosses_wall,
    flank_hexes,
    front_hexes,
    has_los,
    in_arc,
    is_flank_shot,
    line_of_sight,
    range_class,
    smoke_dm,
)

OPEN = ["......."] * 7


def _column_c(terrain: str = ".......", levels: str = "0000000") -> list[list[str]]:
    """Terrain and elevation rows with column C (rows 1-7) set from the two strings."""
    t = [f"..{terrain[r]}...." for r in range(7)]
    e = [f"00{levels[r]}0000" for r in range(7)]
    return [t, e]


def test_an_obstacle_between_blocks_but_a_unit_sees_into_it() -> None:
    """§6.0: if the line crosses any part of a blocking hex, LOS is blocked; a unit can see into a blocking hex but
    not through it; LOS is reciprocal."""
    m = small_map(*_column_c("...F..."))
    sight = line_of_sight(m, "1-C1", "1-C7")
    assert not sight.clear and sight.blocked_by == "1-C4" and "woods" in sight.reason
    assert not has_los(m, "1-C7", "1-C1")
    assert has_los(m, "1-C1", "1-C4") and has_los(m, "1-C4", "1-C7")


@pytest.mark.parametrize(("ch", "blocks"), [("F", True), ("f", True), ("B", True), ("b", True), (".", False),
                                            ("~", False), ("m", False)])
def test_buildings_woods_and_light_woods_block_and_open_water_marsh_do_not(ch: str, blocks: bool) -> None:
    """§4.0 table (digest §2.2): stone and wooden buildings, woods and light woods block LOS; open and water do
    not (marsh, reconstructed, does not)."""
    m = small_map(*_column_c(f"...{ch}..."))
    assert has_los(m, "1-C1", "1-C7") is not blocks


def test_walls_do_not_block_line_of_sight() -> None:
    """§11.3: walls do not block LOS."""
    terrain, levels = _column_c()
    m = small_map(terrain, levels, walls=[["C3", "C4"], ["C4", "C5"]])
    assert has_los(m, "1-C1", "1-C7")


def test_from_l1_the_same_height_is_seen_but_not_the_lower_hex_beyond() -> None:
    """§11.3, Fig. 21: from L1 hex C there is LOS to L1 hex B, but not to the lower L0 hex A beyond it; and the
    reverse (the crest rule, digest §2.5)."""
    m = small_map(*_column_c(levels="1100000"))  # C = 1-C1, B = 1-C2, A = 1-C3
    assert has_los(m, "1-C1", "1-C2")
    sight = line_of_sight(m, "1-C1", "1-C3")
    assert not sight.clear and sight.blocked_by == "1-C2" and "crest" in sight.reason
    assert not has_los(m, "1-C3", "1-C1")


def test_a_lower_unit_sees_a_higher_hex_but_nothing_beyond_at_that_height_or_lower() -> None:
    """§11.3, Fig. 21: unit A on L0 can fire at the higher B and D, but not at the hexes beyond them; a still
    higher hill behind stays in sight."""
    m = small_map(*_column_c(levels="0011002"))
    assert has_los(m, "1-C1", "1-C3")
    assert not has_los(m, "1-C1", "1-C4")  # level with the L1 crest beyond it
    assert not has_los(m, "1-C1", "1-C5")  # lower than it
    assert has_los(m, "1-C1", "1-C7")  # L2 rises above the L1 crest


def test_woods_on_a_hill_are_an_obstacle_one_level_higher() -> None:
    """§11.3, Fig. 21: light woods K on an L1 hill count as an L2 obstacle: the unit on L2 hex H sees K but not
    the L1 or lower hexes beyond; Fig. 22 hex 9: an obstacle level with the viewer blocks everything beyond."""
    m = small_map(*_column_c("..f....", levels="2010120"))  # H = C1 (L2), K = C3 (light woods on L1)
    assert has_los(m, "1-C1", "1-C3")
    assert not has_los(m, "1-C1", "1-C5")  # L1 beyond
    assert not has_los(m, "1-C1", "1-C4")  # L0 beyond
    assert not has_los(m, "1-C1", "1-C6")  # L2 beyond: the obstacle is level with the viewer


def test_the_line_along_a_hexside_uses_the_less_obstructing_hex() -> None:
    """§6.0, §11.3, Fig. 21: F is L2, yet B sees E, since the line also runs along the side of L1 hex C. Here the
    line from 1-C4 to 1-E4 runs along the hexside between 1-D3 (F) and 1-D4 (C)."""
    levels = ["0000000", "0000000", "0002000", "0011100", "0000000", "0000000", "0000000"]
    m = small_map(OPEN, levels)
    assert m.sight_line("1-C4", "1-E4") == [("1-D3", "1-D4")]
    assert has_los(m, "1-C4", "1-E4")
    levels[3] = "0012100"  # both hexes of the hexside are L2 now
    assert not has_los(small_map(OPEN, levels), "1-C4", "1-E4")


def test_the_hex_right_behind_an_obstacle_and_lower_is_blind_to_a_higher_unit() -> None:
    """§11.4, Fig. 22, AMBIG-8: hexes immediately behind an obstacle and lower than it are blind to a unit higher
    up; "immediately" is read as one hex, so the next hex is seen again."""
    m = small_map(*_column_c("...F...", levels="2000000"))
    assert has_los(m, "1-C1", "1-C4")
    sight = line_of_sight(m, "1-C1", "1-C5")
    assert not sight.clear and "blind" in sight.reason
    assert has_los(m, "1-C1", "1-C6")
    assert not has_los(m, "1-C5", "1-C1")  # reciprocal


def test_hexes_below_a_hill_are_not_blind_to_a_unit_higher_on_the_same_slope() -> None:
    """§11.4, AMBIG-8: the hex just behind a hill is not blind to a unit higher up on the same slope of that hill
    (connected by ground that never climbs again); behind a separate lower hill it is."""
    same_slope = small_map(*_column_c(levels="2100000"))
    assert has_los(same_slope, "1-C1", "1-C3")
    other_hill = small_map(*_column_c(levels="2010000"))
    sight = line_of_sight(other_hill, "1-C1", "1-C4")
    assert not sight.clear and "blind" in sight.reason


def test_plus_two_smoke_blocks_through_but_not_into_or_out_of_its_hex() -> None:
    """§13.0: a +2DM smoke hex blocks all LOS through it, at every level; firing into and out of it is allowed;
    +1DM smoke does not block, but two +1 counters (+2) do."""
    m = small_map(*_column_c(levels="2000000"))
    assert not has_los(m, "1-C1", "1-C7", {"1-C4": 2})
    assert has_los(m, "1-C1", "1-C4", {"1-C4": 2}) and has_los(m, "1-C4", "1-C7", {"1-C4": 2})
    assert has_los(m, "1-C1", "1-C7", {"1-C4": 1})
    assert not has_los(m, "1-C1", "1-C7", {"1-C4": 1 + 1})


def test_smoke_on_the_line_and_in_the_target_hex_adds_to_the_dm_but_not_the_firers_own() -> None:
    """§13.0: any target in or beyond +1 smoke along the line of fire gets +1DM, cumulative; a unit in smoke that
    fires out is unaffected."""
    m = small_map(OPEN)
    smoke = {"1-C1": 2, "1-C3": 1, "1-C5": 1}
    assert smoke_dm(m, "1-C1", "1-C5", smoke) == 2
    assert smoke_dm(m, "1-C1", "1-C4", smoke) == 1
    assert smoke_dm(m, "1-C5", "1-C1", smoke) == 2 + 1


def test_a_wall_counts_only_on_the_targets_own_hexside() -> None:
    """§4.0: fire crossing a wall on the target's own hexside gives it +1DM (from any elevation); a wall
    elsewhere on the line does not."""
    m = small_map(OPEN, walls=[["C4", "C5"]])
    assert crosses_wall(m, "1-C1", "1-C5")
    assert not crosses_wall(m, "1-C7", "1-C5") and not crosses_wall(m, "1-C1", "1-C6")
    assert crosses_wall(m, "1-C4", "1-C5")  # adjacent, across the wall


def test_facings_follow_the_grids_directions() -> None:
    """§5.2: a facing names the hexside the arrow points at; each is the grid's direction to that neighbour."""
    m = small_map(OPEN)
    for f in FACINGS:
        n = m.neighbour("1-D4", f)
        assert n is not None and m.facing_towards("1-D4", n) == f
        q, r, s = m.cube("1-D4")
        assert m.cube(n) == (q + FACING_STEPS[f][0], r + FACING_STEPS[f][1], s + FACING_STEPS[f][2])
    assert m.neighbour("1-C4", "N") == "1-C3" and m.neighbour("1-A1", "N") is None


def test_front_hexes_are_the_three_the_arrow_points_between() -> None:
    """§5.2: the hex the arrow points into and the front-left and front-right hexes; the other three are flank."""
    m = small_map(OPEN)
    assert sorted(front_hexes(m, "1-C4", "N")) == ["1-B3", "1-C3", "1-D3"]
    assert sorted(flank_hexes(m, "1-C4", "N")) == ["1-B4", "1-C5", "1-D4"]


def test_the_arc_of_fire_is_a_wedge_whose_boundary_lines_are_inside() -> None:
    """§6.1, AMBIG-7: the arc is the three front hexes extended outward (120°); hexes on the lines through the
    front-left and front-right hexes are inside."""
    m = small_map(OPEN)
    assert in_arc(m, "1-D7", "N", "1-D1")  # straight ahead
    assert in_arc(m, "1-D7", "N", "1-B6")  # two hexes out along the front-left line
    assert in_arc(m, "1-D7", "N", "1-F6")  # and the front-right one
    assert not in_arc(m, "1-D7", "N", "1-B7")  # one step beyond the front-left line
    assert not in_arc(m, "1-D4", "N", "1-D6")  # behind
    assert in_arc(m, "1-D4", "S", "1-D6")


def test_the_flank_dr_counts_when_the_attacker_is_outside_the_defenders_arc() -> None:
    """§7.2: DV uses the flank DR when the attacker's hex lies outside the defender's arc of fire."""
    m = small_map(OPEN)
    assert is_flank_shot(m, "1-D4", "N", "1-D6")
    assert not is_flank_shot(m, "1-D4", "N", "1-D2")


@pytest.mark.parametrize(("distance", "rng", "min_range", "want"), [
    (0, 5, 0, RangeClass.CLOSE_COMBAT),
    (1, 5, 0, RangeClass.SHORT),
    (5, 5, 0, RangeClass.NORMAL),
    (6, 5, 0, RangeClass.LONG),
    (10, 5, 0, RangeClass.LONG),
    (11, 5, 0, RangeClass.OUT),
    (1, 0, 0, RangeClass.OUT),  # §17.0: range 0 trucks fight in close combat only
    (2, 1, 0, RangeClass.LONG),  # a Berserk squad (range 1) two hexes away
    (1, 10, 2, RangeClass.OUT),  # §12.0: a mortar never fires at an adjacent hex
    (2, 10, 2, RangeClass.NORMAL),
    (2, 1, 2, RangeClass.OUT),  # §7.4 Q&A: a mortar whose range a hit counter cut to 1 cannot fire at all
])
def test_range_classes(distance: int, rng: int, min_range: int, want: RangeClass) -> None:
    """§7.6, §7.61, §7.62, §12.0: short is adjacent (+3), long is beyond the range up to twice it (-2), nothing
    beyond that; a mortar's minimum range."""
    assert range_class(distance, rng, min_range) is want


def test_a_soviet_squad_six_hexes_away_is_not_at_long_range() -> None:
    """AMBIG-20, Fig. 14: the translator notes squad D's range is 6 and the target exactly 6 hexes away, so the
    shot is not long range (the counter data keeps range 6)."""
    assert range_class(6, DATA.units["sov_rifles"].range) is RangeClass.NORMAL
