"""``counterplay selfplay GAME --a LEVEL --b LEVEL --matches N [--scenario S] [--seed S]``: matches between
two levels (or ``random``), A and B changing sides every match, in worker processes; prints who won on
each side, the reasons, the mean length, and the decision times of each level."""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine.core import apply_action
from ..games import GAMES
from . import RANDOM, choose, computer_levels

MAX_ACTIONS = 20_000  # a match still going after this many actions is reported as a runaway


@dataclass
class Game:
    """One match to play: which level holds each role."""

    game: str
    scenario: str
    options: dict[str, Any]
    seed: str  # hex
    levels: dict[str, str]  # role -> level


@dataclass
class Result:
    game: Game
    winner: str | None
    reason: str
    actions: int
    seconds: dict[str, list[float]] = field(default_factory=dict)  # role -> each decision's time
    wall: float = 0.0


def _seed(base: str, *parts: object) -> bytes:
    return hashlib.sha256(":".join([base, *map(str, parts)]).encode()).digest()


def play(g: Game) -> Result:
    """One match to its end, each role's decision from its level with a seed of its own."""
    rules = GAMES[g.game]
    state = rules.setup(g.scenario, g.options, bytes.fromhex(g.seed))
    seconds: dict[str, list[float]] = {role: [] for role in rules.roles}
    start = time.perf_counter()
    for n in range(MAX_ACTIONS):
        outcome = rules.outcome(state)
        if outcome is not None:
            return Result(g, outcome.winner, str(outcome.reason.value), n, seconds, time.perf_counter() - start)
        role = sorted(rules.active_roles(state))[0]
        bot_seed = int.from_bytes(_seed(g.seed, "bot", role, n)[:8], "big")
        decision = choose(g.game, state, role, g.levels[role], bot_seed)
        if decision.action is None:
            return Result(g, None, "dead_end", n, seconds, time.perf_counter() - start)
        if decision.offered > 1:  # a step with one action is no decision
            seconds[role].append(decision.seconds)
        state = apply_action(rules, state, role, decision.action)
    return Result(g, None, "runaway", MAX_ACTIONS, seconds, time.perf_counter() - start)


def schedule(game: str, scenario: str, a: str, b: str, matches: int, seed: str,
             options: dict[str, Any] | None = None) -> list[Game]:
    """A on the first role in even matches, on the second in odd ones."""
    roles = GAMES[game].roles
    out = []
    for i in range(matches):
        first, second = (a, b) if i % 2 == 0 else (b, a)
        levels = {roles[0]: first, roles[1]: second}
        for extra in roles[2:]:
            levels[extra] = first
        out.append(Game(game, scenario, dict(options or {}), _seed(seed, game, scenario, i)[:16].hex(), levels))
    return out


def run(games: list[Game], workers: int) -> list[Result]:
    if workers <= 1:
        return [play(g) for g in games]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(play, games, chunksize=1)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


@dataclass
class Table:
    game: str
    scenario: str
    a: str
    b: str
    matches: int
    wins: dict[str, dict[str, int]]  # "A"/"B" -> role -> won
    played: dict[str, dict[str, int]]  # "A"/"B" -> role -> played
    side_wins: dict[str, int]  # role -> won
    draws: int
    reasons: dict[str, int]
    mean_actions: float
    decision: dict[str, dict[str, float]]  # "A"/"B" -> p50, p95, max, n
    wall: float

    def decided(self) -> int:
        return sum(self.side_wins.values())

    def share(self, role: str) -> float:
        return self.side_wins.get(role, 0) / self.decided() if self.decided() else 0.0


def tabulate(results: list[Result], a: str, b: str) -> Table:
    g0 = results[0].game
    roles = GAMES[g0.game].roles
    wins = {"A": dict.fromkeys(roles, 0), "B": dict.fromkeys(roles, 0)}
    played = {"A": dict.fromkeys(roles, 0), "B": dict.fromkeys(roles, 0)}
    times: dict[str, list[float]] = {"A": [], "B": []}
    side_wins = dict.fromkeys(roles, 0)
    for i, r in enumerate(results):
        a_role = roles[0] if i % 2 == 0 else roles[1]
        for role in roles[:2]:
            who = "A" if role == a_role else "B"
            played[who][role] += 1
            times[who] += r.seconds.get(role, [])
            if r.winner == role:
                wins[who][role] += 1
        if r.winner is not None:
            side_wins[r.winner] += 1
    decision = {who: {"p50": percentile(ts, 0.5), "p95": percentile(ts, 0.95), "max": max(ts, default=0.0),
                      "n": float(len(ts))} for who, ts in times.items()}
    return Table(g0.game, g0.scenario, a, b, len(results), wins, played, side_wins,
                 sum(r.winner is None for r in results), dict(Counter(r.reason for r in results)),
                 statistics.fmean(r.actions for r in results), decision, sum(r.wall for r in results))


def render(t: Table) -> str:
    roles = GAMES[t.game].roles[:2]
    lines = [f"{t.game} / {t.scenario}: A = {t.a}, B = {t.b}, {t.matches} matches (sides alternate)", ""]
    lines.append(f"| player | {' | '.join(f'won as {r}' for r in roles)} | won | of |")
    lines.append("|---|" + "---|" * (len(roles) + 2))
    for who, level in (("A", t.a), ("B", t.b)):
        won = sum(t.wins[who].values())
        cells = " | ".join(f"{t.wins[who][r]}/{t.played[who][r]}" for r in roles)
        lines.append(f"| {who} {level} | {cells} | {won} ({100 * won / t.matches:.0f}%) | {t.matches} |")
    lines.append("")
    decided = t.decided()
    shares = ", ".join(f"{r} {t.side_wins[r]} ({100 * t.share(r):.0f}% of decided)" for r in roles)
    lines.append(f"wins per side: {shares}; draws {t.draws}")
    lines.append("reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(t.reasons.items(), key=lambda kv: -kv[1])))
    lines.append(f"mean length: {t.mean_actions:.0f} actions; decided {decided} of {t.matches}")
    for who, level in (("A", t.a), ("B", t.b)):
        d = t.decision[who]
        lines.append(f"decision time {who} {level}: p50 {1000 * d['p50']:.1f} ms, p95 {1000 * d['p95']:.1f} ms, "
                     f"max {1000 * d['max']:.0f} ms over {int(d['n'])} decisions")
    lines.append(f"CPU: {t.wall:.0f} s of match time in all")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="counterplay selfplay", description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--a", default="strong", help="a level (easy, normal, strong) or random")
    parser.add_argument("--b", default="random")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--scenario", default=None, help="default: the game's first scenario")
    parser.add_argument("--seed", default="selfplay")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON", help="a match option")
    parser.add_argument("--workers", type=int, default=max(1, (multiprocessing.cpu_count() or 1)))
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    args = parser.parse_args(argv)
    for level in (args.a, args.b):
        if level != RANDOM and level not in computer_levels(args.game):
            parser.error(f"{args.game} has no level {level!r} (levels: {computer_levels(args.game) or 'none'})")
    scenario = args.scenario or next(iter(GAMES[args.game].scenarios))
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    results = run(schedule(args.game, scenario, args.a, args.b, args.matches, args.seed, options), args.workers)
    table = tabulate(results, args.a, args.b)
    print(json.dumps(asdict(table), indent=1) if args.json else render(table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
