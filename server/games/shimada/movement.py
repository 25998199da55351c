"""§6 zones of control, §7 stacking and §8 movement, offered one hex at a time; §4 exit.

One counter moves at a time (``state["mover"]``). Moving another counter, or ending the step,
finishes the mover's move. A move into a hex holding a friend is offered only when the counter
can go on from there to an empty hex with the MP it has left, so no move leads to a dead end.
"""

from __future__ import annotations

from ...engine.core import Action, State
from .units import (
    board,
    enemy,
    enter_hex,
    is_japanese_infantry,
    is_up,
    log,
    may_enter_terrain,
    name,
    occupants,
    ref,
    scenario,
    spec,
    unit,
    zoc,
)


def begin(state: State) -> None:
    """A new movement step: every counter of the player gets its full movement allowance."""
    for u in state["units"].values():
        u.update(used=0, done=False, jungle=False)
    state["mover"] = None


def mp_left(state: State, uid: str) -> int:
    u = unit(state, uid)
    return 0 if u["done"] else spec(state, uid).ma - u["used"]


def can_move(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return (u["side"] == state["player"] and u["status"] in ("map", "offmap")
            and is_up(state, uid)  # §8: disrupted counters cannot move
            and mp_left(state, uid) > 0)


def _step_ok(state: State, uid: str, frm: str | None, to: str, ezoc: set[str]) -> bool:
    """Could ``uid`` step from ``frm`` (None: off the map) into ``to``, ignoring stacking?"""
    side = unit(state, uid)["side"]
    if occupants(state, to, enemy(side)):
        return False  # §7: never into a hex holding an enemy counter
    if not may_enter_terrain(state, uid, to):
        return False  # §8: jungle only for Japanese infantry
    if frm is None:
        return True
    if not board(state).crossable(frm, to):
        return False  # §8: rivers only at a bridge
    # §6: a counter may leave an enemy ZOC, but not move directly into another enemy-ZOC hex.
    return not (frm in ezoc and to in ezoc)


def _can_go_on(state: State, uid: str, at: str, left: int, seen: frozenset[str],
               ezoc: set[str]) -> bool:
    """From a friend-occupied hex (outside enemy ZOC), can ``uid`` still reach an empty hex?"""
    if left <= 0:
        return False
    side = unit(state, uid)["side"]
    for n in board(state).neighbours(at):
        if n in seen or not _step_ok(state, uid, at, n, ezoc):
            continue
        others = [o for o in occupants(state, n, side) if o != uid]
        if not others:
            return True
        if n not in ezoc and _can_go_on(state, uid, n, left - 1, seen | {n}, ezoc):
            return True
    return False


def destinations(state: State, uid: str) -> list[str]:
    """The hexes ``uid`` may move into next (one hex, 1 MP each; entering costs the entry hex)."""
    if not can_move(state, uid):
        return []
    u = unit(state, uid)
    side = u["side"]
    left = mp_left(state, uid)
    options: tuple[str, ...]
    if u["status"] == "offmap":
        # §3: Japanese counters enter through the entry hex, which costs like any hex.
        if left < scenario(state)["entry_cost"]:
            return []
        frm, options = None, (board(state).entry,)
    else:
        frm, options = u["hex"], board(state).neighbours(u["hex"])
    ezoc = zoc(state, enemy(side))
    out = []
    for to in options:
        if not _step_ok(state, uid, frm, to, ezoc):
            continue
        others = [o for o in occupants(state, to, side) if o != uid]
        # §7: a counter may pass through friends but may not end its move on one. Entering an
        # enemy ZOC stops it (§6), so an occupied hex in enemy ZOC is never a legal step.
        if others and (to in ezoc or not _can_go_on(state, uid, to, left - 1, frozenset({to}), ezoc)):
            continue
        out.append(to)
    return sorted(out)


def can_stop(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return u["status"] != "map" or not [o for o in occupants(state, u["hex"], u["side"]) if o != uid]


def can_exit(state: State, uid: str) -> bool:
    """§4: a counter on the exit hex may move off the map, which takes one more MP."""
    u = unit(state, uid)
    return can_move(state, uid) and u["status"] == "map" and u["hex"] == board(state).exit


def legal_actions(state: State) -> list[Action]:
    mover = state["mover"]
    if mover is not None and not can_stop(state, mover):
        # §7: the mover stands on a friend: it must go on (a way on always exists).
        acts: list[Action] = [{"type": "move", "unit": ref(state, mover), "to": h}
                              for h in destinations(state, mover)]
        if can_exit(state, mover):
            acts.append({"type": "exit", "unit": ref(state, mover)})
        return acts
    acts = []
    movers = sorted((ref(state, uid), uid) for uid in state["units"] if can_move(state, uid))
    for r, uid in movers:
        acts += [{"type": "move", "unit": r, "to": h} for h in destinations(state, uid)]
        if can_exit(state, uid):
            acts.append({"type": "exit", "unit": r})
    if mover is not None:
        acts.append({"type": "end_move", "unit": ref(state, mover)})
    acts.append({"type": "end_step"})
    return acts


def finish_move(state: State) -> None:
    """The end of the mover's move: §8 jungle disruption at night."""
    uid = state["mover"]
    if uid is None:
        return
    u = unit(state, uid)
    u["done"] = True
    state["mover"] = None
    if u["jungle"] and not state["dawn"] and u["status"] == "map" and is_up(state, uid):
        # §8: Japanese infantry that moved through jungle is disrupted at the end of its move;
        # §11.1: not after dawn.
        u["face"] = "down"
        log(state, "jungle_disrupted", unit=name(state, uid), hex=u["hex"])


def move(state: State, uid: str, to: str) -> None:
    if state["mover"] not in (None, uid):
        finish_move(state)
    state["mover"] = uid
    u = unit(state, uid)
    frm = u["hex"] if u["status"] == "map" else None
    u["used"] += scenario(state)["entry_cost"] if frm is None else 1
    enter_hex(state, uid, to)
    if board(state).is_jungle(to) and is_japanese_infantry(state, uid):
        u["jungle"] = True
    if frm is None:
        log(state, "enter", unit=name(state, uid), to=to)
    else:
        log(state, "move", unit=name(state, uid), frm=frm, to=to)
    if to in zoc(state, enemy(u["side"])):
        u["used"] = spec(state, uid).ma  # §6: a counter entering an enemy ZOC must stop
    if mp_left(state, uid) <= 0 and can_stop(state, uid):
        finish_move(state)


def end_move(state: State) -> None:
    finish_move(state)


def exit_map(state: State, uid: str) -> None:
    """§4: off the map through the exit hex."""
    if state["mover"] not in (None, uid):
        finish_move(state)
    u = unit(state, uid)
    log(state, "exit", unit=name(state, uid), hex=u["hex"])
    u["status"] = "exited"
    u["hex"] = None
    u["done"] = True
    state["mover"] = None
