"""Whole-match checks for Shimada: random playouts, determinism, secrets (§12), data and messages."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from shimada_bots import play
from shimada_dsl import Pos, act, view

from server.engine.core import OMNISCIENT, apply_action, canonical, make_view
from server.engine.testing import check_determinism, check_leaks, playout
from server.games import GAMES
from server.games.shimada import RULES
from server.games.shimada.data import dataset

SEEDS = [f"shimada-{i}".encode() for i in range(30)]
COUNTERS = dataset().counters
MESSAGES = dataset().messages


def test_registered() -> None:
    assert GAMES["shimada"] is RULES and RULES.roles == ("japanese", "british")


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_finishes(seed: bytes) -> None:
    """Random legal play always reaches an outcome: no dead end, no runaway."""
    result = playout(RULES, "slim_river", seed, max_actions=2000)
    assert RULES.outcome(result.final) is not None


def test_heuristic_playouts_finish_and_are_deterministic() -> None:
    for i in range(3):
        result = play(f"det-{i}".encode())
        check_determinism(RULES, result)
        assert RULES.outcome(result.final) is not None


def test_random_playout_is_deterministic() -> None:
    for seed in SEEDS[:5]:
        check_determinism(RULES, playout(RULES, "slim_river", seed, max_actions=2000))


def test_no_leaks_at_any_step() -> None:
    """§12: no view tells apart states that differ only in facts hidden from its reader."""
    checks = 0
    for seed in SEEDS[:4]:
        result = playout(RULES, "slim_river", seed, max_actions=2000, keep_states=True)
        for state in result.states:
            checks += check_leaks(RULES, state)
    for i in range(2):  # greedy games reach the late, bloody positions random play rarely does
        result = play(f"leak-{i}".encode())
        state = RULES.setup("slim_river", {}, result.seed)
        for role, action in result.log:
            state = apply_action(RULES, state, role, action)
            checks += check_leaks(RULES, state)
    assert checks > 1000


def _secret_words(state: dict[str, Any]) -> list[str]:
    """The ids and names of every counter whose front nobody may see."""
    words = []
    for uid, u in state["units"].items():
        if u["face"] == "down":
            words += [uid, f"counter.{uid}", *COUNTERS[uid].name.values()]
    return words


def test_canary_face_down_identities_and_dawn_never_in_views() -> None:
    """§3/§10/§12: disrupted identities are in nobody's view; the dawn turn only in the Japanese one."""
    seen_down = 0
    for seed in SEEDS[:6]:
        result = playout(RULES, "slim_river", seed, max_actions=2000, keep_states=True)
        for state in result.states:
            if state["result"] is not None:
                continue
            words = _secret_words(state)
            seen_down += len(words)
            for role in ("japanese", "british", None):
                text = json.dumps(make_view(RULES, state, role), ensure_ascii=False)
                leaked = [w for w in words if w in text]
                assert not leaked, (role, leaked)
            if not state["dawn"] and state["dawn_turn"] is not None:
                for role in ("british", None):
                    v = make_view(RULES, state, role)
                    assert "dawn_turn" not in v
                    assert all(e["key"] != "log.dawn_chosen" for e in v["log"])
    assert seen_down > 0


def test_swapping_face_down_counters_gives_identical_views() -> None:
    """§12: refs come from visible facts only, so swapping two face-down counters changes no view."""
    s = (Pos(step="recovery", player="british").place("B-HQ", "0203", face="down")
         .place("B-ART", "0305", face="down").state)
    s["log"].append({"key": "log.setup", "args": {}, "to": None})
    other = copy.deepcopy(s)
    other["units"]["B-HQ"], other["units"]["B-ART"] = other["units"]["B-ART"], other["units"]["B-HQ"]
    for role in ("japanese", "british", None):
        assert canonical(make_view(RULES, s, role)) == canonical(make_view(RULES, other, role))
    assert canonical(view(s, OMNISCIENT)) != canonical(view(other, OMNISCIENT))


def _swapped(state: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    other = copy.deepcopy(state)
    other["units"][a], other["units"][b] = other["units"][b], other["units"][a]
    return other


def test_offered_moves_depend_only_on_what_the_mover_sees() -> None:
    """§12: the destinations offered to the moving player (hexes, cost, MP left, path) are the same
    in two states that differ only in which counter is which face down, its own or the enemy's."""
    japanese = (Pos().place("J-T1", "0206").place("J-I1", "0207").place("J-I2", "0306", face="down")
                .place("J-T3", "0407", face="down").place("B-HQ", "0305", face="down")
                .place("B-AC", "0408", face="down").place("B-UC", "0203", face="down").state)
    british = (Pos(player="british").place("B-UC", "0507").place("B-ARG", "0609", face="down")
               .place("B-PUN", "0711", face="down").place("J-T2", "0308", face="down")
               .place("J-I2", "0409", face="down").place("J-T1", "0706").state)
    for s, role, pairs in ((japanese, "japanese", (("B-HQ", "B-AC"), ("J-I2", "J-T3"))),
                           (british, "british", (("J-T2", "J-I2"), ("B-ARG", "B-PUN")))):
        offered = RULES.legal_actions(s, role)
        assert any(a["type"] == "move" and a["cost"] >= 3 for a in offered)  # a reach, not a step
        for a, b in pairs:
            other = _swapped(s, a, b)
            assert RULES.legal_actions(other, role) == offered
            assert canonical(make_view(RULES, other, role)) == canonical(make_view(RULES, s, role))
        assert check_leaks(RULES, s) > 0


def test_points_count_only_revealed_eliminations() -> None:
    """§10/§4: a counter eliminated face down scores nothing visible until it is revealed."""
    s = Pos().eliminated("J-T1", face="down").state
    v = view(s, "british")
    assert v["points"]["british"] == 0 and v["unknown_eliminated"] == {"japanese": 1, "british": 0}
    assert [c["ref"] for c in v["counters"] if c["status"] == "eliminated"] == ["?J1"]
    assert view(s, OMNISCIENT)["points"]["british"] == 2


def test_dawn_turn_hidden_until_dawn_then_public() -> None:
    """§3/§11: the dawn turn is secret until dawn, then public."""
    s = act(RULES.setup("slim_river", {}, b"x"), {"type": "choose_dawn", "turn": 2})
    assert "dawn_turn" not in view(s, "british") and view(s, "japanese")["dawn_turn"] == 2
    while s["turn"] < 2:
        s = act(s, {"type": "end_step"})
    for role in ("british", None):
        assert view(s, role)["dawn_turn"] == 2


def test_view_has_the_contract_keys() -> None:
    s = RULES.setup("slim_river", {}, b"x")
    v = make_view(RULES, s, None)
    for key in ("turn", "turns", "player", "step", "dawn", "counters", "slim_entered", "points",
                "unknown_eliminated", "attack", "prompt", "log", "active", "actions", "outcome"):
        assert key in v
    assert v["step"] == "dawn_choice" and v["player"] is None
    assert all(set(c) == {"ref", "side", "face", "hex", "status"} for c in v["counters"] if c["face"] == "down")


def test_static_data_format() -> None:
    data = RULES.static_data()
    board = data["board"]
    assert board["kind"] == "hex" and board["grid"] == {"cols": 8, "rows": 12, "top": "flat", "shift": "even"}
    assert all({"name", "fill"} == set(t) for t in board["terrain"].values())
    features = [f for h in board["hexes"].values() for f in h["features"]]
    assert features.count("entry") == 1 and features.count("exit") == 1
    assert features.count("position") == 6 and "slim" in features and "town" in features
    assert board["hexsides"]["0709/0710"] == {"river": True, "bridge": True}
    assert set(data["counters"]) == set(COUNTERS)
    assert all({"side", "kind", "cf", "ma", "name", "symbol"} == set(c) for c in data["counters"].values())
    assert set(data["messages"]) == {"en", "ja"}


def _keys(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        found = {obj["key"]} if isinstance(obj.get("key"), str) else set()
        return found.union(*(_keys(v) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(*(_keys(v) for v in obj))
    return set()


def test_every_message_key_is_in_both_catalogues() -> None:
    """Every log line, prompt, arg and action label has an English and a Japanese text."""
    used: set[str] = set()
    for seed in SEEDS[:8]:
        result = playout(RULES, "slim_river", seed, max_actions=2000, keep_states=True)
        for state in result.states:
            v = make_view(RULES, state, OMNISCIENT if state["result"] else state["player"] or "japanese")
            used |= _keys(v["log"]) | _keys(v["prompt"]) | _keys(v["counters"])
            used |= {f"action.{a['type']}" for a in v["actions"]}
            for line in v["log"]:
                for arg in ("printed", "result"):
                    if arg in line["args"]:
                        used.add(f"result.{line['args'][arg]}")
    missing = sorted(k for k in used if k not in MESSAGES["en"] or k not in MESSAGES["ja"])
    assert not missing
    for lang in ("en", "ja"):
        for key, text in MESSAGES[lang].items():
            assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", MESSAGES["en"][key])), key


def test_old_log_lines_mask_a_counter_once_it_is_face_down() -> None:
    """§10: once disrupted, a counter's front is hidden, also in the log lines that named it."""
    s = Pos().place("J-I1", "0304").state
    s = act(s, {"type": "move", "unit": "J-I1", "to": "0404"}, {"type": "end_step"})
    line = next(e for e in view(s, "british")["log"] if e["key"] == "log.move")
    assert line["args"]["unit"] == {"key": "handle.hidden", "args": {"side": {"key": "side.japanese"}}}
    line = next(e for e in view(s, OMNISCIENT)["log"] if e["key"] == "log.move")
    assert line["args"]["unit"] == {"key": "counter.J-I1"}
