"""Simple players for Shimada balance runs: uniform random, and a greedy heuristic.

The heuristic plays only from what its own view shows (it reads the view, never the state):
the Japanese drive down the road toward the exit and attack at 2:1 or better; the British stay in
their positions, attack at 2:1 or better, and recover everything they can.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache
from typing import Any

from server.engine.core import Action, make_view
from server.engine.testing import Playout
from server.games.shimada import RULES
from server.games.shimada.data import dataset

GOOD_ODDS = ("2:1", "3:1", "4:1", "5:1")


@cache
def distance_to_exit(jungle: bool) -> dict[str, int]:
    """Hexes to the exit hex for a counter that may (or may not) enter jungle; units ignored."""
    b = dataset().board
    dist = {b.exit: 0}
    todo = deque([b.exit])
    while todo:
        h = todo.popleft()
        for n in b.neighbours(h):
            if n in dist or not b.crossable(h, n) or (b.is_jungle(n) and not jungle):
                continue
            dist[n] = dist[h] + 1
            todo.append(n)
    return dist


def _distance(view: dict[str, Any], ref: str, to: str) -> int:
    counter = next(c for c in view["counters"] if c["ref"] == ref)
    far = distance_to_exit(counter.get("kind") == "infantry")
    return far.get(to, 99)


def heuristic(view: dict[str, Any], role: str, actions: list[Action], rnd: random.Random) -> Action:
    by_type: dict[str, list[Action]] = {}
    for a in actions:
        by_type.setdefault(a["type"], []).append(a)
    step = view["step"]
    if "choose_dawn" in by_type:
        return rnd.choice(by_type["choose_dawn"])
    if "exit" in by_type and role == "japanese":
        return by_type["exit"][0]
    if step == "movement":
        if role == "japanese" and "move" in by_type:
            best = min(_distance(view, a["unit"], a["to"]) for a in by_type["move"])
            now = {c["ref"]: distance_to_exit(c.get("kind") == "infantry").get(c["hex"] or "", 99)
                   for c in view["counters"]}
            better = [a for a in by_type["move"] if _distance(view, a["unit"], a["to"]) == best
                      and best < now.get(a["unit"], 99)]
            if better:
                return rnd.choice(better)
        if "move" in by_type and rnd.random() < 0.15 and role == "british":
            return rnd.choice(by_type["move"])
        return by_type.get("end_step", actions)[0]
    if step == "combat":
        attack = view["attack"] or {"attackers": [], "candidates": []}
        good = [c for c in attack["candidates"] if c["odds"] in GOOD_ODDS]
        if good:
            best = max(good, key=lambda c: (GOOD_ODDS.index(c["odds"]), c["at"]))
            return {"type": "attack", "at": best["at"]}
        if "attack_with" in by_type:
            return by_type["attack_with"][0]
        if attack["candidates"] and rnd.random() < 0.3:
            return {"type": "attack", "at": attack["candidates"][0]["at"]}
        return by_type["end_step"][0]
    if step == "advance":
        if role == "japanese" and "advance" in by_type:
            return min(by_type["advance"], key=lambda a: _distance(view, a["unit"], a["to"]))
        return by_type["no_advance"][0]
    if step == "recovery" and "recover" in by_type:
        return by_type["recover"][0]
    return rnd.choice(actions)


def play(seed: bytes, japanese: str = "heuristic", british: str = "heuristic",
         max_actions: int = 2000) -> Playout:
    """One match between two kinds of player ("random" or "heuristic")."""
    kinds = {"japanese": japanese, "british": british}
    rnd = random.Random(seed)
    state = RULES.setup("slim_river", {}, seed)
    result = Playout(seed, "slim_river", {}, state)
    from server.engine.core import apply_action
    for _ in range(max_actions):
        if RULES.outcome(state) is not None:
            result.final = state
            return result
        (role,) = sorted(RULES.active_roles(state))
        actions = RULES.legal_actions(state, role)
        if kinds[role] == "random":
            action = rnd.choice(actions)
        else:
            action = heuristic(make_view(RULES, state, role), role, actions, rnd)
        state = apply_action(RULES, state, role, action)
        result.log.append((role, action))
    raise AssertionError(f"runaway after {max_actions} actions")


def win_rates(n: int, japanese: str, british: str) -> dict[str, float]:
    counts = {"japanese": 0, "british": 0, "draw": 0}
    for i in range(n):
        final = play(f"balance-{i}".encode(), japanese, british).final
        counts[final["result"]["winner"] or "draw"] += 1
    return {k: v / n for k, v in counts.items()}


if __name__ == "__main__":  # python -m tests.games.shimada.shimada_bots  (from the repo root)
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for j, b in (("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random"),
                 ("random", "heuristic")):
        rates = win_rates(n, j, b)
        print(f"J {j:9} vs B {b:9}: " + ", ".join(f"{k} {v:.0%}" for k, v in rates.items()))
