"""The tasks of other chapters that wait in the same queue as a combat's: §6.3 the stacking check (after
movement and after each combat), §13.7 the guard of a broken-through entry, §10.4 the step an interdicted
German stack loses, §12.4 the step a fortress city's isolated stack loses, and §9.5(3) the Allied unit a
commando misdirects.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.core import Action, State
from .breakthrough import guard_candidates, place_guard
from .engagement import alive
from .fog import private
from .losses import destroy, lose_step
from .misdirection import end_misdirect, misdirect, misdirect_actions
from .movement import excess_actions
from .pending import Kind, Task
from .supply import isolation_loss
from .units import by_ref, log, name, stack_violations, unit

# === §6.3 stacking ===


def settle_stacking(state: State, task: Task) -> bool:
    """A side with no broken stack has nothing to remove."""
    if excess_actions(state, task):
        return False
    state["pending"].pop(0)
    return True


def remove_excess(state: State, uid: str) -> None:
    """§6.3: the owner removes a unit of a broken stack; it counts as destroyed (§13.4(3))."""
    destroy(state, uid, "stacking")
    if not stack_violations(state, state["pending"][0]["side"]):
        state["pending"].pop(0)


# === §13.7 the guard of a broken-through entry ===

def guard_actions(state: State, task: Task) -> list[Action]:
    return [{"type": "guard", "unit": u, "at": task["entry"]} for u in guard_candidates(state, task["entry"])]


def settle_guard(state: State, task: Task) -> bool:
    """No Allied unit to send: no guard."""
    if guard_actions(state, task):
        return False
    state["pending"].pop(0)
    return True


# === §10.4 interdiction ===

def interdiction_actions(state: State, task: Task) -> list[Action]:
    return [{"type": "interdiction_loss", "unit": u} for u in alive(state, task["units"])]


def settle_interdiction(state: State, task: Task) -> bool:
    return _settle_stack_loss(state, task, interdiction_hit)


def interdiction_loss(state: State, uid: str) -> None:
    """The German player picks the unit of the interdicted stack that loses the step."""
    state["pending"].pop(0)
    interdiction_hit(state, uid)


def interdiction_hit(state: State, uid: str) -> None:
    """§10.4: the interdicted stack loses one step as a whole; a unit destroyed leaves the moving stack."""
    log(state, "interdiction_loss", private(state, "german"), unit=name(state, uid))
    lose_step(state, uid, "air")
    m = state.get("mover")
    if m and unit(state, uid)["status"] != "map":
        m["units"] = [u for u in m["units"] if u != uid]
        if not m["units"]:
            state["mover"] = None


# === §12.4 a fortress stack's continued isolation ===

def isolation_actions(state: State, task: Task) -> list[Action]:
    return [{"type": "isolation_loss", "unit": u} for u in sorted(alive(state, task["units"]))]


def settle_isolation(state: State, task: Task) -> bool:
    return _settle_stack_loss(state, task, isolation_loss)


def _settle_stack_loss(state: State, task: Task, hit: Callable[[State, str], None]) -> bool:
    """A stack that loses one step: with one unit (or none left) there is no choice of the unit."""
    units = alive(state, task["units"])
    if len(units) > 1:
        return False
    state["pending"].pop(0)
    for u in units:
        hit(state, u)
    return True


def fortress_isolation_loss(state: State, uid: str) -> None:
    """§12.4: the unit the owner picked loses the fortress stack's one step of continued isolation."""
    state["pending"].pop(0)
    isolation_loss(state, uid)


# === The kinds, with the handler of each verb ===

def _on_remove(state: State, action: Action) -> None:
    remove_excess(state, by_ref(state, action["unit"]))


def _on_guard(state: State, action: Action) -> None:
    place_guard(state, by_ref(state, action["unit"]))


def _on_interdiction_loss(state: State, action: Action) -> None:
    interdiction_loss(state, by_ref(state, action["unit"]))


def _on_isolation_loss(state: State, action: Action) -> None:
    fortress_isolation_loss(state, by_ref(state, action["unit"]))


def _on_misdirect(state: State, action: Action) -> None:
    misdirect(state, action["to"])


def _on_end_misdirect(state: State, action: Action) -> None:
    end_misdirect(state)


KINDS: dict[str, Kind] = {
    "stacking": Kind(excess_actions, {"remove": _on_remove}, settle_stacking),
    "guard": Kind(guard_actions, {"guard": _on_guard}, settle_guard),
    "interdiction": Kind(interdiction_actions, {"interdiction_loss": _on_interdiction_loss}, settle_interdiction),
    "isolation": Kind(isolation_actions, {"isolation_loss": _on_isolation_loss}, settle_isolation),
    "misdirect": Kind(misdirect_actions, {"misdirect": _on_misdirect, "end_misdirect": _on_end_misdirect}),
}
