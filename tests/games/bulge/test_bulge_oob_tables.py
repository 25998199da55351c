"""Battle of the Bulge: the order of battle (counters.json) and the tables (tables.json).

Checks the reconstructed data against the contract (docs/bulge-data.md) and against what the rules
digest (shared/rules/bulge.md) says survived the transcription. Section numbers are the digest's.
Reasons for every value: server/games/bulge/PROVENANCE.md.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[3] / "server" / "games" / "bulge" / "data"
ENTRY_CODES = {"N", "NW", "W", "SW", "S", "E"}
CONTRACT_KEYS = {"side", "nation", "army", "division", "formation", "designation", "size", "branch", "functional",
                 "mechanised", "front", "back", "name", "entry", "paradrop"}
DICE = {r: 6 - abs(7 - r) for r in range(2, 13)}  # ways to roll each 2d6 total, out of 36


@pytest.fixture(scope="module")
def units() -> dict:
    with open(DATA / "counters.json", encoding="utf-8") as f:
        return json.load(f)["units"]


@pytest.fixture(scope="module")
def tables() -> dict:
    with open(DATA / "tables.json", encoding="utf-8") as f:
        return json.load(f)


def setup_units(units: dict, **match: object) -> dict:
    return {k: u for k, u in units.items() if u["entry"] is None and all(u[f] == v for f, v in match.items())}


# === counters.json ===

def test_every_unit_has_the_contract_keys(units: dict) -> None:
    """docs/bulge-data.md counters.json; §2.3: every combat unit has two steps, back no stronger than front."""
    assert 100 <= len(units) <= 170
    for uid, u in units.items():
        assert set(u) >= CONTRACT_KEYS, uid
        assert set(u["name"]) >= {"en", "ja"} and all(u["name"].values()), uid
        assert u["side"] in {"german", "allied"} and u["nation"] in {"german", "us", "british"}, uid
        assert (u["side"] == "german") == (u["nation"] == "german"), uid
        assert isinstance(u["mechanised"], bool), uid
        if u["branch"] == "commando":  # §5.2: no strength, no ZOC
            assert u["front"] is None and u["back"] is None, uid
            continue
        for face in ("front", "back"):
            assert isinstance(u[face]["attack"], int) and isinstance(u[face]["defence"], int), uid
            assert u[face]["attack"] >= 1 and u[face]["defence"] >= 1, uid
        assert u["back"]["attack"] <= u["front"]["attack"], uid
        assert u["back"]["defence"] <= u["front"]["defence"], uid


def test_ids_unique_and_readable(units: dict) -> None:
    """Ids are stable keys shared with setup.json; the JSON object makes them unique, case folding too."""
    assert len({k.lower() for k in units}) == len(units)
    for uid, u in units.items():
        prefix = {"german": "G-", "us": "US-", "british": "UK-"}[u["nation"]]
        assert uid.startswith(prefix), uid


def test_entry_codes(units: dict) -> None:
    """§9.3/§14.1: German reinforcements enter at E with the white army line; Allied at N, NW, W, SW, S."""
    for uid, u in units.items():
        e = u["entry"]
        if e is None:
            continue
        assert e["code"] in ENTRY_CODES and 2 <= e["turn"] <= 13, uid
        if u["side"] == "german":
            assert e["code"] == "E" and u["army"] == "white", uid
        else:
            assert e["code"] != "E", uid
    assert all(u["army"] != "white" for u in setup_units(units, side="german").values())


def test_british_brigades_enter_turn_5_nw(units: dict) -> None:
    """§9.7 (British arrive on turn 5) and the §2.5 example counter "5NW X 5Gds"."""
    british = {k: u for k, u in units.items() if u["nation"] == "british"}
    assert len(british) >= 2 and "UK-5GDS" in british
    for uid, u in british.items():
        assert u["entry"] == {"turn": 5, "code": "NW"}, uid
        assert u["size"] == "brigade" and u["mechanised"] and u["division"] is None, uid


def test_five_us_infantry_divisions_of_three_regiments(units: dict) -> None:
    """§9.1(1): 2nd, 99th, 106th, 28th, 4th Infantry Divisions, "5 divisions, [1]5 units"."""
    per_div = Counter(u["division"] for u in setup_units(units, nation="us", branch="infantry").values())
    for div in ("US-2", "US-99", "US-106", "US-28", "US-4"):
        assert per_div[div] == 3, div
    assert sum(per_div[d] for d in ("US-2", "US-99", "US-106", "US-28", "US-4")) == 15


def test_other_allied_setup_units(units: dict) -> None:
    """§9.1(2)-(4): the "9th Infantry Division" (AMB-2), the 14th Cavalry Group, 9th Armored CCA/CCB/CCR."""
    assert len(setup_units(units, division="US-9")) == 3
    assert units["US-14CAV"]["entry"] is None and units["US-14CAV"]["branch"] == "cavalry"
    nine_a = setup_units(units, division="US-9A")
    assert sorted(u["designation"].split("/")[0] for u in nine_a.values()) == ["CCA", "CCB", "CCR"]
    assert all(u["mechanised"] for u in nine_a.values())


def test_german_armies_at_start(units: dict) -> None:
    """§9.2: 6th SS Panzer Army 8 divisions, 5th Panzer Army 7, 7th Army 4, all set up."""
    for army, n in (("6SS", 8), ("5Pz", 7), ("7", 4)):
        divs = {u["division"] for u in setup_units(units, side="german", army=army).values()}
        assert None not in divs
        assert len(divs) == n, army


def test_skorzeny_both_forms(units: dict) -> None:
    """§9.5: the 150th Panzergrenadier Brigade (mechanised) or 6 commandos, same entry."""
    brigade = units["G-150"]
    assert brigade["skorzeny"] == "brigade" and brigade["mechanised"] and brigade["front"] is not None
    commandos = [u for u in units.values() if u.get("skorzeny") == "commando"]
    assert len(commandos) == 6
    assert {f"G-CDO-{i}" for i in range(1, 7)} <= set(units)
    for c in commandos:
        assert c["branch"] == "commando" and c["entry"] == brigade["entry"]


def test_vdh_paradrop_and_only_vdh(units: dict) -> None:
    """§9.4(1): only the German VDH unit may drop; its functional colour is the paratroop blue."""
    assert units["G-VDH"]["paradrop"] is True
    assert units["G-VDH"]["functional"] == "para" and not units["G-VDH"]["mechanised"]
    assert [k for k, u in units.items() if u["paradrop"]] == ["G-VDH"]


def test_fb_fg_same_turn(units: dict) -> None:
    """§6.2(6): the FB and FG Panzer Brigades are reinforcements of the same turn and may stack together."""
    assert units["G-FB"]["entry"] == units["G-FG"]["entry"]


def test_functional_colours_have_movement_allowances(units: dict, tables: dict) -> None:
    """§14.5: the Movement Allowance Chart is keyed by functional colour; mechanised iff the mech colour (§2.4)."""
    for uid, u in units.items():
        assert u["functional"] in tables["movement_allowance"], uid
        assert u["mechanised"] == (u["functional"] == "mech"), uid


# === tables.json ===

def test_crt_shape(tables: dict) -> None:
    """§8.2(1)/AMB-13 (minimum 1:2), §8.3(4) (cap 7:1), §8.3(5) rows 2-12; every code has its effects."""
    crt = tables["crt"]
    assert crt["columns"] == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]
    assert sorted(int(r) for r in crt["rows"]) == list(range(2, 13))
    fields = {"defender_steps", "defender_retreat", "attacker_steps", "attacker_retreat", "option_retreat"}
    for row in crt["rows"].values():
        assert len(row) == len(crt["columns"])
        for code in row:
            assert code in crt["results"], code
    for code, r in crt["results"].items():
        assert fields <= set(r), code
        assert r["option_retreat"] == (code.startswith("D") and not code.startswith(("DR", "DE"))), code
    assert crt["results"]["DElim"]["all_defenders_eliminated"] is True
    assert crt["results"]["Aopt"]["attacker_chooses"] is True


def _p(tables: dict, col: int, pred) -> int:
    crt = tables["crt"]
    return sum(DICE[int(r)] for r, row in crt["rows"].items() if pred(crt["results"][row[col]]))


def test_crt_probabilities_monotone(tables: dict) -> None:
    """§8.4: higher odds never make a defender loss less likely nor an attacker loss more likely."""
    cols = range(len(tables["crt"]["columns"]))
    d = [_p(tables, c, lambda x: x["defender_steps"] == "all" or x["defender_steps"] >= 1) for c in cols]
    a = [_p(tables, c, lambda x: x["attacker_steps"] >= 1) for c in cols]
    assert d == sorted(d) and a == sorted(a, reverse=True)
    assert d[0] < a[0] and d[-1] > a[-1]


def test_terrain(tables: dict) -> None:
    """§2.2: hills, light forest, town 1L; deep forest 2L; fortress 3L; river +1L; West Wall German only."""
    t = tables["terrain"]
    for key in ("clear", "hills", "light_forest", "deep_forest", "town", "city", "important", "fortress",
                "river", "major_river", "road", "main_road", "west_wall"):
        assert "mp" in t[key] and "shift" in t[key], key
    assert (t["hills"]["shift"], t["light_forest"]["shift"], t["town"]["shift"]) == (-1, -1, -1)
    assert t["deep_forest"]["shift"] == -2 and t["deep_forest"]["mech_road_only"] is True
    assert t["fortress"]["shift"] == -3 and t["river"]["shift"] == -1
    assert t["west_wall"]["german_defender_only"] is True and t["west_wall"]["shift"] < 0


def test_turns_and_air(tables: dict) -> None:
    """§4, §10.1-10.2, §13.1: 13 turns from 1944-12-16; turn 8 is 60/35; air from turn 8 with 6 FB markers."""
    turns = tables["turns"]
    assert sorted(int(k) for k in turns) == list(range(1, 14))
    assert turns["1"]["date"] == "1944-12-16" and turns["13"]["date"] == "1944-12-28"
    assert (turns["8"]["german_win"], turns["8"]["allied_win"]) == (60, 35)
    for t in range(1, 8):
        assert turns[str(t)]["german_win"] is None and turns[str(t)]["allied_win"] is None
        assert turns[str(t)]["air"] is False
    for t in range(8, 14):
        g, a = turns[str(t)]["german_win"], turns[str(t)]["allied_win"]
        assert a < g <= 69  # §14.3: the VP track shows 0-69
    assert turns["8"]["air"] is True
    assert tables["constants"]["fb_markers"] == 6
    first, last = tables["constants"]["air_turns"]
    assert first == 8 and last in (11, 12)
    assert all(turns[str(t)]["air"] == (first <= t <= last) for t in range(1, 14))


def test_paradrop_and_constants(tables: dict) -> None:
    """§9.4(2) drop table (1-4 drift, 5 abort, 6 on target, direction by 1d6); §10 checklist constants."""
    assert sorted(tables["paradrop"]) == [str(i) for i in range(1, 7)]
    assert sorted(tables["paradrop"].values()) == sorted(["E", "NE", "NW", "W", "SW", "SE"])
    c = tables["constants"]
    assert c["paradrop_results"] == {"1": "drift", "2": "drift", "3": "drift", "4": "drift",
                                     "5": "abort", "6": "on_target"}
    for key in ("leave_ezoc_mp", "encirclement_shift", "option_retreat_hexes", "option_retreat_steps",
                "interdiction_mp", "interdiction_steps", "british_brigades_per_stack", "city_vp",
                "vp_destroyed_allied", "vp_destroyed_german_mech", "vp_destroyed_german_nonmech",
                "vp_breakthrough_mech", "vp_breakthrough_nonmech", "vp_west_wall_crossing", "breakthrough_mp",
                "west_wall_shift", "supply_road_mp", "ninth_infantry_freeze_until_turn", "first_reinforcement_turn",
                "skorzeny_turn", "vdh_turn", "fb_fg_turn"):
        assert isinstance(c[key], int), key
    assert c["stacking_limit"] == 3 and c["supply_road_mp"] == 6 and c["city_vp"] in (10, 20)
    assert sorted(c["breakthrough_capacity"].values()) == [1, 2]
    assert c["commando_detect_on"] == [4, 5, 6]
    assert c["west_wall_shift"] == tables["terrain"]["west_wall"]["shift"]


def test_reinforcement_turns_match_constants(units: dict, tables: dict) -> None:
    """§9.3-§9.5 and §6.2(6): the lost turn digits, read once in constants, agree with the counters."""
    c = tables["constants"]
    assert units["G-VDH"]["entry"]["turn"] == c["vdh_turn"]
    assert units["G-150"]["entry"]["turn"] == c["skorzeny_turn"]
    assert units["G-FB"]["entry"]["turn"] == c["fb_fg_turn"]
    assert min(u["entry"]["turn"] for u in units.values() if u["entry"]) == c["first_reinforcement_turn"]


# === The reconstructed CRT, typed out (PROVENANCE.md "CRT", reviewed against digest §8.3-§8.5) ===
# Literal values, not read from tables.json: a change to the table must change this test too.

CRT_COLUMNS_TYPED = {  # rolls 2..12, one column each
    "1:2": ["D1", "Ex1", "Aopt", "AR", "Cont", "AR1", "A1", "AR1", "A2", "AR2", "A2"],
    "3:1": ["DR2", "DR1", "DR1", "D1", "DA1", "Ex1", "Aopt", "Cont", "AR", "AR1", "A1"],
    "7:1": ["DElim", "DElim", "DElim", "DR2", "DR2", "DR1", "D2", "D1", "DA2", "Ex2", "Aopt"],
}
CRT_ROWS_TYPED = {  # columns 1:2 .. 7:1, one roll each
    2: ["D1", "DR1", "DR1", "DR2", "DElim", "DElim", "DElim", "DElim"],
    7: ["AR1", "Cont", "Aopt", "Ex1", "DA1", "D2", "DR1", "DR1"],
    12: ["A2", "AR2", "AR2", "A1", "AR1", "AR", "Cont", "Aopt"],
}
# (defender steps, defender retreat, attacker steps, attacker retreat, option retreat, fortress_becomes)
RESULTS_TYPED = {
    "DElim": ("all", 0, 0, 0, False, None), "DR2": (2, 2, 0, 0, False, "D2"), "DR1": (1, 1, 0, 0, False, "D1"),
    "D2": (2, 0, 0, 0, True, None), "D1": (1, 0, 0, 0, True, None), "DA2": (2, 0, 1, 0, True, None),
    "DA1": (1, 0, 1, 0, True, None), "Ex2": (2, 0, 2, 0, False, None), "Ex1": (1, 0, 1, 0, False, None),
    "Aopt": (0, 0, 0, 0, False, None), "Cont": (0, 0, 0, 0, False, None), "AR": (0, 0, 0, 1, False, None),
    "AR1": (0, 0, 1, 1, False, None), "AR2": (0, 0, 2, 2, False, None), "A1": (0, 0, 1, 0, False, None),
    "A2": (0, 0, 2, 0, False, None),
}


def test_crt_values_as_reconstructed() -> None:
    """§8.3(5), §14.2: the CRT the rules read (``Tables.crt``) holds, cell by cell, the reconstruction of
    PROVENANCE.md for three columns and three rows, typed out here."""
    from server.games.bulge.data import dataset
    crt = dataset().tables.crt
    for column, codes in CRT_COLUMNS_TYPED.items():
        assert [crt.result(column, roll) for roll in range(2, 13)] == codes, column
    for roll, codes in CRT_ROWS_TYPED.items():
        assert [crt.result(column, roll) for column in crt.odds.columns] == codes, roll


def test_crt_result_codes_as_reconstructed() -> None:
    """§8.4, §8.5(3), §12.3: what each result code does, as PROVENANCE.md's result table, typed out."""
    from server.games.bulge.data import dataset
    results = dataset().tables.results
    assert set(results) == set(RESULTS_TYPED)
    for code, (ds, dr, as_, ar, opt, fortress) in RESULTS_TYPED.items():
        r = results[code]
        got = (r["defender_steps"], r["defender_retreat"], r["attacker_steps"], r["attacker_retreat"],
               r["option_retreat"], r.get("fortress_becomes"))
        assert got == (ds, dr, as_, ar, opt, fortress), code
    assert results["Aopt"]["attacker_choice"] is True and results["DElim"]["defender_eliminated"] is True
