"""§7 movement and §5 zones of control in movement, on a synthetic board (bulge_fixtures): moves to a
destination (a unit or stack is offered every hex it can reach, one action takes it there)."""

from __future__ import annotations

import pytest
from bulge_fixtures import World, act, last_line, legal, movers, moves, offered, view

from server.engine.core import IllegalAction


def mp(state: dict, uid: str) -> int:  # type: ignore[type-arg]
    return int(state["units"][uid]["mp"])


def test_terrain_costs_from_the_table() -> None:
    """§7.4: each hex entered costs its terrain's MP (hills 2 in the synthetic table, counted in half MP)."""
    w = World(terrain={"0604": "hills"})
    s = w.pos().place("G-VG1", "0504").begin()
    assert offered(s, "G-VG1", "0604")["cost"] == 2
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0604"})
    assert mp(s, "G-VG1") == 2 * w.tables.mp_scale


def test_road_cost_only_along_the_road() -> None:
    """§3.3(7): the road cost is paid only when moving from road hex to road hex along the road (the notes
    show real MP: half an MP is 0.5)."""
    w = World(terrain={"0604": "light_forest", "0503": "light_forest"}, roads=[["0504", "0604"]])
    s = w.pos().place("G-VG1", "0504").begin()
    assert offered(s, "G-VG1", "0604")["cost"] == 0.5 and offered(s, "G-VG1", "0604")["left"] == 3.5
    s = act(w.pos().place("G-VG1", "0504").begin(), {"type": "move", "unit": "G-VG1", "to": "0604"})
    assert mp(s, "G-VG1") == 1  # half an MP
    s = act(w.pos().place("G-VG1", "0504").begin(), {"type": "move", "unit": "G-VG1", "to": "0503"})
    assert mp(s, "G-VG1") == 4  # light forest, 2 MP


def test_move_three_hexes_away_is_one_action_and_spends_the_path() -> None:
    """§7.4-§7.5: a unit moves hex by hex, paying each hex; one action takes it along the cheapest path to a hex
    three away, spending that path's MP (the notes: cost, left, and the hex before the destination)."""
    w = World()
    s = w.pos().place("G-PZ1", "0404").begin()
    a = offered(s, "G-PZ1", "0704")
    assert (a["cost"], a["left"], a["prev"]) == (3, 3, "0604")
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0704"})
    assert s["units"]["G-PZ1"]["hex"] == "0704" and mp(s, "G-PZ1") == 3 * w.tables.mp_scale
    line = last_line(s, "move")
    assert line.args == {"units": [{"key": "unit.G-PZ1"}], "frm": "0404", "to": "0704"}
    assert next(c for c in view(s, "german")["counters"] if c["ref"] == "G-PZ1")["mp_left"] == 3


def test_move_through_waypoints_and_refused_when_not_legal() -> None:
    """§7.4: the player may shape the path (``via``): round the hills through light forest costs more; a path the
    MP do not cover, or through an EZOC hex (§5.4: the move would stop there), is refused with a reason and
    changes nothing."""
    w = World(terrain={"0604": "hills", "0503": "light_forest", "0505": "light_forest"})
    s = w.pos().place("G-PZ1", "0404").place("U-INF1", "0508").begin()
    assert offered(s, "G-PZ1", "0704")["cost"] == 4  # 0504, the hills 0604, 0704
    s2 = act(s, {"type": "move", "unit": "G-PZ1", "to": "0704", "via": ["0503"]})
    assert s2["units"]["G-PZ1"]["hex"] == "0704" and mp(s2, "G-PZ1") == 5 * w.tables.mp_scale
    with pytest.raises(IllegalAction, match="cannot be reached through"):
        act(s, {"type": "move", "unit": "G-PZ1", "to": "0704", "via": ["0104"]})  # 3 out, 6 back: 9 > 6 MP
    with pytest.raises(IllegalAction, match="would stop at 0507"):
        act(s, {"type": "move", "unit": "G-PZ1", "to": "0406", "via": ["0507"]})
    assert s["units"]["G-PZ1"]["hex"] == "0404" and mp(s, "G-PZ1") == 0


def test_move_along_the_whole_path_given_hex_by_hex() -> None:
    """§7.4, §3.3(6)-(7): a waypoint next to the one before is a step straight into it, so the player may give the
    whole path: across the river (1 + 1 MP) where the cheapest path runs round by the road (0.5 + 0.5)."""
    w = World(rivers=[["0404", "0504"]], roads=[["0404", "0403", "0504"]])
    s = w.pos().place("G-VG1", "0404").begin()
    assert offered(s, "G-VG1", "0504")["cost"] == 1 and offered(s, "G-VG1", "0504")["prev"] == "0403"
    s2 = act(s, {"type": "move", "unit": "G-VG1", "to": "0504", "via": ["0504"]})
    assert s2["units"]["G-VG1"]["hex"] == "0504" and mp(s2, "G-VG1") == 2 * w.tables.mp_scale
    s3 = act(s, {"type": "move", "unit": "G-VG1", "to": "0604", "via": ["0504", "0604"]})
    assert mp(s3, "G-VG1") == 3 * w.tables.mp_scale


def test_mechanised_deep_forest_only_along_road() -> None:
    """§7.6: a mechanised unit may not enter or leave deep forest except along a road."""
    w = World(terrain={"0604": "deep_forest", "0503": "deep_forest"}, roads=[["0504", "0503"]])
    s = w.pos().place("G-PZ1", "0504").begin()
    assert "0604" not in moves(s, "G-PZ1") and "0503" in moves(s, "G-PZ1")
    s = w.pos().place("G-VG1", "0504").begin()
    assert "0604" in moves(s, "G-VG1")  # infantry may


def test_entering_ezoc_stops() -> None:
    """§5.4/§7.7: a unit entering an EZOC hex must stop however many MP it has left: the reach goes no further,
    and a move through it stops there, the log and the prompt saying why."""
    w = World()
    s = w.pos().place("G-PZ1", "0304").place("U-INF1", "0604").begin()
    assert "0504" in moves(s, "G-PZ1") and "0704" not in moves(s, "G-PZ1")  # 0504 stops it: no way past
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0504"})
    assert s["mover"] is None and s["units"]["G-PZ1"]["moved"] and s["units"]["G-PZ1"]["hex"] == "0504"
    assert "G-PZ1" not in movers(s)
    line = last_line(s, "stop")
    assert line.args["hex"] == "0504" and line.args["why"] == {"key": "stop.ezoc"}
    prompt = view(s, "german")["prompt"]
    assert prompt["key"] == "prompt.move_stopped" and prompt["args"]["why"] == {"key": "stop.ezoc"}


def test_fog_move_stopped_partway_by_an_unseen_ezoc() -> None:
    """§5.4/§7.7 under fog of war: the reach is offered from what the mover sees; a move into a hex beside an
    enemy unit it did not see when it chose stops there (partway), and the log says why."""
    w = World()
    s = w.pos(fog=True).place("G-PZ1", "0104").place("U-INF1", "0605").begin()
    assert "U-INF1" not in {c["ref"] for c in view(s, "german")["counters"]}
    assert "0704" in moves(s, "G-PZ1")  # the unseen unit's ZOC is not felt
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0704"})
    at = s["units"]["G-PZ1"]["hex"]
    assert at != "0704" and at in w.board.neighbours("0605") and s["units"]["G-PZ1"]["moved"]
    line = last_line(s, "stop")
    assert line.args["hex"] == at and line.args["why"] == {"key": "stop.ezoc"} and line.to == ["german"]


def test_no_ezoc_to_ezoc_and_leaving_costs_extra() -> None:
    """§5.5: leaving an EZOC costs extra MP; never directly from one EZOC hex into another."""
    w = World()
    s = w.pos().place("G-VG1", "0504").place("U-INF1", "0604").begin()
    # 0503 and 0505 are next to 0604 too: reached only round by 0403 or 0405 (2 MP to leave, then 1), never in
    # one step (which would cost 2)
    assert offered(s, "G-VG1", "0503")["prev"] == "0403" and offered(s, "G-VG1", "0503")["cost"] == 3
    assert offered(s, "G-VG1", "0505")["prev"] == "0405" and offered(s, "G-VG1", "0505")["cost"] == 3
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0404"})
    assert mp(s, "G-VG1") == (1 + 1) * w.tables.mp_scale


def test_cannot_enter_enemy_hex() -> None:
    """§7: never into a hex holding enemy units."""
    w = World()
    s = w.pos().place("G-VG1", "0504").place("U-INF1", "0604").begin()
    assert "0604" not in moves(s, "G-VG1")


def test_allowance_limits_movement() -> None:
    """§7.4: a unit without enough MP left for the next hex stops; its reach ends where the MP do."""
    w = World(terrain={h: "hills" for h in ("0604", "0704")})
    s = w.pos().place("G-VG1", "0504").begin()
    assert offered(s, "G-VG1", "0704")["cost"] == 4 and offered(s, "G-VG1", "0704")["left"] == 0
    assert "0904" not in moves(s, "G-VG1")  # 5 hexes away
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0704", "via": ["0604"]})
    assert s["mover"] is None  # 4 MP spent: done


def test_finished_move_cannot_resume() -> None:
    """§7.5: a move may go on while it is under way (its MP left are offered from where it stands); once another
    unit moves, it is finished and cannot be resumed."""
    w = World()
    s = w.pos().place("G-PZ1", "0504").place("G-VG1", "0304").begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert offered(s, "G-PZ1", "0804")["cost"] == 2 and offered(s, "G-PZ1", "0804")["left"] == 3
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0204"})
    assert "G-PZ1" not in movers(s) and s["units"]["G-PZ1"]["moved"]


def test_stack_moves_together_and_may_split() -> None:
    """§7.5, AMBIG-12: a stack moves as one (one action naming its ``units``), or its units one by one."""
    w = World()
    s = w.pos().place("G-PZ1", "0504").place("G-PZ2", "0504").begin()
    stack = {"type": "move", "unit": "G-PZ1", "units": ["G-PZ1", "G-PZ2"], "to": "0704"}
    assert stack in [{k: a[k] for k in ("type", "unit", "units", "to") if k in a} for a in legal(s)]
    s2 = act(s, stack)
    assert s2["units"]["G-PZ2"]["hex"] == "0704" and s2["units"]["G-PZ1"]["hex"] == "0704"
    s3 = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert s3["units"]["G-PZ2"]["hex"] == "0504"


def test_second_movement_phase_mechanised_only() -> None:
    """§4.2: in the 2nd movement phase only mechanised units and commandos move."""
    w = World()
    s = w.pos(phase="movement_2").place("G-PZ1", "0504").place("G-VG1", "0304").place("G-COM", "0202").begin()
    assert movers(s) == {"G-PZ1", "G-COM"}


def test_strategic_movement_main_roads_only() -> None:
    """§7.2(1): strategic movement starts on a main road and follows main roads only, at the strategic allowance;
    it is offered as its own form (``mode: strategic``)."""
    road = ["0204", "0304", "0404", "0504", "0604", "0704", "0804"]
    w = World(main_roads=[road], roads=[["0104", "0204"]])  # §13.3(2): road-linked to the W1 source
    s = w.pos(player="allied").place("U-INF1", "0304").begin()
    assert moves(s, "U-INF1", "strategic") == ["0204", "0404", "0504", "0604", "0704", "0804"]
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0804", "mode": "strategic"})
    assert s["units"]["U-INF1"]["hex"] == "0804"  # 5 hexes: more than the combat allowance of 4
    assert last_line(s, "strategic").args["units"] == [{"key": "unit.U-INF1"}]


def test_strategic_never_into_ezoc_nor_from_it() -> None:
    """§7.2(2): never enters an EZOC; a unit starting in one may not move strategically."""
    road = ["0204", "0304", "0404", "0504", "0604"]
    w = World(main_roads=[road], roads=[["0104", "0204"]])
    s = w.pos(player="allied").place("U-INF1", "0304").place("G-VG1", "0505").begin()
    assert "0404" in moves(s, "U-INF1", "strategic") and "0504" not in moves(s, "U-INF1", "strategic")
    s = w.pos(player="allied").place("U-INF1", "0504").place("G-VG1", "0505").begin()
    assert not moves(s, "U-INF1", "strategic")


def test_strategic_only_own_occupied_at_phase_start() -> None:
    """§7.2(3): only hexes the own side occupied at the start of the phase."""
    road = ["0804", "0904", "1004"]
    w = World(main_roads=[road], germany=["1004", "0904"])
    s = w.pos().place("G-VG1", "1004").begin()
    assert moves(s, "G-VG1", "strategic") == ["0904"]  # 0804 Allied-occupied


def test_reinforcements_enter_at_entry_hex_and_may_be_delayed() -> None:
    """§9.3: reinforcements enter in the 1st movement phase at their entry hex, and are offered the hexes beyond
    it; not early; may be delayed."""
    w = World()
    s = w.pos(turn=2).due("G-FB", 2).due("G-FG", 3).begin()
    assert movers(s) == {"G-FB"}  # G-FG not early
    assert "1004" in moves(s, "G-FB") and offered(s, "G-FB", "1004")["cost"] == 1
    far = offered(s, "G-FB", "0704")
    assert far["cost"] == 4 and far["prev"] == "0804" and far["left"] == 2
    s2 = act(s, {"type": "move", "unit": "G-FB", "to": "0704"})
    assert s2["units"]["G-FB"]["hex"] == "0704" and last_line(s2, "enter").args["to"] == "1004"
    s3 = act(s, {"type": "end_phase"})
    assert s3["units"]["G-FB"]["due"] == 3 and s3["units"]["G-FB"]["status"] == "offmap"


def test_end_phase_always_available() -> None:
    """§7.3: a player may move all, some or none of his units."""
    w = World()
    s = w.pos().place("G-PZ1", "0504").begin()
    assert legal(s)[-1] == {"type": "end_phase"}
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert {"type": "end_phase"} in legal(s)


def test_move_log_names_the_unit_and_fog_keeps_unseen_moves_to_the_owner() -> None:
    """§7.5 (one unit or stack at a time): one log line per move names the units moved (English and Japanese);
    under the fog-of-war option a move the enemy does not see at both ends is logged to its owner only."""
    from server.games.bulge.data import messages
    cat = messages()
    assert "{units}" in cat["en"]["log.move"] and "{units}" in cat["ja"]["log.move"]
    assert "{units}" in cat["en"]["log.enter"] and "{units}" in cat["ja"]["log.strategic"]
    w = World()
    s = act(w.pos().place("G-PZ1", "0304").place("U-INF1", "0908").begin(),
            {"type": "move", "unit": "G-PZ1", "to": "0404"}, {"type": "move", "unit": "G-PZ1", "to": "0504"})
    line = last_line(s)
    assert line.key == "log.move" and line.to is None
    assert line.args == {"units": [{"key": "unit.G-PZ1"}], "frm": "0304", "to": "0504"}
    fog = w.pos().place("G-PZ1", "0304").place("G-VG1", "0806").place("U-INF1", "0908").begin()
    fog["options"] = {"fog_of_war": True}
    assert w.board.grid.distance("0908", "0404") > 2 and w.board.grid.distance("0908", "0807") <= 2
    s = act(fog, {"type": "move", "unit": "G-PZ1", "to": "0404"})
    assert s["log"][-1]["to"] == ["german"]  # out of the Allies' sight
    assert not [e for e in view(s, "allied")["log"] if e["key"] == "log.move"]
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0807"})
    line = last_line(s, "move")
    assert line.to is None  # seen at both ends: public, and not merged with the hidden line
    assert line.args["units"] == [{"key": "unit.G-VG1"}]
