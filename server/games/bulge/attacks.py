"""§8.1-§8.2 and §8.8 who may attack whom; §8.3(1) the combinations declared at the start of the combat
phase; §8.3(2) the order of resolution, named before any die.

The attacker ``declare``s one attacker at a time on a target hex (``undeclare`` takes it back), then
``end_declarations``: the combinations are fixed and told. Before each declaration the attacker sees what
it would give (``previews``: the odds of the combination with that attacker added). It then names the order
(``order`` a target); the combinations are resolved in that order (resolution.py).
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, State
from .air import fb_left
from .fog import situation_for
from .odds import assess
from .restrictions import british_attack_ok, zone_attack_ok
from .units import Situation, board, enemy, is_commando, is_important, log, name, on_map, spec, strength, tables, unit


def begin(state: State) -> None:
    """The start of a combat phase: nobody has attacked or been attacked yet (§8.2(2))."""
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
    if not zone_attack_ok(state, uid) or not british_attack_ok(state, uid):
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


# === §8.3(1) the combinations ===

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
    if state["player"] == "allied" and fb_left(state) > 0:
        # §10.6: offensive support, placed when the Allies declare, on a target hex (1 per hex).
        acts += [{"type": "air_attack", "at": c["at"]} for c in state["combat"]["declared"]
                 if c["at"] not in state.get("air", {})]
    acts.append({"type": "end_declarations"})
    return acts


def previews(state: State, role: str | None) -> list[dict[str, Any]]:
    """§8.3(1), §8.3(3)-(4): for each ``declare`` offered, the odds of its combination with that attacker added,
    as the attacking player can judge them (fog of war: its own sight, as ``odds.preview``). Only the
    attacking player is offered declarations, so only it is shown them."""
    if role != state["player"] or state["step"] != "declare":
        return []
    sit = situation_for(state, role)
    joined = {c["at"]: list(c["attackers"]) for c in state["combat"]["declared"]}
    out = []
    for a in declare_actions(state):
        if a["type"] != "declare":
            continue
        odds = assess(state, sit, [*joined.get(a["at"], []), a["unit"]], a["at"])
        out.append({**odds, "unit": a["unit"]})
    return out


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
