"""Back to Iraq, the additional forces (digest §9.5, rulebook §G5): the Israeli Airborne Division, Al Qaeda, the
additional Coalition airmobility; with dice forced."""

from __future__ import annotations

from typing import Any

from bti_fixtures import act, destinations, last_log, offered, position

from server.engine.core import apply_action
from server.games.back_to_iraq import RULES, al_qaeda
from server.games.back_to_iraq.combat import allowed_target
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.forces import overstacked
from server.games.back_to_iraq.rules import MACHINE

B = dataset().board
TARGETS = {"strategic_targets": True}
BORDER = next(h for h in sorted(B.hexes) if B.country.get(h) == "iraq" and B.terrain[h] == "clear"
              and any(B.country.get(n) == "saudi" for n in B.neighbours(h)))


def _attack(s: dict[str, Any], side: str, at: str) -> dict[str, Any]:
    s = act(s, side, "attack", at=at)
    return act(s, side, "resolve", at=at)


# === §G5.2-§G5.3 The Israeli Airborne Division ===

def test_the_israeli_division_comes_in_only_after_the_israeli_retaliation() -> None:
    """§G5.2(2): once the Scud result has come, the Coalition may bring it in on a clear or city hex of Iraq free of
    Islamic units, and it may move that turn."""
    before = position({"us_3id": "3231", "iq_8": "2930"}, options=TARGETS)
    assert not offered(before, "coalition", "israeli_arrival")
    s = position({"us_3id": "3231", "iq_8": "2930"}, options=TARGETS, israel=1)
    hexes = {a["to"] for a in offered(s, "coalition", "israeli_arrival")}
    assert "2929" in hexes and "2930" not in hexes  # not onto the Iraqi unit
    assert all(B.country[h] == "iraq" and (B.terrain[h] == "clear" or B.places.get(h, {}).get("kind") == "city")
               for h in hexes)
    assert not hexes & {h for h in B.hexes if B.terrain[h] != "clear" and h not in B.places}
    s = act(s, "coalition", "israeli_arrival", to="2929")
    assert s["units"]["il_abn"]["status"] == "map" and s["units"]["il_abn"]["hex"] == "2929"
    assert s["israel_entered"] and destinations(s, "il_abn")  # it may move on its arrival turn
    assert not offered(s, "coalition", "israeli_arrival")  # one division


def test_the_israeli_division_moves_only_in_iraq_and_iran() -> None:
    """§G5.3(1): it operates only in Iraq and Iran."""
    s = position({"il_abn": BORDER}, options=TARGETS, israel=1)
    moves = destinations(s, "il_abn")
    assert moves and all(B.country[h] in ("iraq", "iran") for h in moves)


def test_an_israeli_division_forced_to_retreat_out_of_iraq_is_eliminated() -> None:
    """§G5.3(1): forced to retreat elsewhere, it is eliminated."""
    def out_of_iraq(h: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        s = position({"il_abn": h}, "islamic_combat", options=TARGETS, israel=1)
        s["stack"].append({"kind": "retreat", "side": "coalition", "at": h, "units": ["il_abn"]})
        return s, [a for a in offered(s, "coalition", "retreat") if B.country.get(a["to"]) not in ("iraq", "iran")]
    s, away = next(found for h in sorted(B.hexes) if B.country.get(h) == "iraq" and (found := out_of_iraq(h))[1])
    s = apply_action(RULES, s, "coalition", away[0])
    assert s["units"]["il_abn"]["status"] == "eliminated"


def test_the_israeli_division_stacks_only_with_us_uk_french_or_european_units() -> None:
    """§G5.3(2): with a US unit it may stack; with a Saudi unit the hex is overstacked (§6.5)."""
    assert not overstacked(position({"il_abn": "2929", "us_3id": "2929"}, options=TARGETS), "coalition")
    assert overstacked(position({"il_abn": "2929", "sa_4": "2929"}, options=TARGETS), "coalition") == ["2929"]


def test_a_star_result_with_the_israelis_gives_the_islamic_player_more_mipp() -> None:
    """§G5.3(3): on a * result of a combat it takes part in, LOST n MIPP on top of the CRT's MIPP check."""
    s = position({"il_abn": "2929", "us_173": "2929", "iq_8": "2930"}, "coalition_combat", dice=(3, 4),
                 options=TARGETS, israel=1)
    s = _attack(s, "coalition", "2930")
    assert last_log(s, "combat")["result"] == "DR*" and last_log(s, "mipp_gain")["why"] == {"key": "why.israeli"}
    assert s["mipp"] == 2 + 1  # the check's 4 gives 2, the Israelis 1
    plain = _attack(position({"us_173": "2929", "iq_8": "2930"}, "coalition_combat", dice=(3, 4)), "coalition",
                    "2930")
    assert plain["mipp"] == 2


def test_once_the_israelis_entered_saudi_kuwaiti_and_syrian_units_never_attack_iraq() -> None:
    """§G5.3(5): for the rest of the game, even after the Israeli division is gone."""
    s = position({"kw_6": "3231", "iq_8": "3131"}, "coalition_combat", options=TARGETS, israel=1)
    assert allowed_target(s, "kw_6", "3131")
    s["israel_entered"] = True
    assert not allowed_target(s, "kw_6", "3131")


# === §G5.4 Al Qaeda ===

def test_the_al_qaeda_roll_brings_the_units_its_face_gives() -> None:
    """§G5.4 (LOST-52): 1-2 none, 3-4 the 55th Brigade, 5 the IVD, 6 both; those that come wait for the Islamic
    player to place them after his set-up."""
    for die, coming in ((1, set()), (3, {"aq_55"}), (5, {"aq_ivd"}), (6, {"aq_55", "aq_ivd"})):
        s = position({}, options={"al_qaeda": True}, dice=(die,))
        frames = al_qaeda.arrival(s)
        assert {u for u, rec in s["units"].items() if rec["status"] == "setup"} == coming
        assert bool(frames) == bool(coming)


def test_al_qaeda_units_are_placed_where_islamic_units_may_set_up() -> None:
    """§G5.4: in any hex where his ground units may set up (Scenario 1: Iraq outside the Kurdish area); then the
    game begins."""
    s = next(s for seed in range(40) if (s := RULES.setup("1", {"al_qaeda": True}, bytes([seed])))["stack"][-1]
             ["kind"] == "setup")
    assert MACHINE.active_roles(s) == {"islamic"}
    uid = offered(s, "islamic", "select")[0]["unit"]
    s = act(s, "islamic", "select", unit=uid)
    hexes = {a["to"] for a in offered(s, "islamic", "place")}
    assert hexes and all(B.country[h] == "iraq" and h not in B.kurdish_area for h in hexes)
    while offered(s, "islamic", "select") or offered(s, "islamic", "place"):
        s = apply_action(RULES, s, "islamic", (offered(s, "islamic", "place") or offered(s, "islamic", "select"))[0])
    s = act(s, "islamic", "end_setup")
    assert all(s["units"][u]["status"] in ("map", "eliminated", "out") for u in ("aq_55", "aq_ivd"))
    assert s["phase"] != "setup"


def test_al_qaeda_never_stacks_with_iraqi_units() -> None:
    """§G5.4(1) (AMBIG-29): an Al Qaeda unit with an Iraqi unit overstacks the hex."""
    s = position({"aq_55": "2930", "iq_8": "2930"}, options={"al_qaeda": True})
    assert overstacked(s, "islamic") == ["2930"]


def test_a_combat_with_al_qaeda_gives_mipp_and_its_destruction_takes_some() -> None:
    """§G5.4(2)-(3): +1 MIPP for the combat, -2 when the unit is destroyed (never below 0)."""
    s = position({"us_3id": "2929", "uk_1ad": "2929", "aq_55": "2930"}, "coalition_combat",
                 options={"al_qaeda": True}, mipp=5)
    s = _attack(s, "coalition", "2930")
    assert last_log(s, "combat")["result"] == "DE" and s["units"]["aq_55"]["status"] == "eliminated"
    assert s["mipp"] == 5 - 2 + 1 and last_log(s, "mipp_loss")["why"] == {"key": "why.al_qaeda_destroyed"}
    off = _attack(position({"us_3id": "2929", "uk_1ad": "2929", "aq_55": "2930"}, "coalition_combat", mipp=5),
                  "coalition", "2930")
    assert off["mipp"] == 5  # without the option, no Al Qaeda MIPP


def test_an_al_nida_operation_gives_al_qaeda_mipp_too() -> None:
    """§G5.4(2): each SOF operation involving an Al Qaeda unit gives the Islamic player MIPP (here on top of the
    §G3.6 MIPP check for suppressing a Coalition HQ)."""
    def raid(options: dict[str, bool]) -> dict[str, Any]:
        s = position({"aq_nida_1": "2929", "us_hq_v": "2930"}, "islamic_combat", options=options, dice=(6, 2), mipp=3)
        return act(s, "islamic", "sof_operation", unit="aq_nida_1", target="hq")
    s = raid({"sof": True, "c2": True, "al_qaeda": True})
    assert s["mipp"] == 3 + 1 + 1 and last_log(s, "mipp_gain")["why"] == {"key": "why.al_qaeda"}
    assert raid({"sof": True, "c2": True})["mipp"] == 3 + 1


# === §G5.5 Additional Coalition airmobility ===

AIR = {"airmobility": True}


def test_a_us_light_unit_air_moves_up_to_ten_hexes_but_not_onto_the_enemy() -> None:
    """§G5.5 (LOST-53, LOST-54): one unit a turn, over terrain and enemy units, to a land hex up to 10 hexes away
    with no enemy unit; it may land beside the enemy."""
    s = position({"us_82": "3231", "us_173": "3231", "iq_8": "2930"}, options=AIR)
    hexes = {a["to"] for a in offered(s, "coalition", "air_move_unit", unit="us_82")}
    assert "2929" in hexes and "2930" not in hexes
    assert all(B.grid.distance("3231", h) <= 10 and B.is_land(h) for h in hexes)
    s = act(s, "coalition", "air_move_unit", unit="us_82", to="2929")
    assert s["units"]["us_82"]["hex"] == "2929" and "us_82" not in destinations(s, "us_82")
    assert not offered(s, "coalition", "air_move_unit")  # LOST-53: one a turn
    assert not destinations(s, "us_82")  # it air-moves or moves, not both


def test_an_air_moved_unit_does_not_fight_that_turn() -> None:
    """§G5.5: no combat for it in the turn it air-moves."""
    s = position({"us_82": "3231", "us_3id": "2829", "iq_8": "2930"}, options=AIR)
    s = act(s, "coalition", "air_move_unit", unit="us_82", to="2929")
    s = act(s, "coalition", "end_movement")
    s = act(s, "coalition", "attack", at="2930")
    assert "us_82" not in s["stack"][-1]["attackers"] and "us_3id" in s["stack"][-1]["attackers"]


def test_only_us_light_mountain_marine_and_airborne_units_air_move() -> None:
    """§G5.5: not a US heavy division, not an SOF, not another nation's light unit; not a unit that moved."""
    s = position({"us_3id": "3231", "uk_16aa": "3231", "us_10mtn": "3232", "us_1mardiv": "3331"},
                 options={**AIR, "sof": True})
    flying = {a["unit"] for a in offered(s, "coalition", "air_move_unit")}
    assert flying == {"us_10mtn", "us_1mardiv"}
    moved = act(s, "coalition", "move", unit="us_10mtn", to=sorted(destinations(s, "us_10mtn"))[0])
    assert {a["unit"] for a in offered(moved, "coalition", "air_move_unit")} == {"us_1mardiv"}
    assert not offered(position({"us_10mtn": "3232"}), "coalition", "air_move_unit")  # the option off


def test_the_101st_does_not_support_a_defence_in_a_turn_it_air_moved() -> None:
    """§G5.5: the 101st may not fight in a turn it air-moves (§13.6, its support is fighting)."""
    def supports(flew: bool) -> list[Any]:
        s = position({"us_101": "3131", "us_173": "2929", "iq_8": "2930"}, "islamic_combat", options=AIR)
        if flew:
            s["units"]["us_101"]["air_moved"] = s["turn"]
        s = act(s, "islamic", "attack", at="2929")
        s = act(s, "islamic", "resolve", at="2929")
        return offered(s, "coalition", "support")
    assert supports(False) and not supports(True)
