"""Fire, hits, close combat and rally in play (digest §5.6-§5.14): what may be fired at, one roll per unit of the
target hex with its own CAP, hit counters drawn from the pile, destruction and its VP and CAP, rally."""

from __future__ import annotations

from coh_fixtures import act, declined, lines, offered, one, position, step

from server.games.conflict_of_heroes import RULES
from server.games.conflict_of_heroes.combat import remaining
from server.games.conflict_of_heroes.forces import unit

GER, SOV, SOV2 = "ger_rifles_1", "sov_rifles_1", "sov_rifles_2"
FACE_TO_FACE = {GER: ("1-M4", "N"), SOV: ("1-M3", "S")}  # adjacent, in the open, each in the other's arc
# the infantry pile in the file's order: a forced draw is an index into what is left of it
BERSERK, KILLED, PINNED, SUPPRESSED = 0, 3, 6, 13


def fire_at(s, at, **match):
    return act(s, one(s, type="fire", unit=GER, mode="activate", at=at, **match))


def test_fire_needs_arc_range_and_line_of_sight():
    """§7.0, §6.1, §7.6, §6.0 (digest §5.6, §2.5-§2.6): only a target in the firer's arc, within twice its range
    and in its line of sight may be fired at."""
    assert offered(position(FACE_TO_FACE), type="fire", unit=GER)
    assert not offered(position({GER: ("1-M4", "S"), SOV: ("1-M3", "S")}), type="fire", unit=GER)  # behind it
    assert not offered(position({GER: ("1-N4", "N"), SOV: ("1-N1", "S")}), type="fire", unit=GER)  # woods 1-N2
    far = position({GER: ("1-M12", "N"), SOV: ("1-M1", "S")})  # 11 hexes: beyond twice the range of 5
    assert not offered(far, type="fire", unit=GER)


def test_fire_shows_its_cost_the_number_needed_and_the_chances():
    """§7.0-§7.2, §7.62, AMBIG-1: German rifles FP 2 + short range 3 against front DR 12 in the open need 7 on
    2D6 for one hit, 11 for two: 18/36 and 3/36."""
    fire = one(position(FACE_TO_FACE), type="fire", unit=GER, mode="activate")
    assert fire["cost"]["ap"] == 3 and fire["cost"]["cap"] == 0
    assert fire["cost"]["odds"] == [{"unit": SOV, "needed": 7, "one_hit": 0.5, "two_hits": 0.0833}]


def test_one_hit_draws_a_hit_counter_and_logs_every_modifier():
    """§7.4, §5.9 (AMBIG-13): one hit on an unhit unit draws a counter from its pile, at random, placed at once;
    the roll is logged with every modifier."""
    s = position(FACE_TO_FACE, dice=(3, 4, SUPPRESSED))
    s = fire_at(s, "1-M3")
    assert step(s) == "roll" and [a["cap"] for a in offered(s)] == [0, 1, 2]
    s = act(s, one(s, type="roll", target=SOV, cap=0))
    assert unit(s, SOV)["counter"] == "suppressed"
    roll = lines(s, "roll")[-1]["args"]
    words = [p["args"]["what"] for p in roll["av"]["args"]["parts"]]
    assert roll["hits"] == 1 and roll["av"]["args"]["total"] == 12 and roll["dv"]["args"]["total"] == 12
    assert {"key": "mod.short_range"} in words and {"key": "mod.red_fp"} in words
    assert remaining(s, "infantry").count("suppressed") == 4  # the pile holds the other four
    assert step(s) == "reaction"  # the reaction after all the rolls (§7.7)


def test_cap_added_to_a_roll_before_it():
    """§3.23: up to 2 CAP per roll, declared before it, spent from the attacker's CAP; the defender adds none."""
    s = fire_at(position(FACE_TO_FACE, dice=(3, 2, PINNED)), "1-M3")
    roll = one(s, type="roll", target=SOV, cap=2)
    assert roll["cost"]["needed"] == 5
    s = act(s, roll)
    assert s["cap"]["german"] == 5 and unit(s, SOV)["counter"] == "pinned"  # 5 + 5 + 2 = 12 >= 12


def test_two_hits_destroy_and_score():
    """§7.0, §7.3, AMBIG-1: AV >= DV + 4 is two hits and destroys the unit; the opponent scores the kill's VP;
    the owner's CAP is one less from the next turn on."""
    s = position(FACE_TO_FACE, dice=(5, 6))
    s = act(fire_at(s, "1-M3"), {"type": "roll", "target": SOV, "cap": 0})
    assert unit(s, SOV)["status"] == "destroyed" and s["vp"]["german"] == 1
    assert s["cap"]["soviet"] == 7  # not during the turn
    s = act(declined(s), {"type": "pass"}, {"type": "pass"}, {"type": "pass"})  # the Soviet's pass after an action
    assert s["turn"] == 3 and s["cap"]["soviet"] == 6


def test_a_hit_on_a_unit_with_a_counter_destroys_it():
    """§7.3, §5.9: a unit never carries two hit counters: a second hit destroys it, and its counter goes back."""
    s = position(FACE_TO_FACE, dice=(3, 4))
    unit(s, SOV)["counter"] = "pinned"
    s = act(fire_at(s, "1-M3"), {"type": "roll", "target": SOV, "cap": 0})
    assert unit(s, SOV)["status"] == "destroyed" and remaining(s, "infantry").count("pinned") == 5


def test_killed_destroys_at_once():
    """§7.4: drawing Killed eliminates the unit by its first hit."""
    s = position(FACE_TO_FACE, dice=(3, 4, KILLED))
    s = act(fire_at(s, "1-M3"), {"type": "roll", "target": SOV, "cap": 0})
    assert unit(s, SOV)["status"] == "destroyed" and lines(s, "destroyed")[-1]["args"]["why"] == {"key": "why.killed"}


def test_each_unit_in_the_hex_is_rolled_against_separately_friends_too():
    """§7.7, §3.23 Q&A, AMBIG-12: fire at a hex rolls against every unit in it, friend and foe, in the order the
    attacker picks, each roll with its own CAP; the reaction comes after the last roll."""
    s = position({GER: ("1-M4", "N"), SOV: ("1-M2", "S"), SOV2: ("1-M2", "S"), "ger_rifles_2": ("1-M2", "S")},
                 dice=(1, 1, 1, 1, 1, 1))
    fire = one(s, type="fire", unit=GER, mode="activate", at="1-M2")
    assert [o["unit"] for o in fire["cost"]["odds"]] == ["ger_rifles_2", SOV, SOV2]
    s = act(s, fire, {"type": "roll", "target": SOV2, "cap": 1})
    assert step(s) == "roll" and {a["target"] for a in offered(s)} == {"ger_rifles_2", SOV}
    s = act(s, {"type": "roll", "target": SOV, "cap": 0}, {"type": "roll", "target": "ger_rifles_2", "cap": 0})
    assert len(lines(s, "roll")) == 3 and s["cap"]["german"] == 6
    assert RULES.active_roles(s) == {"soviet"} and step(s) == "reaction"


def test_close_combat_in_the_own_hex():
    """§7.63 (digest §5.13): units sharing a hex with enemies may attack them: flank DR, +4 for squads instead of
    short range, friends in the hex not attacked; a unit in such a hex cannot fire out of it."""
    s = position({GER: ("1-M3", "N"), SOV: ("1-M3", "N"), "ger_rifles_2": ("1-M3", "N"), SOV2: ("1-M5", "N")})
    assert [a["at"] for a in offered(s, type="fire", unit=GER, mode="activate")] == ["1-M3"]
    fire = one(s, type="fire", unit=GER, mode="activate", at="1-M3")
    assert fire["cost"]["odds"] == [{"unit": SOV, "needed": 11 - 6, "one_hit": 0.5556, "two_hits": 0.2778}]


def test_leaving_a_close_combat_hex_is_restricted():
    """§7.63, AMBIG-10: a unit leaving a hex an enemy entered this turn may not go back into the hex the enemy
    came from nor the two hexes adjacent to both."""
    s = position({GER: ("1-M4", "N"), SOV: ("1-M3", "S")}, player="soviet")
    s = act(s, one(s, type="move", unit=SOV, mode="activate", to="1-M4"), {"type": "face", "unit": SOV,
                                                                         "facing": "S"})
    assert step(s) == "reaction" and RULES.active_roles(s) == {"german"}
    exits = {a["to"] for a in offered(s, type="move", unit=GER)}
    assert exits == {"1-M5", "1-L4", "1-N4"}  # not 1-M3 (whence it came), nor 1-L3 and 1-N3 beside it


def test_rally_removes_the_counter_back_to_its_pile():
    """§7.5, §7.51, AMBIG-13: 5AP; 2D6 + cover + unhit units in the hex + CAP >= the rally number removes the
    counter, which goes back to its pile; a failed roll changes nothing."""
    s = position({GER: ("1-M4", "N"), "ger_rifles_2": ("1-M4", "N"), SOV: ("1-M1", "S")}, dice=(3, 2))
    unit(s, GER)["counter"] = "suppressed"  # rally 7
    rallies = offered(s, type="rally", unit=GER, mode="activate")
    assert [(a["cap"], a["cost"]["ap"], a["cost"]["needed"]) for a in rallies] == [(0, 5, 6), (1, 5, 5), (2, 5, 4)]
    s = act(s, rallies[0])  # 5 + 1 unhit companion = 6 < 7
    assert unit(s, GER)["counter"] == "suppressed" and lines(s, "not_rallied")
    s = position({GER: ("1-M4", "N"), "ger_rifles_2": ("1-M4", "N"), SOV: ("1-M1", "S")}, dice=(3, 3))
    unit(s, GER)["counter"] = "suppressed"
    assert remaining(s, "infantry").count("suppressed") == 4
    s = act(s, one(s, type="rally", unit=GER, mode="activate", cap=0))
    assert unit(s, GER)["counter"] is None and remaining(s, "infantry").count("suppressed") == 5


def test_no_rally_beside_the_enemy():
    """§7.5: a unit in a hex with enemy units cannot rally."""
    s = position({GER: ("1-M4", "N"), SOV: ("1-M4", "S")})
    unit(s, GER)["counter"] = "suppressed"
    assert not offered(s, type="rally", unit=GER)


def test_pinned_cannot_move_or_pivot_stunned_only_rallies():
    """§7.4 (digest §1.3): Pinned cannot move nor change facing; Stunned can take no action but rally."""
    s = position(FACE_TO_FACE)
    unit(s, GER)["counter"] = "pinned"
    kinds = {a["type"] for a in offered(s, unit=GER)}
    assert "move" not in kinds and "pivot" not in kinds and {"fire", "rally"} <= kinds
    unit(s, GER)["counter"] = "stunned"
    assert {a["type"] for a in offered(s, unit=GER)} == {"rally"}


def test_move_front_hex_and_reverse_into_a_flank_hex():
    """§5.0, §5.2 (digest §5.4): into a front hex at the movement cost plus terrain; into a flank hex at +1AP
    (reverse); after entering, the unit faces any hexside, free, before the reaction."""
    s = position({GER: ("1-M4", "N"), SOV: ("1-A1", "S")})
    cost = {a["to"]: a["cost"]["ap"] for a in offered(s, type="move", unit=GER, mode="activate")}
    assert cost == {"1-M3": 1, "1-N3": 1, "1-L3": 1, "1-N4": 2, "1-M5": 2, "1-L4": 2}
    s = act(s, one(s, type="move", unit=GER, mode="activate", to="1-M5"))
    assert step(s) == "face" and len(offered(s)) == 6
    s = act(s, {"type": "face", "unit": GER, "facing": "S"})
    assert unit(s, GER)["facing"] == "S" and s["period"]["ap"] == 5


def test_pivot_costs_one_ap():
    """§5.3: a pivot is 1AP and one action."""
    s = position(FACE_TO_FACE)
    pivots = offered(s, type="pivot", unit=GER, mode="activate")
    assert [a["facing"] for a in pivots] == ["NE", "SE", "S", "SW", "NW"] and {a["cost"]["ap"] for a in pivots} == {1}


def test_a_hit_counter_is_drawn_from_what_is_left_of_its_pile():
    """§1.0 step 6, AMBIG-13: a counter under a unit is not in the pile; the draw is among the others."""
    s = position({**FACE_TO_FACE, "ger_rifles_2": ("1-A1", "N")}, dice=(3, 4, BERSERK))
    unit(s, "ger_rifles_2")["counter"] = "berserk"  # the only Berserk: index 0 is now the first Cowering
    s = act(fire_at(s, "1-M3"), {"type": "roll", "target": SOV, "cap": 0})
    assert unit(s, SOV)["counter"] == "cowering" and len(remaining(s, "infantry")) == 18


def test_reaction_fire_that_destroys_the_activated_unit_ends_its_activation():
    """§3.1, §7.3: the reacting player's opportunity fire may destroy the activated unit; its AP are gone and the
    active player may not activate another unit this period."""
    s = position({GER: ("1-M4", "N"), SOV: ("1-M3", "S"), "ger_rifles_2": ("1-A1", "N")}, dice=(6, 6))
    s = act(s, one(s, type="pivot", unit=GER, mode="activate", facing="NE"))
    assert step(s) == "reaction"
    s = act(s, one(s, type="fire", unit=SOV, mode="opportunity", at="1-M4"), {"type": "roll", "target": GER,
                                                                            "cap": 0})
    assert unit(s, GER)["status"] == "destroyed" and unit(s, SOV)["used"] and s["vp"]["soviet"] == 2
    assert RULES.active_roles(s) == {"german"} and s["period"]["unit"] is None
    assert not offered(s, mode="activate") and offered(s, unit="ger_rifles_2", mode="opportunity")
