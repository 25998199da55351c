"""LZ Albany rules: §5.7 mortars, §5.8 artillery, §5.9 gunships, §5.10 Skyraider, §5.3 Dustoff,
§5.13 casualty removal, §5.14 recovery, §5.16 night and flares, §5.17 Choi Oi
(shared/rules/lz_albany.md)."""

from __future__ import annotations

from lz_fixtures import (
    Pos,
    World,
    act,
    activation_frame,
    active,
    begin_frame,
    force,
    last_line,
    legal,
    lines,
    mortar,
    officer,
    rifle,
    step,
    unit,
)

# === §5.7 MORTARS ===


def test_mortar_needs_an_officer_seeing_the_target_within_six_areas() -> None:
    """§5.7: within 6 areas and in LOS of an unwounded friendly officer."""
    p = Pos().place("US-D27-MTR1", "T2").place("NVA-66-C7-1", "T3")
    assert not [a for a in legal(p.activation("us", "27cd", "fire")) if a["type"] == "mortar"]
    s = (Pos().place("US-D27-MTR1", "T2").place("US-D27-CO", "T2").place("NVA-66-C7-1", "T3")
         .activation("us", "27cd", "fire"))
    assert {"type": "mortar", "from": "T2", "at": "T3"} in legal(s)


def test_mortar_never_gives_a_third_hit() -> None:
    """§5.7 step 3: mortar fire never inflicts a 3rd hit; hits that cannot be assigned are lost."""
    s = (Pos().place("US-D27-MTR1", "T2").place("US-D27-CO", "T2").place("NVA-66-C7-1", "T3", hits=1)
         .activation("us", "27cd", "fire"))
    s = act(force(s, 6, 6), {"type": "mortar", "from": "T2", "at": "T3"})
    assert unit(s, "NVA-66-C7-1")["hits"] == 2 and lines(s, "hits_lost")


def test_nva_mortar_into_a_contested_area_hits_its_own_on_a_one() -> None:
    """§5.7 step 4 / AMBIG-13: each 1 is a hit on NVA units, assigned by the US player."""
    s = (Pos().place("NVA-33-MTR", "R1").place("NVA-33-C1-CO", "R1").place("NVA-33-C1-1", "N1")
         .place("US-A27-1", "N1").activation("nva", "33", "fire"))
    s = act(force(s, 1, 3), {"type": "mortar", "from": "R1", "at": "N1"})
    assert last_line(s, "mortar").args["friendly"] == 1 and unit(s, "NVA-33-C1-1")["hits"] == 1


# === §5.8 ARTILLERY ===

def _artillery() -> dict:
    return (Pos().place("US-ART-1", "LZ_COLUMBUS").place("US-A27-CO", "T2").place("NVA-66-C7-1", "T3")
            .place("NVA-66-C7-2", "T3").cup("us_art").go())


def test_artillery_hits_a_single_random_unit() -> None:
    """§5.8 step 4: only one unit in the area, picked at random, takes all the hits."""
    s = _artillery()
    assert {"type": "artillery", "unit": "US-ART-1", "at": "T3"} in legal(s)
    s = act(force(s, 4, 6, 6, 1, 1), {"type": "artillery", "unit": "US-ART-1", "at": "T3"})
    assert unit(s, "NVA-66-C7-2")["hits"] == 2 and unit(s, "NVA-66-C7-1")["hits"] == 0


def test_artillery_deviates_on_a_one() -> None:
    """§5.8 step 2: on a 1 the fire lands on an adjacent area picked at random."""
    s = act(force(_artillery(), 1, 0, 1, 1, 1), {"type": "artillery", "unit": "US-ART-1", "at": "T3"})
    assert last_line(s, "artillery").args["land"] == {"key": "area.N3"}


def _battery(turn: int) -> Pos:
    """A battery in LZ Columbus, an officer in T2 seeing T3 (adjacent: by night too), NVA in T3."""
    return (Pos(turn=turn).place("US-ART-1", "LZ_COLUMBUS").place("US-A27-CO", "T2").place("NVA-66-C7-1", "T3")
            .cup("us_art"))


def test_artillery_is_silent_at_night() -> None:
    """§5.16 C (seed §11.1C 「航空攻撃及び砲撃は行えない」): the battery that may fire at T3 by day
    (turn 8) may not at night (turn 9): the Artillery chit brings no decision at all."""
    day = _battery(8).go()
    assert step(day) == "artillery" and {"type": "artillery", "unit": "US-ART-1", "at": "T3"} in legal(day)
    night = _battery(9).go()
    assert step(night) != "artillery" and not lines(night, "artillery")


def test_a_flare_of_an_earlier_chit_does_not_let_artillery_fire_at_night() -> None:
    """§5.16 C / AMBIG-20 (seed §11.2: a flare cancels the night 「そのアクション中だけ」, for the action
    of the US Fire/Move chit it was placed with): a flare marker on T3 from an earlier chit of the
    turn lights nothing when the Artillery chit is drawn, so the battery stays silent."""
    s = _battery(9).set(flares=["T3"]).go()
    assert step(s) != "artillery" and not lines(s, "artillery")


# === §5.9 GUNSHIPS, §4.1 VISIBILITY ===

def test_gunship_damage_check_and_vp() -> None:
    """§5.9 step 2: 1d6 per NVA infantry unit in the area, a 6 damages it (NVA +2 VP)."""
    s = Pos(turn=4).place("US-A27-1", "T2").place("NVA-66-C7-1", "T3").cup("gunship").go()
    s = act(force(s, 6, 6, 6, 1, 1), {"type": "gunship", "unit": "NVA-66-C7-1"})
    assert s["vp"]["nva"] == 2 and last_line(s, "air_fire").args["faces"] == [6, 6]


def _air(*chits: str) -> Pos:
    return Pos(turn=6).place("US-A27-1", "T2").place("NVA-66-C7-1", "T3").cup(*chits)


def test_visibility_cancels_air_attacks_drawn_after_it() -> None:
    """§4.1 (seed §5.6 「視界チットより後に引かれたガンシップ及びスカイレーダーチットは 航空攻撃を行えない
    引かれた航空チットは適当なボックスへ置き」): a gunship drawn before the Visibility chit attacks; a
    gunship or Skyraider drawn after it brings no attack and goes to its box all the same."""
    before = _air("gunship", "visibility").force(0).go()  # the sorted cup: gunship is index 0
    assert step(before) == "gunship" and {"type": "gunship", "unit": "NVA-66-C7-1"} in legal(before)
    for chit in ("gunship", "skyraider"):
        after = _air(chit, "visibility").force(1, 0).go()  # Visibility first, then the air chit
        assert after["visibility"] and step(after) not in ("gunship", "skyraider")
        assert last_line(after, "air_cancelled").args == {"chit": {"key": f"chit.{chit}"}}
        assert chit in after["spent"] and not lines(after, "air_fire") and not lines(after, "bombs")


def test_the_dustoff_still_flies_after_the_visibility_chit() -> None:
    """§4.1 (seed §5.6 「ダストオフチットは使用できる」): the Dustoff drawn after Visibility may evacuate."""
    s = _air("dustoff", "visibility").place("US-A27-2", "T2", hits=4, status="casualty").force(1, 0).go()
    assert s["visibility"] and step(s) == "dustoff" and {"type": "evacuate", "at": "T2"} in legal(s)


# === §5.10 SKYRAIDER ===

def test_napalm_sets_units_to_two_hits_and_removes_casualty_markers() -> None:
    """§5.10 B: units with ≤1 hit go to 2 hits; every casualty marker in the area is removed."""
    s = (Pos(turn=6).place("US-A27-1", "T2").place("NVA-66-C7-1", "T3").place("NVA-66-C7-2", "T3", hits=3)
         .place("US-C27-1", "T3", hits=4, status="casualty").cup("skyraider").go())
    s = act(force(s, *([1] * 20)), {"type": "skyraider", "at": "T3", "weapon": "napalm"})
    assert unit(s, "NVA-66-C7-1")["hits"] == 2 and unit(s, "NVA-66-C7-2")["hits"] == 3
    assert unit(s, "US-C27-1")["status"] == "removed" and s["vp"]["nva"] == 2


# === §5.3 DUSTOFF ===

def test_dustoff_evacuates_up_to_its_capacity_for_two_vp_each() -> None:
    """§5.3: capacity 3 in LZ Albany, plus wounded officers; US +2 VP per marker."""
    p = Pos(turn=6).place("US-A27-CO", "LZ_ALBANY", hits=1)
    for uid in ("US-A27-1", "US-A27-2", "US-A27-3", "US-A27-4"):
        p.place(uid, "LZ_ALBANY", hits=4, status="casualty")
    s = act(p.cup("dustoff").go(), {"type": "evacuate", "at": "LZ_ALBANY"})
    s = act(s, *({"type": "evacuate_unit", "unit": u} for u in ("US-A27-1", "US-A27-2", "US-A27-3")))
    assert s["vp"]["us"] == 6 and unit(s, "US-A27-CO")["status"] == "evacuated"
    assert unit(s, "US-A27-4")["status"] == "casualty"


def test_airlift_lands_held_units_by_terrain_capacity() -> None:
    """§5.3: 1 unit into jungle, 2 into grass, 3 into LZ Albany; never where NVA units are."""
    p = Pos(turn=7)
    for uid in ("US-B15-CO", "US-B15-1", "US-B15-2", "US-B15-3"):
        p.place(uid, None, status="held")  # type: ignore[arg-type]
    s = p.place("NVA-66-C7-1", "T3").cup("dustoff").go()
    assert {"type": "airlift", "at": "T3"} not in legal(s)
    s = act(s, {"type": "airlift", "at": "S0"}, {"type": "board", "unit": "US-B15-1"},
            {"type": "board", "unit": "US-B15-2"})
    assert {"type": "board", "unit": "US-B15-3"} not in legal(s)
    s = act(s, {"type": "lift_off"})
    assert [u for u in ("US-B15-1", "US-B15-2", "US-B15-3") if unit(s, u)["area"] == "S0"] == ["US-B15-1", "US-B15-2"]


# === §5.13 CASUALTY REMOVAL, §5.14 RECOVERY ===

def test_day_casualty_removal_unless_a_us_platoon_protects_it() -> None:
    """§5.13 8.4C: at the end of a day Action Phase, with an NVA platoon and no US platoon."""
    s = (Pos().place("US-A27-1", "T3", hits=4, status="casualty").place("NVA-66-C7-1", "T3")
         .place("US-A27-2", "T2", hits=4, status="casualty").place("NVA-66-C7-2", "T2").place("US-A27-3", "T2").go())
    assert unit(s, "US-A27-1")["status"] == "removed" and unit(s, "US-A27-2")["status"] == "casualty"


def _marker_with_nva(turn: int) -> Pos:
    """A casualty marker in T2 with an NVA platoon and a US platoon; the Action Phase has no chit."""
    p = Pos(turn=turn).place("US-A27-2", "T2", hits=4, status="casualty")
    return p.place("NVA-66-C7-2", "T2").place("US-A27-3", "T2")


def test_night_casualty_removal_rolls_one_to_three() -> None:
    """§5.13 8.4D (seed 「マーカーごとにサイコロを振り 1-3 が出ると除去される」): at night a marker with NVA
    platoons is at risk though a US platoon is there: a 3 removes it (NVA +2), a 4 does not; by day
    the US platoon protects it and no die is rolled."""
    s = _marker_with_nva(9).force(3).go()
    assert last_line(s, "night_removal").args["face"] == 3
    assert unit(s, "US-A27-2")["status"] == "removed" and s["vp"]["nva"] == 2
    s = _marker_with_nva(9).force(4).go()
    assert last_line(s, "night_removal").args["face"] == 4
    assert unit(s, "US-A27-2")["status"] == "casualty" and s["vp"]["nva"] == 0
    s = _marker_with_nva(8).go()
    assert not lines(s, "night_removal") and unit(s, "US-A27-2")["status"] == "casualty"


def test_a_flare_marker_removes_a_casualty_marker_with_nva_at_the_end_of_the_phase() -> None:
    """§5.16 (seed §11.2 「アクションフェイズの終了時に NVA ユニットと US 負傷者マーカーがいるエリアに
    フレアマーカーもある場合 負傷者マーカーは 8.4D のサイコロ判定を行わずに除去される」): a flare marker
    placed with an earlier chit still counts at the end of the Action Phase: no roll, removed."""
    s = _marker_with_nva(9).set(flares=["T2"]).go()
    assert not lines(s, "night_removal") and unit(s, "US-A27-2")["status"] == "removed"


def test_recovery_by_officer_then_rolls_for_the_rest() -> None:
    """§5.14: an officer removes 1 hit from a unit of its formation; others roll, a 6 removes one."""
    s = Pos().place("US-A27-1", "N1", hits=2).place("US-A27-2", "N1", hits=1).place("US-A27-CO", "N1").go()
    while active(s) != "us":
        s = act(s, legal(s)[-1])
    assert {"type": "recover", "unit": "US-A27-1", "officer": "US-A27-CO"} in legal(s)
    s = act(s, {"type": "recover", "unit": "US-A27-1", "officer": "US-A27-CO"})
    s = act(force(s, 6), {"type": "end_recovery"})
    assert unit(s, "US-A27-1")["hits"] == 1 and unit(s, "US-A27-2")["hits"] == 0


# === §5.16 FLARES ===

def test_us_fire_move_chit_at_night_may_place_flares_first() -> None:
    """§5.16 11.2: up to 2 flares in areas holding or next to a US unit, once each per game."""
    s = Pos(turn=9).place("US-A27-1", "T2").cup("us_fm").go()
    assert step(s) == "flares" and {"type": "flare", "at": "T3"} in legal(s)
    s = act(s, {"type": "flare", "at": "T3"}, {"type": "flare", "at": "T2"})
    assert step(s) == "fm" and s["flares_left"] == 6


# === §5.17 CHOI OI ===

def test_choi_oi_no_fire_marker_stops_fire_this_turn() -> None:
    """§5.17 1: a No-Fire marker on one enemy platoon; it cannot fire this turn."""
    s = Pos().place("US-A27-1", "T2").place("NVA-66-C7-1", "T3").frame({"kind": "event", "side": "nva"})
    s = act(force(s, 1), {"type": "event", "at": "T2"})
    assert legal(s) == [{"type": "mark", "unit": "US-A27-1"}]
    s = act(s, {"type": "mark", "unit": "US-A27-1"})
    assert unit(s, "US-A27-1")["markers"] == ["no_fire"]
    begin_frame(s, activation_frame("us", "27ab", "fire"))
    assert not [a for a in legal(s) if a["type"] == "fire"]


# === §5.16 / AMBIG-20: A FLARE LIGHTS ONLY THE ACTION OF ITS CHIT ===

def _night_fight() -> World:
    """W - LZ_ALBANY - E (grass): a US platoon in LZ Albany, an NVA platoon in E."""
    return World({"W": "grass", "E": "grass"}, [("W", "LZ_ALBANY"), ("LZ_ALBANY", "E")],
                 {"us-1": rifle("us", "27ab", fire=3), "nva-1": rifle("nva", "33")})


def test_a_flare_cancels_the_night_only_for_the_action_of_its_chit() -> None:
    """§5.16 / AMBIG-20, seed §11.2 「フレアは 11.1 に示す夜間の効果を ( 両軍に対し ) そのアクション中だけ
    無効にする」: the flare placed when the first US Fire/Move chit is drawn spares that activation's
    fire the night −1 (3 dice); the next chit's fire at the same area takes it again (2 dice),
    though the flare marker stays on the map until Admin."""
    s = _night_fight().pos(turn=9).place("us-1", "LZ_ALBANY").place("nva-1", "E").cup("us_fm", "us_fm").force(0).go()
    s = act(s, {"type": "flare", "at": "E"}, {"type": "end_flares"},
            {"type": "activate", "group": "27ab", "mode": "fire"})
    s = act(force(s, 1, 1, 1), {"type": "fire", "from": "LZ_ALBANY", "at": "E"})
    assert last_line(s, "fire").args["dice"] == 3 and last_line(s, "fire").args["mods"] == []
    s = act(s, {"type": "no_return_fire"}, {"type": "end_activation"})
    assert step(s) == "flares" and s["flares"] == ["E"]
    s = act(s, {"type": "end_flares"}, {"type": "activate", "group": "27ab", "mode": "fire"})
    s = act(force(s, 1, 1), {"type": "fire", "from": "LZ_ALBANY", "at": "E"})
    assert last_line(s, "fire").args["dice"] == 2
    assert last_line(s, "fire").args["mods"] == [{"key": "mod.night", "args": {"dice": -1}}]


# === §5.16 / §5.11 / AMBIG-32: A LIT TARGET AREA IS SEEN AS BY DAY ===

def _night_sight() -> World:
    """W - X - Y (grass) in a row, LOS from W to Y (2 areas): a US mortar and officer in W, a US
    platoon in X (so a flare may go on Y), an NVA platoon in Y."""
    return World({"W": "grass", "X": "grass", "Y": "grass"}, [("W", "X"), ("X", "Y"), ("Y", "LZ_ALBANY")],
                 {"us-m": mortar("us", "27ab"), "us-o": officer("us", "27ab"), "us-1": rifle("us", "27ab"),
                  "nva-1": rifle("nva", "33")},
                 los=[("W", "X"), ("X", "Y"), ("W", "Y"), ("Y", "LZ_ALBANY")])


def _sight_pos(turn: int) -> Pos:
    return (_night_sight().pos(turn=turn).place("us-m", "W").place("us-o", "W").place("us-1", "X").place("nva-1", "Y")
            .cup("us_fm", "us_fm").force(0))


def test_a_flare_on_the_target_area_lifts_the_night_los_limit_for_its_action() -> None:
    """§5.11 / §5.16 (seed §11.1A 「LOS は隣のエリアまでしか通らない」, §11.2 「フレアは 11.1 に示す夜間の
    効果を ( 両軍に対し ) そのアクション中だけ無効にする」, AMBIG-32): at night the officer in W sees only
    adjacent areas, so the mortar cannot fire on Y, 2 areas off; a flare placed on Y with this chit
    lights the target area and the officer sees it as by day (3 areas); the next chit, the marker
    still on Y but no longer lit, the limit is back."""
    fire = {"type": "mortar", "from": "W", "at": "Y"}
    dark = act(_sight_pos(9).go(), {"type": "end_flares"}, {"type": "activate", "group": "27ab", "mode": "fire"})
    assert fire not in legal(dark)
    s = act(_sight_pos(9).go(), {"type": "flare", "at": "Y"}, {"type": "end_flares"},
            {"type": "activate", "group": "27ab", "mode": "fire"})
    assert fire in legal(s)
    s = act(s, {"type": "end_activation"})
    assert step(s) == "flares" and s["flares"] == ["Y"] and s["lit"] == []
    s = act(s, {"type": "end_flares"}, {"type": "activate", "group": "27ab", "mode": "fire"})
    assert fire not in legal(s)


def test_a_flare_on_the_observer_area_does_not_lift_the_night_los_limit() -> None:
    """§5.11 / §5.16, AMBIG-32 (seed §7.8: LOS is drawn from the officer's area to the 「目標エリア」;
    §10.3 観測 is LOS to enemy units): the flare lights the area it is placed in, so a flare over the
    officer's own area W does not let him see Y, 2 areas off, at night."""
    s = act(_sight_pos(9).go(), {"type": "flare", "at": "W"}, {"type": "flare", "at": "X"},
            {"type": "activate", "group": "27ab", "mode": "fire"})
    assert {"type": "mortar", "from": "W", "at": "Y"} not in legal(s)
    day = _sight_pos(8).go()
    assert {"type": "mortar", "from": "W", "at": "Y"} in legal(act(day, {"type": "activate", "group": "27ab",
                                                                         "mode": "fire"}))
