"""§8: supply. A line runs from the unit: an off-road segment of at most LOST-16 hexes (the 101st's LOST-17) to a
source or to a road, then along roads and highways, as far as need be, to a source (§8.10).

No line enters an enemy-occupied hex, a neutral country, water, or a hex or hexside the unit could not enter
(§8.11); an Islamic line may go into a Coalition ZOC but not through it (§7.6), so a ZOC hex ends a line unless it
is the unit's own hex or the source. §8.9: in Scenario 2 Iraqi units trace to Iraqi sources and Iranian units to
Iranian ones. With the advanced option ``c2`` supply runs through the HQs instead (§G4.4, command.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ...engine.core import State
from . import command
from .board import WATER
from .forces import board, log, occupied, on_map, spec, tables, unit
from .sources import LIMITED, family, sources
from .targets import rebel_blocks
from .terrain import neutral_hexes, step_costs
from .zoc import zoc


def road_net(state: State, family: str, blocked: frozenset[str], stops: frozenset[str]) -> set[str]:
    """The road and highway hexes joined by road to a source of ``family`` (§8.10), not through ``blocked`` hexes
    (enemy-occupied, neutral), and not on past a hex of ``stops`` (a Coalition ZOC, for an Islamic line)."""
    b = board(state)
    starts = [h for h in sources(state, family) if h not in blocked]
    net = set(starts)
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        if h in stops and h not in starts:
            continue
        for n in b.neighbours(h):
            if n not in net and n not in blocked and b.is_road(h, n):
                net.add(n)
                queue.append(n)
    return net


class Lines:
    """The supply of one side at one moment: built once, asked per unit."""

    def __init__(self, state: State, side: str) -> None:
        self.state = state
        self.side = side
        enemy = frozenset(occupied(state, "islamic" if side == "coalition" else "coalition"))
        self.blocked = enemy | neutral_hexes(state)
        if side == "islamic":
            self.blocked |= rebel_blocks(state)  # §G1 Rebellion
        self.stops = zoc(state) if side == "islamic" else frozenset()
        self._nets: dict[str, set[str]] = {}
        self.sources = frozenset(board(state).supply_sources)
        self.command = command.Command(state, side, self.stops) if command.on(state) else None  # §G4

    def net(self, family: str) -> set[str]:
        if family not in self._nets:
            self._nets[family] = road_net(self.state, family, self.blocked, self.stops)
        return self._nets[family]

    def supplied(self, uid: str, *, air: bool = True) -> bool:
        """Whether ``uid`` is in supply; ``air`` False: by land (§9.5, §10.21), the air supply marker aside."""
        state = self.state
        s = spec(state, uid)
        here = unit(state, uid)["hex"]
        b = board(state)
        if s.movement_class == "sof":
            return True  # §G3.5
        if air and s.side == "coalition" and here == state.get("air_supply"):
            return True  # §8.13
        if "mef" in s.tags and here in b.coastal:
            return True  # §8.14
        kin = family(state, uid)
        if kin in LIMITED and b.supply_sources.get(here) == LIMITED[kin] and here not in state["lost_sources"]:
            return True  # §8.5, §8.7: in the limited source itself
        if self.command is not None:
            return command.supplied(self, uid)  # §G4.4: C2 replaces basic supply
        net = self.net(kin)
        if here in net:
            return True  # on a source, or on a road joined to one
        reach = int(tables(state).lost("LOST-17" if "101st" in s.tags else "LOST-16"))  # LOST-16, LOST-17
        return self.off_road(uid, here, net, reach)

    def off_road(self, uid: str, here: str, net: set[str], reach: int) -> bool:
        """§8.10-§8.11: at most ``reach`` hexes (the unit's own not counted) through hexes it could enter, to the
        road net or a source."""
        b = board(self.state)
        costs = step_costs(self.state, uid, line=True)
        seen = {here}
        frontier = [here]
        for _ in range(reach):
            nxt = []
            for h in frontier:
                for n in b.neighbours(h):
                    if n in seen or n in self.blocked or b.terrain[n] in WATER:
                        continue
                    if costs[(h, n)] is None:
                        continue
                    if n in net and (n not in self.stops or n in self.sources):
                        return True  # §7.6: a road hex in a ZOC would be passed through, a source is reached
                    seen.add(n)
                    if n not in self.stops:
                        nxt.append(n)  # §7.6: into a ZOC, not through it
            frontier = nxt
        return False


def air_supply_actions(state: State, side: str) -> list[dict[str, str]]:
    """§8.13: once a game turn, in Fair weather, the Coalition puts the Air Supply marker on a hex (the engine offers
    the hexes its units hold, in its own movement and combat phases)."""
    if side != "coalition" or state["weather"] != "fair" or state.get("air_supply_used"):
        return []
    return [{"type": "air_supply", "at": h} for h in sorted(occupied(state, "coalition"))]


def place_air_supply(state: State, hex_id: str) -> None:
    state["air_supply"], state["air_supply_used"] = hex_id, True
    log(state, "air_supply", hex=hex_id)


def out_of_supply(state: State, side: str, uids: Iterable[str] | None = None) -> list[str]:
    """The units of ``side`` (or of ``uids``) out of supply now."""
    lines = Lines(state, side)
    return [u for u in (uids if uids is not None else on_map(state, side)) if not lines.supplied(u)]


def check_zoc_supply(state: State) -> None:
    """§7.4: at the start of the Islamic movement phase, the Coalition units out of supply lose their ZOC."""
    state["no_zoc"] = out_of_supply(state, "coalition")
