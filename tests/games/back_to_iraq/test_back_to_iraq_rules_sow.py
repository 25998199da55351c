"""Back to Iraq, the US Special Operations Wing (digest §9.5, rulebook §G5.6, experimental) on the air strikes
(§G2); with dice forced."""

from __future__ import annotations

from typing import Any

from bti_fixtures import act, last_log, offered, position, put

from server.engine.core import make_view
from server.games.back_to_iraq import RULES, air, scud, sow, targets
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.neutralized import face_up_working, working

B = dataset().board
ON = {"strategic_targets": True, "air_strikes": True, "sow": True}
BASRA, ZUBAYR, BAGHDAD = B.hex_of("basra"), B.hex_of("zubayr"), B.hex_of("baghdad")


def strikes(units: dict[str, str] | None = None, dice: tuple[int, ...] = (), options: dict[str, Any] | None = None,
            **over: Any) -> dict[str, Any]:
    """The Coalition's air-strike sub-phase of turn 2; the first die is §G2.2's (6: ten strikes)."""
    s = position(units or {}, "coalition_combat", options=ON if options is None else options, dice=dice, **over)
    frame = air.begin(s)
    assert frame is not None
    s["stack"].append(frame)
    return s


def sow_strike(s: dict[str, Any], at: str) -> dict[str, Any]:
    s = act(s, "coalition", "air_strike", at=at, air="sow")
    return act(s, "coalition", "resolve_air")


def test_the_sow_targets_ground_units_cities_and_strategic_markers() -> None:
    """§G5.6, §G2.4: one SOW counter (tables.json), on Islamic ground units' hexes, enemy cities and revealed
    markers; the other counters keep to HQs and markers; without the option there is no SOW."""
    s = strikes({"iq_8": "2930", "us_3id": "3231"}, dice=(6,))
    hexes = {a["at"] for a in offered(s, "coalition", "air_strike", air="sow")}
    assert {"2930", BASRA, BAGHDAD} <= hexes and "3231" not in hexes
    assert {a["air"] for a in offered(s, "coalition", "air_strike", at="2930")} == {"sow"}
    assert "2930" in make_view(RULES, s, "coalition")["air"]["targets"]
    s = act(s, "coalition", "air_strike", at="2930", air="sow")
    assert not offered(s, "coalition", "air_strike", air="sow")  # one counter
    off = position({"iq_8": "2930"}, "coalition_combat", options={"strategic_targets": True, "air_strikes": True},
                   dice=(6, 6))
    assert air.begin(off) is None  # no SOW, no marker, no HQ: nothing to strike, no sub-phase
    put(off, BASRA, "c3i")
    frame = air.begin(off)
    assert frame is not None
    off["stack"].append(frame)
    assert not offered(off, "coalition", "air_strike", air="sow")
    assert "sow" not in make_view(RULES, off, "coalition")["air"]["left"]


def test_the_sow_table_gives_no_effect_or_a_political_reaction() -> None:
    """§G5.6 SOW Table: 1 no effect, 2 a political reaction (an Islamic MIPP check), 3-4 no effect."""
    s = sow_strike(strikes({"iq_8": "2930"}, dice=(6, 2, 4)), "2930")
    assert last_log(s, "sow_strike")["result"] == {"key": "sow_result.political_reaction"} and s["mipp"] == 2
    s = sow_strike(strikes({"iq_8": "2930"}, dice=(6, 3)), "2930")
    assert last_log(s, "sow_strike")["result"] == {"key": "sow_result.no_effect"}
    assert s["mipp"] == 0 and s["units"]["iq_8"]["status"] == "map"


def test_the_sow_modifiers_are_units_removed_and_cities_held() -> None:
    """§G5.6: +1 once 10 Islamic units are out of the game, +1 while Coalition ground units hold 3 Islamic
    cities."""
    s = strikes(dice=(6,))
    assert sow.modifier(s) == 0
    gone = [u for u, rec in sorted(s["units"].items()) if rec["side"] == "islamic"][:10]
    for u in gone:
        s["units"][u]["status"] = "eliminated"
    assert sow.modifier(s) == 1
    cities = B.cities("iraq")[:3]
    for uid, h in zip(("us_3id", "us_4id", "us_1ad"), cities, strict=True):
        s["units"][uid].update(status="map", hex=h)
        s["control"][h] = "coalition"
    assert sow.modifier(s) == 2


def test_a_mass_surrender_removes_units_but_guards_only_on_a_six_and_al_qaeda_never() -> None:
    """§G5.6 mass surrender (AMBIG-30): a die for each Islamic unit in the hex and each one beside it that touches
    a Coalition unit; removed on 5-6, SOF, Republican and Revolutionary Guards only on 6, Al Qaeda never."""
    far = next(n for n in B.neighbours("2930") if B.grid.distance(n, "3032") > 2)
    s = strikes({"iq_8": "2930", "rg_medina": "2930", "aq_55": "3031", "us_3id": "3032", "iq_2": far},
                dice=(6, 5, 5, 5))
    s = sow_strike(s, "2930")
    assert s["units"]["iq_8"]["status"] == "eliminated" and s["units"]["rg_medina"]["status"] == "map"
    assert s["units"]["aq_55"]["status"] == "map" and s["units"]["iq_2"]["status"] == "map"
    rolled = [e["args"]["unit"] for e in s["log"] if e["key"] == "log.sow_surrender"]
    assert rolled == [{"key": "unit.iq_8"}, {"key": "unit.rg_medina"}]  # not Al Qaeda, not the one off the front


def test_a_neutralized_marker_does_nothing_until_the_next_regroup_phase_is_over() -> None:
    """§G5.6: a revealed strategic marker is neutralized; a neutralized SSM does not fire; it works again after the
    next turn's Weather/Regroup phase."""
    s = strikes(dice=(6, 5))
    tid = put(s, ZUBAYR, "ssm", face="up")
    s = sow_strike(s, ZUBAYR)
    rec = s["targets"][tid]
    assert rec["neutralized_until"] == 3 and not working(s, rec) and tid not in scud.launchers(s)
    assert next(m for m in make_view(RULES, s, "coalition")["targets"]["markers"] if m["id"] == tid)["neutralized"]
    s.update(turn=3, phase="weather_regroup")
    assert not working(s, rec)
    s["phase"] = "movement"
    assert working(s, rec) and tid in scud.launchers(s)
    town = next(h for h in sorted(B.places) if B.places[h]["kind"] == "town" and B.country[h] == "iraq" and h != ZUBAYR)
    rebel = put(s, town, "rebellion", face="up")
    s["targets"][rebel]["active"] = True
    assert town not in sow.target_hexes(s) and not sow.operations(s, town)  # §G1: a risen Rebellion is untouchable

    adc = put(s, BASRA, "adc", face="up")  # for targets.py's ADC and Military Installation (neutralized.py)
    assert face_up_working(s, "adc") == [BASRA]
    s["targets"][adc]["neutralized_until"] = 4
    assert face_up_working(s, "adc") == []


def test_a_major_landslide_on_baghdad_and_a_minor_one_elsewhere_move_the_mipp_both_ways() -> None:
    """§G5.6 (AMBIG-31, LOST-55): Baghdad not Coalition-controlled, 2d6 - 9; another enemy city 1d6 - 4; a positive
    result added to the Islamic MIPP, a negative one taken away, never below 0."""
    s = sow_strike(strikes(dice=(6, 5, 6, 6), mipp=5), BAGHDAD)
    assert last_log(s, "sow_operation")["operation"] == {"key": "sow_result.major_landslide"} and s["mipp"] == 8
    s = sow_strike(strikes(dice=(6, 5, 1), mipp=2), BASRA)
    assert last_log(s, "sow_operation")["operation"] == {"key": "sow_result.minor_landslide"} and s["mipp"] == 0


def test_the_coalition_chooses_the_operation_when_the_target_allows_several() -> None:
    """§G5.6: a city with Islamic units in it allows a mass surrender or a landslide: the Coalition chooses."""
    s = sow_strike(strikes({"iq_8": BASRA}, dice=(6, 6, 6), mipp=4), BASRA)
    assert {a["operation"] for a in offered(s, "coalition", "sow_operation")} == {"mass_surrender", "minor_landslide"}
    s = act(s, "coalition", "sow_operation", operation="mass_surrender")
    assert s["units"]["iq_8"]["status"] == "eliminated" and s["mipp"] == 4 and s["stack"][-1]["kind"] == "combat"


def test_a_neutralized_adc_installation_or_c3i_does_nothing() -> None:
    """§G5.6 with §G1: a neutralized Air Defense Command takes no strike away, a neutralized Military Installation
    is no source, a neutralized C3I lets no Iraqi unit advance, until the next Regroup phase is over."""
    s = strikes(dice=(6,))
    adc = put(s, BASRA, "adc", face="up")
    mil = put(s, B.hex_of("nasiriyah"), "military_installation", face="up")
    c3i = put(s, ZUBAYR, "c3i", face="up")
    assert targets.revealed_adc(s) == 1 and B.hex_of("nasiriyah") in targets.installations(s)
    assert targets.c3i_present(s)
    for tid in (adc, mil, c3i):
        s["targets"][tid]["neutralized_until"] = s["turn"] + 1
    assert targets.revealed_adc(s) == 0 and not targets.installations(s) and not targets.c3i_present(s)
