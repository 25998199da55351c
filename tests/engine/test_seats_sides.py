"""Seats and sides read through ``seats_of`` and ``side_of``: a rules object without the optional methods
keeps working (every role a seat, each role its own side); winners are every seat of the winning side."""

from __future__ import annotations

import types

import pytest

from server.engine.core import Outcome, make_view, seats_of, side_of, sides_of, winners, with_winners, won
from tests.support.toy import TOY


def test_a_rules_object_without_seats_or_sides_has_every_role_a_seat_and_its_own_side() -> None:
    bare = types.SimpleNamespace(id="bare", roles=("red", "blue"))
    assert seats_of(bare, "any", {}) == ("red", "blue")  # type: ignore[arg-type]
    assert side_of(bare, "red") == "red"  # type: ignore[arg-type]
    assert winners(bare, "blue", ("red", "blue")) == ["blue"]  # type: ignore[arg-type]
    assert won(bare, None, "red") is None and won(bare, "red", "blue") is False  # type: ignore[arg-type]


def test_the_toy_seats_follow_the_scenario_and_sides_group_roles() -> None:
    assert seats_of(TOY, "race", {}) == ("north", "south")
    assert seats_of(TOY, "trio", {}) == ("north", "south", "east")
    assert sides_of(TOY, ("north", "south", "east")) == {"north": "blue", "south": "red", "east": "blue"}
    trio = ("north", "south", "east")
    assert winners(TOY, "east", trio) == ["north", "east"]  # a role's win is its side's
    assert winners(TOY, "blue", trio) == ["north", "east"]  # or the side is named
    assert winners(TOY, "north", ("north", "south")) == ["north"]  # only seats of this match win
    assert winners(TOY, None, trio) == []
    assert won(TOY, "blue", "east") is True and won(TOY, "east", "south") is False


def test_seats_that_are_not_distinct_roles_of_the_game_are_refused() -> None:
    for seats in (("north", "west"), ("north", "north"), ()):
        odd = types.SimpleNamespace(id="odd", roles=("north", "south"), seats=lambda s, o, seats=seats: seats)
        with pytest.raises(ValueError, match="not distinct roles"):
            seats_of(odd, "x", {})  # type: ignore[arg-type]


def test_views_and_old_records_carry_the_winners() -> None:
    state = TOY.setup("trio", {}, b"seats-and-sides-0")
    state.update(total=10, last="east")
    assert make_view(TOY, state, "south", ("north", "south", "east"))["outcome"]["winners"] == ["north", "east"]
    assert Outcome("south", "x").to_json(["south"])["winners"] == ["south"]  # type: ignore[arg-type]
    old = {"winner": "north", "reason": "platform.resigned", "score": {}}
    assert with_winners(TOY, old, ("north", "south", "east"))["winners"] == ["north", "east"]  # type: ignore[arg-type]
