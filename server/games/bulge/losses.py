"""Losses: §2.3 steps, and §13.4 units destroyed and the VP they score.

A unit is destroyed in combat, by surrender, stacking (§6.3), isolation (§11.5), its drop (§9.4) or a
detection (§9.5(3)); each rule that removes one calls here.
"""

from __future__ import annotations

from ...engine.core import State
from .fog import readers
from .units import add_vp, log, name, spec, tables, unit
from .westwall import uncross


def destroy(state: State, uid: str, why: str) -> None:
    """A unit destroyed in combat, by surrender, stacking or isolation: VP as §13.4."""
    u = unit(state, uid)
    s = spec(state, uid)
    uncross(state, uid)  # §13.11(2): a destroyed unit's West Wall loss is cancelled
    log(state, "destroyed", readers(state, uid), unit=name(state, uid), hex=u["hex"], why={"key": f"why.{why}"})
    u.update(status="eliminated", hex=None, steps=0)
    if s.is_commando:
        return  # §9.5(5): a removed commando scores nothing
    t = tables(state)
    if s.side == "allied":
        add_vp(state, int(t.const("vp_destroyed_allied")), "allied_destroyed", unit=name(state, uid))
    else:
        key = "vp_destroyed_german_mech" if s.mechanised else "vp_destroyed_german_nonmech"
        add_vp(state, -int(t.const(key)), "german_destroyed", unit=name(state, uid))


def lose_step(state: State, uid: str, why: str) -> None:
    """§2.3: the first step flips the unit, the second destroys it (§13.4(3): a step lost scores nothing)."""
    u = unit(state, uid)
    if u["steps"] >= 2:
        u["steps"] = 1
        log(state, "step_lost", readers(state, uid), unit=name(state, uid), hex=u["hex"])
    else:
        destroy(state, uid, why)
