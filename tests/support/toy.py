"""A tiny game for service tests: race to 10, with one secret per player.

Two roles take turns adding 1 or 2 to a shared total; whoever reaches 10 wins. At setup each role
draws a secret number from the match RNG that only its own view shows, so the service's
per-role views and patches can be checked without knowing a real game.

With the option ``turns: "long"`` a turn is several actions: ``add`` keeps the turn, ``roll`` adds a
die (randomness), ``show`` reveals the player's secret to everyone, ``end`` hands the turn over: enough
to test where an undo must stop. With ``secrets: "shown"`` both secrets are public from the start: a match
that hides nothing.

The scenario ``trio`` has three seats in two sides: north and east play the side ``blue`` against south
(``red``), and the turn goes round the seats (north, south, east). ``race`` seats north and south only.
"""

from __future__ import annotations

import copy
from typing import Any

from server.engine import rng
from server.engine.core import Action, OptionSpec, Outcome, Role, Scenario, State, visible_log


class Toy:
    id = "toy"
    roles = ("north", "south", "east")
    scenarios = {"race": Scenario("race", {"en": "Race to 10", "ja": "10への競争"}),
                 "trio": Scenario("trio", {"en": "Race of three", "ja": "三人の競争"})}
    SIDES = {"north": "blue", "east": "blue", "south": "red"}
    options = (OptionSpec("target", 10, (10, 20)), OptionSpec("turns", "short", ("short", "long")),
               OptionSpec("secrets", "kept", ("kept", "shown")))
    names = {"en": "Toy", "ja": "トイ"}

    def seats(self, scenario: str, options: Any) -> tuple[Role, ...]:
        return self.roles if scenario == "trio" else ("north", "south")

    def side_of(self, role: Role) -> str:
        return self.SIDES[role]

    def setup(self, scenario: str, options: Any, seed: bytes) -> State:
        seats = self.seats(scenario, options)
        state: State = {"rng": rng.init(seed), "total": 0, "turn": "north", "log": [],
                        "target": options.get("target", 10), "long": options.get("turns") == "long",
                        "shown": list(seats) if options.get("secrets") == "shown" else []}
        if scenario == "trio":
            state["order"] = list(seats)
        state["secret"] = {r: rng.roll(state, 100) for r in seats}
        return state

    @staticmethod
    def _next(state: State, role: Role) -> Role:
        order = state.get("order", ["north", "south"])
        return str(order[(order.index(role) + 1) % len(order)])

    def active_roles(self, state: State) -> frozenset[Role]:
        return frozenset() if self.outcome(state) else frozenset({state["turn"]})

    def legal_actions(self, state: State, role: Role) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        actions: list[Action] = [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
        if state.get("long"):
            actions += [{"type": "roll"}, {"type": "end"}]
            if role not in state["shown"]:
                actions.append({"type": "show"})
        return actions

    def apply(self, state: State, role: Role, action: Action) -> State:
        if action["type"] in ("roll", "show", "end"):
            if action["type"] == "roll":
                state["total"] += rng.roll(state, 2)
            elif action["type"] == "show":
                state["shown"] = sorted([*state["shown"], role])
            else:
                state["turn"] = self._next(state, role)
            state["last"] = role
            return state
        state["total"] += action["n"]
        state["log"].append({"key": "log.add", "args": {"role": role, "n": action["n"]}, "to": None})
        state["log"].append({"key": "log.private", "args": {"secret": state["secret"][role]}, "to": [role]})
        if not state.get("long"):
            state["turn"] = self._next(state, role)
        state["last"] = role
        return state

    def revealed(self, before: State, after: State) -> bool:
        return len(after.get("shown", [])) > len(before.get("shown", []))

    def view(self, state: State, role: Role | None) -> dict[str, Any]:
        v: dict[str, Any] = {"total": state["total"], "turn": state["turn"],
                             "log": visible_log(state["log"], role),
                             "prompt": {"key": "prompt.add", "args": {}}}
        v["shown"] = {r: state["secret"][r] for r in state.get("shown", [])}
        if role in state["secret"]:
            v["secret"] = state["secret"][role]
        elif role == "*":
            v["secret"] = dict(state["secret"])
        return v

    def outcome(self, state: State) -> Outcome | None:
        if state["total"] >= state["target"]:
            return Outcome(state["last"], "reached the target", {"total": state["total"]})
        return None

    def hidden_variant(self, state: State, role: Role | None, seed: int) -> State | None:
        other = copy.deepcopy(state)
        for r in state["secret"]:
            if r != role and r not in state.get("shown", []):  # a shown secret is public
                other["secret"][r] = (other["secret"][r] + seed + 1) % 100 + 1
        return other

    def static_data(self) -> dict[str, Any]:
        return {"board": {"kind": "none"}, "counters": {}, "messages": {"en": {}, "ja": {}}}


TOY = Toy()
