"""§G3.11: the Al Qaeda "Al Nida" SOF. With the strategic targets and the SOF, each terrorist base on the map once
the markers are placed brings one Al Nida counter, up to the three of the mix; the Islamic player places them like
his set-up (AMBIG-28: anywhere his units may set up, not only at a base). How many come is public, as on the table:
the frame keeps the count, so that a hidden variant of the markers does not change it.
"""

from __future__ import annotations

from ...engine.core import State
from ...engine.steps import Frame, pop, push
from . import setup as placement
from . import sof, targets
from .forces import log, spec

STEP = "al_nida"


def frames(state: State) -> list[Frame]:
    return [{"kind": STEP}] if targets.on(state) and sof.on(state) else []


def arrive(state: State, frame: Frame) -> None:
    pop(state)
    bases = sum(rec["kind"] == "terrorist_base" for _, rec in targets.markers(state))
    nida = sorted(uid for uid, rec in state["units"].items()
                  if spec(state, uid).raw.get("condition") == "terrorist_base" and rec["status"] == "out")[:bases]
    log(state, "al_nida", n=len(nida))
    if not nida:
        return
    for uid in nida:
        state["units"][uid]["status"] = "setup"
    push(state, {"kind": placement.STEP, "side": "islamic"}, {"kind": "stacking"})
