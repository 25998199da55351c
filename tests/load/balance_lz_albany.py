"""LZ Albany balance runs: whole matches between a uniform random player and a simple greedy one.

Run: ``python -m tests.load.balance_lz_albany [--matches N] [--workers K] [--max-seconds S]``.
Prints, per pairing (US player × NVA player), the win rate of each side and by which victory
condition (§5.18: ``automatic`` = the NVA reach 35 VP, ``vp`` = more VP after turn 10, ``tie_lz`` /
``tie_officers`` the §4.3 tie-breaks, ``draw``), how often the NVA retreat was triggered (US 30
VP, §5.2E), the average last turn, VP and actions. Asserts nothing; not collected by pytest
(``tests/load`` is ignored). Each match is bounded (``MAX_ACTIONS``), and so is the whole run
(``--max-seconds``: pairings stop early and report what they played).

The greedy player reads only public facts (every counter, hit and VP is public, §6; it never looks
at the RNG). For speed it reads the state rather than the view, and applies actions in place
through the rules module (every action it plays comes from ``legal_actions``).

- Both: fire only where the exchange is even or better (the dice sent against the dice the target
  area would return, every modifier in), the best exchange first.
- US: fire when a group can (best target: most enemy units, not jungle), join officers, use
  mortars, artillery and air on the biggest NVA stacks; otherwise move toward LZ Albany without
  entering NVA areas or overstacking; carry casualty markers along; evacuate them by Dustoff.
- NVA: close in on the nearest US units and melee them (its platoons melee 3 to the US 2), never
  overstacking; fire when already adjacent; during the retreat, leave the map.
- Both: put the first hit on the enemy counter closest to a VP step (a wounded officer when
  allowed, else the most-hit unit), spread their own hits on the least-hit platoons, always return
  fire, recover everything, never retreat from melee.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from server.engine.core import Action, State
from server.games.lz_albany import combat, rules
from server.games.lz_albany.data import COLUMBUS, LZ, TRANSIT, UnitSpec, dataset
from server.games.lz_albany.units import combat_units_at, is_contested, officers_at, stacking_count

MAX_ACTIONS = 20_000


def spec(uid: str) -> UnitSpec:
    """A counter of the standard data (these players only play the real game)."""
    return dataset().units[uid]

Chooser = Callable[[State, str, list[Action], random.Random], Action]


# === Map helpers ===

@cache
def distances_from(area: str) -> dict[str, int]:
    """Areas (moves) from ``area`` over the whole graph, LZ Columbus and the transit area included."""
    board = dataset().board
    dist = {area: 0}
    todo = deque([area])
    while todo:
        a = todo.popleft()
        for n in board.neighbours(a):
            if n not in dist:
                dist[n] = dist[a] + 1
                todo.append(n)
    return dist


def areas_of(state: State, side: str) -> set[str]:
    return {u["area"] for uid, u in state["units"].items()
            if u["status"] == "map" and u["area"] not in (None, TRANSIT) and spec(uid).combat
            and spec(uid).side == side}


def nearest(to: set[str], frm: str) -> int:
    d = distances_from(frm)
    return min((d.get(a, 99) for a in to), default=99)


def enemies_in(state: State, area: str, side: str) -> int:
    return len(combat_units_at(state, area, "nva" if side == "us" else "us"))


# === The players ===

def random_player(state: State, side: str, actions: list[Action], rnd: random.Random) -> Action:
    return rnd.choice(actions)


def _first(actions: list[Action], *kinds: str) -> Action | None:
    return next((a for a in actions if a["type"] in kinds), None)


def _fire_value(state: State, side: str, a: Action) -> float:
    """Enemy units in the target area, a little less when it is jungle (§5.6 step 3)."""
    n = enemies_in(state, a["at"], side)
    return n - (0.5 if dataset().terrain(a["at"]) == "jungle" else 0.0)


def _exchange(state: State, side: str, frm: str, at: str) -> int:
    """My dice into ``at`` minus the dice its units would return (§5.6 step 5), all modifiers in."""
    them = "nva" if side == "us" else "us"

    def dice(who: str, here: str, there: str) -> int:
        units = [u for u in combat_units_at(state, here, who) if spec(u).infantry
                 and not state["units"][u]["markers"]]
        return combat.strength_of(state, who, here, there, units, "fire",
                                  officers_at(state, here, who, able=True), jungle=True)[0]
    return dice(side, frm, at) - dice(them, at, frm)


def _can_fire(state: State, side: str, group: str) -> int:
    """How many of the group's units stand next to a non-contested enemy area (a rough count)."""
    board = dataset().board
    them = areas_of(state, "nva" if side == "us" else "us")
    n = 0
    for uid, u in state["units"].items():
        if spec(uid).group != group or u["status"] != "map" or not spec(uid).combat or u["area"] is None:
            continue
        if is_contested(state, u["area"]) or u["area"] == TRANSIT:
            continue
        if any(t in them and not is_contested(state, t) and _exchange(state, side, u["area"], t) >= 0
               for t in board.neighbours(u["area"])):
            n += 1
    return n


def _move_value(state: State, side: str, a: Action) -> float:
    uid, to = a["unit"], a["to"]
    here = state["units"][uid]["area"]
    if here is None:
        return -1.0
    own_there = stacking_count(state, to, side)
    if spec(uid).stacks and to not in (COLUMBUS, TRANSIT) and own_there >= 3:
        return -1.0  # §5.2: never overstack
    if side == "nva":
        if state["retreat"]:
            return float(dataset().edge_distance[here] - dataset().edge_distance[to])
        goal = areas_of(state, "us")
        gain = nearest(goal, here) - nearest(goal, to)
        return gain + (0.5 if to in goal else 0.0)  # into melee: the NVA platoons melee 3
    # US: hold what is next to the NVA; otherwise close on LZ Albany, never into NVA areas.
    if combat_units_at(state, to, "nva"):
        return -1.0
    if spec(uid).combat and state["units"][uid]["status"] == "map" and \
            any(combat_units_at(state, n, "nva") for n in dataset().board.neighbours(here)):
        return -1.0
    d = distances_from(LZ)
    return float(d.get(here, 99) - d.get(to, 99))


def _assign(state: State, side: str, actions: list[Action]) -> Action:
    """The first hit on an enemy: the counter nearest a VP step; own hits: the least-hit platoon."""
    units = state["units"]

    def key(a: Action) -> tuple[int, int]:
        u = units[a["unit"]]
        officer = spec(a["unit"]).is_officer
        if spec(a["unit"]).side != side:
            return (-(2 if officer and u["hits"] else 0), -u["hits"])
        return (1 if officer or u["status"] == "casualty" else 0, u["hits"] if u["hits"] != 2 else 5)
    return min(actions, key=key)


def greedy_player(state: State, side: str, actions: list[Action], rnd: random.Random) -> Action:
    by: dict[str, list[Action]] = {}
    for a in actions:
        by.setdefault(a["type"], []).append(a)
    if "exit" in by:
        return by["exit"][0]  # §5.2E: under the retreat, off the map
    if "join" in by:
        return by["join"][0]
    if "activate" in by:
        best: tuple[float, Action] | None = None
        for a in by["activate"]:
            fire = _can_fire(state, side, a["group"])
            v = fire * 2.0 if a["mode"] == "fire" else 1.0 + (0.5 if a.get("adrenaline") else 0.0)
            if a["mode"] == "fire" and not fire:
                v = -1.0
            v += 1.0 if a.get("adrenaline") else 0.0
            if best is None or v > best[0]:
                best = (v, a)
        assert best is not None
        return best[1]
    if "second_action" in by:
        fire = [a for a in by["second_action"] if a["mode"] == "fire"]
        return fire[0] if fire and state["stack"] and _can_fire(state, side, state["stack"][-1]["group"]) \
            else next(a for a in by["second_action"] if a["mode"] == "move")
    if "fire" in by:
        # Fire only where the exchange does not favour the enemy's return fire.
        good = [a for a in by["fire"] if _exchange(state, side, a["from"], a["at"]) >= 0]
        if good:
            return max(good, key=lambda a: (_exchange(state, side, a["from"], a["at"]), _fire_value(state, side, a)))
    if "mortar" in by:
        return max(by["mortar"], key=lambda a: enemies_in(state, a["at"], side))
    if "move" in by:
        scored = [(_move_value(state, side, a), a) for a in by["move"]]
        combat = [(v, a) for v, a in scored if spec(a["unit"]).combat and state["units"][a["unit"]]["status"] == "map"]
        pool = [x for x in combat if x[0] > 0] or [x for x in scored if x[0] > 0]
        if pool:
            return max(pool, key=lambda x: x[0])[1]
    if "fire_now" in by:
        return by["fire_now"][0]
    if "assign_hit" in by:
        return _assign(state, side, by["assign_hit"])
    if "return_fire" in by:
        return by["return_fire"][0]
    if "recover" in by:
        return by["recover"][0]
    if "artillery" in by:
        return max(by["artillery"], key=lambda a: enemies_in(state, a["at"], "us"))
    if "gunship" in by:
        return max(by["gunship"], key=lambda a: state["units"][a["unit"]]["hits"])
    if "skyraider" in by:
        bombs = [a for a in by["skyraider"] if a["weapon"] == "bombs"]
        return max(bombs, key=lambda a: enemies_in(state, a["at"], "us"))
    if "evacuate" in by:
        return max(by["evacuate"], key=lambda a: sum(
            1 for u in state["units"].values() if u["area"] == a["at"] and u["status"] == "casualty"))
    if "evacuate_unit" in by:
        return by["evacuate_unit"][0]
    if "board" in by:
        return by["board"][0]
    if "lift_off" in by:
        return by["lift_off"][0]
    if "airlift" in by:
        d = distances_from(LZ)
        return min(by["airlift"], key=lambda a: d.get(a["at"], 99))
    if "event" in by:
        return max(by["event"], key=lambda a: enemies_in(state, a["at"], side))
    if "flare" in by:
        nva = areas_of(state, "nva")
        hot = [a for a in by["flare"] if a["at"] in nva]
        if hot:
            return hot[0]
    if "place" in by:
        goal = {LZ} if side == "us" else areas_of(state, "us")
        return min(by["place"], key=lambda a: nearest(goal, a["to"]))
    for end in ("end_activation", "end_advance", "end_retreat", "end_flares", "end_recovery",
                "end_artillery", "pass"):
        if end in by:
            return by[end][0]
    return rnd.choice(actions)


PLAYERS: dict[str, Chooser] = {"random": random_player, "greedy": greedy_player}


# === Matches ===

def play(us: str, nva: str, seed: int) -> dict[str, Any]:
    rnd = random.Random(seed)
    state = rules.setup("historical", {}, f"balance-{seed}".encode())
    players = {"us": PLAYERS[us], "nva": PLAYERS[nva]}
    n = 0
    while rules.outcome(state) is None and n < MAX_ACTIONS:
        (side,) = rules.active_roles(state)
        action = players[side](state, side, rules.legal_actions(state, side), rnd)
        rules.apply(state, side, action)
        n += 1
    out = rules.outcome(state)
    return {"winner": out.winner if out else None, "reason": out.reason if out else "runaway",
            "turn": state["turn"], "vp": dict(state["vp"]), "actions": n, "retreat": state["retreat"]}


def _one(args: tuple[str, str, int]) -> dict[str, Any]:
    return play(*args)


def run(us: str, nva: str, matches: int, workers: int, deadline: float) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    jobs = [(us, nva, i) for i in range(matches)]  # the same seeds for every pairing
    with ProcessPoolExecutor(workers) as pool:
        for r in pool.map(_one, jobs, chunksize=4):
            results.append(r)
            if time.monotonic() > deadline:
                pool.shutdown(wait=False, cancel_futures=True)
                break
    return results


def report(us: str, nva: str, results: list[dict[str, Any]]) -> None:
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    how = Counter((r["winner"], r["reason"]) for r in results)

    def pct(k: int) -> str:
        return f"{100 * k / max(1, n):.1f}%"

    ways = ", ".join(f"{w or 'none'}/{why} {c}" for (w, why), c in sorted(how.items(), key=lambda x: -x[1]))
    print(f"US {us:6s} vs NVA {nva:6s}  n={n:3d}  US {pct(wins['us'])}  NVA {pct(wins['nva'])}  "
          f"draw {pct(wins[None])}  retreat {pct(sum(r['retreat'] for r in results))}  "
          f"turn {statistics.mean(r['turn'] for r in results):.1f}  "
          f"VP us {statistics.mean(r['vp']['us'] for r in results):.1f} "
          f"nva {statistics.mean(r['vp']['nva'] for r in results):.1f}  "
          f"actions {statistics.mean(r['actions'] for r in results):.0f}")
    print(f"    by condition: {ways}", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--max-seconds", type=float, default=1800.0, help="bound on the whole run")
    p.add_argument("--pairing", action="append", help="US:NVA, e.g. greedy:random (repeatable)")
    args = p.parse_args(argv)
    pairings = [tuple(x.split(":")) for x in args.pairing] if args.pairing else [
        ("random", "random"), ("greedy", "greedy"), ("greedy", "random"), ("random", "greedy")]
    start = time.monotonic()
    per = args.max_seconds / len(pairings)
    for i, (us, nva) in enumerate(pairings):
        t0 = time.monotonic()
        results = run(us, nva, args.matches, args.workers, start + per * (i + 1))
        report(us, nva, results)
        print(f"    {time.monotonic() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
