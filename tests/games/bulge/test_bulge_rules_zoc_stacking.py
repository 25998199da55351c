"""§5 zones of control and §6 stacking on the synthetic board."""

from __future__ import annotations

from bulge_fixtures import World, act, active, legal, moves, offered, view

from server.games.bulge.units import Situation, stack_problem


def test_zoc_into_all_adjacent_hexes_commandos_none() -> None:
    """§5.1-§5.2: every unit exerts a ZOC into its 6 neighbours; commandos have none."""
    w = World(terrain={"0604": "deep_forest"})
    s = w.pos().place("U-INF1", "0504").place("G-COM", "0208").begin()
    sit = Situation(s)
    assert sit.zoc("allied") == frozenset(w.board.neighbours("0504"))
    assert sit.zoc("german") == frozenset()


def test_commando_ignores_ezoc_and_may_enter_allied_hex() -> None:
    """§9.5(3): Allied ZOC does not affect commandos; they may enter a hex with Allied units."""
    w = World()
    s = w.pos().place("G-COM", "0404").place("U-INF1", "0604").begin()
    assert "0604" in moves(s, "G-COM") and "0704" in moves(s, "G-COM")  # into the Allied hex, and on past it
    s = act(s, {"type": "move", "unit": "G-COM", "to": "0504"})
    assert "0604" in moves(s, "G-COM") and s["mover"] is not None  # the EZOC did not stop it


def test_stacking_limits() -> None:
    """§6.2: 3 units; no US with British; no German armies mixed (white excepted); one division per colour."""
    w = World()
    s = w.pos().begin()
    assert stack_problem(s, ["G-PZ1", "G-PZ2", "G-VG1"]) is None
    assert stack_problem(s, ["G-PZ1", "G-PZ2", "G-VG1", "G-VG2"]) == "limit"
    assert stack_problem(s, ["U-INF1", "B-BDE1"]) == "nations"
    assert stack_problem(s, ["G-VG1", "G-5VG"]) == "armies"
    assert stack_problem(s, ["G-VG1", "G-FB"]) is None  # white line
    assert stack_problem(s, ["G-PZ1", "G-PZ3"]) == "divisions"  # same colour, other division
    assert stack_problem(s, ["G-PZ1", "G-FB"]) == "divisions"  # §6.2(4): division with a brigade of its colour
    assert stack_problem(s, ["G-FB", "G-FG"]) is None  # §6.2(6)
    assert stack_problem(s, ["B-BDE1", "B-BDE2"]) is None  # §6.2(7), AMBIG-11: 2 British brigades
    assert stack_problem(s, ["B-BDE1", "B-BDE2", "B-BDE3"]) == "british_brigades"
    assert stack_problem(s, ["G-PZ1", "G-PZ2", "G-VG1", "G-COM"]) is None  # §6.2(5) commandos outside


def test_fortress_stacks_regardless_of_division() -> None:
    """§12.5: in a fortress city 3 units stack regardless of the division restriction."""
    w = World(places={"0604": "fortress"})
    s = w.pos().begin()
    assert stack_problem(s, ["G-PZ1", "G-PZ3"], "0604") is None


def test_stacking_checked_at_end_of_movement_phase() -> None:
    """§6.2-§6.3: a stack may break the limits during the phase but not at its end. The move that would break one
    is offered with the limit as a note (``stacking``); while the stack is illegal the view lists its hex and the
    limit; at the end of the phase the prompt names the hex and the limit, and the owner removes units (one
    action per unit it may remove)."""
    w = World()
    s = w.pos().place("G-PZ1", "0504").place("G-PZ3", "0604").place("G-PZ2", "0304").begin()
    assert offered(s, "G-PZ1", "0604")["stacking"] == "divisions"  # §6.2(4): 1SS and 12SS panzers
    assert "stacking" not in offered(s, "G-PZ1", "0704") and view(s, "german")["stacking"] == []
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert view(s, "german")["stacking"] == [{"hex": "0604", "problem": "divisions"}]
    assert view(s, "allied")["stacking"] == [{"hex": "0604", "problem": "divisions"}]  # no fog: all is open
    s = act(s, {"type": "end_phase"})
    assert active(s) == "german"
    prompt = view(s, "german")["prompt"]
    assert prompt["key"] == "prompt.stacking"
    assert prompt["args"]["hex"] == "0604" and prompt["args"]["problem"] == {"key": "stacking.divisions"}
    assert sorted(a["unit"] for a in legal(s)) == ["G-PZ1", "G-PZ3"]
    s = act(s, {"type": "remove", "unit": "G-PZ3"})
    assert s["units"]["G-PZ3"]["status"] == "eliminated"
    assert s["phase"] == "combat_1"
    assert s["vp"] == -2  # §13.4(3): counts as destroyed (German mechanised)
