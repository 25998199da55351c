"""What each role sees. The basic and optional games hide nothing (digest §10.1: stacks may be inspected at any
time, every die is open); the advanced game's strategic targets are face down (§G1.3): their kinds are the
Islamic player's, and spectators see what the Coalition sees. This is the only code that decides what leaves
the server."""

from __future__ import annotations

import copy
import random
from typing import Any

from ...engine.core import OMNISCIENT, Line, Role, State, visible_log
from ...engine.steps import top
from . import air, combat, israel, targets
from .forces import board, overstacked, printed, spec, tables, unit
from .movement import mp_left
from .neutralized import working
from .rules import active_roles
from .sequence import last_turn, mipp_limit, victory_met
from .supply import Lines

_STATUS_ORDER = {"map": 0, "setup": 1, "available": 2, "neutralized": 3, "eliminated": 4, "out": 5}


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
        if rec.get("suppressed"):
            markers.append("suppressed")  # §G4.6
        if rec.get("air_moved") == state["turn"]:
            markers.append("air_moved")  # §G5.5: no combat for it this turn
        command = lines[rec["side"]].command
        if command is not None and not command.commanded(uid):
            markers.append("out_of_command")  # §G4.2, with c2
    c: dict[str, Any] = {
        "ref": uid, "id": uid, "side": rec["side"], "hex": rec["hex"], "face": "up",
        # §G5.2(2): the Israeli division waiting off the map once it may come, to be clicked in from the tray
        "status": "available" if uid == israel.UNIT and israel.available(state) else rec["status"],
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


def _player(state: State) -> str:
    """The phasing player; during the set-up, whoever places (the Islamic player's units, SOF, markers)."""
    active = sorted(active_roles(state))
    return active[0] if state["phase"] == "setup" and active and state["result"] is None else str(state["player"])


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
    counters = sorted((_counter(state, uid, lines) for uid, u in state["units"].items()
                       if u["status"] != "out" or (uid == israel.UNIT and israel.available(state))),
                      key=lambda c: (c["side"], _STATUS_ORDER[c["status"]], c["hex"] or "", c["ref"]))
    frame = top(state)
    need = t.lost("LOST-30")
    return {
        "scenario": state["scenario"], "turn": state["turn"], "turns": last_turn(state),
        "phase": state["phase"], "player": _player(state), "step": frame["kind"] if frame else None,
        "weather": state["weather"], "order": state["order"],
        "regroup": {"marker": state["regroup"]["marker"], "now": state["regroup"]["now"]},
        "mipp": state["mipp"], "mipp_limit": mipp_limit(state),
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
        "targets": _targets(state, role),
        "air": air.shown(state),
        "prompt": _prompt(state, role),
        "log": visible_log(state["log"], role),
    }


def _knows(state: State, rec: dict[str, Any], role: Role | None) -> bool:
    """§G1.3, §10.1: a face-up marker is known to all, a face-down one to the Islamic player once he has looked at
    it (§G1.1: the drawn ones after the whole placement); everything at the end of the game."""
    return rec["face"] == "up" or state["result"] is not None or role == OMNISCIENT \
        or (role == "islamic" and bool(rec["seen"]))


def _targets(state: State, role: Role | None) -> dict[str, Any] | None:
    if not targets.on(state):
        return None
    shown = [{"id": tid, "hex": rec["hex"], "face": rec["face"], "status": rec["status"],
              "kind": rec["kind"] if _knows(state, rec, role) else None, "risen": bool(rec["active"])}
             for tid, rec in sorted(state["targets"].items()) if rec["status"] in ("map", "removed")]
    for m in shown:
        if not working(state, state["targets"][m["id"]]):
            m["neutralized"] = True  # §G5.6
    frame = top(state)
    placing = frame if frame is not None and frame["kind"] == targets.STEP else None
    return {"markers": shown, "cup": sum(rec["status"] == "pool" for rec in state["targets"].values()),
            "stage": placing["stage"] if placing else None,
            "selected": placing["selected"] if placing and role in ("islamic", OMNISCIENT) else None,
            "israel": state["israel"]}


def _hidden(state: State, role: Role | None) -> list[str]:
    return [tid for tid, rec in sorted(state["targets"].items()) if not _knows(state, rec, role)]


def _hidden_choice(state: State, role: Role | None) -> dict[str, Any] | None:
    """The Islamic player's placement frame, when the kind he has selected is hidden from ``role``."""
    frame: dict[str, Any] | None = state["stack"][-1] if state["stack"] else None
    if role != "islamic" and frame is not None and frame["kind"] == targets.STEP and frame["selected"]:
        return frame
    return None


def _pool_kinds(state: State) -> list[str]:
    return sorted({rec["kind"] for rec in state["targets"].values() if rec["status"] == "pool"})


def hidden_variant(state: State, role: Role | None, seed: int) -> State | None:
    """The same match with what ``role`` may not see changed (§10.1): the kinds of the strategic targets hidden from
    it permuted, wherever they are (on the map, removed unrevealed, in the cup, left out), and for the Coalition
    and spectators the kind the Islamic player is placing. None when nothing is hidden (the basic game, the end)."""
    if not targets.on(state) or role == OMNISCIENT or state["result"] is not None:
        return None
    rnd = random.Random(seed)
    hidden = _hidden(state, role)
    shuffled = [state["targets"][tid]["kind"] for tid in hidden]
    rnd.shuffle(shuffled)
    other = copy.deepcopy(state)
    for tid, kind in zip(hidden, shuffled, strict=True):
        other["targets"][tid]["kind"] = kind
    frame = _hidden_choice(other, role)
    if frame is not None:
        frame["selected"] = rnd.choice(_pool_kinds(other))
    return None if other == state else other


def redeal(state: State, role: Role, rnd: random.Random) -> State:
    """A world ``role``'s computer may believe (``bot.determinize``): the kinds hidden from it dealt afresh from
    their sorted multiset, so that states differing only in them give the same world."""
    if not targets.on(state) or state["result"] is not None:
        return state
    hidden = _hidden(state, role)
    kinds = sorted(state["targets"][tid]["kind"] for tid in hidden)
    rnd.shuffle(kinds)
    for tid, kind in zip(hidden, kinds, strict=True):
        state["targets"][tid]["kind"] = kind
    frame = _hidden_choice(state, role)
    if frame is not None:
        frame["selected"] = rnd.choice(_pool_kinds(state))
    return state


def revealed(before: State, after: State) -> bool:
    """A strategic target turned face up, or the Islamic player looked at his drawn markers (§G1.1): the
    platform's undo stops there."""
    old, new = before.get("targets", {}), after.get("targets", {})
    return any(rec["face"] != new[tid]["face"] or rec["seen"] != new[tid]["seen"] for tid, rec in old.items())
