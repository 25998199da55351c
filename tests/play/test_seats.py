"""Seats and sides in the match service: the toy's ``trio`` scenario (north and east play ``blue`` against
south), its clocks, timeouts, claims and offers between sides."""

from __future__ import annotations

from typing import Any

import pytest

from server.matches import endings
from server.matches.service import Illegal
from tests.play.conftest import Bench

ADD1 = {"type": "add", "n": 1}


def trio(bench: Bench, **play: Any) -> str:
    """Ann north (she made it), bob south, cat east."""
    m = bench.svc.create(bench.users["ann"], "toy", "trio", "north", None, None, play=play)
    bench.svc.join(bench.users["bob"], m["id"], "south")
    assert bench.summary(m["id"])["status"] == "open"
    assert bench.svc.join(bench.users["cat"], m["id"], "east")["status"] == "active"
    return str(m["id"])


def test_the_clock_has_a_time_per_seat_and_starts_with_the_last_one(bench: Bench) -> None:
    m = bench.svc.create(bench.users["ann"], "toy", "trio", "north", None, None,
                         play={"clock": {"kind": "live", "initial": 60}})
    assert set(m["clock"]["left"]) == {"north", "south", "east"} and m["clock"]["running"] == []
    bench.svc.join(bench.users["bob"], m["id"], "south")
    assert bench.summary(m["id"])["clock"]["running"] == []
    bench.svc.join(bench.users["cat"], m["id"], "east")
    assert bench.summary(m["id"])["clock"]["running"] == ["north"]


def test_a_timeout_of_one_partner_loses_for_the_side(bench: Bench) -> None:
    m = trio(bench, clock={"kind": "live", "initial": 60}, on_timeout="loss")
    bench.act(m, "ann", ADD1)
    bench.act(m, "bob", ADD1)  # east to move, and east's time runs out
    bench.clock.advance(seconds=61)
    swept = endings.sweep(bench.svc)
    assert [e.outcome for e in swept.ended] == [{"winner": "south", "reason": "platform.timeout", "score": {},
                                                 "winners": ["south"]}]


def test_a_win_on_time_is_claimed_by_the_other_side_not_by_a_partner(bench: Bench) -> None:
    m = trio(bench, clock={"kind": "live", "initial": 60})
    bench.act(m, "ann", ADD1)  # south to move
    bench.clock.advance(seconds=61)
    with pytest.raises(Illegal, match="still has time"):
        endings.claim(bench.svc, m, bench.users["bob"])  # south is the one out of time
    ended = endings.claim(bench.svc, m, bench.users["cat"])  # east claims for blue
    assert ended.outcome == {"winner": "blue", "reason": "platform.timeout", "score": {},
                             "winners": ["north", "east"]}


def test_an_offer_is_answered_by_the_other_side(bench: Bench) -> None:
    m = trio(bench)
    endings.offer(bench.svc, m, bench.users["ann"], "draw", None)
    with pytest.raises(Illegal, match="partner"):
        endings.answer(bench.svc, m, bench.users["cat"], True)  # east plays with north
    assert bench.summary(m)["status"] == "active"
    ended = endings.answer(bench.svc, m, bench.users["bob"], True)
    assert isinstance(ended, endings.Ended) and ended.outcome["winners"] == []


def test_an_old_outcome_without_winners_gets_them_from_the_sides(bench: Bench) -> None:
    """A match finished before ``winners`` existed: its record has a winner only."""
    from server.store.models import Match

    m = trio(bench)
    endings.resign(bench.svc, m, bench.users["bob"])
    with bench.svc.sessions.begin() as db:
        row = db.get(Match, m)
        assert row is not None
        row.outcome = {"winner": "north", "reason": "platform.resigned", "score": {}}
    assert bench.summary(m)["outcome"]["winners"] == ["north", "east"]
    assert bench.svc.view(m, "south")[1]["outcome"]["winners"] == ["north", "east"]


def test_a_rematch_of_three_keeps_the_scenario_and_its_seats(bench: Bench) -> None:
    m = trio(bench)
    endings.resign(bench.svc, m, bench.users["bob"])
    new = endings.rematch(bench.svc, m, bench.users["ann"], swap=True)  # no swap among three
    assert new["scenario"] == "trio" and new["my_role"] == "north"
    assert new["seats"] == {"north": "ann", "south": None, "east": None}
