"""§G1.5: Scud attacks. Each SSM marker on the map may fire once a turn (AMBIG-24), at the end of the Islamic player
turn after all else; a Scud never targets units. 2d6 on the Scud Attack Table (LOST-42).

The Islamic player names the marker that fires without showing it (§10.1, AMBIG-24): only "missile expended" and
"launcher found" reveal it. The step is offered every turn, SSM or not, so that the Coalition cannot read from it
whether one is left.
"""

from __future__ import annotations

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Frame, pop
from . import targets
from .forces import log, tables
from .mipp import mipp_gain
from .neutralized import working

STEP = "scud"


def launchers(state: State) -> list[str]:
    return [tid for tid, rec in targets.markers(state) if rec["kind"] == "ssm" and rec["fired"] != state["turn"]
            and working(state, rec)]  # §G5.6: not while the SOW has it neutralized


def actions(state: State, frame: Frame) -> list[Action]:
    return [*({"type": "scud", "target": tid} for tid in launchers(state)), {"type": "end_scuds"}]


def row(state: State, total: int) -> str:
    table = tables(state).lost("LOST-42")  # LOST-42
    return str(next(k for k, faces in table.items() if isinstance(faces, list) and total in faces))


def _mipp_dice(state: State) -> int:
    return sum(rng.roll(state) for _ in range(int(tables(state).lost("LOST-42")["mipp_dice"])))


def fire(state: State, frame: Frame, action: Action) -> None:
    tid = action["target"]
    rec = state["targets"][tid]
    rec["fired"] = state["turn"]
    total = rng.roll(state) + rng.roll(state)
    result = row(state, total)
    if result == "israeli_retaliation" and state["israel"] is not None:
        result = "city_hit"  # a second Israeli retaliation counts as a city hit
    log(state, "scud_named", readers=["islamic"], target=tid)
    log(state, "scud", die=total, result={"key": f"scud.{result}"})
    if result == "expended":
        targets.reveal(state, tid, "scud")
        targets.remove(state, tid)
    elif result == "launcher_found":
        targets.reveal(state, tid, "scud")
    elif result in ("city_hit", "israeli_retaliation"):
        mipp_gain(state, _mipp_dice(state), "scud")
    elif result == "foreign_reaction":
        mipp_gain(state, -_mipp_dice(state), "scud")  # minimum 0
    if result == "israeli_retaliation":
        state["israel"] = state["turn"]  # §G5.2: the Coalition receives the Israeli forces
        log(state, "israeli_retaliation")


def end(state: State, frame: Frame, action: Action) -> None:
    pop(state)
