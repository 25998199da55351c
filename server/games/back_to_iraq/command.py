"""§G4: command and control (C2) with HQs, the advanced match option ``c2``.

An operational HQ (front up) commands the units of its nations (§G4.3) that trace a line of at most its command
range to it (§G4.2), and with the option supply runs through the HQs (§G4.4): ``supply.Lines`` asks ``supplied``
here. Command also decides who advances after combat (§G4.5, results.py). Air strikes and SOF operations suppress
an HQ (§G4.6, ``suppress``: its record's ``suppressed``); it recovers in a regroup turn (§G4.7, ``recover``).

A line is read like a supply line (§8.11, §7.6): it never enters an enemy-occupied hex, a hex or hexside
prohibited to the unit tracing it, or a neutral country, and it may end in a Coalition ZOC (the unit's own hex or
the HQ's) but not pass through one. Its length counts the hexes entered, not the unit's own.
"""

from __future__ import annotations

from typing import Protocol

from ...engine.core import State
from .board import WATER
from .forces import ENEMY, board, log, movement_class, occupied, on_map, spec, unit
from .sources import family, sources
from .terrain import may_stand, neutral_hexes, step_costs
from .zoc import zoc

OPTION = "c2"
FREE_ADVANCE = ("us", "uk", "france", "ec", "israel")  # §G4.5(3): US, UK, French, European, Israeli


def on(state: State) -> bool:
    return bool(state["options"].get(OPTION))


def in_play(state: State, uid: str) -> bool:
    """§G4.1: with the option the HQs are on the map (at their set-up hexes, or placed in a free set-up)."""
    return on(state) and spec(state, uid).type == "hq"


def is_hq(state: State, uid: str) -> bool:
    return spec(state, uid).type == "hq"


def operational(state: State, uid: str) -> bool:
    """§G4.1, §G4.6: front up; a suppressed HQ gives no command."""
    rec = unit(state, uid)
    return rec["status"] == "map" and not rec.get("suppressed")


def serves(state: State, hq: str, uid: str) -> bool:
    """§G4.3: Coalition units use any Coalition HQ, Israel only US ones; Iraq (Army and RG) only Iraqi HQs, Iran
    only Iranian ones, Al Qaeda any Islamic HQ."""
    h, u = spec(state, hq), spec(state, uid)
    if h.side != u.side:
        return False
    if u.nation == "israel":
        return h.nation == "us"
    if u.power == "al_qaeda":
        return True
    return u.side == "coalition" or h.power == u.power


class Command:
    """The command of one side at one moment (§G4.2): built once, asked per unit; each HQ's area (the hexes a
    unit of one kind can trace from) is found once."""

    def __init__(self, state: State, side: str, stops: frozenset[str] | None = None) -> None:
        self.state = state
        self.side = side
        self.enemy = frozenset(occupied(state, ENEMY[side]))
        self.neutral = neutral_hexes(state)
        self.stops = (zoc(state) if side == "islamic" else frozenset()) if stops is None else stops
        self.hqs = [u for u in on_map(state, side) if is_hq(state, u) and operational(state, u)]
        self._areas: dict[tuple[str, tuple[object, ...]], frozenset[str]] = {}
        self.linked: dict[str, bool] = {}  # HQ -> its own line to the road net (§G4.4)

    def _kind(self, uid: str) -> tuple[object, ...]:
        s = spec(self.state, uid)
        return (movement_class(self.state, uid), "mountain" in s.tags, s.nation == "saudi",
                "marine" in s.tags, "airborne" in s.tags)

    def area(self, hq: str, uid: str) -> frozenset[str]:
        """The hexes from which units like ``uid`` trace a line to ``hq`` (§G4.2): a search out from the HQ of its
        range, stepping from each hex ``n`` back into the one nearer the HQ as the tracing unit would."""
        key = (hq, self._kind(uid))
        if key not in self._areas:
            self._areas[key] = self._search(hq, uid)
        return self._areas[key]

    def _search(self, hq: str, uid: str) -> frozenset[str]:
        state = self.state
        b = board(state)
        s = spec(state, uid)
        airborne, marine = "airborne" in s.tags, "marine" in s.tags
        costs = step_costs(state, uid, line=True)
        start = unit(state, hq)["hex"]
        seen = {start}
        frontier = [start]
        for _ in range(int(spec(state, hq).raw["range"])):
            nxt = []
            for h in frontier:
                if h != start and h in self.stops:
                    continue  # §G4.2: into a ZOC (the unit's own hex), not through it
                for n in b.neighbours(h):
                    if n in seen or n in self.neutral:
                        continue  # §8.11: no line through a country out of play
                    if not airborne:  # §G4.4(3): airborne through water, enemy hexes, any terrain
                        if n in self.enemy:
                            continue
                        water = b.terrain[h] in WATER or b.terrain[n] in WATER
                        if not (marine and water) and costs[(n, h)] is None:
                            continue  # §G4.4(2): marines through all-water hexes
                    seen.add(n)
                    nxt.append(n)
            frontier = nxt
        return frozenset(seen)

    def commanders(self, uid: str) -> list[str]:
        """The operational HQs that command ``uid`` now (§G4.2-§G4.3)."""
        here = unit(self.state, uid)["hex"]
        return [hq for hq in self.hqs if serves(self.state, hq, uid) and here in self.area(hq, uid)]

    def commanded(self, uid: str) -> bool:
        """§G4.2; §G3.5: SOF are always in command."""
        return spec(self.state, uid).movement_class == "sof" or bool(self.commanders(uid))


# === §G4.4 C2 and supply ===

class Lines(Protocol):
    """What C2 supply reads of a side's supply (``supply.Lines``, which asks ``supplied`` here)."""

    state: State
    command: Command | None

    def net(self, family: str) -> set[str]: ...

    def off_road(self, uid: str, here: str, net: set[str], reach: int) -> bool: ...

    def supplied(self, uid: str, *, air: bool = True) -> bool: ...


def hq_linked(lines: Lines, hq: str) -> bool:
    """§G4.4: the HQ traces a line of at most its range to a road hex joined by road to a source of its own
    (HQs do not chain through other HQs, §G4.4(1)): an HQ's own supply."""
    cache = lines.command.linked if lines.command is not None else {}
    if hq not in cache:
        state = lines.state
        net = lines.net(family(state, hq))
        here = unit(state, hq)["hex"]
        cache[hq] = here in net or lines.off_road(hq, here, net, int(spec(state, hq).raw["range"]))
    return cache[hq]


def supplied(lines: Lines, uid: str) -> bool:
    """§G4.4, replacing basic supply: a unit on a source of its own is supplied; any other traces to an
    operational HQ of its nations that is linked to the road net. (SOF, air supply, the MEF's coast and the
    limited sources are settled by the caller, §G4.4(4)-(5).)"""
    state = lines.state
    here = unit(state, uid)["hex"]
    if here in sources(state, family(state, uid)):
        return True  # §G4.4(4)
    if is_hq(state, uid):
        return hq_linked(lines, uid)
    command = lines.command
    assert command is not None
    return any(hq_linked(lines, hq) for hq in command.commanders(uid))


def recovers(lines: Lines, uid: str) -> bool:
    """§9.5 with §G4.4: a reduced Coalition unit recovers with land supply and, with the option, a line to an
    HQ (even on a source)."""
    if not lines.supplied(uid, air=False):
        return False
    return lines.command is None or lines.command.commanded(uid)


# === §G4.5 C2 and advance after combat ===

def may_advance(state: State, uid: str, command: Command | None) -> bool:
    """§G4.5(1)-(3) for the first hex: Iraqi, Iranian and Al Qaeda units in command (the Iraqi ones also need a
    C3I on the map: results.py, which keeps the step offered); US, UK, French, European and Israeli units whatever
    their C2; the other Coalition units in command."""
    if command is None:
        return True
    s = spec(state, uid)
    if s.side == "coalition" and s.nation in FREE_ADVANCE:
        return True  # §G4.5(3)
    return command.commanded(uid)


def may_go_on(state: State, uid: str, command: Command | None) -> bool:
    """§G4.5(4): a US, UK, French, European or Israeli mech unit in command advances a second hex."""
    s = spec(state, uid)
    return (command is not None and s.side == "coalition" and s.nation in FREE_ADVANCE
            and movement_class(state, uid) == "mech" and command.commanded(uid))


def advance_command(state: State, side: str) -> Command | None:
    return Command(state, side) if on(state) else None


def second_hexes(state: State, uid: str) -> list[str]:
    """§G4.5(4): the second hex in any direction from the vacated one: not enemy-occupied, not over an
    escarpment, a hex the unit may stand in."""
    b = board(state)
    here = unit(state, uid)["hex"]
    enemy = occupied(state, ENEMY[spec(state, uid).side])
    return [n for n in b.neighbours(here)
            if n not in enemy and not b.is_escarpment(here, n) and may_stand(state, uid, n)]


# === §G4.6 Suppression, §G4.7 recovery ===

def suppress(state: State, uid: str) -> None:
    """§G4.6: an air strike or SOF operation flips the HQ to its suppressed back; a second has no effect."""
    rec = unit(state, uid)
    if rec.get("suppressed") or rec["status"] != "map":
        return
    rec["suppressed"] = True
    log(state, "suppressed", unit=uid)
