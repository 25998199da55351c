"""The typed view contract holds at run time: every view a role (and spectators, and the omniscient
replay) gets of real matches fits its game's ``Shown`` TypedDict, with no key missing, none extra and
no value of another JSON type (``server.engine.contract``).

The matches: seeded random playouts over each game's scenarios and options, with a chooser keen on
fights (``FIGHTS``) and on moves toward the enemy, and quick to end a step (``HASTE``, as the golden
replays), so that combats and their aftermath (retreats, losses, advances) are met too.

Can it fail? Made wrong on purpose (a key dropped from a View, one made required, a type changed),
the TypedDicts fail it, each violation named by its path (``$.counters[3].mp_left``).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from server.engine.contract import violations
from server.engine.core import OMNISCIENT, Rules, State, apply_action, make_view
from server.engine.hexgrid import HexGrid
from server.engine.testing import viewers
from server.games import GAMES
from server.games.back_to_iraq import view_types as back_to_iraq
from server.games.bulge import view_types as bulge
from server.games.conflict_of_heroes import view_types as conflict_of_heroes
from server.games.lz_albany import view_types as lz_albany
from server.games.shimada import view_types as shimada

SHOWN: dict[str, Any] = {"shimada": shimada.Shown, "bulge": bulge.Shown, "lz_albany": lz_albany.Shown,
                         "back_to_iraq": back_to_iraq.Shown, "conflict_of_heroes": conflict_of_heroes.Shown}
MATCHES: dict[str, tuple[tuple[str, dict[str, Any], int], ...]] = {  # scenario, options, actions at most
    "shimada": tuple(("slim_river", {}, 2000) for _ in range(10)),
    "bulge": (("historical", {"fog_of_war": False}, 300), ("historical", {"fog_of_war": True}, 300),
              ("free_setup", {"fog_of_war": True}, 300)),
    "lz_albany": (("historical", {"overstack": "units"}, 300), ("historical", {"overstack": "dice"}, 300)),
    "back_to_iraq": (("1", {}, 250), ("2", {"free_setup": True}, 250)),
    "conflict_of_heroes": (("firefight_1", {}, 3000), ("firefight_1", {}, 3000)),  # whole firefights
}
# How often the chooser ends a step when it may (the Bulge's units need long moves to meet the enemy).
HASTE = {"shimada": 0.3, "bulge": 0.02, "lz_albany": 0.3, "back_to_iraq": 0.1, "conflict_of_heroes": 0.1}
EVERY = 4  # a view in how many states is checked, besides those of new kinds
KEEN = 0.6  # how often it plays a fight when it may: random play seldom gets as far as a combat's aftermath
FIGHTS = {
    "shimada": {"attack_with", "attack", "retreat", "advance"},
    "bulge": {"declare", "order", "resolve", "air_attack", "air_defend", "break_through", "escape", "guard",
              "hold", "retreat_anyway", "aopt", "option_retreat", "lose_step", "retreat", "pursue"},
    "lz_albany": set(),
    "back_to_iraq": {"attack", "resolve", "retreat", "take_step", "advance", "support"},
    "conflict_of_heroes": {"fire", "roll"},
}


def _states(rules: Rules, scenario: str, options: dict[str, Any], i: int, most: int) -> Iterator[State]:
    """A seeded random match, cut after ``most`` actions: the states it passes through where the
    legal actions are of kinds not met before in the match, and every ``EVERY``-th one."""
    seed = f"contract-{rules.id}-{i}".encode().ljust(16, b"\0")
    pick = random.Random(seed)
    grid = _grid(rules)
    state = rules.setup(scenario, dict(options), seed)
    met: set[frozenset[str]] = set()
    for n in range(most + 1):
        choices = [(role, a) for role in sorted(rules.active_roles(state)) for a in rules.legal_actions(state, role)]
        kinds = frozenset(f"{role}:{a['type']}" for role, a in choices)
        if kinds not in met or n % EVERY == 0 or not choices:
            met.add(kinds)
            yield state
        if rules.outcome(state) is not None or n == most:
            return
        fights = [c for c in choices if c[1]["type"] in FIGHTS[rules.id]]
        closing = _closing(grid, state, choices)
        ends = [c for c in choices if c[1]["type"].startswith("end") or c[1]["type"] == "pass"]
        if fights and pick.random() < KEEN:
            choices = fights
        elif closing and pick.random() < KEEN:
            choices = closing
        elif ends and pick.random() < HASTE[rules.id]:
            choices = ends
        role, action = pick.choice(choices)
        state = apply_action(rules, state, role, action)


def _grid(rules: Rules) -> HexGrid | None:
    board = rules.static_data()["board"]
    if board["kind"] != "hex":
        return None
    return HexGrid(**{k: board["grid"][k] for k in ("cols", "rows", "top", "shift")})


def _closing(grid: HexGrid | None, state: State, choices: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """On a hex map, the moves that end nearest an enemy unit (random moves seldom meet the enemy)."""
    moves = [c for c in choices if c[1]["type"] == "move" and isinstance(c[1].get("to"), str)]
    if grid is None or not moves:
        return []
    enemies = [u["hex"] for u in state["units"].values()
               if u["side"] != moves[0][0] and u["status"] == "map" and u.get("hex")]
    if not enemies:
        return []
    near = {c[1]["to"]: min(grid.distance(c[1]["to"], h) for h in enemies) for c in moves}
    best = min(near.values())
    return [c for c in moves if near[c[1]["to"]] == best]


# Panels each game's playouts must show at least once (not None, not empty), or they prove little.
MEET = {
    "shimada": {"attack", "retreat", "advance", "exchange", "dawn_turn", "outcome", "actions"},
    "bulge": {"attack", "combat", "mover", "setup", "last_seen", "actions"},
    "lz_albany": {"step", "drawn", "contested", "gunship_damaged", "actions"},
    "back_to_iraq": {"attack", "task", "setup", "mover", "actions"},
    "conflict_of_heroes": {"period", "fire", "initiative", "outcome", "actions"},
}


@pytest.mark.parametrize("game", list(MATCHES))
def test_views_fit_their_types(game: str) -> None:
    rules = GAMES[game]
    checked, first, times, met = 0, {}, Counter[str](), set()
    for i, (scenario, options, most) in enumerate(MATCHES[game]):
        for n, state in enumerate(_states(rules, scenario, options, i, most)):
            for role in [*viewers(rules), OMNISCIENT]:
                view = make_view(rules, state, role)
                checked += 1
                met.update(k for k, v in view.items() if v)
                for v in violations(view, SHOWN[game]):
                    kind = re.sub(r"\[\d+\]", "[]", v)  # one line per kind, not per counter
                    times[kind] += 1
                    first.setdefault(kind, f"{v} (first in match {i}, state {n}, {role or 'spectator'})")
    assert not times, f"{checked} views, {len(times)} kinds of violation:\n" + "\n".join(
        f"{times[k]}x {first[k]}" for k in sorted(times))
    assert MEET[game] <= met, f"the playouts never showed {sorted(MEET[game] - met)}"
