"""engine.paths: Dijkstra with a budget over a hex grid."""

from __future__ import annotations

from server.engine.hexgrid import HexGrid
from server.engine.paths import multi_source, path_exists, reachable

GRID = HexGrid(cols=10, rows=8, top="pointy", shift="odd")


def test_uniform_cost_is_hex_distance() -> None:
    got = reachable("0504", GRID.neighbours, lambda a, b: 1, budget=3)
    assert got == {h: GRID.distance("0504", h) for h in [*GRID.within("0504", 3), "0504"]}


def test_budget_limits_and_costs_add_up() -> None:
    dear = {"0604"}
    got = reachable("0504", GRID.neighbours, lambda a, b: 4 if b in dear else 1, budget=3)
    assert "0604" not in got
    assert got["0704"] == 3  # around the expensive hex, not through it (5)


def test_impassable_steps_are_skipped() -> None:
    wall = {GRID.label(6, r) for r in range(1, 9)}
    got = reachable("0504", GRID.neighbours, lambda a, b: None if b in wall else 1)
    assert not any(GRID.parse(h)[0] >= 6 for h in got)


def test_stop_hexes_are_entered_but_not_left() -> None:
    ring = set(GRID.neighbours("0504"))
    got = reachable("0504", GRID.neighbours, lambda a, b: 1, budget=5, stop=lambda h: h in ring)
    assert set(got) == ring | {"0504"}


def test_start_in_a_stop_hex_may_leave() -> None:
    got = reachable("0504", GRID.neighbours, lambda a, b: 1, budget=1, stop=lambda h: True)
    assert len(got) == 7


def test_path_exists_respects_budget() -> None:
    assert path_exists("0101", {"0501"}, GRID.neighbours, lambda a, b: 1, budget=4)
    assert not path_exists("0101", {"0501"}, GRID.neighbours, lambda a, b: 1, budget=3)
    assert path_exists("0101", {"0101"}, GRID.neighbours, lambda a, b: None, budget=0)


def test_multi_source_takes_the_nearest_start() -> None:
    got = multi_source(["0101", "1008"], GRID.neighbours, lambda a, b: 1)
    assert got["0101"] == 0 and got["1008"] == 0
    assert got["0201"] == 1 and got["0908"] == 1


def test_big_map_is_fast() -> None:
    import time
    grid = HexGrid(cols=40, rows=42, top="pointy", shift="odd")
    nb = {h: grid.neighbours(h) for h in grid.all_hexes()}
    t = time.perf_counter()
    for _ in range(20):
        reachable("2020", nb.__getitem__, lambda a, b: 1, budget=12)
    assert time.perf_counter() - t < 2.0


def test_routes_keep_the_cheapest_path_and_waypoints_chain_legs() -> None:
    """The movement contract: a destination move is offered from ``routes`` (cost and the hex before it) and a
    path the player shaped (``via``) is a chain of cheapest legs, refused when a waypoint is out of reach."""
    from server.engine.paths import Reached, path, route, routes

    grid = {"a": ["b", "x"], "b": ["a", "c"], "x": ["a", "c"], "c": ["b", "x", "d"], "d": ["c"]}
    price = {"b": 1, "x": 3, "c": 1, "d": 1, "a": 1}
    reached = routes("a", grid.__getitem__, lambda p, q: price[q], budget=4)
    assert reached["c"] == Reached(2, "b") and reached["d"] == Reached(3, "c") and reached["a"] == Reached(0, None)
    assert path(reached, "d") == ["b", "c", "d"]
    legs = lambda at, left: routes(at, grid.__getitem__, lambda p, q: price[q], budget=left)  # noqa: E731
    assert route("a", ["x", "d"], legs, budget=5) == (["x", "c", "d"], 5)
    assert route("a", ["x", "d"], legs, budget=4) is None  # through x the destination costs 5
    assert route("a", ["a", "d"], legs, budget=9) is None  # a waypoint where the unit already is
