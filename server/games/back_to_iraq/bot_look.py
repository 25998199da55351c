"""What the computer opponent of Back to Iraq reads of a world (``bot.py``): the distance fields it plans with
and ``Look``, everything its evaluation and prior need of one world, computed once."""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from ...engine.core import State
from .board import WATER, Board
from .forces import board, printed, scenario, spec, tables
from .sequence import last_turn, mipp_limit
from .terrain import neutral

FAR = 99
SIDE_COST = {"clear": 2, "salt_marsh": 2, "desert": 3, "rough": 4, "marsh": 6, "mountain": 6}
"""Half-MP-like costs of the distance field: a road hexside costs 1 whatever the terrain (LOST-12 roughly)."""


# === Geometry ===

Edges = dict[str, tuple[tuple[str, int], ...]]
_EDGES: dict[tuple[int, int], Edges] = {}
_FIELDS: dict[tuple[int, int, tuple[tuple[str, int], ...]], dict[str, int]] = {}
_ROAD_GAP: dict[int, dict[str, int]] = {}


def _edges(state: State) -> Edges:
    b = board(state)
    key = (id(b), scenario(state))
    got = _EDGES.get(key)
    if got is not None:
        return got
    out: Edges = {}
    for h in b.hexes:
        row = []
        for n in b.neighbours(h):
            if b.terrain[n] in WATER or neutral(state, n) or n not in b.country or b.is_escarpment(h, n):
                continue
            c = 1 if b.is_road(h, n) else SIDE_COST.get(b.terrain[n], 2) + (2 if b.is_river(h, n) else 0)
            row.append((n, c))
        out[h] = tuple(row)
    _EDGES[key] = out
    return out


def field_from(state: State, goals: Sequence[tuple[str, int]]) -> dict[str, int]:
    """Distance (``SIDE_COST``) from every hex to the nearest goal, each goal starting at its own offset."""
    b = board(state)
    key = (id(b), scenario(state), tuple(sorted(goals)))
    got = _FIELDS.get(key)
    if got is not None:
        return got
    edges = _edges(state)
    dist: dict[str, int] = {}
    heap = [(off, h) for h, off in goals]
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if h in dist:
            continue
        dist[h] = d
        for n, c in edges.get(h, ()):
            if n not in dist:
                heapq.heappush(heap, (d + c, n))
    if len(_FIELDS) > 64:
        _FIELDS.clear()
    _FIELDS[key] = dist
    return dist


def road_gap(b: Board) -> dict[str, int]:
    """Hexes from each hex to the nearest road hex (§8.10: an off-road supply segment is LOST-16 hexes at most)."""
    got = _ROAD_GAP.get(id(b))
    if got is not None:
        return got
    dist = {h: 0 for h in b.road_hexes}
    frontier = list(dist)
    d = 0
    while frontier:
        d += 1
        nxt = []
        for h in frontier:
            for n in b.neighbours(h):
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    _ROAD_GAP[id(b)] = dist
    return dist


# === What a world shows ===

class Look:
    """Everything the evaluation and the prior read of one world, computed once."""

    def __init__(self, world: State) -> None:
        self.world = world
        self.b = b = board(world)
        self.scenario = scenario(world)
        self.hex_of: dict[str, str] = {}
        self.at: dict[str, dict[str, list[str]]] = {"coalition": {}, "islamic": {}}
        self.strength: dict[str, tuple[int, int]] = {}
        self.mp: dict[str, int] = {}
        self.full = {"coalition": 0, "islamic": 0}
        self.now = {"coalition": 0, "islamic": 0}
        for uid, u in world["units"].items():
            if u["status"] == "out":
                continue
            s = spec(world, uid)
            self.full[u["side"]] += s.attack + s.defense
            if u["status"] != "map":
                continue
            a, d, mp = printed(world, uid)
            self.strength[uid] = (a, d)
            self.mp[uid] = int(mp)
            self.now[u["side"]] += a + d
            self.hex_of[uid] = u["hex"]
            self.at[u["side"]].setdefault(u["hex"], []).append(uid)
        for side in self.at:
            for us in self.at[side].values():
                us.sort()
        control = world["control"]
        self.kc = b.hex_of("kuwait_city")
        self.iraqi = b.cities("iraq")
        self.iranian = b.cities("iran") if self.scenario == 2 else []
        self.owner = {h: control.get(h) for h in [*self.iraqi, *self.iranian, self.kc]}
        self.need = tables(world).lost("LOST-30")
        self.limit = mipp_limit(world)
        self.last = last_turn(world)
        self.baghdad = b.hex_of("baghdad")
        self._goal: dict[str, int] | None = None
        self._dc: dict[str, int] = {}
        self._kc_threat: float | None = None

    def defence(self, side: str, h: str, but: Sequence[str] = ()) -> int:
        return sum(self.strength[u][1] for u in self.at[side].get(h, ()) if u not in but)

    def attack(self, side: str, h: str, but: Sequence[str] = ()) -> int:
        return sum(self.strength[u][0] for u in self.at[side].get(h, ()) if u not in but)

    def near_attack(self, side: str, h: str) -> int:
        """The attack strength of ``side`` beside ``h``."""
        return sum(self.attack(side, n) for n in self.b.neighbours(h))

    def kc_threat(self) -> float:
        """§4.6: the Islamic attack strength that could stand beside Kuwait City at its next combat: in full beside
        it, at three quarters within half its MP of a hex beside it (Kuwait's desert and roads cost little)."""
        if self._kc_threat is None:
            g, t = self.b.grid, 0.0
            for h, units in self.at["islamic"].items():
                d = g.distance(h, self.kc)
                for u in units:
                    if d <= 1:
                        t += self.strength[u][0]
                    elif d - 1 <= max(1, self.mp[u] // 2):
                        t += 0.75 * self.strength[u][0]
            self._kc_threat = t
        return self._kc_threat

    def targets(self) -> list[str]:
        """The cities the Coalition still needs (§4.4-§4.5)."""
        return [h for h in [*self.iraqi, *self.iranian] if self.owner[h] != "coalition"]

    def goal_field(self) -> dict[str, int]:
        """The Coalition's distance to the nearest city it does not hold; Baghdad (the Iraqi supply, §8.4) nearest."""
        if self._goal is None:
            goals = [(h, 0 if h == self.baghdad else 3) for h in self.targets()]
            self._goal = field_from(self.world, goals) if goals else {}
        return self._goal

    def from_coalition(self, h: str) -> int:
        """The hex distance from ``h`` to the nearest Coalition unit."""
        if h not in self._dc:
            self._dc[h] = min((self.b.grid.distance(h, x) for x in self.at["coalition"]), default=FAR)
        return self._dc[h]

    def turns_left(self) -> float:
        w = self.world
        left = max(0, self.last - int(w["turn"]))
        if w["regroup"]["now"] is not None:
            return left + 0.4  # §9.3-§9.4: a regroup turn is lost to the Coalition's advance
        return left + (1.0 if w["player"] == "coalition" and w["phase"] != "combat" else 0.4)
