"""engine.hexgrid: CCRR labels, neighbours, distance, lines and hexsides in every layout."""

from __future__ import annotations

import itertools
import math

import pytest

from server.engine.hexgrid import HexGrid

LAYOUTS = [(top, shift) for top in ("flat", "pointy") for shift in ("even", "odd")]


@pytest.mark.parametrize(("top", "shift"), LAYOUTS)
def test_neighbours_are_the_hexes_one_hex_width_away(top: str, shift: str) -> None:
    g = HexGrid(cols=9, rows=7, top=top, shift=shift)  # type: ignore[arg-type]
    hexes = list(g.all_hexes())
    for h in hexes:
        assert g.from_cube(g.to_cube(h)) == h
        c = g.centre(h)
        touching = {o for o in hexes if o != h and math.isclose(math.dist(c, g.centre(o)), math.sqrt(3))}
        assert set(g.neighbours(h)) == touching


def test_even_columns_are_shifted_down_in_the_flat_even_layout() -> None:
    g = HexGrid(cols=8, rows=12, top="flat", shift="even")
    assert set(g.neighbours("0203")) == {"0202", "0204", "0103", "0104", "0303", "0304"}
    assert set(g.neighbours("0303")) == {"0302", "0304", "0202", "0203", "0402", "0403"}
    assert set(g.neighbours("0101")) == {"0102", "0201"}  # the map edge cuts the rest


def test_distance_line_and_within() -> None:
    g = HexGrid(cols=10, rows=10)
    assert g.distance("0101", "0101") == 0
    assert g.distance("0101", "0105") == 4
    line = g.line("0101", "0606")
    assert line[0] == "0101" and line[-1] == "0606" and len(line) == g.distance("0101", "0606") + 1
    assert all(g.is_adjacent(x, y) for x, y in itertools.pairwise(line))
    ring = g.within("0505", 1)
    assert sorted(ring) == sorted(g.neighbours("0505"))
    assert len(g.within("0505", 2)) == 18


def test_hexside_ids_do_not_depend_on_order_and_four_digit_labels_work() -> None:
    assert HexGrid.hexside("0710", "0709") == HexGrid.hexside("0709", "0710") == "0709/0710"
    big = HexGrid(cols=40, rows=40, first_col=10, first_row=10, digits=2)
    assert big.contains("3635") and not big.contains("0101")
    assert "3634" in big.neighbours("3635")
    with pytest.raises(ValueError):
        big.parse("36A5")
