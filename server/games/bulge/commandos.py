"""§9.5(2)-(5) the commandos in US uniforms: the main roads they open to German strategic movement, and
their detection. What the commandos change in a step's cost is here too (``may_enter``, ``ezoc_for``,
``opened``); an Allied unit gone astray (§9.5(3)) is led by the German player: misdirection.py."""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, State
from . import fog
from .losses import destroy
from .units import Situation, board, is_commando, log, name, tables, unit

# === §9.5(3)-(4) detection, and the Allied unit gone astray ===

def commandos_at(state: State, h: str) -> list[str]:
    return [uid for uid in Situation(state).at.get(h, []) if is_commando(state, uid)]


def detect(state: State, h: str, victims: list[str], to: list[str] | None = None) -> bool:
    """§9.5(3): the Allied player rolls 1d6: 4-6 the commando(s) are discovered and removed."""
    roll = rng.roll(state)
    found = roll in [int(x) for x in tables(state).const("commando_detect_on")]
    log(state, "detection", readers=to, hex=h, roll=roll, found={"key": f"found.{found}"})
    if found:
        for c in victims:
            destroy(state, c, "detected")  # §9.5(5): no VP
    return found


def astray(state: State, uids: list[str], a: str | None) -> bool:
    """§9.5(3)-(4): an Allied unit trying to leave a commando's hex: the detection roll (found: the commandos
    are removed). Not found at a road junction, it goes astray: the German player moves it along roads."""
    hidden = commandos_at(state, a) if a is not None and unit(state, uids[0])["side"] == "allied" else []
    if a is None or not hidden or detect(state, a, hidden) or not board(state).is_junction(a):
        return False
    log(state, "astray", units=[name(state, u) for u in uids], hex=a)
    state["pending"].append({"kind": "misdirect", "side": "german", "unit": uids[0]})
    return True


def found_entering(state: State, uids: list[str], to: str) -> bool:
    """§9.5(3)(a): commandos entering a hex with Allied units: the detection roll (under fog of war, told to
    the German player only); True if it found them (they are removed)."""
    if not all(is_commando(state, u) for u in uids) or not Situation(state).units(to, "allied", commandos=False):
        return False
    return detect(state, to, uids, ["german"] if fog.on(state) else None)


def discard_actions(state: State, mover: dict[str, Any], at: str | None, left: int) -> list[Action]:
    """§9.5(3): entering a commando's hex, the Allied player may discard MP (not offered under fog of war: it
    would tell where the commando is)."""
    lead = mover["units"][0]
    if unit(state, lead)["side"] != "allied" or not at or not mover["steps"] or fog.on(state) \
            or not commandos_at(state, at) or mover.get("discarded"):
        return []
    scale = tables(state).mp_scale
    return [{"type": "discard_mp", "unit": lead, "mp": n} for n in range(1, left // scale + 1)]


# === §9.5(2) the roads the commandos open ===

def open_road(state: State, a: str, b: str) -> None:
    """§9.5(2): main roads a commando has passed over serve German strategic movement (under fog of war
    the German player knows it: its own commando opened them)."""
    if board(state).is_main_road(a, b):
        lists = [state.setdefault("commando_roads", [])]
        if fog.on(state):  # (a match begun before the German list was kept: it knew the true one)
            lists.append(state.setdefault(fog.KNOWN_ROADS, list(lists[0])))
        for roads in lists:
            for h in (a, b):
                if h not in roads:
                    roads.append(h)


def passed(state: State, uids: list[str], a: str | None, to: str) -> None:
    """§9.5(2): commandos passing along a main road open it; an Allied unit passing after them closes it."""
    if all(is_commando(state, u) for u in uids) and a is not None:
        open_road(state, a, to)
    elif unit(state, uids[0])["side"] == "allied":
        close_road(state, to)


def close_road(state: State, h: str) -> None:
    """§9.5(2): an Allied unit passing along it after the commando cancels the benefit. Under fog of war the
    German player learns it only when it sees the unit there (it is in ``h`` now); a closure out of its sight
    is met by its strategic move (``road_met``)."""
    roads = state.get("commando_roads") or []
    if h in roads:
        roads.remove(h)
        if h in fog.sight(state, "german"):
            road_met(state, h)


def road_met(state: State, h: str) -> None:
    """Fog of war: the German player now knows that the commando's road through ``h`` is closed."""
    known = state.get(fog.KNOWN_ROADS) or []
    if h in known:
        known.remove(h)


def commando_roads(state: State, seen: bool = False) -> list[str]:
    """§9.5(2): the main-road hexes opened by commandos; ``seen``: as the German player knows them under fog
    of war (it does not see an Allied unit pass out of its sight). Matches begun before the German list was
    kept know the true one."""
    if seen and fog.on(state) and fog.KNOWN_ROADS in state:
        return list(state[fog.KNOWN_ROADS])
    return list(state.get("commando_roads") or [])


# === What the commandos change in a step (movement.step_cost) ===

def may_enter(sit: Situation, side: str, to: str, commandos: bool) -> bool:
    """§9.5(3): only a commando may share a hex with Allied units."""
    return commandos or not sit.has_enemy(to, side)


def ezoc_for(sit: Situation, side: str, commandos: bool) -> frozenset[str]:
    """§9.5(3): Allied ZOC does not affect commandos."""
    return frozenset() if commandos else sit.ezoc(side)


def opened(state: State, side: str, to: str, seen: bool) -> bool:
    """§9.5(2), AMBIG-22: a main road a commando opened serves German strategic movement (``seen``: as the
    German player knows the roads under fog of war; met when the step is made)."""
    return side == "german" and to in commando_roads(state, seen=seen)
