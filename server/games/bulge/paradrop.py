"""§9.4 the VDH paradrop: the target, the drift and the landing losses."""

from __future__ import annotations

import math

from ...engine import rng
from ...engine.core import Action, State
from .data import Board
from .fog import private
from .losses import destroy, lose_step
from .occupation import occupy
from .reinforcements import due
from .units import Situation, board, log, name, spec, tables, unit


def paradrop_targets(state: State) -> tuple[str, ...]:
    """§9.4(2), AMBIG-20: not a town or city of any kind, not light or deep forest."""
    b, bad = board(state), tuple(tables(state).const("paradrop_forbidden_targets"))
    return b.around.get(("paradrop", bad), lambda: tuple(
        h for h in b.hexes if b.terrain_of(h) not in bad and (b.place_kind(h) or "") not in bad))


def paradrop_actions(state: State) -> list[Action]:
    if state["player"] != "german" or state["phase"] != "movement_1":
        return []
    units = [uid for uid in state["units"] if spec(state, uid).paradrop and due(state, uid)]
    return [{"type": "paradrop", "unit": u, "at": h} for u in sorted(units) for h in paradrop_targets(state)]


def _direction(b: Board, h: str, d: str) -> str | None:
    want = {"E": 0, "NE": -60, "NW": -120, "W": 180, "SW": 120, "SE": 60}[d]
    x0, y0 = b.grid.centre(h)
    for n in b.neighbours(h):
        x, y = b.grid.centre(n)
        ang = math.degrees(math.atan2(y - y0, x - x0))
        if abs(((ang - want) + 180) % 360 - 180) < 1:
            return n
    return None  # off the map


def landing_loss(state: State, land: str) -> int | str:
    """§9.4(2): the loss by the landing hex: its terrain and its town or city each have a loss, and the worse
    counts (a town in deep forest eliminates, as deep forest does); a hex holding an enemy unit eliminates."""
    b = board(state)
    losses = tables(state).const("paradrop_landing_loss")
    if Situation(state).has_enemy(land, "german"):
        return str(losses.get("enemy_unit", "eliminated"))
    found = [losses.get(k, 0) for k in (b.terrain_of(land), b.place_kind(land)) if k is not None]
    if "eliminated" in found:
        return "eliminated"
    return max(int(x) for x in found)


def paradrop(state: State, uid: str, at: str) -> None:
    """§9.4(2): 1d6: 1-4 drift that many hexes (direction from the Paradrop Table), 5 abort, 6 on target;
    then the landing losses by the landing hex."""
    b, t = board(state), tables(state)
    u = unit(state, uid)
    roll = rng.roll(state)
    what = t.const("paradrop_results")[str(roll)]
    log(state, "paradrop", private(state, "german"), unit=name(state, uid), hex=at, roll=roll)
    if what == "abort":
        u.update(status="aborted", due=None)  # §9.4(3): removed, not destroyed: no VP
        log(state, "paradrop_abort", private(state, "german"), unit=name(state, uid))
        return
    land: str | None = at
    if what == "drift":
        d = t.paradrop[str(rng.roll(state))]
        for _ in range(roll):
            land = _direction(b, land, d) if land else None
        log(state, "paradrop_drift", private(state, "german"), unit=name(state, uid), hexes=roll, direction=d, to=land)
    u.update(status="map", hex=land, due=None, dropped=state["turn"], air_supply_turn=state["turn"])
    if land is None:
        destroy(state, uid, "paradrop")  # off the map: eliminated, scored
        return
    loss = landing_loss(state, land)
    if loss == "eliminated":
        destroy(state, uid, "paradrop")
    else:
        for _ in range(int(loss)):
            if u["status"] == "map":
                lose_step(state, uid, "paradrop")
    if u["status"] == "map":
        occupy(state, land, "german")
