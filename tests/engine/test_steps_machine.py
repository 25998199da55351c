"""The step machine every game's turn runs on (server/engine/steps.py)."""

from __future__ import annotations

from typing import Any

import pytest

from server.engine.core import IllegalAction
from server.engine.steps import Auto, Decision, Frame, Machine, SequenceOfPlay, pop, push, top


def fresh() -> dict[str, Any]:
    return {"stack": [], "result": None, "phasing": "red", "seen": []}


def offer(*verbs: str) -> Decision:
    """A decision offering one action per verb; each handler pops the frame and notes the verb."""
    def note(state: dict[str, Any], frame: Frame, action: dict[str, Any]) -> None:
        pop(state)
        state["seen"].append(action["type"])
    return Decision(lambda s, f: [{"type": v} for v in verbs], {v: note for v in verbs})


MACHINE = Machine({"choose": offer("go", "stay"), "nothing": offer()}, owner=lambda s: s["phasing"])


def test_frame_side_defaults_to_owner() -> None:
    """A frame without a side belongs to the machine's owner (the phasing player)."""
    s = fresh()
    push(s, {"kind": "choose"})
    assert MACHINE.active_roles(s) == {"red"}
    s["phasing"] = "blue"
    assert MACHINE.active_roles(s) == {"blue"}


def test_reaction_frame_belongs_to_its_side() -> None:
    """A reaction is a frame whose side is the opponent: only that side is offered its actions."""
    s = fresh()
    push(s, {"kind": "choose", "side": "blue"})
    assert MACHINE.active_roles(s) == {"blue"}
    assert MACHINE.legal_actions(s, "red") == []
    assert MACHINE.legal_actions(s, "blue") == [{"type": "go"}, {"type": "stay"}]


def test_decision_side_rule_wins_over_frame_side() -> None:
    s = fresh()
    m = Machine({"x": Decision(lambda s, f: [{"type": "a"}], {}, side=lambda s, f: "green")})
    push(s, {"kind": "x", "side": "blue"})
    assert m.active_roles(s) == {"green"}


def test_decision_without_actions_is_popped() -> None:
    """Nothing can be decided: the step is over and the frame below runs."""
    s = fresh()
    push(s, {"kind": "nothing"}, {"kind": "choose"})  # the first given runs first
    MACHINE.run(s)
    assert top(s) == {"kind": "choose"}


def test_apply_uses_the_verbs_handler_and_runs_on() -> None:
    s = fresh()
    push(s, {"kind": "choose"}, {"kind": "choose", "side": "blue"})
    MACHINE.apply(s, "red", {"type": "stay"})
    assert s["seen"] == ["stay"]
    assert MACHINE.active_roles(s) == {"blue"}


def test_apply_refuses_another_role_and_an_unknown_verb() -> None:
    s = fresh()
    push(s, {"kind": "choose"})
    with pytest.raises(IllegalAction):
        MACHINE.apply(s, "blue", {"type": "go"})
    with pytest.raises(IllegalAction, match="Unknown action"):
        MACHINE.apply(s, "red", {"type": "fly"})
    assert s["stack"] == [{"kind": "choose"}] and s["seen"] == []


def test_over_stops_everything() -> None:
    s = fresh()
    push(s, {"kind": "choose"})
    s["result"] = {"winner": "red"}
    assert MACHINE.active_roles(s) == frozenset() and MACHINE.legal_actions(s, "red") == []


def test_a_kind_given_twice_is_an_error() -> None:
    with pytest.raises(ValueError, match="twice"):
        Machine({"a": offer("x")}, {"a": offer("y")})


def test_unknown_kind_names_itself() -> None:
    s = fresh()
    push(s, {"kind": "nowhere"})
    with pytest.raises(RuntimeError, match="nowhere"):
        MACHINE.run(s)


def test_a_machine_that_never_settles_is_stopped() -> None:
    s = fresh()
    m = Machine({"spin": Auto(lambda s, f: None)}, limit=50)
    push(s, {"kind": "spin"})
    with pytest.raises(RuntimeError, match="does not settle"):
        m.run(s)


def test_sequence_of_play_walks_the_phases_and_ends_the_turn() -> None:
    """Each time the sequence is on top it begins the next phase; a skipped phase does not begin; after
    the last one the turn ends (here: the match, after two turns)."""
    s = fresh() | {"turn": 1}

    def begin(state: dict[str, Any], frame: Frame, phase: str) -> None:
        state["seen"].append(f"{state['turn']}:{phase}")
        push(state, {"kind": "choose"})

    def end_turn(state: dict[str, Any], frame: Frame) -> None:
        if state["turn"] == 2:
            state["result"] = {"winner": None}
        state["turn"] += 1

    turn = SequenceOfPlay(("move", "fight", "recover"), begin, end_turn,
                          skip=lambda state, phase: state["turn"] == 1 and phase == "fight")
    m = Machine({"turn": turn, "choose": offer("go")}, owner=lambda s: "red")
    push(s, {"kind": "turn"})
    m.run(s)
    while m.active_roles(s):
        m.apply(s, "red", {"type": "go"})
    phases = [x for x in s["seen"] if x != "go"]
    assert phases == ["1:move", "1:recover", "2:move", "2:fight", "2:recover"]
    assert s["result"] == {"winner": None}


def test_a_decision_that_says_when_it_is_over_is_not_skipped_for_want_of_actions() -> None:
    """A decision with its own ``over`` stays on top while not over, even with no action: a dead end shows."""
    s = fresh() | {"due": ["task"]}
    m = Machine({"tasks": Decision(lambda s, f: [], {}, over=lambda s, f: not s["due"])}, owner=lambda s: "red")
    push(s, {"kind": "tasks"})
    m.run(s)
    assert top(s) == {"kind": "tasks"} and m.active_roles(s) == {"red"} and m.legal_actions(s, "red") == []
    s["due"] = []
    m.run(s)
    assert top(s) is None
