"""§G5.6 (experimental): the US Special Operations Wing, the match option ``sow``, with ``air_strikes``. The SOW is
an air counter (``tables.json`` ``air.counters.sow``) placed in the Air-Strike Sub-phase like the others, within
the turn's strikes; besides HQs and strategic markers it may target Islamic ground units' hexes and enemy cities.
One die plus its two modifiers on the SOW Table (``air.sow``): no effect, a political reaction (an Islamic MIPP
check), no effect, or an operation by the target: mass surrender, a revealed marker neutralized, a major landslide
on Baghdad, a minor one on another enemy city. When the hex offers more than one, the Coalition chooses.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Frame, pop, push
from . import targets
from .control import owner
from .forces import board, log, on_map, spec, tables, unit
from .mipp import mipp_check, mipp_gain
from .results import eliminate

OPTION = "sow"
KIND = "sow"
CHOICE = "sow_choice"
ELITE = ("iraq_rg", "iran_rg")  # the Republican Guard and the Revolutionary Guard


def on(state: State) -> bool:
    return bool(state["options"].get(OPTION)) and bool(state["options"].get("air_strikes"))


def _sow(state: State) -> dict[str, Any]:
    raw: dict[str, Any] = tables(state).raw["air"]["sow"]
    return raw


def enemy_cities(state: State) -> list[str]:
    """Iraqi and Iranian cities the Coalition does not control."""
    b = board(state)
    return [h for h in b.cities("iraq") + b.cities("iran") if owner(state, h) != "coalition"]


def target_hexes(state: State) -> list[str]:
    """§G5.6: ground units, cities, strategic markers (only a revealed one can be neutralized)."""
    ground = {unit(state, u)["hex"] for u in on_map(state, "islamic")}
    revealed = {rec["hex"] for _, rec in targets.markers(state) if _neutralizable(rec)}
    return sorted(ground | revealed | set(enemy_cities(state)))


# === The SOW Table ===

def modifier(state: State) -> int:
    """The two modifiers (their values are lost: ``air.sow.modifiers``): enough Islamic units removed from the
    game; enough Islamic cities held by Coalition ground units."""
    mods = _sow(state)["modifiers"]
    b = board(state)
    removed = sum(rec["side"] == "islamic" and rec["status"] == "eliminated" for rec in state["units"].values())
    held = {unit(state, u)["hex"] for u in on_map(state, "coalition")}
    cities = sum(owner(state, h) == "coalition" and h in held for h in b.cities("iraq") + b.cities("iran"))
    m = int(mods["removed"]["plus"]) if removed >= int(mods["removed"]["at_least"]) else 0
    return m + (int(mods["cities"]["plus"]) if cities >= int(mods["cities"]["at_least"]) else 0)


def strike(state: State, hex_id: str) -> None:
    die = rng.roll(state)
    total = die + modifier(state)
    result = str(next(r["result"] for r in _sow(state)["table"] if total <= r["to"]))
    log(state, "sow_strike", at=hex_id, die=die, total=total, result={"key": f"sow_result.{result}"})
    if result == "political_reaction":
        mipp_check(state, "sow")
    elif result == "operation":
        ops = operations(state, hex_id)
        if len(ops) == 1:
            operate(state, hex_id, ops[0])
        elif ops:
            push(state, {"kind": CHOICE, "side": "coalition", "at": hex_id})


def operations(state: State, hex_id: str) -> list[str]:
    """What the target allows: ground units, a revealed marker, Baghdad not Coalition-controlled, another enemy
    city."""
    out = []
    if any(unit(state, u)["hex"] == hex_id for u in on_map(state, "islamic")):
        out.append("mass_surrender")
    if any(_neutralizable(state["targets"][t]) for t in targets.at(state, hex_id)):
        out.append("neutralize")
    if hex_id in enemy_cities(state):
        out.append("major_landslide" if hex_id == board(state).hex_of("baghdad") else "minor_landslide")
    return out


def _neutralizable(rec: dict[str, Any]) -> bool:
    """Face up, and not a risen Rebellion, which neither side may attack (§G1 Rebellion)."""
    return rec["face"] == "up" and not rec["active"]


def choice_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "sow_operation", "at": frame["at"], "operation": op} for op in operations(state, frame["at"])]


def choose(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    operate(state, frame["at"], action["operation"])


def operate(state: State, hex_id: str, op: str) -> None:
    log(state, "sow_operation", at=hex_id, operation={"key": f"sow_result.{op}"})
    if op == "mass_surrender":
        mass_surrender(state, hex_id)
    elif op == "neutralize":
        neutralize(state, hex_id)
    elif op == "major_landslide":
        dice = int(_sow(state)["major"]["dice"])
        landslide(state, sum(rng.roll(state) for _ in range(dice)) - int(_sow(state)["major"]["minus"]))
    else:
        landslide(state, rng.roll(state) - int(tables(state).lost("LOST-55")))  # LOST-55


# === The operations ===

def surrendering(state: State, hex_id: str) -> list[str]:
    """AMBIG-30: the Islamic units in the target hex, and those in the hexes around it that are adjacent to a
    Coalition unit (the front the PSYOP reaches, not the whole map)."""
    b = board(state)
    coalition = {unit(state, u)["hex"] for u in on_map(state, "coalition")}
    def at_front(h: str) -> bool:
        return any(n in coalition for n in b.neighbours(h))
    return [u for u in on_map(state, "islamic") if unit(state, u)["hex"] == hex_id
            or (unit(state, u)["hex"] in b.neighbours(hex_id) and at_front(unit(state, u)["hex"]))]


def mass_surrender(state: State, hex_id: str) -> None:
    """1d6 each: removed on the proposed faces; SOF, Republican and Revolutionary Guards only on a 6; Al Qaeda
    never (no die)."""
    faces = _sow(state)["surrender"]
    for uid in surrendering(state, hex_id):
        s = spec(state, uid)
        if s.power == "al_qaeda":
            continue
        elite = s.movement_class == "sof" or s.nation in ELITE
        die = rng.roll(state)
        gone = die in faces["elite" if elite else "other"]
        log(state, "sow_surrender", unit=uid, die=die, result={"key": f"sow_result.{'removed' if gone else 'none'}"})
        if gone:
            eliminate(state, uid)


def neutralize(state: State, hex_id: str) -> None:
    """The revealed marker does nothing until the end of the next Regroup phase (the Weather/Regroup Determination
    Phase of the next turn): ``neutralized_until`` is that turn (``neutralized.working``)."""
    for tid in targets.at(state, hex_id):
        rec = state["targets"][tid]
        if _neutralizable(rec):
            rec["neutralized_until"] = state["turn"] + 1
            log(state, "sow_neutralized", at=hex_id, until=rec["neutralized_until"])


def landslide(state: State, n: int) -> None:
    """AMBIG-31: as written, a positive result is added to the Islamic MIPP, a negative one taken away (floor 0)."""
    log(state, "sow_landslide", result=n)
    if n:
        mipp_gain(state, n, "sow")
