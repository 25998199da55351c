"""Back to Iraq, the optional rules (digest §8, rulebook §14), each a match option, with dice forced."""

from __future__ import annotations

from bti_fixtures import act, destinations, last_log, offered, position

from server.games.back_to_iraq import RULES
from server.games.back_to_iraq.combat import reckon
from server.games.back_to_iraq.data import dataset

B = dataset().board


def test_without_the_weather_rule_every_turn_is_fair() -> None:
    """§14.2: without the rule the weather is always Fair, and no die is rolled for it."""
    s = position({"us_3id": "3532"}, "regroup")
    assert s["weather"] == "fair" and not any(e["key"] == "log.weather" for e in s["log"])


def test_a_dry_year_is_bad_on_two_or_twelve() -> None:
    """§14.1-§14.2 (LOST-33, LOST-34): a dry year rolls two dice for the weather, Bad on 2 or 12; a wet winter one
    die, Bad on 1 or 2."""
    s = RULES.setup("1", {"weather": True}, b"weather")
    assert s["year"] in ("dry", "wet") and last_log(s, "year")
    for year, dice, bad in (("dry", (6, 6), True), ("dry", (3, 4), False), ("wet", (2,), True), ("wet", (3,), False)):
        t = position({"us_3id": "3532"}, "weather", options={"weather": True}, year=year, dice=(*dice, 4))
        assert (t["weather"] == "bad") is bad, (year, dice)


def test_bad_weather_sticks_mech_units_in_salt_marsh() -> None:
    """§14.3: a mech unit in salt marsh when Bad weather comes may not move or attack until it is Fair."""
    salt = next(h for h in B.hexes if B.terrain[h] == "salt_marsh" and B.country.get(h) == "kuwait")
    s = position({"kw_6": salt, "us_82": salt}, "weather", options={"weather": True}, year="wet", dice=(1, 5))
    assert s["weather"] == "bad" and s["bogged"] == ["kw_6"]
    s = act(s, "coalition", "no_regroup")
    s = act(s, "coalition", "move_first")
    assert not destinations(s, "kw_6") and destinations(s, "us_82")


def test_bad_weather_gives_islamic_units_more_mp() -> None:
    """§10.22, §14.3 (LOST-14): in Bad weather Islamic mech units gain 4 MA and non-mech units 2."""
    from server.games.back_to_iraq.movement import full_mp
    s = position({"iq_8": "1409", "rg_medina": "1410"}, "islamic_movement", weather="bad")
    assert full_mp(s, "iq_8") == 6 * 6 and full_mp(s, "rg_medina") == 12 * 6


def test_the_101st_range_in_bad_weather_is_a_die_less_three() -> None:
    """§13.8 (LOST-29): in Bad weather the 101st's range is 1d6 - 3 for the turn, and its attack is halved."""
    s = position({"us_101": "2926", "iq_8": "2929"}, "weather", options={"weather": True}, year="wet", dice=(1, 5))
    assert s["range_101st"] == 2
    s = act(s, "coalition", "no_regroup")
    s = act(s, "coalition", "combat_first")
    assert not offered(s, "coalition", "attack", at="2929")  # three hexes away
    assert reckon(s, "coalition", "2929", ["us_101"]).attack == 4


def test_the_heavy_attack_marker_shifts_two_columns_once_a_turn() -> None:
    """§14.16 (LOST-40): once a game turn, in any weather, two columns in the Coalition's favour."""
    s = position({"us_173": "2929", "us_82": "3031", "iq_8": "2930", "iq_2": "3030"}, "coalition_combat",
                 options={"heavy_attack": True}, dice=(6, 6))
    s = act(s, "coalition", "attack", at="2930")
    s = act(s, "coalition", "heavy_attack")
    assert reckon(s, "coalition", "2930", ["us_173"], s["stack"][-1]).shifts[-1] == ("heavy_attack", 2)
    s = act(s, "coalition", "resolve", at="2930")
    s = act(s, "coalition", "attack", at="3030")
    assert s["stack"][-1]["attackers"] == ["us_82"] and not offered(s, "coalition", "heavy_attack")
    plain = position({"us_173": "2929", "iq_8": "2930"}, "coalition_combat")
    plain = act(plain, "coalition", "attack", at="2930")
    assert not offered(plain, "coalition", "heavy_attack")  # without the option


def test_the_4th_mech_shifts_a_column_in_every_combat() -> None:
    """§14.15 (LOST-39): in every combat the US 4th Mech takes part in, one column in the Coalition's favour."""
    s = position({"us_4id": "2929", "iq_8": "2930"}, "coalition_combat", options={"fourth_id": True})
    assert ("fourth_id", 1) in reckon(s, "coalition", "2930", ["us_4id"]).shifts
    s = position({"us_4id": "2930", "iq_8": "2929"}, "islamic_combat", options={"fourth_id": True})
    assert ("fourth_id", -1) in reckon(s, "islamic", "2930", ["iq_8"]).shifts


def test_naval_gunfire_adds_a_die_capped_at_the_units_strength() -> None:
    """§14.14: once a game turn, a unit in a coastal hex adds one die to its attack or defense, never more than its
    own strength."""
    coast = sorted(B.coastal)[0]
    enemy = next(n for n in B.neighbours(coast) if B.is_land(n) and not B.is_river(coast, n))
    s = position({"kw_6": coast, "us_173": coast, "iq_8": enemy}, "coalition_combat", options={"naval": True},
                 order="combat_first", dice=(6,))
    s = act(s, "coalition", "attack", at=enemy)
    s = act(s, "coalition", "naval", unit="kw_6")
    assert last_log(s, "naval")["strength"] == 2  # kw_6 attacks at 2: the 6 is capped
    assert reckon(s, "coalition", enemy, s["stack"][-1]["attackers"], s["stack"][-1]).attack == 2 + 2 + 2


def test_islamic_chemical_attack_halves_the_coalition_and_washington_answers() -> None:
    """§14.4-§14.6 (LOST-35): the Islamic player may declare chemical warfare in an attack: the Coalition units'
    strength is halved, rounding up; then Washington's die: 1-4 a limited retaliation, one chemical attack of its
    own, not on a city or town."""
    s = position({"iq_8": "2929", "iq_2": "2929", "uk_1ad": "2930"}, "islamic_combat", options={"chemical": True},
                 dice=(6, 2))
    s = act(s, "islamic", "attack", at="2930")
    s = act(s, "islamic", "chemical")
    assert reckon(s, "islamic", "2930", ["iq_8", "iq_2"], s["stack"][-1]).defence == 5
    s = act(s, "islamic", "resolve", at="2930")
    if offered(s, "coalition", "no_support"):
        s = act(s, "coalition", "no_support")
    assert last_log(s, "retaliation")["die"] == 2 and s["coalition_chemical"] == 1


def test_a_massive_retaliation_removes_an_islamic_stack_not_in_a_city() -> None:
    """§14.7 (LOST-35): on a 5-6 the Coalition removes one Islamic stack that is not in a city or town."""
    city = B.hex_of("nasiriyah")
    s = position({"iq_8": "2929", "iq_2": "2929", "uk_1ad": "2930", "iq_5": city}, "islamic_combat",
                 options={"chemical": True}, dice=(6, 5))
    s = act(s, "islamic", "attack", at="2930")
    s = act(s, "islamic", "chemical")
    s = act(s, "islamic", "resolve", at="2930")
    if offered(s, "coalition", "no_support"):
        s = act(s, "coalition", "no_support")
    stacks = {a["at"] for a in offered(s, "coalition", "remove_stack")}
    assert "2929" in stacks and city not in stacks
    s = act(s, "coalition", "remove_stack", at="2929")
    assert s["units"]["iq_8"]["status"] == "eliminated" and s["units"]["iq_2"]["status"] == "eliminated"


def test_the_islamic_defender_may_use_chemicals_against_a_coalition_attack() -> None:
    """§14.4: chemical warfare in defense too, declared combat by combat: the Coalition attackers are halved."""
    s = position({"uk_1ad": "2929", "iq_8": "2930"}, "coalition_combat", options={"chemical": True},
                 dice=(6, 1))
    s = act(s, "coalition", "attack", at="2930")
    s = act(s, "coalition", "resolve", at="2930")
    s = act(s, "islamic", "chemical")
    assert reckon(s, "coalition", "2930", ["uk_1ad"], s["stack"][-2]).attack == 5
    s = act(s, "islamic", "no_support")
    assert last_log(s, "combat")["attack"] == 5


def test_the_mef_crosses_one_water_hex_and_stops() -> None:
    """§14.17: with the option, the US MEF may cross an all-sea, all-reservoir or all-lake hex, and must stop after
    crossing one in a movement phase."""
    shore, water, landing = "3631", "3732", "3733"  # Kuwait City, the bay, the coast beyond
    assert B.terrain[water] == "sea" and not B.grid.is_adjacent(shore, landing)
    # Iraqis on every land hex around the landing: by land the MEF cannot get there
    guards = [h for h in B.neighbours(landing) if B.is_land(h)]
    iraqis = dict(zip(("iq_8", "iq_2", "iq_5", "iq_6", "iq_11", "iq_3"), guards, strict=False))
    s = position({"us_1mardiv": shore, **iraqis}, options={"mef": True})
    move = offered(s, "coalition", "move", unit="us_1mardiv", to=landing)
    assert move and move[0].get("amphibious")
    s = act(s, "coalition", "move", unit="us_1mardiv", to=landing, amphibious=move[0]["amphibious"])
    assert s["units"]["us_1mardiv"]["hex"] == landing and not destinations(s, "us_1mardiv")
    plain = position({"us_1mardiv": shore, **iraqis})
    assert not any(a.get("amphibious") for a in offered(plain, "coalition", "move"))


NUKES = {"nuclear": True}


def _at_turn_start(units: dict[str, str], dice: tuple[int, ...], **over: object):
    s = position(units, "nuclear", "2", options=NUKES, dice=dice, **over)
    assert offered(s, "islamic", "no_nuclear")
    return s


def test_nuclear_weapons_only_in_scenario_2_with_the_option() -> None:
    """§14.8 (AMBIG-8): the Islamic nuclear rule applies in Scenario 2, with its option."""
    assert not offered(position({"us_3id": "3532"}, "nuclear", "1", options=NUKES), "islamic", "no_nuclear")
    assert not offered(position({"us_3id": "3532"}, "nuclear", "2"), "islamic", "no_nuclear")
    assert offered(position({"us_3id": "3532"}, "nuclear", "2", options=NUKES), "islamic", "nuclear", at="3532")


def test_a_nuclear_hit_costs_a_die_of_steps_chosen_by_the_islamic_player() -> None:
    """§14.8-§14.9 (LOST-36): 1-2 is a hit: a MIPP check, then a die of step losses the Islamic player allocates;
    the Nuclear Burst hex costs double to enter for the rest of the turn; §14.13 a tactical response (1-3)."""
    s = _at_turn_start({"us_3id": "2929", "uk_1ad": "2929", "iq_8": "1409"}, dice=(1, 4, 2, 1))
    s = act(s, "islamic", "nuclear", at="2929")
    assert last_log(s, "nuclear")["die"] == 1 and s["mipp"] == 2 and s["burst"] == "2929"
    assert last_log(s, "burst")["steps"] == 2
    s = act(s, "islamic", "take_step", unit="us_3id")
    s = act(s, "islamic", "take_step", unit="us_3id")
    assert s["units"]["us_3id"]["status"] == "eliminated" and s["units"]["uk_1ad"]["steps"] == 2
    assert last_log(s, "nuclear_response")["die"] == 1
    s = act(s, "coalition", "remove_stack", at="1409")
    assert s["units"]["iq_8"]["status"] == "eliminated"


def test_a_dud_does_nothing_and_later_attempts_add_one() -> None:
    """§14.11: a dud has no effect and no MIPP check; §14.8 (LOST-37): after the first use one is added."""
    s = _at_turn_start({"us_3id": "2929"}, dice=(6,))
    s = act(s, "islamic", "nuclear", at="2929")
    assert s["mipp"] == 0 and s["nuclear_used"] == 1 and s["burst"] is None
    s = _at_turn_start({"us_3id": "2929"}, dice=(4,), nuclear_used=1)
    s = act(s, "islamic", "nuclear", at="2929")
    assert last_log(s, "nuclear")["die"] == 5 and s["mipp"] == 0  # a scatter (4) became a dud


def test_a_scatter_lands_beside_the_target_counting_from_north() -> None:
    """§14.10: 3-4 misses: the die numbers the six hexes around from the north side; units of either side there
    are hit; a MIPP check in any case."""
    north = "2928"  # the hex above 2929 (flat tops: the same column, one row up)
    s = _at_turn_start({"us_3id": "2929", "iq_8": north}, dice=(3, 1, 2, 1, 6))
    s = act(s, "islamic", "nuclear", at="2929")
    assert last_log(s, "scatter") == {"die": 1, "to": north}
    assert s["burst"] == north
    s = act(s, "islamic", "take_step", unit="iq_8")
    assert s["units"]["iq_8"]["status"] == "eliminated" and s["units"]["us_3id"]["steps"] == 2


def test_a_city_hit_becomes_rough_and_loses_its_source() -> None:
    """§14.12: a city hit becomes rough for good and loses any supply-source function; the massive response lets the
    Coalition declare itself the winner (§14.13: +2 for a city)."""
    basra = B.hex_of("basra")
    s = _at_turn_start({"us_3id": basra}, dice=(2, 1, 1, 2))
    s = act(s, "islamic", "nuclear", at=basra)
    s = act(s, "islamic", "take_step", unit="us_3id")
    assert s["ruined"] == {basra: "city"} and basra in s["lost_sources"]
    from server.games.back_to_iraq.terrain import natural, place_kind
    assert natural(s, basra) == "rough" and place_kind(s, basra) is None
    assert last_log(s, "nuclear_response")["die"] == 2 + 2
    s = act(s, "coalition", "declare_victory")
    assert RULES.outcome(s).winner == "coalition" and RULES.outcome(s).reason == "nuclear"


def test_a_nuclear_hit_on_kuwait_city_is_an_islamic_victory() -> None:
    """§14.12: a hit (or a scatter) on Kuwait City is an immediate Islamic victory."""
    kc = B.hex_of("kuwait_city")
    s = _at_turn_start({"kw_kcg": kc}, dice=(1, 3))
    s = act(s, "islamic", "nuclear", at=kc)
    assert RULES.outcome(s).winner == "islamic" and RULES.outcome(s).reason == "kuwait"
