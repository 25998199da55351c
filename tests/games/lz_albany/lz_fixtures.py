"""A tiny language to build LZ Albany positions for rule tests.

>>> s = Pos(turn=2).put("US-A27-1", "N1").put("NVA-33-C1-1", "N0").act("us", "27ab", "fire")
>>> {"type": "fire", "from": "N1", "at": "N0"} in acts(s)
True
"""

from __future__ import annotations

from typing import Any

from server.engine import rng
from server.engine.core import Action, State, apply_action, make_view
from server.games.lz_albany import RULES
from server.games.lz_albany.steps import push, run


def blank(turn: int = 2, seed: bytes = b"lz-dsl") -> State:
    """A match at the Action Phase of ``turn`` with every counter off the map and an empty cup."""
    s = RULES.setup("historical", {}, seed)
    for u in s["units"].values():
        u.update(area=None, status="pending", hits=0, markers=[])
    s.update(turn=turn, phase="action", cup=[], spent=[], drawn=[], log=[], stack=[],
             vp={"us": 0, "nva": 0})
    # Below the step under test: the rest of the Action Phase, then recovery and admin.
    push(s, {"kind": "draw"}, {"kind": "end_action"}, {"kind": "turn", "next": 3})
    return s


class Pos:
    def __init__(self, turn: int = 2, seed: bytes = b"lz-dsl") -> None:
        self.state = blank(turn, seed)

    def put(self, uid: str, area: str, hits: int = 0, status: str = "map", markers: tuple[str, ...] = ()) -> Pos:
        self.state["units"][uid].update(area=area, hits=hits, status=status, markers=list(markers))
        return self

    def cup(self, *chits: str) -> Pos:
        self.state["cup"] = sorted(chits)
        return self

    def set(self, **fields: Any) -> Pos:
        self.state.update(fields)
        return self

    def dice(self, *faces: int) -> Pos:
        rng.force(self.state, *faces)
        return self

    def go(self) -> State:
        """Start the Action Phase here: the server draws the first chit."""
        run(self.state)
        return self.state

    def frame(self, frame: dict[str, Any]) -> State:
        push(self.state, frame)
        run(self.state)
        return self.state

    def act(self, side: str, group: str | None, mode: str, *, left: int = 1, joined: tuple[str, ...] = ()) -> State:
        """An activation already chosen (the chit drawn, the group and face picked)."""
        return self.frame({"kind": "act", "side": side, "group": group, "mode": mode, "left": left,
                           "adrenaline": left > 1, "joined": list(joined), "moved": {}, "fired": [], "carry": {}})


def active(state: State) -> str:
    (role,) = RULES.active_roles(state)
    return role


def acts(state: State) -> list[Action]:
    return RULES.legal_actions(state, active(state))


def types(state: State) -> list[str]:
    return sorted({a["type"] for a in acts(state)})


def do(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply_action(RULES, state, active(state), action)
    return state


def force(state: State, *faces: int) -> State:
    rng.force(state, *faces)
    return state


def view(state: State, role: str | None) -> dict[str, Any]:
    return make_view(RULES, state, role)


def unit(state: State, uid: str) -> dict[str, Any]:
    rec: dict[str, Any] = state["units"][uid]
    return rec


def logs(state: State, key: str) -> list[dict[str, Any]]:
    return [e for e in state["log"] if e["key"] == f"log.{key}"]


def step(state: State) -> str:
    return str(state["stack"][-1]["kind"])
