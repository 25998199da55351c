"""LZ Albany rules: §3 setup, §4 the sequence of play and the chit draw, §5.18 victory
(shared/rules/lz_albany.md)."""

from __future__ import annotations

from lz_fixtures import (
    Pos,
    World,
    act,
    active,
    begin_frame,
    force,
    legal,
    lines,
    rifle,
    step,
    unit,
    view,
)

from server.engine.core import OMNISCIENT
from server.games.lz_albany import RULES
from server.games.lz_albany.data import dataset
from server.games.lz_albany.units import score, stacking_count

UNITS = dataset().units


def fresh(seed: bytes = b"t") -> dict:
    return RULES.setup("historical", {}, seed)


# === §3 SETUP ===

def test_setup_places_turn_one_units_at_their_historical_areas() -> None:
    """§3.2C/E: McDade, A, C, D/2-7 and the NVA of 1/33 and 66 (6, 7, 8) start on the map."""
    s = fresh()
    first = {uid: spec for uid, spec in UNITS.items() if spec.entry_turn == 1}
    for uid, spec in first.items():
        assert unit(s, uid) | {} and unit(s, uid)["area"] == spec.historical_area
        assert unit(s, uid)["status"] == "map"
    for uid in UNITS.keys() - first.keys():
        assert unit(s, uid)["status"] == "pending" and unit(s, uid)["area"] is None


def test_turn_one_pool_holds_four_nva_fire_move_chits() -> None:
    """§3.2B / §1.4: 4 NVA Fire/Move chits in the pool on turn 1; the US has none."""
    s = fresh()
    v = view(s, "us")
    assert v["cup"]["us"] == [] and len(v["cup"]["nva"]) + len(v["drawn"]) == 4


def test_turn_one_only_the_nva_roll_an_event() -> None:
    """§4 / §3.3: the US skips the Event Phase on turn 1; the NVA picks an area with enemy units."""
    s = fresh()
    assert s["phase"] == "event" and active(s) == "nva"
    assert {a["type"] for a in legal(s)} == {"event"}
    force(s, 1)
    s = act(s, {"type": "event", "at": "LZ_ALBANY"})
    s = act(s, legal(s)[0])  # the No-Fire marker on one platoon
    assert s["phase"] == "action"


def test_the_server_draws_the_next_chit_itself() -> None:
    """§4 P3: a chit is drawn at random and logged for everyone; nobody chooses it."""
    s = Pos(turn=2).place("NVA-33-C1-1", "N0").cup("nva_fm", "us_fm").force(1).go()
    assert [e.args["chit"] for e in lines(s, "drawn")] == [{"key": "chit.us_fm"}]
    assert step(s) == "fm" and active(s) == "us"
    assert view(s, "nva")["cup"] == {"us": [], "nva": ["nva_fm"]}


def test_a_chit_without_an_eligible_group_may_be_passed() -> None:
    """AMBIG-5: a Fire/Move chit with no eligible group is wasted."""
    s = Pos(turn=2).cup("us_fm").go()
    assert legal(s) == [{"type": "pass"}]


def test_a_group_is_activated_at_most_twice_a_turn() -> None:
    """§5.1: a group with an empty box (2 per turn) and a unit on the map."""
    s = Pos(turn=2).place("US-A27-1", "N1").set(boxes={"15": [], "27ab": ["fire", "move"], "27cd": [],
                                                       "33": [], "66a": [], "66b": []}).cup("us_fm").go()
    assert legal(s) == [{"type": "pass"}]


def test_the_view_shows_the_cup_sorted_and_never_the_seed() -> None:
    """§6: the pool's contents are public, its order does not exist; dice are the server's."""
    s = fresh()
    for role in ("us", "nva", None):
        v = view(s, role)
        text = str(v)
        assert s["rng"]["seed"] not in text and "rng" not in v
        assert v["cup"]["nva"] == sorted(v["cup"]["nva"])
    c = next(c for c in view(s, None)["counters"] if c["ref"] == "US-A27-1")
    assert c["hex"] == c["area"] == "N1" and c["fire"] == 2 and c["melee"] == 2


def test_reinforcements_of_turn_two_and_their_chits() -> None:
    """§3.2D/F: turn 2 brings B/2-7 (placed by the US), the artillery in LZ Columbus, 66 (10, HQ),
    and 4 US Fire/Move, the US Artillery, 2 NVA Fire/Move and the NVA Adrenaline chits."""
    s = Pos(turn=1).go()  # an empty Action Phase on turn 1: recovery, admin, then turn 2
    while s["phase"] != "reinforcement" or s["turn"] != 2:
        s = act(s, legal(s)[-1])
    assert active(s) == "us" and {a["type"] for a in legal(s)} == {"place"}
    assert {a["to"] for a in legal(s)} == {"N1", "T0", "S0"}
    assert unit(s, "US-ART-1")["area"] == "LZ_COLUMBUS" and unit(s, "NVA-66-C10-1")["area"] == "R2"
    assert sorted(s["cup"]) == sorted(["nva_fm"] * 2 + ["nva_adr"] + ["us_fm"] * 4 + ["us_art"])


def test_placement_respects_the_stacking_limit() -> None:
    """§3.2: at most 3 units per side per area when placed (officers do not count)."""
    s = Pos(turn=2).place("US-A27-1", "N1").place("US-A27-2", "N1").place("US-A27-3", "N1").state
    s["stack"] = []
    from server.games.lz_albany.reinforcements import places
    assert places(s, "US-B27-1") == ["S0", "T0"]
    assert places(s, "US-B27-CO") == ["N1", "S0", "T0"]


def _turn_two(p: Pos) -> dict:
    """Run the Reinforcement Phase of the position's turn (its Action Phase and the rest below)."""
    return p.frame({"kind": "turn", "next": 0})


def test_turn_two_nva_arrivals_stay_within_the_stacking_limit() -> None:
    """§3.2F (seed 「8/66 の残りのユニット全てを … 2 と示されたエリアにスタック制限内で置く」): two
    NVA platoons already stand in R2, where the historical set-up puts the 10th company's two: one
    of them arrives there (3), the other is placed by the NVA player in a turn-2 circle with room."""
    s = _turn_two(Pos(turn=2).place("NVA-66-C6-1", "R2").place("NVA-66-C6-2", "R2"))
    assert stacking_count(s, "R2", "nva") == 3 and unit(s, "NVA-66-C10-1")["area"] == "R2"
    assert active(s) == "nva" and legal(s) == [{"type": "place", "unit": "NVA-66-C10-2", "to": "R3"},
                                               {"type": "place", "unit": "NVA-66-C10-2", "to": "R4"}]


def test_b27_is_never_offered_a_full_entry_area() -> None:
    """§3.2D (seed 「スタック制限は配置するときにも適用される」): B/2-7's circles N1, S0 and T0 hold 3 US
    units each: no platoon may be placed; the company commander (officers do not stack) may."""
    p = Pos(turn=2)
    for area, units in (("N1", ("US-A27-1", "US-A27-2", "US-A27-3")), ("S0", ("US-A27-4", "US-C27-1", "US-C27-2")),
                        ("T0", ("US-C27-3", "US-C27-4", "US-D27-RCN"))):
        for uid in units:
            p.place(uid, area)
    s = _turn_two(p)
    assert active(s) == "us"
    assert {(a["unit"], a["to"]) for a in legal(s)} == {("US-B27-CO", "N1"), ("US-B27-CO", "S0"), ("US-B27-CO", "T0")}


def _circles() -> World:
    """Two grass areas with the B/2-7 circle, G1 and G2, beside LZ Albany; a platoon arriving on 2."""
    entry = {"terrain": "grass", "circles": ["b27_entry"]}
    return World({"G1": entry, "G2": entry}, [("G1", "LZ_ALBANY"), ("LZ_ALBANY", "G2")],
                 {"new": rifle("us", "27ab", entry_turn=2, setup="b27_entry"),
                  **{f"us-{k}": rifle("us", "27cd") for k in range(6)}})


def test_a_reinforcement_without_room_waits_for_the_next_turn() -> None:
    """§3.2D, AMBIG-31: the circles G1 and G2 are full (3 each): the platoon cannot be placed on turn
    2, so it stays on the Turn Track; on turn 3, with room in G2, it is placed there."""
    p = _circles().pos(turn=2)
    for k, circle in enumerate(["G1"] * 3 + ["G2"] * 3):
        p.place(f"us-{k}", circle)
    s = _turn_two(p)
    assert unit(s, "new")["status"] == "pending" and lines(s, "reinforcement_delayed")
    assert not [a for a in RULES.legal_actions(s, "us") if a["type"] == "place"]
    s["units"]["us-5"]["area"] = "LZ_ALBANY"
    s["turn"], s["stack"] = 3, []
    begin_frame(s, {"kind": "turn", "next": 0})
    assert legal(s) == [{"type": "place", "unit": "new", "to": "G2"}]


# === §4 P5 ADMINISTRATION ===

def test_admin_returns_the_drawn_chits_to_the_pool() -> None:
    """§4 P5 d: all drawn chits go back to the pool."""
    from server.games.lz_albany.rules import admin
    s = Pos(turn=3).place("US-A27-1", "N1").cup("us_adr", "visibility", "us_fm").force(0, 0).go()
    s = act(s, {"type": "activate", "group": "27ab", "mode": "move"}, {"type": "end_activation"})
    assert s["boxes"]["27ab"] == ["move"] and s["cup"] == []
    admin(s)
    assert s["cup"] == ["us_adr", "us_fm", "visibility"] and s["boxes"]["27ab"] == [] and s["drawn"] == []


def test_nva_adrenaline_leaves_the_game_at_the_retreat() -> None:
    """§4.1 / §5.2E: the NVA Adrenaline leaves the pool, or is not returned once drawn."""
    s = Pos(turn=3).cup("nva_adr", "nva_fm").state
    score(s, "us", "nva_unit_eliminated", 15)
    assert s["retreat"] and "nva_adr" not in s["cup"]


# === §5.18 VICTORY ===

def test_thirty_us_vp_make_the_nva_retreat_and_score_three() -> None:
    """§5.18 / §5.2E: at 30 US VP the NVA retreat; the US scores +3 VP."""
    s = Pos().state
    score(s, "us", "nva_unit_eliminated", 15)
    assert s["retreat"] and s["vp"]["us"] == 33 and lines(s, "nva_retreat")


def test_nva_win_the_instant_they_reach_35() -> None:
    """§5.18 / AMBIG-4: the NVA automatic victory at 35 VP is instant."""
    s = Pos().state
    score(s, "nva", "us_unit_eliminated", 18)
    assert RULES.outcome(s) is not None and RULES.outcome(s).winner == "nva"  # type: ignore[union-attr]
    assert RULES.outcome(s).reason == "automatic"  # type: ignore[union-attr]


def test_nva_retreat_chits_are_move_only() -> None:
    """§4.1: under the NVA retreat every NVA chit is used for Move only."""
    s = Pos().place("NVA-33-C1-1", "N0").set(retreat=True).cup("nva_fm").go()
    assert {a.get("mode") for a in legal(s) if a["type"] == "activate"} == {"move"}


def _end(s: dict) -> dict:
    from server.games.lz_albany.rules import end_game
    end_game(s)
    return s


def test_lz_albany_control_scores_two_at_the_end() -> None:
    """§5.18 / AMBIG-23: more melee strength in LZ Albany controls it: +2 VP at game end."""
    s = _end(Pos(turn=10).place("US-A27-1", "LZ_ALBANY").place("NVA-33-C1-1", "LZ_ALBANY", hits=3).state)
    assert s["vp"] == {"us": 2, "nva": 0} and s["result"]["winner"] == "us"


def test_casualty_markers_on_the_map_score_for_the_nva_at_the_end() -> None:
    """§5.13 / AMBIG-16: NVA +1 per casualty marker on the map, counted at the end."""
    s = _end(Pos(turn=10).place("US-A27-1", "T3", hits=4, status="casualty").state)
    assert s["vp"]["nva"] == 1


def test_a_tie_goes_to_the_controller_of_lz_albany() -> None:
    """§4.3: a tie in VP is won by the controller of LZ Albany."""
    s = Pos(turn=10).place("NVA-33-C1-1", "LZ_ALBANY").set(vp={"us": 2, "nva": 0}).state
    s = _end(s)
    assert s["result"]["winner"] == "nva" and s["result"]["reason"] == "tie_lz"


def test_a_tie_without_control_goes_to_fewer_officer_losses() -> None:
    """§4.3: then the side with fewer officer losses wins (AMBIG-23: every wound and death): the US
    one wounded company commander, the NVA a wounded commander and a wounded senior officer."""
    p = Pos(turn=10).place("US-A27-CO", "N1", hits=1).place("NVA-33-C1-CO", "N0", hits=1).place("NVA-AN", "N0", hits=1)
    s = _end(p.state)
    assert s["result"]["winner"] == "us" and s["result"]["reason"] == "tie_officers"


def test_omniscient_and_players_see_the_same_public_state() -> None:
    """§6: nothing but the cup order is hidden, so every role sees the same counters."""
    s = fresh()
    assert view(s, "us")["counters"] == view(s, "nva")["counters"] == view(s, OMNISCIENT)["counters"]
