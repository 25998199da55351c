"""The shared search on the toy game (race to 10 by ones and twos): it takes a win it sees, follows its
evaluation, keeps to its budget, and decides the same way from the same view and seed."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from server.bots.levels import LEVELS, level_for
from server.bots.search import decide, sample_world
from server.engine.core import Action, Role, State
from tests.support.toy import Toy

TOY = Toy()


class RaceJudge:
    """Knows the race: the player to move loses from a total of 1, 4 or 7 (10 - total a multiple of 3)."""

    TUNING: dict[str, dict[str, object]] = {}

    def determinize(self, state: State, role: Role, rnd: random.Random) -> State:
        other = next(r for r in TOY.roles if r != role)
        state["secret"] = {role: state["secret"][role], other: rnd.randint(1, 100)}
        return state

    def evaluate(self, world: State, role: Role) -> float:
        lost = (world["target"] - world["total"]) % 3 == 0
        to_move = world["turn"] == role
        return 0.1 if lost == to_move else 0.9

    def prior(self, world: State, role: Role, actions: Sequence[Action]) -> list[float]:
        return [float(a.get("n", 0)) for a in actions]


def at(total: int, turn: str = "north") -> State:
    state = TOY.setup("race", {}, b"toy-seed")
    state.update(total=total, turn=turn)
    return state


def test_search_takes_a_win_it_sees() -> None:
    """At 8, adding 2 ends the race: every level finds it from the terminal value alone."""
    for name in LEVELS:
        decision = decide(TOY, RaceJudge(), at(8), "north", LEVELS[name], seed=1, guard=False)
        assert decision.action == {"type": "add", "n": 2}


def test_search_follows_the_evaluation() -> None:
    """From 0, adding 1 leaves the opponent on a lost total (1): the strong level, without look-ahead (the
    toy's prior always adds 2, a poor guide for the plies after), plays it."""
    level = level_for("strong", {"strong": {"depth": 0}})
    assert decide(TOY, RaceJudge(), at(0), "north", level, seed=3, guard=False).action == {"type": "add", "n": 1}


def test_search_keeps_to_its_work_budget() -> None:
    """The evaluations spent never exceed the level's budget, and the width limits the candidates."""
    state = TOY.setup("race", {"turns": "long"}, b"toy-seed")
    tight = level_for("strong", {"strong": {"evaluations": 7, "width": 3}})
    d = decide(TOY, RaceJudge(), state, "north", tight, seed=5, guard=False)
    assert d.evaluations <= 7 and d.considered == 3 and d.offered == 5


def test_a_sampled_world_keeps_no_secret_of_the_other_side_nor_the_dice() -> None:
    """A world holds the role's own secret, a drawn one for the opponent, fresh dice, and only its log."""
    state = at(3)
    state["log"] = [{"key": "a", "to": None}, {"key": "b", "to": ["south"]}, {"key": "c", "to": ["north"]}]
    other = dict(state, secret={"north": state["secret"]["north"], "south": 101 - state["secret"]["south"]},
                 rng={"seed": "00" * 32, "n": 7})
    w1 = sample_world(RaceJudge(), state, "north", random.Random(9))
    w2 = sample_world(RaceJudge(), other, "north", random.Random(9))
    assert w1 == w2
    assert w1["rng"]["seed"] != state["rng"]["seed"] and [e["key"] for e in w1["log"]] == ["a", "c"]


def test_the_same_view_and_seed_give_the_same_decision() -> None:
    """Decisions are a function of (view, seed): two states that differ in the opponent's secret agree."""
    state = TOY.setup("race", {"turns": "long"}, b"toy-seed")
    other = dict(state, secret={**state["secret"], "south": 101 - state["secret"]["south"]})
    for seed in range(5):
        a = decide(TOY, RaceJudge(), state, "north", LEVELS["normal"], seed, guard=False)
        b = decide(TOY, RaceJudge(), other, "north", LEVELS["normal"], seed, guard=False)
        assert a.action == b.action and a.values == b.values


class FlatJudge(RaceJudge):
    """Cannot tell positions apart (every evaluation 0.5): only the prior (add 2 before add 1) can."""

    def evaluate(self, world: State, role: Role) -> float:
        return 0.5


def test_an_exact_tie_goes_to_the_prior() -> None:
    """When the evaluation gives every candidate the same value, the search plays the prior's choice,
    whatever order the seed shuffled the candidates into."""
    state = TOY.setup("race", {"turns": "long"}, b"toy-seed")
    for seed in range(6):
        d = decide(TOY, FlatJudge(), state, "north", LEVELS["strong"], seed, guard=False)
        assert d.action == {"type": "add", "n": 2}


class BarredJudge(RaceJudge):
    """Rules out adding 1 (``-inf``), though it is the winning move from 0, and values it best."""

    def evaluate(self, world: State, role: Role) -> float:
        return 1.0 if world["total"] == 1 else 0.0

    def prior(self, world: State, role: Role, actions: Sequence[Action]) -> list[float]:
        return [-math.inf if a.get("n") == 1 else 0.0 for a in actions]


def test_an_action_the_prior_rules_out_is_never_searched_while_another_is_legal() -> None:
    """A prior of -inf keeps an action out of the candidates at every level and seed, even where the
    evaluation would like it best (the Bulge's undeclare, which otherwise looped declare/undeclare)."""
    for name in LEVELS:
        for seed in range(5):
            d = decide(TOY, BarredJudge(), at(0), "north", LEVELS[name], seed=seed, guard=False)
            assert d.action == {"type": "add", "n": 2}


def test_an_action_the_prior_rules_out_is_played_when_nothing_else_is_legal() -> None:
    """Ruled out, but the only legal action: the search still plays it rather than nothing."""

    class OnlyBarred(BarredJudge):
        def prior(self, world: State, role: Role, actions: Sequence[Action]) -> list[float]:
            return [-math.inf] * len(actions)

    d = decide(TOY, OnlyBarred(), at(0), "north", LEVELS["strong"], seed=1, guard=False)
    assert d.action in TOY.legal_actions(at(0), "north")
