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
>>> path_exists("a", {"d"}, line.__getitem__, lambda x, y: 1)
True
>>> path_exists("a", {"d"}, line.__getitem__, lambda x, y: None if y == "c" else 1)
False
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Iterable

Neighbours = Callable[[str], Iterable[str]]
Cost = Callable[[str, str], "int | None"]


def reachable(start: str, neighbours: Neighbours, cost: Cost, budget: int | None = None, *,
              stop: Callable[[str], bool] | None = None) -> dict[str, int]:
    """Every place reachable from ``start`` for at most ``budget`` (None: no limit), with its least cost.

    ``stop(h)`` true: a path may end in ``h`` but not continue from it (``start`` itself excepted).
    """
    best: dict[str, int] = {start: 0}
    queue: list[tuple[int, str]] = [(0, start)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, spent):
            continue
        if here != start and stop is not None and stop(here):
            continue
        for there in neighbours(here):
            step = cost(here, there)
            if step is None:
                continue
            total = spent + step
            if budget is not None and total > budget:
                continue
            if total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return best


def path_exists(start: str, targets: Collection[str], neighbours: Neighbours, cost: Cost,
                budget: int | None = None, *, stop: Callable[[str], bool] | None = None) -> bool:
    """Whether some place of ``targets`` is reachable from ``start`` within ``budget``."""
    if start in targets:
        return True
    best: dict[str, int] = {start: 0}
    queue: list[tuple[int, str]] = [(0, start)]
    while queue:
        spent, here = heapq.heappop(queue)
        if here in targets:
            return True
        if spent > best.get(here, spent):
            continue
        if here != start and stop is not None and stop(here):
            continue
        for there in neighbours(here):
            step = cost(here, there)
            if step is None:
                continue
            total = spent + step
            if budget is not None and total > budget:
                continue
            if total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return False


def multi_source(starts: Iterable[str], neighbours: Neighbours, cost: Cost,
                 budget: int | None = None, *, stop: Callable[[str], bool] | None = None) -> dict[str, int]:
    """Least cost from the nearest of several starts (all at cost 0) to every place within ``budget``.

    ``stop(h)`` true: a path may end in ``h`` but not continue from it (starts excepted).
    """
    first = set()
    best: dict[str, int] = {}
    queue: list[tuple[int, str]] = []
    for s in starts:
        first.add(s)
        best[s] = 0
        queue.append((0, s))
    heapq.heapify(queue)
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, spent):
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
            if total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return best
