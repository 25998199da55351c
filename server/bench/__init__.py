"""``counterplay bench``: figures for the engine, the database and the network, printed as tables.

Loopback only; every loop is bounded by a count or a duration. Servers run pinned to the first core
and the load generator to the others (``taskset``, ``sched_setaffinity``), so they do not compete.
"""

from __future__ import annotations

import argparse
import sys
import time

from .engine import engine_section, loading_section
from .net import Config, fan_out_section, idle_section, round_trip_section

SECTIONS = ("engine", "loading", "round-trip", "fan-out", "idle")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="counterplay bench", description=__doc__)
    p.add_argument("--quick", action="store_true", help="small counts and short runs (a minute or two)")
    p.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections: {', '.join(SECTIONS)}")
    p.add_argument("--postgres", help="a Postgres server URL: a scratch database is created on it and dropped")
    p.add_argument("--redis", help="a Redis URL for the Postgres configurations")
    p.add_argument("--matches", help="concurrent matches for the round trip, e.g. 10,100,500")
    p.add_argument("--spectators", help="spectator counts for the fan-out, e.g. 10,100,1000")
    p.add_argument("--seconds", type=float, help="length of each round-trip and fan-out run")
    p.add_argument("--idle", type=int, help="idle websockets to open")
    args = p.parse_args(argv)
    only = set(args.only.split(","))
    quick = args.quick
    configs = [Config("sqlite, 1 process", "sqlite", None, 1)]
    if args.postgres:
        configs += [Config("postgres+redis, 1 process", args.postgres, args.redis, 1),
                    Config("postgres+redis, 2 processes", args.postgres, args.redis, 2)]
    started = time.perf_counter()

    def show(text: str) -> None:
        print(text, flush=True)

    if "engine" in only:
        show(engine_section(quick))
    if "loading" in only:
        show(loading_section(quick))
    def counts(text: str | None, default: list[int]) -> list[int]:
        return [int(x) for x in text.split(",")] if text else default

    seconds = args.seconds or (5 if quick else 20)
    if "round-trip" in only:
        show(round_trip_section(configs, counts(args.matches, [10] if quick else [10, 100, 500]), seconds))
    if "fan-out" in only:
        show(fan_out_section(configs[-1], counts(args.spectators, [10, 100] if quick else [10, 100, 1000]),
                             seconds))
    if "idle" in only:
        show(idle_section(configs[0], args.idle or (200 if quick else 2000)))
    print(f"(benchmarks took {time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0
