"""§9.1–§9.2 the free set-up (scenario ``free_setup``): the Allied player places first, then the German.

Every set-up unit (a counter with no entry turn) starts off the map and is placed one at a time. To keep the
action list small a unit is *selected* first (``{"type": "select", "unit": id}``) and then placed
(``{"type": "place", "unit": id, "to": hex}``); only the selected unit's legal hexes are offered. After a
placement the next unplaced unit in a fixed order (sorted unit ids) is selected by itself, so a player may
simply place unit after unit. A placed unit may be selected again and moved elsewhere until the player ends
the set-up (``end_setup``), which is offered only when every unit of that side is on the map.

Legal hexes (the constants are ``tables.json`` ``setup_*``; the zones ``map.json`` ``zones``; AMB-5: every
distance is measured from the West Wall, a West Wall hex being 0):
- §9.1/§9.2: never a West Wall hex; Allied units west of it (not ``germany``), German units east of it;
- §9.1(1) the five US divisions: within ``setup_us_within_hexes`` inside their division's zone, or in any
  city (city, important or fortress city) within ``setup_us_city_within_hexes``;
- §9.1(2) the "9th Infantry Division" (``freeze: ninth_infantry``): within
  ``setup_ninth_infantry_within_hexes`` inside its zone;
- §9.1(3) the 14th Cavalry Group (``setup_zone`` naming two zones): alone, adjacent to the West Wall, inside
  the 99th's or the 106th's zone;
- §9.1(4) the 9th Armored Division (``setup_zone: city_5plus``): in a city ``setup_ninth_armored_min_hexes``
  or more from the West Wall;
- §9.1: no Allied stacking at set-up, except the 2nd Infantry Division (``setup_stacking_division``) and the
  9th Armored's own units, each within the §6.2 limits;
- §9.2: each German army inside its own zone (``setup_zone`` ``army:…``), within the §6.2 stacking limits.
A side's placement never depends on where the enemy stands (the zones do not meet), so it tells nothing
under fog of war.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from ...engine.core import Action, IllegalAction, State
from . import fog
from .fog import private
from .units import board, log, spec, stack_problem, tables, unit

STEP = "setup"
CITY_KINDS = ("city", "important", "fortress")

def west_wall_distance(state: State) -> Mapping[str, int]:
    """AMB-5: hexes from the nearest West Wall hex (0 on the wall), for every hex of the map (kept by the board)."""
    b = board(state)

    def measure() -> Mapping[str, int]:
        dist = dict.fromkeys(b.west_wall, 0)
        todo = deque(sorted(b.west_wall))
        while todo:
            h = todo.popleft()
            for n in b.neighbours(h):
                if n not in dist:
                    dist[n] = dist[h] + 1
                    todo.append(n)
        return dist
    return b.distances.get("west_wall", measure)


def _kind(state: State, uid: str) -> str:
    s = spec(state, uid)
    zone = str(s.raw.get("setup_zone") or "")
    if s.side == "german":
        return "german"
    if zone == "city_5plus":
        return "ninth_armored"
    if "|" in zone:
        return "cavalry"
    if s.raw.get("freeze") == "ninth_infantry":
        return "ninth_infantry"
    return "division"


def _zone_hexes(state: State, uid: str) -> frozenset[str]:
    s = spec(state, uid)
    b = board(state)
    default = f"army:{s.army}" if s.side == "german" else f"division:{s.division}"
    names = str(s.raw.get("setup_zone") or default).split("|")
    out: set[str] = set()
    for n in names:
        out |= b.zones.get(n, frozenset())
    return frozenset(out)


def base_hexes(state: State, uid: str) -> tuple[str, ...]:
    """The hexes ``uid`` may set up in before stacking is considered (§9.1, §9.2); kept by the board."""
    return board(state).around.get(("setup", uid), lambda: _base_hexes(state, uid))


def _base_hexes(state: State, uid: str) -> tuple[str, ...]:
    b, t = board(state), tables(state)
    dist = west_wall_distance(state)
    kind = _kind(state, uid)
    west = [h for h in b.hexes if h not in b.west_wall and h not in b.germany and h in dist]
    cities = [h for h in west if b.place_kind(h) in CITY_KINDS]
    zone = _zone_hexes(state, uid)
    if kind == "german":
        out = [h for h in b.hexes if h in b.germany and h not in b.west_wall and h in zone]  # §9.2
    elif kind == "ninth_armored":
        near = int(t.const("setup_ninth_armored_min_hexes"))
        out = [h for h in cities if dist[h] >= near]  # §9.1(4)
    elif kind == "cavalry":
        out = [h for h in west if h in zone and dist[h] == 1]  # §9.1(3)
    elif kind == "ninth_infantry":
        near = int(t.const("setup_ninth_infantry_within_hexes"))
        out = [h for h in west if h in zone and dist[h] <= near]  # §9.1(2)
    else:
        near = int(t.const("setup_us_within_hexes"))
        city = int(t.const("setup_us_city_within_hexes"))
        out = [h for h in west if (h in zone and dist[h] <= near) or (h in cities and dist[h] <= city)]  # §9.1(1)
    return tuple(sorted(set(out)))


def _stack_key(state: State, uid: str) -> str | None:
    """§9.1: the Allied units that may stack at set-up: the 2nd ID with itself, the 9th Armored with itself."""
    s = spec(state, uid)
    if s.side == "german":
        return "german"
    if s.division and s.division == tables(state).const("setup_stacking_division"):
        return f"division:{s.division}"
    if _kind(state, uid) == "ninth_armored":
        return "ninth_armored"
    return None


def stacking_ok(state: State, uid: str, h: str, at: dict[str, list[str]]) -> bool:
    """§9.1 no stacking (with its exceptions); §9.2/§6.2 the German stacking limits. Own side only."""
    here = [o for o in at.get(h, []) if o != uid]
    if not here:
        return True
    key = _stack_key(state, uid)
    if key is None or any(_stack_key(state, o) != key for o in here):
        return False  # §9.1(3): the 14th Cavalry Group alone; no other Allied stacking
    return stack_problem(state, [*here, uid], h) is None


def _own_positions(state: State, side: str) -> dict[str, list[str]]:
    at: dict[str, list[str]] = {}
    for uid, u in state["units"].items():
        if u["side"] == side and u["status"] == "map":
            at.setdefault(u["hex"], []).append(uid)
    return at


def legal_hexes(state: State, uid: str) -> list[str]:
    side = unit(state, uid)["side"]
    at = _own_positions(state, side)
    return [h for h in base_hexes(state, uid) if stacking_ok(state, uid, h, at)]


def setup_units(state: State, side: str) -> list[str]:
    """The units ``side`` sets up, in the fixed order of placement."""
    return sorted(uid for uid, u in state["units"].items() if u["side"] == side and u.get("setup")
                  and u["status"] in ("map", "offmap"))


def unplaced(state: State, side: str) -> list[str]:
    return [uid for uid in setup_units(state, side) if state["units"][uid]["status"] == "offmap"]


def start(state: State) -> None:
    """The free set-up begins: every set-up unit off the map; the Allied player places first (§9.1)."""
    for u in state["units"].values():
        if u.get("setup"):
            u.update(hex=None, status="offmap")
    state.update(turn=1, player="allied", phase=STEP, step=STEP)
    state["placing"] = next(iter(unplaced(state, "allied")), None)


def actions(state: State) -> list[Action]:
    side = state["player"]
    sel = state.get("placing")
    out: list[Action] = []
    if sel is not None:
        out += [{"type": "place", "unit": sel, "to": h} for h in legal_hexes(state, sel)]
    out += [{"type": "select", "unit": uid} for uid in setup_units(state, side) if uid != sel]
    if not unplaced(state, side):
        out.append({"type": "end_setup"})
    return out


def select(state: State, uid: str) -> None:
    if uid not in setup_units(state, state["player"]):
        raise IllegalAction(f"{uid} does not set up now.")
    state["placing"] = uid


def place(state: State, uid: str, to: str) -> None:
    if uid != state.get("placing") or to not in legal_hexes(state, uid):
        raise IllegalAction(f"{uid} may not set up at {to}.")
    side = state["player"]
    unit(state, uid).update(hex=to, status="map")
    log(state, "placed", private(state, side), unit={"key": f"unit.{uid}"}, hex=to)
    state["placing"] = next(iter(unplaced(state, side)), None)


def end_setup(state: State) -> bool:
    """The active player ends the set-up; True when both have (the game proper begins)."""
    side = state["player"]
    if unplaced(state, side):
        raise IllegalAction("Place every unit first.")
    log(state, "setup_done", player={"key": f"side.{side}"})
    if side == "allied":
        state["player"] = "german"  # §9.2: the German player sets up second
        state["placing"] = next(iter(unplaced(state, "german")), None)
        return False
    state["placing"] = None
    state.update(turn=1, player="german", phase="movement_1", step="move")
    return True


def view(state: State, role: Any) -> dict[str, Any] | None:
    """view["setup"]: who is setting up, how many units are left, and (to that player) the selected unit."""
    if state["step"] != STEP:
        return None
    side = state["player"]
    out: dict[str, Any] = {"side": side, "left": len(unplaced(state, side))}
    if role == side or not fog.on(state):
        out["selected"] = state.get("placing")
    return out
