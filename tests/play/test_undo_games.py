"""Where an undo stops, in every game: each kind of randomness and reveal marks the action that
caused it, and an unmarked action of a real game is taken back to exactly the state before it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from server.engine.core import apply_action, canonical, make_view
from server.games import GAMES
from server.games.bulge import fog
from server.games.bulge.units import board
from server.matches import history
from server.matches.service import Illegal
from server.store.models import Snapshot
from tests.play.conftest import Bench

# What each game's random playout must show (with the option that hides things, where there is one).
CASES: dict[str, tuple[dict[str, Any], set[str | None]]] = {
    "shimada": ({}, {"random", "reveal", None}),  # dice; counters turned face up; plain moves
    "bulge": ({"fog_of_war": True}, {"random", "reveal", None}),  # dice; units coming into sight
    "lz_albany": ({}, {"random", None}),  # chit draws and dice; no other secret
    "back_to_iraq": ({}, {"random", None}),  # dice; the basic game has no secret (digest §10.1)
    "conflict_of_heroes": ({}, {"random", None}),  # dice and hit-counter draws; nothing hidden at rules level 1
}


def playout(game: str, options: dict[str, Any], seed: int, limit: int = 400) -> list[tuple[Any, ...]]:
    rules = GAMES[game]
    rnd = random.Random(seed)
    state = rules.setup(next(iter(rules.scenarios)), {**{o.id: o.default for o in rules.options}, **options},
                        seed.to_bytes(4, "big"))
    out = []
    for _ in range(limit):
        if rules.outcome(state):
            break
        role = sorted(rules.active_roles(state))[0]
        action = rnd.choice(rules.legal_actions(state, role))
        new = apply_action(rules, state, role, action)
        out.append((state, role, action, new, history.mark_of(rules, state, new)))
        state = new
    return out


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_kind_of_reveal_marks_the_action_that_caused_it(game: str) -> None:
    """An action that drew on the dice or a chit is "random"; one that made a secret known is
    "reveal" (or "random" when it did both); the rest can be undone."""
    options, expected = CASES[game]
    seen: set[str | None] = set()
    for seed in range(3):
        for before, _, _, after, mark in playout(game, options, seed):
            moved = before["rng"]["n"] != after["rng"]["n"]
            assert (mark == "random") == moved
            if not moved:
                assert (mark == "reveal") == GAMES[game].revealed(before, after)
            seen.add(mark)
        if seen >= expected:
            break
    assert seen >= expected, f"{game}: only {seen} in the playouts"


@pytest.mark.parametrize("game", sorted(CASES))
def test_undoing_an_unmarked_action_restores_every_view(game: str, bench: Bench) -> None:
    rules = GAMES[game]
    options, _ = CASES[game]
    m = bench.match(game, seats=rules.roles, options=options)
    users = {role: name for name, role in (("ann", rules.roles[0]), ("bob", rules.roles[1]))}
    rnd = random.Random(7)
    for _ in range(300):
        version, _ = bench.svc.view(m, None)
        state = bench.svc.state_at_version(m, version)
        role = sorted(rules.active_roles(state))[0]
        action = rnd.choice(rules.legal_actions(state, role))
        new = apply_action(rules, state, role, action)
        bench.act(m, users[role], action)
        if history.mark_of(rules, state, new) is None:
            assert bench.summary(m, users[role])["undo"]["steps"] >= 1
            before = {r: make_view(rules, state, r) for r in (*rules.roles, None)}
            bench.undo(m, users[role])
            after_state = bench.svc.state_at_version(m, version + 2)
            for r, v in before.items():
                now = make_view(rules, after_state, r)
                assert now["log"][-1]["key"] == "platform.undo"
                assert canonical({**now, "log": now["log"][:-1]}) == canonical(v)
            return
    pytest.fail(f"no unmarked action in 300 actions of {game}")


MALMEDY, ROAD_IN, START = "2813", "2912", "2913"  # Bulge: an important city (§13.3(4)), two road hexes east of it
PANZER = "G-12SS-PzGR26"


def plant_bulge(bench: Bench, match_id: str) -> None:
    """Version 0 of a Bulge fog-of-war match replaced, the way the service restores states (a snapshot at seq 0,
    the cache entry dropped): PANZER in START, the Allied units within 8 hexes of Malmedy off the map (the 11
    others far in the west: none sees START, ROAD_IN or Malmedy, none cuts the German road to it)."""
    svc = bench.svc
    state = copy.deepcopy(svc.state_at_version(match_id, 0))
    grid = board(state).grid
    for u in state["units"].values():
        if u["side"] == "allied" and u["status"] == "map" and grid.distance(u["hex"], MALMEDY) <= 8:
            u.update(status="offmap", hex=None, due=None)
    state["units"][PANZER]["hex"] = START
    fog.remember(state)
    with svc.sessions.begin() as db:
        db.add(Snapshot(match_id=match_id, seq=0, state=state))
    with svc._cache_lock:
        svc._cache.pop(match_id, None)
    assert canonical(svc.state_at_version(match_id, 0)) == canonical(state)


def test_bulge_fog_the_german_cannot_undo_alone_a_city_taken_out_of_allied_sight(bench: Bench) -> None:
    """Bulge under fog of war, §13.3(4)/§13.2(1): a German unit the Allies do not see takes Malmedy; the public
    lines (``log.occupied``, ``log.vp`` +10) tell the Allies where it went, so the German player's own undo
    stops there (docs/play-by-web.md: a reveal): the summary offers no step and ``/undo`` is refused, nothing
    changed. The step before it, out of sight and telling nobody anything, could be undone."""
    rules = GAMES["bulge"]
    m = bench.match("bulge", seats=rules.roles, options={"fog_of_war": True})
    plant_bulge(bench, m)
    assert rules.roles[0] == "german"
    german = "ann"  # the first seat
    # straight into ROAD_IN (the cheapest path would pass through Malmedy and take it)
    bench.act(m, german, {"type": "move", "unit": PANZER, "to": ROAD_IN, "via": [ROAD_IN]})
    assert bench.summary(m, german)["undo"]["steps"] == 1
    version = bench.act(m, german, {"type": "move", "unit": PANZER, "to": MALMEDY})
    state = bench.svc.state_at_version(m, version)
    assert PANZER not in fog.visible(state, "allied")
    allied_log = make_view(rules, state, "allied")["log"]
    assert [e["key"] for e in allied_log[-2:]] == ["log.occupied", "log.vp"] and state["vp"] == 10
    assert bench.summary(m, german)["undo"]["steps"] == 0
    with pytest.raises(Illegal, match="revealed"):
        bench.undo(m, german)
    assert bench.summary(m, None)["version"] == version
