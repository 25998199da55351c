"""Back to Iraq, zones of control (digest §6.2, rulebook §7) and supply (§6.4, rulebook §8)."""

from __future__ import annotations

from bti_fixtures import act, destinations, offered, position

from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.movement import full_mp
from server.games.back_to_iraq.supply import Lines, check_zoc_supply
from server.games.back_to_iraq.zoc import reach, zoc

B = dataset().board
FAR = "0135"  # Saudi desert, more than five hexes from any road: out of supply for a non-mech unit


def test_islamic_units_stop_on_entering_a_coalition_zoc() -> None:
    """§7.3: an Islamic unit must stop on entering a Coalition ZOC (§7.1: the six hexes around)."""
    s = position({"iq_8": "1409", "us_173": "1411"}, "islamic_movement")
    assert offered(s, "islamic", "move", unit="iq_8", to="1410")[0]["left"] == 3  # 1410 is in the ZOC
    s = act(s, "islamic", "move", unit="iq_8", to="1410")
    assert s["units"]["iq_8"]["mp"] == 0 and not destinations(s, "iq_8")


def test_an_islamic_unit_that_starts_in_a_zoc_may_not_move() -> None:
    """§7.5: it may attack but not move, unless the ZOC's units are gone or out of supply, or it is a regroup
    turn."""
    s = position({"iq_8": "1410", "us_173": "1411"}, "islamic_movement")
    assert not destinations(s, "iq_8")
    s = position({"iq_8": "1410", "us_173": "1411"}, "islamic_movement", regroup={"marker": 6, "now": "forced"})
    assert destinations(s, "iq_8")


def test_islamic_units_have_no_zoc() -> None:
    """§7.1: Coalition units move freely beside Islamic units."""
    s = position({"iq_8": "1410", "us_3id": "1409"})
    assert "1511" in destinations(s, "us_3id") and "1310" in destinations(s, "us_3id")


def test_a_mech_units_zoc_does_not_reach_into_mountains() -> None:
    """§7.2(1): a mech unit exerts no ZOC into mountain hexes; a non-mech unit does."""
    h = next(h for h in B.hexes if B.terrain[h] == "rough" and B.country.get(h) == "turkey"
             and any(B.terrain[n] == "mountain" and not B.is_escarpment(h, n) for n in B.neighbours(h)))
    m = next(n for n in B.neighbours(h) if B.terrain[n] == "mountain")
    s = position({"tr_mech_a": h})
    assert m not in reach(s, "tr_mech_a")
    s = position({"tr_cdo_bolu": h})
    assert m in reach(s, "tr_cdo_bolu")


def test_no_zoc_over_an_escarpment() -> None:
    """§7.2(3): a ground unit's ZOC does not cross an escarpment hexside."""
    a, b = sorted(B.escarpments)[0].split("/")
    s = position({"us_173": a})
    assert b not in reach(s, "us_173") and b in B.neighbours(a)


def test_an_out_of_supply_coalition_unit_has_no_zoc() -> None:
    """§7.4: supply of the ZOC-exerting units is checked at the start of the Islamic movement phase; out of supply,
    no ZOC."""
    s = position({"us_173": FAR})
    s["no_zoc"] = ["us_173"]
    assert not zoc(s)
    s["no_zoc"] = []
    check_zoc_supply(s)
    assert s["no_zoc"] == ["us_173"] and not zoc(s)
    s = position({"us_173": "3532"})
    check_zoc_supply(s)
    assert s["no_zoc"] == [] and zoc(s)


def test_out_of_supply_halves_the_ma_rounding_up() -> None:
    """§8.2: an out-of-supply unit's MA is halved, rounding up; §8.10 a line runs off road at most 5 hexes."""
    s = position({"us_173": FAR, "us_82": "3532"})
    lines = Lines(s, "coalition")
    assert not lines.supplied("us_173") and lines.supplied("us_82")
    assert full_mp(s, "us_173", lines) == 3 * 6 and full_mp(s, "us_82", lines) == 5 * 6


def test_the_off_road_segment_is_five_hexes() -> None:
    """§8.10 (LOST-16): five hexes off road (the unit's own not counted) to a road joined to a source."""
    s = position({"us_82": "3532"})  # on Highway 80 from Kuwait City
    net = Lines(s, "coalition").net("coalition")
    saudi = [h for h in B.hexes if B.country.get(h) == "saudi" and B.terrain[h] in ("clear", "desert")]
    by_distance = {h: min(B.grid.distance(h, r) for r in net) for h in saudi}
    for d, supplied in ((1, True), (5, True), (6, False)):
        h = next(h for h, n in sorted(by_distance.items()) if n == d and all(
            B.terrain[x] in ("clear", "desert") and B.country.get(x) in ("saudi", "kuwait", "iraq")
            for x in B.grid.within(h, d)) and h not in B.supply_sources)
        s["units"]["us_82"]["hex"] = h
        assert Lines(s, "coalition").supplied("us_82") is supplied, (h, d)


def test_an_islamic_line_goes_into_a_zoc_but_not_through_it() -> None:
    """§7.6, §8.11: an Islamic supply line may not pass through a Coalition ZOC: Coalition units on three alternate
    hexes around a unit off the roads hold or cover every hex around it, and cut its line."""
    assert "1410" not in B.road_hexes
    s = position({"iq_8": "1410"})
    assert Lines(s, "islamic").supplied("iq_8")
    ring = B.neighbours("1410")
    s = position({"iq_8": "1410", "us_173": ring[0], "us_82": ring[2], "us_10mtn": ring[4]})
    assert set(ring) <= zoc(s) | {ring[0], ring[2], ring[4]}
    assert not Lines(s, "islamic").supplied("iq_8")


def test_air_supply_supplies_one_hex_once_a_turn_in_fair_weather() -> None:
    """§8.13: once a game turn, in Fair weather, the Air Supply marker puts the Coalition units of one hex in
    supply for the rest of the turn."""
    s = position({"us_173": FAR})
    assert not Lines(s, "coalition").supplied("us_173")
    s = act(s, "coalition", "air_supply", at=FAR)
    assert Lines(s, "coalition").supplied("us_173") and not offered(s, "coalition", "air_supply")
    s = position({"us_173": FAR}, weather="bad")
    assert not offered(s, "coalition", "air_supply")
