"""Back to Iraq, the US 101st Airborne Division (digest §6.7, rulebook §13), with dice forced."""

from __future__ import annotations

from bti_fixtures import act, destinations, last_log, offered, position

from server.games.back_to_iraq.combat import concentric, eligible, reckon
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.zoc import reach

B = dataset().board


def test_the_101st_flies_one_mp_a_hex_over_enemies_and_rivers() -> None:
    """§13.3 (LOST-26): every hex costs one MP whatever is in it, enemy units and rivers included; 12 MP, 12 hexes."""
    s = position({"us_101": "1113", "iq_8": "1212", "iq_2": "1211"})
    reach_ = destinations(s, "us_101")
    assert "1212" not in reach_  # it may not end in an enemy hex
    beyond = next(h for h in B.grid.within("1113", 2) if B.grid.distance("1113", h) == 2 and h in reach_)
    assert offered(s, "coalition", "move", unit="us_101", to=beyond)[0]["cost"] == 2
    assert max(B.grid.distance("1113", h) for h in reach_) == 12


def test_the_101st_may_not_end_in_marsh_or_mountain() -> None:
    """§13.3: not in marsh or mountain, even with a road."""
    marsh = next(h for h in B.hexes if B.terrain[h] == "marsh" and B.country.get(h) == "iraq")
    start = next(h for h in B.grid.within(marsh, 3) if B.terrain[h] == "clear" and B.country.get(h) == "iraq")
    s = position({"us_101": start})
    assert marsh not in destinations(s, "us_101")


def test_the_101st_attacks_three_hexes_away_and_never_advances() -> None:
    """§13.5 (LOST-27): it attacks enemy units up to three hexes away (§13.2: it never advances)."""
    s = position({"us_101": "2926", "iq_8": "2929"}, "coalition_combat", dice=(1,))
    assert eligible(s, "coalition", "2929") == ["us_101"]
    s = act(s, "coalition", "attack", at="2929")
    s = act(s, "coalition", "resolve", at="2929")
    assert last_log(s, "combat")["result"] == "DE" and not offered(s, "coalition", "advance")
    far = position({"us_101": "2925", "iq_8": "2929"}, "coalition_combat")
    assert eligible(far, "coalition", "2929") == []


def test_the_101st_moves_or_attacks_never_both() -> None:
    """§13.1-§13.2: in a Move-then-Combat turn, once it has moved it may not attack."""
    s = position({"us_101": "2926", "iq_8": "2929"})
    s = act(s, "coalition", "move", unit="us_101", to="2927")
    s = act(s, "coalition", "end_movement")
    assert "us_101" not in eligible(s, "coalition", "2929")


def test_the_101st_with_another_unit_attacks_concentrically() -> None:
    """§13.5: any attack of the 101st and one or more other Coalition units is concentric."""
    s = position({"us_101": "2927", "us_173": "2929", "iq_8": "2930"}, "coalition_combat")
    assert concentric(s, "2930", ["us_101", "us_173"]) and not concentric(s, "2930", ["us_173"])


def test_the_101st_supports_a_defense_with_its_attack_strength() -> None:
    """§13.6 (LOST-28): when an Islamic attack is declared, the 101st (no Islamic unit beside it, within three
    hexes) may add its attack strength to the defense."""
    s = position({"us_101": "2932", "us_173": "2930", "iq_8": "2929", "iq_2": "2929"}, "islamic_combat", dice=(6,))
    s = act(s, "islamic", "attack", at="2930")
    s = act(s, "islamic", "resolve", at="2930")
    assert offered(s, "coalition", "support", unit="us_101")
    assert reckon(s, "islamic", "2930", ["iq_8", "iq_2"], {"side": "islamic", "support": "us_101"}).defence == 3 + 8
    s = act(s, "coalition", "support", unit="us_101")
    assert not offered(s, "coalition", "support")  # once
    s = act(s, "coalition", "no_support")
    assert last_log(s, "combat")["defence"] == 11 and last_log(s, "support")["at"] == "2930"


def test_the_101st_zoc_reaches_into_mountains_and_over_escarpments() -> None:
    """§13.9: the 101st's ZOC extends into mountain and marsh and across escarpments."""
    a, b = sorted(B.escarpments)[0].split("/")
    s = position({"us_101": a})
    assert b in reach(s, "us_101")
