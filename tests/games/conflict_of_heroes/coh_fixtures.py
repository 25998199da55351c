"""Small synthetic maps for Conflict of Heroes tests, drawn in the files' own shapes (one string per row, one
character per column; elevation digits per hex), on the standard tables and units."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from server.engine import rng
from server.engine.core import Action, State, apply_action, bare, canonical
from server.games.conflict_of_heroes import RULES
from server.games.conflict_of_heroes.board import FirefightMap, sheets_from_data
from server.games.conflict_of_heroes.data import dataset, standard_files
from server.games.conflict_of_heroes.sequence import PHASES, new_period
from server.games.conflict_of_heroes.tables import HEX_TERRAINS
from server.games.conflict_of_heroes.units import UnitType

DATA = dataset()
TABLES = DATA.tables
LEGEND = standard_files()["boards"]["legend"]


def unit(uid: str) -> UnitType:
    return DATA.units[uid]


def small_map(terrain: Sequence[str], elevation: Sequence[str] | None = None, *,
              roads: Sequence[Sequence[str]] = (), walls: Sequence[Sequence[str]] = ()) -> FirefightMap:
    """Board "1" of ``len(terrain)`` rows and ``len(terrain[0])`` columns lettered from A; hexes ``1-C4``."""
    width = len(terrain[0])
    raw = {"grid": {"columns": "ABCDEFGHIJKLMNOPQRS"[:width], "rows": len(terrain), "top": "flat", "shift": "even"},
           "legend": LEGEND,
           "boards": {"1": {"name": {"en": "test", "ja": "試験"}, "terrain": list(terrain),
                            "elevation": list(elevation or ["0" * width] * len(terrain)),
                            "roads": [list(r) for r in roads], "walls": [list(w) for w in walls], "places": {}}}}
    grid, sheets = sheets_from_data(raw, HEX_TERRAINS)
    return dataclasses.replace(DATA, grid=grid, sheets=sheets).firefight_map(["1"])


# --- positions of a match (rules level 1, Firefight 1's map) ---

FF1 = "firefight_1"


def position(units: dict[str, tuple[str, str]], *, player: str = "german", dice: tuple[int, ...] = (),
             cap: tuple[int, int] = (7, 7), turn: int = 2, **over: Any) -> State:
    """Only ``units`` on the map (uid -> (hex, facing)), the others out of play; turn ``turn``'s action phase
    with ``player`` active and nothing done yet this period; CAP (German, Soviet); ``dice`` forced (a hit
    counter's draw takes an index into the remaining pile, in the file's order)."""
    s = RULES.setup(FF1, {}, b"rule-tests".ljust(16, b"\0"))
    for u in s["units"].values():
        u.update(status="out", hex=None, facing=None, used=False, counter=None)
    for uid, (h, facing) in units.items():
        s["units"][uid].update(status="map", hex=h, facing=facing)
    s.update(turn=turn, cap={"german": cap[0], "soviet": cap[1]}, prev_actions=-1, log=[],
             stack=[{"kind": "turn", "next": PHASES.index("action_phase") + 1}, {"kind": "act"}])
    new_period(s, player)
    s.update(over)
    rng.force(s, *dice)
    return s


def act(state: State, *actions: Action) -> State:
    """Each action by the role to act, checked as the framework checks it; an offered action may be named
    without its notes (``cost``), as a client sends it."""
    for action in actions:
        (role,) = RULES.active_roles(state)
        state = apply_action(RULES, state, role, action)
    return state


def offered(state: State, **match: Any) -> list[Action]:
    """The legal actions of the role to act whose fields include ``match``."""
    (role,) = RULES.active_roles(state)
    return [a for a in RULES.legal_actions(state, role) if all(a.get(k) == v for k, v in match.items())]


def one(state: State, **match: Any) -> Action:
    found = offered(state, **match)
    assert len(found) == 1, f"one action {match} expected, found {found}"
    return found[0]


def is_offered(state: State, action: Action) -> bool:
    return any(canonical(bare(a)) == canonical(bare(action)) for a in offered(state))


def lines(state: State, key: str) -> list[dict[str, Any]]:
    return [e for e in state["log"] if e["key"] == f"log.{key}"]


def step(state: State) -> str:
    return str(state["stack"][-1]["kind"])


def declined(state: State) -> State:
    """The reacting player declines the window, if one is open."""
    return act(state, {"type": "decline"}) if step(state) == "reaction" else state
