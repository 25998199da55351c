"""Figures for LZ Albany on the real data: median µs of ``legal_actions``, ``apply_action`` and
``make_view`` (each role and spectators) in the opening position and at turn 5 (mid-game), plus the
size of the full view and of a typical JSON patch. Each figure is the best of 3 runs (the
machine may be busy). Prints figures, asserts nothing.

Run: ``python -m tests.load.bench_lz_albany [--profile]``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import jsonpatch

from server.engine.core import Action, State, apply_action, make_view
from server.games.lz_albany import RULES

VIEWERS: list[str | None] = ["us", "nva", None]
ENDS = ("end_activation", "end_advance", "end_retreat", "end_flares", "end_recovery", "end_artillery",
        "no_return_fire", "pass")


def choices(state: State) -> list[tuple[str, Action]]:
    return [(r, a) for r in sorted(RULES.active_roles(state)) for a in RULES.legal_actions(state, r)]


def advance(state: State, rnd: random.Random, turn: int) -> State:
    """Seeded random play, favouring activations, moves and fire, until ``turn`` begins."""
    while RULES.outcome(state) is None and state["turn"] < turn:
        cs = choices(state)
        ends = [c for c in cs if c[1]["type"] in ENDS]
        busy = [c for c in cs if c[1]["type"] in ("activate", "move", "fire")]
        pool = busy if busy and rnd.random() < 0.5 else (ends if ends and rnd.random() < 0.5 else cs)
        role, action = rnd.choice(pool)
        state = apply_action(RULES, state, role, action)
    return state


def best(fn: Callable[..., object], *args: Any, repeat: int = 3) -> float:
    """The fastest of ``repeat`` runs of ``fn(*args)``, in µs (the machine may be busy)."""
    ts = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)
        ts.append((time.perf_counter() - t0) * 1e6)
    return min(ts)


def measure(label: str, state: State, rnd: random.Random, n: int = 60) -> None:
    legal: list[float] = []
    apply_t: list[float] = []
    view_t: dict[str | None, list[float]] = {r: [] for r in VIEWERS}
    patches: list[int] = []
    fulls: list[int] = []
    for _ in range(n):
        if RULES.outcome(state) is not None:
            break
        cs = choices(state)
        legal.append(best(choices, state))
        before = {r: make_view(RULES, state, r) for r in VIEWERS}
        role, action = rnd.choice(cs)
        prev = state
        apply_t.append(best(apply_action, RULES, prev, role, action))
        state = apply_action(RULES, prev, role, action)
        for r in VIEWERS:
            view_t[r].append(best(make_view, RULES, state, r))
            v = make_view(RULES, state, r)
            fulls.append(len(json.dumps(v, ensure_ascii=False).encode()))
            patches.append(len(json.dumps(jsonpatch.make_patch(before[r], v).patch, ensure_ascii=False).encode()))
    med = statistics.median
    views = "  ".join(f"view[{r or 'spectator'}] {med(ts):8.0f}" for r, ts in view_t.items() if ts)
    print(f"{label:8s} n={len(apply_t):3d}  legal_actions {med(legal):8.0f} µs  apply {med(apply_t):8.0f} µs  "
          f"{views} µs")
    print(f"{'':8s} full view {med(fulls):8.0f} B  median patch {med(patches):6.0f} B  "
          f"max patch {max(patches):6.0f} B")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--profile", action="store_true", help="cProfile apply_action at turn 5")
    args = p.parse_args(argv)
    state = RULES.setup("historical", {}, b"bench-lz-albany")
    measure("opening", state, random.Random(1))
    t0 = time.perf_counter()
    mid = advance(state, random.Random(2), 5)
    print(f"reached turn {mid['turn']} in {time.perf_counter() - t0:.1f} s")
    measure("turn 5", mid, random.Random(3))
    if args.profile:
        rnd = random.Random(4)
        prof = cProfile.Profile()
        s = mid
        for _ in range(200):
            if RULES.outcome(s) is not None:
                break
            role, action = rnd.choice(choices(s))
            prof.enable()
            s = apply_action(RULES, s, role, action)
            prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()
