"""What each role sees. The basic and optional games hide nothing (digest §10.1: stacks may be inspected at any
time, every die is open), so every role, spectators included, gets the same view; this is the only code that
decides what leaves the server."""

from __future__ import annotations

from typing import Any

from ...engine.core import Line, Role, State, visible_log
from ...engine.steps import top
from . import combat
from .forces import board, overstacked, printed, spec, tables, unit
from .movement import mp_left
from .rules import active_roles
from .sequence import last_turn, victory_met
from .supply import Lines

_STATUS_ORDER = {"map": 0, "setup": 1, "neutralized": 2, "eliminated": 3, "out": 4}


def _counter(state: State, uid: str, lines: dict[str, Lines]) -> dict[str, Any]:
    rec = unit(state, uid)
    s = spec(state, uid)
    attack, defence, ma = printed(state, uid)
    markers = []
    if rec["status"] == "map":
        if not lines[rec["side"]].supplied(uid):
            markers.append("out_of_supply")
        if rec.get("dismounted"):
            markers.append("dismounted")
        if rec["side"] == "coalition" and uid in state["no_zoc"]:
            markers.append("no_zoc")
    c: dict[str, Any] = {
        "ref": uid, "id": uid, "side": rec["side"], "hex": rec["hex"], "face": "up", "status": rec["status"],
        "name": {"key": f"unit.{uid}"}, "nation": s.nation, "type": s.type, "size": s.size,
        "movement_class": "nonmech" if rec.get("dismounted") else s.movement_class,
        "attack": attack, "defence": defence, "ma": ma, "steps": rec["steps"], "max_steps": s.steps,
        "reduced": rec["steps"] < s.steps, "markers": markers,
    }
    if rec["status"] == "map" and state["phase"] == "movement" and rec["side"] == state["player"]:
        c["mp_left"] = mp_left(state, uid, lines[rec["side"]]) / 6
        c["moved"] = bool(rec["moved"])
    if rec["status"] == "map" and state["phase"] == "combat":
        c["attacked"] = bool(rec["attacked"])
    if rec["status"] == "neutralized":
        c["returns"] = int(rec["returns"])  # §G3.7: the turn it comes back
    return c


def _prompt(state: State, role: Role | None) -> Line:
    if state["result"] is not None:
        return {"key": "prompt.over"}
    active = active_roles(state)
    frame = top(state)
    kind = frame["kind"] if frame else "over"
    if role not in active:
        who = next(iter(active), None)
        return {"key": "prompt.waiting", "args": {"player": {"key": f"side.{who}"}, "step": {"key": f"step.{kind}"}}}
    return {"key": f"prompt.{kind}"}


def _attack(state: State, role: Role | None) -> dict[str, Any] | None:
    """The odds preview (frontend common/odds.js): the attack being made, else every hex that may be attacked with
    every unit that may join."""
    frame = top(state)
    if frame is not None and frame["kind"] == "defence":
        frame = state["stack"][-2]  # the defender adds its supports to this attack
    if frame is None or frame["kind"] not in ("combat", "attack"):
        return None
    side = frame["side"]
    if frame["kind"] == "attack":
        return {"current": frame["at"], "eligible": combat.eligible(state, side, frame["at"]),
                "candidates": [combat.candidate(state, side, frame["at"], list(frame["attackers"]), frame)]}
    return {"current": None, "eligible": [],
            "candidates": [combat.candidate(state, side, h, combat.default_attackers(state, side, h))
                           for h in combat.targets(state, side)]}


def _task(state: State) -> dict[str, Any] | None:
    """A combat's result being carried out: who retreats, who takes the step, who may advance, from where."""
    frame = top(state)
    if frame is None or frame["kind"] not in ("retreat", "lose_step", "advance"):
        return None
    out = {"kind": frame["kind"], "side": frame["side"], "at": frame["at"]}
    if frame["kind"] == "retreat":
        out["units"] = list(frame["units"])
    return out


def view(state: State, role: Role | None) -> dict[str, Any]:
    t = tables(state)
    b = board(state)
    lines = {side: Lines(state, side) for side in ("coalition", "islamic")}
    counters = sorted((_counter(state, uid, lines) for uid, u in state["units"].items() if u["status"] != "out"),
                      key=lambda c: (c["side"], _STATUS_ORDER[c["status"]], c["hex"] or "", c["ref"]))
    frame = top(state)
    need = t.lost("LOST-30")
    return {
        "scenario": state["scenario"], "turn": state["turn"], "turns": last_turn(state),
        "phase": state["phase"], "player": state["player"], "step": frame["kind"] if frame else None,
        "weather": state["weather"], "order": state["order"],
        "regroup": {"marker": state["regroup"]["marker"], "now": state["regroup"]["now"]},
        "mipp": state["mipp"], "mipp_limit": int(t.lost("LOST-31")),
        "counters": counters,
        "control": {h: s for h, s in sorted(state["control"].items()) if s is not None and h in b.places},
        "lost_sources": sorted(state["lost_sources"]),
        "air_supply": state["air_supply"],
        "burst": state.get("burst"), "ruined": dict(sorted(state.get("ruined", {}).items())),
        "mover": state["mover"],
        "setup": {"side": frame["side"], "selected": frame.get("selected")}
        if frame and frame["kind"] == "setup" else None,
        "attack": _attack(state, role),
        "task": _task(state),
        "stacking": [{"hex": h, "side": side} for side in ("coalition", "islamic") for h in overstacked(state, side)],
        "victory": {"met": victory_met(state), "iraqi_cities": sum(state["control"].get(h) == "coalition"
                                                                   for h in b.cities("iraq")),
                    "iranian_cities": sum(state["control"].get(h) == "coalition" for h in b.cities("iran")),
                    "need": dict(need)},
        "prompt": _prompt(state, role),
        "log": visible_log(state["log"], role),
    }


def hidden_variant(state: State, role: Role | None, seed: int) -> State | None:
    """The basic game hides nothing from anyone (digest §10.1): None."""
    return None


def revealed(before: State, after: State) -> bool:
    """Nothing is hidden in the basic game, so no action reveals anything; dice are the framework's concern."""
    return False

