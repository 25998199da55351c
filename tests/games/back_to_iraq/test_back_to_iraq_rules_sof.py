"""Back to Iraq, Special Operations Forces (digest §9.3, rulebook §G3), the match option ``sof``, dice forced."""

from __future__ import annotations

from bti_fixtures import act, destinations, last_log, offered, position

from server.games.back_to_iraq import RULES, bot, sof, view
from server.games.back_to_iraq.combat import reckon, terrain_shift
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.forces import overstacked, unit
from server.games.back_to_iraq.sof_ops import modifiers
from server.games.back_to_iraq.supply import Lines
from server.games.back_to_iraq.zoc import zoc

B = dataset().board
G = B.grid
ON = {"sof": True}


def _ring(h: str) -> list[str]:
    return list(B.neighbours(h))


def _straight(frm: str, via: str) -> str:
    """The hex beyond ``via`` seen from ``frm``."""
    d = G.direction(frm, via)
    return next(n for n in B.neighbours(via) if G.direction(via, n) == d)


# === Set-up (§G3, §G3.10, §G3.11) ===

def test_sof_are_in_play_at_their_set_up_hexes_only_with_the_option() -> None:
    """§G3: with the option the SOF with no condition start at their hexes; Al Nida (§G3.11) and the formed SOF
    (§G3.10) do not; without it every SOF is out."""
    s = RULES.setup("1", ON, b"sof")
    assert unit(s, "us_sf5")["status"] == "map" and unit(s, "us_sf5")["hex"] == "3432"
    assert unit(s, "aq_nida_1")["status"] == "out" and unit(s, "iq_999_sof")["status"] == "out"
    off = RULES.setup("1", {}, b"sof")
    assert unit(off, "us_sf5")["status"] == "out" and "sof" not in off
    free = RULES.setup("1", {**ON, "free_setup": True}, b"sof")
    assert unit(free, "us_sf5")["status"] == "setup"


def test_the_islamic_player_may_form_the_999th_brigade_as_sof() -> None:
    """§G3.10: before play, a yes/no per unit: the SOF counter takes the unit's hex and the unit leaves."""
    s = RULES.setup("1", ON, b"sof")
    assert RULES.legal_actions(s, "islamic") == [{"type": "form_sof", "unit": "iq_999_sof"},
                                                 {"type": "keep_unit", "unit": "iq_999_sof"}]
    s = act(s, "islamic", "form_sof", unit="iq_999_sof")
    assert unit(s, "iq_999_sof")["hex"] == "1917" and unit(s, "iq_999")["status"] == "out"
    assert s["stack"][-1]["kind"] != sof.FORMATION


def test_in_scenario_2_the_29th_sf_division_may_be_formed_too() -> None:
    """§G3.10: Scenario 2 adds the Iranian 29th SF Division; keeping a unit leaves it as it was."""
    s = RULES.setup("2", ON, b"sof")
    s = act(s, "islamic", "keep_unit", unit="iq_999_sof")
    assert unit(s, "iq_999")["status"] == "map" and unit(s, "iq_999_sof")["status"] == "out"
    s = act(s, "islamic", "form_sof", unit="ir_29sf_sof")
    assert unit(s, "ir_29sf_sof")["hex"] == "3827" and unit(s, "ir_29sf")["status"] == "out"


def test_the_bot_forms_its_sof_by_default() -> None:
    """§G3.10: the computer's default is to replace."""
    s = RULES.setup("1", ON, b"sof")
    actions = RULES.legal_actions(s, "islamic")
    form, keep = bot.prior(s, "islamic", actions)
    assert form > keep


# === §G3.2 Land movement ===

def test_sof_move_four_hexes_ignoring_terrain() -> None:
    """§G3.2 (LOST-46): MA 4, one MP a hex whatever the terrain (2926 has marsh beside it)."""
    s = position({"us_sf5": "2926"}, options=ON)
    to = destinations(s, "us_sf5")
    assert max(G.distance("2926", h) for h in to) == 4
    assert offered(s, "coalition", "move", unit="us_sf5", to="3025")[0]["cost"] == 1


def test_islamic_sof_ignore_the_coalition_zoc() -> None:
    """§G3.2: an SOF neither stops in a ZOC nor is held by one (§7.3, §7.5 do not apply)."""
    s = position({"us_1ad": "2117", "iq_999_sof": "2216"}, "islamic_movement", options=ON)
    assert "2216" in zoc(s)
    to = destinations(s, "iq_999_sof")
    assert max(G.distance("2216", h) for h in to) == 4


def test_coalition_sof_cross_water_but_end_on_land() -> None:
    """§G3.2: a Coalition SOF may cross all-water hexes but not stop in one; an Islamic SOF may not enter them."""
    s = position({"us_sf5": "1313"}, options=ON)
    assert "1213" in sof.reach(s, "us_sf5", 24) and "1213" not in destinations(s, "us_sf5")
    s = position({"iq_999_sof": "1313"}, "islamic_movement", options=ON)
    assert "1213" not in sof.reach(s, "iq_999_sof", 24)


# === §G3.3 Infiltration ===

def test_infiltration_costs_an_extra_mp_and_a_die_that_may_eliminate() -> None:
    """§G3.3 (LOST-47): +1 MP into an enemy hex and a die for it: 1 eliminates, else it goes on."""
    ring = {f"iq_{n}": h for n, h in zip((2, 3, 4, 5, 6, 7), _ring("2117"), strict=True)}
    beyond = _straight("2117", "2216")
    s = position({"us_sf5": "2117", **ring}, options=ON, dice=(2,))
    a = offered(s, "coalition", "move", unit="us_sf5", to=beyond)[0]
    assert a["cost"] == 3 and a["infiltrations"] == 1
    s = act(s, "coalition", "move", unit="us_sf5", to=beyond)
    assert unit(s, "us_sf5")["hex"] == beyond and last_log(s, "sof_infiltration")["die"] == 2
    s = position({"us_sf5": "2117", **ring}, options=ON, dice=(1,))
    s = act(s, "coalition", "move", unit="us_sf5", to=beyond)
    assert unit(s, "us_sf5")["status"] == "eliminated"


def test_a_move_takes_the_path_with_the_fewest_infiltrations() -> None:
    """§G3.3 (a reading): one click on a destination takes the path with fewest enemy hexes, then the cheapest."""
    beyond = _straight("2117", "2216")
    s = position({"us_sf5": "2117", "iq_2": "2216"}, options=ON)
    a = offered(s, "coalition", "move", unit="us_sf5", to=beyond)[0]
    assert "infiltrations" not in a
    s = act(s, "coalition", "move", unit="us_sf5", to=beyond)
    assert "2216" not in last_log(s, "move")["path"]
    assert not [e for e in s["log"] if e["key"] == "log.sof_infiltration"]


def test_an_sof_may_not_end_in_an_enemy_hex() -> None:
    """§G3.3: ending in an enemy hex would eliminate it: no such move is offered."""
    s = position({"us_sf5": "2117", "iq_2": "2216"}, options=ON)
    assert "2216" not in destinations(s, "us_sf5")


def test_enemy_units_may_not_enter_a_hex_holding_an_sof() -> None:
    """§G3.3: neither an ordinary enemy unit nor an enemy SOF enters (or infiltrates) an SOF's hex."""
    s = position({"us_sf5": "2216", "iq_2": "2117", "iq_999_sof": "2118"}, "islamic_movement", options=ON)
    assert "2216" not in destinations(s, "iq_2")
    assert "2216" not in sof.reach(s, "iq_999_sof", 24)


# === §G3.4 Stacking, §G3.5 supply ===

def test_one_sof_a_hex_and_it_counts_nothing() -> None:
    """§G3.4: two SOF in a hex are overstacked; an SOF on a full stack is not."""
    s = position({"us_sf5": "2117", "us_socpg": "2117"}, options=ON)
    assert overstacked(s, "coalition") == ["2117"]
    s = position({"us_sf5": "2117", "us_1ad": "2117", "us_3id": "2117", "us_101": "2117"}, options=ON)
    assert overstacked(s, "coalition") == []
    s = position({"us_sf5": "2117", "us_socpg": "2118"}, options=ON)
    assert "2117" not in destinations(s, "us_socpg")


def test_sof_are_always_in_supply() -> None:
    """§G3.5: deep in Iraq and ringed by enemies an SOF is in supply."""
    ring = {f"iq_{n}": h for n, h in zip((2, 3, 4, 5, 6, 7), _ring("2117"), strict=True)}
    s = position({"us_sf5": "2117", **ring}, options=ON)
    assert Lines(s, "coalition").supplied("us_sf5")


# === §G3.6 Operations ===

def test_an_sof_suppresses_an_adjacent_enemy_hq() -> None:
    """§G3.6: against an HQ, success suppresses it; an Islamic SOF's success gives a MIPP check."""
    s = position({"iq_999_sof": "2216", "us_hq_v": "2117"}, "islamic_combat", options=ON, dice=(4, 3))
    before = s["mipp"]
    s = act(s, "islamic", "sof_operation", unit="iq_999_sof", at="2117", target="hq")
    assert unit(s, "us_hq_v")["suppressed"] is True  # 4 +1 (no enemy ground unit) = 5
    assert s["mipp"] == before + 2  # the check's die 3


def test_hq_targets_only_when_an_enemy_hq_is_on_the_map() -> None:
    """§G3.6: HQs are in the game only with C2 on; no HQ beside, no HQ operation."""
    s = position({"iq_999_sof": "2216", "us_1ad": "2117"}, "islamic_combat", options=ON)
    assert not offered(s, "islamic", "sof_operation")


def test_a_raid_on_an_enemy_city_swings_the_mipp() -> None:
    """§G3.6 (LOST-48): success on an enemy city in an enemy country without friendly units: 1d6 - 3 to the MIPP,
    never below 0."""
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON, dice=(5, 6), mipp=4)
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at="1717", target="city")
    assert s["mipp"] == 7 and last_log(s, "sof_mipp")["swing"] == 3
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON, dice=(5, 1), mipp=1)
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at="1717", target="city")
    assert s["mipp"] == 0
    held = position({"us_sf5": "1716", "us_1ad": "1717"}, "coalition_combat", options=ON)
    assert not offered(held, "coalition", "sof_operation", target="city")


def test_one_operation_per_sof_and_per_target_a_player_turn() -> None:
    """§G3.6: each SOF one operation; each target once a player turn."""
    s = position({"us_sf5": "1716", "us_socpg": "1817"}, "coalition_combat", options=ON, dice=(3,))
    assert len(offered(s, "coalition", "sof_operation", at="1717")) == 2
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at="1717", target="city")
    assert not offered(s, "coalition", "sof_operation")


def test_a_coalition_sof_eliminated_in_an_operation_gives_a_mipp_check() -> None:
    """§G3.6: the table's "SOF eliminated*": for a Coalition SOF a MIPP check for the Islamic player."""
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON, dice=(1, 6), mipp=0)
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at="1717", target="city")
    assert unit(s, "us_sf5")["status"] == "eliminated" and s["mipp"] == 3


def test_the_operation_modifiers() -> None:
    """§G3.6: +1 each for a US/UK SOF, a target with no enemy ground unit, a Coalition SOF in Kuwait, Saudi
    Arabia or the Kurdish area, an Iranian SOF inside Iran."""
    s = position({"us_sf5": "1716", "iq_2": "1717"}, "coalition_combat", options=ON)
    assert modifiers(s, "us_sf5", "1717") == ["us_uk"]
    kurd = next(h for h in sorted(B.kurdish_area) if B.is_land(h))
    s = position({"us_sf5": kurd}, "coalition_combat", options=ON)
    assert modifiers(s, "us_sf5", B.neighbours(kurd)[0]) == ["us_uk", "undefended", "friendly_ground"]
    iran = next(h for h in sorted(B.hexes) if B.country[h] == "iran" and B.is_land(h))
    s = position({"ir_29sf_sof": iran}, "islamic_combat", "2", options=ON)
    assert "inside_iran" in modifiers(s, "ir_29sf_sof", iran)


# === §G3.7 Attacks on SOF ===

def test_non_sof_attackers_have_strength_one_against_a_lone_sof() -> None:
    """§G3.7(1) (LOST-49): each non-SOF attacker counts 1, whatever its face or supply."""
    s = position({"us_sf5": "2117", "iq_2": "2216", "iq_3": "2118"}, "islamic_combat", options=ON)
    assert reckon(s, "islamic", "2117", ["iq_2", "iq_3"]).attack == 2
    stacked = position({"us_sf5": "1917", "us_1ad": "1917", "iq_3": "2016"}, "islamic_combat", options=ON)
    assert reckon(stacked, "islamic", "1917", ["iq_3"]).attack == 3


def test_a_lone_sof_beside_a_city_has_the_citys_benefit() -> None:
    """§G3.7(3): a lone SOF beside a city defends with the city's terrain shift."""
    s = position({"us_sf5": "1716", "iq_2": "1715"}, "islamic_combat", options=ON)
    assert terrain_shift(s, "islamic", "1716", ["us_sf5"]) == ("city", -2)


def test_a_lone_sof_with_nowhere_to_retreat_is_neutralized_and_returns_at_an_hq() -> None:
    """§G3.7(2): neutralized, off the map for 1d6 turns, back at a friendly HQ in its player turn."""
    ring = {f"iq_{n}": h for n, h in zip((2, 3, 4, 5, 6, 7), _ring("2117"), strict=True)}
    s = position({"us_sf5": "2117", "us_hq_v": "3432", **ring}, "islamic_combat", options=ON, dice=(3,))
    s["stack"].append({"kind": "retreat", "side": "coalition", "at": "2117", "units": ["us_sf5"]})
    s = act(s, "coalition", "no_retreat")
    assert unit(s, "us_sf5")["status"] == "neutralized" and unit(s, "us_sf5")["returns"] == 5
    c = next(c for c in view.view(s, None)["counters"] if c["ref"] == "us_sf5")
    assert c["status"] == "neutralized" and c["returns"] == 5
    s["turn"] = 5
    sof.come_back(s, "coalition")
    assert unit(s, "us_sf5")["status"] == "map" and unit(s, "us_sf5")["hex"] == "3432"


def test_a_neutralized_sof_with_no_hq_in_the_match_is_eliminated() -> None:
    """§G3.7(2): with no friendly HQ (HQs come only with C2), it is eliminated."""
    ring = {f"iq_{n}": h for n, h in zip((2, 3, 4, 5, 6, 7), _ring("2117"), strict=True)}
    s = position({"us_sf5": "2117", **ring}, "islamic_combat", options=ON)
    s["stack"].append({"kind": "retreat", "side": "coalition", "at": "2117", "units": ["us_sf5"]})
    s = act(s, "coalition", "no_retreat")
    assert unit(s, "us_sf5")["status"] == "eliminated"


# === §G3.8 Coalition SOF, §G3.9 air movement ===

def test_coalition_sof_have_no_zoc() -> None:
    """§G3.8: no ZOC around a Coalition SOF."""
    s = position({"us_sf5": "2117"}, options=ON)
    assert zoc(s) == frozenset()


def test_two_coalition_sof_a_turn_may_be_flown_anywhere() -> None:
    """§G3.9 (LOST-50): picked up and placed on a non-enemy land hex, instead of moving; two a turn."""
    s = position({"us_sf5": "3432", "us_socpg": "3433", "uk_sas": "3333", "iq_2": "0726"}, options=ON)
    s = act(s, "coalition", "air_move", unit="us_sf5")
    assert not offered(s, "coalition", "air_land", to="0726")
    s = act(s, "coalition", "air_land", to="1202")
    assert unit(s, "us_sf5")["hex"] == "1202" and "us_sf5" not in {a.get("unit") for a in offered(s, "coalition")}
    s = act(s, "coalition", "air_move", unit="us_socpg")
    s = act(s, "coalition", "air_land", to="1717")
    assert not offered(s, "coalition", "air_move")


def test_islamic_sof_cannot_air_move() -> None:
    """§G3.9: Islamic SOF can't."""
    s = position({"iq_999_sof": "2117"}, "islamic_movement", options=ON)
    assert not offered(s, "islamic", "air_move")



def test_coalition_sof_have_no_step_loss() -> None:
    """§G3.8 (AMBIG-27): a Coalition SOF is single-step: one loss eliminates it."""
    from server.games.back_to_iraq.results import lose_one_step
    s = position({"us_sf5": "2117"}, options=ON)
    assert unit(s, "us_sf5")["steps"] == 1
    lose_one_step(s, "us_sf5")
    assert unit(s, "us_sf5")["status"] == "eliminated"


def test_the_bot_raids_hqs_and_leaves_coalition_city_raids() -> None:
    """§G3.6: the computer scores an HQ raid above ending the phase, a Coalition city raid below it."""
    s = position({"us_sf5": "1716", "iq_hq_1": "1717"}, "coalition_combat", options=ON)
    actions = [a for a in RULES.legal_actions(s, "coalition") if a["type"] in ("sof_operation", "end_combat")]
    scores = {(a["type"], a.get("target")): p for a, p in zip(actions, bot.prior(s, "coalition", actions),
                                                                 strict=True)}
    assert scores[("sof_operation", "hq")] > scores[("end_combat", None)] > scores[("sof_operation", "city")]
