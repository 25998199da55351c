"""Back to Iraq, the advanced game's air strikes (digest §9.2, rulebook §G2) on strategic targets and HQs, with
dice forced."""

from __future__ import annotations

from typing import Any

from bti_fixtures import act, last_log, offered, position, put

from server.engine.core import make_view
from server.games.back_to_iraq import RULES, air
from server.games.back_to_iraq.data import dataset

B = dataset().board
ON = {"strategic_targets": True, "air_strikes": True}
BASRA, ZUBAYR = B.hex_of("basra"), B.hex_of("zubayr")  # a city, a town


def strikes(units: dict[str, str] | None = None, dice: tuple[int, ...] = (), scenario: str = "1",
            **over: Any) -> dict[str, Any]:
    """The Coalition combat phase of turn 2 opening with its air-strike sub-phase; the first die is §G2.2's."""
    s = position(units or {}, "coalition_combat", scenario, options=ON, dice=dice, **over)
    lure = put(s, B.hex_of("mosul"), "deception")  # a target, so that the sub-phase opens; then back in the cup
    frame = air.begin(s)
    s["targets"][lure].update(hex=None, status="pool", seen=False)
    assert frame is not None
    s["stack"].append(frame)
    return s


def test_the_coalition_combat_phase_opens_with_the_air_strikes() -> None:
    """§G2.4: the air-strike sub-phase comes at the start of the Coalition combat phase, before ground combat."""
    s = position({"us_3id": "3530"}, options=ON)
    put(s, BASRA, "c3i")
    s = act(s, "coalition", "end_movement")
    assert s["stack"][-1]["kind"] == air.STEP and s["stack"][-2]["kind"] == "combat"
    assert make_view(RULES, s, "coalition")["air"]["strikes"] == last_log(s, "air_strikes")["strikes"]


def test_without_a_target_there_is_no_air_strike_sub_phase() -> None:
    """§G2.4: strikes go only on HQs and strategic markers; with neither on the map (air strikes without the
    strategic targets or C2, or every target gone) the combat phase opens without the sub-phase."""
    s = position({"us_3id": "3530"}, options={"air_strikes": True})
    s = act(s, "coalition", "end_movement")
    assert s["stack"][-1]["kind"] == "combat" and make_view(RULES, s, "coalition")["air"] is None


def test_strikes_per_turn_are_a_die_plus_four_or_two_less_two_per_revealed_adc() -> None:
    """§G2.2 (LOST-45, LOST-43): Scenario 1 rolls 1d6 + 4, Scenario 2 1d6 + 2; each revealed Air Defense Command
    takes two away."""
    assert strikes(dice=(3,))["stack"][-1]["strikes"] == 7
    assert strikes(dice=(3,), scenario="2")["stack"][-1]["strikes"] == 5
    s = position({}, "coalition_combat", options=ON, dice=(3,))
    put(s, B.hex_of("mosul"), "c3i")
    put(s, BASRA, "adc", face="up")
    put(s, ZUBAYR, "adc")  # face down: no effect yet
    frame = air.begin(s)
    assert frame is not None and frame["strikes"] == 5


def test_after_an_israeli_retaliation_israeli_strikes_come_each_later_turn() -> None:
    """§G5.2(1) (LOST-51): every turn after the Israeli retaliation one more die: 1-3 one Israeli strike, 4-6 two."""
    s = strikes(dice=(3, 5), israel=1)
    assert s["stack"][-1]["israeli"] == 2
    same_turn = strikes(dice=(3, 5), israel=2)
    assert same_turn["stack"][-1]["israeli"] == 0


def test_strikes_go_on_markers_and_hqs_one_type_to_a_hex_within_the_counter_mix() -> None:
    """§G2.4-§G2.5(1): targets are hexes with strategic markers (face up or down) or enemy HQs; a hex takes one type
    of counter a turn; at most 3 Stealth counters (tables.json air); a risen Rebellion is no target."""
    s = strikes({"iq_hq_3": "2925"}, dice=(6,))
    put(s, BASRA, "c3i")
    rebel = put(s, ZUBAYR, "rebellion", face="up")
    s["targets"][rebel]["active"] = True
    assert {a["at"] for a in offered(s, "coalition", "air_strike")} == {BASRA, "2925"}
    s = act(s, "coalition", "air_strike", at=BASRA, air="stealth")
    assert {a["air"] for a in offered(s, "coalition", "air_strike", at=BASRA)} == {"stealth"}
    s = act(s, "coalition", "air_strike", at=BASRA, air="stealth")
    s = act(s, "coalition", "air_strike", at="2925", air="conventional")
    s = act(s, "coalition", "air_strike", at=BASRA, air="stealth")
    assert not offered(s, "coalition", "air_strike", air="stealth")  # the three counters are used
    # 10 strikes this turn, 4 placed: 6 left, no more than the 5 Conventional counters left
    assert make_view(RULES, s, "coalition")["air"]["left"] == {"conventional": 5, "recon": 3}


def test_the_die_gains_one_per_extra_counter_and_loses_for_cities_rough_and_mountain() -> None:
    """§G2.5 modifiers: +1 for each counter after the first; -1 against rough or a city, -2 against mountain
    (AMBIG-26); +2 off cities and towns when the Coalition retaliates for chemical or nuclear use."""
    s = strikes(dice=(6,))
    assert air.modifier(s, BASRA, "conventional", 3) == 2 - 1
    open_hex = next(h for h in B.hexes if B.terrain[h] == "clear" and h not in B.places)
    mountain = next(h for h in B.hexes if B.terrain[h] == "mountain" and h not in B.places)
    assert air.modifier(s, open_hex, "conventional", 1) == 0 and air.modifier(s, mountain, "stealth", 1) == -2
    s["coalition_chemical"] = 1
    assert air.modifier(s, open_hex, "conventional", 1) == 2 and air.modifier(s, open_hex, "recon", 1) == 0
    assert air.modifier(s, BASRA, "conventional", 1) == -1


def test_a_conventional_strike_removes_markers_unrevealed_and_may_cause_collateral_damage() -> None:
    """§G2 Conventional table: 5-6 suppression and strategic (the hex's markers removed without being revealed,
    §G1.4(3)); 1 or less collateral damage, 2 MIPP for a city."""
    s = strikes(dice=(6, 6))  # 6 - 1 (a city) = 5
    tid = put(s, BASRA, "c3i")
    s = act(s, "coalition", "air_strike", at=BASRA, air="conventional")
    s = act(s, "coalition", "resolve_air")
    assert s["targets"][tid]["status"] == "removed" and s["targets"][tid]["face"] == "down"
    seen = {m["id"]: m for m in make_view(RULES, s, "coalition")["targets"]["markers"]}
    assert seen[tid]["kind"] is None and s["stack"][-1]["kind"] == "combat"
    s = strikes(dice=(6, 2))  # 2 - 1 = 1
    put(s, BASRA, "wmd")
    s = act(s, "coalition", "air_strike", at=BASRA, air="conventional")
    s = act(s, "coalition", "resolve_air")
    assert last_log(s, "air_strike")["result"] == {"key": "air_result.collateral"} and s["mipp"] == 2


def test_a_bombed_deception_is_revealed_whatever_the_result_and_hostages_cost_a_die_of_mipp() -> None:
    """§G1 chart: a Deception hit by a Conventional or Stealth strike is revealed, 1 MIPP, removed, whatever the
    result; Hostages removed by an air strike give 1d6 MIPP."""
    s = strikes(dice=(6, 3))  # 3 - 1: no effect
    dec = put(s, BASRA, "deception")
    s = act(s, "coalition", "air_strike", at=BASRA, air="conventional")
    s = act(s, "coalition", "resolve_air")
    assert s["targets"][dec]["status"] == "removed" and s["targets"][dec]["face"] == "up" and s["mipp"] == 1
    s = strikes(dice=(6, 4, 5))  # stealth 4 at a town: strategic; hostages 5 MIPP
    hos = put(s, ZUBAYR, "hostages")
    s = act(s, "coalition", "air_strike", at=ZUBAYR, air="stealth")
    s = act(s, "coalition", "resolve_air")
    assert s["targets"][hos]["status"] == "removed" and s["mipp"] == 5


def test_surveillance_reveals_without_removing_but_a_reconnoitred_deception_goes() -> None:
    """§G1.4(3), §G2 Surveillance table: 4+ every marker in the hex face up, none removed; a Deception under recon
    is removed once reconnoitred."""
    s = strikes(dice=(6, 5))  # 5 at a town
    ssm, dec = put(s, ZUBAYR, "ssm"), put(s, ZUBAYR, "deception")
    s = act(s, "coalition", "air_strike", at=ZUBAYR, air="recon")
    s = act(s, "coalition", "resolve_air")
    assert s["targets"][ssm]["face"] == "up" and s["targets"][ssm]["status"] == "map"
    assert s["targets"][dec]["status"] == "removed"


def test_stealth_lets_the_coalition_choose_suppression_or_strategic() -> None:
    """§G2 Stealth table: 5+ suppression or strategic, the Coalition's choice, when the hex holds both an HQ and a
    marker; §G4.6 a suppressed HQ is flipped."""
    s = strikes({"iq_hq_3": "2925"}, dice=(6, 6))  # 6 - 1 (a city) = 5
    tid = put(s, "2925", "c3i")
    s = act(s, "coalition", "air_strike", at="2925", air="stealth")
    s = act(s, "coalition", "resolve_air")
    assert s["stack"][-1]["kind"] == air.CHOICE
    s = act(s, "coalition", "air_suppress", at="2925")
    assert s["units"]["iq_hq_3"]["suppressed"] and s["targets"][tid]["status"] == "map"
