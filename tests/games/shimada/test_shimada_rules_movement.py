"""One test per rule case of the Shimada digest's movement chapters (shared/rules/shimada.md, §6-§8):
moves to a destination, §6 zones of control, §7 stacking, §8 movement."""

from __future__ import annotations

import pytest
from shimada_dsl import Pos, World, act, counter, last_line, legal, moves, types, unit, view

from server.engine.core import IllegalAction
from server.games.shimada.data import dataset
from server.games.shimada.units import zoc

# Small maps. One row of clear hexes, each next to the one before: 0101 - 0201 - 0301 - 0401 - 0501
# (entry 0101, exit 0501).
LINE = World(".....")
# Two rows of four: 0101-0201, 0101-0102, 0102-0201, 0102-0202, 0201-0202, 0201-0301, 0201-0302,
# 0202-0302, 0301-0302, 0301-0401, 0302-0401, 0302-0402, 0401-0402. Slim at 0202.
SQUARE = World("....", "....", slim="0202")
# Every hexside between the two rows of a 4 x 2 small map: a river along the middle.
RIVER_SIDES = ("0101/0102", "0102/0201", "0201/0202", "0201/0302", "0301/0302", "0302/0401", "0401/0402")

BOARD = dataset().board


def offered(state: dict, ref: str, to: str) -> dict:
    """The offered move of ``ref`` to ``to``, notes included."""
    return next(a for a in legal(state) if a["type"] == "move" and a["unit"] == ref and a["to"] == to)


# === §8 MOVEMENT, to a destination ===

def test_a_move_three_hexes_away_is_one_action_and_spends_three_mp() -> None:
    """§8: a counter moves up to its movement allowance, 1 MP per hex: one action takes it to a hex
    three away along the cheapest path, and the offer says the cost, what is left and the hex before."""
    s = LINE.pos().place("J-TA", "0101").state
    assert offered(s, "J-TA", "0401") == {"type": "move", "unit": "J-TA", "to": "0401", "cost": 3, "left": 1,
                                          "prev": "0301"}
    assert "prev" not in offered(s, "J-TA", "0201")  # one step from the start
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0401"})
    assert unit(s, "J-TA")["hex"] == "0401" and counter(s, "J-TA", "japanese")["mp_left"] == 1
    line = last_line(s, "move")
    assert (line.args["frm"], line.args["to"], line.args["mp"], line.args["path"]) == ("0101", "0401", 3,
                                                                                       ["0201", "0301", "0401"])


def test_movement_allowance_limits_hexes() -> None:
    """§8: a counter moves up to its movement allowance, 1 MP per hex; its last MP ends its move."""
    s = LINE.pos().place("J-IN", "0101").state  # MA 3
    assert moves(s, "J-IN") == ["0201", "0301", "0401"]
    s = act(s, {"type": "move", "unit": "J-IN", "to": "0401"})
    assert moves(s, "J-IN") == [] and unit(s, "J-IN")["done"]


def test_a_counter_may_move_on_with_the_mp_it_has_left_until_another_counter_moves() -> None:
    """§8: the allowance may be spent in several moves of the same counter; moving another counter
    ends its move (one counter moves at a time)."""
    s = LINE.pos().place("J-TA", "0101").place("J-TB", "0501").state
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0201"})
    assert offered(s, "J-TA", "0401") == {"type": "move", "unit": "J-TA", "to": "0401", "cost": 2, "left": 1,
                                          "prev": "0301"}
    s = act(s, {"type": "move", "unit": "J-TB", "to": "0401"})
    assert unit(s, "J-TA")["done"] and moves(s, "J-TA") == []
    assert "end_move" not in types(s)  # nothing to end: the next counter's move or the step's end does it


def test_entering_through_entry_hex_costs_one_mp() -> None:
    """§3/§8: the Japanese enter at the entry hex, 1 MP, and may go on from it in the same move."""
    s = Pos().state
    entry = offered(s, "J-T1", BOARD.entry)
    assert (entry["cost"], entry["left"], "prev" in entry) == (1, dataset().counters["J-T1"].ma - 1, False)
    beyond = offered(s, "J-T1", "0202")
    assert (beyond["cost"], beyond["prev"]) == (2, BOARD.entry)
    s = act(s, {"type": "move", "unit": "J-T1", "to": BOARD.entry})
    assert counter(s, "J-T1", "japanese")["mp_left"] == dataset().counters["J-T1"].ma - 1
    assert offered(s, "J-T1", "0202")["cost"] == 1
    s = act(Pos().state, {"type": "move", "unit": "J-T1", "to": "0202"})
    line = last_line(s, "enter_move")
    assert (line.args["entry"], line.args["to"], line.args["mp"]) == (BOARD.entry, "0202", 2)


def test_via_waypoints_shape_the_path_and_each_hex_on_it_is_entered() -> None:
    """§8/§4: the player may send a move by way of waypoints; it spends what that path costs, and
    every hex on the way counts as entered (Slim, §4: "ever entered")."""
    s = SQUARE.pos().place("J-TA", "0101").state
    assert offered(s, "J-TA", "0301")["cost"] == 2  # cheapest: 0101 0201 0301
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0301", "via": ["0202"]})
    assert unit(s, "J-TA")["hex"] == "0301" and s["slim_entered"]
    assert unit(s, "J-TA")["done"]  # 2 MP to 0202, 2 more to 0301: all 4 spent
    assert last_line(s, "move").args["path"][1] == "0202"
    plain = act(SQUARE.pos().place("J-TA", "0101").state, {"type": "move", "unit": "J-TA", "to": "0301"})
    assert not plain["slim_entered"] and last_line(plain, "move").args["path"] == ["0201", "0301"]


def test_a_path_the_rules_refuse_is_an_illegal_action_with_its_reason() -> None:
    """§8: waypoints beyond the MP left, off the map or the counter's own hex are refused, saying why."""
    s = SQUARE.pos().place("J-TA", "0101", used=2).state  # 2 MP left
    with pytest.raises(IllegalAction, match="cannot go to 0301 by way of 0402 with 2 MP"):
        act(s, {"type": "move", "unit": "J-TA", "to": "0301", "via": ["0402"]})
    with pytest.raises(IllegalAction, match="No hex '9999'"):
        act(s, {"type": "move", "unit": "J-TA", "to": "0301", "via": ["9999"]})
    with pytest.raises(IllegalAction, match="cannot go to 0301"):
        act(s, {"type": "move", "unit": "J-TA", "to": "0301", "via": ["0101"]})


def test_disrupted_counter_cannot_move() -> None:
    """§8/§10: disrupted counters cannot move."""
    assert moves(LINE.pos().place("J-TA", "0201").state, "J-TA") == ["0101", "0301", "0401", "0501"]
    s = LINE.pos().place("J-TA", "0201", face="down").state
    assert [a for a in legal(s) if a.get("unit") == "@0201"] == []
    for to in ("0101", "0301"):
        with pytest.raises(IllegalAction):
            act(s, {"type": "move", "unit": "@0201", "to": to})


def test_river_crossed_only_at_bridge() -> None:
    """§8: rivers cannot be crossed except at a bridge: across the river a path goes by the bridge."""
    s = Pos().place("J-T1", "0609").place("J-T2", "0709").state
    far = offered(s, "J-T1", "0710")  # 0609/0710: river, no bridge; 0709/0710: the road bridge
    assert (far["cost"], far["prev"]) == (2, "0709")
    assert offered(s, "J-T2", "0710")["cost"] == 1
    river = World("....", "....", rivers=RIVER_SIDES)
    assert all(h.endswith("01") for h in moves(river.pos().place("J-TA", "0101").state, "J-TA"))


def test_only_japanese_infantry_enter_jungle() -> None:
    """§8: only Japanese infantry may enter jungle."""
    s = Pos().place("J-T1", "0202").place("J-I1", "0302").state
    assert all(not BOARD.is_jungle(h) for h in moves(s, "J-T1"))
    assert any(BOARD.is_jungle(h) for h in moves(s, "J-I1"))
    s = Pos(player="british").place("B-ARG", "0306").state
    assert all(not BOARD.is_jungle(h) for h in moves(s, "B-ARG"))


def test_infantry_moving_through_jungle_is_disrupted_at_end_of_move() -> None:
    """§8: a Japanese infantry counter that moved through jungle is disrupted after its move."""
    s = Pos().place("J-I1", "0304").state
    s = act(s, {"type": "move", "unit": "J-I1", "to": "0305", "via": ["0404"]})  # 0404: jungle
    assert unit(s, "J-I1")["face"] == "up"  # only at the end of the move: it has 1 MP left
    s = act(s, {"type": "end_step"})
    assert unit(s, "J-I1")["face"] == "down"
    assert last_line(s, "jungle_disrupted").args["unit"] == {"key": "handle.hex", "args": {"hex": "0305"}}


def test_infantry_keeps_out_of_jungle_on_the_cheapest_path_at_night() -> None:
    """§8: of two equally cheap paths, Japanese infantry at night is sent by the one without jungle,
    which would disrupt it; a path the player gives through jungle disrupts it."""
    w = World(".j..", "....")  # 0201 jungle: 0101 0201 0202 and 0101 0102 0202 both cost 2
    s = w.pos().place("J-IN", "0101").state
    assert offered(s, "J-IN", "0202")["prev"] == "0102"
    s = act(s, {"type": "move", "unit": "J-IN", "to": "0202"}, {"type": "end_step"})
    assert unit(s, "J-IN")["face"] == "up"
    s = act(w.pos().place("J-IN", "0101").state, {"type": "move", "unit": "J-IN", "to": "0202", "via": ["0201"]},
            {"type": "end_step"})
    assert unit(s, "J-IN")["face"] == "down"


def test_infantry_in_jungle_not_disrupted_after_dawn() -> None:
    """§11.1: after dawn Japanese infantry moving in jungle is not disrupted."""
    s = Pos(dawn=True, turn=6).place("J-I1", "0304").state
    s = act(s, {"type": "move", "unit": "J-I1", "to": "0404"}, {"type": "end_step"})
    assert unit(s, "J-I1")["face"] == "up"


# === §6 ZONES OF CONTROL ===

def test_entering_enemy_zoc_stops_movement() -> None:
    """§6: a moving counter that enters an enemy ZOC must stop: the move ends there, with no MP
    left, and the log and the prompt say why."""
    s = LINE.pos().place("J-TA", "0101").place("J-TB", "0201").place("B-IN", "0401").state  # ZOC: 0301, 0501
    assert offered(s, "J-TA", "0301") == {"type": "move", "unit": "J-TA", "to": "0301", "cost": 2, "left": 0,
                                          "prev": "0201"}
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0301"})
    assert moves(s, "J-TA") == [] and unit(s, "J-TA")["done"]
    assert last_line(s, "zoc_stop").args == {"unit": {"key": "counter.J-TA", "uid": "J-TA"}, "hex": "0301"}
    assert view(s, "japanese")["prompt"] == {"key": "prompt.zoc_stopped",
                                             "args": {"unit": {"key": "counter.J-TA"}, "hex": "0301"}}
    messages = dataset().messages
    assert all("{hex}" in messages[lang]["prompt.zoc_stopped"] for lang in ("en", "ja"))
    s = act(s, {"type": "move", "unit": "J-TB", "to": "0101"})
    assert view(s, "japanese")["prompt"] == {"key": "prompt.movement"}  # the next move: no stop to explain


def test_a_path_may_not_go_on_through_an_enemy_zoc_hex() -> None:
    """§6: a path through a hex of enemy ZOC would have stopped there: beyond it is reached only
    around it, and waypoints in it are refused with the reason."""
    s = SQUARE.pos().place("J-TA", "0101").place("B-IN", "0402").state  # ZOC: 0302, 0401
    assert offered(s, "J-TA", "0401")["prev"] == "0301"  # not through 0302
    with pytest.raises(IllegalAction, match="cannot pass 0302: entering an enemy zone of control ends its move"):
        act(s, {"type": "move", "unit": "J-TA", "to": "0301", "via": ["0302"]})


def test_may_leave_enemy_zoc_but_not_move_zoc_to_zoc() -> None:
    """§6: a counter starting in an enemy ZOC may leave, but not directly into another ZOC hex."""
    s = Pos().place("J-T1", "0409").place("B-ARG", "0509").state
    ezoc = zoc(s, "british")
    first_steps = [a["to"] for a in legal(s) if a["type"] == "move" and a["unit"] == "J-T1" and a["cost"] == 1]
    assert first_steps == ["0309"]  # 0408 is also in the ZOC of 0509
    back = offered(s, "J-T1", "0408")  # out of the ZOC, then in again: not directly
    assert "0408" in ezoc and (back["cost"], back["prev"], back["left"]) == (2, "0309", 0)


def test_disrupted_counters_have_no_zoc() -> None:
    """§6: disrupted (face-down) counters have no ZOC."""
    s = Pos().place("J-T1", "0409").place("B-ARG", "0509", face="down").state
    assert offered(s, "J-T1", "0408")["cost"] == 1
    assert zoc(s, "british") == set()


def test_zoc_does_not_cross_river_without_bridge() -> None:
    """§6: ZOC does not extend across a river, except across a bridge."""
    # Two rows with a river between them; B-IN on the south bank at 0202, next to 0201.
    river = World("....", "....", rivers=RIVER_SIDES)
    s = act(river.pos().place("J-TA", "0101").place("B-IN", "0202").state,
            {"type": "move", "unit": "J-TA", "to": "0201"})
    assert counter(s, "J-TA", "japanese")["mp_left"] == 3 and moves(s, "J-TA") == ["0101", "0301", "0401"]
    bridged = World("....", "....", rivers=tuple(x for x in RIVER_SIDES if x != "0201/0202"),
                    bridges=("0201/0202",))
    s = act(bridged.pos().place("J-TA", "0101").place("B-IN", "0202").state,
            {"type": "move", "unit": "J-TA", "to": "0201"})
    assert moves(s, "J-TA") == [] and unit(s, "J-TA")["done"]  # across the bridge the ZOC stops it


def test_zoc_crosses_the_bridge() -> None:
    """§6: ZOC extends across a bridge."""
    s = Pos().place("J-T1", "0609").place("B-ARG", "0710").state
    assert "0709" in zoc(s, "british")
    s = act(s, {"type": "move", "unit": "J-T1", "to": "0709"})
    assert moves(s, "J-T1") == []


def test_zoc_does_not_extend_into_jungle_except_japanese_infantry() -> None:
    """§6: ZOC does not extend into jungle, except the ZOC of Japanese infantry."""
    s = Pos().place("B-ARG", "0307").place("J-T1", "0305").place("J-I1", "0304").state
    assert "0206" not in zoc(s, "british") and "0207" in zoc(s, "british")
    assert "0403" in zoc(s, "japanese")  # jungle next to the infantry at 0304
    assert "0405" not in zoc(s, "japanese")  # jungle next to the tank at 0305 only


# === §7 STACKING ===
# 「各手順終了時、1マスには自軍の駒1個しかいられません。移動、退却中の通過は可能。」 The limit holds at
# the end of each step: during the movement step a counter may end its move on a friend that moves
# off later in the step (AMBIG-11).


def test_counter_may_end_its_move_on_a_friend_that_leaves_later_in_the_step() -> None:
    """§7: stacking is checked at the end of the step, so a counter may stop on a friend that has
    not moved yet; the step cannot end until one of them has moved off, and the prompt says where."""
    s = LINE.pos().place("J-TA", "0101", used=3).place("J-TB", "0201").state
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0201"})
    assert unit(s, "J-TA")["hex"] == unit(s, "J-TB")["hex"] == "0201" and unit(s, "J-TA")["done"]
    assert "end_step" not in types(s)
    with pytest.raises(IllegalAction):
        act(s, {"type": "end_step"})
    assert view(s, "japanese")["prompt"] == {"key": "prompt.overstack", "args": {"hexes": ["0201"]}}
    assert moves(s, "J-TB") == ["0101", "0301", "0401", "0501"]
    s = act(s, {"type": "move", "unit": "J-TB", "to": "0301"})
    assert "end_step" in types(s) and view(s, "japanese")["prompt"]["key"] == "prompt.movement"


def test_overstack_prompt_names_every_crowded_hex_in_both_languages() -> None:
    """§7: the player is told which hexes hold more than one friendly counter."""
    s = (World(".......").pos().place("J-TA", "0101").place("J-TB", "0201").place("J-IN", "0501").place("J-TC", "0601")
         .state)
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0201"}, {"type": "move", "unit": "J-IN", "to": "0601"})
    assert view(s, "japanese")["prompt"] == {"key": "prompt.overstack", "args": {"hexes": ["0201", "0601"]}}
    assert view(s, "british")["prompt"]["key"] == "prompt.waiting"
    messages = dataset().messages
    assert "{hexes}" in messages["en"]["prompt.overstack"] and "{hexes}" in messages["ja"]["prompt.overstack"]


def test_may_pass_through_a_friend() -> None:
    """§7: counters may pass through friendly counters while moving."""
    s = LINE.pos().place("J-TA", "0101").place("J-TB", "0201", done=True).state
    assert offered(s, "J-TA", "0301")["prev"] == "0201"
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0301"}, {"type": "end_step"})
    assert unit(s, "J-TA")["hex"] == "0301"


def test_no_stop_on_a_friend_that_cannot_move_off() -> None:
    """§7 (AMBIG-11): a counter may stop on a friend that has already moved, or is disrupted (§8),
    only while it can still move off itself: then only it may move, and the step cannot end."""
    for friend in (LINE.pos().place("J-TB", "0201", done=True), LINE.pos().place("J-TB", "0201", face="down")):
        s = act(friend.place("J-TA", "0101").place("J-IN", "0401").state,
                {"type": "move", "unit": "J-TA", "to": "0201"})
        assert {a["unit"] for a in legal(s)} == {"J-TA"} and "0201" not in moves(s, "J-TA")


def test_no_entry_into_a_friend_hex_that_neither_counter_could_leave() -> None:
    """§7 (AMBIG-11): a move that would leave two counters in a hex for the end of the step is not
    offered, even where the hexes before and beyond it are: here the last MP, onto a friend that
    has moved (a dead end with a destination move)."""
    s = LINE.pos().place("J-TA", "0101").place("J-TB", "0501", done=True).state
    assert moves(s, "J-TA") == ["0201", "0301", "0401"]  # 0501 would take its 4th and last MP
    s = LINE.pos().place("J-TA", "0101").place("J-TB", "0501").state
    assert moves(s, "J-TA") == ["0201", "0301", "0401", "0501"]  # J-TB has not moved: it can still leave
    s = LINE.pos().place("J-TA", "0101", used=3).place("J-TB", "0201", done=True).state
    assert moves(s, "J-TA") == []


def test_a_longer_path_onto_a_friend_is_refused_if_it_leaves_too_few_mp_to_clear_the_hex() -> None:
    """§7 (AMBIG-11): the cheapest path onto a moved friend leaves MP to move off again; waypoints
    that spend them all would strand two counters in the hex, so they are refused, saying why."""
    s = SQUARE.pos().place("J-TA", "0101").place("J-TB", "0301", done=True).state
    assert offered(s, "J-TA", "0301")["left"] == 2
    with pytest.raises(IllegalAction, match="too few for the counters there to leave it"):
        act(s, {"type": "move", "unit": "J-TA", "to": "0301", "via": ["0102", "0202", "0302"]})


def test_may_stop_on_a_friend_in_enemy_zoc_if_the_friend_can_leave() -> None:
    """§6/§7: a counter entering an enemy ZOC stops there, also on a friend; the friend, which
    starts its move in the ZOC, may leave it (but not straight into another ZOC hex)."""
    s = LINE.pos().place("J-TA", "0201").place("J-TB", "0301").place("B-IN", "0401").state  # B-IN's ZOC: 0301, 0501
    assert moves(s, "J-TA") == ["0101", "0301"]
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0301"})
    assert unit(s, "J-TA")["done"] and "end_step" not in types(s)
    assert moves(s, "J-TB") == ["0101", "0201"]
    s = act(s, {"type": "move", "unit": "J-TB", "to": "0201"})
    assert "end_step" in types(s)


def test_two_crowded_hexes_cannot_both_need_the_one_empty_hex() -> None:
    """§7 (AMBIG-11): every crowded hex must keep a counter able to move off to its own empty hex."""
    # 0101 and 0501 hold disrupted British (no ZOC, not enterable); 0301 is the only empty hex.
    w = World(".....", entry="0401")
    crowded = (w.pos().place("B-IN", "0101", face="down").place("B-HQ", "0501", face="down").place("J-TC", "0201")
               .place("J-TB", "0201", done=True).place("J-TA", "0401", used=3))
    assert moves(crowded.state, "J-IN") == []  # entering 0401 would leave J-TA and J-TC both needing 0301
    alone = (w.pos().place("B-IN", "0101", face="down").place("B-HQ", "0501", face="down").place("J-TC", "0201")
             .place("J-TA", "0401", used=3))
    assert moves(alone.state, "J-IN") == ["0201", "0301", "0401"]  # 0201: J-TC may still go to 0301
    s = act(alone.state, {"type": "move", "unit": "J-IN", "to": "0401"})
    assert "end_step" not in types(s) and moves(s, "J-IN") == ["0201", "0301"]


def test_jungle_disrupted_infantry_may_end_on_a_friend_that_leaves() -> None:
    """§7/§8: an infantry counter disrupted at the end of its jungle move may have stopped on a
    friend; the friend moves off, and the two counters have separate refs meanwhile."""
    s = World(".j...").pos().place("J-IN", "0101").place("J-TA", "0301").place("J-TB", "0401").state
    s = act(s, {"type": "move", "unit": "J-IN", "to": "0301"})  # through the jungle at 0201
    s = act(s, {"type": "move", "unit": "J-TB", "to": "0501"})  # another counter moves: J-IN's move ends
    assert unit(s, "J-IN")["face"] == "down"
    refs = [c["ref"] for c in view(s, "british")["counters"] if c["hex"] == "0301"]
    assert sorted(refs) == ["@0301", "J-TA"]
    s = act(s, {"type": "move", "unit": "J-TA", "to": "0401"})
    assert "end_step" in types(s)


def test_never_enter_a_hex_holding_an_enemy() -> None:
    """§7: a counter may never enter a hex holding an enemy counter, even a disrupted one."""
    s = LINE.pos().place("J-TA", "0101").place("B-IN", "0201", face="down").state
    assert moves(s, "J-TA") == []
    s = LINE.pos().place("J-TA", "0101").state
    assert "0201" in moves(s, "J-TA")
