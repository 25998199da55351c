"""One test per rule case of the Shimada digest (shared/rules/shimada.md, §3-§11; §6-§8 movement in
test_shimada_rules_movement.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from shimada_dsl import CRT, FACE, Pos, World, act, counter, die_for, last_line, legal, types, unit, view

from server.engine.core import OMNISCIENT
from server.games.shimada import RULES
from server.games.shimada.data import dataset

# Small maps. One row of clear hexes, each next to the one before: 0101 - 0201 - 0301 - 0401 - 0501
# (entry 0101, exit 0501).
LINE = World(".....")
# Every hexside between the two rows of a 4 x 2 small map: a river along the middle.
RIVER_SIDES = ("0101/0102", "0102/0201", "0201/0202", "0201/0302", "0301/0302", "0302/0401", "0401/0402")

BOARD = dataset().board
BRITISH = sorted(u for u, c in dataset().counters.items() if c.side == "british")


# === §3 SETUP ===

def test_setup_places_british_face_down_one_per_position() -> None:
    """§3: the 6 British counters are placed face down (disrupted), one per position."""
    s = RULES.setup("slim_river", {}, b"seed-1")
    brit = [s["units"][u] for u in BRITISH]
    assert sorted(u["hex"] for u in brit) == sorted(BOARD.positions)
    assert all(u["face"] == "down" and u["status"] == "map" for u in brit)


def test_setup_is_random() -> None:
    """§3: the British counters are placed at random: a shuffle drawn from the match's dice, so
    every counter lands in every position about equally often and the layouts hardly repeat."""
    in_position: Counter[tuple[str, str]] = Counter()
    layouts = set()
    for i in range(600):
        s = RULES.setup("slim_river", {}, f"layout-{i}".encode())
        layout = tuple(s["units"][u]["hex"] for u in BRITISH)
        layouts.add(layout)
        in_position.update(zip(BRITISH, layout, strict=True))
        assert s["rng"]["n"] > 0  # drawn from the match's RNG, so the revealed seed shows the layout
    # 600 uniform draws of the 720 layouts give about 407 distinct ones; a fixed, rotated or
    # partly fixed placement gives 1, 6 or at most 120.
    assert len(layouts) > 350
    assert all(70 <= in_position[(u, h)] <= 130 for u in BRITISH for h in BOARD.positions)  # 100 expected


def test_japanese_start_off_map_and_choose_dawn_first() -> None:
    """§3: the Japanese are off the map; first they secretly choose the dawn turn 1-6."""
    s = RULES.setup("slim_river", {}, b"seed")
    assert RULES.active_roles(s) == {"japanese"}
    assert legal(s) == [{"type": "choose_dawn", "turn": t} for t in range(1, 7)]
    assert all(s["units"][u]["status"] == "offmap" for u in s["units"] if u.startswith("J-"))
    assert view(s, "british")["prompt"]["key"] == "prompt.waiting_dawn"


def test_dawn_choice_is_logged_only_to_the_japanese() -> None:
    """§3: the dawn turn is chosen secretly."""
    s = act(RULES.setup("slim_river", {}, b"seed"), {"type": "choose_dawn", "turn": 4})
    assert view(s, "japanese")["dawn_turn"] == 4
    for role in ("british", None):
        v = view(s, role)
        assert "dawn_turn" not in v
        assert all(e["key"] != "log.dawn_chosen" for e in v["log"])
    assert any(e["key"] == "log.dawn_chosen" for e in view(s, "japanese")["log"])


# === §5 SEQUENCE OF PLAY ===

def test_turn_one_british_only_recover() -> None:
    """§5: on turn 1 the British do only recovery."""
    s = act(RULES.setup("slim_river", {}, b"seed"), {"type": "choose_dawn", "turn": 6})
    seen = []
    for _ in range(3):
        seen.append((s["player"], s["step"]))
        s = act(s, {"type": "end_step"})
    assert seen == [("japanese", "movement"), ("japanese", "combat"), ("japanese", "recovery")]
    assert (s["turn"], s["player"], s["step"]) == (1, "british", "recovery")
    s = act(s, {"type": "end_step"})
    assert (s["turn"], s["player"], s["step"]) == (2, "japanese", "movement")


def test_each_turn_japanese_then_british_move_fight_recover() -> None:
    """§5: each turn the Japanese, then the British: movement, combat, recovery."""
    s = Pos(turn=2).state
    seen = []
    for _ in range(6):
        seen.append((s["player"], s["step"]))
        s = act(s, {"type": "end_step"})
    assert seen == [(p, st) for p in ("japanese", "british") for st in ("movement", "combat", "recovery")]
    assert s["turn"] == 3


# === §11 DAWN ===

def test_dawn_breaks_at_start_of_chosen_turn_revealing_all() -> None:
    """§11: at the start of the chosen turn all counters, eliminated ones included, turn face up."""
    s = (Pos(turn=2, player="british", step="recovery", dawn_turn=3)
         .place("B-HQ", "0203", face="down").place("B-ART", "0305", face="down").eliminated("B-UC", face="down").state)
    assert counter(s, "?B1", None).get("id") is None
    s = act(s, {"type": "end_step"})
    assert s["dawn"] and s["turn"] == 3
    v = view(s, None)
    assert v["dawn"] and v["dawn_turn"] == 3
    assert all(c["face"] == "up" for c in v["counters"])
    assert {c["ref"] for c in v["counters"]} >= {"B-HQ", "B-ART", "B-UC"}
    assert last_line(s, "dawn").args["turn"] == 3 and last_line(s, "dawn").to is None


def test_dawn_on_turn_one() -> None:
    """§3/§11: dawn may be chosen for turn 1: it breaks before the first move."""
    s = act(RULES.setup("slim_river", {}, b"seed"), {"type": "choose_dawn", "turn": 1})
    assert s["dawn"] and all(u["face"] == "up" for u in s["units"].values())


# §6-§8 MOVEMENT: test_shimada_rules_movement.py


# === §4 VICTORY ===

def test_japanese_exit_is_sudden_death() -> None:
    """§4: the moment a Japanese counter exits through the exit hex, the Japanese win."""
    s = Pos(turn=3).place("J-T3", BOARD.exit).place("B-HQ", "0203", face="down").state
    assert {"type": "exit", "unit": "J-T3"} in legal(s)
    s = act(s, {"type": "exit", "unit": "J-T3"})
    out = RULES.outcome(s)
    assert out is not None and out.winner == "japanese" and out.reason == "exit"
    assert all(u["face"] == "up" for u in s["units"].values())  # the match is over: all revealed


def test_exit_costs_one_mp() -> None:
    """§4 (AMBIG-7): moving off the map through the exit hex is a move of one more hex (1 MP)."""
    s = act(LINE.pos().place("J-TA", "0401", used=3).state, {"type": "move", "unit": "J-TA", "to": "0501"})
    assert "exit" not in types(s) and RULES.outcome(s) is None  # its last MP took it onto the exit hex
    s = act(LINE.pos().place("J-TA", "0401", used=2).state, {"type": "move", "unit": "J-TA", "to": "0501"})
    assert {"type": "exit", "unit": "J-TA"} in legal(s)


def test_british_exit_scores_one_point() -> None:
    """§4: 1 point per British counter that escapes through the exit hex."""
    s = Pos(player="british").place("B-HQ", BOARD.exit).state
    s = act(s, {"type": "exit", "unit": "B-HQ"})
    assert RULES.outcome(s) is None
    assert view(s, None)["points"] == {"japanese": 0, "british": 1}


def test_points_after_turn_six() -> None:
    """§4: Japanese 3 for Slim and 1 for the HQ; British 2 per tank, 1 per infantry."""
    s = (Pos(turn=6, player="british", step="recovery", dawn=True)
         .eliminated("B-HQ").eliminated("J-T1").eliminated("J-I1").state)
    s["slim_entered"] = True
    s = act(s, {"type": "end_step"})
    out = RULES.outcome(s)
    assert out is not None and dict(out.score) == {"japanese": 4, "british": 3}
    assert out.winner == "japanese" and out.reason == "points"


def test_tie_is_a_draw() -> None:
    """§4 (AMBIG-4): the rules do not address a tie; equal points are a draw."""
    s = Pos(turn=6, player="british", step="recovery", dawn=True).state
    s = act(s, {"type": "end_step"})
    out = RULES.outcome(s)
    assert out is not None and out.winner is None and out.reason == "tie"


def test_slim_counts_when_entered_by_an_advance() -> None:
    """§4: 3 points if a Japanese counter has ever entered Slim, by any kind of move."""
    pos = World("....", slim="0201").pos(step="combat", dawn=True).place("J-TA", "0101").place("B-IN", "0201")
    s = _attack(pos, ["J-TA"], "0201", FACE["De"])
    assert not s["slim_entered"]
    s = act(s, {"type": "advance", "unit": "J-TA", "to": "0201"})
    assert s["slim_entered"] and view(s, "british")["points"]["japanese"] == 3


def test_slim_counts_if_ever_entered() -> None:
    """§4: 3 points if a Japanese counter has ever entered Slim, even if it left again."""
    s = Pos().place("J-T1", "0609").state
    s = act(s, {"type": "move", "unit": "J-T1", "to": BOARD.slim}, {"type": "move", "unit": "J-T1", "to": "0609"})
    assert s["slim_entered"] and view(s, "british")["points"]["japanese"] == 3


# === §9 COMBAT ===

def odds_of(v: dict[str, Any]) -> list[tuple[str, str, int, int]]:
    """The candidates' target, odds, attack and defence (their chances and notes are tested on their own)."""
    return [(c["at"], c["odds"], c["attack"], c["defence"]) for c in v["attack"]["candidates"]]


def test_attackers_must_be_adjacent_and_undisrupted() -> None:
    """§9/§10: only adjacent, face-up counters may attack."""
    s = (Pos(step="combat").place("J-T1", "0307").place("J-T2", "0309", face="down").place("J-T3", "0305")
         .place("B-PUN", "0308").state)
    assert [a for a in legal(s) if a["type"] == "attack_with"] == [{"type": "attack_with", "unit": "J-T1"}]


def test_attack_odds_rounded_for_defender_and_capped() -> None:
    """§9: odds rounded in the defender's favour; above 5:1 uses 5:1."""
    s = Pos(step="combat").place("J-T1", "0307").place("J-T2", "0309").place("B-PUN", "0308").state
    s = act(s, {"type": "attack_with", "unit": "J-T2"})
    (c,) = view(s, "japanese")["attack"]["candidates"]
    assert (c["at"], c["odds"], c["attack"], c["defence"]) == ("0308", "1:1", 5, 3)  # 5:3 -> 1:1
    s = act(s, {"type": "attack_with", "unit": "J-T1"})
    assert view(s, "japanese")["attack"]["candidates"][0]["odds"] == "3:1"  # 11:3 -> 3:1
    s = (Pos(step="combat").place("J-T1", "0307").place("J-T2", "0309").place("B-HQ", "0308")
         .force(die_for("5:1", "De")).state)
    s = act(s, {"type": "attack_with", "unit": "J-T1"}, {"type": "attack_with", "unit": "J-T2"})
    s = act(s, {"type": "attack", "at": "0308"})
    args = last_line(s, "attack").args
    assert args["odds"] == "5:1" and {"key": "mod.capped"} in args["mods"]


def test_attack_odds_preview_before_attacking() -> None:
    """§9 (rules/shimada.md): before the attack is made the attacking player sees its column and the chance of
    each result on one die, as it will stand: at night a Japanese Ex is a De (with the reason)."""
    s = Pos(step="combat").place("J-T1", "0307").place("J-T2", "0309").place("B-PUN", "0308").state
    s = act(s, {"type": "attack_with", "unit": "J-T2"})
    (c,) = view(s, "japanese")["attack"]["candidates"]
    # The 1:1 column, rolls 1-6: Ae, Ar, C, Ex, D1, Ex; both Ex are De at night.
    expected = {"Ae": 1 / 6, "Ar": 1 / 6, "C": 1 / 6, "De": 2 / 6, "D1": 1 / 6}
    assert c["column"] == "1:1"
    assert c["chances"] == {k: round(v, 4) for k, v in expected.items()}
    assert "Ex" not in c["chances"] and {"key": "mod.night_ex"} in c["notes"]
    assert abs(sum(c["chances"].values()) - 1) < 1e-3
    s = Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-PUN", "0308").state
    s = act(s, {"type": "attack_with", "unit": "J-T1"})
    (c,) = view(s, "japanese")["attack"]["candidates"]
    assert c["column"] == "2:1"  # 6:3; rolls Ar, C, D1, D1, Ex, De: after dawn the Ex stays
    assert c["chances"]["Ex"] == round(1 / 6, 4) and {"key": "mod.night_ex"} not in c["notes"]


def test_odds_below_one_to_two_not_allowed() -> None:
    """§9: odds below 1:2 are not allowed."""
    s = Pos(step="combat", player="british").place("B-HQ", "0308").place("J-T1", "0307").state
    s = act(s, {"type": "attack_with", "unit": "B-HQ"})
    assert view(s, "british")["attack"]["candidates"] == []  # 1:6
    assert "attack" not in types(s) and "cancel_attack" in types(s)


def test_each_attacker_and_each_defender_once_per_step() -> None:
    """§9: each attacker attacks at most once, each defender is attacked at most once."""
    # J-TA at 0201 is next to B-IN (0101) and B-HQ (0301); J-TB at 0102 only to B-IN.
    w = World("...", "...", positions=("0302", "0202"))
    s = (w.pos(step="combat", dawn=True).place("J-TA", "0201").place("J-TB", "0102").place("B-IN", "0101")
         .place("B-HQ", "0301").force(FACE["C"]).state)
    assert [a["unit"] for a in legal(s) if a["type"] == "attack_with"] == ["J-TA", "J-TB"]
    s = act(s, {"type": "attack_with", "unit": "J-TA"}, {"type": "attack", "at": "0101"})
    assert types(s) == ["end_step"]  # J-TA may not attack B-HQ too; J-TB may not attack B-IN again


def test_position_does_not_double_a_japanese_defender() -> None:
    """§9: only a British counter defending in a position is doubled."""
    s = Pos(step="combat", player="british").place("B-ARG", "0308").place("J-T3", "0307").state  # 0307: P3
    s = act(s, {"type": "attack_with", "unit": "B-ARG"})
    assert odds_of(view(s, None)) == [("0307", "1:1", 4, 3)]


def test_position_doubles_british_defender_even_disrupted() -> None:
    """§9: a British counter in a position defends doubled, a disrupted one at 2."""
    s = Pos(step="combat").place("J-T1", "0202").place("B-HQ", "0203", face="down").state
    s = act(s, {"type": "attack_with", "unit": "J-T1"})
    assert odds_of(view(s, None)) == [("0203", "3:1", 6, 2)]
    # the reasons shown before the attack, as the roll will log them (AMBIG-1: a face-down counter doubles)
    notes = view(s, "japanese")["attack"]["candidates"][0]["notes"]
    assert [n["key"] for n in notes][:2] == ["mod.disrupted", "mod.position"]
    s = Pos(step="combat").place("J-T1", "0202").place("B-ARG", "0203").state
    s = act(s, {"type": "attack_with", "unit": "J-T1"})
    assert view(s, None)["attack"]["candidates"][0]["defence"] == 8


def test_uc_not_doubled_in_position() -> None:
    """§9: the UC keeps its factor in a position."""
    s = Pos(step="combat").place("J-T1", "0202").place("B-UC", "0203").state
    s = act(s, {"type": "attack_with", "unit": "J-T1"})
    assert view(s, None)["attack"]["candidates"][0]["defence"] == dataset().counters["B-UC"].cf


def test_disrupted_counter_defends_at_one() -> None:
    """§10: a disrupted counter defends with a combat factor of 1."""
    s = Pos(step="combat").place("J-T3", "0307").place("B-ARG", "0308", face="down").state
    s = act(s, {"type": "attack_with", "unit": "J-T3"})
    assert odds_of(view(s, None)) == [("0308", "3:1", 3, 1)]


def test_no_attack_across_river_without_bridge() -> None:
    """§9: nobody may attack across a river without a bridge."""
    s = Pos(step="combat").place("J-T1", "0609").place("B-ARG", "0710").state
    assert "attack_with" not in types(s)
    s = Pos(step="combat").place("J-T1", "0709").place("B-ARG", "0710").state
    assert "attack_with" in types(s)


def test_british_cannot_attack_japanese_in_jungle() -> None:
    """§9: the British cannot attack Japanese counters in jungle."""
    s = Pos(step="combat", player="british").place("B-ARG", "0305").place("J-I1", "0404").state
    assert "attack_with" not in types(s)
    s = Pos(step="combat", player="british").place("B-ARG", "0305").place("J-I1", "0306").state
    assert "attack_with" in types(s)


def _attack(pos: Pos, attackers: list[str], at: str, face: int) -> dict:
    s = pos.force(face).state
    s = act(s, *[{"type": "attack_with", "unit": a} for a in attackers])
    return act(s, {"type": "attack", "at": at})


def test_result_ae_eliminates_all_attackers() -> None:
    """§9: Ae, all attackers eliminated."""
    pos = LINE.pos(step="combat", dawn=True).place("J-TA", "0101").place("B-IN", "0201").place("J-TB", "0301")
    s = _attack(pos, ["J-TA", "J-TB"], "0201", FACE["Ae"])
    assert unit(s, "J-TA")["status"] == unit(s, "J-TB")["status"] == "eliminated"
    assert unit(s, "B-IN")["status"] == "map"


def test_result_ar_attackers_retreat_one_hex_and_are_disrupted() -> None:
    """§9 (AMBIG-9): Ar, every attacker retreats 1 hex, carried out by the attacking player, and
    is disrupted."""
    pos = LINE.pos(step="combat", dawn=True).place("J-TA", "0201").place("B-IN", "0301").place("J-TB", "0401")
    s = _attack(pos, ["J-TA", "J-TB"], "0301", FACE["Ar"])
    assert s["step"] == "retreat" and RULES.active_roles(s) == {"japanese"}
    assert view(s, "japanese")["retreat"] == {"unit": "J-TA", "hexes_left": 1}
    assert legal(s) == [{"type": "retreat", "unit": "J-TA", "to": "0101"}]
    s = act(s, {"type": "retreat", "unit": "J-TA", "to": "0101"})
    assert RULES.active_roles(s) == {"japanese"} and legal(s) == [{"type": "retreat", "unit": "J-TB", "to": "0501"}]
    s = act(s, {"type": "retreat", "unit": "J-TB", "to": "0501"})
    assert (unit(s, "J-TA")["hex"], unit(s, "J-TB")["hex"]) == ("0101", "0501")
    assert unit(s, "J-TA")["face"] == unit(s, "J-TB")["face"] == "down" and s["step"] == "combat"


def test_result_c_has_no_effect() -> None:
    """§9: C, nothing happens (after dawn, attackers stay face up)."""
    pos = Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-ARG", "0308")
    s = _attack(pos, ["J-T1"], "0308", die_for("1:1", "C"))
    assert unit(s, "J-T1")["face"] == "up" and unit(s, "B-ARG")["face"] == "up"
    assert unit(s, "J-T1")["hex"] == "0307" and unit(s, "B-ARG")["hex"] == "0308"


def test_defender_retreat_avoids_enemy_zoc() -> None:
    """§9: D1, the defender retreats 1 hex, moved by the attacking player, not into an enemy ZOC."""
    pos = Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-PUN", "0308")
    s = _attack(pos, ["J-T1"], "0308", die_for("2:1", "D1"))
    assert RULES.active_roles(s) == {"japanese"} and s["step"] == "retreat"  # the attacking player
    assert sorted(a["to"] for a in legal(s)) == ["0208", "0309", "0408"]  # not 0207/0407: ZOC


def test_result_d2_defender_retreats_two_hexes_and_is_disrupted() -> None:
    """§9: D2, the defender retreats 2 hexes hex by hex; a retreating counter is disrupted."""
    pos = Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-HQ", "0308")
    s = _attack(pos, ["J-T1"], "0308", die_for("5:1", "D2"))
    s = act(s, {"type": "retreat", "unit": "B-HQ", "to": "0309"})
    assert view(s, None)["retreat"] == {"unit": "B-HQ", "hexes_left": 1}
    assert [a["to"] for a in legal(s)] == ["0208", "0209", "0408", "0409"]  # 0308: in J-T1's ZOC
    s = act(s, {"type": "retreat", "unit": "B-HQ", "to": "0409"})
    assert unit(s, "B-HQ")["hex"] == "0409" and unit(s, "B-HQ")["face"] == "down"
    assert s["step"] == "advance"


def test_retreat_never_reenters_a_hex_it_has_left() -> None:
    """§9 (AMBIG-5): a retreat goes away hex by hex; it never steps back into a hex it has left."""
    d3 = {**CRT, "rows": {**CRT["rows"], "4": ["D3"] * 6}}
    pos = World("......", crt=d3).pos(step="combat", dawn=True).place("J-TA", "0101").place("B-HQ", "0201")
    s = _attack(pos, ["J-TA"], "0201", 4)
    s = act(s, {"type": "retreat", "unit": "B-HQ", "to": "0301"}, {"type": "retreat", "unit": "B-HQ", "to": "0401"})
    assert legal(s) == [{"type": "retreat", "unit": "B-HQ", "to": "0501"}]  # not back to 0301 (no ZOC there)


def test_retreat_blocked_by_terrain_eliminates() -> None:
    """§9: a counter may not retreat into terrain it could not move into; if it cannot, eliminated."""
    pos = Pos(step="combat", dawn=True).place("J-T1", "0202").place("J-T2", "0304").place("B-HQ", "0203", face="down")
    s = _attack(pos, ["J-T1", "J-T2"], "0203", die_for("5:1", "D2"))
    assert unit(s, "B-HQ")["status"] == "eliminated"  # jungle all round, the road held by J-T2


def test_retreat_not_into_enemy_zoc_else_eliminated() -> None:
    """§9: a counter may not retreat into an enemy ZOC; one that cannot retreat is eliminated."""
    pos = (Pos(step="combat", dawn=True).place("J-T1", "0307").place("J-T2", "0409").place("J-T3", "0209")
           .place("B-PUN", "0308"))
    s = _attack(pos, ["J-T1"], "0308", die_for("2:1", "D1"))
    assert unit(s, "B-PUN")["status"] == "eliminated"
    assert last_line(s, "no_retreat").args["unit"] == {"key": "counter.B-PUN", "uid": "B-PUN"}


def test_retreat_must_continue_past_friends_to_empty_hex() -> None:
    """§9: a counter whose retreat can end only on a friend must retreat further to an empty hex."""
    pos = (Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-PUN", "0308").place("B-HQ", "0309")
           .place("B-ART", "0208").place("B-UC", "0408"))
    s = _attack(pos, ["J-T1"], "0308", die_for("2:1", "D1"))
    assert sorted(a["to"] for a in legal(s)) == ["0208", "0309", "0408"]
    s = act(s, {"type": "retreat", "unit": "B-PUN", "to": "0309"})
    assert view(s, "japanese")["retreat"] == {"unit": "B-PUN", "hexes_left": 0}
    assert "0409" in [a["to"] for a in legal(s)]
    s = act(s, {"type": "retreat", "unit": "B-PUN", "to": "0409"})
    assert unit(s, "B-PUN")["face"] == "down" and s["step"] == "advance"


def test_result_de_then_one_attacker_advances() -> None:
    """§9: De, the defender is eliminated; one attacker may advance into the vacated hex."""
    pos = Pos(step="combat", dawn=True).place("J-I1", "0307").place("J-I2", "0309").place("B-HQ", "0308")
    s = _attack(pos, ["J-I1", "J-I2"], "0308", die_for("5:1", "De"))
    assert unit(s, "B-HQ")["status"] == "eliminated"
    assert legal(s) == [{"type": "advance", "unit": "J-I1", "to": "0308"},
                        {"type": "advance", "unit": "J-I2", "to": "0308"}, {"type": "no_advance"}]
    s = act(s, {"type": "advance", "unit": "J-I2", "to": "0308"})  # infantry: no second hex
    assert unit(s, "J-I2")["hex"] == "0308" and s["step"] == "combat"


def test_tank_may_advance_one_more_hex_ignoring_zoc() -> None:
    """§9: a tank may advance one hex further; advancing counters ignore enemy ZOC."""
    pos = Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-HQ", "0308").place("B-ARG", "0509")
    s = _attack(pos, ["J-T1"], "0308", die_for("5:1", "De"))
    s = act(s, {"type": "advance", "unit": "J-T1", "to": "0308"})
    assert s["step"] == "advance"
    assert "0408" in [a.get("to") for a in legal(s)]  # in the ZOC of B-ARG at 0509
    s = act(s, {"type": "advance", "unit": "J-T1", "to": "0408"})
    assert unit(s, "J-T1")["hex"] == "0408" and s["step"] == "combat"


def test_night_attackers_are_disrupted_after_combat() -> None:
    """§9: at night every counter that attacked is disrupted after the combat, whatever the result."""
    pos = Pos(step="combat").place("J-T1", "0307").place("J-T2", "0309").place("B-ARG", "0308")
    s = _attack(pos, ["J-T1", "J-T2"], "0308", die_for("2:1", "C"))
    assert unit(s, "J-T1")["face"] == "down" and unit(s, "J-T2")["face"] == "down"


def test_night_advancing_attacker_is_still_disrupted() -> None:
    """§9 (AMBIG-9): at night an attacker that advanced after combat is disrupted like the others."""
    pos = LINE.pos(step="combat").place("J-TA", "0101").place("B-IN", "0201")
    s = _attack(pos, ["J-TA"], "0201", FACE["De"])
    s = act(s, {"type": "advance", "unit": "J-TA", "to": "0201"}, {"type": "advance", "unit": "J-TA", "to": "0301"})
    assert unit(s, "J-TA")["hex"] == "0301" and unit(s, "J-TA")["face"] == "down" and s["step"] == "combat"


def test_attackers_not_disrupted_after_dawn() -> None:
    """§11.3: after dawn attacking does not disrupt the attackers."""
    pos = Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-ARG", "0308")
    s = _attack(pos, ["J-T1"], "0308", die_for("1:1", "C"))
    assert unit(s, "J-T1")["face"] == "up"


def test_night_japanese_ex_is_de() -> None:
    """§9: at night an Ex when the Japanese attack is a De."""
    pos = Pos(step="combat").place("J-T1", "0307").place("B-ARG", "0308")
    s = _attack(pos, ["J-T1"], "0308", die_for("1:1", "Ex"))
    args = last_line(s, "attack").args
    assert args["printed"] == "Ex" and args["result"] == "De" and {"key": "mod.night_ex"} in args["mods"]
    assert unit(s, "B-ARG")["status"] == "eliminated" and unit(s, "J-T1")["status"] == "map"


def test_night_british_ex_loses_one_attacker_of_attackers_choice() -> None:
    """§9: Ex, each side loses one counter; the attacking player chooses which attacker."""
    pos = Pos(step="combat", player="british").place("B-ARG", "0307").place("B-PUN", "0309").place("J-T1", "0308")
    s = _attack(pos, ["B-ARG", "B-PUN"], "0308", die_for("1:1", "Ex"))
    assert unit(s, "J-T1")["status"] == "eliminated" and RULES.active_roles(s) == {"british"}
    assert s["step"] == "exchange" and legal(s) == [{"type": "lose", "unit": "B-ARG"},
                                                     {"type": "lose", "unit": "B-PUN"}]
    s = act(s, {"type": "lose", "unit": "B-PUN"})
    assert unit(s, "B-PUN")["status"] == "eliminated" and unit(s, "B-ARG")["face"] == "down"


def test_dawn_artillery_face_up_british_ex_is_de() -> None:
    """§11.2: while the British Artillery is face up, Ex is De when the British attack."""
    pos = (Pos(step="combat", player="british", dawn=True).place("B-ARG", "0307").place("B-ART", "0709")
           .place("J-T3", "0308"))
    s = _attack(pos, ["B-ARG"], "0308", die_for("1:1", "Ex"))
    assert last_line(s, "attack").args["result"] == "De"
    assert unit(s, "B-ARG")["status"] == "map" and unit(s, "J-T3")["status"] == "eliminated"


def test_dawn_artillery_face_up_japanese_ex_stays_ex() -> None:
    """§11.2: while the British Artillery is face up, Ex stays Ex when the Japanese attack."""
    pos = Pos(step="combat", dawn=True).place("J-T1", "0307").place("B-ART", "0709").place("B-ARG", "0308")
    s = _attack(pos, ["J-T1"], "0308", die_for("1:1", "Ex"))
    assert unit(s, "J-T1")["status"] == "eliminated" and unit(s, "B-ARG")["status"] == "eliminated"


def test_dawn_artillery_not_face_up_ex_is_ex() -> None:
    """§11.2 (AMBIG-3): after dawn with the Artillery not face up, Ex is Ex for the British too."""
    pos = (Pos(step="combat", player="british", dawn=True).place("B-ARG", "0307").place("B-ART", "0709", face="down")
           .place("J-T3", "0308"))
    s = _attack(pos, ["B-ARG"], "0308", die_for("1:1", "Ex"))
    assert unit(s, "B-ARG")["status"] == "eliminated" and unit(s, "J-T3")["status"] == "eliminated"


def test_combat_roll_is_logged_with_odds_and_modifiers() -> None:
    """§9: each roll is logged publicly with odds, column, modifiers and result."""
    pos = Pos(step="combat").place("J-T1", "0202").place("B-HQ", "0203", face="down")
    s = _attack(pos, ["J-T1"], "0203", die_for("3:1", "C"))
    line = last_line(s, "attack")
    assert line.to is None
    assert line.args["defender"] == {"key": "handle.hex", "args": {"hex": "0203"}}
    assert line.args["mods"] == [{"key": "mod.disrupted", "args": {"cf": 1}},
                                    {"key": "mod.position", "args": {"factor": 2}}]
    assert (line.args["odds"], line.args["result"]) == ("3:1", "C")


# === §10 RECOVERY ===

def test_night_recovery_up_to_two() -> None:
    """§10: at night each side may turn up to 2 of its disrupted counters face up."""
    s = (Pos(step="recovery", player="british").place("B-HQ", "0203", face="down").place("B-ART", "0305", face="down")
         .place("B-UC", "0307", face="down").place("J-I1", "0404", face="down").state)  # its own: not J-I1
    assert legal(s) == [{"type": "recover", "at": h} for h in ("0203", "0305", "0307")] + [{"type": "end_step"}]
    s = act(s, {"type": "recover", "at": "0203"}, {"type": "recover", "at": "0307"})
    assert legal(s) == [{"type": "end_step"}]
    assert unit(s, "B-HQ")["face"] == "up" and unit(s, "B-ART")["face"] == "down"
    assert last_line(s, "recover").args == {"was": {"key": "handle.hex", "args": {"hex": "0307"}},
                                              "unit": {"key": "counter.B-UC", "uid": "B-UC"}}


def test_dawn_recovery_all() -> None:
    """§11.4: after dawn a side may turn all its disrupted counters face up."""
    s = (Pos(step="recovery", player="british", dawn=True).place("B-HQ", "0203", face="down")
         .place("B-ART", "0305", face="down").place("B-UC", "0307", face="down").state)
    s = act(s, *[{"type": "recover", "at": h} for h in ("0203", "0305", "0307")])
    assert all(unit(s, u)["face"] == "up" for u in ("B-HQ", "B-ART", "B-UC"))


def test_recovery_is_chosen_by_position_not_identity() -> None:
    """§10: nobody can see a disrupted counter's front, its owner included."""
    s = Pos(step="recovery", player="british").place("B-HQ", "0203", face="down").state
    assert legal(s)[0] == {"type": "recover", "at": "0203"}
    c = counter(s, "@0203", "british")
    assert "id" not in c and "cf" not in c and "name" not in c


def test_omniscient_view_shows_identities_and_dawn() -> None:
    """§12: after the match, the replay (omniscient view) shows everything."""
    s = Pos(step="recovery", player="british", dawn_turn=5).place("B-HQ", "0203", face="down").state
    c = counter(s, "@0203", OMNISCIENT)
    assert c["id"] == "B-HQ" and view(s, OMNISCIENT)["dawn_turn"] == 5
