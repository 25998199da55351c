"""A tiny language to build Shimada positions for rule tests.

>>> s = Pos(step="combat").up("J-T1", "0307").up("B-PUN", "0308").state
>>> acts(s)[:1]
[{'type': 'attack_with', 'unit': 'J-T1'}]
"""

from __future__ import annotations

from typing import Any

from server.engine import rng
from server.engine.core import OMNISCIENT, Action, State, apply_action, make_view
from server.games.shimada import RULES, combat, movement, night
from server.games.shimada.data import game_data


class Pos:
    """A position: every counter off the board until placed; then the step is begun as in play."""

    def __init__(self, *, turn: int = 2, player: str = "japanese", step: str = "movement",
                 dawn: bool = False, dawn_turn: int = 6, seed: bytes = b"dsl") -> None:
        s = RULES.setup("slim_river", {}, seed)
        for u in s["units"].values():
            u.update(hex=None, status="offmap", face="up")
        s.update(turn=turn, player=player, step=step, dawn=dawn, dawn_turn=dawn_turn, log=[])
        self.state = s
        self._step = step
        self._begin()

    def _place(self, uid: str, hex_id: str, face: str, **extra: Any) -> Pos:
        self.state["units"][uid].update(hex=hex_id, status="map", face=face, **extra)
        return self

    def up(self, uid: str, hex_id: str, **extra: Any) -> Pos:
        return self._place(uid, hex_id, "up", **extra)

    def down(self, uid: str, hex_id: str, **extra: Any) -> Pos:
        return self._place(uid, hex_id, "down", **extra)

    def eliminated(self, uid: str, face: str = "up") -> Pos:
        u = self.state["units"][uid]
        u.update(hex=None, status="map", face=face)
        from server.games.shimada.units import eliminate
        eliminate(self.state, uid)
        return self

    def exited(self, uid: str) -> Pos:
        self.state["units"][uid].update(hex=None, status="exited")
        return self

    def dice(self, *faces: int) -> Pos:
        rng.force(self.state, *faces)
        return self

    def _begin(self) -> None:
        if self._step == "movement":
            movement.begin(self.state)
        elif self._step == "combat":
            combat.begin(self.state)
        elif self._step == "recovery":
            night.begin_recovery(self.state)


def active(state: State) -> str:
    (role,) = RULES.active_roles(state)
    return role


def acts(state: State) -> list[Action]:
    return RULES.legal_actions(state, active(state))


def types(state: State) -> list[str]:
    return [a["type"] for a in acts(state)]


def moves(state: State, unit: str) -> list[str]:
    return [a["to"] for a in acts(state) if a["type"] == "move" and a["unit"] == unit]


def do(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply_action(RULES, state, active(state), action)
    return state


def view(state: State, role: str | None) -> dict[str, Any]:
    return make_view(RULES, state, role)


def counter(state: State, ref: str, role: str | None = OMNISCIENT) -> dict[str, Any]:
    return next(c for c in RULES.view(state, role)["counters"] if c["ref"] == ref)


def unit(state: State, uid: str) -> dict[str, Any]:
    rec: dict[str, Any] = state["units"][uid]
    return rec


def die_for(column: str, result: str) -> int:
    """A die face that gives ``result`` in ``column`` of the CRT (so tests survive CRT tuning)."""
    crt = game_data().crt
    for face in range(1, 7):
        if crt.result(column, face) == result:
            return face
    raise LookupError(f"no {result} in column {column}")


def last_log(state: State, key: str) -> dict[str, Any]:
    entry: dict[str, Any] = next(e for e in reversed(state["log"]) if e["key"] == f"log.{key}")
    return entry
