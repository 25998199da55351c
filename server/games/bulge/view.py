"""What each role sees. Nothing in the rules is secret (digest §6), so every role sees the whole
board; this is still the only code that decides what leaves the server."""

from __future__ import annotations

from typing import Any

from ...engine.core import Message, Role, State, visible_log
from . import combat, movement
from .rules import active_roles
from .units import SIDES, spec, strength, tables, unit

_STATUS_ORDER = {"map": 0, "offmap": 1, "exited": 2, "eliminated": 3}


def _counter(state: State, uid: str) -> dict[str, Any]:
    u = unit(state, uid)
    s = spec(state, uid)
    attack, defence = strength(state, uid) if u["status"] == "map" or u["steps"] else s.strength(2)
    markers = []
    if u["supply"] != "ok":
        markers.append("isolated" if u["supply"] == "isolated" else "out_of_supply")
    if u.get("option_retreat"):
        markers.append("option_retreat")
    c: dict[str, Any] = {
        "ref": uid, "id": uid, "side": u["side"], "hex": u["hex"], "face": "up", "status": u["status"],
        "name": {"key": f"unit.{uid}"}, "nation": s.nation, "army": s.army, "division": s.division,
        "designation": s.designation, "mechanised": s.mechanised, "commando": s.is_commando,
        "attack": attack, "defence": defence, "steps": u["steps"] if u["status"] == "map" else 2,
        "markers": markers,
    }
    if u.get("due") is not None and u["status"] == "offmap":
        c["entry"] = {"turn": u["due"], "code": s.entry[1] if s.entry else None}
    if u["side"] == state["player"] and state["step"] == "move" and u["status"] in ("map", "offmap"):
        c["mp_left"] = movement.mp_left(state, uid) / tables(state).mp_scale
        c["moved"] = bool(u.get("moved"))
    if state["step"] in ("declare", "resolve") and u["status"] == "map":
        c["attacked"] = bool(u["attacked"])
    return c


def _sort_key(c: dict[str, Any]) -> tuple[int, int, str, str]:
    return (SIDES.index(c["side"]), _STATUS_ORDER[c["status"]], c["hex"] or "", c["ref"])


def _prompt(state: State, role: Role | None) -> Message:
    if state["result"] is not None:
        return {"key": "prompt.over"}
    active = active_roles(state)
    if role not in active:
        (who,) = active
        return {"key": "prompt.waiting", "args": {"player": {"key": f"side.{who}"},
                                                  "phase": {"key": f"phase.{state['phase']}"}}}
    if state["pending"]:
        return combat.prompt_args(state)
    return {"key": f"prompt.{state['step']}", "args": {"phase": {"key": f"phase.{state['phase']}"}}}


def view(state: State, role: Role | None) -> dict[str, Any]:
    t = tables(state)
    counters = sorted((_counter(state, uid) for uid in state["units"]), key=_sort_key)
    reinforcements: dict[str, list[str]] = {}
    for uid, u in sorted(state["units"].items()):
        if u["status"] == "offmap" and u.get("due") is not None:
            reinforcements.setdefault(str(u["due"]), []).append(uid)
    mover = state.get("mover")
    return {
        "turn": state["turn"], "turns": t.last_turn, "player": state["player"], "phase": state["phase"],
        "step": state["step"], "counters": counters, "vp": state["vp"],
        "thresholds": {str(k): {"german": v.get("german_win"), "allied": v.get("allied_win")}
                       for k, v in sorted(t.turns.items())},
        "occupied": {h: s for h, s in sorted(state["occupied"].items()) if s is not None},
        "reinforcements": reinforcements,
        "mover": {"units": list(mover["units"]), "mode": mover["mode"]} if mover else None,
        "attack": combat.preview(state),
        "combat": _current(state),
        "prompt": _prompt(state, role),
        "log": visible_log(state["log"], role),
    }


def _current(state: State) -> dict[str, Any] | None:
    cur = state.get("current")
    if not cur:
        return None
    return {"at": cur["at"], "attackers": list(cur["attackers"]), "defenders": list(cur["defenders"]),
            "result": cur["code"], "task": dict(state["pending"][0]) if state["pending"] else None}


def hidden_variant(state: State, role: Role | None, seed: int) -> State | None:
    return None  # nothing is hidden without fog of war (digest §6)
