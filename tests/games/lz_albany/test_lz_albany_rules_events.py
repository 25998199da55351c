"""LZ Albany rules: §4 P2 / §5.17 the Event Phase and the Choi Oi table, results 1-6, with LZ
Columbus among the areas (shared/rules/lz_albany.md; seed §3.5 and the Choi Oi table)."""

from __future__ import annotations

from lz_fixtures import (
    World,
    act,
    activation_frame,
    artillery,
    begin_frame,
    force,
    last_line,
    legal,
    lines,
    officer,
    rifle,
    step,
    unit,
)

from server.engine.core import State

# A small map:  W - LZ_ALBANY - E - J, E on the east edge (so E - TRANSIT - LZ_COLUMBUS).
AREAS: dict[str, str | dict[str, object]] = {"W": "grass", "E": {"terrain": "grass", "map_edge": ["east"]},
                                             "J": "jungle"}
EDGES = [("W", "LZ_ALBANY"), ("LZ_ALBANY", "E"), ("E", "J")]


def _world() -> World:
    return World(AREAS, EDGES, {
        "us-1": rifle("us", "27ab"), "us-2": rifle("us", "27ab"), "us-3": rifle("us", "27ab", fire=3),
        "us-co": officer("us", "27ab"), "us-art": artillery(), "nva-1": rifle("nva", "33"),
        "nva-2": rifle("nva", "33")})


def _event(state: State, face: int, area: str, *then: int) -> State:
    """The NVA player picks ``area`` in the Event Phase and rolls ``face`` on the Choi Oi table; the
    draws after it (random picks, dice) are ``then``."""
    begin_frame(state, {"kind": "event", "side": "nva"})
    return act(force(state, face, *then), {"type": "event", "at": area})


def _activate(state: State, group: str, mode: str) -> State:
    """Then a chit of the same turn activates the US ``group`` (§4.1)."""
    return begin_frame(state, activation_frame("us", group, mode))


def _moves(state: State, uid: str) -> list[str]:
    return sorted(a["to"] for a in legal(state) if a["type"] == "move" and a["unit"] == uid)


def _fires(state: State) -> list[dict]:
    return [a for a in legal(state) if a["type"] == "fire"]


# === THE AREA (seed §3.5 「各プレイヤーは敵のいる 1 つのエリアを選択」) ===

def test_choi_oi_may_pick_lz_columbus_when_enemy_units_are_there() -> None:
    """§5.17 / seed §3.5: each player picks an area holding enemy units; LZ Columbus is an area of
    the map (seed §2.2 「マップの東側には … LZ Columbus 地域が表わされている」), so the NVA may pick
    it when the US artillery stands there."""
    s = _world().pos().place("us-art", "LZ_COLUMBUS").place("us-1", "W").frame({"kind": "event", "side": "nva"})
    assert legal(s) == [{"type": "event", "at": "LZ_COLUMBUS"}, {"type": "event", "at": "W"}]


# === RESULT 1: NO-FIRE ===

def _battery() -> State:
    """The one battery in LZ Columbus, a US officer in LZ Albany seeing E, an NVA platoon in E."""
    return _world().pos().place("us-art", "LZ_COLUMBUS").place("us-co", "LZ_ALBANY").place("nva-1", "E").state


def _artillery_chit(state: State) -> State:
    begin_frame(state, {"kind": "artillery", "side": "us", "chit": "us_art", "fired": []})
    return state


def test_choi_oi_no_fire_on_a_battery_in_lz_columbus_silences_it() -> None:
    """§5.17 1 (「その小隊はこのターンに射撃できない」) / §5.8: the No-Fire marker on the one battery in
    LZ Columbus: when the Artillery chit is drawn this turn it cannot fire (it could without)."""
    assert {"type": "artillery", "unit": "us-art", "at": "E"} in legal(_artillery_chit(_battery()))
    s = act(_event(_battery(), 1, "LZ_COLUMBUS"), {"type": "mark", "unit": "us-art"})
    assert unit(s, "us-art")["markers"] == ["no_fire"]
    assert step(_artillery_chit(s)) != "artillery"


# === RESULT 2: NO-MOVE ===

def test_choi_oi_no_move_stops_one_platoon_moving_this_turn_not_firing() -> None:
    """§5.17 2 (「その小隊はこのターンに移動できない」), Q&A 5 (one platoon only): the NVA put No-Move on
    us-1; it cannot move this turn, us-2 beside it can, and us-1 may still fire."""
    s = _event(_world().pos().place("us-1", "LZ_ALBANY").place("us-2", "LZ_ALBANY").place("nva-1", "E").state,
               2, "LZ_ALBANY")
    assert legal(s) == [{"type": "mark", "unit": "us-1"}, {"type": "mark", "unit": "us-2"}]
    s = act(s, {"type": "mark", "unit": "us-1"})
    assert unit(s, "us-1")["markers"] == ["no_move"]
    moving = _activate(s, "27ab", "move")
    assert _moves(moving, "us-1") == [] and _moves(moving, "us-2") == ["E", "W"]
    alone = _event(_world().pos().place("us-1", "LZ_ALBANY").place("nva-1", "E").state, 2, "LZ_ALBANY")
    assert _fires(_activate(alone, "27ab", "fire")) == [{"type": "fire", "from": "LZ_ALBANY", "at": "E"}]


# === RESULT 3: ONE UNIT TO AN ADJACENT AREA ===

def test_choi_oi_moves_one_enemy_unit_into_any_adjacent_area() -> None:
    """§5.17 3 / AMBIG-21: the roller moves one enemy unit of the area into an adjacent area, which
    「味方が占領していなくてもよい」 (need not be friendly-occupied): here us-1 into E, the NVA's area."""
    s = _event(_world().pos().place("us-1", "LZ_ALBANY").place("us-2", "LZ_ALBANY").place("nva-1", "E").state,
               3, "LZ_ALBANY")
    assert legal(s) == [{"type": "displace", "unit": u, "to": to} for u in ("us-1", "us-2") for to in ("E", "W")]
    s = act(s, {"type": "displace", "unit": "us-1", "to": "E"})
    assert unit(s, "us-1")["area"] == "E" and unit(s, "us-2")["area"] == "LZ_ALBANY"


def test_choi_oi_moves_a_unit_out_of_lz_columbus_but_never_the_artillery() -> None:
    """§5.17 3 in LZ Columbus: its one adjacent area is the transit area (§5.3); the artillery never
    leaves LZ Columbus (§5.3, seed §6.2C), so only the platoon can be sent there."""
    s = _event(_world().pos().place("us-art", "LZ_COLUMBUS").place("us-1", "LZ_COLUMBUS").place("nva-1", "E").state,
               3, "LZ_COLUMBUS")
    assert legal(s) == [{"type": "displace", "unit": "us-1", "to": "TRANSIT"}]
    s = act(s, legal(s)[0])
    assert unit(s, "us-1")["area"] == "TRANSIT" and unit(s, "us-art")["area"] == "LZ_COLUMBUS"


# === RESULT 4: NO-FIRE/MOVE ===

def test_choi_oi_no_fire_move_stops_one_platoon_firing_and_moving() -> None:
    """§5.17 4 (「その小隊はこのターンに射撃も移動もできない」): with the marker, us-1 alone in LZ Albany
    has no move and no fire this turn."""
    s = _event(_world().pos().place("us-1", "LZ_ALBANY").place("nva-1", "E").state, 4, "LZ_ALBANY")
    assert legal(s) == [{"type": "mark", "unit": "us-1"}]
    s = act(s, {"type": "mark", "unit": "us-1"})
    assert unit(s, "us-1")["markers"] == ["no_fire_move"]
    assert _moves(_activate(s, "27ab", "move"), "us-1") == []
    s = act(s, {"type": "end_activation"})
    assert _fires(_activate(s, "27ab", "fire")) == []


# === RESULT 6: FRIENDLY FIRE ===

def test_choi_oi_friendly_fire_two_random_platoons_fire_at_each_other() -> None:
    """§5.17 6 / AMBIG-22: with ≥2 enemy platoons in the area, two picked at random fire at each other
    at once, each its fire strength: the picks fall on us-3 (3 dice) and us-1 (2 dice); us-3 rolls
    6, 6, 1: 2 hits on us-1; us-1 rolls 6, 1: 1 hit on us-3; us-2 is untouched."""
    p = (_world().pos().place("us-1", "LZ_ALBANY").place("us-2", "LZ_ALBANY").place("us-3", "LZ_ALBANY")
         .place("nva-1", "E"))
    state = _event(p.state, 6, "LZ_ALBANY", 2, 0, 6, 6, 1, 6, 1)  # picks: index 2 of 3, index 0 of 2
    line = last_line(state, "friendly_fire").args
    assert (line["a"], line["b"], line["a_faces"], line["b_faces"]) == (
        {"key": "counter.us-3"}, {"key": "counter.us-1"}, [6, 6, 1], [6, 1])
    assert [unit(state, u)["hits"] for u in ("us-1", "us-2", "us-3")] == [2, 0, 1]


def test_choi_oi_friendly_fire_needs_two_enemy_platoons() -> None:
    """§5.17 6: 「2 個以上の敵の小隊がいる場合」 only: one US platoon in the area, nothing happens."""
    s = _event(_world().pos().place("us-1", "LZ_ALBANY").place("us-co", "LZ_ALBANY").place("nva-1", "E").state,
               6, "LZ_ALBANY")
    assert not lines(s, "friendly_fire") and unit(s, "us-1")["hits"] == 0 and unit(s, "us-co")["hits"] == 0
