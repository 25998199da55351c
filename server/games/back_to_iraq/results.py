"""§11.10-§11.14: a combat resolved: the die, the result, and what follows it (losses, retreats, advances, MIPP).

Attackers never lose (§11.11). The tasks a result leaves are frames above the combat phase: the Islamic player
takes a DL* step (``lose_step``), the defender retreats the stack (``retreat``), the winner advances (``advance``).
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Frame, pop, push
from . import al_qaeda, command, israel, optional, sof
from .combat import read_table, reckon
from .control import enter
from .forces import ENEMY, at, board, log, on_map, spec, tables, unit, would_overstack
from .mipp import mipp_check, mipp_gain, s_plus
from .sources import family, sources
from .targets import c3i_present
from .terrain import may_stand
from .zoc import zoc


def resolve(state: State, frame: Frame) -> None:
    """§11.10: roll one die on the attacker's table (or take the automatic result beyond it)."""
    side, target, attackers = frame["side"], frame["at"], list(frame["attackers"])
    odds = reckon(state, side, target, attackers, frame)
    column, auto = read_table(state, side, odds.final)
    die = None
    if auto is None:
        die = rng.roll(state)
        code = tables(state).crt(side).result(column or "", die)
    else:
        code = auto
    for u in attackers:
        unit(state, u)["attacked"], unit(state, u)["attacked_turn"] = True, state["turn"]
    state["attacked_hexes"].append(target)
    defenders = at(state, target)
    log(state, "combat", side=side, at=target, attackers=attackers, defenders=defenders, attack=odds.attack,
        defence=odds.defence, odds=column or auto, die=die, result=code)
    pop(state)  # the attack frame
    result = tables(state).results[code]
    follow: list[Frame] = []
    if result["defender"] == "eliminated":
        for u in defenders:
            eliminate(state, u)
    elif result["defender"] == "retreat":
        follow.append({"kind": "retreat", "side": ENEMY[side], "at": target, "units": defenders})
    elif result["defender"] == "step_loss":
        steps = int(tables(state).lost("LOST-22"))  # LOST-22
        follow.append({"kind": "lose_step", "side": side, "at": target, "left": steps})
    follow.append({"kind": "advance", "side": side, "at": target, "attackers": attackers})
    push(state, *follow)
    optional.respond(state, frame)  # §14.5: Washington's answer to a chemical attack
    if result.get("mipp_check"):
        mipp_check(state, "combat", hex=target)  # §4.2(1)-(2)
    if result.get("mipp_gain"):
        mipp_gain(state, s_plus(state), "s_plus")  # §4.2(4)
    israel.combat_mipp(state, [*attackers, *defenders], bool(result.get("mipp_check")))  # §G5.3(3)
    al_qaeda.combat_mipp(state, [*attackers, *defenders])  # §G5.4(2)


def remove_stack(state: State, frame: Frame, action: Action) -> None:
    """§14.7: a massive retaliation removes one Islamic stack out of a city or town from the game."""
    pop(state)
    for u in at(state, action["at"]):
        eliminate(state, u)
    log(state, "massive", at=action["at"])


def eliminate(state: State, uid: str) -> None:
    rec = unit(state, uid)
    rec["status"], rec["hex"] = "eliminated", None
    log(state, "eliminated", unit=uid)
    al_qaeda.destroyed(state, uid)  # §G5.4(3)


def lose_one_step(state: State, uid: str) -> None:
    """§2.11: a 2-step unit flips to its reduced face; a 1-step unit is eliminated."""
    rec = unit(state, uid)
    if rec["steps"] > 1:
        rec["steps"] -= 1
        log(state, "reduced", unit=uid)
    else:
        eliminate(state, uid)


# === DL*: the Islamic player chooses the step (§11.12) ===

def lose_step_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "take_step", "unit": u} for u in at(state, frame["at"])]


def take_step(state: State, frame: Frame, action: Action) -> None:
    lose_one_step(state, action["unit"])
    frame["left"] -= 1
    if frame["left"] <= 0 or not at(state, frame["at"]):
        pop(state)


# === Retreat (§11.13) ===

def _stack_may_enter(state: State, units: list[str], frm: str, to: str, zones: frozenset[str]) -> bool:
    b = board(state)
    enemy = {unit(state, u)["hex"] for u in on_map(state) if unit(state, u)["side"] != unit(state, units[0])["side"]}
    if to in enemy or b.is_escarpment(frm, to):
        return False
    if spec(state, units[0]).side == "islamic" and to in zones:
        return False  # §11.13 (AMBIG-13): not into a Coalition ZOC
    return all(may_stand(state, u, to) for u in units)


def retreat_paths(state: State, units: list[str], start: str) -> dict[str, list[str]]:
    """The hexes LOST-21 away a stack may retreat to, each with one path to it (§11.13): no enemy unit, no ZOC for
    the Islamic side, no hex it could not move into. If several are open, only those nearest its supply sources."""
    b = board(state)
    zones = zoc(state)
    distance = int(tables(state).lost("LOST-21"))  # LOST-21
    level = {start: [start]}
    for _ in range(distance):
        nxt: dict[str, list[str]] = {}
        for h, p in level.items():
            for n in b.neighbours(h):
                if n in p or n in nxt or b.grid.distance(start, n) <= b.grid.distance(start, h):
                    continue
                if _stack_may_enter(state, units, h, n, zones):
                    nxt[n] = [*p, n]
        level = nxt
    if not level:
        return {}
    home = sources(state, family(state, units[0])) or list(board(state).supply_sources)
    near = {h: min(b.grid.distance(h, s) for s in home) for h in level}
    best = min(near.values())
    return {h: p[1:] for h, p in sorted(level.items()) if near[h] == best}  # "toward its supply source"


def retreat_actions(state: State, frame: Frame) -> list[Action]:
    units = [u for u in frame["units"] if unit(state, u)["status"] == "map"]
    if not units:
        return []
    options = retreat_paths(state, units, frame["at"])
    if not options:
        return [{"type": "no_retreat"}]
    return [{"type": "retreat", "to": h, "path": p} for h, p in options.items()]


def retreat(state: State, frame: Frame, action: Action) -> None:
    units = [u for u in frame["units"] if unit(state, u)["status"] == "map"]
    for u in units:
        unit(state, u)["hex"] = action["to"]
    enter(state, unit(state, units[0])["side"], action["path"])
    log(state, "retreat", units=units, to=action["to"])
    for u in israel.after_retreat(state, units):
        eliminate(state, u)  # §G5.3(1): forced out of Iraq and Iran
    pop(state)


def no_retreat(state: State, frame: Frame, action: Action) -> None:
    """§3.5, §3.9 and AMBIG-15: an Islamic stack with nowhere to go is eliminated; a Coalition unit stays and
    loses a step."""
    units = [u for u in frame["units"] if unit(state, u)["status"] == "map"]
    log(state, "retreat_blocked", units=units)
    for u in units:
        if sof.on(state) and all(sof.is_sof(state, v) for v in units):
            sof.neutralize(state, u)  # §G3.7(2): a lone SOF with nowhere to go
        elif spec(state, u).side == "islamic":
            eliminate(state, u)
        else:
            lose_one_step(state, u)
    pop(state)


# === Advance after combat (§11.14) ===

def advance_actions(state: State, frame: Frame) -> list[Action]:
    """§11.14; with ``c2`` §G4.5: who advances depends on command, and some go on a second hex."""
    target = frame["at"]
    c2 = command.advance_command(state, frame["side"])
    held = at(state, target)
    if c2 is not None:
        held = [u for u in held if unit(state, u)["side"] != frame["side"]]  # §G4.5: the advance goes on
    if held:
        return []  # the hex was not emptied (without c2, the first unit in ends the advance)
    out: list[Action] = []
    for u in frame["attackers"]:
        rec = unit(state, u)
        if rec["status"] != "map" or u in frame.get("onward", ()) or "101st" in spec(state, u).tags:
            continue  # §13.2: the 101st never advances
        if rec["hex"] == target:
            if command.may_go_on(state, u, c2):  # §G4.5(4)
                out += [_advance_to(state, u, n) for n in command.second_hexes(state, u)]
            continue
        if may_stand(state, u, target) and command.may_advance(state, u, c2):  # §G4.5(1)-(3)
            out.append(_advance_to(state, u, target))
    if out:
        if not c3i_present(state):
            # §G1 C3I: with every C3I gone no Iraqi unit advances; the step is still offered, so that whether a
            # face-down C3I is left does not show
            out = [a for a in out if spec(state, a["unit"]).power != "iraq"]
        out.append({"type": "end_advance"})
    return out


def _advance_to(state: State, uid: str, to: str) -> Action:
    a: dict[str, Any] = {"type": "advance", "unit": uid, "to": to}
    if would_overstack(state, uid, to):
        a["stacking"] = True
    return a


def advance(state: State, frame: Frame, action: Action) -> None:
    rec = unit(state, action["unit"])
    to = str(action.get("to", frame["at"]))
    if to != frame["at"]:
        frame.setdefault("onward", []).append(action["unit"])  # §G4.5(4): its second hex, the last
    rec["hex"] = to
    enter(state, rec["side"], [to])
    log(state, "advance", unit=action["unit"], to=to)


def end_advance(state: State, frame: Frame, action: Action) -> None:
    pop(state)
