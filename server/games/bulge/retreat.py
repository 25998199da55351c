"""§8.5 retreat: a forced retreat is made hex by hex by the retreating unit's owner (§8.5(1)-(2)); a unit
with no legal retreat surrenders (§5.6, §8.5(2)). §8.5(3) the defender's Option Retreat, and §12.3 a
fortress city's defender, who may hold against a DR or retreat anyway.

A result with a retreat leaves a ``retreats`` task for the side, taken up after its losses: one
``retreat`` task per surviving unit. The defender's ``option`` or ``fortress`` choice comes first.
"""

from __future__ import annotations

from ...engine.core import Action, State
from .engagement import alive, current, engaged
from .fog import move_readers, situation_for
from .losses import destroy
from .occupation import occupy
from .pending import Task
from .terrain import mech_road_only
from .units import Situation, board, log, name, spec, stack_problem, tables, unit
from .westwall import moved

# === §8.5(3), §12.3 the defender's choice ===


def can_retreat(state: State, uids: list[str], hexes: int) -> bool:
    """Whether every one of ``uids`` has a legal retreat of ``hexes`` hexes now (§8.5(2)), as their side sees
    it (fog of war)."""
    if not uids:
        return False
    sit = situation_for(state, unit(state, uids[0])["side"])
    return all(retreat_options(state, sit, u, unit(state, u)["hex"], hexes, [unit(state, u)["hex"]], False)
               for u in uids)


def retreat_choices(state: State, task: Task) -> list[Action]:
    """§8.5(3) Option Retreat, §12.3 retreating anyway from a fortress city: offered only where the defenders
    have a legal retreat (§12.3 「退却可能であれば」); holding is always possible."""
    defenders = alive(state, current(state)["defenders"])
    t = tables(state)
    out: list[Action] = []
    if (task["kind"] == "option" or task.get("option")) and \
            can_retreat(state, defenders, int(t.const("option_retreat_hexes"))):
        out.append({"type": "option_retreat"})
    if task["kind"] == "fortress" and can_retreat(state, defenders, int(task["hexes"])):
        out.append({"type": "retreat_anyway"})
    return [*out, {"type": "hold"}]


def settle_choice(state: State, task: Task) -> bool:
    """No legal retreat: nothing to choose, the defender holds (§12.3, §8.5(3))."""
    if len(retreat_choices(state, task)) != 1:
        return False
    choose_option(state, "hold")
    return True


def choose_option(state: State, choice: str) -> None:
    """§8.5(3) ``option``: retreat 1 hex and lose 1 step fewer, marked Option Retreat; §12.3 ``anyway``: a
    fortress defender retreats as the DR said (its full loss, no marker); ``hold``: no retreat."""
    task = state["pending"].pop(0)
    t = tables(state)
    losses = state["pending"][0]
    retreats = state["pending"][1]
    at = current(state)["at"]
    if choice == "option":
        losses["count"] = max(0, losses["count"] - int(t.const("option_retreat_steps")))
        retreats["hexes"] = int(t.const("option_retreat_hexes"))
        retreats["option"] = True
        for d in alive(state, current(state)["defenders"]):
            unit(state, d)["option_retreat"] = True
        log(state, "option_retreat", hex=at)
    elif choice == "anyway":
        retreats["hexes"] = int(task["hexes"])
        log(state, "fortress_retreats", hex=at)
    elif task["kind"] == "fortress":
        log(state, "fortress_holds", hex=at)  # §12.3: the fortress defender ignores the forced retreat


# === §8.5(1)-(2) the retreat, hex by hex ===

def begin_retreats(state: State, task: Task) -> bool:
    """After its losses, the side's surviving units retreat one after the other."""
    state["pending"].pop(0)
    news = [{"kind": "retreat", "side": task["side"], "unit": u, "origin": unit(state, u)["hex"],
             "left": task["hexes"], "path": [unit(state, u)["hex"]], "extended": False}
            for u in sorted(alive(state, engaged(state, task))) if task["hexes"] > 0]
    state["pending"][0:0] = news
    return True


def retreat_actions(state: State, task: Task) -> list[Action]:
    sit = situation_for(state, task["side"])  # fog of war: only what the retreating side sees
    u = task["unit"]
    return [{"type": "retreat", "unit": u, "to": h}
            for h in retreat_options(state, sit, u, task["origin"], task["left"], task["path"], task["extended"])]


def settle_retreat(state: State, task: Task) -> bool:
    """A retreat with one way only goes on by itself; a unit with none surrenders (§5.6, §8.5(2))."""
    if unit(state, task["unit"])["status"] != "map":
        state["pending"].pop(0)
        return True
    opts = retreat_actions(state, task)
    if not opts:
        log(state, "surrender", unit=name(state, task["unit"]))
        destroy(state, task["unit"], "surrender")  # §5.6/§8.5(2): no legal retreat
        state["pending"].pop(0)
        return True
    if len(opts) == 1:
        retreat_step(state, opts[0]["to"])
        return True
    return False


def _step_ok(state: State, sit: Situation, uid: str, frm: str, to: str, origin: str, path: list[str]) -> bool:
    b = board(state)
    side = unit(state, uid)["side"]
    if to in path or b.grid.distance(origin, to) <= b.grid.distance(origin, frm):
        return False  # §8.5(1): away from the original hex
    if sit.has_enemy(to, side) or to in sit.ezoc(side):
        return False  # §8.5(2): not into enemy units nor an EZOC, friends or not
    return not (spec(state, uid).mechanised and not b.is_road(frm, to) and mech_road_only(state, frm, to))  # §7.6


def _fits(state: State, sit: Situation, uid: str, at: str) -> bool:
    others = [u for u in sit.units(at, unit(state, uid)["side"]) if u != uid]
    return stack_problem(state, [*others, uid], at) is None


def _can_finish(state: State, sit: Situation, uid: str, at: str, left: int, origin: str, path: list[str],
                extended: bool) -> bool:
    if left <= 0:
        if _fits(state, sit, uid, at):
            return True
        if extended:
            return False
        left, extended = 1, True  # §8.5(2): one hex further to a legal stack
    return any(_step_ok(state, sit, uid, at, n, origin, path)
               and _can_finish(state, sit, uid, n, left - 1, origin, [*path, n], extended)
               for n in board(state).neighbours(at))


def retreat_options(state: State, sit: Situation, uid: str, origin: str, left: int, path: list[str],
                    extended: bool) -> list[str]:
    """The hexes the unit may retreat into next, each leading to a legal end of its retreat (§8.5(1)-(2))."""
    at = path[-1]
    if left <= 0 and not extended:
        left, extended = 1, True
    return sorted(n for n in board(state).neighbours(at)
                  if _step_ok(state, sit, uid, at, n, origin, path)
                  and _can_finish(state, sit, uid, n, left - 1, origin, [*path, n], extended))


def retreat_step(state: State, to: str) -> None:
    """One hex of a retreat. Offered from what the retreating side sees; the step itself needs nothing more,
    as the hex entered and its EZOC lie within 2 hexes of the unit, in its sight (fog.py); what lies beyond
    is met at the next step (no legal hex left: surrender, §8.5(2))."""
    task = state["pending"][0]
    uid = task["unit"]
    frm = unit(state, uid)["hex"]
    if task["left"] <= 0:
        task["extended"] = True
    else:
        task["left"] -= 1
    unit(state, uid)["hex"] = to
    moved(state, uid, frm, to)
    task["path"].append(to)
    log(state, "retreat", move_readers(state, [uid], frm, to), unit=name(state, uid), frm=frm, to=to)
    occupy(state, to, unit(state, uid)["side"])  # AMBIG-26: a retreat passes through
    current(state)["retreated"].append(uid)
    if task["left"] <= 0 and _fits(state, Situation(state), uid, to):
        state["pending"].pop(0)
