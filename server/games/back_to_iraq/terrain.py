"""§10.8-§10.20 and §3.5/§3.9: what a hex costs a unit to enter, and where a unit may never be.

Costs are in sixths of a movement point (``forces.MP``). The terrain effects chart is lost; every cost is
LOST-12 in ``tables.json``, read through ``Tables.mp``.
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.core import State
from .board import WATER
from .forces import MP, board, data, movement_class, scenario, spec, tables


def place_kind(state: State, hex_id: str) -> str | None:
    """A hex's city or town, unless a nuclear hit has ruined it (§14.12)."""
    return None if hex_id in state.get("ruined", {}) else board(state).place_kind(hex_id)


def natural(state: State, hex_id: str) -> str:
    """§10.16: salt marsh is clear in Fair weather and marsh in Bad; §14.12 a city hit by a nuclear weapon is
    rough for good."""
    if state.get("ruined", {}).get(hex_id) == "city":
        return "rough"
    t = board(state).terrain[hex_id]
    if t == "salt_marsh":
        return "marsh" if state["weather"] == "bad" else "clear"
    return t


def _sixths(printed: str) -> int:
    return int(Fraction(printed) * MP)


def neutral_hexes(state: State) -> frozenset[str]:
    """§3.5, §3.9: the hexes of the countries out of play: Iran and Syria in Scenario 1, Syria in Scenario 2."""
    gd = data(state)
    out = ("syria", "iran") if scenario(state) == 1 else ("syria",)
    hexes: frozenset[str] = gd.memo.get(("neutral", out), lambda: frozenset(
        h for h, c in gd.board.country.items() if c in out))
    return hexes


def neutral(state: State, hex_id: str) -> bool:
    return hex_id in neutral_hexes(state)


def prohibited(state: State, uid: str, hex_id: str) -> bool:
    """Where ``uid`` may never move, retreat or advance (§3.5, §3.9): water, a neutral country, Turkey for the
    Islamic side, anywhere but Saudi Arabia and Kuwait for the Saudis."""
    b = board(state)
    if b.terrain[hex_id] in WATER or neutral(state, hex_id):
        return True
    c = b.country[hex_id]
    s = spec(state, uid)
    if s.side == "islamic" and c == "turkey":
        return True
    return s.nation == "saudi" and c not in ("saudi", "kuwait")


def kurdish_closed(state: State, uid: str, a: str, b_hex: str) -> bool:
    """§3.5: in Scenario 1 Iraqi units enter the Kurdish area only along its roads."""
    b = board(state)
    return (scenario(state) == 1 and spec(state, uid).side == "islamic" and b_hex in b.kurdish_area
            and not b.is_road(a, b_hex))


def step_costs(state: State, uid: str, *, line: bool = False) -> dict[tuple[str, str], int | None]:
    """``step_cost`` for every pair of adjacent hexes, for units like ``uid`` (the cost depends only on the
    board, the scenario, the weather and the unit's class, nation and side): computed once, then looked up."""
    s = spec(state, uid)
    cls = movement_class(state, uid)
    gd = data(state)
    key = ("step_costs", scenario(state), state["weather"], cls, "mountain" in s.tags, s.side, s.nation == "saudi",
           line, tuple(sorted(state.get("ruined", {}))))
    b = gd.board
    table: dict[tuple[str, str], int | None] = gd.memo.get(key, lambda: {
        (a, n): step_cost(state, uid, a, n, line=line) for a in b.hexes for n in b.neighbours(a)})
    return table


def step_cost(state: State, uid: str, a: str, b_hex: str, *, line: bool = False) -> int | None:
    """The sixths of MP ``uid`` pays to step from ``a`` into the adjacent ``b_hex`` (LOST-12), None where it may
    not. A mech unit's river crossing is a die roll (§10.15), made as it crosses: None here (movement.py), but a
    supply ``line`` crosses rivers (§8.11)."""
    b = board(state)
    t = tables(state)
    cls = movement_class(state, uid)
    if prohibited(state, uid, b_hex) or kurdish_closed(state, uid, a, b_hex):
        return None
    if cls != "airmobile" and b.is_escarpment(a, b_hex):
        return None  # §10.17 (AMBIG-3): an impassable hexside on the ground
    river = b.is_river(a, b_hex)
    if river and cls == "mech" and not line:
        return None
    extra = _sixths(t.mp("river", cls) or "0") if river and not line else 0  # §10.15: even along a road
    if cls != "airmobile" and b.is_road(a, b_hex):
        kind = "highway" if b.is_highway(a, b_hex) else "road"
        cost = t.mp(kind, cls)
        if cost is not None:
            return _sixths(cost) + extra  # §10.19: along a road the hex's other terrain does not count
    terrain = natural(state, b_hex)
    if place_kind(state, b_hex) == "city":
        printed = t.mp("city_off_road", cls)
    elif terrain == "mountain" and "mountain" in spec(state, uid).tags and cls == "nonmech":
        printed = t.lost("LOST-12")["mountain"]["mountain"]  # §10.12: mountain infantry
    else:
        printed = t.mp(terrain, cls)
    return None if printed is None else _sixths(printed) + extra


def may_stand(state: State, uid: str, hex_id: str) -> bool:
    """Whether ``uid`` may be in ``hex_id`` at all (set-up, retreat, advance): the areas, and the terrain a mech
    unit may only pass along a road (§10.19) or not at all (desert, §10.13)."""
    if prohibited(state, uid, hex_id):
        return False
    if movement_class(state, uid) == "mech":
        t = natural(state, hex_id)
        if t in ("mountain", "marsh", "desert") and hex_id not in board(state).road_hexes:
            return False
    return True

