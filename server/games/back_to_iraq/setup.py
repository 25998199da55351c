"""§3: the set-up. The Coalition sets up first, then the Islamic player (§3.1). Each finds its units at the
scenario's proposed deployment (``scenarios.json``, legal by construction) and may rearrange them: select a unit,
then place it on any hex the scenario allows it (``units.set_up_problem``), then end the set-up once the stacking
limits hold (§6.5: checked at set-up) and, in Scenario 2, the Islamic side holds Kuwait as §3.8 requires (AMBIG-5).
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, State
from ...engine.steps import Frame, pop
from .forces import board, data, log, occupied, on_map, overstacked, scenario, spec, tables, unit
from .units import set_up_problem

STEP = "setup"


def legal_hexes(state: State, uid: str) -> list[str]:
    b = board(state)
    s = spec(state, uid)
    enemy = set(occupied(state, "islamic" if s.side == "coalition" else "coalition"))
    return [h for h in b.hexes if h not in enemy and set_up_problem(b, scenario(state), s, h) is None]


def kuwait_problem(state: State) -> str | None:
    """§3.8 (AMBIG-5): in Scenario 2, at least n Islamic units in Kuwait and one in each Saddam Line hex."""
    if scenario(state) != 2:
        return None
    b = board(state)
    held = occupied(state, "islamic")
    inside = sum(len(us) for h, us in held.items() if b.country.get(h) == "kuwait")
    need = int(tables(state).raw["also_lost"]["s2_min_in_kuwait"]["value"])
    if inside < need:
        return "kuwait_units"
    if not all(h in held for h in b.saddam_line):
        return "saddam_line"
    return None


def actions(state: State, frame: Frame) -> list[Action]:
    side = frame["side"]
    out: list[Action] = []
    chosen = frame.get("selected")
    if chosen is not None:
        here = unit(state, chosen)["hex"]
        out += [{"type": "place", "unit": chosen, "to": h} for h in legal_hexes(state, chosen) if h != here]
    out += [{"type": "select", "unit": u} for u in on_map(state, side) if u != chosen]
    if not overstacked(state, side) and (side != "islamic" or kuwait_problem(state) is None):
        out.append({"type": "end_setup"})
    return out


def select(state: State, frame: Frame, action: Action) -> None:
    frame["selected"] = action["unit"]


def place(state: State, frame: Frame, action: Action) -> None:
    unit(state, action["unit"])["hex"] = action["to"]


def end_setup(state: State, frame: Frame, action: Action) -> None:
    log(state, "setup_done", side=frame["side"])
    pop(state)


def start_units(state: State) -> dict[str, dict[str, Any]]:
    """Every counter of the scenario at its proposed hex; the advanced game's counters are out of a basic match
    (§3.0 "Important"), and so are those that come only on a condition (§G5)."""
    gd = data(state)
    setup = gd.scenarios[str(state["scenario"])].setup
    out = {}
    for uid, s in sorted(gd.units.items()):
        if scenario(state) not in s.scenarios:
            continue
        placed = setup.get(uid)
        playing = placed is not None and not s.advanced and s.condition is None
        out[uid] = {"side": s.side, "hex": placed if playing else None, "status": "map" if playing else "out",
                    "steps": s.steps, "dismounted": False, "mp": None, "moved": False, "attacked": False,
                    "mode_turn": None, "full_at_start": True}
    return out
