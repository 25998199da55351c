"""Shortest paths over a map for games whose moves cost points: Dijkstra with a budget.

Generic: a map is a ``neighbours`` function (``HexGrid.neighbours`` or a cached dict's ``get``)
and a ``cost(a, b)`` function giving the price of stepping from ``a`` into ``b`` (``None`` means
the step is impossible). A ``stop`` predicate marks places a path may enter but not go on from
(a zone that halts movement, for example).

>>> line = {"a": ["b"], "b": ["a", "c"], "c": ["b", "d"], "d": ["c"]}
>>> reachable("a", line.__getitem__, lambda x, y: 2 if y == "c" else 1, budget=3)
{'a': 0, 'b': 1, 'c': 3}
>>> reachable("a", line.__getitem__, lambda x, y: 1, budget=9, stop=lambda h: h == "b")
{'a': 0, 'b': 1}
>>> routes("a", line.__getitem__, lambda x, y: 1, budget=2)["c"]
Reached(cost=2, prev='b')
>>> path(routes("a", line.__getitem__, lambda x, y: 1), "d")
['b', 'c', 'd']
>>> path_exists("a", {"d"}, line.__getitem__, lambda x, y: 1)
True
>>> path_exists("a", {"d"}, line.__getitem__, lambda x, y: None if y == "c" else 1)
False
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import NamedTuple

Neighbours = Callable[[str], Iterable[str]]
Cost = Callable[[str, str], "int | None"]


class Reached(NamedTuple):
    """A place a move can reach: the least cost, and the place before it on that path (None: the start)."""

    cost: int
    prev: str | None


def _search(starts: Iterable[str], neighbours: Neighbours, cost: Cost, budget: int | None,
            stop: Callable[[str], bool] | None, targets: Collection[str] = ()) -> tuple[dict[str, Reached], bool]:
    """Dijkstra from every start at cost 0, keeping for each place its least cost and the place before it on
    that path. Returns them and whether a target was settled (the search ends there). ``stop(h)``: ``h`` may be
    entered but not left (starts excepted). Ties go to the path found first, neighbours in the order
    ``neighbours`` gives, so the same map always gives the same paths."""
    best: dict[str, Reached] = {s: Reached(0, None) for s in starts}
    first = set(best)
    queue: list[tuple[int, int, str]] = [(0, i, s) for i, s in enumerate(best)]
    order = len(queue)
    while queue:
        spent, _, here = heapq.heappop(queue)
        if here in targets:
            return best, True
        if spent > best[here].cost:
            continue
        if here not in first and stop is not None and stop(here):
            continue
        for there in neighbours(here):
            step = cost(here, there)
            if step is None:
                continue
            total = spent + step
            if budget is not None and total > budget:
                continue
            if there not in best or total < best[there].cost:
                best[there] = Reached(total, here)
                order += 1
                heapq.heappush(queue, (total, order, there))
    return best, False


def reachable(start: str, neighbours: Neighbours, cost: Cost, budget: int | None = None, *,
              stop: Callable[[str], bool] | None = None) -> dict[str, int]:
    """Every place reachable from ``start`` for at most ``budget`` (None: no limit), with its least cost.

    ``stop(h)`` true: a path may end in ``h`` but not continue from it (``start`` itself excepted).
    """
    return {h: r.cost for h, r in _search((start,), neighbours, cost, budget, stop)[0].items()}


def path_exists(start: str, targets: Collection[str], neighbours: Neighbours, cost: Cost,
                budget: int | None = None, *, stop: Callable[[str], bool] | None = None) -> bool:
    """Whether some place of ``targets`` is reachable from ``start`` within ``budget``."""
    return _search((start,), neighbours, cost, budget, stop, targets)[1]


def multi_source(starts: Iterable[str], neighbours: Neighbours, cost: Cost,
                 budget: int | None = None, *, stop: Callable[[str], bool] | None = None) -> dict[str, int]:
    """Least cost from the nearest of several starts (all at cost 0) to every place within ``budget``.

    ``stop(h)`` true: a path may end in ``h`` but not continue from it (starts excepted).
    """
    return {h: r.cost for h, r in _search(starts, neighbours, cost, budget, stop)[0].items()}


def routes(start: str, neighbours: Neighbours, cost: Cost, budget: int | None = None, *,
           stop: Callable[[str], bool] | None = None) -> dict[str, Reached]:
    """Like ``reachable``, with the cheapest path to each place kept as a tree (``prev``): the reachable
    set a destination move is offered from. ``start`` maps to ``(0, None)``."""
    return _search((start,), neighbours, cost, budget, stop)[0]


def path(reached: Mapping[str, Reached], to: str) -> list[str]:
    """The places a cheapest path steps into, in order, ending with ``to`` (the start not included)."""
    out: list[str] = []
    here: str | None = to
    while here is not None and reached[here].prev is not None:
        out.append(here)
        here = reached[here].prev
    return out[::-1]


def route(start: str, stops: Iterable[str], legs: Callable[[str, int], Mapping[str, Reached]],
          budget: int) -> tuple[list[str], int] | None:
    """A path through the waypoints ``stops`` (the last one is the destination): each leg is a cheapest
    path from where the last leg ended, found by ``legs(at, budget_left)``. Returns the steps and their
    total cost, or None when some waypoint is out of reach with what is left."""
    steps: list[str] = []
    spent = 0
    here = start
    for stop_at in stops:
        reached = legs(here, budget - spent)
        if stop_at == here or stop_at not in reached:
            return None
        steps += path(reached, stop_at)
        spent += reached[stop_at].cost
        here = stop_at
    return steps, spent
