"""Back to Iraq, command and control with HQs (digest §9.4, rulebook §G4), the match option ``c2``."""

from __future__ import annotations

from bti_fixtures import act, last_log, offered, position

from server.games.back_to_iraq import RULES, view
from server.games.back_to_iraq.command import Command, suppress
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.forces import movement_class
from server.games.back_to_iraq.results import lose_one_step
from server.games.back_to_iraq.sequence import recovery
from server.games.back_to_iraq.supply import Lines, check_zoc_supply
from server.games.back_to_iraq.targets import c3i_present
from server.games.back_to_iraq.zoc import zoc

B = dataset().board
C2 = {"c2": True}


def commanded(s, uid: str) -> bool:
    return Command(s, s["units"][uid]["side"]).commanded(uid)


def supplied(s, uid: str) -> bool:
    return Lines(s, s["units"][uid]["side"]).supplied(uid)


# === §G4.1 HQs ===

def test_with_c2_the_hqs_are_in_play_at_their_set_up_hexes() -> None:
    """§G4.1: with the option the scenario's HQs start on the map (placed like any unit in a free set-up);
    without it they are out of the match (§3.0)."""
    s = RULES.setup("1", C2, b"c2")
    assert s["units"]["us_hq_v"] == {**s["units"]["us_hq_v"], "status": "map", "hex": "3432"}
    assert s["units"]["iq_hq_ghq"]["hex"] == "2117"
    assert s["units"]["us_sf5"]["status"] == "out"  # SOF are §G3's, not this option's
    assert RULES.setup("1", {}, b"c2")["units"]["us_hq_v"]["status"] == "out"
    assert RULES.setup("1", {**C2, "free_setup": True}, b"c2")["units"]["us_hq_v"]["status"] == "setup"


def test_with_c2_every_coalition_front_starts_in_supply() -> None:
    """§G4.4: under C2 a unit is supplied only through an HQ; Scenario 1's set-up gives each Coalition front one,
    the northern front in Turkey the Turkish 7th Corps HQ (PROVENANCE), so every Coalition unit starts supplied."""
    s = RULES.setup("1", C2, b"c2")
    lines = Lines(s, "coalition")
    north = [u for u, rec in s["units"].items() if rec["status"] == "map" and rec["side"] == "coalition"
             and int(rec["hex"][2:]) <= 3]
    assert {"us_4id", "tr_mech_a", "tr_hq_7"} <= set(north)
    assert all(lines.supplied(u) for u, rec in s["units"].items() if rec["status"] == "map"
               and rec["side"] == "coalition")
    assert commanded(s, "us_4id") and Command(s, "coalition").commanders("us_4id") == ["tr_hq_7"]


def test_an_hq_is_a_one_step_mech_unit_without_zoc() -> None:
    """§G4.1: an HQ is mechanized, eliminated by any step loss; a Coalition HQ has no ZOC."""
    s = position({"us_hq_v": "3432"}, options=C2)
    assert movement_class(s, "us_hq_v") == "mech" and not zoc(s)
    lose_one_step(s, "us_hq_v")
    assert s["units"]["us_hq_v"]["status"] == "eliminated"


# === §G4.2 Command ===

def test_an_hq_commands_the_units_within_its_range() -> None:
    """§G4.2: the JFC HQ (range 4) commands a unit 4 hexes away, not one 5 away."""
    s = position({"jfc_hq": "1211", "us_10mtn": "0914"}, options=C2)
    assert B.grid.distance("1211", "0914") == 4 and commanded(s, "us_10mtn")
    s = position({"jfc_hq": "1211", "us_10mtn": "0915"}, options=C2)
    assert B.grid.distance("1211", "0915") == 5 and not commanded(s, "us_10mtn")


def test_a_command_line_does_not_pass_through_an_enemy_unit() -> None:
    """§G4.2: an Iraqi unit on the only line of 4 hexes cuts it."""
    s = position({"jfc_hq": "1211", "us_3id": "0914", "iq_8": "1113"}, options=C2)
    assert not commanded(s, "us_3id")


def test_a_command_line_does_not_pass_through_a_coalition_zoc() -> None:
    """§G4.2, §7.6: an Iraqi line may not pass through a Coalition ZOC; one out of supply has none (§7.4)."""
    s = position({"iq_hq_1": "1510", "iq_8": "1208"}, options=C2)
    assert commanded(s, "iq_8")
    s = position({"iq_hq_1": "1510", "iq_8": "1208", "us_82": "1310"}, options=C2)
    assert not commanded(s, "iq_8")
    s["no_zoc"] = ["us_82"]
    assert commanded(s, "iq_8")


def test_a_command_line_does_not_cross_terrain_prohibited_to_the_unit() -> None:
    """§G4.2: not over an escarpment hexside, even to the next hex."""
    assert B.is_escarpment("2122", "2022")
    s = position({"us_hq_v": "2022", "us_3id": "2122"}, options=C2)
    assert not commanded(s, "us_3id")


# === §G4.3 Nationality ===

def test_units_use_only_the_hqs_of_their_nations() -> None:
    """§G4.3: Coalition units any Coalition HQ, Israel only US ones; Iraq (Army and RG) Iraqi HQs, Iran Iranian
    ones, Al Qaeda any Islamic HQ."""
    s = position({"jfc_hq": "1211", "us_3id": "0914", "il_abn": "0914"}, options=C2)
    assert commanded(s, "us_3id") and not commanded(s, "il_abn")
    s = position({"us_hq_v": "1211", "il_abn": "0914"}, options=C2)
    assert commanded(s, "il_abn")
    s = position({"iq_hq_1": "1510", "rg_medina": "1208"}, "islamic_movement", "2", options=C2)
    assert commanded(s, "rg_medina")
    s = position({"ir_hq_north": "1510", "iq_8": "1208", "ir_16": "1209"}, "islamic_movement", "2", options=C2)
    assert not commanded(s, "iq_8") and commanded(s, "ir_16")
    s = position({"ir_hq_north": "1510", "aq_55": "1208"}, "islamic_movement", "2", options=C2)
    assert commanded(s, "aq_55")


# === §G4.4 C2 and supply ===

def test_with_c2_a_unit_is_supplied_through_an_hq() -> None:
    """§G4.4: C2 replaces basic supply: a unit on a road by Kuwait City is out of supply without an HQ, in supply
    with the V Corps HQ beside it on the road net."""
    assert supplied(position({"us_3id": "3532"}), "us_3id")
    assert not supplied(position({"us_3id": "3532"}, options=C2), "us_3id")
    assert supplied(position({"us_3id": "3532", "us_hq_v": "3432"}, options=C2), "us_3id")


def test_an_hq_traces_to_the_road_net_and_hqs_do_not_chain() -> None:
    """§G4.4(1): the HQ itself must reach a road joined to a source within its range; an HQ that cannot gives no
    supply, even when another HQ, in supply, commands it."""
    s = position({"us_hq_v": "3238", "jfc_hq": "2835", "us_3id": "3338"}, options=C2)
    assert supplied(s, "jfc_hq") and not supplied(s, "us_hq_v")
    assert commanded(s, "us_3id") and Command(s, "coalition").commanders("us_3id") == ["us_hq_v"]
    assert not supplied(s, "us_3id")


def test_marines_trace_across_water_to_an_hq() -> None:
    """§G4.4(2): a marine unit's line crosses all-water hexes; another unit's does not."""
    s = position({"us_hq_v": "3734", "uk_3cdo": "3729"}, options=C2)
    assert commanded(s, "uk_3cdo")
    s = position({"us_hq_v": "3734", "us_10mtn": "3729"}, options=C2)
    assert not commanded(s, "us_10mtn")


def test_airborne_units_trace_through_enemy_units() -> None:
    """§G4.4(3): an airborne unit's line passes water, enemy-occupied hexes and any terrain."""
    s = position({"jfc_hq": "1211", "us_82": "0914", "us_3id": "0914", "iq_8": "1113"}, options=C2)
    assert commanded(s, "us_82") and not commanded(s, "us_3id")


def test_units_on_a_source_under_air_supply_on_the_mef_coast_and_sof_need_no_hq() -> None:
    """§G4.4(4)-(5): on a source, under the Air Supply marker, the MEF in a coastal hex, an SOF (§G3.5)."""
    coast = next(h for h in sorted(B.coastal) if B.country.get(h) == "kuwait" and h != "3631")
    s = position({"us_3id": "3631", "uk_1ad": "3532", "us_1mardiv": coast, "us_sf5": "0135"}, options=C2,
                 air_supply="3532")
    assert all(supplied(s, u) for u in ("us_3id", "uk_1ad", "us_1mardiv", "us_sf5"))
    assert not Lines(s, "coalition").supplied("uk_1ad", air=False)


def test_a_unit_out_of_supply_by_c2_has_no_zoc() -> None:
    """§7.4 with §G4.4: at the start of the Islamic movement phase a Coalition unit without an HQ loses its
    ZOC."""
    s = position({"us_3id": "3532"}, options=C2)
    check_zoc_supply(s)
    assert s["no_zoc"] == ["us_3id"]
    s = position({"us_3id": "3532", "us_hq_v": "3432"}, options=C2)
    check_zoc_supply(s)
    assert s["no_zoc"] == []


def test_recovery_needs_a_line_to_an_hq() -> None:
    """§9.5, §G4.4: a reduced Coalition unit recovers in a regroup turn only with a trace to an HQ, even on a
    source."""
    def after(units: dict[str, str], options: dict[str, bool]) -> int:
        s = position(units, options=options, regroup={"marker": 8, "now": "voluntary"})
        s["units"]["us_3id"].update(steps=1, full_at_start=False)
        recovery(s)
        return int(s["units"]["us_3id"]["steps"])
    assert after({"us_3id": "3631"}, {}) == 2
    assert after({"us_3id": "3631"}, C2) == 1
    assert after({"us_3id": "3631", "us_hq_v": "3432"}, C2) == 2


# === §G4.5 C2 and advance after combat ===

def _beside(a: str, away: str) -> str:
    """A clear hex next to ``a`` and two from ``away``."""
    return next(n for n in B.neighbours(a) if B.grid.distance(n, away) == 2 and B.terrain[n] == "clear"
                and not B.is_escarpment(a, n))


def _coalition_de(units: dict[str, str], options: dict[str, bool]):
    s = position(units, "coalition_combat", options=options, dice=(1,))
    s = act(s, "coalition", "attack", at="2930")
    s = act(s, "coalition", "resolve", at="2930")
    assert last_log(s, "combat")["result"] == "DE"
    return s


def test_us_units_advance_one_hex_out_of_command_and_mech_units_in_command_two() -> None:
    """§G4.5(3)-(4): a US unit advances one hex whatever its C2; a US mech unit in command goes on a second hex
    in any direction."""
    s = _coalition_de({"us_3id": "2929", "iq_8": "2930"}, C2)
    s = act(s, "coalition", "advance", unit="us_3id", to="2930")
    assert not offered(s, "coalition", "advance")
    hq = _beside("2929", "2930")
    s = _coalition_de({"us_3id": "2929", "iq_8": "2930", "us_hq_v": hq}, C2)
    s = act(s, "coalition", "advance", unit="us_3id", to="2930")
    onward = {a["to"] for a in offered(s, "coalition", "advance", unit="us_3id")}
    assert onward and onward <= set(B.neighbours("2930"))
    to = sorted(onward)[0]
    s = act(s, "coalition", "advance", unit="us_3id", to=to)
    assert s["units"]["us_3id"]["hex"] == to and not offered(s, "coalition", "advance")
    s = _coalition_de({"us_3id": "2929", "iq_8": "2930", "us_hq_v": hq}, {})
    s = act(s, "coalition", "advance", unit="us_3id", to="2930")
    assert not offered(s, "coalition", "advance")  # without the option: one hex, as §11.14


def test_other_coalition_units_advance_only_in_command() -> None:
    """§G4.5(3): a Kuwaiti unit advances only if commanded."""
    s = _coalition_de({"us_3id": "2929", "kw_6": "2929", "iq_8": "2930"}, C2)
    assert {a["unit"] for a in offered(s, "coalition", "advance")} == {"us_3id"}
    hq = _beside("2929", "2930")
    s = _coalition_de({"us_3id": "2929", "kw_6": "2929", "iq_8": "2930", "us_hq_v": hq}, C2)
    assert {a["unit"] for a in offered(s, "coalition", "advance")} == {"us_3id", "kw_6"}


def _islamic_dr(units: dict[str, str], **over):
    """Three RG divisions in Baghdad (a source: in supply without an HQ) push back the 173rd (under air supply)."""
    s = position(units, "islamic_combat", options=C2, dice=(5,), air_supply="2216", **over)
    s = act(s, "islamic", "attack", at="2216")
    s = act(s, "islamic", "resolve", at="2216")
    while offered(s, "coalition", "no_support"):
        s = act(s, "coalition", "no_support")
    assert last_log(s, "combat")["result"] == "DR*"
    retreat = offered(s, "coalition", "retreat")[0]
    return act(s, "coalition", "retreat", to=retreat["to"])


def test_iraqi_units_advance_only_in_command_and_while_a_c3i_is_on_the_map() -> None:
    """§G4.5(1), §G1 C3I: an Iraqi unit advances if an Iraqi HQ commands it and a C3I marker remains."""
    attackers = {"rg_medina": "2117", "rg_hammurabi": "2117", "rg_nida": "2117", "us_173": "2216"}
    s = _islamic_dr(attackers)
    assert not offered(s, "islamic", "advance")
    hq = _beside("2117", "2216")
    s = _islamic_dr({**attackers, "iq_hq_rgs": hq})
    assert {a["unit"] for a in offered(s, "islamic", "advance")} == {"rg_medina", "rg_hammurabi", "rg_nida"}
    gone = {"t1": {"kind": "c3i", "hex": None, "face": "up", "status": "removed"}}
    s = _islamic_dr({**attackers, "iq_hq_rgs": hq}, targets=gone)
    assert not offered(s, "islamic", "advance")


def test_c3i_present_reads_the_strategic_targets() -> None:
    """§G1 C3I: no strategic targets in the match, the rule does not bind; else a C3I marker on the map."""
    assert c3i_present({})
    assert not c3i_present({"targets": {}})
    assert c3i_present({"targets": {"a": {"kind": "c3i", "hex": "2117", "face": "down", "status": "map"},
                                    "b": {"kind": "c3i", "hex": None, "face": "up", "status": "removed"}}})
    assert not c3i_present({"targets": {"a": {"kind": "ssm", "hex": "2117", "face": "down", "status": "map"}}})


# === §G4.6 Suppression, §G4.7 recovery ===

def test_a_suppressed_hq_gives_no_command_and_a_second_suppression_does_nothing() -> None:
    """§G4.6: a suppressed HQ cannot be used for command lines; a second suppression has no further effect."""
    s = position({"jfc_hq": "1211", "us_3id": "0914"}, options=C2)
    suppress(s, "jfc_hq")
    assert s["units"]["jfc_hq"]["suppressed"] and not commanded(s, "us_3id") and not supplied(s, "us_3id")
    assert last_log(s, "suppressed")["unit"] == {"key": "unit.jfc_hq"}
    suppress(s, "jfc_hq")
    assert len([e for e in s["log"] if e["key"] == "log.suppressed"]) == 1


def test_suppressed_hqs_recover_in_a_regroup_turn_with_land_supply_if_they_did_not_move() -> None:
    """§G4.7 (AMBIG-9): in the Recovery Phase of a Coalition regroup turn every suppressed HQ of either side that
    has land supply and did not move flips back; one that moved, or has no land supply, stays suppressed."""
    s = position({"us_hq_v": "3432", "jfc_hq": "3834", "iq_hq_ghq": "2117", "iq_hq_1": "1210"}, options=C2,
                 regroup={"marker": 8, "now": "forced"})
    for hq in ("us_hq_v", "jfc_hq", "iq_hq_ghq", "iq_hq_1"):
        suppress(s, hq)
    s["units"]["jfc_hq"]["moved"] = True
    assert not Lines(s, "islamic").supplied("iq_hq_1")  # far from any road joined to Baghdad
    recovery(s)
    assert [u for u in ("us_hq_v", "jfc_hq", "iq_hq_ghq", "iq_hq_1") if s["units"][u]["suppressed"]] == \
        ["jfc_hq", "iq_hq_1"]
    assert last_log(s, "hq_recovered")


# === The view ===

def test_the_view_marks_suppressed_hqs_and_units_out_of_command() -> None:
    """§G4.2, §G4.6: the counters carry ``suppressed`` and, with the option, ``out_of_command``."""
    s = position({"jfc_hq": "1211", "us_3id": "0914", "uk_1ad": "0135"}, options=C2)
    suppress(s, "jfc_hq")
    markers = {c["id"]: c["markers"] for c in view.view(s, "coalition")["counters"] if c["status"] == "map"}
    assert "suppressed" in markers["jfc_hq"] and "out_of_command" in markers["us_3id"]
    s = position({"jfc_hq": "1211", "us_3id": "0914"}, options=C2)
    markers = {c["id"]: c["markers"] for c in view.view(s, "coalition")["counters"] if c["status"] == "map"}
    assert "out_of_command" not in markers["us_3id"] and "suppressed" not in markers["jfc_hq"]
    s = position({"us_3id": "0914"})
    assert all("out_of_command" not in c["markers"] for c in view.view(s, "coalition")["counters"])


def test_an_hq_joins_no_attack_and_never_dismounts() -> None:
    """§G4.1 (PROVENANCE): an HQ, attack 0, takes no part in an attack, so a US HQ does not make a Kuwaiti attack a
    Great Power one (§11.1x); and it does not dismount (§10.21)."""
    s = position({"kw_6": "2929", "us_hq_v": "2929", "iq_8": "2930"}, "coalition_combat", options={"c2": True})
    assert not offered(s, "coalition", "attack")
    m = position({"us_hq_v": "3530"}, options={"c2": True})
    assert not offered(m, "coalition", "dismount", unit="us_hq_v")
