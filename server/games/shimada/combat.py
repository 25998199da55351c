"""§9 combat: building an attack, odds, the CRT, retreats, advance after combat, night combat.

An attack is built step by step (``attack_with`` each attacker, then ``attack`` a hex) and is
resolved at once. Its consequences run as frames above the combat step, all decided by the
attacking player: ``exchange`` (which attacker is lost on an Ex), then the ``aftermath`` (an
automatic frame) asks for each ``retreat`` (hex by hex, one counter at a time) and the ``advance``,
and at night disrupts the surviving attackers.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, Message, State
from ...engine.steps import Auto, Decision, Frame, Kind, pop, push
from .units import (
    board,
    by_ref,
    eliminate,
    enemy,
    enter_hex,
    gd,
    is_up,
    log,
    may_enter_terrain,
    name,
    occupants,
    on_map,
    ref,
    scenario,
    spec,
    unit,
    zoc,
)


def begin(state: State) -> None:
    for u in state["units"].values():
        u.update(attacked=False, defended=False)
    state["attack"] = {"attackers": []}


# === Who may attack whom ===

def _may_attack(state: State, attacker: str, defender: str) -> bool:
    a, d = unit(state, attacker), unit(state, defender)
    if d["status"] != "map" or d["defended"]:
        return False  # §9: a defender may be attacked at most once per combat step
    if not board(state).grid.is_adjacent(a["hex"], d["hex"]):
        return False
    if not board(state).crossable(a["hex"], d["hex"]):
        return False  # §9: nobody may attack across a river without a bridge
    # §9: the British cannot attack Japanese counters in jungle.
    return not (a["side"] == "british" and board(state).is_jungle(d["hex"]))


def eligible_attackers(state: State) -> list[str]:
    side = state["player"]
    # §9 / §10: each counter attacks at most once per step; disrupted counters cannot attack.
    return [uid for uid in on_map(state, side) if is_up(state, uid) and not unit(state, uid)["attacked"]]


def defenders(state: State, attackers: list[str]) -> list[str]:
    """Enemy counters every one of ``attackers`` may attack together."""
    if not attackers:
        return []
    side = unit(state, attackers[0])["side"]
    return [d for d in on_map(state, enemy(side)) if all(_may_attack(state, a, d) for a in attackers)]


def defence(state: State, uid: str) -> tuple[int, list[Message]]:
    """The defending factor and the reasons for it (logged with the roll)."""
    scen = scenario(state)
    u = unit(state, uid)
    mods: list[Message] = []
    if is_up(state, uid):
        value = spec(state, uid).cf
    else:
        value = scen["disrupted_cf"]  # §10: a disrupted counter defends with a factor of 1
        mods.append({"key": "mod.disrupted", "args": {"cf": value}})
    if u["side"] == "british" and board(state).is_position(u["hex"]):
        # §9: a British counter in a position (陣地) doubles, disrupted too; the UC does not.
        # AMBIG-1: a face-down counter's kind is secret, so it always doubles (1 -> 2).
        if not is_up(state, uid) or spec(state, uid).kind != "carrier":
            value *= scen["position_multiplier"]
            mods.append({"key": "mod.position", "args": {"factor": scen["position_multiplier"]}})
        else:
            mods.append({"key": "mod.uc_not_doubled"})
    return value, mods


def attack_strength(state: State, attackers: list[str]) -> int:
    return sum(spec(state, a).cf for a in attackers)


def odds_column(state: State, attack: int, defend: int) -> str | None:
    """§9: rounded for the defender; below 1:2 not allowed; above 5:1 uses 5:1."""
    return gd(state).crt.odds.column(attack, defend)


def candidates(state: State) -> list[dict[str, Any]]:
    """The defenders the chosen attackers may attack, each with the odds as the attacking player judges them
    before it attacks (§9): the column, the reasons for the defence factor, the chance of each result."""
    attackers = state["attack"]["attackers"]
    out = []
    for d in defenders(state, attackers):
        att = attack_strength(state, attackers)
        dfn, mods = defence(state, d)
        column = odds_column(state, att, dfn)
        if column is not None:
            if att >= 6 * dfn:
                mods.append({"key": "mod.capped"})  # §9: above 5:1 the 5:1 column
            odds, notes = chances(state, column)
            out.append({"at": unit(state, d)["hex"], "odds": column, "attack": att, "defence": dfn,
                        "column": column, "chances": odds, "notes": mods + notes})
    return sorted(out, key=lambda c: str(c["at"]))


def chances(state: State, column: str) -> tuple[dict[str, float], list[Message]]:
    """§9: the chance of each result on one die in ``column``, as it will stand (an Ex the night or the
    Artillery turns into a De counts as a De), with the reasons for such a change."""
    side = state["player"]
    out: dict[str, float] = {}
    notes: list[Message] = []
    for roll in range(1, 7):
        result, why = _convert(state, side, gd(state).crt.result(column, roll))
        out[result] = out.get(result, 0.0) + 1 / 6
        notes += [n for n in why if n not in notes]
    return {k: round(v, 4) for k, v in out.items()}, notes


def legal_actions(state: State) -> list[Action]:
    attackers = state["attack"]["attackers"]
    acts: list[Action] = []
    for uid in sorted(eligible_attackers(state), key=lambda x: ref(state, x)):
        if uid not in attackers and defenders(state, [*attackers, uid]):
            acts.append({"type": "attack_with", "unit": ref(state, uid)})
    acts += [{"type": "attack", "at": c["at"]} for c in candidates(state)]
    if attackers:
        acts.append({"type": "cancel_attack"})
    acts.append({"type": "end_step"})
    return acts


def attack_with(state: State, frame: Frame, action: Action) -> None:
    state["attack"]["attackers"].append(by_ref(state, action["unit"]))


def cancel_attack(state: State, frame: Frame, action: Action) -> None:
    state["attack"]["attackers"] = []


def attack(state: State, frame: Frame, action: Action) -> None:
    resolve(state, action["at"])


def end_step(state: State, frame: Frame, action: Action) -> None:
    pop(state)


# === Resolution ===

def _artillery_face_up(state: State) -> bool:
    return any(spec(state, uid).kind == "artillery" and is_up(state, uid) for uid in on_map(state, "british"))


def _convert(state: State, side: str, result: str) -> tuple[str, list[Message]]:
    if result != "Ex":
        return result, []
    if not state["dawn"]:
        if side == "japanese":
            return "De", [{"key": "mod.night_ex"}]  # §9: at night a Japanese Ex is a De
        return "Ex", []
    # §11.2: while the British Artillery is face up (on the map), Ex stays Ex when the Japanese
    # attack and is De when the British attack, whether or not the Artillery takes part.
    # AMBIG-3: with the Artillery not face up after dawn, Ex is Ex for both sides.
    if side == "british" and _artillery_face_up(state):
        return "De", [{"key": "mod.artillery_ex"}]
    return "Ex", []


def resolve(state: State, at: str) -> None:
    side = state["player"]
    attackers = list(state["attack"]["attackers"])
    (defender,) = occupants(state, at, enemy(side))
    att = attack_strength(state, attackers)
    dfn, mods = defence(state, defender)
    column = odds_column(state, att, dfn)
    assert column is not None
    if att >= 6 * dfn:
        mods.append({"key": "mod.capped"})  # §9: above 5:1 the 5:1 column
    roll = rng.roll(state)
    printed = gd(state).crt.result(column, roll)
    result, notes = _convert(state, side, printed)
    log(state, "attack", attackers=[name(state, a) for a in attackers], defender=name(state, defender),
        hex=at, attack=att, defence=dfn, odds=column, roll=roll, printed=printed, result=result,
        mods=mods + notes)
    for a in attackers:
        unit(state, a)["attacked"] = True
    unit(state, defender)["defended"] = True
    state["attack"] = {"attackers": []}
    state["combat"] = {"attackers": attackers, "hex": at, "result": result}
    # §9 results.
    if result == "Ae":
        for a in attackers:
            _eliminate(state, a)
    elif result == "Ar":
        state["retreats"] = [{"unit": a, "left": 1, "visited": [unit(state, a)["hex"]]} for a in attackers]
    elif result in ("D1", "D2", "D3"):
        state["retreats"] = [{"unit": defender, "left": int(result[1]), "visited": [at]}]
    elif result == "De":
        _eliminate(state, defender)
    elif result == "Ex":
        _eliminate(state, defender)
        if len(attackers) == 1:
            _eliminate(state, attackers[0])
        else:
            state["step"] = "exchange"  # the attacking player chooses which attacker is lost
            push(state, {"kind": "exchange"}, {"kind": "aftermath"})
            return
    push(state, {"kind": "aftermath"})


def _eliminate(state: State, uid: str) -> None:
    log(state, "eliminated", unit=name(state, uid))
    eliminate(state, uid)


def aftermath(state: State, frame: Frame) -> None:
    """Run what the last combat still owes: retreats, then the advance, then night disruption. A
    retreat or the advance is a decision pushed above this frame, which runs again after it."""
    while state["retreats"]:
        head = state["retreats"][0]
        if retreat_options(state):
            state["step"] = "retreat"
            push(state, {"kind": "retreat"})
            return
        log(state, "no_retreat", unit=name(state, head["unit"]))
        _eliminate(state, head["unit"])  # §9: a counter that cannot retreat is eliminated
        state["retreats"].pop(0)
    combat = state["combat"]
    if combat["result"] in ("De", "D1", "D2", "D3") and "advance" not in combat:
        combat["advance"] = {"hex": combat["hex"], "unit": None}
        if not occupants(state, combat["hex"]) and advance_options(state):
            state["step"] = "advance"
            push(state, {"kind": "advance"})
            return
    if not state["dawn"]:
        # §9 night combat: every attacker is disrupted after the combat, whatever the result;
        # §11.3: not after dawn.
        for a in combat["attackers"]:
            if unit(state, a)["status"] == "map" and is_up(state, a):
                unit(state, a)["face"] = "down"
                log(state, "disrupted", unit=name(state, a))
    state["combat"] = None
    state["step"] = "combat"
    pop(state)


# --- Ex: the attacking player chooses the attacker lost ---

def exchange_actions(state: State) -> list[Action]:
    alive = [a for a in state["combat"]["attackers"] if unit(state, a)["status"] == "map"]
    return [{"type": "lose", "unit": ref(state, a)} for a in sorted(alive, key=lambda x: ref(state, x))]


def lose(state: State, frame: Frame, action: Action) -> None:
    _eliminate(state, by_ref(state, action["unit"]))
    pop(state)


# --- Retreat (§9), carried out hex by hex by the attacking player ---

def _retreat_step_ok(state: State, uid: str, frm: str, to: str, visited: list[str],
                     ezoc: set[str]) -> bool:
    side = unit(state, uid)["side"]
    return (to not in visited
            and board(state).crossable(frm, to)
            and not occupants(state, to, enemy(side))
            and may_enter_terrain(state, uid, to)
            and to not in ezoc)  # §9: never into an enemy ZOC


def _can_finish(state: State, uid: str, at: str, left: int, visited: list[str],
                ezoc: set[str]) -> bool:
    """Can a retreat standing on ``at`` with ``left`` hexes to go end on an empty hex?"""
    side = unit(state, uid)["side"]
    empty = not [o for o in occupants(state, at, side) if o != uid]
    if left <= 0 and empty:
        return True
    for n in board(state).neighbours(at):
        if _retreat_step_ok(state, uid, at, n, visited, ezoc) and _can_finish(
                state, uid, n, left - 1, [*visited, n], ezoc):
            return True
    return False


def retreat_options(state: State) -> list[str]:
    """The next hexes of the current retreat from which it can still be completed.

    §9: a counter whose retreat can end only on a friend must go on to an empty hex; if it
    cannot, it is eliminated. Paths that cannot be completed are not offered.
    """
    head = state["retreats"][0]
    uid, visited = head["unit"], head["visited"]
    at = unit(state, uid)["hex"]
    ezoc = zoc(state, enemy(unit(state, uid)["side"]))
    return sorted(n for n in board(state).neighbours(at)
                  if _retreat_step_ok(state, uid, at, n, visited, ezoc)
                  and _can_finish(state, uid, n, head["left"] - 1, [*visited, n], ezoc))


def retreat_actions(state: State) -> list[Action]:
    uid = state["retreats"][0]["unit"]
    return [{"type": "retreat", "unit": ref(state, uid), "to": h} for h in retreat_options(state)]


def retreat(state: State, frame: Frame, action: Action) -> None:
    uid, to = by_ref(state, action["unit"]), action["to"]
    head = state["retreats"][0]
    frm = unit(state, uid)["hex"]
    log(state, "retreat", unit=name(state, uid), frm=frm, to=to)
    enter_hex(state, uid, to)
    head["left"] -= 1
    head["visited"].append(to)
    alone = not [o for o in occupants(state, to, unit(state, uid)["side"]) if o != uid]
    if head["left"] <= 0 and alone:
        state["retreats"].pop(0)
        if is_up(state, uid):
            unit(state, uid)["face"] = "down"  # §9: a retreating counter is disrupted
            log(state, "disrupted", unit=name(state, uid))
    pop(state)


# --- Advance after combat (§9) ---

def _advancer_ok(state: State, uid: str, frm: str, to: str) -> bool:
    side = unit(state, uid)["side"]
    # §9: advancing counters ignore enemy ZOC, but not terrain, rivers or stacking.
    return (board(state).crossable(frm, to) and may_enter_terrain(state, uid, to)
            and not occupants(state, to) and not occupants(state, to, enemy(side)))


def advance_options(state: State) -> list[tuple[str, str]]:
    adv = state["combat"]["advance"]
    if adv["unit"] is None:
        alive = [a for a in state["combat"]["attackers"]
                 if unit(state, a)["status"] == "map" and is_up(state, a)]
        return sorted((a, adv["hex"]) for a in alive
                      if _advancer_ok(state, a, unit(state, a)["hex"], adv["hex"]))
    uid = adv["unit"]
    return [(uid, h) for h in sorted(board(state).neighbours(adv["hex"]))
            if _advancer_ok(state, uid, adv["hex"], h)]


def advance_actions(state: State) -> list[Action]:
    acts: list[Action] = [{"type": "advance", "unit": ref(state, a), "to": h}
                          for a, h in advance_options(state)]
    acts.sort(key=lambda x: (x["unit"], x["to"]))
    return [*acts, {"type": "no_advance"}]


def advance(state: State, frame: Frame, action: Action) -> None:
    uid, to = by_ref(state, action["unit"]), action["to"]
    adv = state["combat"]["advance"]
    log(state, "advance", unit=name(state, uid), frm=unit(state, uid)["hex"], to=to)
    enter_hex(state, uid, to)
    if adv["unit"] is None and spec(state, uid).kind == "tank" and scenario(state)["tank_extra_advance"] > 0:
        adv["unit"] = uid  # §9: a tank may advance one hex further
        adv["hex"] = to
        adv["extra"] = scenario(state)["tank_extra_advance"]
        if advance_options(state):
            return
    elif adv["unit"] is not None:
        adv["extra"] -= 1
        adv["hex"] = to
        if adv["extra"] > 0 and advance_options(state):
            return
    no_advance(state, frame, action)


def no_advance(state: State, frame: Frame, action: Action) -> None:
    state["combat"]["advance"]["done"] = True
    pop(state)


# === The frame kinds of combat ===

STEPS: dict[str, Kind] = {
    "combat": Decision(lambda state, frame: legal_actions(state),
                       {"attack_with": attack_with, "cancel_attack": cancel_attack, "attack": attack,
                        "end_step": end_step}),
    "exchange": Decision(lambda state, frame: exchange_actions(state), {"lose": lose}),
    "aftermath": Auto(aftermath),
    "retreat": Decision(lambda state, frame: retreat_actions(state), {"retreat": retreat}),
    "advance": Decision(lambda state, frame: advance_actions(state), {"advance": advance, "no_advance": no_advance}),
}
