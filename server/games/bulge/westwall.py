"""§13.11 the Allied West Wall crossing: VP lost by the Germans for each Allied unit across it into Germany.

A low module: losses (§13.4), supply (§11.4) and movement all cancel or score a crossing.
"""

from __future__ import annotations

from ...engine.core import State
from .units import add_vp, board, is_commando, name, tables, unit


def moved(state: State, uid: str, frm: str | None, to: str | None) -> None:
    """§13.11: from turn 8, each Allied unit crossing the West Wall into Germany costs the Germans VP;
    leaving Germany (or isolation, destruction: ``uncross``) cancels it at once."""
    u = unit(state, uid)
    if u["side"] != "allied" or is_commando(state, uid):
        return
    b, t = board(state), tables(state)
    crossed = state.setdefault("crossed", [])
    if uid in crossed:
        if to not in b.germany:
            uncross(state, uid)
        return
    if state["turn"] >= int(t.const("vp_west_wall_from_turn")) and to in b.germany and frm not in b.germany:
        crossed.append(uid)
        add_vp(state, -int(t.const("vp_west_wall_crossing")), "west_wall", unit=name(state, uid))


def uncross(state: State, uid: str) -> None:
    """§13.11(2): the crossing's loss is cancelled (the unit left Germany, or was isolated or destroyed)."""
    crossed = state.get("crossed", [])
    if uid in crossed:
        crossed.remove(uid)
        add_vp(state, int(tables(state).const("vp_west_wall_crossing")), "west_wall_cancelled",
               unit=name(state, uid))
