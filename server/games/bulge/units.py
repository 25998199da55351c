"""The shared facts every rule reads: units in the state, the log and the VP track, who stands where,
zones of control (§5) and stacking (§6).

Each unit has one record ``state["units"][id]`` holding only what changes during play (hex,
status, steps, supply, per-phase flags); what a unit *is* (strengths, nation, division) lives in
``counters.json`` (``UnitSpec``). Nothing is secret in the rules, so a unit's ref is its id.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from typing import Any

from ...engine.core import IllegalAction, Message, Role, State
from .data import Board, GameData, Tables, UnitSpec, dataset


def gd(state: State) -> GameData:
    return dataset(state["data"])


def board(state: State) -> Board:
    return gd(state).board


def tables(state: State) -> Tables:
    return gd(state).tables


def spec(state: State, uid: str) -> UnitSpec:
    return gd(state).units[uid]


def enemy(side: str) -> str:
    return "allied" if side == "german" else "german"


def unit(state: State, uid: str) -> dict[str, Any]:
    rec: dict[str, Any] = state["units"][uid]
    return rec


def on_map(state: State, side: str | None = None) -> list[str]:
    return [uid for uid, u in state["units"].items()
            if u["status"] == "map" and (side is None or u["side"] == side)]


def by_ref(state: State, ref: Any) -> str:
    if not isinstance(ref, str) or ref not in state["units"]:
        raise IllegalAction(f"No unit {ref!r}.")
    return ref


def name(state: State, uid: str) -> Message:
    return {"key": f"unit.{uid}"}


def log(state: State, key: str, readers: list[Role] | None = None, **args: Any) -> None:
    """Append a log line; ``readers`` None means public."""
    state["log"].append({"key": f"log.{key}", "args": args, "to": readers})


def add_vp(state: State, vp: int, why: str, **args: Any) -> None:
    """§13.1: only the German total is kept; Allied points are subtracted (AMBIG-27: it may go negative)."""
    if vp == 0:
        return
    state["vp"] += vp
    state["vp_turn"] += vp
    log(state, "vp", vp=vp, total=state["vp"], why={"key": f"vp.{why}", "args": args})


def is_commando(state: State, uid: str) -> bool:
    return spec(state, uid).is_commando


def strength(state: State, uid: str) -> tuple[int, int]:
    return spec(state, uid).strength(unit(state, uid)["steps"])


# === Where everything is: computed once per question, never stored ===

class Situation:
    """Who stands where and the zones of control, for one look at the state (§5.1).

    ``only``: the units a side may know of (fog of war, ``fog.situation_for``), whose ``viewer`` it is; None
    (the default) is the truth, which the rules apply."""

    def __init__(self, state: State, only: Collection[str] | None = None, viewer: str | None = None) -> None:
        self.state = state
        self.viewer = viewer
        self.at: dict[str, list[str]] = defaultdict(list)
        for uid, u in state["units"].items():
            if u["status"] == "map" and (only is None or uid in only):
                self.at[u["hex"]].append(uid)
        self._zoc: dict[str, frozenset[str]] = {}

    def units(self, hex_id: str, side: str | None = None, *, commandos: bool = True) -> list[str]:
        s = self.state
        return [uid for uid in self.at.get(hex_id, ())
                if (side is None or s["units"][uid]["side"] == side) and (commandos or not is_commando(s, uid))]

    def has_enemy(self, hex_id: str, side: str) -> bool:
        """§7/§8.5: an enemy *combat* unit stands here (commandos do not block, §9.5(3))."""
        return bool(self.units(hex_id, enemy(side), commandos=False))

    def zoc(self, side: str) -> frozenset[str]:
        """§5.1: the hexes in the ZOC of ``side``'s units (into all terrain, across rivers)."""
        if side not in self._zoc:
            s = self.state
            posts = frozenset(h for h, uids in self.at.items()
                              if any(s["units"][u]["side"] == side and has_zoc(s, u) for u in uids))
            self._zoc[side] = _zoc_of(board(s), posts)
        return self._zoc[side]

    def ezoc(self, side: str) -> frozenset[str]:
        return self.zoc(enemy(side))


def _zoc_of(b: Board, posts: frozenset[str]) -> frozenset[str]:
    """The hexes next to ``posts``; asked several times per action for the same posts, so remembered."""
    return b.memo.get(("zoc", posts), lambda: frozenset(n for h in posts for n in b.neighbours(h)))


def has_zoc(state: State, uid: str) -> bool:
    u = unit(state, uid)
    if u["status"] != "map" or is_commando(state, uid):
        return False  # §5.2: commandos have no ZOC
    # §8.5(3): after an Option Retreat, no ZOC for the rest of that enemy player turn.
    return not (u.get("option_retreat") and state["player"] != u["side"])


def option_retreat_bars(state: State, uids: list[str], to: str, ezoc: frozenset[str]) -> bool:
    """§8.5(3): after an Option Retreat, no entering an EZOC in the next own player turn."""
    return to in ezoc and any(unit(state, u).get("option_retreat") for u in uids)


# === §6 STACKING ===

def _colour_key(s: UnitSpec) -> str:
    """§6.2(4): units of one functional colour may stack only within one division.

    A non-divisional unit is its own "division", so it stacks with nothing of its colour, except
    §6.2(6) the FB and FG Panzer Brigades with each other, and §6.2(7) British armoured brigades.
    """
    if s.division:
        return f"division:{s.division}"
    if s.stack_group:
        return f"group:{s.stack_group}"  # counters.json "stack_group": "FB/FG", "british_armour"
    return f"unit:{s.id}"


def stack_problem(state: State, uids: list[str], hex_id: str | None = None) -> str | None:
    """Why these units may not end a phase or a combat together in one hex, or None (§6.2)."""
    t = tables(state)
    units = [spec(state, u) for u in uids if not is_commando(state, u)]  # §6.2(5): commandos are outside
    if not units:
        return None
    if len({u.side for u in units}) > 1:
        return "sides"  # §6.2(1)
    if len(units) > int(t.const("stacking_limit")):
        return "limit"
    if len({u.nation for u in units}) > 1:
        return "nations"  # §6.2(2): US and British never together
    armies = {u.army for u in units if u.nation == "german" and u.army != "white"}
    if len(armies) > 1:
        return "armies"  # §6.2(3): a white army line stacks with any army
    fortress = hex_id is not None and is_fortress(state, hex_id)
    if not fortress:  # §12.5: 3 units in a fortress city whatever their divisions
        by_colour: dict[str, set[str]] = defaultdict(set)
        for u in units:
            by_colour[u.functional].add(_colour_key(u))
        if any(len(keys) > 1 for keys in by_colour.values()):
            return "divisions"
    # §6.2(7), AMBIG-11: at most 2 British armoured brigades in a stack.
    brigades = sum(1 for u in units if u.stack_group == "british_armour")
    if brigades > int(t.const("british_brigades_per_stack")):
        return "british_brigades"
    return None


def stack_violations(state: State, side: str) -> list[tuple[str, str]]:
    """The hexes where ``side``'s units break §6.2, each with the limit broken (``stack_problem``)."""
    out = []
    for h, uids in sorted(Situation(state).at.items()):
        own = [u for u in uids if state["units"][u]["side"] == side]
        if own and (problem := stack_problem(state, own, h)) is not None:
            out.append((h, problem))
    return out


def is_fortress(state: State, hex_id: str) -> bool:
    """§12.1 / §12.6: St. Vith and Bastogne, until the Germans have occupied them once."""
    return board(state).place_kind(hex_id) == "fortress" and hex_id not in state["fallen_fortresses"]


def is_important(state: State, hex_id: str) -> bool:
    """AMBIG-17: a fortress city counts as an important city for joint attacks and movement."""
    return board(state).place_kind(hex_id) in ("important", "fortress")
