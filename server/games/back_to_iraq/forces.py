"""The units of a match as the rules see them (digest §2, §6): where each stands, its steps, its face, and the
counter data behind it; the log; the MP scale.

A unit's record in ``state["units"]``: ``side``, ``hex`` (None off the map), ``status`` (``map``, ``eliminated``,
or ``out``: not in this match, an advanced-game counter in a basic match), ``steps`` (1 or 2), ``dismounted``
(§10.21), and the marks of the turn: ``moved``, ``attacked``, ``mode_turn`` (the turn it dismounted or
remounted), ``full_at_start`` (§9.5: full strength when the regroup turn began).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import Any

from ...engine.core import Role, State
from .board import Board
from .data import GameData, dataset
from .tables import Tables
from .units import UnitSpec

MP = 6
"""Movement points are counted in sixths: a road costs 1/2 and a highway 1/3 of a point (LOST-12)."""

ENEMY = {"coalition": "islamic", "islamic": "coalition"}


def data(state: State) -> GameData:
    return dataset(state.get("data", "standard"))


def board(state: State) -> Board:
    return data(state).board


def tables(state: State) -> Tables:
    return data(state).tables


def spec(state: State, uid: str) -> UnitSpec:
    return data(state).units[uid]


def unit(state: State, uid: str) -> dict[str, Any]:
    rec: dict[str, Any] = state["units"][uid]
    return rec


def scenario(state: State) -> int:
    return int(state["scenario"])


_NAMED = {"side": "side", "winner": "side", "phase": "phase", "how": "regroup", "order": "order", "reason": "reason"}


def name(uid: str) -> dict[str, str]:
    return {"key": f"unit.{uid}"}


def log(state: State, key: str, readers: list[Role] | None = None, **args: Any) -> None:
    """Append a log line; ``readers`` None means public (digest §10.1: the basic game has no secret). Units and the
    words of the catalogue go in as messages, so that each reader reads them in his language."""
    for k, v in args.items():
        if k == "unit" and isinstance(v, str):
            args[k] = name(v)
        elif k in ("units", "attackers", "defenders") and isinstance(v, list):
            args[k] = [name(u) for u in v]
        elif k in _NAMED and isinstance(v, str):
            args[k] = {"key": f"{_NAMED[k]}.{v}"}
    state["log"].append({"key": f"log.{key}", "args": args, "to": readers})


def on_map(state: State, side: str | None = None) -> Iterator[str]:
    """The units on the map (of one side), in id order."""
    for uid in sorted(state["units"]):
        u = state["units"][uid]
        if u["status"] == "map" and (side is None or u["side"] == side):
            yield uid


def at(state: State, hex_id: str) -> list[str]:
    return [uid for uid in on_map(state) if state["units"][uid]["hex"] == hex_id]


def occupied(state: State, side: str) -> dict[str, list[str]]:
    """Hex -> the units of ``side`` in it."""
    out: dict[str, list[str]] = {}
    for uid in on_map(state, side):
        out.setdefault(state["units"][uid]["hex"], []).append(uid)
    return out


def movement_class(state: State, uid: str) -> str:
    """§2.8: mech, nonmech, airmobile or static; a dismounted mech unit is non-mechanized (§10.21)."""
    s = spec(state, uid)
    if unit(state, uid).get("dismounted"):
        return "nonmech"
    return s.movement_class


def is_mech(state: State, uid: str) -> bool:
    return movement_class(state, uid) == "mech"


def printed(state: State, uid: str) -> tuple[int, int, int]:
    """The attack, defense and MA on the unit's face now (§2.9, §2.11: the back of a reduced 2-step unit);
    a dismounted unit moves LOST-13 (§10.21)."""
    s = spec(state, uid)
    a, d, m = (s.attack, s.defense, s.movement) if unit(state, uid)["steps"] == s.steps or s.reduced is None \
        else s.reduced
    if unit(state, uid).get("dismounted"):
        m = int(tables(state).lost("LOST-13"))  # LOST-13
    if s.movement_class == "sof":
        m = int(tables(state).lost("LOST-46"))  # §G3.2, LOST-46: the counters' MA is lost
    return a, d, m


def nation_group(state: State, uid: str) -> str:
    """§3.8 (AMBIG-6): who may stack, move and fight together. In Scenario 2 Iraq, the Iranian Army and the IRGC
    are three groups; the Coalition is one group, and so is Iraq in Scenario 1 (§3.4)."""
    s = spec(state, uid)
    if s.side == "coalition":
        return "coalition"
    if s.power == "iran":
        return s.nation  # iran_army | iran_rg
    return s.power  # iraq | al_qaeda


def stacking_value(state: State, uid: str) -> Fraction:
    gd = data(state)
    values: dict[str, Fraction] = gd.memo.get("stacking", lambda: {
        u: s.stacking(gd.tables) for u, s in gd.units.items()})
    return values[uid]


def stacking_limit(state: State, side: str) -> Fraction:
    """§6.1: LOST-8 Coalition units, LOST-9 Islamic divisions a hex."""
    return Fraction(tables(state).lost("LOST-8" if side == "coalition" else "LOST-9"))


def overstacked(state: State, side: str) -> list[str]:
    """The hexes of ``side`` over the §6.1 limit, or holding groups that may not stack together (§3.8)."""
    return [h for h, uids in sorted(occupied(state, side).items()) if _overstack(state, side, uids)]


def _overstack(state: State, side: str, uids: Iterable[str]) -> bool:
    uids = list(uids)
    total = sum((stacking_value(state, u) for u in uids), Fraction(0))
    groups = {nation_group(state, u) for u in uids if stacking_value(state, u) > 0}
    sof = sum(spec(state, u).movement_class == "sof" for u in uids)  # §G3.4: at most 1 SOF a hex
    return total > stacking_limit(state, side) or len(groups) > 1 \
        or sof > int(tables(state).raw["also_lost"]["sof_per_hex"]["value"]) or _israeli_company(state, uids)


ISRAELI_COMPANY = ("us", "uk", "france", "ec", "nato")  # §G5.3(2): US, UK, French, European (EC and NATO) units


def _israeli_company(state: State, uids: list[str]) -> bool:
    """§G5.3(2): in a hex with the Israeli division, every other Coalition unit must be US, UK, French or
    European."""
    if not any(spec(state, u).nation == "israel" for u in uids):
        return False
    return any(spec(state, u).side == "coalition" and spec(state, u).nation not in ("israel", *ISRAELI_COMPANY)
               for u in uids)


def would_overstack(state: State, uid: str, hex_id: str, stacks: dict[str, list[str]] | None = None) -> bool:
    """Whether ``uid`` ending in ``hex_id`` would break §6.1 or §3.8 there (a move may, for now: the check is at the
    end of the phase, §6.5). ``stacks``: ``occupied(state, side)``, when the caller has it."""
    side = unit(state, uid)["side"]
    stacks = occupied(state, side) if stacks is None else stacks
    others = [u for u in stacks.get(hex_id, ()) if u != uid]
    return _overstack(state, side, [*others, uid])

