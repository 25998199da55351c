"""LZ Albany rules: §5.15 officers (seed §10.3 abilities, §10.4 damage): a wounded officer loses
every special ability; §5.18 / §4.3 the officer-loss tie-break (shared/rules/lz_albany.md)."""

from __future__ import annotations

from lz_fixtures import World, act, legal, officer, rifle, step, unit

from server.games.lz_albany.units import hit

# A small map: LZ Albany between two grass areas, a jungle area off the east one.
#   W - LZ_ALBANY - E - J
AREAS: dict[str, str | dict[str, object]] = {"W": "grass", "E": "grass", "J": "jungle"}
EDGES = [("W", "LZ_ALBANY"), ("LZ_ALBANY", "E"), ("E", "J")]


def _world() -> World:
    return World(AREAS, EDGES, {
        "us-hit": rifle("us", "27ab"), "us-carrier": rifle("us", "27ab"), "us-co": officer("us", "27ab"),
        "us-other-co": officer("us", "27cd"), "nva-1": rifle("nva", "33"), "nva-co": officer("nva", "33")})


def _moves(state: dict, uid: str) -> list[str]:
    return sorted(a["to"] for a in legal(state) if a["type"] == "move" and a["unit"] == uid)


# === §5.15 A WOUNDED OFFICER LOSES EVERY SPECIAL ABILITY ===

def test_a_hit_platoon_moves_with_an_unwounded_officer_going_with_it() -> None:
    """§5.3 / §5.15 (seed §10.3): an officer lets a hit platoon move, going with it."""
    s = _world().pos().place("us-hit", "LZ_ALBANY", hits=1).place("us-co", "LZ_ALBANY").activation("us", "27ab", "move")
    assert _moves(s, "us-hit") == []
    s = act(s, {"type": "move", "unit": "us-co", "to": "E"})
    assert _moves(s, "us-hit") == ["E"]


def test_a_wounded_officer_carried_along_escorts_no_hit_platoon() -> None:
    """§5.15 (seed §10.4 「負傷し 全ての特別能力を失う」) with §10.3: a wounded officer has lost the
    ability to let hit units move. Carried by a platoon into E, he does not take the hit platoon along."""
    s = (_world().pos().place("us-hit", "LZ_ALBANY", hits=1).place("us-carrier", "LZ_ALBANY")
         .place("us-co", "LZ_ALBANY", hits=1).activation("us", "27ab", "move"))
    s = act(s, {"type": "move", "unit": "us-carrier", "to": "E"}, {"type": "move", "unit": "us-co", "to": "E"})
    assert unit(s, "us-co")["area"] == "E"  # carried (§5.3: a wounded officer moves like a casualty)
    assert _moves(s, "us-hit") == []


def test_a_wounded_officer_alone_enables_no_flare() -> None:
    """§5.16 (seed §11.2, §10.3 「夜間の活動」) / §5.15 (seed §10.4): at night a US Fire/Move chit lets
    the US place flares in or next to an area with a US unit or officer; a wounded officer has lost
    that ability, so alone in J he enables no flare at all."""
    s = _world().pos(turn=9).place("us-co", "J", hits=1).place("nva-1", "E").cup("us_fm").go()
    assert step(s) == "flares" and [a for a in legal(s) if a["type"] == "flare"] == []


def test_an_unwounded_officer_alone_enables_flares_in_and_next_to_his_area() -> None:
    """§5.16 (seed §11.2): in or next to the area of a US officer: J and E."""
    s = _world().pos(turn=9).place("us-co", "J").place("nva-1", "E").cup("us_fm").go()
    assert sorted(a["at"] for a in legal(s) if a["type"] == "flare") == ["E", "J"]


# === §5.18 / §4.3 THE OFFICER-LOSS TIE-BREAK (AMBIG-23) ===

def _tie(w: World, hits: dict[str, int], evacuated: tuple[str, ...] = ()) -> dict:
    """Turn 10 ends with equal VP and nobody in LZ Albany, after ``hits`` on officers (§5.15)."""
    from server.games.lz_albany.rules import end_game
    p = w.pos(turn=10)
    for uid in hits:
        p.place(uid, "W")
    for uid, n in hits.items():
        for _ in range(n):
            hit(p.state, uid)
    for uid in evacuated:
        p.state["units"][uid].update(status="evacuated", area=None)  # §5.3: a wounded officer flown out
    p.state["vp"] = {"us": 3, "nva": 3}
    end_game(p.state)
    return p.state


def _officers() -> World:
    return World(AREAS, EDGES, {"us-co": officer("us", "27ab"), "us-co2": officer("us", "27cd"),
                                "nva-co": officer("nva", "33"), "nva-co2": officer("nva", "66a")})


def test_the_officer_tie_break_counts_a_wounded_officer() -> None:
    """§4.3 / AMBIG-23, seed §4.3 「将校の損害がより少ないプレイヤーが勝利する」: the seed's word is
    損害 (damage), the word of §10.4 「将校の損害」, whose first hit wounds and second kills: a wounded
    officer is officer damage. The US has one wounded officer, the NVA none: the NVA win the tie."""
    s = _tie(_officers(), {"us-co": 1})
    assert s["result"]["winner"] == "nva" and s["result"]["reason"] == "tie_officers"


def test_the_officer_tie_break_counts_a_killed_officer_as_two_damages() -> None:
    """§4.3 / AMBIG-23 (seed §10.4, §7.3 step 6: 「将校は損害を受ける」 is one hit on an officer): a
    killed officer took two damages (wounded, then killed), as many as two wounded officers: a draw
    (a further tie is unstated)."""
    s = _tie(_officers(), {"us-co": 2, "nva-co": 1, "nva-co2": 1}, evacuated=("nva-co2",))
    assert unit(s, "us-co")["status"] == "killed"
    assert s["result"]["winner"] is None and s["result"]["reason"] == "draw"
