"""LZ Albany rules: §5.1 activation, §5.3 movement, §5.5 melee, §5.6 ranged fire, §5.12 hits
(shared/rules/lz_albany.md)."""

from __future__ import annotations

from lz_fixtures import Pos, act, activation_frame, active, begin_frame, force, last_line, legal, lines, step, unit

from server.games.lz_albany.units import hit

FIRE = {"type": "fire", "from": "T2", "at": "T3"}


def moves(state: dict, uid: str) -> list[str]:
    return sorted(a["to"] for a in legal(state) if a["type"] == "move" and a["unit"] == uid)


# === §5.1 ACTIVATION ===

def test_fire_move_chit_offers_fire_or_move_for_each_eligible_group() -> None:
    """§4.1: the owner picks a group with an empty box and a unit on the map, and a face."""
    s = Pos().place("US-A27-1", "N1").place("US-C27-1", "T3").cup("us_fm").go()
    assert legal(s) == [{"type": "activate", "group": "27ab", "mode": "fire"},
                        {"type": "activate", "group": "27ab", "mode": "move"},
                        {"type": "activate", "group": "27cd", "mode": "fire"},
                        {"type": "activate", "group": "27cd", "mode": "move"},
                        {"type": "pass"}]
    s = act(s, {"type": "activate", "group": "27cd", "mode": "move"})
    assert s["boxes"]["27cd"] == ["move"] and s["drawn"][-1] == {"chit": "us_fm", "group": "27cd", "face": "move"}


def test_adrenaline_on_the_second_chit_gives_two_actions() -> None:
    """§5.3: on the group's 2nd chit the Adrenaline in the box gives two actions, Fire or Move."""
    p = Pos().place("US-A27-1", "N1").cup("us_fm")
    p.state["boxes"]["27ab"] = ["move"]
    p.state["adrenaline"]["us"] = True
    s = p.go()
    assert {"type": "activate", "group": "27ab", "mode": "move", "adrenaline": True} in legal(s)
    s = act(s, {"type": "activate", "group": "27ab", "mode": "move", "adrenaline": True},
            {"type": "move", "unit": "US-A27-1", "to": "LZ_ALBANY"}, {"type": "end_activation"})
    assert step(s) == "second" and not s["adrenaline"]["us"]
    s = act(s, {"type": "second_action", "mode": "move"})
    assert "T2" in moves(s, "US-A27-1")


def test_a_senior_officer_joins_activated_units_in_its_area() -> None:
    """§5.1: McDade may activate with activated units in his area (AMBIG-6: twice a turn)."""
    s = Pos().place("US-A27-1", "LZ_ALBANY").place("US-MCDADE", "LZ_ALBANY").activation("us", "27ab", "move")
    assert {"type": "join", "unit": "US-MCDADE"} in legal(s)
    s = act(s, {"type": "join", "unit": "US-MCDADE"})
    assert "N1" in moves(s, "US-MCDADE") and s["joins"] == {"US-MCDADE": 1}


# === §5.3 MOVEMENT ===

def test_a_unit_moves_one_area_per_move_action() -> None:
    """§5.3: each unit moves one area, to an adjacent one."""
    s = Pos().place("US-A27-1", "N1").activation("us", "27ab", "move")
    assert moves(s, "US-A27-1") == ["LZ_ALBANY", "N0", "N2", "R1", "R2"]
    s = act(s, {"type": "move", "unit": "US-A27-1", "to": "R1"})
    assert moves(s, "US-A27-1") == []


def test_a_hit_platoon_moves_only_with_an_officer_going_with_it() -> None:
    """§5.3 / §5.12: a platoon with hits moves only if an officer in its area goes with it."""
    s = Pos().place("US-A27-1", "N1", hits=1).place("US-A27-CO", "N1").activation("us", "27ab", "move")
    assert moves(s, "US-A27-1") == []
    s = act(s, {"type": "move", "unit": "US-A27-CO", "to": "LZ_ALBANY"})
    assert moves(s, "US-A27-1") == ["LZ_ALBANY"]


def test_a_casualty_marker_is_carried_by_one_platoon() -> None:
    """§5.3 / §5.13: a US platoon carries one casualty marker, moving together."""
    s = (Pos().place("US-A27-1", "N1").place("US-A27-2", "N1", hits=4, status="casualty")
         .place("US-A27-3", "N1", hits=4, status="casualty").activation("us", "27ab", "move"))
    assert moves(s, "US-A27-2") == []
    s = act(s, {"type": "move", "unit": "US-A27-1", "to": "LZ_ALBANY"})
    assert moves(s, "US-A27-2") == ["LZ_ALBANY"]
    s = act(s, {"type": "move", "unit": "US-A27-2", "to": "LZ_ALBANY"})
    assert moves(s, "US-A27-3") == []


def test_artillery_never_leaves_lz_columbus() -> None:
    """§5.3: US artillery may never leave LZ Columbus."""
    s = Pos().place("US-ART-1", "LZ_COLUMBUS").place("US-A15-1", "LZ_COLUMBUS").activation("us", "15", "move")
    assert moves(s, "US-A15-1") == ["TRANSIT"]
    assert not [a for a in legal(s) if a.get("unit") == "US-ART-1"]


def test_us_units_cannot_leave_lz_columbus_while_the_nva_are_in_it() -> None:
    """§5.3: US units may not leave LZ Columbus while NVA units are in it."""
    s = Pos().place("US-A15-1", "LZ_COLUMBUS").place("NVA-33-C1-1", "LZ_COLUMBUS").activation("us", "15", "move")
    assert moves(s, "US-A15-1") == []


def test_leaving_columbus_goes_through_the_transit_area_to_the_east_edge() -> None:
    """§5.3, AMBIG-8: LZ Columbus - transit - any east-edge area, one move each."""
    s = Pos().place("US-A15-1", "TRANSIT").activation("us", "15", "move")
    assert moves(s, "US-A15-1") == ["LZ_COLUMBUS", "N5", "R5", "S5", "T5", "UE"]


def test_retreating_nva_move_toward_a_map_edge_and_exit_from_it() -> None:
    """§5.2E / AMBIG-29: moves must end closer to an edge; an edge area's units may leave."""
    s = Pos().place("NVA-33-C1-1", "N1").place("NVA-33-C1-2", "N0").set(retreat=True).activation("nva", "33", "move")
    assert moves(s, "NVA-33-C1-1") == ["N0", "R1", "R2"]
    s = act(s, {"type": "exit", "unit": "NVA-33-C1-2"})
    assert unit(s, "NVA-33-C1-2")["status"] == "exited" and s["vp"]["us"] == 0


# === §5.6 INFANTRY RANGED FIRE ===

def _firefight(*extra: tuple[str, str]) -> Pos:
    p = Pos().place("US-A27-1", "T2").place("US-A27-3", "T2").place("NVA-66-C7-1", "T3").place("NVA-66-C7-2", "T3")
    for uid, area in extra:
        p.place(uid, area)
    return p


def test_fire_rolls_the_fire_strengths_and_each_six_hits() -> None:
    """§5.4 / §5.6 step 2: the sum of the firers' fire strengths in d6; each 6 is a hit."""
    s = _firefight().activation("us", "27ab", "fire")
    assert FIRE in legal(s)
    s = act(force(s, 6, 6, 1, 1), FIRE)
    line = last_line(s, "fire").args
    assert line["dice"] == 4 and line["hits"] == 2


def test_an_officer_adds_one_die_and_jungle_takes_one_per_unit() -> None:
    """§5.4 / §5.6 step 3: officer +1 to one unit; −1 per infantry unit firing into jungle."""
    s = _firefight(("US-A27-CO", "T2"), ("NVA-66-C6-1", "N2")).activation("us", "27ab", "fire")
    s = act(force(s, 1, 1, 1), {"type": "fire", "from": "T2", "at": "N2"})
    assert last_line(s, "fire").args["dice"] == 3


def test_the_firer_assigns_the_first_hit_and_the_target_the_rest() -> None:
    """§5.6 step 4: in the primary target area the firer assigns the first hit, the target the rest."""
    s = act(force(_firefight().activation("us", "27ab", "fire"), 6, 6, 1, 1), FIRE)
    assert active(s) == "us" and step(s) == "assign_choice"
    s = act(s, {"type": "assign_hit", "unit": "NVA-66-C7-2"})
    assert active(s) == "nva"
    s = act(s, {"type": "assign_hit", "unit": "NVA-66-C7-2"})
    assert unit(s, "NVA-66-C7-2")["hits"] == 2


def test_only_the_nva_on_turn_one_may_hit_an_officer_first() -> None:
    """§5.6 step 4 / Q&A 1: only the NVA, on turn 1, may put the first hit on an officer."""
    p = Pos(turn=1).place("NVA-66-C7-1", "T3").place("US-A27-1", "T2").place("US-A27-CO", "T2")
    s = act(force(p.activation("nva", "66a", "fire"), 6, 1), {"type": "fire", "from": "T3", "at": "T2"})
    assert {a["unit"] for a in legal(s)} == {"US-A27-1", "US-A27-CO"}
    s2 = act(force(_firefight(("NVA-66-C7-CO", "T3")).activation("us", "27ab", "fire"), 6, 1, 1, 1), FIRE)
    assert {a["unit"] for a in legal(s2)} == {"NVA-66-C7-1", "NVA-66-C7-2"}


def test_the_defender_may_return_fire_and_assigns_its_first_hit() -> None:
    """§5.6 step 5: after the hits, the defenders may return fire; they assign the first hit,
    the original firer the rest."""
    s = act(force(_firefight().activation("us", "27ab", "fire"), 1, 1, 1, 1), FIRE)
    assert active(s) == "nva" and legal(s) == [{"type": "return_fire"}, {"type": "no_return_fire"}]
    s = act(force(s, 6, 6, 1, 1), {"type": "return_fire"})
    assert active(s) == "nva" and step(s) == "assign_choice"
    s = act(s, {"type": "assign_hit", "unit": "US-A27-1"})
    assert active(s) == "us"


def test_the_officer_check_follows_hits_in_an_area_with_officers() -> None:
    """§5.6 step 6 / Q&A 6: ≥1 hit and an officer there: 1d6, a 6 damages one officer."""
    s = _firefight(("NVA-66-C7-CO", "T3")).activation("us", "27ab", "fire")
    s = act(force(s, 6, 1, 1, 1), FIRE, {"type": "assign_hit", "unit": "NVA-66-C7-1"})
    s = act(force(s, 6), {"type": "no_return_fire"})
    assert unit(s, "NVA-66-C7-CO")["hits"] == 1 and lines(s, "officer_wounded")


def test_the_firers_may_advance_into_an_emptied_primary_target_area() -> None:
    """§5.6 step 7: with no enemy combat units left there, the firers may move in."""
    s = Pos().place("US-A27-1", "T2").place("NVA-66-C7-1", "T3", hits=3).activation("us", "27ab", "fire")
    s = act(force(s, 6, 1), FIRE)
    assert unit(s, "NVA-66-C7-1")["status"] == "eliminated"
    assert legal(s) == [{"type": "advance", "unit": "US-A27-1", "to": "T3"}, {"type": "end_advance"}]
    s = act(s, {"type": "advance", "unit": "US-A27-1", "to": "T3"})
    assert unit(s, "US-A27-1")["area"] == "T3"


def test_units_in_a_contested_area_cannot_fire_out_and_nobody_fires_in() -> None:
    """§5.4: no ranged fire out of, or into, a contested area."""
    s = (Pos().place("US-A27-1", "T2").place("NVA-66-C7-1", "T2").place("NVA-66-C7-2", "T3")
         .activation("us", "27ab", "fire"))
    assert not [a for a in legal(s) if a["type"] == "fire"]


def test_overstacked_units_fire_with_fewer_units() -> None:
    """§5.2 / AMBIG-7 (units): 4 units in an area: only 2 may fire."""
    p = Pos().place("NVA-66-C7-1", "T3")
    for uid in ("US-A27-1", "US-A27-2", "US-A27-3", "US-A27-4"):
        p.place(uid, "T2")
    s = act(force(p.activation("us", "27ab", "fire"), 1, 1, 1, 1, 1), FIRE)
    assert last_line(s, "fire").args["dice"] == 5  # the weapons platoon 3 + a rifle 2


# === §5.5 MELEE ===

def _melee() -> dict:
    s = (Pos().place("US-A27-1", "N1").place("US-A27-3", "N1").place("NVA-33-C1-1", "N0").place("NVA-33-C1-2", "N0")
         .activation("us", "27ab", "move"))
    return act(s, {"type": "move", "unit": "US-A27-1", "to": "N0"}, {"type": "move", "unit": "US-A27-3", "to": "N0"})


def test_melee_follows_movement_into_an_enemy_area_and_is_simultaneous() -> None:
    """§5.5 / Q&A 7: after the movement, melee in every contested area; both roll at once."""
    s = act(force(_melee(), 6, 1, 1, 1, 6, 6, 1, 1), {"type": "end_activation"})
    line = last_line(s, "melee").args
    assert (line["a_dice"], line["a_hits"], line["d_dice"], line["d_hits"]) == (4, 1, 4, 2)


def test_the_first_melee_hit_is_assigned_by_the_opponent() -> None:
    """§5.5 step 4: for each side the opponent assigns the first hit, the owner the rest."""
    s = act(force(_melee(), 6, 6, 1, 1, 6, 6, 1, 1), {"type": "end_activation"})
    assert active(s) == "us" and {a["unit"] for a in legal(s)} == {"NVA-33-C1-1", "NVA-33-C1-2"}
    s = act(s, {"type": "assign_hit", "unit": "NVA-33-C1-1"})
    assert active(s) == "nva"
    s = act(s, {"type": "assign_hit", "unit": "NVA-33-C1-2"})
    assert active(s) == "nva"  # now the first hit on the US attackers
    s = act(s, {"type": "assign_hit", "unit": "US-A27-3"})
    assert active(s) == "us"


def test_survivors_may_retreat_after_melee_defender_first() -> None:
    """§5.5 steps 5-6: the defender, then the attacker, may retreat (AMBIG-24: not into enemies)."""
    s = act(force(_melee(), 1, 1, 1, 1, 1, 1, 1, 1), {"type": "end_activation"})
    assert active(s) == "nva" and step(s) == "retreat"
    assert {a["to"] for a in legal(s) if a["type"] == "retreat"} == {"LZ_ALBANY", "N1", "R0", "T0"}


def test_night_us_melee_needs_the_search_roll() -> None:
    """§5.5 / §5.16 D: before a US melee at night, 1d6: 4-6 the NVA are not found."""
    s = (Pos(turn=9).place("US-A27-1", "N0").place("NVA-33-C1-1", "N0").activation("us", "27ab", "fire"))
    s = act(force(s, 5), {"type": "end_activation"})
    assert last_line(s, "search").args["found"] is False and not lines(s, "melee")


def test_nva_melee_in_lz_columbus_scores_two_once() -> None:
    """§5.5 / AMBIG-12: the NVA score 2 VP for melee in LZ Columbus, once per game: the second melee
    there, on a later activation, is fought but scores nothing more."""
    s = Pos().place("US-ART-1", "LZ_COLUMBUS").place("NVA-33-C1-1", "LZ_COLUMBUS").activation("nva", "33", "fire")
    s = act(force(s, 1, 1), {"type": "end_activation"})
    assert s["vp"]["nva"] == 2 and s["melee_columbus"] and len(lines(s, "melee")) == 1
    s = act(s, {"type": "end_retreat"})  # the NVA stay; the US never leave Columbus (§5.3)
    begin_frame(s, activation_frame("nva", "33", "fire"))
    s = act(force(s, 1, 1), {"type": "end_activation"})
    assert len(lines(s, "melee")) == 2 and s["vp"]["nva"] == 2


# === §5.12 THE HIT LADDER ===

def test_third_hit_reduces_and_scores() -> None:
    """§5.12 / §5.18: the 3rd hit flips a unit to reduced: US +1 for an NVA unit, NVA +2 for a US one."""
    s = Pos().place("NVA-33-C1-1", "N0", hits=2).place("US-A27-1", "N1", hits=2).state
    hit(s, "NVA-33-C1-1")
    hit(s, "US-A27-1")
    assert s["vp"] == {"us": 1, "nva": 2}
    assert unit(s, "NVA-33-C1-1")["hits"] == 3


def test_fourth_hit_eliminates_nva_and_makes_a_us_casualty_marker() -> None:
    """§5.12: 4th hit: NVA eliminated (+2 US); US unit replaced by a casualty marker (+2 NVA)."""
    s = Pos().place("NVA-33-C1-1", "N0", hits=3).place("US-A27-1", "N1", hits=3).state
    hit(s, "NVA-33-C1-1")
    hit(s, "US-A27-1")
    assert unit(s, "NVA-33-C1-1")["status"] == "eliminated" and unit(s, "US-A27-1")["status"] == "casualty"
    assert s["vp"] == {"us": 2, "nva": 2}


def test_fifth_hit_removes_a_casualty_marker() -> None:
    """§5.12 / §5.13: the 5th hit removes a US casualty marker (+2 NVA)."""
    s = Pos().place("US-A27-1", "N1", hits=4, status="casualty").state
    hit(s, "US-A27-1")
    assert unit(s, "US-A27-1")["status"] == "removed" and s["vp"]["nva"] == 2


def test_officers_are_wounded_then_killed() -> None:
    """§5.15: the 1st hit wounds an officer, the 2nd kills it; McDade killed is NVA +2."""
    s = Pos().place("US-MCDADE", "N1").state
    hit(s, "US-MCDADE")
    assert unit(s, "US-MCDADE")["status"] == "map" and s["vp"]["nva"] == 0
    hit(s, "US-MCDADE")
    assert unit(s, "US-MCDADE")["status"] == "killed" and s["vp"]["nva"] == 2
