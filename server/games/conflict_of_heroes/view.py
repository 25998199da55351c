"""What each role sees. At rules level 1 (Chapter 1) nothing is secret: the units, their hit counters (drawn face
up, §7.4), the CAP, AP and VP tracks are all public (digest §6), and the remaining hit counters are not kept at
all but drawn by the rng when a hit needs one, so no state holds an order of the piles. Hence every role and the
spectators get the same view (only the legal actions differ, which ``make_view`` adds), ``hidden_variant`` has
nothing to vary and nothing is ever revealed.
"""

from __future__ import annotations

from typing import cast

from ...engine.core import Line, Message, Role, State, visible_log
from ...engine.steps import top
from .firefights import standard
from .forces import name, unit
from .rules import MACHINE
from .view_types import Fire, Unit, View


def _unit(state: State, uid: str) -> Unit:
    u, period = unit(state, uid), state["period"]
    activated = bool(period and period["unit"] == uid)
    out: Unit = {"id": uid, "side": u["side"], "type": u["type"], "name": cast(Line, name(state, uid)),
                 "status": u["status"], "hex": u["hex"], "facing": u["facing"], "used": u["used"],
                 "activated": activated, "counter": u["counter"]}
    if activated:
        out["ap"] = period["ap"]
    if u["status"] == "waiting":
        out["enters"] = next(r.turn for r in standard()[state["scenario"]].reinforcements if r.id == uid)
    return out


def _prompt(state: State, role: Role | None) -> Message:
    if state["result"] is not None:
        return {"key": "prompt.over"}
    cur = MACHINE.current(state)
    if cur is None:
        return {"key": "prompt.over"}
    frame = cur[0]
    side = MACHINE.side(state, frame)
    if role != side:
        return {"key": "prompt.waiting", "args": {"player": {"key": f"side.{side}"}}}
    kind = frame["kind"]
    if kind == "act" and state["period"]["unit"] is not None:
        return {"key": "prompt.act_unit", "args": {"unit": name(state, state["period"]["unit"]),
                                                   "ap": state["period"]["ap"]}}
    if kind == "face":
        return {"key": "prompt.face", "args": {"unit": name(state, frame["unit"])}}
    if kind == "roll":
        return {"key": "prompt.roll", "args": {"at": frame["at"]}}
    return {"key": f"prompt.{kind}"}


def view(state: State, role: Role | None) -> View:
    ff = standard()[state["scenario"]]
    frame = top(state) if state["result"] is None else None
    fire: Fire | None = None
    if frame is not None and frame["kind"] == "roll":
        fire = {"firer": frame["firer"], "at": frame["at"], "left": list(frame["left"])}
    return {
        "firefight": state["scenario"], "turn": state["turn"], "turns": ff.turns,
        "scoring_turns": list(ff.scoring_turns), "step": frame["kind"] if frame is not None else None,
        "units": [_unit(state, uid) for uid in sorted(state["units"])],
        "period": dict(state["period"]) if state["period"] else None,  # type: ignore[typeddict-item]
        "cap": dict(state["cap"]), "vp": dict(state["vp"]), "control": dict(state["control"]),
        "victory_hexes": dict(ff.victory_hexes),
        "initiative": dict(state["initiative"]) if state["initiative"] else None,
        "fire": fire, "prompt": cast(Line, _prompt(state, role)), "log": visible_log(state["log"], role),
    }


def hidden_variant(state: State, role: Role | None, seed: int) -> State | None:
    """Nothing is hidden from anyone at rules level 1 (the module's docstring)."""
    return None


def revealed(before: State, after: State) -> bool:
    """No action makes a secret known: there is none (a drawn hit counter is a random draw, seen by the rng)."""
    return False
