"""The computer opponent's judge for Conflict of Heroes (``server.engine.judge``): pure, like the rules.

At rules level 1 nothing is hidden (``view.py``: every unit, hit counter, AP, CAP and VP is public), so
``determinize`` keeps the state and draws only fresh dice (``fresh_dice``); the hit-counter piles are drawn at
random when needed, from the dice, so nothing else is to sample.

``evaluate`` reads the victory conditions (digest §4-§5): the VP as they stand, the victory hex's holder times
the scoring turns still to come, units alive (a hit unit counts less: a second hit destroys it and gives the
enemy a kill VP), and CAP, as a margin turned into a chance by ``logistic``, rounded so equal positions tie.

``prior`` scores each action without applying it: a fire by its expected hits from the action's own odds
notes, weighted by the target's worth (a hit unit is worth more: the next hit kills); a roll likewise, CAP
spent only where it buys real chance; moves toward the victory hex and into cover (the terrain's DM), away
from being adjacent to enemies in the open; rally when hit by its chance; passing, ending an activation and
declining a reaction score low, below any good shot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine.core import Action, Role, State
from ...engine.judge import fresh_dice, logistic
from .forces import ENEMY, board, firefight, on_map, tables, unit

TUNING: dict[str, dict[str, Any]] = {
    # One apply costs well under a millisecond; actions are many (moves, pivots, faces), so the prior
    # narrows the search and the levels look a little ahead.
    "easy": {"worlds": 1, "width": 4, "depth": 0, "noise": 0.08, "evaluations": 4, "seconds": 0.5},
    "normal": {"worlds": 1, "width": 6, "depth": 1, "noise": 0.02, "evaluations": 6, "seconds": 0.8},
    "strong": {"worlds": 1, "width": 8, "depth": 2, "noise": 0.0, "evaluations": 8, "seconds": 1.0},
}

W_UNHIT = 1.0  # an unhit unit on the map (or waiting to enter)
W_HIT = 0.55  # a hit unit: one more hit kills it, a kill VP for the enemy
W_CAP = 0.08  # a CAP point
SCALE = 0.45  # margin -> chance


# === determinize ===

def determinize(state: State, role: Role, rnd: random.Random) -> State:
    """Nothing is hidden at rules level 1: the world is the state with fresh dice."""
    world = state
    world["log"] = []  # no rule reads it
    fresh_dice(world, rnd)
    return world


# === evaluate ===

def _turns_to_score(state: State) -> int:
    """Scoring turns whose end is still to come (this one included)."""
    ff = firefight(state)
    return sum(1 for t in ff.scoring_turns if t >= state["turn"])


def margin(state: State, role: Role) -> float:
    """VP-like margin of ``role`` over the enemy."""
    enemy = ENEMY[role]
    m = float(state["vp"][role]) - float(state["vp"][enemy])
    left = _turns_to_score(state)
    for h, vp in firefight(state).victory_hexes.items():
        holder = state["control"].get(h)
        if holder is not None:
            m += (vp * left) * (1.0 if holder == role else -1.0)
    for u in state["units"].values():
        if u["status"] == "destroyed":
            continue
        w = W_UNHIT if u["counter"] is None else W_HIT
        m += w if u["side"] == role else -w
    m += W_CAP * (float(state["cap"][role]) - float(state["cap"][enemy]))
    return m


def evaluate(world: State, role: Role) -> float:
    r = world.get("result")
    if r is not None:
        return 0.5 if r["winner"] is None else (1.0 if r["winner"] == role else 0.0)
    return round(logistic(SCALE * margin(world, role)), 4)


# === prior ===

def _worth(state: State, uid: str) -> float:
    """What a hit on ``uid`` is worth: a hit unit dies (a kill VP), an unhit one is weakened."""
    return 2.0 if unit(state, uid)["counter"] is not None else 1.0


def _expected(state: State, odds: dict[str, Any]) -> float:
    """Expected value of one roll: one hit on an unhit unit weakens it, a hit on a hit unit or two hits kill."""
    w = _worth(state, odds["unit"])
    one, two = float(odds["one_hit"]), float(odds["two_hits"])
    return one * w + two * 2.0


def _fire_score(state: State, a: Action) -> float:
    return sum(_expected(state, o) for o in a["cost"].get("odds", []))


def prior(world: State, role: Role, actions: Sequence[Action]) -> list[float]:
    m = board(world)
    tab = tables(world)
    enemies = [unit(world, e)["hex"] for e in on_map(world, ENEMY[role])]
    goals = list(firefight(world).victory_hexes)
    scores: list[float] = []
    best_shot = max((_fire_score(world, a) for a in actions if a["type"] == "fire"), default=0.0)
    reacting = any(a["type"] == "decline" for a in actions)
    for a in actions:
        t = a["type"]
        cost = a.get("cost", {})
        cap = float(cost.get("cap", 0))
        s = 0.0
        if t == "fire":
            e = _fire_score(world, a)
            s = 3.0 * e - 0.15 * cap + (0.5 if e >= 0.15 else -0.3)  # a poor shot scores below declining
            if a["mode"] == "command":
                s -= 0.3
        elif t == "roll":
            base = {"unit": a["target"], "one_hit": cost["one_hit"], "two_hits": cost["two_hits"]}
            s = 1.0 + 3.0 * _expected(world, base) - 0.35 * cap  # CAP only where it buys real chance
        elif t in ("move", "enter"):
            here = unit(world, a["unit"])["hex"]
            to = a["to"]
            if goals:
                d_to = min(m.distance(to, g) for g in goals)
                d_here = min(m.distance(here, g) for g in goals) if here else d_to + 1
                pull = 0.35 if all(world["control"].get(g) == role for g in goals) else 0.8
                s += pull * (d_here - d_to) + (1.0 if d_to == 0 else 0.0)
            s += 0.15 * tab.dm(m.terrain[to])
            near = sum(1 for e in enemies if m.distance(to, e) <= 1)
            if near and tab.dm(m.terrain[to]) <= 0:
                s -= 0.2 * near
            s += 0.3 - 0.1 * float(cost.get("ap", 0)) - 0.3 * cap
            if t == "enter":
                s += 0.5
            if a.get("mode") == "command" or (reacting and a.get("mode") != "opportunity"):
                s -= 0.4
        elif t == "rally":
            s = 0.2 + 1.5 * float(cost.get("chance", 0.0)) - 0.2 * cap
        elif t == "face":
            here = unit(world, a["unit"])["hex"]
            if enemies and here:
                near = min(enemies, key=lambda e: (m.distance(here, e), e))
                n = m.neighbour(here, a["facing"])
                s = 0.15 * (m.distance(here, near) - m.distance(n, near)) if n is not None else -0.1
        elif t == "pivot":
            s = -0.1
        elif t == "declare":
            s = -0.1 * a["cap"]
        elif t == "decline":
            s = 0.4  # fire back only when the odds are good
        elif t in ("pass", "end_activation"):
            s = 0.2 - (1.0 if best_shot > 0.3 else 0.0)  # never pass with a good shot available
        scores.append(round(s, 6))
    return scores
