"""The LZ Albany data files (docs/lz_albany-data.md) load and agree with the rules digest
(shared/rules/lz_albany.md: §1.4 chits, §2 map, §3 setup, §5.11 LOS, §5.12 hits, §5.18 victory)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from server.engine.areas import AreaMap

DATA = Path(__file__).resolve().parents[3] / "server" / "games" / "lz_albany" / "data"


def load(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


MAP, COUNTERS, TABLES, MESSAGES = load("map"), load("counters"), load("tables"), load("messages")
AREAS = MAP["areas"]
BOARD = AreaMap.from_data(MAP)
ON_MAP = sorted(k for k, a in AREAS.items() if not a.get("off_map"))
UNITS = COUNTERS["units"]


def test_map_loads_and_is_connected() -> None:
    """§2.2: the area graph loads with AreaMap.from_data and every area is reachable."""
    assert 25 <= len(AREAS) <= 40
    assert set(BOARD.distances("LZ_ALBANY")) == set(AREAS)


def test_terrain_and_single_lz() -> None:
    """§2.1: terrain is jungle, grass, LZ Albany, LZ Columbus or transit; exactly one of the last three."""
    terrains = [a["terrain"] for a in AREAS.values()]
    assert set(terrains) <= {"jungle", "grass", "lz_albany", "lz_columbus", "transit"}
    for t in ("lz_albany", "lz_columbus", "transit"):
        assert terrains.count(t) == 1
    assert AREAS["LZ_ALBANY"]["terrain"] == "lz_albany"


def test_columbus_transit_east_edge() -> None:
    """§2.2 implementation note, §6.5, Q&A 4: LZ Columbus - transit - every east-edge area, nothing else."""
    east = {k for k, a in AREAS.items() if a["east_edge"]}
    assert len(east) >= 3 and all("east" in AREAS[k]["map_edge"] for k in east)
    assert BOARD.neighbours("LZ_COLUMBUS") == ["TRANSIT"]
    assert set(BOARD.neighbours("TRANSIT")) == east | {"LZ_COLUMBUS"}
    assert {k for k in ON_MAP if "east" in AREAS[k]["map_edge"]} == east


def test_map_edges_exist_on_every_side() -> None:
    """§5.2E: the NVA retreat off any map edge, so every side of the frame has edge areas."""
    sides = {s for k in ON_MAP for s in AREAS[k]["map_edge"]}
    assert sides == {"north", "south", "east", "west"}


def test_los_table() -> None:
    """§5.11: symmetric (stored once per pair), every adjacent on-map pair, at most 3 areas away,
    no LOS for the off-map boxes; a jungle area is never passed through (checked by the generator)."""
    pairs = [tuple(p) for p in MAP["los"]]
    assert len(pairs) == len({tuple(sorted(p)) for p in pairs})
    for a, b in pairs:
        assert a in ON_MAP and b in ON_MAP and a != b
        assert BOARD.distance(a, b) <= 3
        assert BOARD.has_los(a, b) and BOARD.has_los(b, a)
    for a, b in itertools.combinations(ON_MAP, 2):
        if BOARD.is_adjacent(a, b):
            assert BOARD.has_los(a, b), (a, b)
    assert BOARD.has_los("LZ_ALBANY", "T4")  # history §F: the clearing sees down the trail


def test_los_needs_a_chain_without_jungle() -> None:
    """§5.11: a sight line crosses a chain of adjacent areas, none of them jungle except its ends, at most
    3 long; so every LOS pair has such a chain in the graph (a necessary condition)."""
    def clear(x: str) -> bool:
        return AREAS[x]["terrain"] != "jungle"

    for a, b in MAP["los"]:
        assert BOARD.distances(a, passable=clear, limit=3).get(b, 9) <= 3, (a, b)


def test_circles() -> None:
    """§2.1, §3: US setup, B/2-7 entry (grass only), NVA setup and NVA turn-2 circles exist with room."""
    zone = {z: [k for k in ON_MAP if z in AREAS[k]["circles"]] for z in TABLES["zones"]}
    assert all(AREAS[k]["terrain"] == "grass" for k in zone["b27_entry"])
    stack = TABLES["stacking"]["units_per_side"]
    for z, areas in zone.items():
        need = sum(1 for u in UNITS.values() if u["setup"] == z and u["stacks"])
        assert need <= stack * len(areas), z


def _area_of(poly: list[list[float]]) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1], strict=False))) / 2


def _cross(p, q, r, s) -> bool:
    """Proper crossing of segments pq and rs (touching or collinear overlap is not a crossing)."""
    def o(a, b, c) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2, d3, d4 = o(p, q, r), o(p, q, s), o(r, s, p), o(r, s, q)
    return d1 * d2 < 0 and d3 * d4 < 0


def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for p, q in zip(poly, poly[1:] + poly[:1], strict=False):
        if (p[1] > y) != (q[1] > y) and x < p[0] + (y - p[1]) * (q[0] - p[0]) / (q[1] - p[1]):
            inside = not inside
    return inside


def _segments(poly):
    return list(zip(poly, poly[1:] + poly[:1], strict=False))


@pytest.mark.parametrize("area", sorted(AREAS))
def test_polygon_is_simple(area: str) -> None:
    """Drawing: each area's polygon is simple and its label point lies inside it."""
    poly = AREAS[area]["shape"]
    segs = _segments(poly)
    for i, j in itertools.combinations(range(len(segs)), 2):
        assert not _cross(*segs[i], *segs[j]), (area, i, j)
    assert _inside(AREAS[area]["label"], poly)


def test_polygons_tile_the_map_without_overlap() -> None:
    """Drawing: on-map polygons cover the terrain frame exactly and no two overlap; adjacent areas
    share at least one border segment (the same two vertices), non-adjacent ones share none."""
    x0, y0, x1, y1 = MAP["canvas"]["terrain_frame"]
    assert sum(_area_of(AREAS[k]["shape"]) for k in ON_MAP) == pytest.approx((x1 - x0) * (y1 - y0), rel=1e-3)
    segs = {k: {tuple(sorted((tuple(p), tuple(q)))) for p, q in _segments(AREAS[k]["shape"])} for k in ON_MAP}
    for a, b in itertools.combinations(ON_MAP, 2):
        assert not _inside(AREAS[a]["label"], AREAS[b]["shape"]), (a, b)
        shared = segs[a] & segs[b]
        assert bool(shared) == BOARD.is_adjacent(a, b), (a, b)


def test_counters() -> None:
    """§1.3, §3.2: US 41 counters (McDade, 6 companies of 6, 4 artillery); every setup zone exists."""
    us = [u for u in UNITS.values() if u["side"] == "us"]
    assert len(us) == 41
    for f in ("A/2-7", "B/2-7", "C/2-7", "D/2-7", "A/1-5", "B/1-5"):
        assert sum(1 for u in us if u["formation"] == f) == 6, f
    assert sum(1 for u in us if u["type"] == "artillery") == 4
    zones = set(TABLES["zones"])
    for uid, u in UNITS.items():
        assert u["setup"] in zones or u["setup"] in AREAS, uid
        if u["historical_area"]:
            area = AREAS[u["historical_area"]]
            assert u["setup"] in area["circles"] or u["setup"] == u["historical_area"], uid
        assert (u["group"] is None) == (u["type"] in ("senior_officer", "artillery")), uid
        if u["group"]:
            assert COUNTERS["groups"][u["group"]]["side"] == u["side"]
        if u["combat"]:
            assert u["full"]["fire"] >= u["reduced"]["fire"] and u["full"]["melee"] >= u["reduced"]["melee"]
        else:
            assert u["full"] is None and u["reduced"] is None


def test_historical_setup_respects_stacking() -> None:
    """§3.2C, E, F: at most 3 units (officers excluded) per side per area."""
    count: dict[tuple[str, str], int] = {}
    for u in UNITS.values():
        if u["stacks"] and u["historical_area"]:
            key = (u["side"], u["historical_area"])
            count[key] = count.get(key, 0) + 1
    assert max(count.values()) <= 3


def test_worked_example_values() -> None:
    """§11: the A/2-7 mortar rolls 1 die; 2/A/2-7 rolls 2, 3/A/2-7 rolls 2 (+1 officer); 3/1/1/33 returns 2."""
    assert UNITS["US-A27-MTR"]["full"]["fire"] == 1
    assert UNITS["US-A27-2"]["full"]["fire"] == 2 and UNITS["US-A27-3"]["full"]["fire"] == 2
    assert UNITS["NVA-33-C1-3"]["full"]["fire"] == 2
    assert UNITS["US-C27-4"]["formation"] == "C/2-7"


def test_chit_schedule() -> None:
    """§1.4: NVA 4 at setup, 7 from turn 2; US 0/5/6/8/9/13 by turns 1-6."""
    pool = {"us": 0, "nva": 0}
    sizes = {"us": [], "nva": []}
    for turn in range(1, 11):
        for chit, n in TABLES["chit_schedule"].get(str(turn), {}).items():
            pool[TABLES["chits"][chit]["side"]] += n
        for side in pool:
            sizes[side].append(pool[side])
    assert sizes["nva"] == [4] + [7] * 9
    assert sizes["us"][:6] == [0, 5, 6, 8, 9, 13] and set(sizes["us"][5:]) == {13}


def test_victory_and_turns() -> None:
    """§5.18, §4: retreat at 30 US VP, automatic NVA win at 35; 10 turns, night on 9 and 10."""
    v = TABLES["victory"]
    assert (v["nva_retreat_at_us_vp"], v["nva_automatic_victory_at"]) == (30, 35)
    assert v["vp_track"]["max"] >= 35
    assert [t for t, d in TABLES["turns"].items() if d["night"]] == ["9", "10"]
    assert len(TABLES["turns"]) == 10
    assert TABLES["hit_ladder"]["max_hits"] == {"nva": 4, "us": 5}
    assert TABLES["flares"]["total"] == 8
    assert set(TABLES["choi_oi"]["results"]) == {"1", "2", "3", "4", "5", "6"}


def test_reinforcements_listed_on_turn_track() -> None:
    """§3.2D, F: B/2-7 and artillery on 2, NVA 8/66 remainder on 2, A/1-5 on 6, B/1-5 on 7."""
    for uid, u in UNITS.items():
        if u["entry_turn"] > 1:
            assert uid in TABLES["turns"][str(u["entry_turn"])]["reinforcements"][u["side"]]
    assert {u["entry_turn"] for u in UNITS.values() if u["formation"] == "B/1-5"} == {7}


def test_messages_name_everything() -> None:
    """DESIGN.md: every area, counter, group and chit has an English and a Japanese name."""
    for lang in ("en", "ja"):
        m = MESSAGES[lang]
        assert all(f"area.{k}" in m for k in AREAS)
        assert all(f"counter.{k}" in m for k in UNITS)
        assert all(f"group.{k}" in m for k in COUNTERS["groups"])
        assert all(f"chit.{k}" in m for k in TABLES["chits"])
    assert set(MESSAGES["en"]) == set(MESSAGES["ja"])
