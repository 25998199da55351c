"""§8.3(5) resolving a combination on the CRT, in the announced order: the two dice, the result (§8.4,
§14.2), §12.3 a DR against a fortress city turned into a D; then the result's tasks, applied at once:
the defender's choice (§8.5(3), §12.3), each side's losses (§8.7) and retreats (§8.5), pursuit (§8.6) and
the stacking check (§6.3). §8.4 Aopt: the attacker chooses how many steps both sides lose.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, State
from .engagement import alive, current
from .losses import destroy
from .odds import assess
from .pending import Task
from .units import Situation, board, enemy, is_fortress, log, name, tables, unit


def resolve_actions(state: State) -> list[Action]:
    # §8.3(2)-(5): resolved in the announced order: only the next combination is offered.
    declared = state["combat"]["declared"]
    return [{"type": "resolve", "at": declared[0]["at"]}] if declared else []


def resolve(state: State, at: str) -> None:
    """§8.3(5): the next combination meets the truth, the dice fall and the result's tasks are queued."""
    c = state["combat"]
    combo = next(d for d in c["declared"] if d["at"] == at)
    c["declared"].remove(combo)
    sit = Situation(state)
    b = board(state)
    # AMBIG-14: attackers gone or no longer adjacent drop out; an empty target cancels the combat.
    attackers = [a for a in combo["attackers"]
                 if unit(state, a)["status"] == "map" and b.grid.is_adjacent(unit(state, a)["hex"], at)]
    defenders = sit.units(at, enemy(state["player"]), commandos=False)
    if not attackers or not defenders:
        log(state, "cancelled", hex=at)
        return
    a = assess(state, sit, attackers, at)
    for u in attackers:
        unit(state, u)["attacked"] = True
    for d in defenders:
        unit(state, d)["defended"] = True
    if a["column"] is None:
        log(state, "below_minimum", hex=at, attack=a["attack"], defence=a["defence"])
        return
    code = roll(state, a, defenders)
    r, forced = fortress_result(state, at, code)
    state["current"] = {"at": at, "attackers": attackers, "defenders": defenders, "code": code,
                        "lost": {u: 0 for u in attackers}, "retreated": [],
                        "from": {u: unit(state, u)["hex"] for u in attackers}}
    state["pending"] = result_tasks(state, r, code, forced) + state["pending"]


def roll(state: State, a: dict[str, Any], defenders: list[str]) -> str:
    """§8.3(5): each player rolls one die; the total on the CRT column gives the result."""
    d1, d2 = rng.roll(state), rng.roll(state)
    code = tables(state).crt.result(a["column"], d1 + d2)
    log(state, "combat", hex=a["at"], attackers=[name(state, u) for u in a["attackers"]],
        defenders=[name(state, u) for u in defenders], attack=a["attack"], defence=a["defence"], raw=a["raw"],
        shifts=a["shifts"], odds=a["column"], dice=[d1, d2], total=d1 + d2, result=code)
    return code


def fortress_result(state: State, at: str, code: str) -> tuple[dict[str, Any], int]:
    """The result's effects, and the retreat a DR demanded of a fortress defender, now its choice (§12.3)."""
    results = tables(state).results
    r = dict(results[code])
    forced = 0
    if is_fortress(state, at) and r.get("fortress_becomes"):
        # §12.3 「DR DR が出ても 防御側は強制退却の結果は無視できます それぞれ D D に変換されます」
        # (tables.json ``fortress_becomes``); AMBIG-28: the result is then a plain D, Option Retreat and all.
        forced = int(r["defender_retreat"])
        log(state, "fortress_result", hex=at, result=code, becomes=r["fortress_becomes"])
        r = dict(results[str(r["fortress_becomes"])])
    return r, forced


def result_tasks(state: State, r: dict[str, Any], code: str, forced: int) -> list[Task]:
    """§8.3(5) 「直ちに適用」: what the result asks of each side, in the order it is carried out."""
    cur = current(state)
    a_side = state["player"]
    d_side = enemy(a_side)
    d_steps = r["defender_steps"]
    if r.get("defender_eliminated") or d_steps == "all":
        for d in cur["defenders"]:
            destroy(state, d, "combat")
    tasks: list[Task] = []
    if r.get("attacker_choice") or code == "Aopt":
        tasks.append({"kind": "aopt", "side": a_side})
    else:
        if (isinstance(d_steps, int) and d_steps > 0) or int(r["defender_retreat"]) > 0:
            if forced:
                tasks.append({"kind": "fortress", "side": d_side, "hexes": forced,
                              "option": bool(r.get("option_retreat"))})  # §12.3: hold, or retreat anyway
            elif r.get("option_retreat"):
                tasks.append({"kind": "option", "side": d_side})  # §8.5(3)
            tasks.append({"kind": "losses", "side": d_side, "count": d_steps if isinstance(d_steps, int) else 0,
                          "even": False})
            tasks.append({"kind": "retreats", "side": d_side, "hexes": int(r["defender_retreat"])})
        tasks.append({"kind": "losses", "side": a_side, "count": int(r["attacker_steps"]), "even": True})
        # §12.3: an attacker's AR retreat is never optional, out of a fortress city too (it may surrender).
        tasks.append({"kind": "retreats", "side": a_side, "hexes": int(r["attacker_retreat"])})
    tasks.append({"kind": "pursuit", "side": a_side})
    tasks.append({"kind": "stacking", "side": d_side})
    tasks.append({"kind": "stacking", "side": a_side})
    return tasks


# === §8.4 Aopt ===

def aopt_actions(state: State, task: Task) -> list[Action]:
    """§8.4, AMBIG-15: 0 <= n <= min(attacking steps, defending steps)."""
    cur = current(state)
    top = min(sum(unit(state, u)["steps"] for u in alive(state, cur["attackers"])),
              sum(unit(state, u)["steps"] for u in alive(state, cur["defenders"])))
    return [{"type": "aopt", "steps": n} for n in range(top + 1)]


def choose_aopt(state: State, n: int) -> None:
    """§8.4 Aopt: both sides lose the same number of steps, chosen by the attacker."""
    state["pending"].pop(0)
    cur = current(state)
    log(state, "aopt", steps=n)
    d_side = unit(state, cur["defenders"][0])["side"]
    state["pending"][0:0] = [{"kind": "losses", "side": d_side, "count": n, "even": False},
                             {"kind": "losses", "side": state["player"], "count": n, "even": True}]
