"""§8.7 the step losses of a combat: the defender allocates its losses freely, the attacker spreads
its own as evenly as possible over its stacks, then over the units of each stack. A side that has no
more steps than it must lose loses them all with no choice; a single candidate loses its step by itself.

Each side's losses are a ``losses`` task (count, and ``even`` for the attacker), answered step by step.
"""

from __future__ import annotations

from ...engine.core import Action, State
from .engagement import alive, current, engaged
from .losses import destroy, lose_step
from .pending import Task
from .units import unit


def loss_candidates(state: State, task: Task) -> list[str]:
    """The units that may lose the next step."""
    cur = current(state)
    units = sorted(alive(state, engaged(state, task)))
    if not task["even"]:
        return units  # §8.7: the defender allocates freely
    # §8.7: the attacker spreads losses as evenly as possible over stacks, then over units.
    lost = cur["lost"]
    stacks: dict[str, list[str]] = {}
    for u in units:
        stacks.setdefault(task.setdefault("stacks", {}).setdefault(u, unit(state, u)["hex"]), []).append(u)
    if not stacks:
        return []
    per_stack = {h: sum(lost[u] for u in us) for h, us in stacks.items()}
    low = min(per_stack.values())
    out = []
    for h, us in stacks.items():
        if per_stack[h] == low:
            fewest = min(lost[u] for u in us)
            out += [u for u in us if lost[u] == fewest]
    return sorted(out)


def loss_actions(state: State, task: Task) -> list[Action]:
    return [{"type": "lose_step", "unit": u} for u in loss_candidates(state, task)]


def settle_losses(state: State, task: Task) -> bool:
    """The losses that need no choice: none left to take, every step going, or a single candidate."""
    if task["count"] <= 0 or not loss_candidates(state, task):
        state["pending"].pop(0)
        return True
    units = alive(state, engaged(state, task))
    if sum(unit(state, u)["steps"] for u in units) <= task["count"]:
        lost = current(state)["lost"]
        for u in units:  # every step goes: no choice to make
            destroy(state, u, "combat")
            lost[u] = lost.get(u, 0) + 2
        state["pending"].pop(0)
        return True
    if len(set(loss_candidates(state, task))) == 1:
        take_loss(state, loss_candidates(state, task)[0])
        return True
    return False


def take_loss(state: State, uid: str) -> None:
    """One step of the side's losses, on the unit its owner chose."""
    task = state["pending"][0]
    cur = current(state)
    cur["lost"][uid] = cur["lost"].get(uid, 0) + 1
    lose_step(state, uid, "combat")
    task["count"] -= 1
    if task["count"] <= 0:
        state["pending"].pop(0)
