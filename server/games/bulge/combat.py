"""§8 combat: the combat phase's steps and the tasks a combination's result leaves.

At the start of a combat phase the attacker declares every combination, then names the order of
resolution before any die (attacks.py, §8.1-§8.3(2), §8.8); the odds and their shifts are reckoned by
odds.py (§8.3(3)-(4)); each combination is resolved in that order (resolution.py, §8.3(5), §8.4). Its
result is applied at once (§8.3(5)), as a queue of tasks in ``state["pending"]``, each answered by the
player it concerns: the attacker's Aopt choice, the defender's option retreat (retreat.py), losses (the
defender freely, the attacker spread evenly: casualties.py, §8.7), retreats hex by hex by their owner
(retreat.py, §8.5), pursuit (pursuit.py, §8.6), and the stacking check (§6.3, tasks.py, with the other
chapters' tasks that wait in the same queue).

This module holds the combat's kinds of task, with the handler of each verb.
"""

from __future__ import annotations

from ...engine.core import Action, State
from .casualties import loss_actions, settle_losses, take_loss
from .pending import Kind, Task
from .pursuit import end_pursuit, pursue, pursuit_actions, settle_pursuit
from .resolution import aopt_actions, choose_aopt
from .retreat import (
    begin_retreats,
    choose_option,
    retreat_actions,
    retreat_choices,
    retreat_step,
    settle_choice,
    settle_retreat,
)
from .units import by_ref


def _on_aopt(state: State, action: Action) -> None:
    choose_aopt(state, int(action["steps"]))


def _on_option_retreat(state: State, action: Action) -> None:
    choose_option(state, "option")


def _on_retreat_anyway(state: State, action: Action) -> None:
    choose_option(state, "anyway")


def _on_hold(state: State, action: Action) -> None:
    choose_option(state, "hold")


def _on_lose_step(state: State, action: Action) -> None:
    take_loss(state, by_ref(state, action["unit"]))


def _on_retreat(state: State, action: Action) -> None:
    retreat_step(state, action["to"])


def _on_pursue(state: State, action: Action) -> None:
    pursue(state, by_ref(state, action["unit"]))


def _on_end_pursuit(state: State, action: Action) -> None:
    end_pursuit(state)


def _no_actions(state: State, task: Task) -> list[Action]:
    return []


_CHOICE = {"option_retreat": _on_option_retreat, "retreat_anyway": _on_retreat_anyway, "hold": _on_hold}

# The combat's tasks, in the order a result leaves them (resolution.result_tasks).
KINDS: dict[str, Kind] = {
    "aopt": Kind(aopt_actions, {"aopt": _on_aopt}),  # §8.4
    "option": Kind(retreat_choices, _CHOICE, settle_choice),  # §8.5(3)
    "fortress": Kind(retreat_choices, _CHOICE, settle_choice),  # §12.3
    "losses": Kind(loss_actions, {"lose_step": _on_lose_step}, settle_losses),  # §8.7
    "retreats": Kind(_no_actions, {}, begin_retreats),  # §8.5: the side's units, one after the other
    "retreat": Kind(retreat_actions, {"retreat": _on_retreat}, settle_retreat),  # §8.5(1)-(2)
    "pursuit": Kind(pursuit_actions, {"pursue": _on_pursue, "end_pursuit": _on_end_pursuit},  # §8.6
                    settle_pursuit),
}
