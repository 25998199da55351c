"""Time controls as pure functions of a given time (docs/play-by-web.md, "Creating a match")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from server.matches import clock as c

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
ROLES = ("a", "b")


def at(**delta: float) -> datetime:
    return T0 + timedelta(**delta)


def live(initial: int = 600, increment: int = 10) -> c.Clock:
    return c.start(c.new_clock({"kind": "live", "initial": initial, "increment": increment}, ROLES), ["a"], T0)


def corr(per_move_days: int = 3, cap_days: int = 7) -> c.Clock:
    tc = {"kind": "correspondence", "per_move": per_move_days * 86400, "cap": cap_days * 86400}
    return c.start(c.new_clock(tc, ROLES), ["a"], T0)


def test_a_running_side_loses_time_and_the_other_does_not() -> None:
    clock = live()
    assert c.left(clock, "a", at(seconds=100)) == 500
    assert c.left(clock, "b", at(seconds=100)) == 600


def test_live_increment_goes_to_the_side_that_acted() -> None:
    clock = c.after_action(live(), "a", ["b"], at(seconds=100))
    assert clock["left"] == {"a": 510.0, "b": 600.0}
    assert clock["running"] == ["b"]
    # Acting again within one's own turn also earns the increment (per action, not per turn).
    clock = c.after_action(clock, "b", ["b"], at(seconds=130))
    assert c.left(clock, "b", at(seconds=130)) == 580


def test_correspondence_gives_a_move_allowance_at_hand_over_up_to_the_cap() -> None:
    clock = c.after_action(corr(), "a", ["a"], at(days=1))  # a keeps the move: no new allowance
    assert c.left(clock, "a", at(days=1)) == 2 * 86400
    clock = c.after_action(clock, "a", ["b"], at(days=1))  # hands over: 2 days left + 3
    assert clock["left"]["a"] == 5 * 86400
    clock = c.after_action(clock, "b", ["a"], at(days=1, hours=1))
    clock = c.after_action(clock, "a", ["b"], at(days=1, hours=2))  # 5d - 1h + 3d, capped at 7d
    assert clock["left"]["a"] == 7 * 86400


def test_the_deadline_is_when_the_running_side_runs_out_and_the_flag_falls_then() -> None:
    clock = live()
    assert c.deadline(clock) == at(seconds=600)
    assert c.flagged(clock, at(seconds=599)) == []
    assert c.flagged(clock, at(seconds=600)) == ["a"]


def test_time_is_running_out_at_80_percent_of_a_correspondence_deadline_only() -> None:
    assert c.warn_at(corr()) == at(days=3 * 0.8)
    assert c.warn_at(live()) is None


def test_vacation_stops_the_correspondence_clock_until_its_end() -> None:
    clock = c.pause(corr(), "a", at(days=5), at(days=1))  # on vacation from day 1 to day 5
    assert c.left(clock, "a", at(days=4)) == 2 * 86400
    assert c.left(clock, "a", at(days=6)) == 1 * 86400
    assert c.deadline(clock) == at(days=7)
    back = c.resume(clock, "a", at(days=2))  # came back early
    assert c.deadline(back) == at(days=4)


def test_a_side_whose_move_starts_during_vacation_starts_when_it_ends() -> None:
    clock = c.after_action(corr(), "a", ["b"], at(hours=1), paused_until={"b": at(days=10)})
    assert c.left(clock, "b", at(days=9)) == 3 * 86400
    assert c.deadline(clock) == at(days=13)


def test_vacation_does_not_stop_a_live_clock() -> None:
    clock = c.pause(live(), "a", at(days=5), at(seconds=10))
    assert clock == live()


def test_charge_stops_every_clock() -> None:
    clock = c.charge(live(), at(seconds=50))
    assert clock["running"] == [] and clock["left"]["a"] == 550
    assert c.deadline(clock) is None and c.flagged(clock, at(days=1)) == []


def test_the_public_clock_shows_time_as_of_now() -> None:
    shown = c.public(live(), at(seconds=30))
    assert shown is not None
    assert shown["left"] == {"a": 570.0, "b": 600.0} and shown["running"] == ["a"]
    assert shown["as_of"] == at(seconds=30).isoformat() and shown["flagged"] == []


def test_a_side_on_vacation_is_shown_paused_not_running() -> None:
    clock = c.pause(corr(), "a", at(days=5), at(days=1))
    shown = c.public(clock, at(days=2))
    assert shown is not None
    assert shown["running"] == [] and shown["paused_until"] == {"a": at(days=5).isoformat()}
    assert c.public(clock, at(days=6))["running"] == ["a"]  # type: ignore[index]


@pytest.mark.parametrize("tc", [
    {"kind": "live", "initial": 5}, {"kind": "live", "initial": 600, "increment": -1},
    {"kind": "correspondence", "per_move": 60}, {"kind": "blitz"}, {"kind": "live", "initial": "600"},
    {"kind": "correspondence", "per_move": 86400, "cap": 3600},
])
def test_bad_time_controls_are_refused_with_a_reason(tc: dict[str, object]) -> None:
    with pytest.raises(c.BadTimeControl):
        c.check_time_control(tc)


def test_no_clock() -> None:
    assert c.check_time_control(None) is None and c.check_time_control({"kind": "none"}) is None
