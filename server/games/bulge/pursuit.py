"""§8.6 pursuit: when every defender is gone from the target hex, attackers may move into it, up to the
stacking limit, ignoring EZOC and spending no MP (a mechanised unit follows a road into or out of deep
forest); if the attacker lost steps, only the units that lost steps and those stacked with them.

The combat's ``pursuit`` task waits for the attacker's ``pursue`` moves until ``end_pursuit``.
"""

from __future__ import annotations

from ...engine.core import Action, State
from .engagement import alive, current
from .fog import move_readers
from .occupation import occupy
from .pending import Task
from .terrain import mech_road_only
from .units import Situation, board, enemy, log, name, spec, stack_problem, unit
from .westwall import moved


def pursuers(state: State) -> list[str]:
    cur = current(state)
    at = cur["at"]
    b = board(state)
    sit = Situation(state)
    candidates = [u for u in alive(state, cur["attackers"]) if u not in cur["retreated"]]
    losers = [u for u in cur["attackers"] if cur["lost"].get(u)]
    if losers:
        # §8.6 「ステップを失ったユニット 及びそれにスタックしていたユニット」: if the attacker lost steps, only the
        # units that lost steps and those that were stacked with them (destroyed or not) when they attacked.
        start = cur.get("from") or {}
        hexes = {start.get(u, unit(state, u)["hex"]) for u in losers}
        candidates = [u for u in candidates if start.get(u, unit(state, u)["hex"]) in hexes]
    out = []
    here = sit.units(at, state["player"])
    for u in candidates:
        frm = unit(state, u)["hex"]
        if frm == at:
            continue
        if spec(state, u).mechanised and not b.is_road(frm, at) and mech_road_only(state, frm, at):
            continue  # §8.6: a mechanised unit follows a road into or out of deep forest
        if stack_problem(state, [*here, u], at) is None:  # §8.6: up to the stacking limit
            out.append(u)
    return sorted(out)


def pursuit_actions(state: State, task: Task) -> list[Action]:
    return [*({"type": "pursue", "unit": u, "to": current(state)["at"]} for u in pursuers(state)),
            {"type": "end_pursuit"}]


def settle_pursuit(state: State, task: Task) -> bool:
    """No pursuit while a defender holds the hex (§8.6 「全ての防御側ユニット」), nor with nobody to pursue."""
    if Situation(state).units(current(state)["at"], enemy(task["side"]), commandos=False) or not pursuers(state):
        state["pending"].pop(0)
        return True
    return False


def pursue(state: State, uid: str) -> None:
    at = current(state)["at"]
    frm = unit(state, uid)["hex"]
    unit(state, uid)["hex"] = at
    moved(state, uid, frm, at)
    log(state, "pursue", move_readers(state, [uid], frm, at), unit=name(state, uid), frm=frm, to=at)
    occupy(state, at, unit(state, uid)["side"])


def end_pursuit(state: State) -> None:
    state["pending"].pop(0)
