"""§G5.4: Al Qaeda's retaliation, the match option ``al_qaeda``. At the initial set-up the Islamic player rolls a
die (LOST-52): none, the 55th Brigade, the Islamic Volunteer Division, or both; he places those that come where his
ground units may set up, after his own set-up (the set-up step of setup.py, on the counters that wait in it). They
are Islamic units but for this: they never stack with Iraqi or Iranian units (AMBIG-29: ``forces.nation_group``
already keeps Al Qaeda a group of its own); each combat with one of them gives the Islamic player MIPP; each of them
destroyed takes MIPP from him. The Al Nida SOF come with the terrorist bases (§G3.11), not by this roll.
"""

from __future__ import annotations

from ...engine import rng
from ...engine.core import State
from ...engine.steps import Frame
from .forces import log, spec, tables, unit
from .mipp import mipp_gain

OPTION = "al_qaeda"
ARRIVALS = {"none": (), "brigade": ("aq_55",), "ivd": ("aq_ivd",), "both": ("aq_55", "aq_ivd")}


def on(state: State) -> bool:
    return bool(state["options"].get(OPTION))


def is_al_qaeda(state: State, uid: str) -> bool:
    return spec(state, uid).power == "al_qaeda"


def arrival(state: State) -> list[Frame]:
    """§G5.4: the set-up roll; the units it brings wait to be placed (status ``setup``). The frames that place them
    after the Islamic set-up (none in a free set-up, whose Islamic step places them with the rest)."""
    if not on(state):
        return []
    die = rng.roll(state)
    faces = tables(state).lost("LOST-52")  # LOST-52
    result = next(k for k, v in faces.items() if die in v)
    coming = [u for u in ARRIVALS[result] if u in state["units"]]
    for uid in coming:
        unit(state, uid).update(status="setup", hex=None)
    log(state, "al_qaeda_arrival", die=die, result={"key": f"al_qaeda.{result}"})
    if not coming or state["options"].get("free_setup"):
        return []
    return [{"kind": "setup", "side": "islamic"}, {"kind": "stacking"}]


def combat_mipp(state: State, units: list[str]) -> None:
    """§G5.4(2): each combat or SOF operation involving an Al Qaeda unit, on either side."""
    if on(state) and any(is_al_qaeda(state, u) for u in units):
        mipp_gain(state, int(tables(state).also_lost("al_qaeda_mipp")["per_combat"]), "al_qaeda")


def destroyed(state: State, uid: str) -> None:
    """§G5.4(3): an Al Qaeda unit destroyed costs the Islamic player MIPP (a negative amount, never below 0)."""
    if on(state) and is_al_qaeda(state, uid):
        mipp_gain(state, int(tables(state).also_lost("al_qaeda_mipp")["destroyed"]), "al_qaeda_destroyed")
