"""Figures for バルジ大作戦 on the real data: median µs of ``legal_actions``, ``apply_action`` and
``make_view`` (each role and spectators) in the opening position and at turn 8, plus the size of the
full view and of a typical JSON patch. Prints figures, asserts nothing.

Run: ``python -m tests.load.bench_bulge [--fog] [--profile]``.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import time
from typing import Any

import jsonpatch

from server.engine.core import Action, State, apply_action, make_view
from server.games.bulge import RULES

VIEWERS: list[str | None] = ["german", "allied", None]


def choices(state: State) -> list[tuple[str, Action]]:
    return [(r, a) for r in sorted(RULES.active_roles(state)) for a in RULES.legal_actions(state, r)]


def advance(state: State, rnd: random.Random, turn: int) -> State:
    """Seeded random play, favouring moves and ends of phase, until ``turn`` begins."""
    while RULES.outcome(state) is None and state["turn"] < turn:
        cs = choices(state)
        ends = [c for c in cs if c[1]["type"] in ("end_phase", "end_declarations")]
        moves = [c for c in cs if c[1]["type"] == "move"]
        pool = moves if moves and rnd.random() < 0.8 else (ends if ends and rnd.random() < 0.3 else cs)
        role, action = rnd.choice(pool)
        state = apply_action(RULES, state, role, action)
    return state


def measure(label: str, state: State, rnd: random.Random, n: int = 40) -> None:
    legal, apply_t, view_t = [], [], {r: [] for r in VIEWERS}
    patches, fulls = [], []
    for _ in range(n):
        if RULES.outcome(state) is not None:
            break
        t0 = time.perf_counter()
        cs = choices(state)
        legal.append((time.perf_counter() - t0) * 1e6)
        before = {r: make_view(RULES, state, r) for r in VIEWERS}
        role, action = rnd.choice(cs)
        t1 = time.perf_counter()
        state = apply_action(RULES, state, role, action)
        apply_t.append((time.perf_counter() - t1) * 1e6)
        for r in VIEWERS:
            t2 = time.perf_counter()
            v = make_view(RULES, state, r)
            view_t[r].append((time.perf_counter() - t2) * 1e6)
            fulls.append(len(json.dumps(v, ensure_ascii=False).encode()))
            patches.append(len(json.dumps(jsonpatch.make_patch(before[r], v).patch, ensure_ascii=False).encode()))
    med = statistics.median
    views = "  ".join(f"view[{r or 'spectator'}] {med(ts):9.0f}" for r, ts in view_t.items() if ts)
    print(f"{label:8s} n={len(apply_t):3d}  legal_actions {med(legal):9.0f} µs  apply {med(apply_t):9.0f} µs  "
          f"{views} µs")
    print(f"{'':8s} full view {med(fulls):8.0f} B  median patch {med(patches):6.0f} B  "
          f"max patch {max(patches):6.0f} B")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--fog", action="store_true", help="fog-of-war option on")
    p.add_argument("--profile", action="store_true", help="cProfile the turn-8 measurement")
    args = p.parse_args(argv)
    options: dict[str, Any] = {"fog_of_war": True} if args.fog else {}
    state = RULES.setup("historical", options, b"bench-bulge")
    measure("opening", state, random.Random(1))
    t0 = time.perf_counter()
    late = advance(state, random.Random(2), 8)
    print(f"reached turn {late['turn']} in {time.perf_counter() - t0:.1f} s")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        measure("turn 8", late, random.Random(3))
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
    else:
        measure("turn 8", late, random.Random(3))


if __name__ == "__main__":
    main()
