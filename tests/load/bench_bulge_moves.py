"""Figures for the Bulge's movement phase (issue 12: destination moves): in the historical set-up's first
German movement phase, the time of ``legal_actions`` (on the opening state with nothing remembered, the
first call on each later state, and again on the same state), of ``apply_action`` of a move and of the
German player's ``make_view``, the number of actions offered and the size of the German view, over a run
of seeded moves. Prints figures, asserts nothing.

Run: ``python -m tests.load.bench_bulge_moves [--fog] [--moves N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from server.engine.core import apply_action, make_view
from server.games.bulge import RULES
from server.games.bulge.units import board


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--fog", action="store_true", help="fog-of-war option on")
    p.add_argument("--moves", type=int, default=20, help="how many move actions to measure")
    args = p.parse_args(argv)
    options: dict[str, Any] = {"fog_of_war": True} if args.fog else {}
    state = RULES.setup("historical", options, b"bench-bulge-moves")
    memo = getattr(board(state), "reach", None)  # the reaches remembered on the board (none before issue 12)
    if memo is not None:
        memo.clear()
    t0 = time.perf_counter()
    RULES.legal_actions(state, "german")
    cold = (time.perf_counter() - t0) * 1e3
    rnd = random.Random(7)
    first, again, apply_t, view_t, sizes, counts = [], [], [], [], [], []
    while len(apply_t) < args.moves and state["step"] == "move":
        t0 = time.perf_counter()
        acts = RULES.legal_actions(state, "german")
        first.append((time.perf_counter() - t0) * 1e3)
        t0 = time.perf_counter()
        RULES.legal_actions(state, "german")
        again.append((time.perf_counter() - t0) * 1e3)
        t0 = time.perf_counter()
        v = make_view(RULES, state, "german")
        view_t.append((time.perf_counter() - t0) * 1e3)
        sizes.append(len(json.dumps(v, ensure_ascii=False).encode()))
        counts.append(len(acts))
        moves = [a for a in acts if a["type"] in ("move", "select")]
        if not moves:
            break
        action = rnd.choice(moves)
        t0 = time.perf_counter()
        state = apply_action(RULES, state, "german", action)
        apply_t.append((time.perf_counter() - t0) * 1e3)
    med = statistics.median
    print(f"bulge movement phase, historical set-up, fog={args.fog}: {len(apply_t)} actions")
    print(f"  legal_actions  opening state, nothing remembered {cold:8.1f} ms")
    print(f"  legal_actions  first call {med(first):8.1f} ms (max {max(first):.1f})  "
          f"same state again {med(again):8.1f} ms")
    print(f"  apply_action   {med(apply_t):8.1f} ms   make_view(german) {med(view_t):8.1f} ms")
    print(f"  actions offered {med(counts):8.0f} (max {max(counts)})  german view {med(sizes) / 1024:8.1f} KiB "
          f"(max {max(sizes) / 1024:.1f})")


if __name__ == "__main__":
    main()
