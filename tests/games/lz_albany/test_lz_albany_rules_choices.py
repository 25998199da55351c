"""LZ Albany rules: fire at several areas (§5.6), lone officers (§5.1), the officer +1 (§5.4, §5.15),
mortar overstack and target concentration (§5.2, §5.7), the night melee marker (§5.5, §5.16 D), and
the choices left to the players: the Choi Oi misfire mortar (§5.17, §8 item 5), the airlift's
passengers and the Dustoff's casualty markers (§5.3) (shared/rules/lz_albany.md)."""

from __future__ import annotations

from lz_fixtures import Pos, act, active, force, last_line, legal, lines, step, unit, view

# === §5.6 FIRE AT SEVERAL AREAS ===


def _two_targets() -> Pos:
    return (Pos().place("US-A27-1", "T2").place("US-A27-2", "T2").place("NVA-66-C7-1", "T3")
            .place("NVA-66-C6-1", "N3").place("NVA-66-C6-2", "N3"))


def test_fire_split_over_several_areas_rolls_for_each_area() -> None:
    """§5.6 step 2 / step 4: the firer splits the dice over several areas, naming a primary target
    area that keeps at least one die; each area is rolled separately."""
    s = _two_targets().activation("us", "27ab", "fire")
    assert {"type": "fire_split", "from": "T2", "at": "T3"} in legal(s)
    s = act(s, {"type": "fire_split", "from": "T2", "at": "T3"})
    assert step(s) == "fire_split"
    s = act(s, *({"type": "split_fire", "at": "N3"} for _ in range(3)))
    assert {"type": "split_fire", "at": "N3"} not in legal(s)  # the primary area keeps one die
    s = act(s, {"type": "unsplit_fire", "at": "N3"})
    shown = view(s, "us")["step"]
    assert (shown["at"], shown["dice"], shown["split"]) == ("T3", 4, {"N3": 2})
    s = act(force(s, 6, 1, 6, 1), {"type": "fire_now"})
    fires = [(e.args["at"]["key"], e.args["dice"], e.args["hits"]) for e in lines(s, "fire")]
    assert fires == [("area.T3", 2, 1), ("area.N3", 2, 1)]
    assert unit(s, "NVA-66-C7-1")["hits"] == 1


def test_fire_split_secondary_hits_are_assigned_by_the_target_player() -> None:
    """§5.6 step 4: outside the primary target area the target player assigns every hit; then all
    target areas may return fire (step 5)."""
    s = act(_two_targets().activation("us", "27ab", "fire"), {"type": "fire_split", "from": "T2", "at": "T3"},
            {"type": "split_fire", "at": "N3"}, {"type": "split_fire", "at": "N3"})
    s = act(force(s, 1, 1, 6, 6), {"type": "fire_now"})
    assert active(s) == "nva" and step(s) == "assign_choice"
    s = act(s, {"type": "assign_hit", "unit": "NVA-66-C6-2"}, {"type": "assign_hit", "unit": "NVA-66-C6-2"})
    assert unit(s, "NVA-66-C6-2")["hits"] == 2
    assert step(s) == "return_fire" and s["stack"][-1]["from"] == "T3"
    s = act(s, {"type": "no_return_fire"})
    assert step(s) == "return_fire" and s["stack"][-1]["from"] == "N3"


def test_fire_split_jungle_counts_the_units_firing_into_it() -> None:
    """§5.6 step 3 with a split: the dice sent into a jungle area come from the fewest units
    (strongest first), each of them −1."""
    s = (Pos().place("US-A27-1", "T2").place("US-A27-4", "T2").place("NVA-66-C7-1", "T3").place("NVA-66-C6-1", "N2")
         .activation("us", "27ab", "fire"))
    s = act(s, {"type": "fire_split", "from": "T2", "at": "T3"}, {"type": "split_fire", "at": "N2"},
            {"type": "split_fire", "at": "N2"})
    s = act(force(s, *([1] * 5)), {"type": "fire_now"})
    assert [(e.args["at"]["key"], e.args["dice"]) for e in lines(s, "fire")] == [("area.T3", 3), ("area.N2", 1)]


def test_fire_at_one_area_still_sends_every_die_there() -> None:
    """§5.6 step 1: with one target area the fire action needs no split."""
    s = act(force(_two_targets().activation("us", "27ab", "fire"), 1, 1, 1, 1),
            {"type": "fire", "from": "T2", "at": "T3"})
    assert [(e.args["at"]["key"], e.args["dice"]) for e in lines(s, "fire")] == [("area.T3", 4)]


# === §5.1 LONE OFFICERS ===

def test_lone_officer_activates_with_a_group_activation() -> None:
    """§5.1 / §10.1: an officer with no friendly unit in its area may activate once a turn when a
    friendly chit is drawn: with that chit's activation, which the group keeps."""
    s = (Pos().place("US-MCDADE", "T0").place("US-A27-1", "N1").place("NVA-66-C7-1", "T4")
         .activation("us", "27ab", "move"))
    assert {"type": "activate_officer", "unit": "US-MCDADE"} in legal(s)
    s = act(s, {"type": "activate_officer", "unit": "US-MCDADE"})
    assert {"type": "move", "unit": "US-MCDADE", "to": "S0"} in legal(s)
    assert {"type": "move", "unit": "US-A27-1", "to": "N0"} in legal(s)
    s = act(s, {"type": "move", "unit": "US-MCDADE", "to": "S0"}, {"type": "move", "unit": "US-A27-1", "to": "N0"})
    assert unit(s, "US-MCDADE")["area"] == "S0" and s["lone"]["US-MCDADE"] == 1


def test_lone_officer_activates_once_a_turn() -> None:
    """§5.1: once per turn."""
    s = (Pos().place("US-MCDADE", "T0").place("US-A27-1", "N1").place("NVA-66-C7-1", "T4")
         .set(lone={"US-MCDADE": 1}).activation("us", "27ab", "move"))
    assert {"type": "activate_officer", "unit": "US-MCDADE"} not in legal(s)


# === §5.4 / §5.15 THE OFFICER +1, §5.2 / §5.7 MORTARS ===

def test_officer_bonus_is_one_die_per_officer_on_one_unit_each() -> None:
    """§5.4 / §5.15: each unwounded officer adds +1 to one unit: one die per officer, at most one per
    firing unit."""
    s = (Pos().place("US-A27-1", "T2").place("US-A27-CO", "T2").place("US-MCDADE", "T2").place("NVA-66-C7-1", "T3")
         .activation("us", "27ab", "fire", joined=("US-MCDADE",)))
    s = act(force(s, *([1] * 3)), {"type": "fire", "from": "T2", "at": "T3"})
    assert last_line(s, "fire").args["dice"] == 3
    s = (Pos().place("US-A27-1", "T2").place("US-A27-2", "T2").place("US-A27-CO", "T2").place("US-MCDADE", "T2")
         .place("NVA-66-C7-1", "T3").activation("us", "27ab", "fire", joined=("US-MCDADE",)))
    s = act(force(s, *([1] * 6)), {"type": "fire", "from": "T2", "at": "T3"})
    assert last_line(s, "fire").args["dice"] == 6


def test_mortar_fire_gets_target_concentration() -> None:
    """§5.2: +1 die per enemy unit over 3 in the target area, for all fire, mortars included; no
    officer or jungle modifier (§5.7 step 2)."""
    p = Pos().place("US-D27-MTR1", "T2").place("US-D27-CO", "T2")
    for uid in ("NVA-66-C7-1", "NVA-66-C7-2", "NVA-66-C7-3", "NVA-66-C8-1"):
        p.place(uid, "T3")
    s = act(force(p.activation("us", "27cd", "fire"), 1, 1, 1), {"type": "mortar", "from": "T2", "at": "T3"})
    assert last_line(s, "mortar").args["dice"] == 3


def test_mortar_fire_suffers_overstacking() -> None:
    """§5.2 (AMBIG-7, ``dice`` option): −1 die per friendly unit over 3 in the firing area, mortars too."""
    p = Pos().set(options={"overstack": "dice"}).place("US-D27-MTR1", "T2").place("US-D27-MTR2", "T2")
    p.place("US-D27-MG", "T2").place("US-D27-HHC", "T2").place("US-D27-CO", "T2").place("NVA-66-C7-1", "T3")
    s = act(force(p.activation("us", "27cd", "fire"), 1, 1, 1), {"type": "mortar", "from": "T2", "at": "T3"})
    assert last_line(s, "mortar").args["dice"] == 3


# === §5.5 / §5.16 D THE NIGHT MELEE MARKER ===

def test_night_failed_search_places_a_melee_marker() -> None:
    """§5.5 / §5.16 D: on a failed US search (4-6) there is no combat, but a melee marker is placed."""
    s = Pos(turn=9).place("US-A27-1", "N0").place("NVA-33-C1-1", "N0").activation("us", "27ab", "fire")
    s = act(force(s, 5), {"type": "end_activation"})
    assert s["melee_markers"] == ["N0"] and view(s, "us")["melee_markers"] == ["N0"] and lines(s, "melee_marker")
    s = Pos(turn=9).place("US-A27-1", "N0").place("NVA-33-C1-1", "N0").activation("us", "27ab", "fire")
    s = act(force(s, 2, 1, 1, 1, 1), {"type": "end_activation"})
    assert s["melee_markers"] == [] and lines(s, "melee")


# === CHOICES LEFT TO THE PLAYERS ===

def test_choi_oi_misfire_mortar_is_the_rollers_choice() -> None:
    """§5.17 result 5, §8 item 5: the roller picks which eligible enemy mortar fires."""
    s = (Pos().place("US-A27-1", "T2").place("US-D27-MTR1", "T2").place("US-A27-MTR", "S1")
         .frame({"kind": "event", "side": "nva"}))
    s = act(force(s, 5), {"type": "event", "at": "T2"})
    assert step(s) == "event_misfire" and active(s) == "nva"
    assert {a["unit"] for a in legal(s)} == {"US-D27-MTR1", "US-A27-MTR"}
    s = act(force(s, 1), {"type": "misfire", "unit": "US-A27-MTR"})
    assert last_line(s, "misfire").args["unit"] == {"key": "counter.US-A27-MTR"}
    assert last_line(s, "mortar").args["dice"] == 1


def test_airlift_boards_the_units_the_player_chooses() -> None:
    """§5.3 / §6.4: the US player chooses which held units board, up to the terrain's capacity
    (officers ride free)."""
    p = Pos(turn=7)
    for uid in ("US-B15-CO", "US-B15-1", "US-B15-2", "US-B15-3"):
        p.place(uid, None, status="held")  # type: ignore[arg-type]
    s = act(p.cup("dustoff").go(), {"type": "airlift", "at": "S0"})
    assert step(s) == "airlift" and {"type": "lift_off"} not in legal(s)
    s = act(s, {"type": "board", "unit": "US-B15-3"}, {"type": "board", "unit": "US-B15-1"})
    assert {"type": "board", "unit": "US-B15-2"} not in legal(s) and {"type": "board", "unit": "US-B15-CO"} in legal(s)
    s = act(s, {"type": "lift_off"})
    assert [u for u in ("US-B15-1", "US-B15-2", "US-B15-3", "US-B15-CO") if unit(s, u)["area"] == "S0"] == [
        "US-B15-1", "US-B15-3"]
    assert unit(s, "US-B15-CO")["status"] == "held"


def test_dustoff_evacuates_the_markers_the_player_chooses() -> None:
    """§5.3: with more casualty markers than room, the US player picks which ones are evacuated."""
    p = Pos(turn=6)
    for uid in ("US-A27-1", "US-A27-2", "US-A27-3", "US-A27-4"):
        p.place(uid, "LZ_ALBANY", hits=4, status="casualty")
    s = act(p.cup("dustoff").go(), {"type": "evacuate", "at": "LZ_ALBANY"})
    assert step(s) == "evac_choice" and len(legal(s)) == 4
    s = act(s, *({"type": "evacuate_unit", "unit": u} for u in ("US-A27-4", "US-A27-2", "US-A27-3")))
    assert unit(s, "US-A27-1")["status"] == "casualty" and unit(s, "US-A27-4")["status"] == "evacuated"
    assert s["vp"]["us"] == 6
