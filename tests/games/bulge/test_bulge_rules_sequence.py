"""§4 sequence of play, §11 supply, §13 occupation and victory, on the synthetic board."""

from __future__ import annotations

from bulge_fixtures import World, act, active, legal

from server.games.bulge import RULES
from server.games.bulge.supply import supplied_hexes

END_OF = {"move": "end_phase", "declare": "end_declarations"}  # the action that ends a step at once


def test_player_turn_phases_in_order() -> None:
    """§4.2: 1st movement, 1st combat, 2nd movement, 2nd combat; German then Allied."""
    w = World()
    s = w.pos(turn=1).place("G-PZ1", "0904").place("U-INF1", "0104").begin()
    seen = []
    for _ in range(8):
        seen.append((s["player"], s["phase"]))
        s = act(s, {"type": END_OF[s["step"]]})
    phases = ["movement_1", "combat_1", "movement_2", "combat_2"]
    assert seen == [(p, ph) for p in ("german", "allied") for ph in phases]
    assert (s["turn"], s["player"]) == (2, "german")


def _skip_turn(s: dict) -> dict:  # type: ignore[type-arg]
    turn = s["turn"]
    while s["turn"] == turn and RULES.outcome(s) is None:
        s = act(s, {"type": skip(s)})
    return s


def skip(s: dict) -> str:  # type: ignore[type-arg]
    """The action that ends the current step without doing anything (§9.6 lines and §10 air are optional)."""
    return {"move": "end_phase", "declare": "end_declarations", "lines": "end_lines"}.get(s["step"], "end_air")


def test_victory_check_from_turn_8() -> None:
    """§13.1: at the end of turn 8, 35 VP or less is an Allied win; 60 or more a German win."""
    w = World()
    s = w.pos(turn=8).place("G-PZ1", "0904").place("U-INF1", "0104").begin()
    s["vp"] = 36
    s2 = _skip_turn(s)
    assert RULES.outcome(s2) is None and s2["turn"] == 9
    s["vp"] = 35
    assert RULES.outcome(_skip_turn(s)).winner == "allied"  # type: ignore[union-attr]
    s["vp"] = 60
    assert RULES.outcome(_skip_turn(s)).winner == "german"  # type: ignore[union-attr]


def test_draw_after_turn_13() -> None:
    """§13.1: no winner by the end of turn 13 is a draw."""
    w = World(tables=None)
    s = w.pos(turn=13).place("G-PZ1", "0904").place("U-INF1", "0104").begin()
    s["vp"] = 40
    s = _skip_turn(s)
    o = RULES.outcome(s)
    assert o is not None and o.winner is None and o.reason == "draw"


def test_supply_path_road_within_six_mp() -> None:
    """§11.2: within 6 MP of a road that leads to an own entry hex; §11.2(1) never through an EZOC."""
    road = ["1004", "0904", "0804", "0704", "0604", "0504", "0404", "0304", "0204"]
    w = World(roads=[road], terrain={h: "deep_forest" for h in ("0603", "0703", "0803", "0605", "0805", "0705")})
    s = w.pos().begin()
    ok = supplied_hexes(s, "german")
    assert "0204" in ok and "0101" in ok  # 0101 is 4 clear hexes from the road
    s = w.pos().place("U-INF1", "0705").begin()  # its ZOC cuts the road at 0704 and 0804
    ok = supplied_hexes(s, "german")
    assert "0204" not in ok and "0904" in ok


def test_out_of_supply_then_isolated_then_step_loss() -> None:
    """§11.3-§11.5: 1st failure out of supply, 2nd isolated, 3rd a step lost."""
    w = World()  # no roads: nothing is in supply
    s = w.pos(turn=1).place("G-PZ1", "0101").place("U-INF1", "0108").begin()  # far from the E entry
    s = _skip_turn(s)
    assert s["units"]["G-PZ1"]["supply"] == "out"
    s = _skip_turn(s)
    assert s["units"]["G-PZ1"]["supply"] == "isolated"
    s = _skip_turn(s)
    assert s["units"]["G-PZ1"]["steps"] == 1


def test_out_of_supply_halves_attack() -> None:
    """§11.3: out-of-supply attack strengths are added, then halved rounding down (5 + 5 = 10 -> 5; halving
    each first would give 2 + 2 = 4; one reduced panzer alone, 5 -> 2)."""
    from server.games.bulge.odds import attack_strength
    w = World()
    s = (w.pos().place("G-PZ1", "0504", supply="out", steps=1).place("G-PZ2", "0503", supply="out", steps=1)
         .place("G-PZ3", "0505").begin())
    assert attack_strength(s, ["G-PZ1", "G-PZ2"]) == 5
    assert attack_strength(s, ["G-PZ1"]) == 2
    assert attack_strength(s, ["G-PZ1", "G-PZ2", "G-PZ3"]) == 5 + 8  # a supplied unit counts in full


def test_german_occupies_important_city_for_vp_and_an_allied_recapture_cancels_it() -> None:
    """§13.3/§13.2(1): German occupation of an important city scores 10 VP; §13.3(4): an Allied recapture
    cancels them (no further Allied penalty)."""
    road = ["0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804", "0904", "1004"]
    w = World(places={"0604": "important"}, roads=[road])
    s = w.pos().place("G-PZ1", "0804").place("U-INF1", "0204").begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0704"},
            {"type": "move", "unit": "G-PZ1", "to": "0604"}, {"type": "move", "unit": "G-PZ1", "to": "0704"})
    assert s["vp"] == 10 and s["occupied"]["0604"] == "german" and s["city_owner"]["0604"] == "german"
    while s["player"] == "german":
        s = act(s, {"type": skip(s)})
    s = act(s, *({"type": "move", "unit": "U-INF1", "to": h} for h in ("0304", "0404", "0504", "0604")))
    assert s["city_owner"]["0604"] == "allied" and s["vp"] == 0
    assert [e["args"]["why"]["key"] for e in s["log"] if e["key"] == "log.vp"] == ["vp.city", "vp.city_retaken"]


def test_fortress_falls_when_occupied() -> None:
    """§12.6: once the Germans occupy a fortress city it is an important city for good."""
    w = World(places={"0604": "fortress"}, roads=[["0604", "0704", "0804", "0904", "1004"]])
    s = w.pos().place("G-PZ1", "0504").begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert s["fallen_fortresses"] == ["0604"]


def test_occupation_needs_road_only_supply_path() -> None:
    """§13.3(2): a side occupies a hex only with a road-only supply path from it to a source; else neither.
    AMBIG-26: the VP are kept until the Allies actually occupy the city."""
    w = World(places={"0604": "important"}, roads=[["0604", "0704", "0804", "0904", "1004"]])
    s = w.pos().place("G-PZ1", "0504").place("U-INF1", "0802").begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert s["vp"] == 10
    s["units"]["U-INF1"]["hex"] = "0804"  # an Allied unit astride the road cuts the path
    from server.games.bulge.occupation import occupation, settle_cities
    assert occupation(s)["0604"] is None
    settle_cities(s)
    assert s["vp"] == 10  # neither side occupies it: the German VP stay
    w2 = World(places={"0604": "important"})  # no road at all: never occupied, no VP
    s2 = act(w2.pos().place("G-PZ1", "0504").begin(), {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert s2["vp"] == 0 and s2["fallen_fortresses"] == []


def test_supply_checked_at_the_end_of_the_own_second_combat_phase() -> None:
    """§11.1 「自軍プレイヤー ターンの第2戦闘フェイズが終わった時点で 全ての自軍ユニットの補給状態を判定します」
    (AMB-8): a side's units are checked when its own 2nd combat phase ends, not before, and the other side's
    units are not checked then. No roads on this board, and both units stand more than 6 MP from every
    entry hex of their side: neither traces a supply path."""
    w = World()
    s = w.pos(turn=1).place("G-PZ1", "0101").place("U-INF1", "1002").begin()
    seen = []
    while (s["turn"], s["player"]) != (2, "german"):
        seen.append((s["player"], s["phase"], s["units"]["G-PZ1"]["supply"], s["units"]["U-INF1"]["supply"]))
        s = act(s, {"type": skip(s)})
    assert seen == [("german", "movement_1", "ok", "ok"), ("german", "combat_1", "ok", "ok"),
                    ("german", "movement_2", "ok", "ok"), ("german", "combat_2", "ok", "ok"),
                    ("allied", "movement_1", "out", "ok"), ("allied", "combat_1", "out", "ok"),
                    ("allied", "movement_2", "out", "ok"), ("allied", "combat_2", "out", "ok")]
    assert (s["units"]["G-PZ1"]["supply"], s["units"]["U-INF1"]["supply"]) == ("out", "out")


def test_isolated_defence_halved_after_adding_rounding_up() -> None:
    """§11.4 「防御力は端数切り上げ 影響を受けるユニットが複数ある時は合計した後に半減します」: isolated defence
    strengths are added, then halved rounding up (5 -> 3; 5 + 5 -> 5, not 3 + 3); units in supply count in
    full, and out of supply leaves the defence whole (§11.3 halves attack only)."""
    from server.games.bulge.odds import defence_strength
    w = World()
    s = (w.pos().place("G-PZ1", "0504", supply="isolated", steps=1).place("G-PZ2", "0504", supply="isolated", steps=1)
         .place("G-PZ3", "0504").place("G-VG1", "0505", supply="out").begin())
    assert defence_strength(s, ["G-PZ1"]) == 3
    assert defence_strength(s, ["G-PZ1", "G-PZ2"]) == 5
    assert defence_strength(s, ["G-PZ1", "G-PZ2", "G-PZ3"]) == 5 + 8
    assert defence_strength(s, ["G-VG1"]) == 4


def test_isolated_fortress_stack_owner_chooses_the_step() -> None:
    """§12.4 「スタック全体で1ステップを失うだけで済みます」: in a fortress city a stack in continued isolation loses
    one step as a whole, and its owner chooses the unit (as for every other loss he applies, §6.3, §8.7);
    then the player turn goes on. (No roads; 0202 is more than 6 MP from the German entry hex 1004.)"""
    w = World(places={"0202": "fortress"})
    s = (w.pos(phase="combat_2").place("G-PZ1", "0202", supply="isolated").place("G-PZ2", "0202", supply="isolated")
         .place("U-INF1", "0108").begin())
    s = act(s, {"type": "end_declarations"})
    assert active(s) == "german"
    assert legal(s) == [{"type": "isolation_loss", "unit": "G-PZ1"}, {"type": "isolation_loss", "unit": "G-PZ2"}]
    s = act(s, {"type": "isolation_loss", "unit": "G-PZ2"})
    assert (s["units"]["G-PZ1"]["steps"], s["units"]["G-PZ2"]["steps"]) == (2, 1)
    assert (s["player"], s["phase"]) == ("allied", "movement_1")
