"""Whole matches of バルジ大作戦 on the real data: playouts, determinism, views, and (fog of war) leaks."""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

import pytest
from bulge_fixtures import act, bot_playout, purposeful_playout, replay_in_place

from server.engine.core import canonical, make_view
from server.engine.testing import check_leaks, playout
from server.games import GAMES
from server.games.bulge import RULES

VIEW_KEYS = {"turn", "turns", "player", "phase", "step", "counters", "vp", "thresholds", "occupied",
             "reinforcements", "mover", "attack", "combat", "prompt", "log", "active", "actions", "outcome"}
COUNTER_KEYS = {"ref", "id", "side", "hex", "face", "status", "name", "nation", "army", "division",
                "designation", "mechanised", "commando", "attack", "defence", "steps", "markers"}


def test_registered() -> None:
    assert GAMES["bulge"] is RULES and RULES.roles == ("german", "allied")


@pytest.mark.parametrize("seed", [b"play-0"])
def test_random_playout_reaches_an_outcome(seed: bytes) -> None:
    """Uniformly random legal play: no dead end, no runaway, an outcome (§13.1)."""
    result = playout(RULES, "historical", seed, max_actions=4000)
    assert RULES.outcome(result.final) is not None


def test_purposeful_playout_runs_all_13_turns() -> None:
    """§13.1, §4.1: with purposeful play (Germans drive on the important cities and attack at 2:1 or better,
    the Allies garrison the threatened cities; bulge_fixtures.purposeful_choice) a seeded match runs all 13
    turns (VP 52 at turn 8, 57 at turn 13: a draw), with no crash, dead end or runaway; replaying is
    identical. (Seeds long-0..7, with moves to a destination: seven German wins (six on turn 8 at 67-112 VP,
    one on turn 9), one draw.)"""
    result = purposeful_playout(b"long-1")
    outcome = RULES.outcome(result.final)
    assert outcome is not None and result.final["turn"] == 13
    assert outcome.reason == "draw" and outcome.winner is None
    assert canonical(replay_in_place(result)) == canonical(result.final)  # deterministic


@functools.cache
def _bot_match() -> Any:
    """One whole match between two bots, every state kept; shared by the view tests below (read only)."""
    return bot_playout(b"views", keep_states=True, max_actions=6000)


def test_views_are_json_and_keep_the_contract_keys() -> None:
    """Every view is JSON-serialisable and keeps the keys the browser and API tests rely on."""
    result = _bot_match()
    for state in result.states[:: max(1, len(result.states) // 40)]:
        for role in ("german", "allied", None):
            v = make_view(RULES, state, role)
            json.dumps(v, ensure_ascii=False)
            assert set(v) >= VIEW_KEYS
            for c in v["counters"]:
                assert set(c) >= COUNTER_KEYS


def _fog_match(seed: bytes, steps: int) -> list[dict]:  # type: ignore[type-arg]
    import random

    from bulge_fixtures import bot_choice

    from server.engine.core import apply_action
    rnd = random.Random(seed)
    state = RULES.setup("historical", {"fog_of_war": True}, seed)
    states = [state]
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        choices = [(r, a) for r in sorted(RULES.active_roles(state)) for a in RULES.legal_actions(state, r)]
        role, action = bot_choice(state, choices, rnd) if rnd.random() < 0.7 else rnd.choice(choices)
        state = apply_action(RULES, state, role, action)
        states.append(state)
    return states


def test_fog_of_war_leaks_nothing_at_any_step() -> None:
    """Fog of war (option): no view (either side, spectators) tells apart states that differ only in the
    positions and steps of enemy units out of its sight, put anywhere out of sight, on entry hexes, at the
    edge of sight and on roads (``fog.VARIANTS``)."""
    from server.games.bulge import fog
    checks = 0
    for seed in (b"fog-0", b"fog-1"):
        for state in _fog_match(seed, 160)[::2]:
            checks += check_leaks(RULES, state, variants=len(fog.VARIANTS))
    assert checks > 400


def test_fog_of_war_log_keeps_hidden_moves_to_the_mover() -> None:
    """Fog of war: a movement line (naming its units) goes to the mover only, unless the enemy sees the units
    when it is written (a move to a destination may then go on out of its sight: the enemy remembers them where
    the line ends); no enemy unit out of sight is in a view's counters."""
    from server.games.bulge import fog
    states = _fog_match(b"fog-log", 200)
    for state in states[::10]:
        for role, other in (("german", "allied"), ("allied", "german")):
            v = make_view(RULES, state, role)
            refs = {c["ref"] for c in v["counters"] if c["side"] == other and c["status"] == "map"}
            assert refs <= fog.visible(state, role)
    moves = ("log.move", "log.enter", "log.retreat", "log.pursue", "log.strategic")
    checked = 0
    for before, after in itertools.pairwise(states):
        old = {id(e) for e in before["log"]}
        for e in after["log"]:
            if id(e) in old or e["key"] not in moves:
                continue
            names = e["args"].get("units") or [e["args"]["unit"]]
            uids = [n["key"].removeprefix("unit.") for n in names]
            side = after["units"][uids[0]]["side"]
            if e["to"] is None:  # public: the enemy sees every unit of it now, or saw it there and it went on
                enemy = "allied" if side == "german" else "german"
                seen = after["seen"][enemy]
                assert all(u in fog.visible(after, enemy) or seen[u]["hex"] == e["args"].get("to") for u in uids)
            else:
                assert e["to"] == [side]
            checked += 1
    assert checked > 20


def test_no_fog_by_default_nothing_hidden() -> None:
    """Digest §6: the game is open information; without the option every unit (commandos too) is shown."""
    state = RULES.setup("historical", {}, b"open")
    assert RULES.hidden_variant(state, "allied", 0) is None
    assert len(make_view(RULES, state, "allied")["counters"]) == len(state["units"])


def message_keys(x: object) -> set[str]:
    """The message keys in a view's part (nested messages too), unit names aside."""
    if isinstance(x, list):
        return set().union(*map(message_keys, x))
    if not isinstance(x, dict):
        return set()
    own = {x["key"]} if isinstance(x.get("key"), str) and not x["key"].startswith("unit.") else set()
    return own.union(*map(message_keys, x.values()))


def test_every_key_in_logs_prompts_and_actions_is_in_the_catalogue() -> None:
    """Every message key the game emits (log lines, prompts, action labels) has en and ja text."""
    from server.games.bulge.data import messages
    cat = messages()
    keys: set[str] = set()
    result = _bot_match()
    for state in result.states[::25]:
        for role in ("german", "allied"):
            v = make_view(RULES, state, role)
            keys |= message_keys(v["log"]) | message_keys(v["prompt"])
            keys.update(f"action.{a['type']}" for a in v["actions"])
    missing = sorted(k for k in keys if k not in cat["en"] or k not in cat["ja"])
    assert not missing


def test_late_turns_play_through_to_turn_13() -> None:
    """§13.1, §10, §9.6(4): with the VP held between the thresholds (a stand-in for a close game), bot
    play runs the air turns and the last turns to the end of turn 13: a draw."""
    import random

    from bulge_fixtures import bot_choice

    from server.engine.core import apply_action
    from server.games.bulge.data import dataset
    rnd = random.Random(7)
    state = RULES.setup("historical", {}, b"late")
    turns = dataset().tables.turns
    air_used = 0
    for _ in range(9000):
        if RULES.outcome(state) is not None:
            break
        row = turns[state["turn"]]
        if row.get("german_win") is not None:
            state = {**state, "vp": (int(row["german_win"]) + int(row["allied_win"])) // 2}
        choices = [(r, a) for r in sorted(RULES.active_roles(state)) for a in RULES.legal_actions(state, r)]
        fb = [c for c in choices if c[1]["type"].startswith("air_")]
        role, action = fb[0] if fb and rnd.random() < 0.5 else bot_choice(state, choices, rnd)
        air_used += action["type"].startswith("air_")
        state = apply_action(RULES, state, role, action)
    outcome = RULES.outcome(state)
    assert outcome is not None and state["turn"] == 13 and outcome.reason == "draw"
    assert air_used > 0


def test_revealed_when_a_move_brings_an_enemy_into_sight() -> None:
    """Fog of war (option; digest §6 has no hidden information): ``view.revealed`` tells the platform's undo
    whether an action made something hidden known: a move that brings an enemy unit into sight does; a move
    out of every enemy's sight does not; without fog of war nothing ever does."""
    from bulge_fixtures import World

    from server.games.bulge.view import revealed
    w = World()
    for fog_on in (True, False):
        s = w.pos().place("G-PZ1", "0304").place("G-VG1", "0104").place("U-INF1", "0804").begin()
        s["options"] = {"fog_of_war": fog_on}
        quiet = act(s, {"type": "move", "unit": "G-VG1", "to": "0204"})
        assert not revealed(s, quiet)
        near = quiet
        for h, shown in (("0404", False), ("0504", False), ("0604", fog_on)):
            near, before = act(near, {"type": "move", "unit": "G-PZ1", "to": h}), near
            assert revealed(before, near) is shown  # 0604 is 2 hexes from U-INF1 (0504: 3): sight


def test_remembered_reaches_are_the_reaches_computed_afresh() -> None:
    """§7 (movement.reach, kept on the board by what it reads): over whole matches, the moves offered from the
    reaches remembered since the states before are those computed from nothing, with and without fog of war."""
    from server.engine.cache import Memo
    from server.games.bulge.units import board
    for result in (_bot_match(), bot_playout(b"reach-fog", options={"fog_of_war": True}, keep_states=True,
                                             max_actions=600)):
        moving = [i for i, s in enumerate(result.states) if s["step"] == "move" and s["result"] is None]
        assert len(moving) > 30
        picked = sorted({j for i in moving[:: max(1, len(moving) // 10)] for j in range(i, i + 4)} & set(moving))
        for i in picked:
            state = result.states[i]
            role = state["player"]
            warm = RULES.legal_actions(state, role)
            bd = board(state)
            kept = bd.reach
            object.__setattr__(bd, "reach", Memo(bound=4096))  # nothing remembered
            try:
                assert RULES.legal_actions(state, role) == warm
            finally:
                object.__setattr__(bd, "reach", kept)
