"""The computer's search, one for every game: sampled worlds, a few plies of look-ahead, the game's
evaluation, and successive halving of the candidates within a fixed work budget.

A decision reads the true state only through the game's ``determinize`` (which draws every hidden fact
from the bot's own random numbers) and the legal actions of its role (which, by the rules protocol,
depend only on what that role may see). Each sampled world gets its own dice, so a candidate's value is
its mean over several ways the hidden facts and the dice may fall. The work budget (evaluations, not
seconds) makes a decision a function of (view, seed): the same view and seed give the same action
whatever the machine's load; the wall clock is only a guard.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.core import Action, IllegalAction, Role, Rules, State, json_copy, private_copy, won
from ..engine.judge import Judge, fresh_dice, readable_log
from .levels import Level

FORCED_PLIES = 12  # a look-ahead also follows this many one-choice steps (a forced retreat, a roll)


@dataclass
class Decision:
    action: Action | None
    seconds: float = 0.0
    evaluations: int = 0
    considered: int = 0  # candidates searched
    offered: int = 0  # legal actions
    values: list[float] = field(default_factory=list)  # the searched candidates' mean values, best first


def sample_world(judge: Judge, state: State, role: Role, rnd: random.Random) -> State:
    """One world consistent with ``role``'s view: the log cut to its lines, fresh dice, then the game's
    own determinization of everything else hidden."""
    shown = {k: v for k, v in state.items() if k not in ("log", "rng")}
    shown["log"] = readable_log(state.get("log", []), role)
    world = private_copy(shown)
    fresh_dice(world, rnd)
    return judge.determinize(world, role, rnd)


def terminal_value(rules: Rules, state: State, role: Role) -> float | None:
    outcome = rules.outcome(state)
    if outcome is None:
        return None
    result = won(rules, outcome.winner, role)  # a side wins with its every role
    return 0.5 if result is None else (1.0 if result else 0.0)


def best_by_prior(judge: Judge, world: State, role: Role, actions: Sequence[Action]) -> Action:
    scores = judge.prior(world, role, actions)
    return actions[max(range(len(actions)), key=lambda i: scores[i])]


def look_ahead(rules: Rules, judge: Judge, world: State, plies: int) -> State:
    """``plies`` more actions, each the prior's choice of the role to act (in role order when several
    may), plus any steps that offer one action only."""
    forced = 0
    while plies > 0 or forced < FORCED_PLIES:
        if rules.outcome(world) is not None:
            break
        active = sorted(rules.active_roles(world))
        if not active:
            break
        actor = active[0]
        actions = rules.legal_actions(world, actor)
        if not actions:
            break
        if len(actions) == 1:
            forced += 1
            if forced > FORCED_PLIES:
                break
            choice = actions[0]
        elif plies > 0:
            plies -= 1
            choice = best_by_prior(judge, world, actor, actions)
        else:
            break
        world = rules.apply(private_copy(world), actor, json_copy(choice))
    return world


def value_of(rules: Rules, judge: Judge, world: State, role: Role, action: Action, depth: int) -> float | None:
    """The value for ``role`` of playing ``action`` in ``world``, or None if the world refuses it (a
    determinization the game's rules do not accept: then the candidate is judged on other worlds)."""
    try:
        after = rules.apply(private_copy(world), role, json_copy(action))
        after = look_ahead(rules, judge, after, depth)
    except IllegalAction:
        return None
    end = terminal_value(rules, after, role)
    return end if end is not None else min(1.0, max(0.0, judge.evaluate(after, role)))


def candidates(judge: Judge, world: State, role: Role, actions: Sequence[Action], width: int,
               rnd: random.Random) -> list[int]:
    """The indices of the ``width`` actions the prior likes best (ties in a random order), leaving out those it
    rules out (``-inf``) while any other remains."""
    scores = judge.prior(world, role, actions)
    allowed = [i for i in range(len(actions)) if scores[i] != -math.inf] or list(range(len(actions)))
    if len(allowed) <= width:
        rnd.shuffle(allowed)
        return allowed
    tie = [rnd.random() for _ in actions]
    return sorted(allowed, key=lambda i: (-scores[i], tie[i]))[:width]


def decide(rules: Rules, judge: Judge, state: State, role: Role, level: Level, seed: int,
           guard: bool = True) -> Decision:
    """The action ``role`` plays now, from its view and ``seed``. ``guard`` False drops the wall-clock
    guard (tests of blindness and determinism)."""
    start = time.perf_counter()
    if rules.outcome(state) is not None or role not in rules.active_roles(state):
        return Decision(None)
    actions = rules.legal_actions(state, role)
    if len(actions) <= 1:
        return Decision(actions[0] if actions else None, time.perf_counter() - start, offered=len(actions))
    rnd = random.Random(seed)
    world_seeds = [rnd.getrandbits(64) for _ in range(level.worlds)]
    worlds: list[State] = []

    def world(i: int) -> State:
        while len(worlds) <= i:
            worlds.append(sample_world(judge, state, role, random.Random(world_seeds[len(worlds)])))
        return worlds[i]

    chosen = candidates(judge, world(0), role, actions, level.width, rnd)
    totals = {i: 0.0 for i in chosen}
    counts = {i: 0 for i in chosen}
    remaining = list(chosen)
    spent = 0
    for w in range(level.worlds):
        left = level.evaluations - spent
        # Successive halving: keep the better half while the rest of the worlds would not fit the budget.
        while w > 0 and len(remaining) > 1 and len(remaining) * (level.worlds - w) > left:
            remaining = _ranked(remaining, totals, counts)[: math.ceil(len(remaining) / 2)]
        if left < len(remaining) and w > 0:
            break
        for i in remaining:
            v = value_of(rules, judge, world(w), role, actions[i], level.depth)
            spent += 1
            if v is not None:
                totals[i] += v
                counts[i] += 1
            if guard and time.perf_counter() - start > level.seconds and all(counts[j] for j in remaining):
                break
        if guard and time.perf_counter() - start > level.seconds:
            break
    scored = [i for i in chosen if counts[i]]
    if not scored:  # every world refused every candidate: the prior's choice
        return Decision(actions[chosen[0]], time.perf_counter() - start, spent, len(chosen), len(actions))
    noisy = {i: totals[i] / counts[i] + (rnd.gauss(0.0, level.noise) if level.noise else 0.0) for i in scored}
    # The most-searched survivors first (halving's winners), then by value; an exact tie (the evaluation
    # could not tell the candidates apart, e.g. a return fire that missed in every world) goes to the
    # action the prior likes best rather than to the shuffle.
    top = max((counts[i], noisy[i]) for i in scored)
    tied = [i for i in scored if (counts[i], noisy[i]) == top]
    if len(tied) > 1:
        scores = judge.prior(world(0), role, [actions[i] for i in tied])
        best = tied[max(range(len(tied)), key=lambda k: scores[k])]
    else:
        best = tied[0]
    values = sorted((noisy[i] for i in scored), reverse=True)
    return Decision(actions[best], time.perf_counter() - start, spent, len(chosen), len(actions), values)


def _ranked(indices: list[int], totals: dict[int, float], counts: dict[int, int]) -> list[int]:
    return sorted(indices, key=lambda i: -(totals[i] / counts[i]) if counts[i] else 1.0)
