"""The view contract's fixtures: real views of every game, written as JSON under
``frontend/tests/fixtures/views/`` for the node tests, so a drift between what the server sends and what
the client reads fails a test on one side or the other.

A fixture is one moment of one of the golden recordings (seeded random matches, ``tests/golden``): the
views of every role and of the spectators after ``step`` actions of match ``match``. Each moment is named
after what it shows and found, when the fixtures are written, as the first step of the recordings where
its condition holds; the check replays the recorded actions to that step and compares the views.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.engine.core import Rules, apply_action, make_view
from server.engine.testing import viewers
from server.games import GAMES
from tests.golden.recording import load

FIXTURES = Path(__file__).resolve().parents[2] / "frontend" / "tests" / "fixtures"
ROOT = FIXTURES / "views"
STATICS = FIXTURES / "statics"  # GET /api/games/{id}: the board, counters, catalogue and tables the views refer to
REWRITE = "WRITE_FIXTURES=1 python3 -m pytest -q -p no:cacheprovider tests/contract"

Views = dict[str, dict[str, Any]]  # viewer ("spectator" for None) -> view


def any_view(test: Callable[[dict[str, Any]], Any]) -> Callable[[Views], bool]:
    return lambda views: any(test(v) for v in views.values())


def acting(*types: str) -> Callable[[Views], bool]:
    """Some role may play an action of one of these types."""
    return any_view(lambda v: any(a["type"] in types for a in v["actions"]))


def has(field: str, inner: str | None = None) -> Callable[[Views], bool]:
    """Some view's ``field`` (or that field's ``inner`` field) is not empty."""
    return any_view(lambda v: (v[field] or {}).get(inner) if inner else v[field])


def step_kind(kind: str) -> Callable[[Views], bool]:
    return any_view(lambda v: isinstance(v.get("step"), dict) and v["step"].get("kind") == kind)


@dataclass(frozen=True)
class Moment:
    name: str
    about: str
    holds: Callable[[Views], bool]
    scenario: str | None = None  # only matches of this scenario
    options: dict[str, Any] | None = None  # only matches with these options


START = Moment("start", "the set-up, before any action", lambda views: True)

MOMENTS: dict[str, tuple[Moment, ...]] = {
    "shimada": (
        START,
        Moment("move", "a unit moving (move actions)", acting("move")),
        Moment("attack", "an attack being combined, with its odds", has("attack", "candidates")),
        Moment("retreat", "a defender retreating", has("retreat")),
        Moment("advance", "an advance after combat", has("advance")),
        Moment("over", "the end of a match", has("outcome")),
    ),
    "bulge": (
        Moment("start", "the historical set-up", lambda views: True, "historical", {"fog_of_war": False}),
        Moment("setup", "the free set-up", has("setup"), "free_setup", {"fog_of_war": False}),
        Moment("declare", "attacks declared, with odds candidates", has("attack", "candidates")),
        Moment("combat", "a combat resolved, its losses or retreat to choose", has("combat", "task")),
        Moment("air", "an air turn: FB markers left", has("air", "fb_left")),
        Moment("fog", "under the fog of war, enemy units last seen", has("last_seen")),
    ),
    "lz_albany": (
        START,
        Moment("activate", "a group activated, moving", any_view(lambda v: (v["step"] or {}).get("kind") == "act"
                                                                 and (v["step"] or {}).get("mode") == "move")),
        Moment("fire_split", "fire split between areas", step_kind("fire_split")),
        Moment("assign", "hits to assign", acting("assign_hit")),
        Moment("contested", "a contested area", has("contested")),
    ),
    "back_to_iraq": (
        START,
        Moment("setup", "the free set-up, a unit to place", acting("place")),
        Moment("move", "a movement phase: every unit's destinations", acting("move")),
        Moment("attack", "an attack being made, with its odds", has("attack", "current")),
        Moment("task", "a combat's result carried out: a retreat, a step or an advance", has("task")),
        Moment("targets", "the strategic targets being placed, some face down to the Coalition (§G1)",
               acting("place_drawn")),
        Moment("air", "the air-strike sub-phase (§G2)", has("air")),
    ),
    "conflict_of_heroes": (
        START,
        Moment("activated", "a unit activated, its AP left, moves and fire with their odds",
               any_view(lambda v: any(u.get("ap") is not None for u in v["units"])
                        and any(a["type"] == "fire" for a in v["actions"]))),
        Moment("reaction", "the other side's reaction: opportunity and command actions, decline", acting("decline")),
        Moment("face", "a facing to choose after a move", acting("face")),
        Moment("hit", "a unit under a hit counter", any_view(lambda v: any(u["counter"] for u in v["units"]))),
        Moment("over", "the end of a firefight", any_view(lambda v: v["step"] is None)),
    ),
}


def viewer_name(role: str | None) -> str:
    return role or "spectator"


def views_of(rules: Rules, state: dict[str, Any]) -> Views:
    return {viewer_name(role): make_view(rules, state, role) for role in viewers(rules)}


def states(game: str, match: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """The states of one recorded match after each number of actions, the set-up first."""
    rules, recorded = GAMES[game], load(game)["matches"][match]
    state = rules.setup(recorded["scenario"], dict(recorded["options"]), bytes.fromhex(recorded["seed"]))
    yield 0, state
    for n, (role, action) in enumerate(recorded["actions"], start=1):
        state = apply_action(rules, state, role, action)
        yield n, state


def at(game: str, match: int, step: int) -> Views:
    for n, state in states(game, match):
        if n == step:
            return views_of(GAMES[game], state)
    raise LookupError(f"{game} match {match} has no step {step}")


def find(game: str, moment: Moment) -> tuple[int, int, Views]:
    """The first recorded step where the moment's condition holds."""
    for i, recorded in enumerate(load(game)["matches"]):
        if moment.scenario and recorded["scenario"] != moment.scenario:
            continue
        if moment.options is not None and recorded["options"] != moment.options:
            continue
        for n, state in states(game, i):
            if moment.holds(views := views_of(GAMES[game], state)):
                return i, n, views
    raise LookupError(f"no recorded step of {game} shows {moment.name} ({moment.about})")


def path(game: str, moment: Moment) -> Path:
    return ROOT / game / f"{moment.name}.json"


def fixture(game: str, moment: Moment, match: int, step: int, views: Views) -> dict[str, Any]:
    """The fields every viewer sees alike are written once (``shared``), each viewer's others under
    ``views``: a viewer's view is ``{**shared, **views[viewer]}`` (``frontend/tests/views.mjs``)."""
    recorded = load(game)["matches"][match]
    first, *others = views.values()
    shared = {k: v for k, v in first.items() if all(k in o and o[k] == v for o in others)}
    return {"game": game, "moment": moment.name, "about": moment.about, "scenario": recorded["scenario"],
            "options": recorded["options"], "match": match, "step": step, "shared": shared,
            "views": {name: {k: v for k, v in view.items() if k not in shared} for name, view in views.items()}}


def viewed(saved: dict[str, Any]) -> Views:
    """The views a fixture holds, each whole."""
    return {name: {**saved["shared"], **own} for name, own in saved["views"].items()}


def dumps(data: Any, depth: int = 0) -> str:
    """JSON with a line for each field of the first three levels (fixture, views, view), the rest compact:
    a diff shows which field of which view changed without a line per counter."""
    if isinstance(data, dict) and data and depth < 3:
        pad = " " * (depth + 1)
        body = ",\n".join(f"{pad}{json.dumps(k, ensure_ascii=False)}: {dumps(data[k], depth + 1)}"
                           for k in sorted(data))
        return "{\n" + body + "\n" + " " * depth + "}" + ("\n" if depth == 0 else "")
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def statics(game: str) -> dict[str, Any]:
    """What the client loads once per match (GET /api/games/{id})."""
    from server.api.matches import _static

    return _static(game)


def statics_path(game: str) -> Path:
    return STATICS / f"{game}.json"


def write(game: str) -> list[Path]:
    """Finds every moment of the game again and writes its fixture; removes fixtures of no moment."""
    STATICS.mkdir(parents=True, exist_ok=True)
    statics_path(game).write_text(dumps(statics(game)), encoding="utf-8")
    folder = ROOT / game
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for moment in MOMENTS[game]:
        match, step, views = find(game, moment)
        p = path(game, moment)
        p.write_text(dumps(fixture(game, moment, match, step, views)), encoding="utf-8")
        written.append(p)
    for stale in set(folder.glob("*.json")) - set(written):
        stale.unlink()
    return written
