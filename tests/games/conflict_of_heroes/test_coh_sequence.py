"""The sequence of play (digest §4.1-§4.4, §5.1-§5.3): set-up, the pre-turn sequence, initiative, activations,
opportunity and command actions, the reaction window, passes, the end of a turn."""

from __future__ import annotations

from coh_fixtures import FF1, act, declined, is_offered, lines, offered, one, position, step

from server.games.conflict_of_heroes import RULES
from server.games.conflict_of_heroes.forces import unit

GER, SOV = "ger_rifles_1", "sov_rifles_1"
# both in the open on board 1, three hexes apart, out of each other's fire arcs unless a test turns them
HERE = {GER: ("1-M5", "N"), SOV: ("1-M2", "S")}


def test_setup_places_firefight_1():
    """§1.0 (digest §4.1): units at the sheet's hexes and facings, reinforcements beside the map, CAP at the
    starting CAP, VP at the sheet's VP; turn 1's initiative as the sheet gives it."""
    s = RULES.setup(FF1, {}, b"s" * 16)
    assert unit(s, "sov_maxim_1")["hex"] == "1-H6" and unit(s, "sov_maxim_1")["facing"] == "NW"
    assert unit(s, "sov_rifles_4")["status"] == "waiting" and unit(s, "sov_rifles_4")["hex"] is None
    assert s["cap"] == {"german": 7, "soviet": 7} and s["vp"] == {"german": 0, "soviet": 1}
    assert s["turn"] == 1 and RULES.active_roles(s) == {"german"} and step(s) == "act"
    assert lines(s, "initiative_given")


def test_pre_turn_flips_units_and_resets_cap_less_losses():
    """§2.0, §3.2, §7.3 (digest §4.2 steps 1 and 3), AMBIG-4: every unit unused; CAP = starting CAP less own
    units destroyed, never below 0; unused CAP does not carry over."""
    s = position(HERE, cap=(1, 3))
    unit(s, GER)["used"] = True
    unit(s, "ger_lmg_1")["status"] = "destroyed"
    for uid in ("sov_rifles_2", "sov_rifles_3", "sov_rifles_4", "sov_rifles_5", "sov_maxim_1"):
        unit(s, uid)["status"] = "destroyed"
    s = act(s, {"type": "pass"}, {"type": "pass"})  # the turn ends; turn 3 begins with its initiative
    assert s["turn"] == 3 and not unit(s, GER)["used"] and step(s) == "declare"
    assert s["cap"] == {"german": 6, "soviet": 2}
    t = position(HERE)
    for n in range(8):  # more losses than the starting CAP
        t["units"][f"sov_lost_{n}"] = {**unit(t, "sov_rifles_5"), "status": "destroyed"}
    t = act(t, {"type": "pass"}, {"type": "pass"})
    assert t["cap"]["soviet"] == 0


def test_initiative_more_cap_declares_first_soviet_on_a_tie_high_roll_wins():
    """§2.1, §3.24 (digest §4.2 step 8): the player with more CAP declares first (the Soviet on equal CAP),
    then the other; 2D6 each plus the CAP declared; the higher total is the first active player."""
    s = position(HERE, dice=(3, 3, 4, 4))  # German 6 + 2 CAP = 8, Soviet 8 + 1 = 9
    s = act(s, {"type": "pass"}, {"type": "pass"})
    assert RULES.active_roles(s) == {"soviet"} and step(s) == "declare"  # equal CAP: the Soviet first
    assert [a["cap"] for a in offered(s)] == [0, 1, 2]
    s = act(s, {"type": "declare", "cap": 1})
    assert RULES.active_roles(s) == {"german"}
    s = act(s, {"type": "declare", "cap": 2})
    assert s["cap"] == {"german": 5, "soviet": 6}
    assert RULES.active_roles(s) == {"soviet"} and step(s) == "act"
    t = position(HERE, cap=(5, 4))
    t["units"]["sov_extra"] = {**unit(t, "sov_rifles_5"), "status": "destroyed"}
    t = act(t, {"type": "pass"}, {"type": "pass"})
    assert t["cap"] == {"german": 7, "soviet": 6} and RULES.active_roles(t) == {"german"}  # more CAP: first


def test_initiative_tie_is_rolled_again():
    """§2.1 (digest §4.2 step 8.4): a tie is rolled again without the earlier modifiers; each may declare
    again."""
    s = position(HERE, dice=(3, 3, 2, 4, 6, 6, 1, 1))
    s = act(s, {"type": "pass"}, {"type": "pass"}, {"type": "declare", "cap": 0}, {"type": "declare", "cap": 0})
    assert step(s) == "declare" and len(lines(s, "initiative")) == 2
    s = act(s, {"type": "declare", "cap": 0}, {"type": "declare", "cap": 0})
    assert RULES.active_roles(s) == {"german"}  # 12 against 2: the German rolls first


def test_activation_gives_7_ap_and_its_first_action():
    """§3.0 (digest §5.1): activating a unit sets its AP to 7 and takes its first action."""
    s = position(HERE)
    move = one(s, type="move", unit=GER, mode="activate", to="1-M4")
    assert move["cost"] == {"ap": 1, "cap": 0}
    s = act(s, move)
    assert step(s) == "face"
    s = act(s, {"type": "face", "unit": GER, "facing": "N"})
    assert s["period"]["unit"] == GER and s["period"]["ap"] == 6


def test_one_activation_a_period():
    """§3.0 (digest §4.3): no second activation in the same active period, even after the first ended."""
    s = position({**HERE, "ger_rifles_2": ("1-O5", "N")})
    s = declined(act(s, one(s, type="pivot", unit=GER, mode="activate", facing="NE")))
    assert not offered(s, unit="ger_rifles_2", mode="activate")
    s = act(s, {"type": "end_activation"})
    assert unit(s, GER)["used"] and s["period"]["unit"] is None
    assert not offered(s, mode="activate")
    assert offered(s, unit="ger_rifles_2", mode="opportunity")


def test_cap_tops_up_the_activated_units_ap():
    """§3.21 (digest §5.3): an activated unit short of AP pays the rest in CAP, 1:1."""
    s = position(HERE)
    s = declined(act(s, one(s, type="pivot", unit=GER, mode="activate", facing="NE")))
    s["period"]["ap"] = 1
    fire_cost = 3  # German rifles (counters.json)
    s = declined(act(s, one(s, type="pivot", unit=GER, mode="active", facing="N")))
    assert s["period"]["unit"] is None and unit(s, GER)["used"]  # §3.0: last AP spent, flipped at once
    s = position({GER: ("1-M5", "NE"), SOV: ("1-M3", "S")})  # two hexes apart, each in the other's arc
    s = declined(act(s, one(s, type="pivot", unit=GER, mode="activate", facing="N")))
    s["period"]["ap"] = 1
    fire = one(s, type="fire", unit=GER, mode="active", at="1-M3")
    assert fire["cost"]["ap"] == 1 and fire["cost"]["cap"] == fire_cost - 1


def test_command_action_pays_cap_and_leaves_the_unit_unused():
    """§3.22 (digest §5.3): a command action costs CAP equal to the AP cost; the unit's status is unchanged."""
    s = position(HERE)
    cmd = one(s, type="move", unit=GER, mode="command", to="1-M4")
    assert cmd["cost"] == {"ap": 0, "cap": 1}
    s = declined(act(s, cmd, {"type": "face", "unit": GER, "facing": "N"}))
    assert s["cap"]["german"] == 6 and not unit(s, GER)["used"] and s["period"]["unit"] is None
    assert offered(s, unit=GER, mode="activate")  # still unused, and no activation yet this period


def test_opportunity_action_is_free_and_uses_the_unit():
    """§3.1 (digest §5.2): an unused, non-activated unit takes one action at no cost, then it is used."""
    s = position(HERE)
    opp = one(s, type="move", unit=GER, mode="opportunity", to="1-M4")
    assert opp["cost"] == {"ap": 0, "cap": 0}
    s = declined(act(s, opp, {"type": "face", "unit": GER, "facing": "N"}))
    assert unit(s, GER)["used"] and s["cap"]["german"] == 7
    assert not offered(s, unit=GER, mode="opportunity") and not offered(s, unit=GER, mode="activate")
    assert offered(s, unit=GER, mode="command")  # a used unit still takes command actions


def test_one_reaction_per_action_and_no_reaction_to_a_reaction():
    """§3.1, digest §4.3: after every action of the active player the reacting player takes exactly one
    opportunity or command action, or declines, never an activation; a reaction gets no reaction."""
    s = position(HERE)
    s = act(s, one(s, type="move", unit=GER, mode="activate", to="1-M4"), {"type": "face", "unit": GER,
                                                                          "facing": "N"})
    assert RULES.active_roles(s) == {"soviet"} and step(s) == "reaction"
    types = {a["type"] for a in offered(s)}
    modes = {a.get("mode") for a in offered(s)} - {None}
    assert "decline" in types and "pass" not in types and modes <= {"opportunity", "command"}
    s = act(s, one(s, type="pivot", unit=SOV, mode="command", facing="SE"))
    assert RULES.active_roles(s) == {"german"} and step(s) == "act"  # straight back: no reaction to it
    assert unit(s, SOV)["facing"] == "SE" and not unit(s, SOV)["used"] and s["cap"]["soviet"] == 6


def test_pass_pass_ends_the_turn():
    """AMBIG-6, §2.3 (digest §4.3-§4.4): the turn ends when both players pass in succession with no action
    between; an action in between keeps it going."""
    s = position(HERE)
    s = act(s, {"type": "pass"})
    assert RULES.active_roles(s) == {"soviet"} and s["turn"] == 2
    s = declined(act(s, one(s, type="pivot", unit=SOV, mode="activate", facing="SE")))
    s = act(s, {"type": "pass"})
    assert RULES.active_roles(s) == {"german"} and s["turn"] == 2  # the Soviet acted: not over
    s = act(s, {"type": "pass"})
    assert s["turn"] == 2 and RULES.active_roles(s) == {"soviet"}
    s = act(s, {"type": "pass"})
    assert s["turn"] == 3


def test_pass_flips_an_activated_unit_and_loses_its_ap():
    """AMBIG-6 (Fig. 3): passing with an activated unit that still holds AP flips it to used."""
    s = position(HERE)
    s = declined(act(s, one(s, type="pivot", unit=GER, mode="activate", facing="NE")))
    s = act(s, {"type": "pass"})
    assert unit(s, GER)["used"] and RULES.active_roles(s) == {"soviet"} and s["period"]["unit"] is None


def test_reinforcement_enters_by_activation_on_its_turn():
    """§5.1 (digest §5.5): a reinforcement waits beside the map until activated on its turn or later; entering
    costs the entry hex's movement cost and is one action."""
    s = position(HERE, player="soviet", turn=1)
    unit(s, "sov_rifles_4")["status"] = "waiting"
    assert not offered(s, unit="sov_rifles_4")
    s = position(HERE, player="soviet", turn=2)
    unit(s, "sov_rifles_4")["status"] = "waiting"
    entries = offered(s, unit="sov_rifles_4")
    assert [(a["type"], a["mode"], a["to"]) for a in entries] == [
        ("enter", "activate", h) for h in ("1-S5", "1-S6", "1-S7")]
    s = act(s, entries[1], {"type": "face", "unit": "sov_rifles_4", "facing": "SW"})
    assert unit(s, "sov_rifles_4")["hex"] == "1-S6" and s["period"]["ap"] == 6


def test_an_unoffered_action_is_refused():
    """The engine refuses what ``legal_actions`` does not offer (a second activation, a move off the list)."""
    s = position(HERE)
    assert not is_offered(s, {"type": "move", "unit": GER, "mode": "activate", "to": "1-M2"})
