"""Back to Iraq, combat (digest §6.6, rulebook §11-§12) and its MIPP (§4.2-§4.3), with dice forced."""

from __future__ import annotations

from bti_fixtures import act, last_log, offered, position

from server.games.back_to_iraq.combat import candidate, concentric, label, ladder, reckon
from server.games.back_to_iraq.data import dataset

B = dataset().board
CITY = B.hex_of("nasiriyah")  # 2925: a city on clear terrain


def _attack(s, side, at, **drop):
    s = act(s, side, "attack", at=at)
    for u in drop.get("without", ()):
        s = act(s, side, "drop", unit=u)
    return act(s, side, "resolve", at=at)


def test_odds_round_for_the_defender() -> None:
    """§11.5-§11.6 (AMBIG-11): 5 against 2 is 2:1; 2 against 5 is 1:3."""
    assert label(ladder(5, 2)) == "2:1" and label(ladder(2, 5)) == "1:3" and label(ladder(3, 3)) == "1:1"


def test_a_de_eliminates_every_defender_and_the_winner_may_advance() -> None:
    """§11.11: DE eliminates all the defenders; §11.14: the attacker may advance into the emptied hex."""
    s = position({"us_3id": "2929", "iq_8": "2930"}, "coalition_combat", dice=(1,))
    s = _attack(s, "coalition", "2930")
    assert last_log(s, "combat")["result"] == "DE" and s["units"]["iq_8"]["status"] == "eliminated"
    s = act(s, "coalition", "advance", unit="us_3id")
    assert s["units"]["us_3id"]["hex"] == "2930"


def test_odds_beyond_the_coalition_table_are_a_de_without_a_roll() -> None:
    """§11.7 (LOST-20): at 6:1 or more on the Coalition CRT the defenders are eliminated, no die rolled."""
    s = position({"us_3id": "2929", "uk_1ad": "2929", "iq_8": "2930"}, "coalition_combat")
    n = s["rng"]["n"]
    s = _attack(s, "coalition", "2930")
    assert last_log(s, "combat")["die"] is None and last_log(s, "combat")["result"] == "DE"
    assert s["rng"]["n"] == n


def test_a_coalition_attack_needs_a_great_power_unit() -> None:
    """§11.1x: every Coalition attack includes a US, UK or French unit: Kuwaitis alone may not attack."""
    s = position({"kw_6": "2929", "iq_8": "2930"}, "coalition_combat")
    assert not offered(s, "coalition", "attack")
    s = position({"kw_6": "2929", "us_173": "2829", "iq_8": "2930"}, "coalition_combat")
    assert offered(s, "coalition", "attack", at="2930")


def test_move_then_combat_makes_minor_powers_attack_at_one() -> None:
    """§5.3 (LOST-6): in a Move-then-Combat turn a Minor Power unit's attack strength is 1."""
    s = position({"kw_6": "2929", "us_173": "2829", "iq_8": "2930"}, "coalition_combat", order="move_first")
    assert reckon(s, "coalition", "2930", ["kw_6", "us_173"]).attack == 1 + 2
    s = position({"kw_6": "2929", "us_173": "2829", "iq_8": "2930"}, "coalition_combat", order="combat_first")
    assert reckon(s, "coalition", "2930", ["kw_6", "us_173"]).attack == 2 + 2


def test_combat_then_move_shifts_every_coalition_attack_one_column_right() -> None:
    """§5.3 (LOST-7): Combat-then-Move gives every Coalition attack one column right."""
    s = position({"us_173": "2929", "iq_8": "2930"}, "coalition_combat", order="combat_first")
    o = reckon(s, "coalition", "2930", ["us_173"])
    assert ("combat_first", 1) in o.shifts and label(o.raw) == "1:2" and label(o.final) == "1:1"


def test_one_terrain_effect_the_best_for_the_defender() -> None:
    """§12 (AMBIG-17, LOST-25): only one terrain effect applies: a city's two columns left."""
    near = next(n for n in B.neighbours(CITY) if B.terrain[n] == "clear" and not B.is_river(n, CITY))
    s = position({"us_3id": near, "iq_8": CITY}, "coalition_combat")
    o = reckon(s, "coalition", CITY, ["us_3id"])
    assert [k for k, _ in o.shifts] == ["city"] and dict(o.shifts)["city"] == -2


def test_attacking_across_a_river_halves_the_attack() -> None:
    """§12: attack strength is halved across a river hexside (not for the MEF, §14.17)."""
    s = position({"us_3id": "1113", "us_1mardiv": "1113", "iq_8": "1212"}, "coalition_combat")
    assert reckon(s, "coalition", "1212", ["us_3id"]).attack == 6
    assert reckon(s, "coalition", "1212", ["us_1mardiv"]).attack == 10


def test_an_attack_from_opposite_sides_is_concentric() -> None:
    """§11 (AMBIG-16, LOST-24): attackers in opposite hexes: two columns right for the Coalition, one for Islam."""
    g = B.grid
    ns = g.neighbours("2930")
    a = next(n for n in ns if g.direction("2930", n) == 0)
    b = next(n for n in ns if g.direction("2930", n) == 3)
    c = next(n for n in ns if g.direction("2930", n) == 1)
    s = position({"us_173": a, "us_82": b, "kw_6": c, "iq_8": "2930"}, "coalition_combat")
    assert concentric(s, "2930", ["us_173", "us_82"]) and not concentric(s, "2930", ["us_173", "kw_6"])
    assert ("concentric", 2) in reckon(s, "coalition", "2930", ["us_173", "us_82"]).shifts


def test_a_dr_retreats_the_defenders_two_hexes_not_into_zoc() -> None:
    """§11.13 (LOST-21, AMBIG-13): DR retreats the stack 2 hexes; an Islamic unit may not retreat into a Coalition
    ZOC."""
    s = position({"us_173": "2929", "iq_8": "2930"}, "coalition_combat", order="combat_first", dice=(2,))
    s = _attack(s, "coalition", "2930")
    assert last_log(s, "combat")["result"] == "DR"
    options = offered(s, "islamic", "retreat")
    assert options and all(B.grid.distance("2930", a["to"]) == 2 for a in options)
    zoc = set(B.neighbours("2929"))
    assert not any(h in zoc for a in options for h in a["path"])
    s = act(s, "islamic", "retreat", to=options[0]["to"])
    assert s["units"]["iq_8"]["hex"] == options[0]["to"]


def test_an_islamic_stack_with_no_retreat_is_eliminated() -> None:
    """§3.5 and AMBIG-15: an Islamic stack that cannot retreat (every hex around it held or in a ZOC) is
    eliminated."""
    ring = B.neighbours("2930")
    units = dict(zip(("us_173", "us_82", "us_10mtn", "uk_3cdo", "uk_16aa", "us_3acr"), ring, strict=True))
    s = position({**units, "iq_8": "2930"}, "coalition_combat", order="combat_first", dice=(3,))
    s = act(s, "coalition", "attack", at="2930")
    # the 173rd alone: 2 against 1 (3, halved out of supply) is 2:1, one right for Combat-then-Move: 3:1
    for u in list(units)[1:]:
        s = act(s, "coalition", "drop", unit=u)
    s = act(s, "coalition", "resolve", at="2930")
    assert last_log(s, "combat")["result"] == "DR"
    assert offered(s, "islamic") == [{"type": "no_retreat"}]
    s = act(s, "islamic", "no_retreat")
    assert s["units"]["iq_8"]["status"] == "eliminated"


def test_a_coalition_unit_that_cannot_retreat_loses_a_step() -> None:
    """§3.5 and AMBIG-15: a Coalition unit with no retreat stays and loses one step."""
    ring = list(B.neighbours("2930"))
    iraqis = dict(zip(("iq_8", "iq_2", "iq_5", "iq_6", "iq_11", "iq_3"), ring, strict=True))
    s = position({**iraqis, "uk_1ad": "2930"}, "islamic_combat", dice=(2,))
    s = act(s, "islamic", "attack", at="2930")
    for u in ("iq_5", "iq_6", "iq_11", "iq_3"):  # two side by side attack: 4 against 5 (out of supply), 1:2
        s = act(s, "islamic", "drop", unit=u)
    s = act(s, "islamic", "resolve", at="2930")
    assert last_log(s, "combat")["result"] == "DR*"
    s = act(s, "coalition", "no_retreat")
    assert s["units"]["uk_1ad"]["hex"] == "2930" and s["units"]["uk_1ad"]["steps"] == 1


def test_a_dl_star_costs_the_step_the_islamic_player_chooses_and_a_mipp_check() -> None:
    """§11.12 (LOST-22): DL* removes one step from the defenders, chosen by the Islamic player; "*" is a MIPP check
    (§4.3: one die, half rounded up)."""
    s = position({"rg_medina": "2929", "iq_2": "2929", "iq_8": "2829", "us_173": "2930", "kw_6": "2930"},
                 "islamic_combat", dice=(1, 5))
    s = act(s, "islamic", "attack", at="2930")
    s = act(s, "islamic", "resolve", at="2930")
    assert last_log(s, "combat")["result"] == "DL*"
    assert last_log(s, "mipp_check")["die"] == 5 and s["mipp"] == 3
    s = act(s, "islamic", "take_step", unit="kw_6")
    assert s["units"]["kw_6"]["status"] == "eliminated" and s["units"]["us_173"]["status"] == "map"


def test_s_plus_gives_a_mipp_with_no_check() -> None:
    """§11.12, §4.2(4) (LOST-23): S+ is no effect but one MIPP, no die."""
    s = position({"iq_8": "2929", "us_173": "2930"}, "islamic_combat", dice=(3,))
    s = act(s, "islamic", "attack", at="2930")
    s = act(s, "islamic", "resolve", at="2930")
    assert last_log(s, "combat")["result"] == "S+" and s["mipp"] == 1
    assert not any(e["key"] == "log.mipp_check" for e in s["log"])


def test_each_hex_is_attacked_once_and_each_unit_attacks_once() -> None:
    """§11.4: each unit attacks at most once a phase and each hex is attacked at most once."""
    s = position({"us_3id": "2929", "iq_8": "2930", "iq_2": "2928"}, "coalition_combat", dice=(6,))
    s = _attack(s, "coalition", "2930")
    assert not offered(s, "coalition", "attack", at="2930") and not offered(s, "coalition", "attack", at="2928")


def test_mech_units_do_not_attack_into_desert() -> None:
    """§12: mech units cannot attack into desert unless dismounted."""
    desert = next(h for h in B.hexes if B.terrain[h] == "desert" and B.country.get(h) == "iraq"
                  and h not in B.road_hexes and any(B.terrain[n] == "clear" for n in B.neighbours(h)))
    start = next(n for n in B.neighbours(desert) if B.terrain[n] == "clear")
    s = position({"us_3id": start, "iq_8": desert}, "coalition_combat")
    assert not offered(s, "coalition", "attack", at=desert)


def test_scenario_2_iranians_and_iraqis_do_not_attack_together() -> None:
    """§3.8: in Scenario 2 Iranian and Iraqi units never fight in the same combat."""
    s = position({"iq_8": "2929", "irgc_17": "2829", "us_173": "2930"}, "islamic_combat", "2")
    s = act(s, "islamic", "attack", at="2930")
    assert len(s["stack"][-1]["attackers"]) == 1
    assert not offered(s, "islamic", "add")  # another group's unit would start the attack afresh: not offered
    c = candidate(s, "islamic", "2930", ["iq_8"])
    assert c["odds"] == "1:2" and c["chances"]
