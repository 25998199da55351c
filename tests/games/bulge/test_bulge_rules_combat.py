"""§8 combat on the synthetic board: odds, shifts, the CRT results, retreats, pursuit, losses."""

from __future__ import annotations

from typing import Any

from bulge_fixtures import World, act, active, force, last_line, legal, lines, roll_for, types, view

from server.engine.core import State


def declare(state: State, at: str, *uids: str) -> State:
    return act(state, *({"type": "declare", "unit": u, "at": at} for u in uids))


def preview(state: State, at: str) -> dict[str, Any]:
    cands = view(state, state["player"])["attack"]["candidates"]
    found: dict[str, Any] = next(c for c in cands if c["at"] == at)
    return found


def fight(state: State, at: str, *uids: str, dice: tuple[int, int]) -> State:
    s = declare(state, at, *uids)
    s = act(s, {"type": "end_declarations"})
    force(s, *dice)
    return act(s, {"type": "resolve", "at": at})


def test_cap_after_shifts_deep_forest() -> None:
    """§8.3(4): 8:1 against deep forest (2L) is 6:1, not 5:1."""
    w = World(terrain={"0604": "deep_forest"})
    s = (w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-VG1", "0503").place("G-VG2", "0603", steps=1)
         .place("U-INF1", "0604", steps=1).begin())
    s = declare(s, "0604", "G-PZ1", "G-VG1", "G-VG2")
    p = preview(s, "0604")
    assert (p["attack"], p["defence"], p["raw"]) == (16, 2, "8:1")
    assert p["shifts"] == [{"reason": {"key": "shift.deep_forest"}, "shift": -2}]
    assert p["column"] == "6:1"


def test_light_forest_four_to_one_becomes_three_to_one() -> None:
    """§8.3(3)-(4): attack 14 against 3 is 4:1 (rounded for the defender); light forest 1L makes it 3:1."""
    w = World(terrain={"0604": "light_forest"})
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-VG1", "0503").place("U-INF3", "0604", steps=1).begin()
    s = declare(s, "0604", "G-PZ1", "G-VG1")
    p = preview(s, "0604")
    assert (p["attack"], p["defence"], p["raw"], p["column"]) == (14, 3, "4:1", "3:1")


def test_largest_single_terrain_shift_only() -> None:
    """§8.3(4): hills and a town in one hex: only the largest shift (1L), not 2L."""
    w = World(terrain={"0604": "hills"}, places={"0604": "town"})
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604", steps=1).begin()
    s = declare(s, "0604", "G-PZ1")
    assert sum(x["shift"] for x in preview(s, "0604")["shifts"]) == -1


def test_river_shift_only_if_every_attacker_across() -> None:
    """§3.3(6): the river adds 1L only when all attackers attack across a river."""
    w = World(rivers=[["0504", "0604"], ["0503", "0604"]])
    base = w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-PZ2", "0503").place("G-PZ3", "0603")
    s = declare(base.place("U-INF1", "0604").begin(), "0604", "G-PZ1", "G-PZ2")
    assert {"reason": {"key": "shift.river"}, "shift": -1} in preview(s, "0604")["shifts"]
    s = declare(s, "0604", "G-PZ3")
    assert {"reason": {"key": "shift.river"}, "shift": -1} not in preview(s, "0604")["shifts"]


def test_encirclement_shift_and_not_against_fortress() -> None:
    """§5.7: no retreat of even one hex gives 1R; §12.2: never against a fortress city."""
    w = World()
    ring = ["0504", "0704", "0503", "0603", "0505", "0605"]
    names = ["G-PZ1", "G-PZ2", "G-VG1", "G-VG2", "G-VG3", "G-VG4"]
    p = w.pos(phase="combat_1").place("U-INF1", "0604", steps=1)
    for u, h in zip(names, ring, strict=True):
        p.place(u, h)
    s = declare(p.begin(), "0604", "G-VG1")
    assert {"reason": {"key": "shift.encirclement"}, "shift": 1} in preview(s, "0604")["shifts"]
    w2 = World(places={"0604": "fortress"})
    p = w2.pos(phase="combat_1").place("U-INF1", "0604", steps=1)
    for u, h in zip(names, ring, strict=True):
        p.place(u, h)
    s = declare(p.begin(), "0604", "G-VG1")
    assert all(x["reason"]["key"] != "shift.encirclement" for x in preview(s, "0604")["shifts"])


def test_minimum_odds_attack_dropped() -> None:
    """§8.2(1), AMBIG-13: no attack below 1:2 (raw odds)."""
    w = World()
    s = w.pos(phase="combat_1").place("G-VG1", "0504", steps=1).place("B-BDE1", "0604").begin()
    s = declare(s, "0604", "G-VG1")
    assert preview(s, "0604")["column"] is None
    s = act(s, {"type": "end_declarations"})
    assert last_line(s, "below_minimum").args["hex"] == "0604"
    assert s["phase"] == "movement_2"


def test_chances_are_the_2d6_distribution_over_the_column() -> None:
    """§8.3(5): attacker and defender each roll a die and the total indexes the column: the preview's chances
    are the 2d6 odds of each result of the column (the synthetic CRT's 2:1 column, typed out)."""
    w = World()
    s = declare(w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604").begin(), "0604", "G-PZ1")
    p = preview(s, "0604")
    assert (p["attack"], p["defence"], p["column"]) == (10, 4, "2:1")
    # rolls 2..12 of the 2:1 column: D2R D1R D1 Ex Aopt AR Cont A1 A1R A2R A2R
    ways = {"D2R": 1, "D1R": 2, "D1": 3, "Ex": 4, "Aopt": 5, "AR": 6, "Cont": 5, "A1": 4, "A1R": 3, "A2R": 3}
    assert p["chances"] == {code: round(n / 36, 4) for code, n in ways.items()}


def test_us_and_british_never_together() -> None:
    """§8.8: US and British units may never attack the same target together."""
    w = World()
    s = (w.pos(player="allied", phase="combat_1").place("U-INF1", "0504").place("B-BDE1", "0503")
         .place("G-VG1", "0604").begin())
    s = declare(s, "0604", "U-INF1")
    assert {"type": "declare", "unit": "B-BDE1", "at": "0604"} not in legal(s)


def test_german_armies_together_only_vs_important_or_turn_10_or_white() -> None:
    """§8.8: different German armies combine only against an important city, from turn 10, or with white units."""
    w = World(places={"0605": "important"})
    base = w.pos(phase="combat_1").place("G-VG1", "0504").place("G-5VG", "0503").place("G-FB", "0603")
    s = declare(base.place("U-INF1", "0604").place("U-INF2", "0605").begin(), "0604", "G-VG1")
    assert {"type": "declare", "unit": "G-5VG", "at": "0604"} not in legal(s)
    assert {"type": "declare", "unit": "G-FB", "at": "0604"} in legal(s)
    w10 = World()
    s = w10.pos(turn=10, phase="combat_1").place("G-VG1", "0504").place("G-5VG", "0503").place("U-INF1", "0604").begin()
    s = declare(s, "0604", "G-VG1")
    assert {"type": "declare", "unit": "G-5VG", "at": "0604"} in legal(s)


def test_second_combat_phase_mechanised_only() -> None:
    """§8.2(1): non-mechanised units may not attack in the 2nd combat phase."""
    w = World()
    s = w.pos(phase="combat_2").place("G-PZ1", "0504").place("G-VG1", "0503").place("U-INF1", "0604").begin()
    attackers = {a["unit"] for a in legal(s) if a["type"] == "declare"}
    assert attackers == {"G-PZ1"}


def test_two_dice_logged_and_de_eliminates_then_pursuit() -> None:
    """§8.3(5): each side rolls a die; DElim removes the defenders; §8.6 pursuit into the vacated hex."""
    w = World()
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604", steps=1).begin()
    s = fight(s, "0604", "G-PZ1", dice=roll_for("5:1", "DE"))
    line = last_line(s, "combat").args
    assert line["result"] == "DE" and len(line["dice"]) == 2
    assert s["units"]["U-INF1"]["status"] == "eliminated"
    assert {"type": "pursue", "unit": "G-PZ1", "to": "0604"} in legal(s)
    s = act(s, {"type": "pursue", "unit": "G-PZ1", "to": "0604"})
    assert s["units"]["G-PZ1"]["hex"] == "0604"


def test_retreat_by_owner_hex_by_hex() -> None:
    """§8.5(1): the owner of the retreating unit retreats it, away from its hex."""
    w = World()
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604").begin()
    s = fight(s, "0604", "G-PZ1", dice=roll_for("2:1", "D2R"))
    assert active(s) == "allied"
    assert s["units"]["U-INF1"]["steps"] == 1
    opts = [a["to"] for a in legal(s) if a["type"] == "retreat"]
    assert "0504" not in opts and opts
    s = act(s, {"type": "retreat", "unit": "U-INF1", "to": "0704"})
    nxt = [a["to"] for a in legal(s) if a["type"] == "retreat"]
    assert all(h not in ("0604", "0503", "0505") for h in nxt)


def test_surrender_when_only_ezoc() -> None:
    """§5.6, §8.5(2): a unit that could retreat only into EZOC hexes surrenders: it is removed after its step
    loss, counted as destroyed (§13.4: +2 VP to the Germans)."""
    w = World()
    # U-INF1 (2 steps) in 0604; every hex a retreat step reaches is in an EZOC: G-PZ1 attacks from 0504 (0503 and
    # 0505 in its ZOC), G-VG1 in 0705 and G-VG2 in 0703 cover 0704, 0605 and 0603. No retreat, so the attack is
    # an encirclement (§5.7): 10 against 4 is 2:1, one shift right, 3:1, where the dice give D1R.
    s = (w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-VG1", "0705").place("G-VG2", "0703")
         .place("U-INF1", "0604").begin())
    s = fight(s, "0604", "G-PZ1", dice=roll_for("3:1", "D1R"))
    combat = last_line(s, "combat").args
    assert (combat["raw"], combat["odds"], combat["result"]) == ("2:1", "3:1", "D1R")
    assert combat["shifts"] == [{"reason": {"key": "shift.encirclement"}, "shift": 1}]
    # The step loss leaves it one step; then the retreat it cannot make: surrender, scored as destroyed.
    after = [line.key for line in lines(s)[lines(s).index(last_line(s, "combat")) + 1:]]
    assert after == ["log.step_lost", "log.surrender", "log.destroyed", "log.vp"]
    assert last_line(s, "destroyed").args == {"unit": {"key": "unit.U-INF1"}, "hex": "0604",
                                              "why": {"key": "why.surrender"}}
    assert last_line(s, "surrender").args["unit"] == {"key": "unit.U-INF1"}
    assert last_line(s, "step_lost").args["unit"] == {"key": "unit.U-INF1"}
    assert s["units"]["U-INF1"]["status"] == "eliminated" and s["vp"] == 2


def test_option_retreat_reduces_loss_and_marks() -> None:
    """§8.5(3): on D the defender may retreat 1 hex and lose one step fewer; the unit is marked (no ZOC)."""
    w = World()
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604").begin()
    s = fight(s, "0604", "G-PZ1", dice=roll_for("2:1", "D1"))
    assert types(s) == ["option_retreat", "hold"]
    s = act(s, {"type": "option_retreat"})
    assert active(s) == "allied" and {a["type"] for a in legal(s)} == {"retreat"}
    s = act(s, legal(s)[0])
    u = s["units"]["U-INF1"]
    assert u["steps"] == 2 and u["option_retreat"] and u["hex"] != "0604"
    assert "option_retreat" in next(c for c in view(s, None)["counters"] if c["ref"] == "U-INF1")["markers"]


def test_aopt_attacker_chooses() -> None:
    """§8.4 Aopt: the attacker chooses how many steps both sides lose (AMBIG-15: up to the smaller side)."""
    w = World()
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604", steps=1).begin()
    s = fight(s, "0604", "G-PZ1", dice=roll_for("5:1", "Aopt"))
    assert legal(s) == [{"type": "aopt", "steps": 0}, {"type": "aopt", "steps": 1}]
    s = act(s, {"type": "aopt", "steps": 1})
    assert s["units"]["U-INF1"]["status"] == "eliminated" and s["units"]["G-PZ1"]["steps"] == 1


def test_attacker_losses_spread_over_stacks() -> None:
    """§8.7: two stacks losing 2 steps lose one each."""
    w = World()
    s = (w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-PZ2", "0503")
         .place("U-INF1", "0604").place("U-INF2", "0604").begin())
    s = fight(s, "0604", "G-PZ1", "G-PZ2", dice=roll_for("2:1", "Aopt"))
    s = act(s, {"type": "aopt", "steps": 2})
    while active(s) == "allied" and "lose_step" in types(s):
        s = act(s, legal(s)[0])
    assert [a["unit"] for a in legal(s)] == ["G-PZ1", "G-PZ2"]
    s = act(s, legal(s)[0])  # the second step can only go to the other stack: taken at once
    assert s["units"]["G-PZ1"]["steps"] == 1 and s["units"]["G-PZ2"]["steps"] == 1


def test_fortress_defender_may_ignore_retreat() -> None:
    """§12.3: against a fortress city DR becomes D; the defender may hold."""
    w = World(places={"0604": "fortress"})
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-PZ2", "0503").place("U-INF1", "0604").begin()
    s = fight(s, "0604", "G-PZ1", "G-PZ2", dice=roll_for("2:1", "D1R"))
    assert types(s) == ["option_retreat", "retreat_anyway", "hold"]
    s = act(s, {"type": "hold"})
    assert s["units"]["U-INF1"]["hex"] == "0604" and s["units"]["U-INF1"]["steps"] == 1


def test_fortress_dr_becomes_d_and_the_d_allows_option_retreat() -> None:
    """§12.3 「DR DR が出ても…それぞれ D D に変換されます」 (tables.json ``fortress_becomes``) and AMB-28: the
    result is now a plain D, so the fortress defender may also make an Option Retreat (§8.5(3)): 1 hex, one
    step fewer, marked; or retreat anyway as the DR said (its full loss, no marker)."""
    w = World(places={"0604": "fortress"})
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-PZ2", "0503").place("U-INF1", "0604").begin()
    s = fight(s, "0604", "G-PZ1", "G-PZ2", dice=roll_for("2:1", "D1R"))
    line = last_line(s, "fortress_result").args
    assert (line["result"], line["becomes"]) == ("D1R", "D1")
    s = act(s, {"type": "option_retreat"})
    s = act(s, legal(s)[0])  # the 1-hex retreat
    u = s["units"]["U-INF1"]
    assert (u["steps"], u["option_retreat"]) == (2, True) and u["hex"] != "0604"
    s2 = fight(w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-PZ2", "0503").place("U-INF1", "0604").begin(),
               "0604", "G-PZ1", "G-PZ2", dice=roll_for("2:1", "D2R"))  # 1 step and 2 hexes in this table
    s2 = act(s2, {"type": "retreat_anyway"})
    s2 = act(s2, legal(s2)[0])
    s2 = act(s2, legal(s2)[0])
    u = s2["units"]["U-INF1"]
    assert (u["steps"], u["option_retreat"]) == (1, False)
    assert w.board.grid.distance("0604", u["hex"]) == 2


def test_no_retreat_choice_where_no_retreat_exists() -> None:
    """§12.3 「退却可能であれば…任意で退却しても構いません」 and §8.5(3): retreating anyway and the Option
    Retreat are offered only to a defender that has a legal retreat; a ringed defender just holds (it is
    not made to surrender by a choice it could not carry out)."""
    ring = {"G-PZ1": "0504", "G-PZ2": "0704", "G-VG1": "0503", "G-VG2": "0603", "G-VG3": "0505", "G-VG4": "0605"}
    # fortress: 20 against 4 is 5:1, 3L -> 2:1; open ground: 10 against 4 is 2:1, encircled 1R -> 3:1
    for places, attackers, column, result in (({"0604": "fortress"}, ("G-PZ1", "G-PZ2"), "2:1", "D1R"),
                                              ({}, ("G-PZ1",), "3:1", "D1")):
        w = World(places=places)
        p = w.pos(phase="combat_1").place("U-INF1", "0604")
        for u, h in ring.items():
            p.place(u, h)
        s = fight(p.begin(), "0604", *attackers, dice=roll_for(column, result))
        assert last_line(s, "combat").args["result"] == result
        assert not {"retreat_anyway", "option_retreat"} & set(types(s)), places
        u = s["units"]["U-INF1"]
        assert (u["status"], u["hex"], u["steps"], s["vp"]) == ("map", "0604", 1, 0), places


def test_pursuit_only_by_units_that_lost_steps() -> None:
    """§8.6: if the attacker lost steps, only the units that lost them (and their stack) pursue."""
    w = World()
    s = (w.pos(phase="combat_1").place("G-PZ1", "0504").place("G-PZ2", "0503")
         .place("U-INF1", "0604", steps=1).begin())
    s = fight(s, "0604", "G-PZ1", "G-PZ2", dice=roll_for("7:1", "Aopt"))  # 20 against 2: 10:1, capped
    s = act(s, {"type": "aopt", "steps": 1}, {"type": "lose_step", "unit": "G-PZ2"})
    assert [a["unit"] for a in legal(s) if a["type"] == "pursue"] == ["G-PZ2"]


def test_attackers_out_of_a_fortress_must_retreat() -> None:
    """§12.3: units attacking out of a fortress city that get an AR result must retreat (no choice to hold,
    unlike a fortress defender), and with no legal retreat they surrender (§5.6), scored as destroyed."""
    w = World(places={"0504": "fortress"})
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604").begin()
    s = fight(s, "0604", "G-PZ1", dice=roll_for("2:1", "AR"))
    assert active(s) == "german" and set(types(s)) == {"retreat"}
    s = act(s, legal(s)[0])
    assert s["units"]["G-PZ1"]["hex"] != "0504" and s["units"]["G-PZ1"]["steps"] == 2
    # Allied units east and west of the fortress: every other neighbour is in their ZOC.
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604").place("U-INF2", "0404").begin()
    s = fight(s, "0604", "G-PZ1", dice=roll_for("2:1", "AR"))
    assert s["units"]["G-PZ1"]["status"] == "eliminated" and s["vp"] == -2
    assert last_line(s, "surrender").args["unit"] == {"key": "unit.G-PZ1"}


def test_order_of_resolution_announced_before_the_first_die() -> None:
    """§8.3(2) 「次に攻撃側はどの順番で戦闘の組み合わせを解決するかを防御側に伝えます」: once the combinations
    are fixed, the attacker names the order of all of them before any die is rolled (the last one needs no
    naming); the order goes to the public log, and the combinations are then resolved in that order with no
    choice of which comes next."""
    w = World()
    s = (w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604")
         .place("G-PZ3", "0507").place("U-INF2", "0607").begin())
    s = declare(s, "0604", "G-PZ1")
    s = declare(s, "0607", "G-PZ3")
    s = act(s, {"type": "end_declarations"})
    assert legal(s) == [{"type": "order", "at": "0604"}, {"type": "order", "at": "0607"}]
    drawn = s["rng"]["n"]
    s = act(s, {"type": "order", "at": "0607"})
    line = last_line(s, "attack_order")
    assert line.args["hexes"] == ["0607", "0604"] and line.to is None
    assert s["rng"]["n"] == drawn  # no die before the order is told
    assert legal(s) == [{"type": "resolve", "at": "0607"}]
    force(s, *roll_for("2:1", "Cont"))
    s = act(s, {"type": "resolve", "at": "0607"})
    assert last_line(s, "combat").args["hex"] == "0607"
    assert legal(s) == [{"type": "resolve", "at": "0604"}]


def test_a_single_combination_needs_no_order() -> None:
    """§8.3(2): with one combination the order is told by itself; the attacker goes straight to resolving."""
    w = World()
    s = w.pos(phase="combat_1").place("G-PZ1", "0504").place("U-INF1", "0604").begin()
    s = act(declare(s, "0604", "G-PZ1"), {"type": "end_declarations"})
    assert legal(s) == [{"type": "resolve", "at": "0604"}]
    assert last_line(s, "attack_order").args["hexes"] == ["0604"]


def test_pursuit_by_units_stacked_with_destroyed_loser() -> None:
    """§8.6 「追撃できるのはステップを失ったユニット 及びそれにスタックしていたユニットに限定されます」: the units
    that were stacked with an attacker that lost steps may pursue even when that attacker was destroyed;
    an attacker from another hex, which lost nothing, may not."""
    w = World()
    s = (w.pos(phase="combat_1").place("G-PZ1", "0504", steps=1).place("G-PZ2", "0504").place("G-VG1", "0503")
         .place("U-INF1", "0604", steps=1).begin())
    s = fight(s, "0604", "G-PZ1", "G-PZ2", "G-VG1", dice=roll_for("7:1", "Ex"))  # 19 against 2
    assert s["units"]["U-INF1"]["status"] == "eliminated"
    s = act(s, {"type": "lose_step", "unit": "G-PZ1"})  # its last step
    assert s["units"]["G-PZ1"]["status"] == "eliminated"
    assert [a for a in legal(s) if a["type"] == "pursue"] == [{"type": "pursue", "unit": "G-PZ2", "to": "0604"}]
