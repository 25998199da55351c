"""§9.5(3) an Allied unit gone astray: leaving a commando's hex at a road junction undetected, it is led by
the German player along roads with its MP left (AMB-22: under the normal limits of movement)."""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, State
from .commandos import commandos_at, detect
from .movement import finish_move, mover_units, mp_left, step_cost, where
from .units import Situation, board, log, name, unit
from .westwall import moved


def misdirect_actions(state: State, task: dict[str, Any]) -> list[Action]:
    """§9.5(3), AMB-22: the German player moves the Allied unit along roads only, normal limits."""
    uids = mover_units(state)
    sit = Situation(state)
    a = where(state, uids)
    out: list[Action] = []
    if a is not None and not task.get("stopped"):
        for n in board(state).neighbours(a):
            if not board(state).is_road(a, n):
                continue
            cost = step_cost(state, sit, uids, "combat", a, n)
            if cost is not None and all(mp_left(state, u) >= cost for u in uids):
                out.append({"type": "misdirect", "unit": task["unit"], "to": n})
    return [*out, {"type": "end_misdirect"}]


def misdirect(state: State, to: str) -> None:
    """§9.5(3): the German player leads the lost Allied unit one hex along a road."""
    task = state["pending"][0]
    uids = mover_units(state)
    a = where(state, uids)
    assert a is not None
    if task.get("steps") and (hidden := commandos_at(state, a)) and detect(state, a, hidden):
        # AMB-22: the misdirected move follows the normal rules, so leaving a commando's hex it entered
        # on the way is rolled for (§9.5(3)(b), one roll whatever the number of commandos; the hex where it
        # went astray was rolled for already). Found: the commandos are removed and the ruse is over; the
        # unit stays and its owner goes on with the MP left. Not found: it goes where it is led.
        state["pending"].pop(0)
        log(state, "misdirect_over", units=[name(state, u) for u in uids], hex=a)
        return
    cost = step_cost(state, Situation(state), uids, "combat", a, to)
    assert cost is not None
    for u in uids:
        rec = unit(state, u)
        rec["mp"] = int(rec["mp"]) + cost
        rec["hex"] = to
        moved(state, u, a, to)
    task["steps"] = int(task.get("steps", 0)) + 1
    log(state, "misdirected", units=[name(state, u) for u in uids], frm=a, to=to)
    if to in Situation(state).ezoc("allied"):
        task["stopped"] = True  # §5.4: entering an EZOC stops it


def end_misdirect(state: State) -> None:
    state["pending"].pop(0)
    finish_move(state)
