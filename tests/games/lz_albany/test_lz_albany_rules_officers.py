"""LZ Albany rules: §5.15 officers (seed §10.3 abilities, §10.4 damage): a wounded officer loses
every special ability; §5.18 / §4.3 the officer-loss tie-break (shared/rules/lz_albany.md)."""

from __future__ import annotations

from lz_fixtures import World, acts, do, officer, rifle, step, unit

# A small map: LZ Albany between two grass areas, a jungle area off the east one.
#   W - LZ_ALBANY - E - J
AREAS: dict[str, str | dict[str, object]] = {"W": "grass", "E": "grass", "J": "jungle"}
EDGES = [("W", "LZ_ALBANY"), ("LZ_ALBANY", "E"), ("E", "J")]


def _world() -> World:
    return World(AREAS, EDGES, {
        "us-hit": rifle("us", "27ab"), "us-carrier": rifle("us", "27ab"), "us-co": officer("us", "27ab"),
        "us-other-co": officer("us", "27cd"), "nva-1": rifle("nva", "33"), "nva-co": officer("nva", "33")})


def _moves(state: dict, uid: str) -> list[str]:
    return sorted(a["to"] for a in acts(state) if a["type"] == "move" and a["unit"] == uid)


# === §5.15 A WOUNDED OFFICER LOSES EVERY SPECIAL ABILITY ===

def test_a_hit_platoon_moves_with_an_unwounded_officer_going_with_it() -> None:
    """§5.3 / §5.15 (seed §10.3): an officer lets a hit platoon move, going with it."""
    s = _world().pos().put("us-hit", "LZ_ALBANY", hits=1).put("us-co", "LZ_ALBANY").act("us", "27ab", "move")
    assert _moves(s, "us-hit") == []
    s = do(s, {"type": "move", "unit": "us-co", "to": "E"})
    assert _moves(s, "us-hit") == ["E"]


def test_a_wounded_officer_carried_along_escorts_no_hit_platoon() -> None:
    """§5.15 (seed §10.4 「負傷し 全ての特別能力を失う」) with §10.3: a wounded officer has lost the
    ability to let hit units move. Carried by a platoon into E, he does not take the hit platoon along."""
    s = (_world().pos().put("us-hit", "LZ_ALBANY", hits=1).put("us-carrier", "LZ_ALBANY")
         .put("us-co", "LZ_ALBANY", hits=1).act("us", "27ab", "move"))
    s = do(s, {"type": "move", "unit": "us-carrier", "to": "E"}, {"type": "move", "unit": "us-co", "to": "E"})
    assert unit(s, "us-co")["area"] == "E"  # carried (§5.3: a wounded officer moves like a casualty)
    assert _moves(s, "us-hit") == []


def test_a_wounded_officer_alone_enables_no_flare() -> None:
    """§5.16 (seed §11.2, §10.3 「夜間の活動」) / §5.15 (seed §10.4): at night a US Fire/Move chit lets
    the US place flares in or next to an area with a US unit or officer; a wounded officer has lost
    that ability, so alone in J he enables no flare at all."""
    s = _world().pos(turn=9).put("us-co", "J", hits=1).put("nva-1", "E").cup("us_fm").go()
    assert step(s) == "flares" and [a for a in acts(s) if a["type"] == "flare"] == []


def test_an_unwounded_officer_alone_enables_flares_in_and_next_to_his_area() -> None:
    """§5.16 (seed §11.2): in or next to the area of a US officer: J and E."""
    s = _world().pos(turn=9).put("us-co", "J").put("nva-1", "E").cup("us_fm").go()
    assert sorted(a["at"] for a in acts(s) if a["type"] == "flare") == ["E", "J"]
