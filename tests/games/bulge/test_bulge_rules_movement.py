"""§7 movement and §5 zones of control in movement, on a synthetic board (bulge_fixtures)."""

from __future__ import annotations

from bulge_fixtures import World, act, last_line, legal, moves, types, view

SEL = {"type": "select", "unit": "G-PZ1"}


def mp(state: dict, uid: str) -> int:  # type: ignore[type-arg]
    return int(state["units"][uid]["mp"])


def test_terrain_costs_from_the_table() -> None:
    """§7.4: each hex entered costs its terrain's MP (hills 2 in the synthetic table, counted in half MP)."""
    w = World(terrain={"0604": "hills"})
    s = act(w.pos().place("G-VG1", "0504").begin(), {"type": "select", "unit": "G-VG1"},
            {"type": "move", "unit": "G-VG1", "to": "0604"})
    assert mp(s, "G-VG1") == 2 * w.tables.mp_scale


def test_road_cost_only_along_the_road() -> None:
    """§3.3(7): the road cost is paid only when moving from road hex to road hex along the road."""
    w = World(terrain={"0604": "light_forest", "0503": "light_forest"}, roads=[["0504", "0604"]])
    s = act(w.pos().place("G-VG1", "0504").begin(), {"type": "select", "unit": "G-VG1"},
            {"type": "move", "unit": "G-VG1", "to": "0604"})
    assert mp(s, "G-VG1") == 1  # half an MP
    s = act(w.pos().place("G-VG1", "0504").begin(), {"type": "select", "unit": "G-VG1"},
            {"type": "move", "unit": "G-VG1", "to": "0503"})
    assert mp(s, "G-VG1") == 4  # light forest, 2 MP


def test_mechanised_deep_forest_only_along_road() -> None:
    """§7.6: a mechanised unit may not enter or leave deep forest except along a road."""
    w = World(terrain={"0604": "deep_forest", "0503": "deep_forest"}, roads=[["0504", "0503"]])
    s = act(w.pos().place("G-PZ1", "0504").begin(), SEL)
    assert "0604" not in moves(s) and "0503" in moves(s)
    s = act(w.pos().place("G-VG1", "0504").begin(), {"type": "select", "unit": "G-VG1"})
    assert "0604" in moves(s)  # infantry may


def test_entering_ezoc_stops() -> None:
    """§5.4/§7.7: a unit entering an EZOC hex must stop however many MP it has left."""
    w = World()
    s = act(w.pos().place("G-PZ1", "0304").place("U-INF1", "0604").begin(), SEL,
            {"type": "move", "unit": "G-PZ1", "to": "0404"}, {"type": "move", "unit": "G-PZ1", "to": "0504"})
    assert s["mover"] is None and s["units"]["G-PZ1"]["moved"]
    assert "move" not in types(s)


def test_no_ezoc_to_ezoc_and_leaving_costs_extra() -> None:
    """§5.5: leaving an EZOC costs extra MP; never directly from one EZOC hex into another."""
    w = World()
    s = act(w.pos().place("G-VG1", "0504").place("U-INF1", "0604").begin(), {"type": "select", "unit": "G-VG1"})
    assert "0503" not in moves(s) and "0505" not in moves(s)  # both next to 0604
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0404"})
    assert mp(s, "G-VG1") == (1 + 1) * w.tables.mp_scale


def test_cannot_enter_enemy_hex() -> None:
    """§7: never into a hex holding enemy units."""
    w = World()
    s = act(w.pos().place("G-VG1", "0504").place("U-INF1", "0604").begin(), {"type": "select", "unit": "G-VG1"})
    assert "0604" not in moves(s)


def test_allowance_limits_movement() -> None:
    """§7.4: a unit without enough MP left for the next hex stops."""
    w = World(terrain={h: "hills" for h in ("0604", "0704")})
    s = act(w.pos().place("G-VG1", "0504").begin(), {"type": "select", "unit": "G-VG1"},
            {"type": "move", "unit": "G-VG1", "to": "0604"}, {"type": "move", "unit": "G-VG1", "to": "0704"})
    assert s["mover"] is None  # 4 MP spent: done


def test_finished_move_cannot_resume() -> None:
    """§7.5: a finished move cannot be resumed."""
    w = World()
    s = act(w.pos().place("G-PZ1", "0504").begin(), SEL, {"type": "move", "unit": "G-PZ1", "to": "0604"},
            {"type": "end_move", "unit": "G-PZ1"})
    assert SEL not in legal(s)


def test_stack_moves_together_and_may_split() -> None:
    """§7.5, AMBIG-12: a stack moves as one, or its units one by one."""
    w = World()
    s = w.pos().place("G-PZ1", "0504").place("G-PZ2", "0504").begin()
    assert {"type": "select_stack", "at": "0504"} in legal(s)
    s2 = act(s, {"type": "select_stack", "at": "0504"}, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert s2["units"]["G-PZ2"]["hex"] == "0604"
    s3 = act(s, SEL, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert s3["units"]["G-PZ2"]["hex"] == "0504"


def test_second_movement_phase_mechanised_only() -> None:
    """§4.2: in the 2nd movement phase only mechanised units and commandos move."""
    w = World()
    s = w.pos(phase="movement_2").place("G-PZ1", "0504").place("G-VG1", "0304").place("G-COM", "0202").begin()
    sel = {a["unit"] for a in legal(s) if a["type"] == "select"}
    assert sel == {"G-PZ1", "G-COM"}


def test_strategic_movement_main_roads_only() -> None:
    """§7.2(1): strategic movement starts on a main road and follows main roads only, at the strategic allowance."""
    road = ["0204", "0304", "0404", "0504", "0604", "0704", "0804"]
    w = World(main_roads=[road], roads=[["0104", "0204"]])  # §13.3(2): road-linked to the W1 source
    s = act(w.pos(player="allied").place("U-INF1", "0304").begin(), {"type": "select", "unit": "U-INF1"},
            {"type": "strategic", "unit": "U-INF1"})
    assert moves(s) == ["0204", "0404"]
    for h in road[2:]:
        s = act(s, {"type": "move", "unit": "U-INF1", "to": h})
    assert s["units"]["U-INF1"]["hex"] == "0804"  # 5 hexes: more than the combat allowance of 4


def test_strategic_never_into_ezoc_nor_from_it() -> None:
    """§7.2(2): never enters an EZOC; a unit starting in one may not move strategically."""
    road = ["0204", "0304", "0404", "0504", "0604"]
    w = World(main_roads=[road], roads=[["0104", "0204"]])
    s = act(w.pos(player="allied").place("U-INF1", "0304").place("G-VG1", "0505").begin(),
            {"type": "select", "unit": "U-INF1"}, {"type": "strategic", "unit": "U-INF1"},
            {"type": "move", "unit": "U-INF1", "to": "0404"})
    assert "0504" not in moves(s)  # 0504 is next to 0505
    s = act(w.pos(player="allied").place("U-INF1", "0504").place("G-VG1", "0505").begin(),
            {"type": "select", "unit": "U-INF1"})
    assert "strategic" not in types(s)


def test_strategic_only_own_occupied_at_phase_start() -> None:
    """§7.2(3): only hexes the own side occupied at the start of the phase."""
    road = ["0804", "0904", "1004"]
    w = World(main_roads=[road], germany=["1004", "0904"])
    s = act(w.pos().place("G-VG1", "1004").begin(), {"type": "select", "unit": "G-VG1"},
            {"type": "strategic", "unit": "G-VG1"}, {"type": "move", "unit": "G-VG1", "to": "0904"})
    assert "0804" not in moves(s)  # Allied-occupied


def test_reinforcements_enter_at_entry_hex_and_may_be_delayed() -> None:
    """§9.3: reinforcements enter in the 1st movement phase at their entry hex; not early; may be delayed."""
    w = World()
    s = w.pos(turn=2).due("G-FB", 2).due("G-FG", 3).begin()
    sel = {a["unit"] for a in legal(s) if a["type"] == "select"}
    assert sel == {"G-FB"}  # G-FG not early
    s2 = act(s, {"type": "select", "unit": "G-FB"})
    assert moves(s2) == ["1004"]
    s3 = act(s, {"type": "end_phase"})
    assert s3["units"]["G-FB"]["due"] == 3 and s3["units"]["G-FB"]["status"] == "offmap"


def test_end_phase_always_available() -> None:
    """§7.3: a player may move all, some or none of his units."""
    w = World()
    s = w.pos().place("G-PZ1", "0504").begin()
    assert legal(s)[-1] == {"type": "end_phase"}
    s = act(s, SEL)
    assert {"type": "end_phase"} in legal(s)


def test_move_log_names_the_unit_and_fog_keeps_unseen_moves_to_the_owner() -> None:
    """§7.5 (one unit or stack at a time): one log line per move names the units moved (English and Japanese);
    under the fog-of-war option a move the enemy does not see at both ends is logged to its owner only."""
    from server.games.bulge.data import messages
    cat = messages()
    assert "{units}" in cat["en"]["log.move"] and "{units}" in cat["ja"]["log.move"]
    assert "{units}" in cat["en"]["log.enter"] and "{units}" in cat["ja"]["log.strategic"]
    w = World()
    s = act(w.pos().place("G-PZ1", "0304").place("U-INF1", "0908").begin(), SEL,
            {"type": "move", "unit": "G-PZ1", "to": "0404"}, {"type": "move", "unit": "G-PZ1", "to": "0504"})
    line = last_line(s)
    assert line.key == "log.move" and line.to is None
    assert line.args == {"units": [{"key": "unit.G-PZ1"}], "frm": "0304", "to": "0504"}
    fog = w.pos().place("G-PZ1", "0304").place("G-VG1", "0806").place("U-INF1", "0908").begin()
    fog["options"] = {"fog_of_war": True}
    assert w.board.grid.distance("0908", "0404") > 2 and w.board.grid.distance("0908", "0807") <= 2
    s = act(fog, SEL, {"type": "move", "unit": "G-PZ1", "to": "0404"})
    assert s["log"][-1]["to"] == ["german"]  # out of the Allies' sight
    assert not [e for e in view(s, "allied")["log"] if e["key"] == "log.move"]
    s = act(s, {"type": "select", "unit": "G-VG1"}, {"type": "move", "unit": "G-VG1", "to": "0807"})
    assert s["log"][-1]["to"] is None  # seen at both ends: public, and not merged with the hidden line
    assert s["log"][-1]["args"]["units"] == [{"key": "unit.G-VG1"}]
