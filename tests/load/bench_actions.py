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
import random
import statistics
import tempfile
from pathlib import Path

from server.bench.engine import playout_figures
from server.bench.stats import pct
from server.games import GAMES


def bench_engine(game: str, matches: int, options: dict[str, bool]) -> None:
    """The engine figures of ``counterplay bench`` (server/bench/engine.py), printed a line each."""
    r = playout_figures(game, matches, max_actions=100_000, options=options)
    if options:
        print(f"options {game:10s} {', '.join(sorted(options))}")
    print(f"engine  {game:10s} actions={r['actions']:6d}  legal_actions {r['legal']:8.1f} µs  "
          f"apply {r['apply']:8.1f} µs  view {r['view']:8.1f} µs/role")
    print(f"patch   {game:10s} median patch {r['patch_b']:7.0f} B  p95 {r['patch_p95']:7.0f} B  "
          f"median full view {r['view_b']:7.0f} B  ratio {r['view_b'] / max(1, r['patch_b']):5.1f}x")


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
    parser.add_argument("--option", action="append", default=[], help="a boolean match option on (repeatable)")
    args = parser.parse_args()
    options = {o: True for o in args.option}
    games = args.game or real
    from tests.conftest import fresh_database

    for game in games if not args.http_only else []:
        bench_engine(game, args.matches, options)
    for game in games if args.http_matches > 0 else []:
        with tempfile.TemporaryDirectory() as tmp:
            bench_http(game, fresh_database("sqlite", Path(tmp)), "sqlite", args.http_matches)
        if args.postgres:
            bench_http(game, fresh_database("postgres", Path(".")), "postgres", args.http_matches)


if __name__ == "__main__":
    main()
