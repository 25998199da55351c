"""The computer's seat in the match service (server/matches/computer.py), on the toy game's long turns with a
judge of its own (``add`` changes nothing hidden, ``roll`` uses the dice, ``end`` hands over): the runner
moves through ``MatchService.act``; the same decision cannot land twice (a retry, a second process);
takebacks against the computer; draws; a claim on time; the computer's account reads no notifications."""

from __future__ import annotations

import asyncio
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select

from server import bots
from server.bots.pool import Pool
from server.matches import computer as computers
from server.matches import endings
from server.matches.service import Illegal, MatchService
from server.realtime.broker import LocalBroker
from server.store.models import ActionRecord, Notification, User
from tests.play.conftest import Bench

ADD1, ROLL, END = {"type": "add", "n": 1}, {"type": "roll"}, {"type": "end"}


def _evaluate(world: dict[str, Any], role: str) -> float:
    return 1.0 if world["turn"] != role else 0.0  # hand the turn over at once


TOY_JUDGE = types.SimpleNamespace(TUNING={}, determinize=lambda state, role, rnd: state, evaluate=_evaluate,
                                  prior=lambda world, role, actions: [0.0] * len(actions))


@pytest.fixture
def toy_judge(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game gets a judge (the runner's pool thinks in a thread of this process, so it sees it)."""
    real = bots.judge_for
    monkeypatch.setattr(bots, "judge_for", lambda game: TOY_JUDGE if game == "toy" else real(game))
    yield


def start(bench: Bench, secrets: str = "kept", **play: Any) -> str:
    """Ann plays south; the computer (easy) plays north, which moves first."""
    m = bench.svc.create(bench.users["ann"], "toy", None, "south", {"turns": "long", "secrets": secrets}, None,
                         play=play, computer={"north": "easy"})
    assert m["status"] == "active" and m["computer"] == {"north": "easy"} and m["rated"] is False
    return str(m["id"])


def settle(*runners: computers.Computer, match_id: str) -> None:
    """Wake the runners on the match and wait until they have done all they would."""
    async def go() -> None:
        for runner in runners:
            runner.wake(match_id)
        for runner in runners:
            await runner.idle(60)
    asyncio.run(go())


def runner(svc: MatchService) -> computers.Computer:
    return computers.Computer(svc, LocalBroker(), Pool(0))


def records(bench: Bench, match_id: str) -> list[ActionRecord]:
    with bench.svc.sessions() as db:
        return list(db.scalars(select(ActionRecord).where(ActionRecord.match_id == match_id)
                               .order_by(ActionRecord.seq)))


def computer_id(bench: Bench) -> int:
    return computers.account(bench.svc, "easy")


def test_the_computer_moves_through_the_action_pipeline_with_an_id_per_version(bench: Bench, toy_judge: None) -> None:
    m = start(bench)
    settle(runner(bench.svc), match_id=m)
    log = records(bench, m)
    assert [(r.seq, r.role, r.action, r.client_id) for r in log] == [(1, "north", END, "computer:0")]
    assert log[0].user_id == computer_id(bench)
    s = bench.summary(m, "ann")
    assert s["to_move"] == ["south"] and s["my_turn"] and s["seats"]["north"] == "Computer (easy)"
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", END)
    settle(runner(bench.svc), match_id=m)
    assert [r.client_id for r in records(bench, m)][-1] == "computer:3"


def test_a_retried_decision_does_not_land_twice(bench: Bench, toy_judge: None) -> None:
    """The same (match, version) is the same client id: a retry, even of another action, returns the version
    the first one made and writes nothing."""
    m = start(bench)
    settle(runner(bench.svc), match_id=m)
    again = bench.svc.act(m, computer_id(bench), 0, ADD1, computers.client_id(0))
    assert again.version == 1
    assert len(records(bench, m)) == 1
    assert bench.svc.state_at_version(m, 1)["total"] == 0


def test_two_processes_deciding_the_same_move_apply_it_once(bench: Bench, toy_judge: None) -> None:
    """Two services on one database (two app processes, each with its runner), woken on the same match at once."""
    other = MatchService(bench.svc.sessions, snapshot_every=4, clock=bench.clock)
    first, second = runner(bench.svc), runner(other)
    for _ in range(3):
        m = start(bench)
        settle(first, second, match_id=m)
        log = records(bench, m)
        assert [(r.seq, r.client_id) for r in log] == [(1, "computer:0")]
        assert bench.summary(m)["to_move"] == ["south"]


def test_a_person_may_not_use_the_computers_action_ids(bench: Bench, toy_judge: None) -> None:
    m = start(bench)
    settle(runner(bench.svc), match_id=m)
    with pytest.raises(Illegal, match="computer"):
        bench.svc.act(m, bench.users["ann"], 1, ADD1, "computer:1")


def test_a_takeback_of_the_persons_move_and_the_computers_reply_is_accepted_at_once(bench: Bench,
                                                                                    toy_judge: None) -> None:
    """For a learner: ask for a takeback of two actions, your move and the computer's reply, and it is done
    (in a match that hides nothing from the asker)."""
    m = start(bench, secrets="shown")
    run = runner(bench.svc)
    settle(run, match_id=m)
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", END)
    settle(run, match_id=m)  # the computer replies: it ends its turn
    assert bench.summary(m)["version"] == 4
    endings.offer(bench.svc, m, bench.users["ann"], "takeback", 2)
    settle(run, match_id=m)
    s = bench.summary(m, "ann")
    assert s["offer"] is None and s["version"] == 5 and s["to_move"] == ["south"]
    state = bench.svc.state_at_version(m, 5)
    assert state["total"] == 1 and state["turn"] == "south"  # back to after Ann's add, before her end
    assert records(bench, m)[-1].kind == "undo"


def test_a_takeback_across_the_computers_die_roll_is_declined(bench: Bench, toy_judge: None) -> None:
    """The computer never takes back its own action that rolled a die (the roll is known): it declines."""
    m = start(bench, secrets="shown")
    run = runner(bench.svc)
    settle(run, match_id=m)
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", END)
    cid = computer_id(bench)
    bench.svc.act(m, cid, 3, ROLL, computers.client_id(3))  # as if the computer had rolled, then ended
    bench.svc.act(m, cid, 4, END, computers.client_id(4))
    endings.offer(bench.svc, m, bench.users["ann"], "takeback", 3)
    settle(run, match_id=m)
    s = bench.summary(m, "ann")
    assert s["offer"] is None and s["version"] == 5


def test_a_takeback_across_the_computers_action_is_declined_where_the_match_hides_something(
        bench: Bench, toy_judge: None) -> None:
    """Where the match hides something from the asker, whether the computer's action rolled may be hidden too
    (a Bulge paradrop under fog): a takeback crossing any computer action is declined, rolled or not, so the
    answer cannot tell the asker of a roll it did not see."""
    m = start(bench)
    run = runner(bench.svc)
    settle(run, match_id=m)  # the computer ends its turn: no roll
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", END)
    settle(run, match_id=m)
    endings.offer(bench.svc, m, bench.users["ann"], "takeback", 2)
    settle(run, match_id=m)
    s = bench.summary(m, "ann")
    assert s["offer"] is None and s["version"] == 4  # declined: nothing taken back


def test_the_computer_declines_a_draw(bench: Bench, toy_judge: None) -> None:
    m = start(bench)
    run = runner(bench.svc)
    settle(run, match_id=m)
    endings.offer(bench.svc, m, bench.users["ann"], "draw", None)
    settle(run, match_id=m)
    s = bench.summary(m, "ann")
    assert s["offer"] is None and s["status"] == "active"


def test_the_computer_claims_the_win_when_the_persons_time_is_up(bench: Bench, toy_judge: None) -> None:
    m = start(bench, clock={"kind": "live", "initial": 60, "increment": 0})
    run = runner(bench.svc)
    settle(run, match_id=m)
    bench.clock.advance(seconds=61)
    settle(run, match_id=m)
    s = bench.summary(m, "ann")
    assert s["status"] == "finished"
    assert s["outcome"] == {"winner": "north", "reason": "platform.timeout", "score": {},
                            "winners": ["north"]}


def test_the_computers_account_gets_no_notifications_and_cannot_log_in(bench: Bench, toy_judge: None) -> None:
    from server.accounts import Accounts
    from server.matches.service import MatchError

    outbox_rows: list[Any] = []

    class Notices:
        def write(self, db: Any, m: Any, kind: str, roles: Any = None, skip: Any = (), reserved: bool = False) -> None:
            from server.notify.outbox import Outbox

            Outbox("http://x", email=False, clock=bench.clock).write(db, m, kind, roles, skip, reserved)
            outbox_rows.append(kind)

    bench.svc.notices = Notices()
    m = start(bench)
    settle(runner(bench.svc), match_id=m)
    bench.act(m, "ann", END)  # the computer's move: a your_move notice would be the computer's
    settle(runner(bench.svc), match_id=m)
    assert "your_move" in outbox_rows
    with bench.svc.sessions() as db:
        cid = computer_id(bench)
        assert db.scalars(select(Notification).where(Notification.user_id == cid)).all() == []
        name = db.get(User, cid).username  # type: ignore[union-attr]
    accounts = Accounts(bench.svc.sessions, 1, 8192)
    for guess in (name, "#computer:easy", "computer:easy"):
        for password in ("!", "", "correct horse 1"):
            with pytest.raises(MatchError, match="Wrong user name or password"):
                accounts.login(guess, password, None)
    with pytest.raises(MatchError) as refused:  # a person cannot take its name
        accounts.register(name, "a long password 1")
    assert refused.value.status == 422


def test_the_record_counts_each_levels_finished_matches_from_its_side(bench: Bench, toy_judge: None) -> None:
    rnd = random.Random(1)
    results = []
    for _ in range(3):
        m = start(bench)
        run = runner(bench.svc)
        while bench.summary(m)["status"] == "active":
            settle(run, match_id=m)
            if bench.summary(m)["status"] != "active":
                break
            bench.act(m, "ann", rnd.choice([ADD1, {"type": "add", "n": 2}]))
        results.append(bench.summary(m)["outcome"]["winner"])
    with bench.svc.sessions() as db:
        record = computers.records(db, "toy")
    assert record["easy"] == {"won": results.count("north"), "lost": results.count("south"), "drawn": 0}
    assert record["strong"] == {"won": 0, "lost": 0, "drawn": 0}


def test_the_computer_short_of_time_decides_fast(bench: Bench, toy_judge: None) -> None:
    """With less than 20 times its level's guard left on its clock, the computer decides as `easy` does."""
    levels: list[str] = []

    class Recording(Pool):
        async def choose(self, game: str, state: Any, role: str, level: str, seed: int) -> Any:
            levels.append(level)
            return await super().choose(game, state, role, level, seed)

    m = bench.svc.create(bench.users["ann"], "toy", None, "south", {"turns": "long"}, None,
                         play={"clock": {"kind": "live", "initial": 60, "increment": 0}}, computer={"north": "strong"})
    bench.clock.advance(seconds=30)  # 30 s left: under 20 × 1.8 s
    run = computers.Computer(bench.svc, LocalBroker(), Recording(0))
    settle(run, match_id=m["id"])
    assert levels == ["easy"]
    bench.act(m["id"], "ann", END)
    bench.clock.advance(seconds=1)
    fresh = bench.svc.create(bench.users["bob"], "toy", None, "south", {"turns": "long"}, None,
                             play={"clock": {"kind": "live", "initial": 600, "increment": 0}},
                             computer={"north": "strong"})
    settle(run, match_id=fresh["id"])
    assert levels == ["easy", "strong"]


def test_a_computer_that_keeps_moving_plays_at_random_past_the_run_limit(bench: Bench, toy_judge: None,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A judge that never hands the turn over (it values keeping it) is a cycle's stand-in: past RUN_LIMIT moves
    in a row the runner asks for random moves, and the match goes on to an end instead of spinning."""
    keeper = types.SimpleNamespace(**{**vars(TOY_JUDGE), "evaluate": lambda world, role: float(world["turn"] == role)})
    monkeypatch.setattr(bots, "judge_for", lambda game: keeper)
    monkeypatch.setattr(computers, "RUN_LIMIT", 3)
    levels: list[str] = []
    r = runner(bench.svc)
    real = r.pool.choose

    async def recording(game: str, state: Any, role: str, level: str, seed: int) -> Any:
        levels.append(level)
        return await real(game, state, role, level, seed)
    monkeypatch.setattr(r.pool, "choose", recording)
    m = bench.svc.create(bench.users["ann"], "toy", None, "south", {"turns": "long", "target": 20}, None,
                         play={}, computer={"north": "easy"})["id"]
    settle(r, match_id=m)
    assert levels[:3] == ["easy"] * 3 and len(levels) > 3 and set(levels[3:]) == {bots.RANDOM}
    s = bench.summary(m)
    assert s["status"] == "finished" or s["to_move"] == ["south"]  # it stopped: an end, or the turn handed over
