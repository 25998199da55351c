"""Back to Iraq, the sequence of play (digest §5, rulebook §5), set-up (§3), stacking (§6), regroup and recovery
(§9), and victory, MIPP and control (§4), with dice forced."""

from __future__ import annotations

from bti_fixtures import act, destinations, last_log, offered, position

from server.engine.core import apply_action
from server.games.back_to_iraq import RULES
from server.games.back_to_iraq.control import enter
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.mipp import mipp_check

B = dataset().board
KC = B.hex_of("kuwait_city")


def test_the_coalition_sets_up_first_then_the_islamic_player() -> None:
    """§3.1: in a free set-up the Coalition places every unit, then the Islamic player; then turn 1 begins."""
    s = RULES.setup("1", {"free_setup": True}, b"setup")
    assert RULES.active_roles(s) == {"coalition"} and s["units"]["iq_8"]["status"] == "setup"
    placed = 0
    for role in ("coalition", "islamic"):
        while RULES.active_roles(s) == {role} and s["phase"] == "setup":
            acts = RULES.legal_actions(s, role)
            a = next((a for a in acts if a["type"] in ("end_setup", "place") and not a.get("stacking")), acts[0])
            placed += a["type"] == "place"
            s = apply_action(RULES, s, role, a)
    assert placed == sum(1 for u in s["units"].values() if u["status"] == "map")
    assert s["phase"] == "weather_regroup" and RULES.active_roles(s) == {"coalition"}


def test_iraqi_units_do_not_set_up_in_the_kurdish_area() -> None:
    """§3.4: in Scenario 1 the Iraqi units set up anywhere in Iraq but the Kurdish area; the RG divisions in or
    beside Baghdad (AMBIG-4)."""
    s = RULES.setup("1", {"free_setup": True}, b"setup")
    s["stack"] = [s["stack"][0], {"kind": "setup", "side": "islamic", "selected": "iq_8"}]
    hexes = {a["to"] for a in offered(s, "islamic", "place")}
    assert hexes and not hexes & B.kurdish_area and all(B.country[h] == "iraq" for h in hexes)
    s["stack"][-1]["selected"] = "rg_medina"
    assert all(B.grid.distance(a["to"], B.hex_of("baghdad")) <= 1 for a in offered(s, "islamic", "place"))


def test_an_overstacked_hex_loses_units_at_the_end_of_the_phase() -> None:
    """§6.1 (LOST-9), §6.5: three Islamic divisions a hex; a move may pass or end over the limit, but at the end of
    the phase the owner removes units until the hex is legal."""
    s = position({"iq_8": "1409", "iq_2": "1410", "iq_5": "1410", "iq_3": "1410"}, "islamic_movement")
    move = offered(s, "islamic", "move", unit="iq_8", to="1410")[0]
    assert move.get("stacking") is True
    s = apply_action(RULES, s, "islamic", move)
    s = act(s, "islamic", "end_movement")
    assert {a["type"] for a in RULES.legal_actions(s, "islamic")} == {"eliminate"}
    s = act(s, "islamic", "eliminate", unit="iq_2")
    assert s["units"]["iq_2"]["status"] == "eliminated" and s["phase"] == "combat"


def test_sub_division_units_count_half() -> None:
    """§6.1 (LOST-10): an Iraqi unit smaller than a division counts half a division."""
    s = position({"iq_8": "1409", "iq_2": "1410", "iq_5": "1410", "iq_sdfe_a": "1410", "iq_gss": "1409"},
                 "islamic_movement")
    assert not offered(s, "islamic", "move", unit="iq_gss", to="1410")[0].get("stacking")
    assert offered(s, "islamic", "move", unit="iq_8", to="1410")[0].get("stacking")


def test_the_regroup_die_forces_a_regroup_and_moves_the_marker() -> None:
    """§9.2 (LOST-3, LOST-18): on the marker's turn the Coalition rolls: 1-3 is a regroup turn and the marker jumps
    four turns; otherwise it moves to the next turn."""
    s = position({"us_3id": "3532"}, "regroup", turn=4, regroup={"marker": 4, "now": None}, dice=(2,))
    s = act(s, "coalition", "no_regroup")
    assert s["regroup"] == {"marker": 8, "now": "forced"}
    s = position({"us_3id": "3532"}, "regroup", turn=4, regroup={"marker": 4, "now": None}, dice=(5,))
    s = act(s, "coalition", "no_regroup")
    assert s["regroup"] == {"marker": 5, "now": None} and offered(s, "coalition", "move_first")


def test_in_a_forced_regroup_the_coalition_neither_moves_nor_attacks() -> None:
    """§9.3: a forced regroup turn: no Coalition movement or combat; the Islamic units may then leave ZOC (§7.5)."""
    s = position({"us_3id": "2929", "iq_8": "2930"}, "regroup", regroup={"marker": 2, "now": None}, dice=(1,))
    s = act(s, "coalition", "no_regroup")
    assert RULES.active_roles(s) == {"islamic"} and s["phase"] == "movement"
    assert destinations(s, "iq_8")  # it started in the 3rd ID's ZOC


def test_a_voluntary_regroup_lets_coalition_units_move_one_hex() -> None:
    """§9.4 (LOST-19): a voluntary regroup is a forced one but that units may move one hex."""
    s = position({"us_3id": "2929"}, "regroup")
    s = act(s, "coalition", "voluntary_regroup")
    assert s["regroup"]["now"] == "voluntary" and s["regroup"]["marker"] == 2 + 4
    assert destinations(s, "us_3id") == set(B.neighbours("2929"))
    s = act(s, "coalition", "move", unit="us_3id", to="2930")
    assert not destinations(s, "us_3id")
    s = act(s, "coalition", "end_movement")
    assert RULES.active_roles(s) == {"islamic"}  # no Coalition combat phase


def test_recovery_restores_reduced_units_that_did_not_move() -> None:
    """§9.5: in the Recovery Phase of a regroup turn a reduced unit that did not move, was reduced when the turn
    began, and traces land supply, is back at full strength; one reduced during the turn is not."""
    s = position({"us_3id": "3532", "uk_1ad": "3630", "us_1cav": "3432"}, "regroup")
    for uid in ("us_3id", "uk_1ad"):
        s["units"][uid].update(steps=1, full_at_start=False)
    s["units"]["us_1cav"].update(steps=1, full_at_start=True)
    s = act(s, "coalition", "voluntary_regroup")
    s = act(s, "coalition", "move", unit="uk_1ad", to=next(iter(destinations(s, "uk_1ad"))))
    s = act(s, "coalition", "end_movement")
    s = act(s, "islamic", "end_movement")
    s = act(s, "islamic", "end_combat")
    assert s["units"]["us_3id"]["steps"] == 2 and s["units"]["uk_1ad"]["steps"] == 1
    assert s["units"]["us_1cav"]["steps"] == 1


def test_a_mipp_check_gains_half_the_die_rounded_up() -> None:
    """§4.3: one die, half rounded up: 1-3 MIPP."""
    for die, gain in ((1, 1), (2, 1), (3, 2), (6, 3)):
        s = position({"us_3id": "3532"}, dice=(die,))
        assert mipp_check(s, "combat") == gain and s["mipp"] == gain


def test_retaking_a_city_the_coalition_held_is_a_mipp_check() -> None:
    """§4.2(3): the Islamic side recaptures a Coalition-controlled city: a MIPP check."""
    city = B.hex_of("nasiriyah")
    s = position({"us_3id": "3532"}, dice=(6,))
    enter(s, "coalition", [city])
    enter(s, "islamic", [city])
    assert s["control"][city] == "islamic" and last_log(s, "mipp_check")["gain"] == 3


def test_the_islamic_side_wins_at_once_if_it_takes_kuwait_city() -> None:
    """§4.6 (AMBIG-23): Islamic control of the Kuwait City hex is a sudden-death victory, MIPP ignored."""
    s = position({"us_3id": "3532"})
    enter(s, "islamic", [KC])
    assert RULES.outcome(s) is not None and RULES.outcome(s).winner == "islamic"
    assert RULES.outcome(s).reason == "kuwait"


def test_baghdad_once_held_by_the_coalition_is_no_source_again() -> None:
    """§8.4: once the Coalition has controlled Baghdad it loses its source function for good."""
    bg = B.hex_of("baghdad")
    s = position({"us_3id": "3532"})
    enter(s, "coalition", [bg])
    enter(s, "islamic", [bg])
    assert bg in s["lost_sources"]
    from server.games.back_to_iraq.supply import sources
    assert bg not in sources(s, "iraq")


def _holding(s, cities):
    for h in cities:
        s["control"][h] = "coalition"
    return s


def test_the_coalition_may_declare_victory_at_the_end_of_a_turn() -> None:
    """§4.4 (LOST-30, LOST-31): at the end of a turn, holding Kuwait, 11 of the 14 Iraqi cities and MIPP under 30,
    the Coalition may declare victory (AMBIG-22: at the end of any turn)."""
    s = position({"us_3id": "3532", "iq_8": "1409"}, "islamic_combat", mipp=29)
    _holding(s, B.cities("iraq")[:11])
    s = act(s, "islamic", "end_combat")
    assert offered(s, "coalition", "declare_victory")
    t = act(s, "coalition", "declare_victory")
    assert RULES.outcome(t).winner == "coalition" and RULES.outcome(t).reason == "victory"
    t = act(s, "coalition", "play_on")
    assert t["turn"] == 3 and RULES.outcome(t) is None


def test_thirty_mipp_denies_the_coalition_its_victory_in_scenario_1() -> None:
    """§4.4 (LOST-31): in Scenario 1 the MIPP must stay below 30."""
    s = position({"us_3id": "3532", "iq_8": "1409"}, "islamic_combat", mipp=30)
    _holding(s, B.cities("iraq")[:11])
    s = act(s, "islamic", "end_combat")
    assert not offered(s, "coalition", "declare_victory") and s["turn"] == 3


def test_the_last_turn_ends_the_match() -> None:
    """§4.4-§4.5 (LOST-5, AMBIG-22): after the last turn (12 in Scenario 1) the Islamic side has won unless the
    Coalition meets its conditions."""
    s = position({"us_3id": "3532", "iq_8": "1409"}, "islamic_combat", turn=12)
    s = act(s, "islamic", "end_combat")
    assert RULES.outcome(s).winner == "islamic" and RULES.outcome(s).reason == "time"
    s = position({"us_3id": "3532", "iq_8": "1409"}, "islamic_combat", turn=12)
    _holding(s, B.cities("iraq")[:11])
    s = act(s, "islamic", "end_combat")
    assert RULES.outcome(s).winner == "coalition"


def test_scenario_2_needs_iranian_cities_too() -> None:
    """§4.5 (LOST-30): Scenario 2 asks 6 Iraqi and 1 Iranian city as well as Kuwait."""
    s = position({"us_3id": "3532", "iq_8": "1409"}, "islamic_combat", "2", turn=16)
    _holding(s, [*B.cities("iraq")[:6], KC])
    s = act(s, "islamic", "end_combat")
    assert RULES.outcome(s).winner == "islamic"
    s = position({"us_3id": "3532", "iq_8": "1409"}, "islamic_combat", "2", turn=16)
    _holding(s, B.cities("iraq")[:6] + B.cities("iran")[:1] + [KC])
    s = act(s, "islamic", "end_combat")
    assert RULES.outcome(s).winner == "coalition"


def test_scenario_2_allows_the_coalition_mipp_up_to_sixty() -> None:
    """§4.5 (LOST-31): Scenario 2's own limit is 60: 59 MIPP still lets the Coalition win, 60 does not."""
    for mipp, winner in ((59, "coalition"), (60, "islamic")):
        s = position({"us_3id": "3532", "iq_8": "1409"}, "islamic_combat", "2", turn=16, mipp=mipp)
        _holding(s, B.cities("iraq")[:6] + B.cities("iran")[:1] + [KC])
        s = act(s, "islamic", "end_combat")
        assert RULES.outcome(s).winner == winner


def test_the_coalition_chooses_the_order_of_its_phases() -> None:
    """§5.3: each turn the Coalition chooses Move-then-Combat or Combat-then-Move; the Islamic turn always moves
    first."""
    s = position({"us_3id": "2929", "iq_8": "2931"}, "regroup")
    s = act(s, "coalition", "no_regroup")
    s = act(s, "coalition", "combat_first")
    assert s["phase"] == "combat" and s["player"] == "coalition"
    s = act(s, "coalition", "end_combat")
    assert s["phase"] == "movement" and s["player"] == "coalition"
    s = act(s, "coalition", "end_movement")
    assert (s["phase"], s["player"]) == ("movement", "islamic")
