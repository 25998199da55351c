"""Area maps: areas joined by edges, with terrain and a line-of-sight table.

An area game keeps its map as data: each area's id and attributes, the pairs of areas that touch
(an edge may carry attributes too, e.g. a river), and, because line of sight on an area map depends
on the drawn shapes rather than on a formula, a table of the area pairs that can see each other.

>>> m = AreaMap.from_data({"areas": {"a": {}, "b": {}, "c": {}, "d": {}},
...                        "edges": [["a", "b"], ["b", "c"], ["c", "d"]],
...                        "los": [["a", "c"]]})
>>> m.neighbours("b")
['a', 'c']
>>> m.distance("a", "d")
3
>>> m.within("a", 2)
['b', 'c']
>>> m.has_los("c", "a"), m.has_los("a", "d")
(True, False)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


def edge_id(a: str, b: str) -> str:
    """The id of the edge between two areas, independent of order."""
    x, y = sorted((a, b))
    return f"{x}|{y}"


@dataclass(frozen=True)
class AreaMap:
    areas: Mapping[str, Mapping[str, Any]]
    edges: Mapping[str, Mapping[str, Any]]  # edge_id -> attributes
    los: frozenset[str] = field(default_factory=frozenset)  # edge_id-style pairs that see each other
    _adjacent: Mapping[str, tuple[str, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> AreaMap:
        """From ``{"areas": {id: attrs}, "edges": [[a, b] or [a, b, attrs]], "los": [[a, b]]}``."""
        areas = dict(data["areas"])
        edges: dict[str, Mapping[str, Any]] = {}
        adjacent: dict[str, list[str]] = {a: [] for a in areas}
        for edge in data["edges"]:
            a, b = edge[0], edge[1]
            attrs = edge[2] if len(edge) > 2 else {}
            for x in (a, b):
                if x not in areas:
                    raise ValueError(f"edge {a}-{b} names an unknown area {x!r}")
            if a == b or edge_id(a, b) in edges:
                raise ValueError(f"edge {a}-{b} is a loop or given twice")
            edges[edge_id(a, b)] = attrs
            adjacent[a].append(b)
            adjacent[b].append(a)
        sight = set()
        for a, b in data.get("los", ()):
            if a not in areas or b not in areas:
                raise ValueError(f"line of sight {a}-{b} names an unknown area")
            sight.add(edge_id(a, b))
        return cls(areas, edges, frozenset(sight), {a: tuple(sorted(n)) for a, n in adjacent.items()})

    def neighbours(self, area: str) -> list[str]:
        return list(self._adjacent[area])

    def is_adjacent(self, a: str, b: str) -> bool:
        return edge_id(a, b) in self.edges

    def edge(self, a: str, b: str) -> Mapping[str, Any]:
        return self.edges[edge_id(a, b)]

    def distances(self, start: str, passable: Callable[[str], bool] | None = None,
                  limit: int | None = None) -> dict[str, int]:
        """Steps from ``start`` to every area reachable through areas ``passable`` allows to cross.

        An impassable area can still be reached (as a last step), just not crossed.
        """
        dist = {start: 0}
        queue = deque([start])
        while queue:
            a = queue.popleft()
            if limit is not None and dist[a] >= limit:
                continue
            if a != start and passable is not None and not passable(a):
                continue
            for n in self._adjacent[a]:
                if n not in dist:
                    dist[n] = dist[a] + 1
                    queue.append(n)
        return dist

    def distance(self, a: str, b: str) -> int | None:
        return self.distances(a).get(b)

    def within(self, area: str, steps: int) -> list[str]:
        """Areas at 1..steps from ``area``, sorted."""
        return sorted(a for a, d in self.distances(area, limit=steps).items() if 0 < d <= steps)

    def has_los(self, a: str, b: str) -> bool:
        """Whether the drawn shapes of the two areas allow a line of sight (from the table)."""
        return a == b or edge_id(a, b) in self.los

    def ids(self) -> Iterable[str]:
        return self.areas.keys()
