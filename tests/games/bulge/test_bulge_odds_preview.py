"""§8.3(1), §8.3(3)-(4): before declaring, the attacker sees the odds each declaration it is offered would give."""

from __future__ import annotations

from typing import Any

from bulge_fixtures import World, act, legal, view

from server.engine.core import State


def previews(state: State, role: str | None) -> list[dict[str, Any]]:
    attack = view(state, role)["attack"]
    return list(attack["previews"]) if attack else []


def test_odds_preview_before_declaring_each_offered_declaration() -> None:
    """§8.3(1), §8.3(3)-(4) (rules/bulge.md): the odds of a declaration are shown before it is made: the
    combination with that attacker added, its raw odds, every shift with its reason, the column, the chances."""
    w = World(terrain={"0604": "light_forest"})
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-VG1", "0503").place("U-INF3", "0604", steps=1).begin()
    offered = {(a["unit"], a["at"]) for a in legal(s) if a["type"] == "declare"}
    shown = {(p["unit"], p["at"]): p for p in previews(s, "german")}
    assert set(shown) == offered
    alone = shown[("G-PZ1", "0604")]
    assert (alone["attackers"], alone["attack"], alone["defence"], alone["raw"], alone["column"]) == \
        (["G-PZ1"], 10, 3, "3:1", "2:1")
    assert alone["shifts"] == [{"reason": {"key": "shift.light_forest"}, "shift": -1}]
    assert abs(sum(alone["chances"].values()) - 1) < 1e-3
    # With one attacker declared, the other's preview is the combination of both: 14 against 3, 4:1 then 3:1.
    s = act(s, {"type": "declare", "unit": "G-PZ1", "at": "0604"})
    (both,) = [p for p in previews(s, "german") if p["unit"] == "G-VG1"]
    assert (both["attackers"], both["attack"], both["defence"], both["raw"], both["column"]) == \
        (["G-PZ1", "G-VG1"], 14, 3, "4:1", "3:1")


def test_odds_preview_only_to_the_attacker_and_only_while_declaring() -> None:
    """§8.3(1) (rules/bulge.md): the declarations are the attacker's choice; the defender and spectators are
    shown none of them, and once the declarations end there is nothing left to preview."""
    w = World()
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF3", "0604", steps=1).begin()
    assert previews(s, "german")
    assert previews(s, "allied") == [] and previews(s, None) == []
    s = act(s, {"type": "declare", "unit": "G-PZ1", "at": "0604"}, {"type": "end_declarations"})
    assert previews(s, "german") == []

