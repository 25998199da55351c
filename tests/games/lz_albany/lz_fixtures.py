"""A tiny language to build LZ Albany positions for rule tests.

On the real map and counters:

>>> s = Pos(turn=2).place("US-A27-1", "N1").place("NVA-33-C1-1", "N0").activation("us", "27ab", "fire")
>>> {"type": "fire", "from": "N1", "at": "N0"} in legal(s)
True

On a small map of its own (``World``: a few areas, a few counters, registered as a dataset):

>>> w = World({"W": "grass", "LZ_ALBANY": "lz_albany", "E": "jungle"}, [("W", "LZ_ALBANY"), ("LZ_ALBANY", "E")],
...           {"us-1": rifle("us", "27ab"), "nva-1": rifle("nva", "33")})
>>> s = w.pos().place("us-1", "LZ_ALBANY").place("nva-1", "E").activation("us", "27ab", "fire")
>>> [a for a in legal(s) if a["type"] == "fire"]
[{'type': 'fire', 'from': 'LZ_ALBANY', 'at': 'E'}]
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from server.engine.core import State
from server.engine.steps import push
from server.engine.testing import Kit, Position
from server.games.lz_albany import RULES
from server.games.lz_albany.data import COLUMBUS, STANDARD, TRANSIT, build, dataset, register
from server.games.lz_albany.rules import new_state, run

# === A SMALL MAP OF ITS OWN ===

_names = itertools.count(1)


def _counter(side: str, group: str | None, type_: str, full: dict[str, int] | None, reduced: dict[str, int] | None,
             *, formation: str | None = None, infantry: bool = False, entry_turn: int = 1,
             setup: str | None = None, historical_area: str | None = None, **extra: Any) -> dict[str, Any]:
    combat = full is not None
    return {"side": side, "group": group, "formation": formation or (group or side), "type": type_,
            "combat": combat, "infantry": infantry, "stacks": combat, "moves": type_ != "artillery",
            "full": full, "reduced": reduced, "setup": setup or ("us_setup" if side == "us" else "nva_setup"),
            "entry_turn": entry_turn, "historical_area": historical_area, **extra}


def rifle(side: str, group: str, fire: int = 2, melee: int = 2, **kw: Any) -> dict[str, Any]:
    """An infantry platoon, ``fire``-``melee`` full, 1-1 reduced."""
    return _counter(side, group, "rifle", {"fire": fire, "melee": melee}, {"fire": 1, "melee": 1}, infantry=True, **kw)


def mortar(side: str, group: str, fire: int = 2, **kw: Any) -> dict[str, Any]:
    return _counter(side, group, "mortar", {"fire": fire, "melee": 1}, {"fire": 1, "melee": 0}, **kw)


def artillery(fire: int = 3, **kw: Any) -> dict[str, Any]:
    return _counter("us", None, "artillery", {"fire": fire, "melee": 0}, {"fire": 1, "melee": 0},
                    setup=COLUMBUS, **kw)


def officer(side: str, group: str, **kw: Any) -> dict[str, Any]:
    return _counter(side, group, "officer", None, None, **kw)


def senior(side: str, **kw: Any) -> dict[str, Any]:
    return _counter(side, None, "senior_officer", None, None, **kw)


class World:
    """A small synthetic dataset: the areas named (``{id: terrain}`` or ``{id: {attributes}}``),
    the edges, LOS (by default every adjacent pair) and a few counters; the standard groups, tables
    and messages unless given. LZ Albany, the transit area and LZ Columbus (linked to the areas
    whose ``map_edge`` holds "east") are added when absent, because the rules name them."""

    def __init__(self, areas: dict[str, str | dict[str, Any]], edges: list[tuple[str, str]],
                 units: dict[str, dict[str, Any]], *, los: list[tuple[str, str]] | None = None,
                 tables: dict[str, Any] | None = None) -> None:
        std = dataset(STANDARD)
        raw: dict[str, dict[str, Any]] = {}
        for aid, a in areas.items():
            info = {"terrain": a} if isinstance(a, str) else dict(a)
            raw[aid] = {"name": {"en": aid, "ja": aid}, "map_edge": [], "east_edge": False, "circles": [], **info}
            raw[aid]["east_edge"] = "east" in raw[aid]["map_edge"]
        raw.setdefault("LZ_ALBANY", {"terrain": "lz_albany", "name": {"en": "LZ", "ja": "LZ"}, "map_edge": [],
                                     "east_edge": False, "circles": []})
        for aid, terrain in ((TRANSIT, "transit"), (COLUMBUS, "lz_columbus")):
            raw.setdefault(aid, {"terrain": terrain, "name": {"en": aid, "ja": aid}, "map_edge": [],
                                 "east_edge": False, "circles": [], "off_map": True})
        raw[COLUMBUS]["stacking_limit"] = None  # PROVENANCE D-2, as on the real map
        links = [[a, b] for a, b in edges]
        if not any(COLUMBUS in e for e in links):
            links.append([COLUMBUS, TRANSIT])
            links += [[TRANSIT, a] for a, info in raw.items() if info["east_edge"]]
        sight = [list(p) for p in los] if los is not None else [
            [a, b] for a, b in links if TRANSIT not in (a, b) and COLUMBUS not in (a, b)]
        map_raw = {"areas": raw, "edges": links, "los": sight}
        counters = {"groups": copy.deepcopy(std.groups), "units": copy.deepcopy(units)}
        self.name = f"test-{next(_names)}"
        self.data = build(map_raw, counters, copy.deepcopy(tables or std.tables), std.messages)
        register(self.name, self.data)

    def pos(self, turn: int = 2, seed: bytes = b"lz-dsl") -> Pos:
        return Pos(turn, seed, data=self.name)


# === POSITIONS ===

def blank(turn: int = 2, seed: bytes = b"lz-dsl", data: str = STANDARD) -> State:
    """A match at the Action Phase of ``turn`` with every counter off the map and an empty cup."""
    s = new_state(data, "historical", {}, seed)
    for u in s["units"].values():
        u.update(area=None, status="pending", hits=0, markers=[])
    s.update(turn=turn, phase="action", cup=[], spent=[], drawn=[], log=[], stack=[],
             vp={"us": 0, "nva": 0})
    # Below the step under test: the rest of the Action Phase, then recovery and admin.
    push(s, {"kind": "draw"}, {"kind": "end_action"}, {"kind": "turn", "next": 3})
    return s


class Pos(Position):
    """A position at the Action Phase (``blank``): counters placed in their areas, unhurt and unmarked unless
    the call says otherwise; then the phase starts (``go``), or a frame is begun (``frame``, ``activation``)."""

    where = "area"
    placed = {"hits": 0, "status": "map", "markers": []}

    def __init__(self, turn: int = 2, seed: bytes = b"lz-dsl", *, data: str = STANDARD) -> None:
        super().__init__(KIT, blank(turn, seed, data))

    def place(self, uid: str, where: str | None, **fields: Any) -> Pos:
        if "markers" in fields:
            fields["markers"] = list(fields["markers"])
        return super().place(uid, where, **fields)

    def cup(self, *chits: str) -> Pos:
        self.state["cup"] = sorted(chits)
        return self

    def set(self, **fields: Any) -> Pos:
        self.state.update(fields)
        return self

    def go(self) -> State:
        """Start the Action Phase here: the server draws the first chit."""
        run(self.state)
        return self.state

    def frame(self, frame: dict[str, Any]) -> State:
        return begin_frame(self.state, frame)

    def activation(self, side: str, group: str | None, mode: str, *, left: int = 1,
                   joined: tuple[str, ...] = ()) -> State:
        """An activation already chosen (the chit drawn, the group and face picked)."""
        return self.frame(activation_frame(side, group, mode, left=left, joined=joined))


def begin_frame(state: State, frame: dict[str, Any]) -> State:
    """``frame`` begins on top of the state's stack, run as in play up to the next decision."""
    push(state, frame)
    run(state)
    return state


def activation_frame(side: str, group: str | None, mode: str, *, left: int = 1,
                     joined: tuple[str, ...] = ()) -> dict[str, Any]:
    """The frame of an activation already chosen: the chit drawn, the group and face picked."""
    return {"kind": "act", "side": side, "group": group, "mode": mode, "left": left, "adrenaline": left > 1,
            "joined": list(joined), "moved": {}, "fired": [], "carry": {}}


# The kit's verbs (engine.testing.Kit), bound to LZ Albany.
KIT = Kit(RULES)
active, legal, types, act, view, force, unit, lines, last_line = (
    KIT.active, KIT.legal, KIT.types, KIT.act, KIT.view, KIT.force, KIT.unit, KIT.lines, KIT.last_line)


def step(state: State) -> str:
    return str(state["stack"][-1]["kind"])
