"""Rules fuzzing: hypothesis state machines play each game through ``engine.core.apply_action``.

Each machine sets up a match (any scenario, any options, any seed), then mixes rules that play random
legal actions (one, or a run of them to reach deeper positions) with rules that try invalid actions:
an action not legal now (a legal one changed, or one that was legal earlier), an action of a role that
is not to move, a role that is not a seat of the game, and malformed actions (not an object, no type,
a type not a string, an unknown type, huge strings, wrong field types, nested junk). Every invalid
try must be refused with ``IllegalAction`` carrying a reason, and must leave the state unchanged
(``canonical`` before and after). Invariants after every step: every role's view (and the
spectators') is strict JSON, and roles not to move have no legal actions.

Bounded by default (``max_examples`` 10, 40 steps per example); ``FUZZ_EXAMPLES=2000`` (and
optionally ``FUZZ_STEPS``) runs longer. ``pytest -s`` prints how many actions were tried and refused.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from server.engine.core import IllegalAction, Rules, apply_action, bare, canonical, describe, make_view
from server.games import GAMES
from tests.fuzz.strategies import examples, malformed_actions, mutated, steps
from tests.support.toy import TOY

OUTSIDERS = ["", "*", "spectator", "nobody", "JAPANESE", "Allied", " us"]


def machine_for(rules: Rules, stats: Counter[str]) -> type[RuleBasedStateMachine]:
    roles = tuple(rules.roles)
    scenarios = sorted(rules.scenarios)
    option_strategy = st.fixed_dictionaries({o.id: st.sampled_from(list(o.choices)) if o.choices else st.just(o.default)
                                             for o in rules.options})

    class Machine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: dict[str, Any] = {}
            self.earlier: list[dict[str, Any]] = []  # actions that were legal at some point

        # --- set-up and legal play ---

        @initialize(scenario=st.sampled_from(scenarios), options=option_strategy,
                    seed=st.binary(min_size=1, max_size=16))
        def setup(self, scenario: str, options: dict[str, Any], seed: bytes) -> None:
            self.scenario, self.options = scenario, options
            self.state = rules.setup(scenario, options, seed)
            stats["matches"] += 1

        def _choices(self) -> list[tuple[str, dict[str, Any]]]:
            return [(r, a) for r in sorted(rules.active_roles(self.state)) for a in rules.legal_actions(self.state, r)]

        def _play(self, role: str, action: dict[str, Any]) -> None:
            before = canonical(self.state)
            new = apply_action(rules, self.state, role, action)
            assert canonical(self.state) == before, f"applying {describe(action)} changed the previous state"
            stats["tried"] += 1
            stats["applied"] += 1
            if len(self.earlier) < 400:
                self.earlier.append(action)
            self.state = new

        def _restart_if_over(self, seed: int) -> bool:
            if rules.outcome(self.state) is None:
                return False
            self.state = rules.setup(self.scenario, self.options, seed.to_bytes(8, "big"))
            stats["matches"] += 1
            return True

        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            if self._restart_if_over(data.draw(st.integers(0, 2**63))):
                return
            choices = self._choices()
            assert choices, "dead end: no outcome, yet no active role has a legal action"
            self._play(*data.draw(st.sampled_from(choices)))

        @rule(n=st.integers(1, 30), seed=st.integers(0, 2**32))
        def play_many(self, n: int, seed: int) -> None:
            pick = random.Random(seed)
            for _ in range(n):
                if self._restart_if_over(seed):
                    return
                choices = self._choices()
                assert choices, "dead end: no outcome, yet no active role has a legal action"
                self._play(*pick.choice(choices))

        # --- invalid tries ---

        def _refused(self, role: Any, action: Any, why: str) -> None:
            before = canonical(self.state)
            stats["tried"] += 1
            try:
                apply_action(rules, self.state, role, action)
            except IllegalAction as exc:
                assert isinstance(exc.reason, str) and exc.reason.strip(), f"{why}: refused without a reason"
                assert canonical(self.state) == before, f"{why}: a refusal changed the state"
                stats["refused"] += 1
                stats[f"refused {why}"] += 1
                return
            raise AssertionError(f"{why}: {role!r} was allowed {describe(action)[:300]}")

        def _legal_now(self, role: str) -> set[str]:
            """The offered actions without their notes: the engine compares actions so (``core.bare``)."""
            return {canonical(bare(a)) for a in rules.legal_actions(self.state, role)}

        @rule(data=st.data())
        def refuse_changed_legal_action(self, data: st.DataObject) -> None:
            choices = self._choices()
            if not choices:
                return
            role, action = data.draw(st.sampled_from(choices))
            bad = data.draw(mutated(action))
            if canonical(bare(bad) if isinstance(bad, dict) else bad) in self._legal_now(role):
                return  # the change made another legal action
            self._refused(role, bad, "not legal now")

        @rule(data=st.data())
        def refuse_earlier_action(self, data: st.DataObject) -> None:
            if not self.earlier or not rules.active_roles(self.state):
                return
            role = data.draw(st.sampled_from(sorted(rules.active_roles(self.state))))
            action = data.draw(st.sampled_from(self.earlier))
            if canonical(bare(action)) in self._legal_now(role):
                return
            self._refused(role, action, "legal earlier, not now")

        @rule(data=st.data())
        def refuse_inactive_role(self, data: st.DataObject) -> None:
            active = rules.active_roles(self.state)
            idle = [r for r in roles if r not in active]
            pool = [a for _, a in self._choices()] + self.earlier[-20:]
            if not idle or not pool:
                return
            self._refused(data.draw(st.sampled_from(idle)), data.draw(st.sampled_from(pool)), "inactive role")

        @rule(data=st.data())
        def refuse_outsider(self, data: st.DataObject) -> None:
            pool = [a for _, a in self._choices()] or [{"type": "pass"}]
            role = data.draw(st.sampled_from([*OUTSIDERS, None]))
            self._refused(role, data.draw(st.sampled_from(pool)), "not a role of the game")

        @rule(data=st.data())
        def refuse_malformed(self, data: st.DataObject) -> None:
            active = sorted(rules.active_roles(self.state))
            if not active:
                return
            self._refused(data.draw(st.sampled_from(active)), data.draw(malformed_actions), "malformed")

        # --- invariants ---

        @invariant()
        def views_are_json_and_idle_roles_have_no_actions(self) -> None:
            if not self.state:
                return
            for role in (*roles, None):
                json.dumps(make_view(rules, self.state, role), allow_nan=False)
            active = rules.active_roles(self.state) if rules.outcome(self.state) is None else frozenset()
            for role in roles:
                if role not in active:
                    assert rules.legal_actions(self.state, role) == [], f"{role} is not to move but has actions"

    Machine.__name__ = Machine.__qualname__ = f"{rules.id.title()}Machine"
    return Machine


CASES = [("shimada", 10), ("bulge", 6), ("lz_albany", 10), ("back_to_iraq", 4), ("conflict_of_heroes", 6), ("toy", 10)]


@pytest.mark.parametrize(("game", "default"), CASES, ids=[c[0] for c in CASES])
def test_rules_fuzz(game: str, default: int) -> None:
    rules = TOY if game == "toy" else GAMES[game]
    stats: Counter[str] = Counter()
    machine = machine_for(rules, stats)
    run_state_machine_as_test(machine, settings=settings(
        max_examples=examples(default), stateful_step_count=steps(40), deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]))
    detail = ", ".join(f"{k}: {v}" for k, v in sorted(stats.items()) if k.startswith("refused "))
    print(f"\nrules fuzz {game}: {stats['matches']} matches, {stats['tried']} actions tried, "
          f"{stats['applied']} legal applied, {stats['refused']} invalid refused ({detail})")
    assert stats["refused"] > 0 and stats["applied"] > 0
