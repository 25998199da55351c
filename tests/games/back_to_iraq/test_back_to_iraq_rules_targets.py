"""Back to Iraq, the advanced game's strategic targets (digest §9.1, rulebook §G1): their placement, who sees
them, what reveals and removes them, the Scud attacks, the advanced victory; with dice forced."""

from __future__ import annotations

from typing import Any

from bti_fixtures import act, last_log, offered, position, put

from server.engine.core import apply_action, make_view
from server.games.back_to_iraq import RULES, scud, sequence
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.forces import MP
from server.games.back_to_iraq.movement import reach
from server.games.back_to_iraq.rules import MACHINE
from server.games.back_to_iraq.supply import Lines, sources
from server.games.back_to_iraq.view import hidden_variant

B = dataset().board
ON = {"strategic_targets": True}
BASRA, ZUBAYR, SAFWAN = B.hex_of("basra"), B.hex_of("zubayr"), B.hex_of("safwan")


def start(scenario: str = "1") -> dict[str, Any]:
    return RULES.setup(scenario, ON, b"targets")


def place_all(s: dict[str, Any], chosen: list[str]) -> dict[str, Any]:
    """The Islamic player's whole placement: the ``chosen`` kinds, then the drawn ones, each on the first hex
    offered."""
    for kind in chosen:
        s = act(s, "islamic", "select_target", marker=kind)
        s = apply_action(RULES, s, "islamic", offered(s, "islamic", "place_target")[0])
    while offered(s, "islamic", "place_drawn"):
        s = apply_action(RULES, s, "islamic", offered(s, "islamic", "place_drawn")[0])
    return s


def test_the_islamic_player_places_chosen_then_drawn_markers_in_iraqi_cities_and_towns() -> None:
    """§G1.1 (LOST-41): Scenario 1, he chooses 5 markers and draws 15 unseen, each in a city or town of Iraq
    outside the Kurdish area, at most 2 in a hex; the 10 left in the cup are out of the game."""
    s = start()
    assert MACHINE.active_roles(s) == {"islamic"} and {a["marker"] for a in offered(s, "islamic", "select_target")} \
        == set(dataset().tables.raw["strategic_targets"])
    s = act(s, "islamic", "select_target", marker="c3i")
    hexes = {a["to"] for a in offered(s, "islamic", "place_target")}
    assert hexes and all(B.places[h]["kind"] in ("city", "town") and B.country[h] == "iraq"
                         and h not in B.kurdish_area for h in hexes)
    s = act(s, "islamic", "place_target", to=BASRA)
    s = act(s, "islamic", "select_target", marker="c3i")
    s = act(s, "islamic", "place_target", to=BASRA)
    s = act(s, "islamic", "select_target", marker="wmd")
    assert BASRA not in {a["to"] for a in offered(s, "islamic", "place_target")}  # two in Basra already
    s = place_all(act(s, "islamic", "deselect_target"), ["wmd", "ssm", "adc"])
    status = [rec["status"] for rec in s["targets"].values()]
    assert status.count("map") == 20 and status.count("out") == 10
    assert [s["targets"][t]["kind"] for t in ("t01", "t02")] == ["c3i", "c3i"]
    assert s["phase"] == "weather_regroup" and all(rec["seen"] for rec in s["targets"].values()
                                                   if rec["status"] == "map")


def test_scenario_2_keeps_ten_markers_and_every_chosen_c3i_in_iraq() -> None:
    """§G1.1 (LOST-41): Scenario 2, markers go in Iraq or Iran, at least 10 of them and every C3I in Iraq."""
    s = start("2")
    s = act(s, "islamic", "select_target", marker="c3i")
    assert {B.country[a["to"]] for a in offered(s, "islamic", "place_target")} == {"iraq"}
    s = act(s, "islamic", "deselect_target")
    s = act(s, "islamic", "select_target", marker="wmd")
    assert {B.country[a["to"]] for a in offered(s, "islamic", "place_target")} == {"iraq", "iran"}
    iran = [h for h, p in B.places.items() if B.country[h] == "iran"]
    s = act(s, "islamic", "place_target", to=iran[0])
    while offered(s, "islamic", "select_target") or offered(s, "islamic", "place_drawn"):
        if offered(s, "islamic", "select_target"):
            s = act(s, "islamic", "select_target", marker="deception")
            acts = offered(s, "islamic", "place_target")
        else:
            acts = offered(s, "islamic", "place_drawn")
        in_iran = [a for a in acts if B.country[a["to"]] == "iran"]
        s = apply_action(RULES, s, "islamic", (in_iran or acts)[0])
    placed = [rec["hex"] for rec in s["targets"].values() if rec["status"] == "map"]
    assert len(placed) == 25 and sum(B.country[h] == "iraq" for h in placed) == 10


def test_face_down_kinds_are_the_islamic_players_alone_and_drawn_ones_only_after_placement() -> None:
    """§G1.1(3), §G1.3, §10.1: the Coalition and spectators see where the markers are, not what; the Islamic player
    sees the ones he chose, and those he drew only once the whole placement is done."""
    s = place_all(start(), ["c3i", "deception", "deception", "deception", "deception"])
    mid = start()
    mid = act(mid, "islamic", "select_target", marker="c3i")
    mid = apply_action(RULES, mid, "islamic", offered(mid, "islamic", "place_target")[0])
    for _ in range(4):
        mid = act(mid, "islamic", "select_target", marker="deception")
        mid = apply_action(RULES, mid, "islamic", offered(mid, "islamic", "place_target")[0])
    mid = apply_action(RULES, mid, "islamic", offered(mid, "islamic", "place_drawn")[0])
    kinds = {m["id"]: m["kind"] for m in make_view(RULES, mid, "islamic")["targets"]["markers"]}
    assert kinds["t01"] == "c3i" and kinds["t06"] is None  # t06 was drawn unseen
    for role in ("coalition", None):
        assert all(m["kind"] is None for m in make_view(RULES, mid, role)["targets"]["markers"])
    done = make_view(RULES, s, "islamic")["targets"]["markers"]
    assert len(done) == 20 and all(m["kind"] for m in done)
    assert all(m["kind"] is None for m in make_view(RULES, s, "coalition")["targets"]["markers"])


def test_two_matches_differing_only_in_face_down_kinds_look_the_same_to_the_coalition() -> None:
    """§10.1: the kinds of face-down markers (on the map, in the cup, removed unrevealed) never reach the Coalition
    or a spectator; the Islamic player tells them apart."""
    s = position({"us_3id": "3530"}, options=ON)
    a, b = put(s, BASRA, "c3i"), put(s, ZUBAYR, "deception")
    other = hidden_variant(s, "coalition", 1)
    assert other is not None
    swapped = {k: v for k, v in s.items()}
    swapped["targets"] = {t: dict(r) for t, r in s["targets"].items()}
    swapped["targets"][a]["kind"], swapped["targets"][b]["kind"] = "deception", "c3i"
    for role in ("coalition", None):
        assert make_view(RULES, s, role) == make_view(RULES, swapped, role) == make_view(RULES, other, role)
    assert make_view(RULES, s, "islamic") != make_view(RULES, swapped, "islamic")


def test_a_coalition_unit_entering_a_hex_reveals_and_removes_its_markers() -> None:
    """§G1.4(1): a Coalition ground unit entering (or passing through) the hex reveals its markers and removes
    them; Hostages so removed change no MIPP (§G1 chart)."""
    s = position({"us_3id": "3530"}, options=ON)
    tid = put(s, ZUBAYR, "hostages")
    s = act(s, "coalition", "move", unit="us_3id", to=ZUBAYR)
    rec = s["targets"][tid]
    assert rec["face"] == "up" and rec["status"] == "removed" and s["mipp"] == 0
    assert last_log(s, "target_revealed")["what"] == {"key": "marker.hostages"}


def test_revealed_war_information_is_a_mipp_check_at_plus_one() -> None:
    """§G1 War Information: when revealed, a MIPP check with +1 to the die (a 5 becomes 6: 3 MIPP)."""
    s = position({"us_3id": "3530"}, options=ON, dice=(5,))
    put(s, ZUBAYR, "war_information")
    s = act(s, "coalition", "move", unit="us_3id", to=ZUBAYR)
    assert last_log(s, "mipp_check")["die"] == 6 and s["mipp"] == 3


def test_a_rebellion_that_rises_stays_and_slows_and_cuts_the_islamic_side() -> None:
    """§G1 Rebellion (LOST-44): revealed, a 4-6 makes it risen for good, neither attacked nor removed; Islamic
    units pay +2 MP to enter it or a hex beside it, and Islamic supply does not pass unless they hold it."""
    s = position({"us_3id": "3530"}, options=ON, dice=(4,))
    tid = put(s, ZUBAYR, "rebellion")
    s = act(s, "coalition", "move", unit="us_3id", to=ZUBAYR)
    assert s["targets"][tid]["status"] == "map" and s["targets"][tid]["active"]
    low = position({"us_3id": "3530"}, options=ON, dice=(3,))
    low_tid = put(low, ZUBAYR, "rebellion")
    low = act(low, "coalition", "move", unit="us_3id", to=ZUBAYR)
    assert low["targets"][low_tid]["status"] == "removed"
    calm = position({"iq_51": BASRA}, "islamic_movement", options=ON)
    risen = position({"iq_51": BASRA}, "islamic_movement", options=ON)
    put(risen, SAFWAN, "rebellion", face="up")
    risen["targets"][next(t for t, r in risen["targets"].items() if r["hex"] == SAFWAN)]["active"] = True
    cut = {h for h in (SAFWAN, *B.neighbours(SAFWAN))}
    assert cut & set(Lines(calm, "islamic").net("iraq")) and not cut & set(Lines(risen, "islamic").net("iraq"))
    assert reach(risen, "iq_51")[ZUBAYR].cost == reach(calm, "iq_51")[ZUBAYR].cost + 2 * MP  # Zubayr is beside it


def test_the_islamic_player_may_reveal_a_marker_on_any_decision_and_an_installation_becomes_a_source() -> None:
    """§G1.4(4): he reveals any marker at any time; §G1 Military Installation: face up in a city, it is a supply
    source for that country's units."""
    s = position({"iq_51": "2925"}, "islamic_movement", options=ON)
    tid = put(s, BASRA, "military_installation")
    assert BASRA not in sources(s, "iraq")
    s = act(s, "islamic", "reveal_target", target=tid)
    assert s["targets"][tid]["face"] == "up" and BASRA in sources(s, "iraq")
    assert not offered(s, "islamic", "reveal_target")
    assert not offered(position({}, "coalition_movement", options=ON), "coalition", "reveal_target")


def test_without_a_c3i_iraqi_units_may_not_advance_but_the_step_is_still_offered() -> None:
    """§G1 C3I: while a C3I is on the map Iraqi units may advance after combat; with none left they may not, and
    the advance is still asked, so that it does not tell the Coalition whether a face-down C3I is left."""
    def fight(with_c3i: bool) -> dict[str, Any]:
        s = position({"rg_medina": "2929", "iq_2": "2929", "iq_8": "2829", "kw_6": "2930"}, "islamic_combat",
                     options=ON, dice=(1,))
        if with_c3i:
            put(s, BASRA, "c3i")
        put(s, ZUBAYR, "deception")
        s = act(s, "islamic", "attack", at="2930")
        s = act(s, "islamic", "resolve", at="2930")
        return act(s, "islamic", "take_step", unit="kw_6")
    yes, no = fight(True), fight(False)
    assert offered(yes, "islamic", "advance") and not offered(no, "islamic", "advance")
    assert offered(no, "islamic", "end_advance") and no["stack"][-1]["kind"] == "advance"


def _scud(total: tuple[int, int], more: tuple[int, ...] = (), **over: Any) -> tuple[dict[str, Any], str]:
    s = position({}, "islamic_combat", options=ON, dice=(*total, *more), **over)
    tid = put(s, BASRA, "ssm")
    s = act(s, "islamic", "end_combat")
    while s["stack"][-1]["kind"] != scud.STEP:
        s = apply_action(RULES, s, MACHINE.active_roles(s).__iter__().__next__(), offered(
            s, next(iter(MACHINE.active_roles(s))))[0])
    return act(s, "islamic", "scud", target=tid), tid


def test_the_scud_table_expended_and_launcher_found_reveal_the_launcher() -> None:
    """§G1.5 (LOST-42): 2d6; 2-4 the missile is expended (revealed, removed), 5-7 the launcher is found (face up,
    stays), 10 and 12 no effect; the Coalition is told the result, not which marker fired, unless it shows."""
    s, tid = _scud((1, 2))
    assert s["targets"][tid]["status"] == "removed" and s["targets"][tid]["face"] == "up"
    s, tid = _scud((3, 4))
    assert s["targets"][tid]["status"] == "map" and s["targets"][tid]["face"] == "up"
    s, tid = _scud((5, 5))
    assert s["targets"][tid]["face"] == "down" and s["mipp"] == 0
    coalition_log = make_view(RULES, s, "coalition")["log"]
    assert not any(e["key"] == "log.scud_named" for e in coalition_log)
    assert any(e["key"] == "log.scud_named" for e in make_view(RULES, s, "islamic")["log"])


def test_scud_mipp_results_and_the_israeli_retaliation() -> None:
    """§G1.5: 8 a city hit, +1d6 MIPP; 9 a foreign reaction, -1d6 (never below 0); 11 Israel retaliates, +1d6 and
    the Israeli forces for the Coalition; a second Israeli retaliation is a city hit."""
    s, _ = _scud((4, 4), (3,))
    assert s["mipp"] == 3
    s, _ = _scud((4, 5), (5,), mipp=2)
    assert s["mipp"] == 0 and last_log(s, "mipp_loss")["loss"] == 2
    s, _ = _scud((5, 6), (2,))
    assert s["mipp"] == 2 and s["israel"] == 2
    s, _ = _scud((5, 6), (2,), israel=1)
    assert s["israel"] == 1 and last_log(s, "scud")["result"] == {"key": "scud.city_hit"}


def test_each_ssm_fires_once_a_turn_and_the_step_comes_even_with_none() -> None:
    """§G1.5 (AMBIG-24): each SSM marker fires at most once a turn; the Scud step is offered every turn, so its
    coming says nothing about the SSMs left."""
    s, tid = _scud((5, 5))
    assert not offered(s, "islamic", "scud") and offered(s, "islamic", "end_scuds")
    none = position({}, "islamic_combat", options=ON)
    none = act(none, "islamic", "end_combat")
    assert none["stack"][-1]["kind"] == scud.STEP and offered(none, "islamic", "end_scuds")


def test_the_advanced_victory_raises_the_mipp_limit_and_counts_wmd_at_the_end() -> None:
    """§G1.6 (LOST-32): the MIPP limit is the scenario's LOST-31 + 20 (Scenario 1: 30 + 20); at the end 1d6 MIPP
    per WMD still on the map; no WMD and no terrorist base left counts as one more city."""
    s = position({}, options=ON, dice=(6, 4))
    assert sequence.mipp_limit(s) == 50 and sequence.mipp_limit(position({})) == 30
    put(s, BASRA, "wmd")
    put(s, ZUBAYR, "wmd")
    assert sequence.judged(s) is False and s["mipp"] == 10
    clean = position({}, options=ON)
    put(clean, BASRA, "deception")
    need = dataset().tables.lost("LOST-30")["s1_needed"]
    for h in B.cities("iraq")[:need - 1]:
        clean["control"][h] = "coalition"
    clean["control"][B.hex_of("kuwait_city")] = "coalition"
    assert not sequence.victory_met(clean) and sequence.may_declare(clean) and sequence.judged(clean)
