"""§3: the set-up. The Coalition sets up first, then the Islamic player (§3.1).

By default both sides take the scenario's proposed deployment (``scenarios.json``, legal by construction, with
its reasons in PROVENANCE.md). With the ``free_setup`` option each side places every unit itself: select a unit,
then one of the hexes the scenario allows it (``units.set_up_problem``); each unit is placed once (the platform's
undo takes a placement back). Stacking is checked at the end of each side's set-up as at the end of a phase
(§6.5): the owner then removes units from a hex over the limit. In Scenario 2 the
Islamic player must leave a unit for each Saddam Line hex, which also puts the units §3.8 requires in Kuwait
(AMBIG-5): once the units left are as few as the empty Saddam Line hexes, they go there.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, State
from ...engine.steps import Frame, pop
from .command import in_play
from .forces import board, data, log, occupied, scenario, spec, unit, would_overstack
from .units import set_up_problem

STEP = "setup"


def free(state: State) -> bool:
    return bool(state["options"].get("free_setup"))


def unplaced(state: State, side: str) -> list[str]:
    return sorted(uid for uid, u in state["units"].items() if u["status"] == "setup" and u["side"] == side)


def _saddam_gaps(state: State) -> list[str]:
    if scenario(state) != 2:
        return []
    held = occupied(state, "islamic")
    return sorted(h for h in board(state).saddam_line if h not in held)


def _may_set_up(state: State, uid: str, h: str, enemy: set[str]) -> bool:
    return h not in enemy and set_up_problem(board(state), scenario(state), spec(state, uid), h) is None


def legal_hexes(state: State, uid: str) -> list[str]:
    """Where ``uid`` may be placed now. AMBIG-5: once the Islamic units left that could hold the empty Saddam Line
    hexes are no more than those hexes, they go there."""
    b = board(state)
    s = spec(state, uid)
    enemy = set(occupied(state, "islamic" if s.side == "coalition" else "coalition"))
    gaps = _saddam_gaps(state) if s.side == "islamic" else []
    if gaps and any(_may_set_up(state, uid, h, enemy) for h in gaps):
        keepers = [u for u in unplaced(state, "islamic") if any(_may_set_up(state, u, h, enemy) for h in gaps)]
        if len(keepers) <= len(gaps):
            return [h for h in gaps if _may_set_up(state, uid, h, enemy)]
    return [h for h in b.hexes if _may_set_up(state, uid, h, enemy)]


def actions(state: State, frame: Frame) -> list[Action]:
    side = frame["side"]
    left = unplaced(state, side)
    if not left:
        return [{"type": "end_setup"}]
    chosen = frame.get("selected")
    if chosen is None:
        return [{"type": "select", "unit": u} for u in left]
    # a unit chosen: where it may go (§6.5: a stack over the limit loses units at the end of the set-up), or put
    # it back and choose another
    stacks = occupied(state, side)
    out: list[Action] = []
    for h in legal_hexes(state, chosen):
        a: dict[str, Any] = {"type": "place", "unit": chosen, "to": h}
        if would_overstack(state, chosen, h, stacks):
            a["stacking"] = True
        out.append(a)
    return [*out, {"type": "deselect"}]


def select(state: State, frame: Frame, action: Action) -> None:
    frame["selected"] = action.get("unit")  # deselect: None


def place(state: State, frame: Frame, action: Action) -> None:
    rec = unit(state, action["unit"])
    rec["hex"], rec["status"] = action["to"], "map"
    frame["selected"] = None
    log(state, "placed", unit=action["unit"], to=action["to"])


def end_setup(state: State, frame: Frame, action: Action) -> None:
    log(state, "setup_done", side=frame["side"])
    pop(state)


def start_units(state: State) -> dict[str, dict[str, Any]]:
    """Every counter of the scenario, at its proposed hex or (free set-up) waiting to be placed; the advanced game's
    counters are out of a basic match (§3.0 "Important"), and so are those that come only on a condition (§G5);
    with ``c2`` the HQs are in (§G4.1)."""
    gd = data(state)
    setup = gd.scenarios[str(state["scenario"])].setup
    out = {}
    for uid, s in sorted(gd.units.items()):
        if scenario(state) not in s.scenarios:
            continue
        placed = setup.get(uid)
        # §G4.1 with c2 the HQs are in play; §G3 with sof the SOF, but those that come on a condition or replace a unit
        advanced = s.advanced and not in_play(state, uid) \
            and not (state["options"].get("sof") and s.movement_class == "sof")
        playing = placed is not None and not advanced and s.condition is None
        status = ("setup" if free(state) else "map") if playing else "out"
        out[uid] = {"side": s.side, "hex": placed if status == "map" else None, "status": status,
                    "steps": s.steps, "dismounted": False, "mp": None, "moved": False, "attacked": False,
                    "mode_turn": None, "full_at_start": True}
    return out

