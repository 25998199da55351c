"""§8 combat: declarations, odds and shifts, the CRT, losses, retreats, pursuit; §5.7 encirclement, §12.

At the start of a combat phase the attacker declares every combination (``declare`` one attacker
at a time on a target hex, ``undeclare``, then ``end_declarations``), then names the order of
resolution before any die (``order`` a target, §8.3(2)); the combinations are then resolved in that
order (``resolve`` the next one). Each combat leaves a queue of tasks in ``state["pending"]``,
each answered by the player it concerns: the attacker's Aopt choice, the defender's option
retreat, losses (the defender freely, the attacker spread evenly, §8.7), retreats hex by hex by
their owner, pursuit, and the stacking check (§6.3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine import rng
from ...engine.core import Action, Message, State
from ...engine.crt import ratio
from . import air, breakthrough, misdirection, restrictions, westwall
from .fog import move_readers, private, situation_for
from .losses import destroy, lose_step
from .movement import excess_actions, stack_violations
from .occupation import occupy
from .supply import isolation_loss
from .terrain import mech_road_only
from .units import (
    Situation,
    board,
    enemy,
    is_commando,
    is_fortress,
    is_important,
    log,
    name,
    on_map,
    spec,
    stack_problem,
    strength,
    tables,
    unit,
)

DICE = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}
COMBAT_TASKS = ("aopt", "option", "fortress", "losses", "retreats", "retreat", "pursuit")


def begin(state: State) -> None:
    for u in state["units"].values():
        u.update(attacked=False, defended=False)
    state["combat"] = {"declared": [], "building": None}
    state["step"] = "declare"


# === §8.1-§8.2, §8.8 who may attack whom ===

def may_attack(state: State, uid: str) -> bool:
    u = unit(state, uid)
    if u["side"] != state["player"] or u["status"] != "map" or u["attacked"] or is_commando(state, uid):
        return False
    if strength(state, uid)[0] <= 0:
        return False
    if not restrictions.zone_attack_ok(state, uid) or not restrictions.british_attack_ok(state, uid):
        return False  # §9.6 (turns 5-9: outside its army's sector), §9.7 / AMBIG-19 (British, turn 5)
    # §8.2(1): in the 2nd combat phase only mechanised units attack.
    return not (state["phase"] == "combat_2" and not spec(state, uid).mechanised)


def declared_of(state: State, uid: str) -> str | None:
    for c in state["combat"]["declared"]:
        if uid in c["attackers"]:
            return str(c["at"])
    return None


def joint_ok(state: State, uids: list[str], at: str) -> bool:
    """§8.8: US and British never together; German armies together only against an important city,
    from turn 10, or with a white-line unit."""
    specs = [spec(state, u) for u in uids]
    if {"us", "british"} <= {s.nation for s in specs}:
        return False
    armies = {s.army for s in specs if s.nation == "german" and s.army != "white"}
    late = state["turn"] >= int(tables(state).const("joint_attack_free_from_turn"))
    return len(armies) <= 1 or is_important(state, at) or late


def targets(state: State, sit: Situation, uid: str) -> list[str]:
    """Enemy-held hexes ``uid`` may join an attack on (§5.3: only inside its own ZOC)."""
    side = state["player"]
    out = []
    for h in board(state).neighbours(unit(state, uid)["hex"]):
        defenders = sit.units(h, enemy(side), commandos=False)
        if not defenders or any(unit(state, d)["defended"] for d in defenders):
            continue  # §8.2(2): each defender is attacked at most once per combat phase
        current: list[str] = next((c["attackers"] for c in state["combat"]["declared"] if c["at"] == h), [])
        if joint_ok(state, [*current, uid], h):
            out.append(h)
    return out


def declare_actions(state: State) -> list[Action]:
    sit = Situation(state)
    acts: list[Action] = []
    for uid in sorted(on_map(state, state["player"])):
        if not may_attack(state, uid):
            continue
        at = declared_of(state, uid)
        if at is not None:
            acts.append({"type": "undeclare", "unit": uid, "at": at})
            continue
        acts += [{"type": "declare", "unit": uid, "at": h} for h in targets(state, sit, uid)]
    if state["player"] == "allied" and air.fb_left(state) > 0:
        # §10.6: offensive support, placed when the Allies declare, on a target hex (1 per hex).
        acts += [{"type": "air_attack", "at": c["at"]} for c in state["combat"]["declared"]
                 if c["at"] not in state.get("air", {})]
    acts.append({"type": "end_declarations"})
    return acts


def declare(state: State, uid: str, at: str) -> None:
    declared = state["combat"]["declared"]
    combo = next((c for c in declared if c["at"] == at), None)
    if combo is None:
        combo = {"at": at, "attackers": []}
        declared.append(combo)
    combo["attackers"].append(uid)
    state["combat"]["building"] = at


def undeclare(state: State, uid: str) -> None:
    for c in state["combat"]["declared"]:
        if uid in c["attackers"]:
            c["attackers"].remove(uid)
            state["combat"]["building"] = c["at"]
    state["combat"]["declared"] = [c for c in state["combat"]["declared"] if c["attackers"]]


def end_declarations(state: State) -> None:
    """§8.3(1): the combinations are fixed and told; those below the minimum odds are dropped. (The odds told
    are the attacker's reckoning: under fog of war its encirclement test sees what the attacker sees.)"""
    sit = situation_for(state, state["player"])
    kept = []
    for c in state["combat"]["declared"]:
        a = assess(state, sit, c["attackers"], c["at"])
        if a["column"] is None:
            log(state, "below_minimum", hex=c["at"], attack=a["attack"], defence=a["defence"])
            continue
        kept.append(c)
        log(state, "declared", hex=c["at"], attackers=[name(state, u) for u in c["attackers"]], odds=a["odds"])
    state["combat"]["declared"] = kept
    state["combat"]["building"] = None
    state["combat"]["order"] = []
    state["step"] = "order"
    _announce_when_ordered(state)


# === §8.3(2) the order of resolution ===

def order_actions(state: State) -> list[Action]:
    """§8.3(2): the attacker names the combinations one by one, in the order they will be resolved."""
    named = state["combat"]["order"]
    return [{"type": "order", "at": c["at"]} for c in state["combat"]["declared"] if c["at"] not in named]


def name_next(state: State, at: str) -> None:
    state["combat"]["order"].append(at)
    _announce_when_ordered(state)


def _announce_when_ordered(state: State) -> None:
    """§8.3(2): 「どの順番で戦闘の組み合わせを解決するかを防御側に伝えます」: once every combination has its
    place (the last one needs no naming), the order is told to the defender before the first die."""
    c = state["combat"]
    left = [d["at"] for d in c["declared"] if d["at"] not in c["order"]]
    if len(left) > 1:
        return
    c["order"] += left
    c["declared"].sort(key=lambda d: c["order"].index(d["at"]))
    if c["order"]:
        log(state, "attack_order", hexes=list(c["order"]))
    state["step"] = "resolve"


def resolve_actions(state: State) -> list[Action]:
    # §8.3(2)-(5): resolved in the announced order: only the next combination is offered.
    declared = state["combat"]["declared"]
    return [{"type": "resolve", "at": declared[0]["at"]}] if declared else []


# === §8.3(3)-(4) odds and shifts ===

def _halved(state: State, uids: list[str], index: int, up: bool) -> int:
    """§11.3-§11.4: strengths of affected units are added first, then halved."""
    full = sum(strength(state, u)[index] for u in uids if unit(state, u)["supply"] == "ok")
    if index == 0:
        # §11.3: out of supply halves attack; §11.4 isolated too (AMBIG-25: rounded down).
        weak = sum(strength(state, u)[0] for u in uids if unit(state, u)["supply"] != "ok")
        return full + weak // 2
    ok = [u for u in uids if unit(state, u)["supply"] != "isolated"]
    full = sum(strength(state, u)[1] for u in ok)
    weak = sum(strength(state, u)[1] for u in uids if u not in ok)
    return full + (-(-weak // 2) if up else weak // 2)  # §11.4: isolated defence rounds up


def attack_strength(state: State, uids: list[str]) -> int:
    return _halved(state, uids, 0, False)


def defence_strength(state: State, uids: list[str]) -> int:
    return _halved(state, uids, 1, True)


def extended_columns(state: State) -> list[str]:
    """The CRT columns, then 8:1, 9:1... as if they existed (§8.3(4): shifts first, then the 7:1 cap)."""
    cols = list(tables(state).crt.odds.columns)
    return cols + [f"{n}:1" for n in range(8, 100)]


def raw_column(state: State, attack: int, defence: int) -> int | None:
    """§8.3(3): the odds rounded for the defender, as an index into ``extended_columns``."""
    if attack <= 0:
        return None
    odds = Fraction(attack, max(defence, 1))
    best = None
    for i, col in enumerate(extended_columns(state)):
        if odds >= ratio(col):
            best = i
    return best


def terrain_shift(state: State, at: str, defenders: list[str]) -> tuple[int, str | None]:
    """§8.3(4): only the single largest hex-terrain shift counts."""
    b, t = board(state), tables(state)
    keys = [b.terrain_of(at)]
    kind = b.place_kind(at)
    if kind == "fortress" and not is_fortress(state, at):
        kind = "important"  # §12.6: a fallen fortress city is an important city
    if kind is not None:
        keys.append(kind)
    if at in b.west_wall and any(spec(state, d).side == "german" for d in defenders):
        keys.append("west_wall")  # §12.7, AMBIG-23: only when Germans defend; hex terrain
    best, why = 0, None
    for k in keys:
        s = t.shift(k)
        if s < best:
            best, why = s, k
    return best, why


def encircled(state: State, sit: Situation, defenders: list[str]) -> bool:
    """§5.7, AMBIG-10: no defending unit can retreat even one hex (the §8.5(2) test)."""
    return all(not retreat_options(state, sit, d, unit(state, d)["hex"], 1, [unit(state, d)["hex"]], False)
               for d in defenders)


def assess(state: State, sit: Situation, attackers: list[str], at: str) -> dict[str, Any]:
    """The odds of an attack: raw column, every shift with its reason, the final column, the chances."""
    t = tables(state)
    side = unit(state, attackers[0])["side"] if attackers else state["player"]
    defenders = sit.units(at, enemy(side), commandos=False)
    att, dfn = attack_strength(state, attackers), defence_strength(state, defenders)
    cols = list(t.crt.odds.columns)
    ext = extended_columns(state)
    raw = raw_column(state, att, dfn)
    shifts: list[dict[str, Any]] = []
    ts, key = terrain_shift(state, at, defenders)
    if ts:
        shifts.append({"reason": {"key": f"shift.{key}"}, "shift": ts})
    b = board(state)
    if attackers and all(b.is_river(unit(state, a)["hex"], at) for a in attackers):
        # §3.3(6): a river adds its shift when every attacker is across one.
        major = all(b.is_major_river(unit(state, a)["hex"], at) for a in attackers) and "major_river" in t.terrain
        rkey = "major_river" if major else "river"
        if t.shift(rkey):
            shifts.append({"reason": {"key": f"shift.{rkey}"}, "shift": t.shift(rkey)})
    if defenders and not is_fortress(state, at) and encircled(state, sit, defenders):
        # §5.7 / §12.2: encirclement shifts right, never against a fortress city.
        shifts.append({"reason": {"key": "shift.encirclement"}, "shift": int(t.const("encirclement_shift"))})
    air = state.get("air", {}).get(at)
    if air:
        shifts.append({"reason": {"key": f"shift.air_{air}"}, "shift": 1 if air == "offence" else -1})
    minimum = ext.index(str(t.const("min_odds")))
    out: dict[str, Any] = {"at": at, "attackers": list(attackers), "attack": att, "defence": dfn,
                           "raw": ext[raw] if raw is not None else None, "shifts": shifts,
                           "column": None, "odds": None, "chances": {}}
    if raw is None or raw < minimum:
        return out  # §8.2(1), AMBIG-13: the minimum applies to the raw odds
    # §8.3(4): shift as if columns went on past 7:1, then cap; AMBIG-13: below the first column, the first.
    index = min(max(raw + sum(s["shift"] for s in shifts), 0), len(cols) - 1)
    column = cols[index]
    chances: dict[str, float] = {}
    for total, p in DICE.items():
        code = t.crt.result(column, total)
        chances[code] = chances.get(code, 0.0) + p
    out.update(column=column, odds=column, chances={k: round(v, 4) for k, v in chances.items()})
    return out


def preview(state: State, role: str | None) -> dict[str, Any] | None:
    """view["attack"]: the combination being built and every declared one, with odds, as ``role`` can judge
    them (fog of war: the encirclement test sees only what ``role`` sees; the combat itself meets the truth)."""
    c = state.get("combat")
    if not c or state["step"] not in ("declare", "order", "resolve"):
        return None
    sit = situation_for(state, role)
    building = c.get("building")
    current = next((d for d in c["declared"] if d["at"] == building), None)
    return {"attackers": list(current["attackers"]) if current else [], "at": building,
            "candidates": [assess(state, sit, d["attackers"], d["at"]) for d in c["declared"]],
            "order": list(c.get("order") or [])}


# === §8.3(5) resolution ===

def resolve(state: State, at: str) -> None:
    c = state["combat"]
    combo = next(d for d in c["declared"] if d["at"] == at)
    c["declared"].remove(combo)
    sit = Situation(state)
    side = state["player"]
    b = board(state)
    # AMBIG-14: attackers gone or no longer adjacent drop out; an empty target cancels the combat.
    attackers = [a for a in combo["attackers"]
                 if unit(state, a)["status"] == "map" and b.grid.is_adjacent(unit(state, a)["hex"], at)]
    defenders = sit.units(at, enemy(side), commandos=False)
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
    d1, d2 = rng.roll(state), rng.roll(state)  # §8.3(5): each player rolls one die
    code = tables(state).crt.result(a["column"], d1 + d2)
    log(state, "combat", hex=at, attackers=[name(state, u) for u in attackers],
        defenders=[name(state, u) for u in defenders], attack=a["attack"], defence=a["defence"], raw=a["raw"],
        shifts=a["shifts"], odds=a["column"], dice=[d1, d2], total=d1 + d2, result=code)
    results = tables(state).results
    r = dict(results[code])
    forced = 0  # §12.3: the retreat a DR demanded of a fortress defender, now its choice
    if is_fortress(state, at) and r.get("fortress_becomes"):
        # §12.3 「DR DR が出ても 防御側は強制退却の結果は無視できます それぞれ D D に変換されます」
        # (tables.json ``fortress_becomes``); AMBIG-28: the result is then a plain D, Option Retreat and all.
        forced = int(r["defender_retreat"])
        log(state, "fortress_result", hex=at, result=code, becomes=r["fortress_becomes"])
        r = dict(results[str(r["fortress_becomes"])])
    state["current"] = {"at": at, "attackers": attackers, "defenders": defenders, "code": code,
                        "lost": {u: 0 for u in attackers}, "retreated": [],
                        "from": {u: unit(state, u)["hex"] for u in attackers}}
    tasks: list[dict[str, Any]] = []
    d_side, a_side = enemy(side), side
    d_steps = r["defender_steps"]
    if r.get("defender_eliminated") or d_steps == "all":
        for d in defenders:
            destroy(state, d, "combat")
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
    state["pending"] = tasks + state["pending"]
    proceed(state)


# === The tasks a combat leaves ===

def _alive(state: State, uids: list[str]) -> list[str]:
    return [u for u in uids if unit(state, u)["status"] == "map"]


def task_actions(state: State) -> list[Action]:
    task = state["pending"][0]
    cur: dict[str, Any] = state.get("current") or {}
    kind = task["kind"]
    if kind == "aopt":
        # §8.4, AMBIG-15: 0 <= n <= min(attacking steps, defending steps).
        top = min(sum(unit(state, u)["steps"] for u in _alive(state, cur["attackers"])),
                  sum(unit(state, u)["steps"] for u in _alive(state, cur["defenders"])))
        return [{"type": "aopt", "steps": n} for n in range(top + 1)]
    if kind in ("option", "fortress"):
        return retreat_choices(state, task)
    if kind == "losses":
        return [{"type": "lose_step", "unit": u} for u in loss_candidates(state, task)]
    if kind == "retreat":
        sit = situation_for(state, task["side"])  # fog of war: only what the retreating side sees
        u = task["unit"]
        return [{"type": "retreat", "unit": u, "to": h}
                for h in retreat_options(state, sit, u, task["origin"], task["left"], task["path"], task["extended"])]
    if kind == "pursuit":
        return [*({"type": "pursue", "unit": u, "to": cur["at"]} for u in pursuers(state)), {"type": "end_pursuit"}]
    if kind == "stacking":
        return excess_actions(state, task)
    if kind == "guard":
        return [{"type": "guard", "unit": u, "at": task["entry"]}
                for u in breakthrough.guard_candidates(state, task["entry"])]
    if kind == "interdiction":
        return [{"type": "interdiction_loss", "unit": u} for u in _alive(state, task["units"])]
    if kind == "misdirect":
        return misdirection.misdirect_actions(state, task)
    if kind == "isolation":
        return [{"type": "isolation_loss", "unit": u} for u in sorted(_alive(state, task["units"]))]
    return []


def can_retreat(state: State, uids: list[str], hexes: int) -> bool:
    """Whether every one of ``uids`` has a legal retreat of ``hexes`` hexes now (§8.5(2)), as their side sees
    it (fog of war)."""
    if not uids:
        return False
    sit = situation_for(state, unit(state, uids[0])["side"])
    return all(retreat_options(state, sit, u, unit(state, u)["hex"], hexes, [unit(state, u)["hex"]], False)
               for u in uids)


def retreat_choices(state: State, task: dict[str, Any]) -> list[Action]:
    """§8.5(3) Option Retreat, §12.3 retreating anyway from a fortress city: offered only where the defenders
    have a legal retreat (§12.3 「退却可能であれば」); holding is always possible."""
    defenders = _alive(state, state["current"]["defenders"])
    t = tables(state)
    out: list[Action] = []
    if (task["kind"] == "option" or task.get("option")) and \
            can_retreat(state, defenders, int(t.const("option_retreat_hexes"))):
        out.append({"type": "option_retreat"})
    if task["kind"] == "fortress" and can_retreat(state, defenders, int(task["hexes"])):
        out.append({"type": "retreat_anyway"})
    return [*out, {"type": "hold"}]


def loss_candidates(state: State, task: dict[str, Any]) -> list[str]:
    cur = state["current"]
    side_units = cur["defenders"] if task["side"] != state["player"] else cur["attackers"]
    alive = sorted(_alive(state, side_units))
    if not task["even"]:
        return alive  # §8.7: the defender allocates freely
    # §8.7: the attacker spreads losses as evenly as possible over stacks, then over units.
    lost = cur["lost"]
    stacks: dict[str, list[str]] = {}
    for u in alive:
        stacks.setdefault(task.setdefault("stacks", {}).setdefault(u, unit(state, u)["hex"]), []).append(u)
    if not stacks:
        return []
    per_stack = {h: sum(lost[u] for u in us) for h, us in stacks.items()}
    low = min(per_stack.values())
    out = []
    for h, us in stacks.items():
        if per_stack[h] == low:
            fewest = min(lost[u] for u in us)
            out += [u for u in us if lost[u] == fewest]
    return sorted(out)


def proceed(state: State) -> None:
    """Run the pending tasks until one needs a player's choice."""
    while state["pending"]:
        task = state["pending"][0]
        kind = task["kind"]
        cur: dict[str, Any] = state.get("current") or {}
        if kind == "retreats":
            state["pending"].pop(0)
            units = cur["defenders"] if task["side"] != state["player"] else cur["attackers"]
            news = [{"kind": "retreat", "side": task["side"], "unit": u, "origin": unit(state, u)["hex"],
                     "left": task["hexes"], "path": [unit(state, u)["hex"]], "extended": False}
                    for u in sorted(_alive(state, units)) if task["hexes"] > 0]
            state["pending"][0:0] = news
            continue
        if kind == "losses":
            if task["count"] <= 0 or not loss_candidates(state, task):
                state["pending"].pop(0)
                continue
            side_units = cur["defenders"] if task["side"] != state["player"] else cur["attackers"]
            if sum(unit(state, u)["steps"] for u in _alive(state, side_units)) <= task["count"]:
                for u in _alive(state, side_units):  # every step goes: no choice to make
                    destroy(state, u, "combat")
                    cur["lost"][u] = cur["lost"].get(u, 0) + 2
                state["pending"].pop(0)
                continue
            if len(set(loss_candidates(state, task))) == 1:
                take_loss(state, loss_candidates(state, task)[0])
                continue
            return
        if kind == "retreat":
            if unit(state, task["unit"])["status"] != "map":
                state["pending"].pop(0)
                continue
            opts = task_actions(state)
            if not opts:
                log(state, "surrender", unit=name(state, task["unit"]))
                destroy(state, task["unit"], "surrender")  # §5.6/§8.5(2): no legal retreat
                state["pending"].pop(0)
                continue
            if len(opts) == 1:
                retreat_step(state, opts[0]["to"])
                continue
            return
        if kind == "pursuit":
            if Situation(state).units(cur["at"], enemy(task["side"]), commandos=False) or not pursuers(state):
                state["pending"].pop(0)
                continue
            return
        if kind in ("stacking", "guard"):
            if not task_actions(state):
                state["pending"].pop(0)
                continue
            return
        if kind == "isolation" and len(_alive(state, task["units"])) <= 1:
            state["pending"].pop(0)
            for u in _alive(state, task["units"]):
                fortress_isolation_loss(state, u, pop=False)
            continue
        if kind == "interdiction":
            alive = _alive(state, task["units"])
            if len(alive) <= 1:
                state["pending"].pop(0)
                for u in alive:
                    interdiction_loss(state, u, pop=False)
                continue
            return
        if kind in ("option", "fortress") and len(task_actions(state)) == 1:
            choose_option(state, "hold")  # no legal retreat: nothing to choose (§12.3, §8.5(3))
            return
        return  # aopt, option, fortress: a choice
    if state.get("current") is not None and not any(t["kind"] in COMBAT_TASKS for t in state["pending"]):
        state["current"] = None


def active_side(state: State) -> str | None:
    return str(state["pending"][0]["side"]) if state["pending"] else None


# --- the choices ---

def choose_aopt(state: State, n: int) -> None:
    """§8.4 Aopt: both sides lose the same number of steps, chosen by the attacker."""
    state["pending"].pop(0)
    cur = state["current"]
    log(state, "aopt", steps=n)
    d_side = unit(state, cur["defenders"][0])["side"]
    state["pending"][0:0] = [{"kind": "losses", "side": d_side, "count": n, "even": False},
                             {"kind": "losses", "side": state["player"], "count": n, "even": True}]
    proceed(state)


def choose_option(state: State, choice: str) -> None:
    """§8.5(3) ``option``: retreat 1 hex and lose 1 step fewer, marked Option Retreat; §12.3 ``anyway``: a
    fortress defender retreats as the DR said (its full loss, no marker); ``hold``: no retreat."""
    task = state["pending"].pop(0)
    t = tables(state)
    losses = state["pending"][0]
    retreats = state["pending"][1]
    at = state["current"]["at"]
    if choice == "option":
        losses["count"] = max(0, losses["count"] - int(t.const("option_retreat_steps")))
        retreats["hexes"] = int(t.const("option_retreat_hexes"))
        retreats["option"] = True
        for d in _alive(state, state["current"]["defenders"]):
            unit(state, d)["option_retreat"] = True
        log(state, "option_retreat", hex=at)
    elif choice == "anyway":
        retreats["hexes"] = int(task["hexes"])
        log(state, "fortress_retreats", hex=at)
    elif task["kind"] == "fortress":
        log(state, "fortress_holds", hex=at)  # §12.3: the fortress defender ignores the forced retreat
    proceed(state)


def interdiction_loss(state: State, uid: str, pop: bool = True) -> None:
    """§10.4: the interdicted stack loses one step as a whole; the German player picks the unit."""
    if pop:
        state["pending"].pop(0)
    log(state, "interdiction_loss", private(state, "german"), unit=name(state, uid))
    lose_step(state, uid, "air")
    m = state.get("mover")
    if m and unit(state, uid)["status"] != "map":
        m["units"] = [u for u in m["units"] if u != uid]
        if not m["units"]:
            state["mover"] = None
    if pop:
        proceed(state)


def fortress_isolation_loss(state: State, uid: str, pop: bool = True) -> None:
    """§12.4: the unit the owner picked loses the fortress stack's one step of continued isolation."""
    if pop:
        state["pending"].pop(0)
    isolation_loss(state, uid)
    if pop:
        proceed(state)


def take_loss(state: State, uid: str) -> None:
    task = state["pending"][0]
    cur = state["current"]
    cur["lost"][uid] = cur["lost"].get(uid, 0) + 1
    lose_step(state, uid, "combat")
    task["count"] -= 1
    if task["count"] <= 0:
        state["pending"].pop(0)
    proceed(state)


# --- §8.5 retreat ---

def _step_ok(state: State, sit: Situation, uid: str, frm: str, to: str, origin: str, path: list[str]) -> bool:
    b = board(state)
    side = unit(state, uid)["side"]
    if to in path or b.grid.distance(origin, to) <= b.grid.distance(origin, frm):
        return False  # §8.5(1): away from the original hex
    if sit.has_enemy(to, side) or to in sit.ezoc(side):
        return False  # §8.5(2): not into enemy units nor an EZOC, friends or not
    return not (spec(state, uid).mechanised and not b.is_road(frm, to) and mech_road_only(state, frm, to))  # §7.6


def _fits(state: State, sit: Situation, uid: str, at: str) -> bool:
    others = [u for u in sit.units(at, unit(state, uid)["side"]) if u != uid]
    return stack_problem(state, [*others, uid], at) is None


def _can_finish(state: State, sit: Situation, uid: str, at: str, left: int, origin: str, path: list[str],
                extended: bool) -> bool:
    if left <= 0:
        if _fits(state, sit, uid, at):
            return True
        if extended:
            return False
        left, extended = 1, True  # §8.5(2): one hex further to a legal stack
    return any(_step_ok(state, sit, uid, at, n, origin, path)
               and _can_finish(state, sit, uid, n, left - 1, origin, [*path, n], extended)
               for n in board(state).neighbours(at))


def retreat_options(state: State, sit: Situation, uid: str, origin: str, left: int, path: list[str],
                    extended: bool) -> list[str]:
    at = path[-1]
    if left <= 0 and not extended:
        left, extended = 1, True
    return sorted(n for n in board(state).neighbours(at)
                  if _step_ok(state, sit, uid, at, n, origin, path)
                  and _can_finish(state, sit, uid, n, left - 1, origin, [*path, n], extended))


def retreat_step(state: State, to: str) -> None:
    """One hex of a retreat. Offered from what the retreating side sees; the step itself needs nothing more,
    as the hex entered and its EZOC lie within 2 hexes of the unit, in its sight (fog.py); what lies beyond
    is met at the next step (no legal hex left: surrender, §8.5(2))."""
    task = state["pending"][0]
    uid = task["unit"]
    frm = unit(state, uid)["hex"]
    if task["left"] <= 0:
        task["extended"] = True
    else:
        task["left"] -= 1
    unit(state, uid)["hex"] = to
    westwall.moved(state, uid, frm, to)
    task["path"].append(to)
    log(state, "retreat", move_readers(state, [uid], frm, to), unit=name(state, uid), frm=frm, to=to)
    occupy(state, to, unit(state, uid)["side"])  # AMBIG-26: a retreat passes through
    state["current"]["retreated"].append(uid)
    if task["left"] <= 0 and _fits(state, Situation(state), uid, to):
        state["pending"].pop(0)
    proceed(state)


# --- §8.6 pursuit ---

def pursuers(state: State) -> list[str]:
    cur = state["current"]
    at = cur["at"]
    b = board(state)
    sit = Situation(state)
    alive = [u for u in _alive(state, cur["attackers"]) if u not in cur["retreated"]]
    losers = [u for u in cur["attackers"] if cur["lost"].get(u)]
    if losers:
        # §8.6 「ステップを失ったユニット 及びそれにスタックしていたユニット」: if the attacker lost steps, only the
        # units that lost steps and those that were stacked with them (destroyed or not) when they attacked.
        start = cur.get("from") or {}
        hexes = {start.get(u, unit(state, u)["hex"]) for u in losers}
        alive = [u for u in alive if start.get(u, unit(state, u)["hex"]) in hexes]
    out = []
    here = sit.units(at, state["player"])
    for u in alive:
        frm = unit(state, u)["hex"]
        if frm == at:
            continue
        if spec(state, u).mechanised and not b.is_road(frm, at) and mech_road_only(state, frm, at):
            continue  # §8.6: a mechanised unit follows a road into or out of deep forest
        if stack_problem(state, [*here, u], at) is None:  # §8.6: up to the stacking limit
            out.append(u)
    return sorted(out)


def pursue(state: State, uid: str) -> None:
    cur = state["current"]
    frm = unit(state, uid)["hex"]
    unit(state, uid)["hex"] = cur["at"]
    westwall.moved(state, uid, frm, cur["at"])
    log(state, "pursue", move_readers(state, [uid], frm, cur["at"]), unit=name(state, uid), frm=frm, to=cur["at"])
    occupy(state, cur["at"], unit(state, uid)["side"])
    proceed(state)


def end_pursuit(state: State) -> None:
    state["pending"].pop(0)
    proceed(state)


def remove_excess(state: State, uid: str) -> None:
    """§6.3: the owner removes a unit of a broken stack; it counts as destroyed (§13.4(3))."""
    destroy(state, uid, "stacking")
    if not stack_violations(state, state["pending"][0]["side"]):
        state["pending"].pop(0)
    proceed(state)


def prompt_args(state: State) -> Message:
    task = state["pending"][0]
    cur: dict[str, Any] = state.get("current") or {}
    args: dict[str, Any] = {"hex": task.get("hex", cur.get("at"))}
    if task["kind"] == "losses":
        args["steps"] = task["count"]
    if task["kind"] == "retreat":
        args.update(unit=name(state, task["unit"]), hexes=task["left"])
    return {"key": f"prompt.{task['kind']}", "args": args}
