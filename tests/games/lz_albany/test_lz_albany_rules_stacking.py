"""LZ Albany rules: the §5.2 overstack effects (max firing units, target concentration) on artillery
(§5.8), gunships (§5.9), Skyraider bombs and napalm (§5.10) and the Choi Oi mortar misfire (§5.17);
§5.6 step 3, the jungle −1 with fire split over several areas; §6, nothing hidden is ever revealed
(shared/rules/lz_albany.md)."""

from __future__ import annotations

import random

from lz_fixtures import Pos, act, force, last_line, lines, unit

from server.engine.core import apply_action
from server.games.lz_albany import RULES
from server.games.lz_albany.view import revealed

CONCENTRATION = {"key": "mod.concentration", "args": {"dice": 2}}
NVA5 = ("NVA-66-C6-1", "NVA-66-C6-2", "NVA-66-C6-3", "NVA-66-C7-1", "NVA-66-C7-2")


def _crowd(p: Pos, area: str, units: tuple[str, ...] = NVA5) -> Pos:
    for uid in units:
        p.place(uid, area)
    return p


# === §5.2 TARGET CONCENTRATION ON ARTILLERY, AIR AND THE MISFIRE ===

def test_artillery_target_concentration_adds_a_die_per_unit_over_three() -> None:
    """§5.2 / §5.8 step 3: firing on an area with 5 NVA units, +2 dice to the battery's 3."""
    s = _crowd(Pos().place("US-ART-1", "LZ_COLUMBUS").place("US-A27-CO", "T2"), "T3").cup("us_art").go()
    s = act(force(s, 4, 6, 1, 1, 1, 1, 0), {"type": "artillery", "unit": "US-ART-1", "at": "T3"})
    shot = last_line(s, "bombardment").args
    assert len(shot["faces"]) == 5 and shot["mods"] == [CONCENTRATION]
    assert unit(s, "NVA-66-C6-1")["hits"] == 1  # §5.8 step 4: one unit, picked at random


def test_artillery_concentration_counts_where_the_shells_land() -> None:
    """§5.2 / §5.8 step 2: after a deviation the bombardment is rolled, and concentrated, on the
    area it lands on (4 NVA units in N3: +1 die), not on the area aimed at."""
    p = Pos().place("US-ART-1", "LZ_COLUMBUS").place("US-A27-CO", "T2").place("NVA-66-C8-1", "T3")
    s = _crowd(p, "N3", NVA5[:4]).cup("us_art").go()
    s = act(force(s, 1, 0, 1, 1, 1, 1), {"type": "artillery", "unit": "US-ART-1", "at": "T3"})
    assert last_line(s, "artillery").args["land"] == {"key": "area.N3"}
    assert len(last_line(s, "bombardment").args["faces"]) == 4


def test_gunship_target_concentration() -> None:
    """§5.2 / §5.9 step 3: a gunship firing into an area with 5 NVA units rolls 4 + 2 dice; every
    hit still goes on its target unit."""
    s = _crowd(Pos(turn=4).place("US-A27-1", "T2"), "T3").cup("gunship").go()
    s = act(force(s, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1), {"type": "gunship", "unit": "NVA-66-C7-2"})
    fire = last_line(s, "air_fire").args
    assert len(fire["faces"]) == 6 and fire["mods"] == [CONCENTRATION]
    assert unit(s, "NVA-66-C7-2")["hits"] == 2 and unit(s, "NVA-66-C7-1")["hits"] == 0


def test_skyraider_bombs_target_concentration() -> None:
    """§5.2 / §5.10 A1: the Skyraider's 6 bomb dice, +2 on an area with 5 NVA units."""
    s = _crowd(Pos(turn=6).place("US-A27-1", "T2"), "T3").cup("skyraider").go()
    s = act(force(s, *([1] * 8), 0), {"type": "skyraider", "at": "T3", "weapon": "bombs"})
    bombs = last_line(s, "bombs").args
    assert len(bombs["faces"]) == 8 and bombs["mods"] == [CONCENTRATION]


def test_napalm_ignores_target_concentration() -> None:
    """§5.2 / §5.10 B1: napalm rolls no dice for its area, so concentration has nothing to add to:
    every unit of the overstacked area goes to 2 hits, no die is rolled for it."""
    s = _crowd(Pos(turn=6).place("US-A27-1", "T2"), "T3").cup("skyraider").go()
    n = s["rng"]["n"]
    s = act(s, {"type": "skyraider", "at": "T3", "weapon": "napalm"})
    assert all(unit(s, u)["hits"] == 2 for u in NVA5)
    # the only dice: one collateral die for T2, the one adjacent area with units (§5.10 B3)
    assert lines(s, "collateral") and s["rng"]["n"] - n <= 2


def test_choi_oi_misfire_target_concentration() -> None:
    """§5.2 / §5.17 5 (AMBIG-22): the misfiring US mortar (2 dice) fires on an area holding 5 US
    units, the side fired on: +2 dice."""
    p = Pos().place("US-D27-MTR1", "T2").place("NVA-66-C7-1", "N3")
    s = _crowd(p, "T3", ("US-A27-1", "US-A27-2", "US-A27-3", "US-A27-4", "US-C27-1")).frame(
        {"kind": "event", "side": "nva"})
    s = act(force(s, 5, 1, 1, 1, 1), {"type": "event", "at": "T3"})
    shot = last_line(s, "mortar").args
    assert shot["dice"] == 4 and shot["mods"] == [CONCENTRATION]


def test_choi_oi_misfire_from_an_overstacked_area() -> None:
    """§5.2 max firing units / §5.17 5, AMBIG-7 ``dice`` mode: the misfiring mortar's own area holds
    5 US units, −2 dice: its 2 dice come to nothing."""
    p = Pos().set(options={"overstack": "dice"}).place("US-A27-1", "T3").place("NVA-66-C7-1", "N3")
    s = _crowd(p, "T2", ("US-D27-MTR1", "US-A27-2", "US-A27-3", "US-A27-4", "US-C27-1")).frame(
        {"kind": "event", "side": "nva"})
    s = act(force(s, 5), {"type": "event", "at": "T3"})
    shot = last_line(s, "mortar").args
    assert shot["dice"] == 0 and shot["mods"] == [{"key": "mod.overstack_dice", "args": {"dice": -2}}]


# === §5.6 STEP 3: JUNGLE WITH A SPLIT ===

def test_fire_split_into_two_jungle_areas_costs_each_unit_one_die_once() -> None:
    """§5.6 steps 2-3 (seed §7.3): the total is split freely; each infantry unit firing into a
    jungle area loses 1, once. Three platoons of 2 in N1 send 3 dice into N0 and 3 into R1, both
    jungle: N0's dice come from two units (−2), R1's from the second (already counted) and the third
    (−1): 1 + 2 dice, 3 units, 3 dice lost (not 4)."""
    p = Pos().place("US-A27-1", "N1").place("US-A27-2", "N1").place("US-A27-3", "N1")
    s = p.place("NVA-33-C1-1", "N0").place("NVA-33-C1-2", "R1").activation("us", "27ab", "fire")
    s = act(s, {"type": "fire_split", "from": "N1", "at": "N0"}, *({"type": "split_fire", "at": "R1"},) * 3)
    s = act(force(s, 1, 1, 1), {"type": "fire_now"})
    assert [(e.args["at"]["key"], e.args["dice"]) for e in lines(s, "fire")] == [("area.N0", 1), ("area.R1", 2)]


def test_fire_split_jungle_spares_units_whose_dice_go_elsewhere() -> None:
    """§5.6 step 3: the dice into jungle are sent from the fewest units (the firer splits freely), so
    a weapons platoon's 3 dice into N0 cost 1 and the rifle platoon's 2 into LZ Albany nothing."""
    p = (Pos().place("US-A27-1", "N1").place("US-A27-4", "N1").place("NVA-33-C1-1", "N0")
         .place("NVA-33-C1-2", "LZ_ALBANY"))
    s = act(p.activation("us", "27ab", "fire"), {"type": "fire_split", "from": "N1", "at": "LZ_ALBANY"},
            *({"type": "split_fire", "at": "N0"},) * 3)
    s = act(force(s, 1, 1, 1, 1), {"type": "fire_now"})
    assert [(e.args["at"]["key"], e.args["dice"]) for e in lines(s, "fire")] == [
        ("area.LZ_ALBANY", 2), ("area.N0", 2)]


def test_overstacked_fire_into_jungle_counts_only_the_units_that_fire() -> None:
    """§5.2 max firing units (AMBIG-7 ``units``: 4 platoons, 2 fire) and §5.6 step 3: only the 2
    firing units take the jungle −1: 3 + 2 − 2 = 3 dice."""
    p = Pos().place("US-A27-1", "N1").place("US-A27-2", "N1").place("US-A27-3", "N1").place("US-A27-4", "N1")
    s = act(force(p.place("NVA-33-C1-1", "N0").activation("us", "27ab", "fire"), 1, 1, 1),
            {"type": "fire", "from": "N1", "at": "N0"})
    assert last_line(s, "fire").args["dice"] == 3


# === §6 HIDDEN INFORMATION ===

def test_revealed_is_false_for_a_move() -> None:
    """§6: nothing is hidden but the cup's order, so a move reveals nothing."""
    before = Pos().place("US-A27-1", "N1").activation("us", "27ab", "move")
    after = act(before, {"type": "move", "unit": "US-A27-1", "to": "LZ_ALBANY"})
    assert unit(after, "US-A27-1")["area"] == "LZ_ALBANY" and not revealed(before, after)


def test_revealed_is_false_for_every_action_of_a_match() -> None:
    """§6: fire, hits, events and chit draws only show public facts or random draws (the RNG
    counter); no action of a seeded random match reveals anything hidden."""
    rnd = random.Random(7)
    state = RULES.setup("historical", {}, b"revealed")
    for _ in range(400):
        if RULES.outcome(state) is not None:
            break
        role = sorted(RULES.active_roles(state))[0]
        after = apply_action(RULES, state, role, rnd.choice(RULES.legal_actions(state, role)))
        assert not revealed(state, after)
        state = after
