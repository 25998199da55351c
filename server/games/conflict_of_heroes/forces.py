"""The state of a match of Conflict of Heroes at rules level 1, and what the rules ask of it: the units on the
map and off it, the players' CAP and VP, control of the victory hexes, the log.

A unit's record: ``side``, ``type`` (a counter of ``counters.json``), ``hex`` and ``facing`` (None off the map),
``status`` ("map", "waiting": a reinforcement not yet entered, §5.1; "destroyed": in its owner's destroyed-unit
box, §7.3), ``used`` (the counter's red-line side, §3.0), ``counter`` (the hit counter under it, or None, §7.4),
``came_from`` and ``came_turn`` (the hex it last moved from, for AMBIG-10). The remaining hit counters of each pile
are not stored: they are the pile less the counters under units, drawn at random when a hit needs one (§1.0
step 6, AMBIG-13), so nothing about them is hidden.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...engine.core import Role, State
from .board import FirefightMap
from .data import GameData, dataset
from .firefights import Firefight, standard
from .tables import Tables
from .tally import Tally, message
from .units import HitCounter, UnitType, Values, values

ENEMY = {"german": "soviet", "soviet": "german"}


def data(state: State) -> GameData:
    return dataset(state["data"])


def firefight(state: State) -> Firefight:
    return standard()[state["scenario"]]


@cache
def _map(name: str, layout: str) -> FirefightMap:
    return dataset(name).firefight_map(layout)


def board(state: State) -> FirefightMap:
    return _map(state["data"], firefight(state).layout)


def tables(state: State) -> Tables:
    return data(state).tables


def unit(state: State, uid: str) -> dict[str, Any]:
    rec: dict[str, Any] = state["units"][uid]
    return rec


def spec(state: State, uid: str) -> UnitType:
    return data(state).units[unit(state, uid)["type"]]


def counter(state: State, uid: str) -> HitCounter | None:
    cid = unit(state, uid)["counter"]
    return None if cid is None else data(state).hit_counter(spec(state, uid).hit_pile, cid)


def now(state: State, uid: str) -> Values:
    """§5.9: the unit's values under its hit counter."""
    return values(spec(state, uid), counter(state, uid))


def on_map(state: State, side: str | None = None) -> list[str]:
    return [uid for uid, u in sorted(state["units"].items())
            if u["status"] == "map" and (side is None or u["side"] == side)]


def in_hex(state: State, hex_id: str, side: str | None = None) -> list[str]:
    return [uid for uid in on_map(state, side) if unit(state, uid)["hex"] == hex_id]


def enemies_in_hex(state: State, uid: str) -> list[str]:
    u = unit(state, uid)
    return in_hex(state, u["hex"], ENEMY[u["side"]]) if u["status"] == "map" else []


def enemies_on_map(state: State, side: str) -> list[str]:
    return on_map(state, ENEMY[side])


def losses(state: State, side: str) -> int:
    return sum(1 for u in state["units"].values() if u["side"] == side and u["status"] == "destroyed")


def name(state: State, uid: str) -> dict[str, Any]:
    """A unit named in a log line or a prompt: its counter's name and its id (nothing about units is hidden)."""
    return {"key": "unit", "args": {"type": {"key": f"type.{unit(state, uid)['type']}"}, "id": uid}}


def log(state: State, key: str, **args: Any) -> None:
    """A public log line (at rules level 1 nothing is hidden); a unit goes in as its name."""
    for k, v in args.items():
        if k in ("unit", "target", "firer") and isinstance(v, str):
            args[k] = name(state, v)
        elif k in ("side", "player", "winner") and isinstance(v, str):
            args[k] = {"key": f"side.{v}"}
        elif k == "facing" and isinstance(v, str):
            args[k] = {"key": f"facing.{v}"}
        elif isinstance(v, Tally):
            args[k] = message(v)
    state["log"].append({"key": f"log.{key}", "args": args, "to": None})


def pay(state: State, side: Role, cap: int) -> None:
    if cap > state["cap"][side]:
        raise AssertionError(f"{side} pays {cap} CAP but has {state['cap'][side]}")
    state["cap"][side] -= cap


# --- §2.4, AMBIG-25: control of the victory hexes ---

def update_control(state: State) -> None:
    """The last player to have had units alone in a victory hex controls it; while both sides are there, it is
    contested and nobody does (AMBIG-25); an empty hex stays as it was."""
    for h in firefight(state).victory_hexes:
        sides = {unit(state, uid)["side"] for uid in in_hex(state, h)}
        if len(sides) == 2:
            state["control"][h] = None
        elif len(sides) == 1:
            state["control"][h] = sides.pop()


def new_units(state: State) -> dict[str, dict[str, Any]]:
    ff, units = firefight(state), {}
    gd = data(state)
    for p in ff.units:
        units[p.id] = {"side": gd.units[p.type].side, "type": p.type, "hex": p.hex, "facing": p.facing,
                       "status": "map", "used": False, "counter": None, "came_from": None, "came_turn": None}
    for r in ff.reinforcements:
        units[r.id] = {"side": gd.units[r.type].side, "type": r.type, "hex": None, "facing": None,
                       "status": "waiting", "used": False, "counter": None, "came_from": None, "came_turn": None}
    return units
