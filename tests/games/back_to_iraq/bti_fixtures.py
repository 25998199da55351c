"""Positions for the rule tests of Back to Iraq: a match with only the units a test names on the map, at a given
step of the sequence of play, and the acting helpers."""

from __future__ import annotations

from typing import Any

from server.engine import rng
from server.engine.core import Action, State, apply_action, bare, canonical
from server.games.back_to_iraq import RULES, sequence
from server.games.back_to_iraq.forces import unit
from server.games.back_to_iraq.rules import MACHINE
from server.games.back_to_iraq.sequence import PHASES


def position(units: dict[str, str], at: str = "coalition_movement", scenario: str = "1", *,
             dice: tuple[int, ...] = (), options: dict[str, Any] | None = None, **over: Any) -> State:
    """Only ``units`` on the map (uid -> hex), in the phase ``at``: ``coalition_movement``, ``coalition_combat``,
    ``islamic_movement`` or ``islamic_combat`` (turn 2, Move-then-Combat unless ``order`` says otherwise),
    ``regroup`` (the Weather/Regroup phase of turn ``turn``, its weather settled) or ``weather`` (its start).
    ``over`` sets state keys; ``dice`` forces the next rolls; ``options`` are the match's (a set-up step they
    bring, such as the strategic targets' placement, is skipped: the test puts what it needs)."""
    s = RULES.setup(scenario, dict(options or {}), b"rule-tests")
    for rec in s["units"].values():
        if rec["status"] == "map":
            rec["status"], rec["hex"] = "out", None
    for uid, h in units.items():
        unit(s, uid).update(status="map", hex=h)
    s.update({"turn": 2, "order": "move_first", "no_zoc": []})
    s.update(over)
    s["log"] = []
    rng.force(s, *dice)
    if at in ("nuclear", "weather", "regroup"):  # the turn begins (§14.8), its weather is rolled
        s["stack"] = [{"kind": "turn", "next": PHASES.index(at)}]
        s["phase"], s["player"] = "weather_regroup", "coalition"
        MACHINE.run(s)
    else:
        side, phase = at.split("_")
        if side == "coalition":  # which of the Coalition's two phases this is, in the order chosen (§5.3)
            slot = "coalition_1" if (phase == "movement") == (s["order"] == "move_first") else "coalition_2"
        else:
            slot = at
        after = PHASES.index(slot) + 1
        frame = sequence._movement(s, side) if phase == "movement" else sequence._combat(s, side)
        s["stack"] = [{"kind": "turn", "next": after}, {"kind": "stacking"}, frame]
    return s


def put(s: State, hex_id: str, kind: str, face: str = "down") -> str:
    """§G1: a strategic marker of ``kind`` from the cup to ``hex_id``, looked at by its owner; its id."""
    tid = next(t for t, rec in sorted(s["targets"].items()) if rec["status"] == "pool" and rec["kind"] == kind)
    s["targets"][tid].update(hex=hex_id, status="map", face=face, seen=True)
    return str(tid)


def offered(s: State, role: str, kind: str | None = None, **match: Any) -> list[Action]:
    return [a for a in RULES.legal_actions(s, role)
            if (kind is None or a["type"] == kind) and all(a.get(k) == v for k, v in match.items())]


def act(s: State, role: str, kind: str, **match: Any) -> State:
    """Play the one offered action of ``kind`` matching ``match`` (its notes need not be given)."""
    found = offered(s, role, kind, **match)
    assert len(found) == 1, f"{kind} {match}: {len(found)} offered ({[bare(a) for a in found][:5]})"
    return apply_action(RULES, s, role, found[0])


def destinations(s: State, uid: str) -> set[str]:
    side = s["units"][uid]["side"]
    return {a["to"] for a in RULES.legal_actions(s, side) if a["type"] == "move" and a["unit"] == uid}


def last_log(s: State, key: str) -> dict[str, Any]:
    lines = [e for e in s["log"] if e["key"] == f"log.{key}"]
    assert lines, f"no log.{key} in {[e['key'] for e in s['log']]}"
    return dict(lines[-1]["args"])


def same(a: State, b: State) -> bool:
    return canonical(a) == canonical(b)
