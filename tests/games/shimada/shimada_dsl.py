"""A tiny language to build Shimada positions for rule tests, on the real map or a small one.

>>> s = Pos(step="combat").place("J-T1", "0307").place("B-PUN", "0308").state
>>> legal(s)[:1]
[{'type': 'attack_with', 'unit': 'J-T1'}]
>>> w = World("...j")       # one row of four hexes: clear, clear, clear, jungle
>>> s = w.pos().place("J-TA", "0101").state
>>> moves(s, "J-TA")
['0201', '0301']
"""

from __future__ import annotations

import itertools
from typing import Any

from server.engine.core import OMNISCIENT, State
from server.engine.testing import Kit, Position
from server.games.shimada import RULES
from server.games.shimada.data import GameData, dataset, register
from server.games.shimada.rules import new_state, start_at

_names = itertools.count()

TERRAIN = {"c": "clear", "j": "jungle"}
# The small world's counters: a few of each kind the rules name, factors chosen for the tests.
COUNTERS: dict[str, dict[str, Any]] = {
    "J-TA": {"side": "japanese", "kind": "tank", "cf": 4, "ma": 4, "symbol": "armour"},
    "J-TB": {"side": "japanese", "kind": "tank", "cf": 3, "ma": 4, "symbol": "armour"},
    "J-TC": {"side": "japanese", "kind": "tank", "cf": 3, "ma": 1, "symbol": "armour"},
    "J-IN": {"side": "japanese", "kind": "infantry", "cf": 2, "ma": 3, "symbol": "infantry"},
    "B-IN": {"side": "british", "kind": "infantry", "cf": 2, "ma": 2, "symbol": "infantry"},
    "B-HQ": {"side": "british", "kind": "hq", "cf": 1, "ma": 3, "symbol": "hq"},
}
# One result per die face in every column, so a test names the result by its face (FACE).
SMALL_RESULTS = ("Ae", "Ar", "C", "D1", "Ex", "De")
FACE = {r: f for f, r in enumerate(SMALL_RESULTS, start=1)}
CRT = {"columns": ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"],
       "rows": {str(f): [r] * 6 for f, r in enumerate(SMALL_RESULTS, start=1)}}


class World:
    """A small synthetic dataset, registered under a fresh name; nothing read from the real map.

    ``rows`` is one string per map row, one letter per hex: ``.`` or ``c`` clear, ``j`` jungle
    (flat-top hexes, even columns shifted down, as the real map). The entry hex is 0101 unless
    given, the exit the last hex of the first row; ``rivers`` and ``bridges`` list hexsides
    ("0101/0201"). The two British counters stand in ``positions`` at setup. ``crt`` replaces the
    small CRT (``FACE[result]`` is the die face giving ``result`` in it).
    """

    def __init__(self, *rows: str, entry: str = "0101", exit: str | None = None, slim: str | None = None,
                 positions: tuple[str, str] | None = None, rivers: tuple[str, ...] = (),
                 bridges: tuple[str, ...] = (), counters: dict[str, dict[str, Any]] | None = None,
                 crt: dict[str, Any] | None = None) -> None:
        cols = len(rows[0])
        hexes = {}
        for r, line in enumerate(rows, start=1):
            assert len(line) == cols, "every row has the same number of hexes"
            for c, ch in enumerate(line, start=1):
                hexes[f"{c:02d}{r:02d}"] = {"terrain": TERRAIN.get(ch, "clear"), "road": False, "features": []}
        exit = exit or f"{cols:02d}01"
        slim = slim or exit
        positions = positions or (f"{cols:02d}{len(rows):02d}", f"{cols - 1:02d}{len(rows):02d}")
        for h, feature in ((entry, "entry"), (exit, "exit"), (slim, "slim"), *((p, "position") for p in positions)):
            hexes[h]["features"].append(feature)
        sides = {side: {"river": True, "bridge": False} for side in rivers}
        sides.update({side: {"river": True, "bridge": True} for side in bridges})
        board = {
            "grid": {"cols": cols, "rows": len(rows), "top": "flat", "shift": "even"},
            "terrain": {"clear": {"name": {"en": "Clear", "ja": "平地"}, "fill": "#cfe0a8", "jungle": False},
                        "jungle": {"name": {"en": "Jungle", "ja": "ジャングル"}, "fill": "#4f7d3a", "jungle": True}},
            "hexes": hexes, "hexsides": sides, "roads": [],
            "entry": entry, "exit": exit, "slim": slim, "positions": list(positions),
        }
        counters = {uid: {**c, "name": {"en": uid, "ja": uid}} for uid, c in (counters or COUNTERS).items()}
        standard = dataset()
        scenario = {**standard.scenarios["slim_river"], "name": {"en": "test", "ja": "test"}}
        self.data = GameData.from_raw(board=board, counters=counters, crt=crt or CRT, scenarios={"test": scenario},
                                      messages=standard.messages)
        self.name = f"small-{next(_names)}"
        register(self.name, self.data)

    def pos(self, **kw: Any) -> Pos:
        return Pos(world=self, **kw)


class Pos(Position):
    """A position: every counter off the board until placed (face up unless ``face="down"``); the step is
    begun as in play when the position is made."""

    placed = {"status": "map", "face": "up"}

    def __init__(self, *, turn: int = 2, player: str = "japanese", step: str = "movement",
                 dawn: bool = False, dawn_turn: int = 6, seed: bytes = b"dsl", world: World | None = None) -> None:
        s = RULES.setup("slim_river", {}, seed) if world is None else new_state(world.name, "test", {}, seed)
        for u in s["units"].values():
            u.update(hex=None, status="offmap", face="up")
        s.update(turn=turn, player=player, step=step, dawn=dawn, dawn_turn=dawn_turn, log=[])
        super().__init__(KIT, s)
        self._step = step
        self._begin()

    def eliminated(self, uid: str, face: str = "up") -> Pos:
        u = self.state["units"][uid]
        u.update(hex=None, status="map", face=face)
        from server.games.shimada.units import eliminate
        eliminate(self.state, uid)
        return self

    def exited(self, uid: str) -> Pos:
        self.state["units"][uid].update(hex=None, status="exited")
        return self

    def _begin(self) -> None:
        start_at(self.state, self.state["player"], self._step)


# The kit's verbs (engine.testing.Kit), bound to Shimada.
KIT = Kit(RULES)
active, legal, types, act, view, force, unit, lines, last_line = (
    KIT.active, KIT.legal, KIT.types, KIT.act, KIT.view, KIT.force, KIT.unit, KIT.lines, KIT.last_line)


def moves(state: State, unit: str) -> list[str]:
    return [a["to"] for a in legal(state) if a["type"] == "move" and a["unit"] == unit]


def counter(state: State, ref: str, role: str | None = OMNISCIENT) -> dict[str, Any]:
    return next(c for c in RULES.view(state, role)["counters"] if c["ref"] == ref)


def die_for(column: str, result: str) -> int:
    """A die face that gives ``result`` in ``column`` of the CRT (so tests survive CRT tuning)."""
    crt = dataset().crt
    for face in range(1, 7):
        if crt.result(column, face) == result:
            return face
    raise LookupError(f"no {result} in column {column}")
