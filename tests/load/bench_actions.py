"""Per-action figures for every game: engine time, whole HTTP request, patch size against the view.

Run: ``python -m tests.load.bench_actions [--game ID ...] [--matches N] [--http-matches N] [--postgres]``.
``--game`` (repeatable) limits the run to those games (all of them take longer than 900 s together);
``--http-only`` skips the engine figures. Prints figures; asserts nothing about time (timed
assertions do not belong in the test suite). Loopback only, bounded.

- engine: median µs of ``legal_actions`` (every role), ``apply_action`` and ``make_view`` (every
  role and spectators) per action, over random playouts;
- http: median and p95 ms of ``POST /api/matches/{id}/actions`` on a live server (SQLite, and
  Postgres with ``--postgres``), bots choosing random legal actions;
- patch: median bytes of a per-role JSON patch against the full view it updates.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

import jsonpatch

from server.engine.core import apply_action, make_view
from server.games import GAMES


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def bench_engine(game: str, matches: int) -> None:
    rules = GAMES[game]
    legal, apply_t, view_t, patch_b, view_b = [], [], [], [], []
    viewers = [*rules.roles, None]
    for n in range(matches):
        rnd = random.Random(n)
        state = rules.setup(next(iter(rules.scenarios)), {}, n.to_bytes(4, "big"))
        prev = {r: make_view(rules, state, r) for r in viewers}
        while rules.outcome(state) is None:
            t0 = time.perf_counter()
            choices = [(r, a) for r in sorted(rules.active_roles(state)) for a in rules.legal_actions(state, r)]
            t1 = time.perf_counter()
            role, action = rnd.choice(choices)
            state = apply_action(rules, state, role, action)
            t2 = time.perf_counter()
            views = {r: make_view(rules, state, r) for r in viewers}
            t3 = time.perf_counter()
            legal.append((t1 - t0) * 1e6)
            apply_t.append((t2 - t1) * 1e6)
            view_t.append((t3 - t2) * 1e6 / len(viewers))
            for r in viewers:
                ops = jsonpatch.make_patch(prev[r], views[r]).patch
                patch_b.append(len(json.dumps(ops, ensure_ascii=False).encode()))
                view_b.append(len(json.dumps(views[r], ensure_ascii=False).encode()))
            prev = views
    print(f"engine  {game:10s} actions={len(apply_t):6d}  legal_actions {statistics.median(legal):8.1f} µs  "
          f"apply {statistics.median(apply_t):8.1f} µs  view {statistics.median(view_t):8.1f} µs/role")
    patch, full = statistics.median(patch_b), statistics.median(view_b)
    print(f"patch   {game:10s} median patch {patch:7.0f} B  p95 {pct(patch_b, .95):7.0f} B  "
          f"median full view {full:7.0f} B  ratio {full / max(1, patch):5.1f}x")


def bench_http(game: str, database: str, label: str, matches: int) -> None:
    from tests.conftest import LiveServer
    from tests.support.client import Player
    from tests.support.play import play_random_match

    times: list[float] = []
    with LiveServer(database) as live:
        for n in range(matches):
            rnd = random.Random(n)
            a, b = Player(live.url).register(), Player(live.url).register()
            roles = GAMES[game].roles
            m = a.create(game, roles[0])
            b.join(m["id"], roles[1])
            play_random_match(m["id"], [a, b], rnd, after=lambda _v, secs: times.append(secs * 1000))
    print(f"http    {game:10s} {label:8s} actions={len(times):6d}  "
          f"POST action median {statistics.median(times):6.2f} ms  p95 {pct(times, .95):6.2f} ms  "
          f"p99 {pct(times, .99):6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--http-matches", type=int, default=3)
    parser.add_argument("--postgres", action="store_true")
    real = [g for g in GAMES if g != "toy"]  # the real games, not the tests' toy
    parser.add_argument("--game", action="append", choices=real, help="only this game (repeatable)")
    parser.add_argument("--http-only", action="store_true", help="skip the engine and patch figures")
    args = parser.parse_args()
    games = args.game or real
    from tests.conftest import fresh_database

    for game in games if not args.http_only else []:
        bench_engine(game, args.matches)
    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            bench_http(game, fresh_database("sqlite", Path(tmp)), "sqlite", args.http_matches)
        if args.postgres:
            bench_http(game, fresh_database("postgres", Path(".")), "postgres", args.http_matches)


if __name__ == "__main__":
    main()
