"""What each role sees, and the hidden variants the leak check compares.

This is the only code that decides what leaves the server. Every counter, hit, marker, die and VP
is public (§6). The one secret is the order of the chit cup (§4.1, §6): the state keeps the cup as
sorted contents (``engine.chits``) and draws with the match RNG at the moment of the draw, so the
view shows the contents sorted, never an order, and never the seed or the RNG counter.
"""

from __future__ import annotations

import hashlib
from typing import Any, cast

from ...engine.core import Line, Role, State, visible_log
from .data import COLUMBUS, SIDES
from .rules import active_roles, casualties_on_map, current, lz_controller, lz_strength, officer_damage
from .units import contested_areas, gd, is_night, is_reduced, spec, strength, tables
from .view_types import Counter, Drawn, Step, View

_STATUS_ORDER = {"map": 0, "casualty": 1, "pending": 2, "held": 3}


def _counter(state: State, uid: str) -> Counter:
    u = state["units"][uid]
    s = spec(state, uid)
    status = u["status"]
    if s.is_officer and status == "map" and u["hits"]:
        status = "wounded"
    c: Counter = {
        "ref": uid, "id": uid, "side": s.side, "area": u["area"], "hex": u["area"], "status": status,
        "name": {"key": f"counter.{uid}"}, "short": s.short, "type": s.type, "group": s.group,
        "formation": s.formation,
        "hits": u["hits"], "reduced": is_reduced(state, uid), "casualty": u["status"] == "casualty",
        "markers": sorted(u["markers"]),
    }
    if s.combat:
        c["fire"] = strength(state, uid, "fire")
        c["melee"] = strength(state, uid, "melee")
    return c


def _drawn(d: dict[str, Any]) -> Drawn:
    return {"chit": d["chit"], "group": d["group"], "face": d["face"]}


def _sort_key(c: Counter) -> tuple[int, int, str, str]:
    return (SIDES.index(c["side"]), _STATUS_ORDER.get(c["status"], 4), c["area"] or "", c["ref"])


def _prompt(state: State, role: Role | None) -> Line:
    if state["result"] is not None:
        return {"key": "prompt.over"}
    cur = current(state)
    if cur is None:
        return {"key": "prompt.over"}
    frame, _ = cur
    if role not in active_roles(state):
        return {"key": "prompt.waiting", "args": {"side": {"key": f"side.{frame['side']}"},
                                                  "step": {"key": f"step.{frame['kind']}"}}}
    args: dict[str, Any] = {}
    for k in ("area", "from", "to", "at"):
        if isinstance(frame.get(k), str):
            args[k] = {"key": f"area.{frame[k]}"}
    if frame.get("group"):
        args["group"] = {"key": f"group.{frame['group']}"}
    if "hits" in frame:
        args["hits"] = frame["hits"]
    if "chit" in frame:
        args["chit"] = {"key": f"chit.{frame['chit']}"}
    if "mode" in frame and isinstance(frame["mode"], str) and frame["kind"] == "act":
        args["mode"] = {"key": f"chit_face.{frame['mode']}"}
    return {"key": f"prompt.{frame['kind']}", "args": args}


def _step(state: State) -> Step | None:
    """The public part of the current step (what is being decided and by whom)."""
    cur = current(state)
    if cur is None:
        return None
    frame = cur[0]
    public = {k: v for k, v in frame.items() if k in (
        "kind", "side", "group", "mode", "area", "from", "to", "at", "hits", "victims", "chit", "left",
        "adrenaline", "placed", "marker", "units", "joined", "fired", "moved",
        "dice", "split", "others", "cap", "boarded")}
    return cast(Step, public)  # a frame is state (untyped): tests/contract checks these keys


def view(state: State, role: Role | None) -> View:
    counters = sorted((_counter(state, uid) for uid in state["units"]), key=_sort_key)
    groups = gd(state).groups
    contested = contested_areas(state)
    v: View = {
        "turn": state["turn"], "turns": tables(state)["game"]["turns"], "phase": state["phase"],
        "night": is_night(state), "counters": counters,
        # §4.1, §6: the cup's contents are public; its order does not exist.
        "cup": {s: sorted(c for c in state["cup"] if gd(state).chit(c)["side"] == s) for s in SIDES},
        "drawn": [_drawn(d) for d in state["drawn"]],
        "boxes": {g: list(state["boxes"][g]) for g in sorted(groups)},
        "activations": {g: len(state["boxes"][g]) for g in sorted(groups)},
        "adrenaline": dict(state["adrenaline"]), "visibility": state["visibility"],
        "gunship_damaged": list(state["gunship_damaged"]),
        "vp": dict(state["vp"]),
        "thresholds": {"nva_retreat_at_us_vp": tables(state)["victory"]["nva_retreat_at_us_vp"],
                       "nva_automatic_victory_at": tables(state)["victory"]["nva_automatic_victory_at"]},
        "nva_retreat": state["retreat"], "melee_in_columbus": state["melee_columbus"],
        "lz_albany_control": lz_controller(state),
        "lz_albany_strength": {s: lz_strength(state, s) for s in SIDES},
        "casualties_on_map": casualties_on_map(state),
        "officer_losses": {s: officer_damage(state, s) for s in SIDES},  # §4.3, AMBIG-23
        "flares": list(state["flares"]), "flares_left": state["flares_left"],
        "flares_lit": list(state.get("lit", [])),  # AMBIG-20: lighting the current chit's action
        "melee_markers": list(state.get("melee_markers", [])),
        "contested": contested, "columbus": COLUMBUS,
        "step": _step(state),
        "prompt": _prompt(state, role),
        "log": visible_log(state["log"], role),
    }
    return v


def hidden_variant(state: State, role: Role | None, seed: int) -> State | None:
    """The same match with another future: a different RNG seed, so other chit draws (and dice).

    §6: the order of the cup is unknown to both players until each chit is drawn, so every role's
    view of the two states must be identical (the leak test of the issue).
    """
    if state["result"] is not None:
        return None
    other = {k: v for k, v in state.items() if k != "rng"}
    digest = hashlib.sha256(bytes.fromhex(state["rng"]["seed"]) + seed.to_bytes(4, "big")).hexdigest()
    other["rng"] = {"seed": digest, "n": state["rng"]["n"]}
    return other


def revealed(before: State, after: State) -> bool:
    """Did the action that turned ``before`` into ``after`` make something hidden known to anyone,
    other than through a random draw (which the platform sees itself, by the RNG counter)?

    Always False in LZ Albany. §6: no unit is hidden (no face-down counters, no secret plots); every
    counter, hit, marker, die, VP and the cup's *contents* are public from the start. The one secret
    is the order of the chit cup, and it does not exist until a chit is drawn: the state keeps the
    cup sorted and each draw is a fresh random pick (``engine.chits``), so a draw reveals only the
    outcome of a random draw, which the RNG counter already flags. No player action (a move, a fire,
    a choice of hits) can reveal anything, so nothing in ``before`` or ``after`` needs comparing.
    """
    del before, after  # nothing hidden to compare (§6)
    return False
