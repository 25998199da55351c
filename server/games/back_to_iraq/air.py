"""§G2: air strikes. At the start of each Coalition combat phase the Coalition learns how many strikes it has this
turn (§G2.2), places them all on targets (enemy HQs, strategic markers: §G2.4), then resolves them (§G2.5), before
any ground combat. The Islamic side never has air strikes.

The counter mix and every die range of the three tables are lost (digest §10.3 "Also lost"): ``tables.json`` ``air``
proposes them, PROVENANCE says why. Israeli counters (§G5.2) strike on the Conventional table.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Frame, pop, push
from . import sow, targets
from .command import suppress
from .forces import log, on_map, scenario, spec, tables, unit
from .mipp import mipp_gain
from .terrain import natural, place_kind

OPTION = "air_strikes"
STEP = "air_strikes"
CHOICE = "air_choice"


def on(state: State) -> bool:
    return bool(state["options"].get(OPTION))


def _air(state: State) -> dict[str, Any]:
    raw: dict[str, Any] = tables(state).raw["air"]
    return raw


# === §G2.2 The number of strikes ===

def begin(state: State) -> Frame | None:
    """§G2.2 (LOST-45): 1d6 + 4 (Scenario 1) or + 2 (Scenario 2), less LOST-43 for each revealed ADC (§G1); after an
    Israeli retaliation, one die more each later turn for the Israeli counters (LOST-51)."""
    if not on(state) or not (target_hexes(state) or (sow.on(state) and sow.target_hexes(state))):
        return None  # nothing to strike (no markers, no HQs, no SOW): no sub-phase to click through
    die = rng.roll(state)
    adc = targets.revealed_adc(state) * int(tables(state).lost("LOST-43"))  # LOST-43
    strikes = max(0, die + int(tables(state).lost("LOST-45")[str(scenario(state))]) - adc)  # LOST-45
    israeli = 0
    if targets.on(state) and state.get("israel") is not None and state["israel"] < state["turn"]:
        faces = tables(state).lost("LOST-51")  # LOST-51
        israeli = 1 if rng.roll(state) in faces["one"] else 2
    log(state, "air_strikes", die=die, strikes=strikes, israeli=israeli, adc=adc)
    if strikes + israeli == 0:
        return None
    return {"kind": STEP, "side": "coalition", "strikes": strikes, "israeli": israeli, "placed": []}


# === §G2.4 Placing the strikes ===

def target_hexes(state: State) -> list[str]:
    """§G2.4: a hex with an enemy HQ, or a strategic marker face up or down (a risen Rebellion is beyond reach)."""
    hqs = {unit(state, u)["hex"] for u in on_map(state, "islamic") if spec(state, u).type == "hq"}
    marked = {rec["hex"] for _, rec in targets.markers(state) if not rec["active"]}
    return sorted(hqs | marked)


def left(state: State, frame: Frame) -> dict[str, int]:
    """The counters still to place, by type: the turn's strikes within each type's counter limit; the Israeli ones."""
    counters = {t: n for t, n in _air(state)["counters"].items() if t != sow.KIND or sow.on(state)}  # §G5.6
    used = {t: sum(p["air"] == t for p in frame["placed"]) for t in counters}
    national = frame["strikes"] - sum(v for t, v in used.items() if t != "israeli")
    out = {t: min(n - used[t], national) for t, n in counters.items() if t != "israeli"}
    out["israeli"] = frame["israeli"] - used["israeli"]
    return {t: n for t, n in out.items() if n > 0}


def _table(state: State, kind: str) -> str:
    return str(_air(state)["table_of"][kind])


def placement_actions(state: State, frame: Frame) -> list[Action]:
    """§G2.5(1): one table's counters to a hex a turn (Israeli ones join Conventional ones)."""
    free = left(state, frame)
    usual = set(target_hexes(state))
    psyop = set(sow.target_hexes(state)) if sow.KIND in free else set()  # §G5.6: the SOW's targets
    out: list[Action] = []
    for h in sorted(usual | psyop):
        there = {_table(state, p["air"]) for p in frame["placed"] if p["at"] == h}
        out += [{"type": "air_strike", "at": h, "air": t} for t in sorted(free)
                if (not there or _table(state, t) in there) and h in (psyop if t == sow.KIND else usual)]
    return [*out, {"type": "resolve_air"}]


def place(state: State, frame: Frame, action: Action) -> None:
    frame["placed"].append({"at": action["at"], "air": action["air"]})
    log(state, "air_placed", at=action["at"], air={"key": f"air.{action['air']}"})


# === §G2.5 Resolution ===

def resolve_all(state: State, frame: Frame, action: Action) -> None:
    """Each target hex in the order its first counter was placed: one die on its table, plus one per counter after
    the first, the retaliation bonus off cities and towns, less for rough, city and mountain."""
    pop(state)
    order: list[str] = []
    for p in frame["placed"]:
        if p["at"] not in order:
            order.append(p["at"])
    for h in order:
        here = [p for p in frame["placed"] if p["at"] == h]
        strike(state, h, _table(state, here[0]["air"]), len(here))


def modifier(state: State, hex_id: str, table: str, counters: int) -> int:
    mods = _air(state)["modifiers"]
    m = (counters - 1) * int(mods["per_extra_counter"])
    kind = place_kind(state, hex_id)
    if table != "recon" and kind is None and retaliating(state):
        m += int(mods["retaliation"])
    terrain = natural(state, hex_id)
    if terrain == "mountain":
        m += int(mods["mountain"])  # AMBIG-26: the signs are lost; a penalty
    elif terrain == "rough" or kind == "city":
        m += int(mods["rough_or_city"])
    return m


def retaliating(state: State) -> bool:
    """The Coalition answers enemy chemical or nuclear use: a limited retaliation open (§14.6), a burst this turn."""
    return bool(state.get("coalition_chemical")) or state.get("burst") is not None


def row(state: State, table: str, total: int) -> str:
    return str(next(r["result"] for r in _air(state)["tables"][table] if total <= r["to"]))


def strike(state: State, hex_id: str, table: str, counters: int) -> None:
    if table == sow.KIND:
        sow.strike(state, hex_id)  # §G5.6: the SOW Table
        return
    die = rng.roll(state)
    total = die + modifier(state, hex_id, table, counters)
    result = row(state, table, total)
    log(state, "air_strike", at=hex_id, table={"key": f"air.{table}"}, die=die, total=total,
        result={"key": f"air_result.{result}"})
    if table != "recon":
        _deception(state, hex_id)
    if result == "collateral" or result == "suppression_strategic_collateral":
        collateral(state, hex_id)
    if result.startswith("suppression_strategic") or result == "strategic":
        remove_markers(state, hex_id)
    if result.startswith("suppression") and result != "suppression_or_strategic":
        suppress_hqs(state, hex_id)
    if result == "suppression_or_strategic":
        hqs, marks = _hqs(state, hex_id), targets.at(state, hex_id)
        if hqs and marks:
            push(state, {"kind": CHOICE, "side": "coalition", "at": hex_id})  # the Coalition chooses
        elif hqs:
            suppress_hqs(state, hex_id)
        else:
            remove_markers(state, hex_id)
    if result == "reconnoitred":
        for tid in targets.at(state, hex_id):
            _reconnoitred(state, tid)


def _deception(state: State, hex_id: str) -> None:
    """§G1 Deception: hit by a Conventional or Stealth strike it is revealed whatever the result, the Islamic player
    gains n MIPP, and it is removed."""
    for tid in targets.at(state, hex_id):
        rec = state["targets"][tid]
        if rec["kind"] == "deception":
            targets.reveal(state, tid, "air")
            mipp_gain(state, int(tables(state).also_lost("deception_mipp")), "deception")
            targets.remove(state, tid)


def _reconnoitred(state: State, tid: str) -> None:
    """§G1.4(3): recon reveals, never removes; a Deception is removed once reconnoitred (§G1 chart)."""
    rec = state["targets"][tid]
    targets.reveal(state, tid, "air")
    if rec["kind"] == "deception":
        targets.remove(state, tid)


def remove_markers(state: State, hex_id: str) -> None:
    """§G1.4(3): the markers are removed unrevealed, their kinds kept secret to the end; Hostages so removed give
    the Islamic player 1d6 MIPP, which shows what they were."""
    for tid in targets.at(state, hex_id):
        rec = state["targets"][tid]
        if rec["active"]:
            continue
        if rec["kind"] == "hostages":
            targets.reveal(state, tid, "air")
            mipp_gain(state, rng.roll(state), "hostages")
        targets.remove(state, tid)


def collateral(state: State, hex_id: str) -> None:
    """Collateral damage: n MIPP if the hex holds a city, m if a town."""
    kind = place_kind(state, hex_id)
    if kind is not None:
        mipp_gain(state, int(tables(state).also_lost("collateral_mipp")[kind]), "collateral")


def _hqs(state: State, hex_id: str) -> list[str]:
    return [u for u in on_map(state, "islamic") if spec(state, u).type == "hq" and unit(state, u)["hex"] == hex_id]


def suppress_hqs(state: State, hex_id: str) -> None:
    """§G4.6: every HQ in the hex is flipped to its suppressed side; a second suppression does nothing."""
    for u in _hqs(state, hex_id):
        suppress(state, u)


def choice_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "air_suppress", "at": frame["at"]}, {"type": "air_strategic", "at": frame["at"]}]


def choose(state: State, frame: Frame, action: Action) -> None:
    pop(state)
    if action["type"] == "air_suppress":
        suppress_hqs(state, frame["at"])
    else:
        remove_markers(state, frame["at"])


def shown(state: State) -> dict[str, Any] | None:
    """The view's sub-phase: the strikes of the turn, the Israeli ones, what is placed and what is left."""
    frame = state["stack"][-1] if state["stack"] else None
    if not on(state) or frame is None or frame["kind"] != STEP:
        return None
    return {"strikes": frame["strikes"], "israeli": frame["israeli"], "placed": [dict(p) for p in frame["placed"]],
            "left": left(state, frame), "targets": targets_shown(state, frame)}


def targets_shown(state: State, frame: Frame) -> list[str]:
    """The hexes a counter left may strike: §G2.4's, and while the SOW is left its own (§G5.6)."""
    psyop = sow.target_hexes(state) if sow.KIND in left(state, frame) else []
    return sorted({*target_hexes(state), *psyop})

