"""engine.core and engine.testing, with the toy game: the framework enforces the protocol."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from server.engine.core import IllegalAction, apply_action, canonical, make_view, visible_log
from server.engine.testing import PlayoutError, check_determinism, check_leaks, playout
from tests.support.toy import TOY, Toy


def test_only_legal_actions_of_an_active_role_are_applied() -> None:
    state = TOY.setup("race", {}, b"seed")
    before = canonical(state)
    for role, action, words in [
        ("south", {"type": "add", "n": 1}, "not south's turn"),
        ("north", {"type": "add", "n": 3}, "Not a legal action"),
        ("north", {"n": 1}, "type"),
        ("west", {"type": "add", "n": 1}, "not a role"),
        ("north", ["add", 1], "type"),
    ]:
        with pytest.raises(IllegalAction) as err:
            apply_action(TOY, state, role, action)
        assert words in err.value.reason
    assert canonical(state) == before
    after = apply_action(TOY, state, "north", {"type": "add", "n": 2})
    assert after["total"] == 2 and state["total"] == 0


def test_no_action_after_the_end() -> None:
    state = TOY.setup("race", {}, b"seed")
    state["total"], state["last"] = 10, "north"
    with pytest.raises(IllegalAction, match="over"):
        apply_action(TOY, state, "south", {"type": "add", "n": 1})


def test_make_view_adds_actions_only_for_the_active_role() -> None:
    state = TOY.setup("race", {}, b"seed")
    assert make_view(TOY, state, "north")["actions"] == TOY.legal_actions(state, "north")
    assert make_view(TOY, state, "south")["actions"] == []
    spectator = make_view(TOY, state, None)
    assert spectator["actions"] == [] and spectator["active"] == ["north"] and spectator["outcome"] is None


def test_visible_log_filters_by_reader() -> None:
    log = [{"key": "a", "to": None}, {"key": "b", "to": ["north"]}]
    assert [e["key"] for e in visible_log(log, "north")] == ["a", "b"]
    assert [e["key"] for e in visible_log(log, None)] == ["a"]
    assert [e["key"] for e in visible_log(log, "*")] == ["a", "b"]
    assert all("to" not in e for e in visible_log(log, "north"))


def test_playouts_finish_replay_and_keep_secrets() -> None:
    for n in range(5):
        result = playout(TOY, "race", bytes([n]), keep_states=True)
        assert TOY.outcome(result.final) is not None
        check_determinism(TOY, result)
        assert sum(check_leaks(TOY, s) for s in result.states) > 0


class Leaky(Toy):
    def view(self, state: dict[str, Any], role: str | None) -> dict[str, Any]:
        v = super().view(state, role)
        v["all"] = json.dumps(state["secret"])
        return v


class Stuck(Toy):
    def legal_actions(self, state: dict[str, Any], role: str) -> list[dict[str, Any]]:
        return [] if state["total"] >= 3 else super().legal_actions(state, role)


class Endless(Toy):
    def apply(self, state: dict[str, Any], role: str, action: dict[str, Any]) -> dict[str, Any]:
        state = super().apply(state, role, action)
        state["total"] = 0
        return state


class Drifting(Toy):
    calls = 0

    def setup(self, scenario: str, options: Any, seed: bytes) -> dict[str, Any]:
        Drifting.calls += 1
        state = super().setup(scenario, options, seed)
        state["noise"] = Drifting.calls
        return state


def test_the_kit_catches_leaks_dead_ends_runaways_and_nondeterminism() -> None:
    leaky = Leaky()
    with pytest.raises(PlayoutError, match="leak"):
        check_leaks(leaky, leaky.setup("race", {}, b"s"))
    with pytest.raises(PlayoutError, match="dead end"):
        playout(Stuck(), "race", b"s")
    with pytest.raises(PlayoutError, match="runaway"):
        playout(Endless(), "race", b"s", max_actions=200)
    drifting = Drifting()
    with pytest.raises(PlayoutError, match="different state"):
        check_determinism(drifting, playout(drifting, "race", b"s"))


def test_apply_never_sees_the_callers_objects() -> None:
    state = TOY.setup("race", {}, b"seed")
    action = {"type": "add", "n": 1}
    snapshot = copy.deepcopy((state, action))
    apply_action(TOY, state, "north", action)
    assert (state, action) == snapshot


class Amending(Toy):
    """Changes an old log line in place: the shared log makes that visible in the previous state."""

    def apply(self, state: dict[str, Any], role: str, action: dict[str, Any]) -> dict[str, Any]:
        state = super().apply(state, role, action)
        state["log"][0]["args"]["n"] += 1
        return state


def test_the_kit_catches_a_log_line_changed_in_place() -> None:
    with pytest.raises(PlayoutError, match="changed the previous state"):
        playout(Amending(), "race", b"s")


def test_an_offered_move_is_matched_without_its_notes_and_takes_waypoints_only_if_it_is_a_destination_move() -> None:
    """The movement contract (DESIGN.md): an action's notes (cost, left, prev, stacking) are for the player's
    eyes; the engine compares without them, and ``via`` is accepted only on a move that was offered with a cost."""
    from server.engine.core import NOTES, IllegalAction, bare, check_action

    class Walk:
        id = "walk"
        roles = ("red",)

        def outcome(self, s):
            return None

        def active_roles(self, s):
            return frozenset({"red"})

        def legal_actions(self, s, role):
            return [{"type": "move", "unit": "a", "to": "0103", "cost": 2, "left": 1, "prev": "0102"},
                    {"type": "pass"}]

    rules, state = Walk(), {}
    assert {"cost", "left", "prev", "stacking"} == NOTES
    assert bare({"type": "move", "unit": "a", "to": "0103", "cost": 9, "via": ["0102"]}) == \
        {"type": "move", "unit": "a", "to": "0103"}
    check_action(rules, state, "red", {"type": "move", "unit": "a", "to": "0103"})  # notes left out
    check_action(rules, state, "red", {"type": "move", "unit": "a", "to": "0103", "via": ["0102"]})
    for wrong, says in [({"type": "move", "unit": "a", "to": "0104"}, "Not a legal action"),
                        ({"type": "pass", "via": ["0102"]}, "Only a move to a destination"),
                        ({"type": "move", "unit": "a", "to": "0103", "via": "0102"}, "list of one to 64"),
                        ({"type": "move", "unit": "a", "to": "0103", "via": []}, "list of one to 64"),
                        ({"type": "move", "unit": "a", "to": "0103", "via": [1]}, "list of one to 64")]:
        try:
            check_action(rules, state, "red", wrong)
        except IllegalAction as e:
            assert says in e.reason, e.reason
        else:
            raise AssertionError(f"accepted {wrong}")
