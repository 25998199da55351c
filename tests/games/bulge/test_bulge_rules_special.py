"""The special rules on the synthetic board: §9.6 army zones, §9.7 British, §9.1 freezes, §13.5-§13.9
breakthrough, §13.11 West Wall VP, §10 air power, §9.4 VDH paradrop, §9.5 Skorzeny and commandos."""

from __future__ import annotations

import copy
from typing import Any

from bulge_fixtures import (
    ENTRIES,
    World,
    act,
    active,
    begin_phase,
    force,
    last_line,
    legal,
    movers,
    moves,
    offered,
    types,
    view,
)

from server.games.bulge import air, commandos, restrictions, supply

LINES = {"6SS/5Pz": ["1003", "0903"], "5Pz/7": ["1006", "0906"]}


def step_through(s: Any, *wanted: str) -> Any:
    """End optional steps until the step is one of ``wanted``."""
    while s["step"] not in wanted:
        s = act(s, {"type": {"lines": "end_lines", "move": "end_phase", "declare": "end_declarations"}
                    .get(s["step"], "end_air")})
    return s


# --- §9.6 army operation zones ---

def test_army_zone_no_crossing_on_turns_1_to_4() -> None:
    """§9.6: turns 1-4, a set-up German unit may enter a line hex but not cross into another army's sector;
    §9.6(3) reinforcements are exempt."""
    w = World(army_lines=LINES)
    s = w.pos(turn=2).place("G-VG1", "0802", setup=True).place("G-FB", "0702").begin()
    assert "0803" in moves(s, "G-VG1")  # AMBIG-18: the line (continued due west) is shared
    assert not any(restrictions.sectors(s, h) == {"5Pz"} for h in moves(s, "G-VG1"))
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0803"})
    assert not any(restrictions.sectors(s, h) == {"5Pz"} for h in moves(s, "G-VG1"))
    s = act(s, {"type": "move", "unit": "G-FB", "to": "0703"},
            {"type": "move", "unit": "G-FB", "to": "0704"})
    assert s["units"]["G-FB"]["hex"] == "0704"


def test_army_zone_attack_ban_turns_5_to_9() -> None:
    """§9.6: turns 5-9, a set-up unit in another army's sector may not attack; the lines are drawn first."""
    w = World(army_lines=LINES)
    s = (w.pos(turn=6, phase="combat_1").place("G-VG1", "0804", setup=True).place("G-5VG", "0704", setup=True)
         .place("U-INF1", "0705").begin())
    begin_phase(s)
    assert s["step"] == "lines" and active(s) == "german"
    s = act(s, {"type": "end_lines"})
    declarers = {a["unit"] for a in legal(s) if a["type"] == "declare"}
    assert declarers == {"G-5VG"}


def test_army_zone_line_extension_steps_west() -> None:
    """§9.6(1): the German player extends a line from its end, each step NW, W or SW."""
    w = World(army_lines=LINES)
    s = w.pos(turn=6, phase="combat_1").place("G-PZ1", "0904", setup=True).place("U-INF1", "0905").begin()
    begin_phase(s)
    steps = sorted(a["to"] for a in legal(s) if a["type"] == "extend_line" and a["line"] == "5Pz/7")
    assert steps == ["0805", "0806", "0807"]
    s = act(s, {"type": "extend_line", "line": "5Pz/7", "to": "0805"},
            {"type": "extend_line", "line": "5Pz/7", "to": "0804"})
    assert restrictions.lines(s)["5Pz/7"][-1] == "0804"
    assert "7" in restrictions.sectors(s, "0705")


def test_army_zones_void_from_turn_10() -> None:
    """§9.6(4): from turn 10 no lines are drawn and every unit may attack from anywhere."""
    w = World(army_lines=LINES)
    s = w.pos(turn=10, phase="combat_1").place("G-VG1", "0804", setup=True).place("U-INF1", "0805").begin()
    begin_phase(s)
    assert s["step"] == "air_defence"  # turn 10 is an air turn, but no lines are drawn
    s = act(s, {"type": "end_air"})
    assert s["step"] == "declare" and any(a["type"] == "declare" for a in legal(s))


# --- §9.7 British, §9.1 freezes ---

_GRID = World().board.grid
MEUSE = {"meuse": {"name": {"en": "Meuse", "ja": "ミューズ河"}, "hexsides": [],
                   "major_hexsides": [[a, b] for a in _GRID.all_hexes() for b in _GRID.neighbours(a)
                                      if _GRID.parse(a)[0] <= 3 < _GRID.parse(b)[0]]}}
NW = {**ENTRIES, "NW1": {"hex": "0101", "side": "allied", "code": "NW", "colour": "orange"}}


def test_british_turn_5_stay_behind_the_meuse() -> None:
    """§9.7: on turn 5 the British move only up to the Meuse's north/west bank unless Germans are near."""
    w = World(named_rivers=MEUSE, entries=NW)
    s = w.pos(turn=5, player="allied").place("B-BDE1", "0302").place("G-VG1", "0908").begin()
    restrictions.british_check(s)
    assert "0202" in moves(s, "B-BDE1") and "0402" not in moves(s, "B-BDE1")
    s2 = w.pos(turn=5, player="allied").place("B-BDE1", "0302").place("G-VG1", "0604").begin()
    restrictions.british_check(s2)  # a German within 3 hexes of the Meuse frees them
    assert "0402" in moves(s2, "B-BDE1")
    s3 = w.pos(turn=6, player="allied").place("B-BDE1", "0302").place("G-VG1", "0908").begin()
    assert "0402" in moves(s3, "B-BDE1")


def test_ninth_infantry_frozen_until_germans_come_adjacent() -> None:
    """§9.1(2): the 9th Infantry Division may not move until the end of turn 2 unless a German unit is
    adjacent to any of its units."""
    w = World()
    s = w.pos(turn=2, player="allied").place("U-9ID", "0302").place("G-VG1", "0808").begin()
    assert "U-9ID" not in movers(s)
    s = w.pos(turn=2, player="allied").place("U-9ID", "0302").place("G-VG1", "0402").begin()
    restrictions.triggers(s)
    assert "U-9ID" in movers(s)
    s = w.pos(turn=3, player="allied").place("U-9ID", "0302").begin()
    assert "U-9ID" in movers(s)


def test_ninth_armored_frozen_in_first_allied_movement_of_turn_1() -> None:
    """§9.1(4), AMBIG-6: a 9th Armored unit with no adjacent German unit may not move in the Allied 1st
    movement phase of turn 1."""
    w = World()
    s = w.pos(turn=1, player="allied").place("U-9AD", "0302").place("G-VG1", "0808").begin()
    assert "U-9AD" not in movers(s)
    s = w.pos(turn=1, player="allied").place("U-9AD", "0302").place("G-VG1", "0402").begin()
    assert "U-9AD" in movers(s)
    s = w.pos(turn=1, player="allied", phase="movement_2").place("U-9AD", "0302").begin()
    assert "U-9AD" in movers(s)


# --- §13.11 West Wall ---

def test_west_wall_crossing_costs_vp_from_turn_8() -> None:
    """§13.11: from turn 8 each Allied unit crossing the West Wall into Germany costs the Germans VP;
    leaving Germany cancels it; crossing on turn 7 does not count."""
    w = World(west_wall=["0804"], germany=["0904", "1004"])
    s = w.pos(turn=8, player="allied").place("U-INF1", "0704").begin()
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0804"})
    assert s["vp"] == 0  # entering the wall is not enough
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0904"})
    assert s["vp"] == -2
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0804"})
    assert s["vp"] == 0
    s7 = w.pos(turn=7, player="allied").place("U-INF1", "0804").begin()
    s7 = act(s7, {"type": "move", "unit": "U-INF1", "to": "0904"})
    assert s7["vp"] == 0


# --- §13.5-§13.9 breakthrough ---

def test_breakthrough_scores_closes_entry_and_calls_a_guard() -> None:
    """§13.5-§13.7: a German unit in the Allied entry hex with 1 MP left breaks through (capacity by colour),
    the entry closes, and the Allies place the earliest reinforcement due there as a guard."""
    w = World()
    s = w.pos().place("G-PZ1", "0204").place("G-PZ2", "0204").due("U-REIN", 3).begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0104"})
    assert {"type": "break_through", "unit": "G-PZ1", "at": "W1"} in legal(s)
    s = act(s, {"type": "break_through", "unit": "G-PZ1", "at": "W1"})
    assert s["units"]["G-PZ1"]["status"] == "exited" and s["vp"] == 2 and s["broken_through"] == ["W1"]
    assert active(s) == "allied" and legal(s) == [{"type": "guard", "unit": "U-REIN", "at": "W1"}]
    s = act(s, {"type": "guard", "unit": "U-REIN", "at": "W1"})
    assert s["units"]["U-REIN"]["status"] == "guard"
    s = act(s, {"type": "move", "unit": "G-PZ2", "to": "0104"})
    assert "break_through" not in types(s)  # a yellow entry admits 1 unit


def test_breakthrough_from_where_the_unit_stands_ends_the_move_under_way() -> None:
    """§13.5: a German unit that begins the phase in the Allied entry hex breaks through without moving (it has
    its MP); doing so ends the move of the unit moving now (§7.5)."""
    w = World()
    s = w.pos().place("G-PZ1", "0104").place("G-VG1", "0504").place("U-REIN", "1008").begin()
    s = act(s, {"type": "move", "unit": "G-VG1", "to": "0604"})
    assert s["mover"]["units"] == ["G-VG1"]
    s = act(s, {"type": "break_through", "unit": "G-PZ1", "at": "W1"})
    assert s["units"]["G-PZ1"]["status"] == "exited" and s["units"]["G-VG1"]["moved"]


def test_guard_falls_back_to_any_unit_not_in_an_ezoc() -> None:
    """§13.7: with no reinforcement for that or the neighbouring direction, any on-map Allied unit not in an EZOC."""
    w = World()
    s = w.pos().place("G-PZ1", "0204").place("U-INF1", "0607").place("U-INF2", "0304").place("G-VG1", "0404").begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0104"},
            {"type": "break_through", "unit": "G-PZ1", "at": "W1"})
    assert [a["unit"] for a in legal(s)] == ["U-INF1"]  # U-INF2 stands in the EZOC of G-VG1


def test_guard_from_the_next_direction_in_the_seed_order_before_any_unit() -> None:
    """§13.7 「隣の方向 (S なら SW SW に該当ユニットがなければ NW といった具合) の増援を突破に対する守りに充てます」:
    the neighbouring direction first, then on round the edge (N, NW, W, SW, S); only when no direction has a
    reinforcement left, any Allied unit on the map not in an EZOC. Broken through at S with nothing due at S
    or SW, the reinforcement due at W (two directions on) guards, not the unit on the map."""
    w = World()
    s = w.pos().place("G-PZ1", "0507").place("U-INF1", "0104").due("U-REIN", 3).begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0508"},
            {"type": "break_through", "unit": "G-PZ1", "at": "S1"})
    assert legal(s) == [{"type": "guard", "unit": "U-REIN", "at": "S1"}]


def test_broken_through_unit_destroyed_when_isolated() -> None:
    """§13.8: a broken-through unit still checks supply; isolated, it is destroyed and its VP cancelled;
    the guard may then come back on from that entry."""
    w = World()
    s = w.pos().place("U-INF1", "0607").begin()
    s["units"]["G-PZ1"].update(status="exited", exit="W1", supply="out", hex=None)
    s["units"]["U-REIN"].update(status="guard", guard_at="W1")
    supply.check(s, "german")
    assert s["units"]["G-PZ1"]["status"] == "eliminated"
    assert s["vp"] == -2 - 2  # breakthrough VP cancelled, mechanised unit destroyed
    assert s["units"]["U-REIN"]["status"] == "offmap" and s["units"]["U-REIN"]["enter_at"] == "0104"


def test_allied_escape_through_entry_hex() -> None:
    """§13.9: an Allied unit may move off the map through an Allied entry hex; it is not destroyed."""
    w = World()
    s = w.pos(player="allied").place("U-INF1", "0204").begin()
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0104"},
            {"type": "escape", "unit": "U-INF1", "at": "W1"})
    assert s["units"]["U-INF1"]["status"] == "escaped" and s["vp"] == 0


# --- §10 air power ---

def test_interdiction_costs_road_mp_and_a_step() -> None:
    """§10.4: on air turns the Allies may place interdiction at the start of a German movement phase: +1 MP per
    road hex in the area, and a stack entering the marker's hex loses a step."""
    w = World(roads=[["0204", "0304", "0404", "0504", "0604", "0704"]])
    s = w.pos(turn=8).place("G-PZ1", "0204").place("U-INF1", "0108").begin()
    begin_phase(s)
    assert s["step"] == "air_interdiction" and active(s) == "allied"
    s = act(s, {"type": "air_interdict", "at": "0604"}, {"type": "end_air"})
    assert s["step"] == "move" and active(s) == "german"
    assert offered(s, "G-PZ1", "0704")["prev"] != "0604"  # the marker's hex stops a move: 0704 only round it
    assert offered(s, "G-PZ1", "0604")["cost"] == 0.5 + 0.5 + 1.5 + 1.5
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})  # one action, stopped in the marker's hex
    assert s["units"]["G-PZ1"]["steps"] == 1  # one unit: no choice of the unit that loses the step
    assert s["units"]["G-PZ1"]["mp"] == 1 + 1 + 3 + 3  # half-MP units: road 1, +2 in the area
    assert last_line(s, "stop").args["why"] == {"key": "stop.interdiction"}


def test_defensive_and_offensive_support_shift_one_column() -> None:
    """§10.5: defensive support before the German declaration: 1L; §10.6: offensive support at the Allied
    declaration: 1R."""
    w = World()
    s = w.pos(turn=8, phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604").begin()
    begin_phase(s)
    s = step_through(s, "air_defence")
    s = act(s, {"type": "air_defend", "at": "0604"}, {"type": "end_air"},
            {"type": "declare", "unit": "G-PZ1", "at": "0604"})
    shifts = next(c for c in view(s, "german")["attack"]["candidates"] if c["at"] == "0604")["shifts"]
    assert {"reason": {"key": "shift.air_defence"}, "shift": -1} in shifts
    a = w.pos(turn=8, player="allied", phase="combat_1").place("G-VG1", "0504").place("U-INF1", "0604").begin()
    a = act(a, {"type": "declare", "unit": "U-INF1", "at": "0504"}, {"type": "air_attack", "at": "0504"})
    shifts = next(c for c in view(a, "allied")["attack"]["candidates"] if c["at"] == "0504")["shifts"]
    assert {"reason": {"key": "shift.air_offence"}, "shift": 1} in shifts


def test_six_fb_markers_per_turn_and_none_before_turn_8() -> None:
    """§10.1-§10.3: 6 FB uses per game turn on air turns only."""
    w = World()
    s = w.pos(turn=8).place("G-PZ1", "0504").place("U-INF1", "0108").begin()
    begin_phase(s)
    for h in ("0403", "0503", "0404", "0604", "0405", "0505"):
        s = act(s, {"type": "air_interdict", "at": h})
    assert types(s) == ["end_air"] and air.fb_left(s) == 0
    s7 = w.pos(turn=7).place("G-PZ1", "0504").begin()
    begin_phase(s7)
    assert s7["step"] == "move"


def test_air_supply_stops_the_supply_progression() -> None:
    """§10.7, AMBIG-9: an air-supplied unit neither slides further out of supply at the check."""
    w = World()  # German ZOC all round: no supply path (§11.2(1))
    s = (w.pos(turn=8, player="allied").place("U-INF1", "0604", supply="out").place("G-VG1", "0504")
         .place("G-VG2", "0704").begin())
    s["air_supply"] = ["0604"]
    supply.check(s, "allied")
    assert s["units"]["U-INF1"]["supply"] == "out"
    s["air_supply"] = []
    supply.check(s, "allied")
    assert s["units"]["U-INF1"]["supply"] == "isolated"


# --- §9.4 VDH paradrop ---

def drop(s: Any, at: str, *dice: int) -> Any:
    force(s, *dice)
    return act(s, {"type": "paradrop", "unit": "G-VDH", "at": at})


def test_paradrop_targets_exclude_towns_and_forest() -> None:
    """§9.4(2), AMBIG-20: no town or city of any kind, no light or deep forest."""
    w = World(terrain={"0505": "light_forest"}, places={"0605": "town"})
    s = w.pos().due("G-VDH", 2).begin()
    targets = {a["at"] for a in legal(s) if a["type"] == "paradrop"}
    assert "0505" not in targets and "0605" not in targets and "0705" in targets


def test_paradrop_on_target_abort_and_drift() -> None:
    """§9.4(2): 6 lands on target, 5 aborts (removed, no VP, §9.4(3)), 1-4 drift that many hexes in the
    direction rolled on the Paradrop Table; the unit may not move that turn."""
    w = World()
    s = drop(w.pos().due("G-VDH", 2).begin(), "0505", 6)
    assert s["units"]["G-VDH"]["hex"] == "0505" and s["units"]["G-VDH"]["steps"] == 2
    assert "G-VDH" not in movers(s)
    s = drop(w.pos().due("G-VDH", 2).begin(), "0505", 5)
    assert s["units"]["G-VDH"]["status"] == "aborted" and s["vp"] == 0
    s = drop(w.pos().due("G-VDH", 2).begin(), "0505", 2, 5)  # 2 hexes W
    assert s["units"]["G-VDH"]["hex"] == "0305"
    s = drop(w.pos().due("G-VDH", 2).begin(), "0205", 3, 5)  # off the west edge: eliminated, scored
    assert s["units"]["G-VDH"]["status"] == "eliminated" and s["vp"] == -1


def test_paradrop_landing_losses() -> None:
    """§9.4(2): a town costs 1 step; an enemy-held hex eliminates."""
    w = World(places={"0305": "town"})
    s = drop(w.pos().due("G-VDH", 2).begin(), "0505", 2, 5)
    assert s["units"]["G-VDH"]["hex"] == "0305" and s["units"]["G-VDH"]["steps"] == 1
    s = drop(w.pos().due("G-VDH", 2).place("U-INF1", "0505").begin(), "0505", 6)
    assert s["units"]["G-VDH"]["status"] == "eliminated"


def test_paradrop_into_deep_forest_with_a_town_is_eliminated() -> None:
    """§9.4(2) 「重要都市 深い森林 全滅 町 都市 浅い森林 1ステップの損害」: a drift into a deep-forest hex that also
    holds a town eliminates the unit (the deep forest counts, not only the town); an important city in clear
    terrain eliminates too; a town in clear terrain costs a step."""
    w = World(terrain={"0305": "deep_forest"}, places={"0305": "town", "0505": "important", "0605": "town"})
    s = drop(w.pos().due("G-VDH", 2).begin(), "0705", 4, 5)  # drifts 4 hexes W: 0305
    assert last_line(s, "paradrop_drift").args["to"] == "0305"
    assert s["units"]["G-VDH"]["status"] == "eliminated" and s["vp"] == -1
    s = drop(w.pos().due("G-VDH", 2).begin(), "0705", 2, 5)  # 2 W: 0505, the important city
    assert s["units"]["G-VDH"]["status"] == "eliminated"
    s = drop(w.pos().due("G-VDH", 2).begin(), "0805", 2, 5)  # 2 W: 0605, a town in the clear
    assert (s["units"]["G-VDH"]["hex"], s["units"]["G-VDH"]["steps"]) == ("0605", 1)


# --- §9.5 Skorzeny ---

def test_skorzeny_choice_is_once_and_for_all() -> None:
    """§9.5(1): at entry the German player chooses the 150th Brigade or the commandos; the other is gone."""
    w = World()
    s = w.pos().due("G-150", 2).due("G-CDO", 2).begin()
    assert "G-150" not in movers(s) and "G-CDO" not in movers(s)
    s = act(s, {"type": "skorzeny", "choice": "commando"})
    assert s["units"]["G-150"]["status"] == "unused" and "G-CDO" in movers(s)
    assert "skorzeny" not in types(s)


def test_commando_detected_entering_an_allied_hex() -> None:
    """§9.5(3)(a): a commando entering a hex with Allied units: 4-6 discovered and removed (no VP), 1-3 it
    may stay or go on."""
    w = World()
    s = w.pos().place("G-COM", "0504").place("U-INF1", "0604").begin()
    found, missed = copy.deepcopy(s), copy.deepcopy(s)
    force(found, 4)
    s2 = act(found, {"type": "move", "unit": "G-COM", "to": "0704", "via": ["0604"]})
    assert s2["units"]["G-COM"]["status"] == "eliminated" and s2["vp"] == 0  # the move stopped at 0604
    assert last_line(s2, "detection").args["hex"] == "0604"
    assert view(s2, "german")["prompt"]["args"]["why"] == {"key": "stop.detected"}
    force(missed, 3)
    s3 = act(missed, {"type": "move", "unit": "G-COM", "to": "0704", "via": ["0604"]})
    assert s3["units"]["G-COM"]["hex"] == "0704"  # not found: it went on


def test_allied_unit_astray_at_a_road_junction() -> None:
    """§9.5(3)(b): an Allied unit leaving a commando's hex rolls; 1-3 at a road junction: the German player
    moves it along roads with its remaining MP."""
    w = World(roads=[["0304", "0404", "0504"], ["0403", "0404", "0405"]])
    s = w.pos(player="allied").place("U-INF1", "0404").place("G-COM", "0404").begin()
    force(s, 2)
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0204"})
    assert active(s) == "german" and s["units"]["U-INF1"]["hex"] == "0404"  # stopped before its first step
    assert {a["to"] for a in legal(s) if a["type"] == "misdirect"} == {"0304", "0504", "0403", "0405"}
    s = act(s, {"type": "misdirect", "unit": "U-INF1", "to": "0504"}, {"type": "end_misdirect"})
    assert s["units"]["U-INF1"]["hex"] == "0504" and s["mover"] is None


def test_allied_unit_finds_the_commando_on_leaving() -> None:
    """§9.5(3)-(4): 4-6 on leaving: the commando is removed and the Allied unit goes on."""
    w = World()
    s = w.pos(player="allied").place("U-INF1", "0404").place("G-COM", "0404").begin()
    force(s, 6)
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0204"})
    assert s["units"]["G-COM"]["status"] == "eliminated" and s["units"]["U-INF1"]["hex"] == "0204"


def test_allied_may_discard_mp_in_a_commando_hex() -> None:
    """§9.5(3): entering a commando's hex the Allied player may discard any of its remaining MP."""
    w = World()
    s = w.pos(player="allied").place("U-INF1", "0304").place("G-COM", "0404").begin()
    assert offered(s, "U-INF1", "0504")["prev"] != "0404"  # §9.5(3): the commando's hex stops a move (a choice
    # waits there): 0504 only round it
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0404"})
    assert last_line(s, "stop").args["why"] == {"key": "stop.commando"}
    assert [a["mp"] for a in legal(s) if a["type"] == "discard_mp"] == [1, 2, 3]
    s = act(s, {"type": "discard_mp", "unit": "U-INF1", "mp": 3})
    assert "move" not in types(s)


def test_commando_opens_main_road_for_german_strategic_movement() -> None:
    """§9.5(2): a main road a commando passed over serves German strategic movement though Allied-occupied;
    an Allied unit passing along it after the commando cancels that."""
    road = ["0404", "0504", "0604", "0704", "0804", "0904", "1004"]
    w = World(main_roads=[road])
    s = w.pos().place("G-COM", "0804").place("G-PZ1", "0904").begin()
    assert "0804" not in moves(s, "G-PZ1", "strategic")  # Allied-occupied, not opened yet
    s = act(s, {"type": "move", "unit": "G-COM", "to": "0504"})
    assert moves(s, "G-PZ1", "strategic") == ["0504", "0604", "0704", "0804"]
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604", "mode": "strategic"})
    assert s["units"]["G-PZ1"]["hex"] == "0604"
    commandos.close_road(s, "0504")
    assert "0504" not in s["commando_roads"]


MISDIRECT_ROADS = [["0304", "0404", "0504", "0604", "0704"], ["0403", "0404", "0405"]]


def astray_at_0404(dice_then: int) -> Any:
    """U-INF1 goes astray leaving the junction 0404 (commando G-COM); G-CDO waits on the road at 0504."""
    w = World(roads=MISDIRECT_ROADS)
    s = w.pos(player="allied").place("U-INF1", "0404").place("G-COM", "0404").place("G-CDO", "0504").begin()
    force(s, 2)
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0304"})
    assert active(s) == "german"
    rolls = s["rng"]["n"]
    s = act(s, {"type": "misdirect", "unit": "U-INF1", "to": "0504"})  # leaving 0404 again: no second roll
    assert s["rng"]["n"] == rolls and s["units"]["U-INF1"]["hex"] == "0504"
    force(s, dice_then)
    return act(s, {"type": "misdirect", "unit": "U-INF1", "to": "0604"})


def test_misdirected_unit_rolls_leaving_another_commando_hex() -> None:
    """§9.5(3)(b), AMB-22: the misdirected move follows the normal rules: led out of another commando's hex,
    the Allied unit rolls; 4-6 finds the commando (removed, no VP), ends the ruse, and its owner moves on
    with the MP left from that hex."""
    s = astray_at_0404(5)
    assert s["units"]["G-CDO"]["status"] == "eliminated" and s["vp"] == 0
    assert s["units"]["U-INF1"]["hex"] == "0504" and not s["pending"]
    assert active(s) == "allied" and s["mover"]["units"] == ["U-INF1"]
    assert "0604" in moves(s, "U-INF1")


def test_misdirected_unit_not_finding_the_commando_goes_where_led() -> None:
    """§9.5(3)(b), AMB-22: 1-3 on leaving a commando's hex during the misdirection: the commando stays and the
    German player goes on leading the unit."""
    s = astray_at_0404(3)
    assert s["units"]["G-CDO"]["hex"] == "0504" and s["units"]["U-INF1"]["hex"] == "0604"
    assert active(s) == "german" and "misdirect" in types(s)


# --- §10.4 where interdiction may go ---

def interdiction_offer(s: Any) -> set[str]:
    begin_phase(s)
    assert s["step"] == "air_interdiction"
    return {a["at"] for a in legal(s) if a["type"] == "air_interdict"}


def test_interdiction_offered_wherever_a_german_unit_could_feel_it() -> None:
    """§10.4: "any hex"; offered: every hex a German unit free to move could enter this phase (the entering
    stack loses a step), and the hexes around a road hex it could enter (road MP), so no useful marker is
    refused; a road nobody can reach is not offered."""
    w = World(roads=[["0101", "0201"], ["0404", "0304", "0204"]])
    s = w.pos(turn=8).place("G-VG1", "0904").place("U-INF1", "0108").begin()  # 4 MP over clear hexes
    offer = interdiction_offer(s)
    assert "0604" in offer  # 3 hexes away, no road, next to no German unit
    assert "0504" in offer  # 4 MP away
    assert "0404" not in offer  # 5 MP away; its area holds 0504, but 0504 is no road hex: no effect
    assert "0304" not in offer and "0201" not in offer  # roads no German unit can reach this phase
    s = w.pos(turn=8).place("G-VG1", "0604").place("U-INF1", "0108").begin()  # 0404 by land, then the road
    offer = interdiction_offer(s)
    assert "0204" in offer and "0203" in offer  # road MP: 0404 -> 0304 -> 0204 at half an MP a hex
    assert "0101" not in offer


def test_interdiction_offered_everywhere_under_fog_of_war() -> None:
    """§10.4 "any hex", fog of war: the offer may not depend on where unseen German units are: every hex."""
    w = World()
    s = w.pos(turn=8).place("G-VG1", "0904").place("U-INF1", "0108").begin()
    s["options"] = {"fog_of_war": True}
    assert interdiction_offer(s) == set(w.board.hexes)
