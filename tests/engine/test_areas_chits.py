"""engine.areas (area maps, line of sight) and engine.chits (the chit cup on the match RNG)."""

from __future__ import annotations

import collections

import pytest

from server.engine import chits, rng
from server.engine.areas import AreaMap

DATA = {
    "areas": {"lz": {"terrain": "clearing"}, "g1": {"terrain": "grass"}, "j1": {"terrain": "jungle"},
              "g2": {"terrain": "grass"}, "edge": {"terrain": "grass"}},
    "edges": [["lz", "g1"], ["g1", "j1"], ["j1", "g2"], ["g2", "edge", {"stream": True}], ["lz", "g2"]],
    "los": [["lz", "j1"], ["lz", "edge"]],
}


def test_area_map_adjacency_distances_and_edges() -> None:
    m = AreaMap.from_data(DATA)
    assert m.neighbours("lz") == ["g1", "g2"]
    assert m.is_adjacent("g2", "lz") and not m.is_adjacent("lz", "j1")
    assert m.edge("edge", "g2") == {"stream": True}
    assert m.distance("lz", "edge") == 2
    assert m.within("lz", 1) == ["g1", "g2"]


def test_distances_do_not_cross_impassable_areas_but_reach_them() -> None:
    m = AreaMap.from_data(DATA)
    not_jungle = {a: m.areas[a]["terrain"] != "jungle" for a in m.ids()}
    d = m.distances("g1", passable=lambda a: not_jungle[a])
    assert d["j1"] == 1  # entered
    assert d["g2"] == 2  # through lz, not through the jungle


def test_line_of_sight_comes_from_the_table_both_ways() -> None:
    m = AreaMap.from_data(DATA)
    assert m.has_los("j1", "lz") and m.has_los("lz", "edge") and m.has_los("g1", "g1")
    assert not m.has_los("g1", "edge")


@pytest.mark.parametrize("bad", [
    {"areas": {"a": {}}, "edges": [["a", "b"]]},
    {"areas": {"a": {}, "b": {}}, "edges": [["a", "b"], ["b", "a"]]},
    {"areas": {"a": {}}, "edges": [], "los": [["a", "z"]]},
])
def test_bad_area_data_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        AreaMap.from_data(bad)


def test_the_cup_holds_no_order_and_draws_uniformly() -> None:
    counts: collections.Counter[str] = collections.Counter()
    for n in range(3000):
        state = {"rng": rng.init(n.to_bytes(2, "big")), "cup": []}
        chits.put(state, "cup", "b", "a", "c")
        assert state["cup"] == ["a", "b", "c"]
        counts[chits.draw(state, "cup")] += 1
    assert all(900 < counts[c] < 1100 for c in "abc")


def test_a_draw_can_be_forced_and_an_empty_cup_says_so() -> None:
    state = {"rng": rng.init(b"x"), "cup": []}
    chits.put(state, "cup", "US Artillery", "NVA Fire/Move")
    rng.force(state, 1)
    assert chits.draw(state, "cup") == "US Artillery"
    chits.remove(state, "cup", "NVA Fire/Move")
    with pytest.raises(IndexError):
        chits.draw(state, "cup")
