"""Resigning, draws by agreement, rematches, invitations and ratings (docs/play-by-web.md)."""

from __future__ import annotations

import pytest

from server.matches import endings
from server.matches.service import Forbidden, Illegal
from server.profiles import Profiles
from server.ratings import glicko2
from tests.play.conftest import Bench


def profiles(bench: Bench) -> Profiles:
    return Profiles(bench.svc.sessions, bench.svc, 30, bench.clock)


def test_resigning_ends_the_match_for_the_opponent_and_the_views_show_it(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", {"type": "add", "n": 1})
    ended = endings.resign(bench.svc, m, bench.users["bob"])
    assert ended.outcome == {"winner": "north", "reason": "platform.resigned", "score": {},
                             "winners": ["north"]}
    s = bench.summary(m, "ann")
    assert s["status"] == "finished" and s["outcome"] == ended.outcome and s["to_move"] == []
    v = bench.svc.view(m, "north")[1]
    assert v["outcome"] == ended.outcome and v["actions"] == [] and v["active"] == []
    with pytest.raises(Illegal, match="over"):
        bench.act(m, "ann", {"type": "add", "n": 1})


def test_a_spectator_cannot_resign_or_offer(bench: Bench) -> None:
    m = bench.match()
    with pytest.raises(Forbidden):
        endings.resign(bench.svc, m, bench.users["cat"])
    with pytest.raises(Forbidden):
        endings.offer(bench.svc, m, bench.users["cat"], "draw", None)


def test_an_accepted_draw_offer_ends_in_a_draw(bench: Bench) -> None:
    m = bench.match()
    endings.offer(bench.svc, m, bench.users["bob"], "draw", None)
    ended = endings.answer(bench.svc, m, bench.users["ann"], True)
    assert isinstance(ended, endings.Ended)
    assert bench.summary(m)["outcome"] == {"winner": None, "reason": "platform.draw_agreed", "score": {},
                                          "winners": []}


def test_ratings_after_known_results_follow_glicko2(bench: Bench) -> None:
    """Two rated matches: ann beats bob, then they draw. Each match is one rating period."""
    m1 = bench.match()
    endings.resign(bench.svc, m1, bench.users["bob"])
    a1, b1 = glicko2.rate_match(glicko2.Rating(), glicko2.Rating(), 1.0)
    m2 = bench.match()
    endings.offer(bench.svc, m2, bench.users["ann"], "draw", None)
    endings.answer(bench.svc, m2, bench.users["bob"], True)
    a2, b2 = glicko2.rate_match(a1, b1, 0.5)
    ann = profiles(bench).profile("ann")
    assert ann["ratings"] == [{"game": "toy", "rating": round(a2.rating, 1), "rd": round(a2.rd, 1), "games": 2}]
    assert a1.rating > 1500 > b1.rating
    first = next(x for x in ann["matches"] if x["id"] == m1)
    assert first["result"] == "won" and first["opponent"] == "bob"
    assert first["rating_before"] == 1500 and first["rating_after"] == pytest.approx(a1.rating)
    bob = profiles(bench).profile("bob")
    assert bob["ratings"][0]["rating"] == round(b2.rating, 1)


def test_seeded_and_unrated_matches_leave_ratings_alone(bench: Bench) -> None:
    m1 = bench.match(seed="00ff" * 8)
    endings.resign(bench.svc, m1, bench.users["bob"])
    m2 = bench.match(rated=False)
    endings.resign(bench.svc, m2, bench.users["bob"])
    assert profiles(bench).profile("ann")["ratings"] == []
    assert bench.summary(m1)["rated"] is False


def test_a_timeout_is_unrated_when_the_match_says_so(bench: Bench) -> None:
    m = bench.match(clock={"kind": "live", "initial": 60}, on_timeout="loss", rate_timeouts=False)
    bench.clock.advance(seconds=61)
    swept = endings.sweep(bench.svc)
    assert [e.match_id for e in swept.ended] == [m]
    assert bench.summary(m)["outcome"] == {"winner": "south", "reason": "platform.timeout", "score": {},
                                          "winners": ["south"]}
    assert profiles(bench).profile("ann")["ratings"] == []


def test_a_rematch_swaps_sides_and_keeps_the_seat_for_the_opponent(bench: Bench) -> None:
    m = bench.match(clock={"kind": "live", "initial": 300, "increment": 5})
    endings.resign(bench.svc, m, bench.users["ann"])
    new = endings.rematch(bench.svc, m, bench.users["bob"], swap=True)
    assert new["my_role"] == "north" and new["rematch_of"] == m and new["status"] == "open"
    assert new["clock"]["initial"] == 300 and new["clock"]["increment"] == 5
    assert bench.summary(m)["rematch"] == new["id"]
    # Asking again gives the same rematch, not a second one.
    assert endings.rematch(bench.svc, m, bench.users["ann"], swap=True)["id"] == new["id"]
    with pytest.raises(Forbidden, match="kept for another player"):
        bench.svc.join(bench.users["cat"], new["id"], "south")
    joined = bench.svc.join(bench.users["ann"], new["id"], "south")
    assert joined["status"] == "active" and joined["seats"] == {"north": "bob", "south": "ann"}


def test_a_rematch_keeping_sides(bench: Bench) -> None:
    m = bench.match()
    endings.resign(bench.svc, m, bench.users["ann"])
    new = endings.rematch(bench.svc, m, bench.users["ann"], swap=False)
    assert new["my_role"] == "north"
    with pytest.raises(Illegal, match="when the match is over"):
        endings.rematch(bench.svc, bench.match(), bench.users["ann"], swap=True)


def test_a_private_match_is_not_in_the_lobby_and_its_seat_needs_the_link(bench: Bench) -> None:
    m = bench.svc.create(bench.users["ann"], "toy", None, "north", None, None, play={"private": True})
    assert m["invites"] is not None and set(m["invites"]) == {"south"}
    token = m["invites"]["south"].split("invite=")[1].split("&")[0]
    assert m["invites"]["south"].endswith("&seat=south")
    assert bench.svc.summary(m["id"], bench.users["bob"])["invites"] is None  # only the creator sees it
    assert m["id"] not in [s["id"] for s in bench.svc.list("open", None)]
    assert m["id"] in [s["id"] for s in bench.svc.list("mine", bench.users["ann"])]
    with pytest.raises(Forbidden, match="invitation"):
        bench.svc.join(bench.users["bob"], m["id"], "south")
    with pytest.raises(Forbidden, match="invitation"):
        bench.svc.join(bench.users["bob"], m["id"], "south", "wrong")
    assert bench.svc.join(bench.users["bob"], m["id"], "south", token)["status"] == "active"


def test_live_matches_to_watch_are_the_active_public_ones(bench: Bench) -> None:
    active = bench.match()
    hidden = bench.match(private=True)
    bench.svc.create(bench.users["ann"], "toy", None, "north", None, None)  # open
    assert [s["id"] for s in bench.svc.list("live", None)] == [active]
    assert hidden not in [s["id"] for s in bench.svc.list("live", None)]
