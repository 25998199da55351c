"""§9.1–§9.2 the free set-up (scenario "free_setup") on the real data: who places first, where each unit may
go, the stacking limits at set-up, the end of the set-up, and whole matches from a free set-up."""

from __future__ import annotations

from bulge_fixtures import act, legal

from server.engine.core import State, apply_action, canonical, make_view
from server.engine.testing import check_leaks, playout, replay
from server.games.bulge import RULES, placement
from server.games.bulge.data import dataset

GD = dataset()
B = GD.board
C = GD.tables.const


def _fresh(options: dict | None = None) -> State:  # type: ignore[type-arg]
    return RULES.setup("free_setup", options or {}, b"setup")


def _dist(state: State) -> dict[str, int]:
    return placement.west_wall_distance(state)


def _place(state: State, uid: str, to: str) -> State:
    if state["placing"] != uid:
        state = act(state, {"type": "select", "unit": uid})
    return act(state, {"type": "place", "unit": uid, "to": to})


def _offered(state: State, uid: str) -> set[str]:
    if state["placing"] != uid:
        state = act(state, {"type": "select", "unit": uid})
    return {a["to"] for a in legal(state) if a["type"] == "place"}


def _place_all(state: State, side: str) -> State:
    """Place every unit of ``side`` on its first offered hex, then end the set-up."""
    while placement.unplaced(state, side):
        uid = state["placing"]
        state = _place(state, uid, sorted(_offered(state, uid))[0])
    return act(state, {"type": "end_setup"})


def _cities() -> set[str]:
    return {h for h in B.places if B.place_kind(h) in ("city", "important", "fortress")}


def test_free_setup_scenario_allies_place_first() -> None:
    """§9.1: in the free set-up the Allied player places first, every set-up unit off the map at the start;
    "historical" stays the default scenario."""
    assert next(iter(RULES.scenarios)) == "historical" and "free_setup" in RULES.scenarios
    s = _fresh()
    assert (s["step"], s["player"]) == ("setup", "allied")
    assert RULES.active_roles(s) == frozenset({"allied"})
    setup_units = [uid for uid, u in GD.units.items() if u.entry is None]
    assert all(s["units"][uid]["status"] == "offmap" for uid in setup_units)
    assert {a["type"] for a in legal(s)} == {"select", "place"}
    v = make_view(RULES, s, "allied")
    assert v["setup"] == {"side": "allied", "left": 22, "selected": s["placing"]} and v["phase"] == "setup"


def test_setup_never_in_a_west_wall_hex() -> None:
    """§9.1/§9.2: neither side sets up in a West Wall hex; the Allies west of it, the Germans east of it."""
    s = _fresh()
    for uid in placement.setup_units(s, "allied"):
        hexes = set(placement.base_hexes(s, uid))
        assert GD.units[uid].side == "allied" and hexes and not hexes & B.west_wall
        assert not hexes & B.germany
    for uid in placement.setup_units(s, "german"):
        hexes = set(placement.base_hexes(s, uid))
        assert GD.units[uid].side == "german" and hexes and not hexes & B.west_wall
        assert hexes <= B.germany


def test_setup_us_division_within_n_hexes_in_its_zone_or_a_city_within_5() -> None:
    """§9.1(1), AMB-5: a unit of the five US divisions sets up within setup_us_within_hexes (2) of the West
    Wall inside its division's zone, or in any city within setup_us_city_within_hexes (5)."""
    s = _fresh()
    d = _dist(s)
    near, city = int(C("setup_us_within_hexes")), int(C("setup_us_city_within_hexes"))
    zone = B.zones["division:US-99"]
    offered = _offered(s, "US-99-393")
    expected = {h for h in zone if h not in B.west_wall and d[h] <= near}
    expected |= {h for h in _cities() if h not in B.germany and h not in B.west_wall and d[h] <= city}
    assert offered == expected
    assert any(h in zone and d[h] == near + 1 and h not in _cities() for h in B.hexes)  # zone deeper than 2
    assert not {h for h in zone if d[h] > near and h not in _cities()} & offered
    assert "2827" in offered and "2927" not in offered  # Clervaux (a city 5 or less away) yes, Marnach (a town) no


def test_setup_ninth_infantry_within_n_hexes_in_its_zone() -> None:
    """§9.1(2): the "9th Infantry Division" sets up within setup_ninth_infantry_within_hexes of the West Wall
    inside its own zone (no city option)."""
    s = _fresh()
    d = _dist(s)
    near = int(C("setup_ninth_infantry_within_hexes"))
    offered = _offered(s, "US-9-39")
    assert offered == {h for h in B.zones["division:US-9"] if h not in B.west_wall and d[h] <= near}
    assert "2827" not in offered


def test_setup_fourteenth_cavalry_alone_adjacent_to_the_west_wall() -> None:
    """§9.1(3): the 14th Cavalry Group sets up alone, adjacent to the West Wall, in the 99th's or the
    106th's zone; no other unit may join it, and it may not join another."""
    s = _fresh()
    d = _dist(s)
    offered = _offered(s, "US-14CAV")
    zones = B.zones["division:US-99"] | B.zones["division:US-106"]
    assert offered == {h for h in zones if h not in B.west_wall and d[h] == 1}
    assert offered & B.zones["division:US-99"] and offered & B.zones["division:US-106"]
    h = sorted(offered & B.zones["division:US-99"])[0]
    s2 = _place(s, "US-99-393", h)
    assert h not in _offered(s2, "US-14CAV")
    s3 = _place(s, "US-14CAV", h)
    assert h not in _offered(s3, "US-99-394")
    assert h not in _offered(s3, "US-2-9") or h not in B.zones["division:US-2"]


def test_setup_ninth_armored_in_cities_5_or_more_from_the_wall_and_stacks_together() -> None:
    """§9.1(4): the 9th Armored Division sets up in cities setup_ninth_armored_min_hexes (5) or more from the
    West Wall; its own units may stack together (3 at most, §6.2), no other unit with them."""
    s = _fresh()
    d = _dist(s)
    far = int(C("setup_ninth_armored_min_hexes"))
    offered = _offered(s, "US-9A-CCA")
    assert offered == {h for h in _cities() if h not in B.germany and d[h] >= far}
    assert "2935" in offered and "3736" not in offered  # Ettelbruck (5) yes, Echternach (1) no
    s = _place(s, "US-9A-CCA", "2935")
    assert "2935" in _offered(s, "US-9A-CCB")
    s = _place(s, "US-9A-CCB", "2935")
    assert "2935" in _offered(s, "US-9A-CCR")
    assert "2935" not in _offered(s, "US-28-109")  # a city within 5 for the 28th, but not with the 9 AD


def test_setup_no_stacking_except_the_second_infantry_division() -> None:
    """§9.1: no stacking at set-up, except the 2nd Infantry Division (setup_stacking_division)."""
    s = _fresh()
    assert C("setup_stacking_division") == "US-2"
    h = sorted(_offered(s, "US-2-9"))[0]
    s = _place(s, "US-2-9", h)
    assert h in _offered(s, "US-2-23")
    s2 = _place(s, "US-2-23", h)
    assert h in _offered(s2, "US-2-38")
    assert h not in _offered(s, "US-99-393")
    h99 = sorted(_offered(s, "US-99-393") - {h})[0]
    s = _place(s, "US-99-393", h99)
    assert h99 not in _offered(s, "US-99-394")


def test_setup_german_east_of_the_wall_in_its_army_zone_within_stacking_limits() -> None:
    """§9.2: each German army sets up east of the West Wall inside its own zone, obeying §6.2: 3 per hex,
    one army per hex, one division per functional colour."""
    s = _place_all(_fresh(), "allied")
    assert (s["step"], s["player"]) == ("setup", "german")
    for uid in ("G-1SS-PzR", "G-18VG-GR293", "G-5FJ-FJR13"):
        army = GD.units[uid].army
        assert _offered(s, uid) == {h for h in B.zones[f"army:{army}"] if h in B.germany} - B.west_wall
    shared = sorted(B.zones["army:6SS"] & B.zones["army:5Pz"] & B.germany)[0]  # the printed line row
    s = _place(s, "G-1SS-PzR", shared)
    assert shared not in _offered(s, "G-18VG-GR293")  # §6.2(3) armies
    assert shared not in _offered(s, "G-12SS-PzR")  # §6.2(4) same colour, another division
    assert shared in _offered(s, "G-3FJ-FJR5")  # another colour
    s = _place(s, "G-1SS-PzGR1", shared)
    s = _place(s, "G-3FJ-FJR5", shared)
    assert shared not in _offered(s, "G-1SS-PzGR2")  # §6.2: 3 units


def test_end_setup_only_when_every_unit_is_placed() -> None:
    """§9.1–§9.2: a player ends the set-up only with every unit on the map; a placed unit may be moved until
    then; after the German player ends it, turn 1 begins with the German 1st movement phase (§4.2)."""
    s = _fresh()
    assert {"type": "end_setup"} not in legal(s)
    s = _place_all(s, "allied")
    assert s["player"] == "german" and {"type": "end_setup"} not in legal(s)
    while len(placement.unplaced(s, "german")) > 1:
        uid = s["placing"]
        s = _place(s, uid, sorted(_offered(s, uid))[0])
    assert {"type": "end_setup"} not in legal(s)
    last = s["placing"]
    s = _place(s, last, sorted(_offered(s, last))[0])
    assert {"type": "end_setup"} in legal(s) and s["placing"] is None
    moved = placement.setup_units(s, "german")[0]
    there = s["units"][moved]["hex"]
    other = sorted(_offered(s, moved) - {there})[0]
    s = _place(s, moved, other)
    assert s["units"][moved]["hex"] == other
    s = act(s, {"type": "end_setup"})
    assert (s["turn"], s["player"], s["phase"], s["step"]) == (1, "german", "movement_1", "move")
    assert make_view(RULES, s, "german")["setup"] is None


def test_historical_setup_is_legal_under_the_free_setup_rules() -> None:
    """§9.1–§9.2: the historical set-up (setup.json) can be placed unit by unit in the free set-up."""
    s = _fresh()
    for side in ("allied", "german"):
        for uid, h in sorted(GD.setup[side].items()):
            assert h in _offered(s, uid), (uid, h)
            s = _place(s, uid, h)
        s = act(s, {"type": "end_setup"})
    assert s["phase"] == "movement_1"


def test_free_setup_fog_hides_the_placement() -> None:
    """Fog of war in the set-up: the German player does not see the Allied placement (and vice versa) beyond
    what fog allows; the placement log goes to the placer only; the leak check holds at every step."""
    import random
    rnd = random.Random(3)
    s = _fresh({"fog_of_war": True})
    checks = 0
    step = 0
    while s["step"] == "setup":
        choices = [a for a in legal(s) if a["type"] != "select"] or legal(s)
        s = act(s, rnd.choice(choices))
        if step % 4 == 0:
            checks += check_leaks(RULES, s, variants=1)
        step += 1
        if s["player"] == "allied":
            g = make_view(RULES, s, "german")
            assert not [c for c in g["counters"] if c["side"] == "allied" and c["status"] == "map"]
            assert not [e for e in g["log"] if e["key"] == "log.placed"]
            assert "selected" not in g["setup"]
    assert checks > 10
    a = make_view(RULES, s, "allied")
    seen = {c["ref"] for c in a["counters"] if c["side"] == "german" and c["status"] == "map"}
    assert len(seen) < 56  # only the German units within sight of Allied units


def test_free_setup_random_playout_and_determinism() -> None:
    """§9.1–§9.2 then §4–§13: a uniformly random free set-up and match reaches an outcome, no dead end, no
    runaway, no action changing its input state; replaying the set-up gives the same state."""
    result = playout(RULES, "free_setup", b"free-0", max_actions=8000)
    assert RULES.outcome(result.final) is not None
    s = RULES.setup("free_setup", {}, b"free-0")
    n = 0
    while s["step"] == "setup":
        s = apply_action(RULES, s, *result.log[n])
        n += 1
    again = replay(RULES, "free_setup", b"free-0", result.log[:n])
    assert canonical(again) == canonical(s) and s["phase"] == "movement_1"
    german = {uid for uid, u in GD.units.items() if u.side == "german" and u.entry is None}
    assert set(placement.setup_units(s, "german")) == german and not placement.unplaced(s, "german")
