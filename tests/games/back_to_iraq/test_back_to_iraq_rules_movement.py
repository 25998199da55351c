"""Back to Iraq, movement and terrain (digest §6.3, rulebook §10), with dice forced."""

from __future__ import annotations

import itertools

import pytest
from bti_fixtures import act, destinations, last_log, offered, position

from server.engine.core import IllegalAction, apply_action
from server.games.back_to_iraq import RULES
from server.games.back_to_iraq.data import dataset

B = dataset().board


def _road_pair(kind: str) -> tuple[str, str]:
    """Two hexes joined by a road (``road``) or a highway, neither with a river between."""
    lines = B.highway_lines if kind == "highway" else B.road_lines
    for line in lines:
        for a, b in itertools.pairwise(line):
            if not B.is_river(a, b) and (kind == "highway") == B.is_highway(a, b) and B.country.get(a) == "iraq":
                return a, b
    raise AssertionError(kind)


def test_clear_costs_one_mp_and_ma_is_the_limit() -> None:
    """§10.1, §10.10 (LOST-12): clear terrain costs 1 MP; a non-mech 2-3-4 goes 4 clear hexes, no further."""
    s = position({"iq_8": "1409"}, "islamic_movement")
    reach = destinations(s, "iq_8")
    assert "1410" in reach and "1413" in reach
    move = offered(s, "islamic", "move", unit="iq_8", to="1410")[0]
    assert (move["cost"], move["left"]) == (1, 3)
    assert not any(B.grid.distance("1409", h) > 4 for h in reach)


def test_mech_units_may_not_enter_desert_off_road() -> None:
    """§10.13: desert is prohibited to mech units; non-mech units pay LOST-12's 2."""
    desert = next(h for h in B.hexes if B.terrain[h] == "desert" and B.country.get(h) == "iraq"
                  and h not in B.road_hexes and any(B.terrain[n] == "clear" and B.country.get(n) == "iraq"
                                                    for n in B.neighbours(h)))
    start = next(n for n in B.neighbours(desert) if B.terrain[n] == "clear" and B.country.get(n) == "iraq")
    s = position({"rg_medina": start, "iq_8": start}, "islamic_movement")
    assert desert not in destinations(s, "rg_medina")
    assert offered(s, "islamic", "move", unit="iq_8", to=desert)[0]["cost"] == 2


def test_a_road_costs_a_mech_unit_half_a_point() -> None:
    """§10.19 (LOST-12): along a road a mech unit pays 1/2 MP a hex, along a highway 1/3, whatever the hex."""
    a, b = _road_pair("road")
    s = position({"rg_medina": a}, "islamic_movement")
    assert offered(s, "islamic", "move", unit="rg_medina", to=b)[0]["cost"] == 0.5
    a, b = _road_pair("highway")
    s = position({"rg_medina": a}, "islamic_movement")
    assert offered(s, "islamic", "move", unit="rg_medina", to=b)[0]["cost"] == pytest.approx(1 / 3)


def test_a_mech_unit_crosses_a_river_by_the_die() -> None:
    """§10.15: a mech unit pays 1d6 MP to cross a river hexside, besides the hex; short of it, it stays and its move
    is over."""
    a, b = "1113", "1212"
    assert B.is_river(a, b)
    s = position({"rg_medina": a}, "islamic_movement", dice=(3,))
    cross = offered(s, "islamic", "move", unit="rg_medina", to=b)
    assert cross and cross[0].get("river") == "1d6"
    s = apply_action(RULES, s, "islamic", cross[0])
    assert s["units"]["rg_medina"]["hex"] == b and s["units"]["rg_medina"]["mp"] == (8 - 3 - 1) * 6
    s = position({"rg_medina": a}, "islamic_movement", dice=(6,))
    s["units"]["rg_medina"]["mp"], s["mover"] = 6 * 6, "rg_medina"  # 6 MP left: 6 + 1 is too much
    s = apply_action(RULES, s, "islamic", offered(s, "islamic", "move", unit="rg_medina", to=b)[0])
    assert s["units"]["rg_medina"]["hex"] == a and s["units"]["rg_medina"]["mp"] == 0
    assert last_log(s, "river_failed")["die"] == 6


def test_a_non_mech_unit_pays_one_more_point_at_a_river() -> None:
    """§10.15 (LOST-12): non-mech units pay +1 MP to cross, with no die."""
    s = position({"iq_8": "1113"}, "islamic_movement")
    assert offered(s, "islamic", "move", unit="iq_8", to="1212")[0]["cost"] == 2


def test_no_unit_enters_an_enemy_hex() -> None:
    """§10.7: units never enter enemy-occupied hexes."""
    s = position({"iq_8": "1409", "us_3id": "1411"}, "coalition_movement")
    assert "1409" not in destinations(s, "us_3id")


def test_units_move_one_at_a_time() -> None:
    """§10.3: each unit finishes before the next starts: once another unit moves, the first may not move on."""
    s = position({"iq_8": "1409", "iq_2": "1410"}, "islamic_movement")
    s = act(s, "islamic", "move", unit="iq_8", to="1309")
    assert destinations(s, "iq_8")  # it may go on with its MP left
    s = act(s, "islamic", "move", unit="iq_2", to="1411")
    assert not destinations(s, "iq_8")


def test_mountain_infantry_pays_less_in_mountains() -> None:
    """§10.12 (LOST-12): mountain infantry pays as airmobile units (2), other non-mech units 3."""
    mountain = next(h for h in B.hexes if B.terrain[h] == "mountain" and B.country.get(h) == "turkey"
                    and any(B.terrain[n] == "mountain" and B.country.get(n) == "turkey" and not B.is_river(h, n)
                            and not B.is_road(h, n) and not B.is_escarpment(h, n) for n in B.neighbours(h)))
    n = next(n for n in B.neighbours(mountain) if B.terrain[n] == "mountain" and B.country.get(n) == "turkey"
             and not B.is_river(mountain, n) and not B.is_road(mountain, n))
    s = position({"us_10mtn": mountain, "us_82": mountain})
    assert offered(s, "coalition", "move", unit="us_10mtn", to=n)[0]["cost"] == 2
    assert offered(s, "coalition", "move", unit="us_82", to=n)[0]["cost"] == 3


def test_islamic_units_may_not_enter_turkey_and_nobody_enters_iran_in_scenario_1() -> None:
    """§3.5: Iraqi units never move into Turkey; in Scenario 1 nobody moves into Iran or Syria."""
    border = next(h for h in B.hexes if B.country.get(h) == "iraq" and B.terrain[h] == "clear"
                  and any(B.country.get(n) == "iran" for n in B.neighbours(h)))
    s = position({"iq_8": border}, "islamic_movement")
    assert not any(B.country.get(h) in ("iran", "turkey", "syria") for h in destinations(s, "iq_8"))


def test_saudi_units_stay_in_saudi_arabia_and_kuwait() -> None:
    """§3.5: Saudi units move only in Saudi Arabia and Kuwait."""
    s = position({"sa_4": "3834"})
    assert destinations(s, "sa_4") and all(B.country[h] in ("saudi", "kuwait") for h in destinations(s, "sa_4"))


def test_a_dismounted_unit_is_non_mech_with_four_mp_and_half_strength() -> None:
    """§10.21 (LOST-13): at the start of its movement phase a supplied US/UK/French mech unit with no Islamic unit
    beside it dismounts; it may not move that turn; then it is non-mech with MA 4 and half strength."""
    s = position({"uk_1ad": "2929"})
    s = act(s, "coalition", "dismount", unit="uk_1ad")
    assert s["units"]["uk_1ad"]["dismounted"] and not destinations(s, "uk_1ad")
    assert not offered(s, "coalition", "remount")  # not again this turn
    s["turn"] += 1
    s["units"]["uk_1ad"]["mp"] = None
    assert max(a["cost"] for a in offered(s, "coalition", "move", unit="uk_1ad")) <= 4
    from server.games.back_to_iraq.combat import reckon
    s["units"]["iq_8"].update(status="map", hex="2930")
    assert reckon(s, "coalition", "2930", ["uk_1ad"]).attack == 5


def test_no_dismounting_beside_an_islamic_unit_or_for_minor_powers() -> None:
    """§10.21: only US, UK and French mech units, and not next to an Islamic unit."""
    s = position({"uk_1ad": "2929", "kw_6": "2828", "iq_8": "3028"})
    assert not offered(s, "coalition", "dismount")


def test_a_move_by_waypoints_follows_them() -> None:
    """§10.1: a path of adjacent hexes: the player may give the way (``via``); a way too dear is refused."""
    s = position({"iq_8": "1409"}, "islamic_movement")
    move = dict(offered(s, "islamic", "move", unit="iq_8", to="1411")[0])
    t = apply_action(RULES, s, "islamic", {**move, "via": ["1310"]})
    assert t["units"]["iq_8"]["hex"] == "1411" and last_log(t, "move")["path"][0] == "1310"
    with pytest.raises(IllegalAction):
        RULES.apply(dict(s), "islamic", {**move, "via": ["1608", "1609"]})
