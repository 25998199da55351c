"""Back to Iraq balance runs: whole matches between two computer players (``server.bots``), per scenario.

Run: ``python -m tests.load.balance_back_to_iraq [--matches N] [--workers K] [--coalition LEVEL]
[--islamic LEVEL] [--option NAME ...] [--scenario 1|2 ...] [--max-seconds S] [--first N] [--rows FILE]``.

Prints, per scenario, how many matches each side won and by which reason (``victory`` the Coalition's declared
or last-turn victory, ``time`` the last turn without it, ``kuwait`` the sudden death, ``nuclear``,
``declaration`` a declaration the end failed), the share of decided matches each side won (the issue's band is
35-65%), the mean last turn, MIPP and actions, the seconds a match took, and the mean MIPP a match by its cause
(the ``why`` of the log's MIPP lines; a loss counts negative). Asserts nothing; not collected by
pytest (``tests/load`` is ignored). Each match is bounded (``MAX_ACTIONS``), and so is the whole run
(``--max-seconds``: no match starts after it, the finished ones are reported).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from server.bots import choose
from server.engine.core import apply_action
from server.games import GAMES

GAME = "back_to_iraq"
MAX_ACTIONS = 12_000


def play(scenario: str, n: int, levels: dict[str, str], options: dict[str, bool]) -> dict[str, Any]:
    """One whole match from seed ``n``: each side's computer at its level."""
    rules = GAMES[GAME]
    state = rules.setup(scenario, options, f"balance {scenario} {n}".encode())
    t0 = time.perf_counter()
    for k in range(MAX_ACTIONS):
        outcome = rules.outcome(state)
        if outcome is not None:
            return {"scenario": scenario, "winner": outcome.winner, "reason": str(outcome.reason),
                    "turn": state["turn"], "mipp": state["mipp"], "actions": k,
                    "seconds": time.perf_counter() - t0, "causes": causes(state)}
        role = sorted(rules.active_roles(state))[0]
        action = choose(GAME, state, role, levels[role], n * 100_003 + k).action
        state = apply_action(rules, state, role, action)
    return {"scenario": scenario, "winner": None, "reason": "runaway", "turn": state["turn"], "mipp": state["mipp"],
            "actions": MAX_ACTIONS, "seconds": time.perf_counter() - t0, "causes": causes(state)}


def causes(state: dict[str, Any]) -> dict[str, int]:
    """The MIPP a match gained (and lost) by cause: the ``why`` of its MIPP log lines (mipp.py, sof_ops.py)."""
    out: Counter[str] = Counter()
    for line in state["log"]:
        key, args = line["key"], line["args"]
        if key in ("log.mipp_check", "log.mipp_gain"):
            out[args["why"]["key"].removeprefix("why.")] += int(args["gain"])
        elif key == "log.mipp_loss":
            out[args["why"]["key"].removeprefix("why.")] -= int(args["loss"])
        elif key == "log.sof_mipp":
            out["sof_city"] += int(args["swing"])
    return dict(out)


def report(rows: list[dict[str, Any]], levels: dict[str, str], options: dict[str, bool]) -> None:
    print(f"levels: Coalition {levels['coalition']}, Islamic {levels['islamic']}; options: "
          f"{', '.join(sorted(options)) or 'none'}")
    for scenario in sorted({r["scenario"] for r in rows}):
        mine = [r for r in rows if r["scenario"] == scenario]
        wins = Counter(r["winner"] for r in mine)
        decided = wins["coalition"] + wins["islamic"]
        share = f"{100 * wins['coalition'] / decided:.0f}% / {100 * wins['islamic'] / decided:.0f}%" if decided else "-"
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(Counter(r["reason"] for r in mine).items()))
        print(f"scenario {scenario}: {len(mine)} matches, Coalition {wins['coalition']}, Islamic {wins['islamic']} "
              f"(decided: {share}); {reasons}; last turn {statistics.mean(r['turn'] for r in mine):.1f}, "
              f"MIPP {statistics.mean(r['mipp'] for r in mine):.1f}, actions "
              f"{statistics.mean(r['actions'] for r in mine):.0f}, "
              f"{statistics.median(r['seconds'] for r in mine):.0f} s a match (median)")
        tally: Counter[str] = Counter()
        for r in mine:
            tally.update(r.get("causes", {}))
        print("  MIPP a match by cause: " + ", ".join(f"{k} {v / len(mine):.1f}" for k, v in tally.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=200, help="per scenario")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--coalition", default="strong")
    parser.add_argument("--islamic", default="strong")
    parser.add_argument("--scenario", action="append", choices=("1", "2"))
    parser.add_argument("--option", action="append", default=[], help="a boolean match option on (repeatable)")
    parser.add_argument("--max-seconds", type=float, default=3600.0)
    parser.add_argument("--first", type=int, default=0, help="the first seed (to finish a run cut short)")
    parser.add_argument("--rows", help="also write each match as a JSON line to this file (appended)")
    args = parser.parse_args()
    levels = {"coalition": args.coalition, "islamic": args.islamic}
    options = {o: True for o in args.option}
    start = time.monotonic()
    rows: list[dict[str, Any]] = []
    jobs = [(s, n) for n in range(args.first, args.first + args.matches) for s in (args.scenario or ["1", "2"])]
    with ProcessPoolExecutor(args.workers) as pool:
        pending = {pool.submit(play, s, n, levels, options) for s, n in jobs[:args.workers]}
        queue = jobs[args.workers:]
        while pending:
            done = next(as_completed(pending))
            pending.remove(done)
            rows.append(done.result())
            if args.rows:
                with open(args.rows, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
            if queue and time.monotonic() - start < args.max_seconds:
                s, n = queue.pop(0)
                pending.add(pool.submit(play, s, n, levels, options))
    report(rows, levels, options)


if __name__ == "__main__":
    main()
