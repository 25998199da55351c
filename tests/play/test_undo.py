"""Undo and takebacks (docs/play-by-web.md, "Undo: where the line is"), on the toy game's long turns:
``add`` changes nothing hidden, ``roll`` uses the dice, ``show`` reveals a secret, ``end`` hands over."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from server.engine.core import canonical
from server.matches import endings
from server.matches.service import Illegal, Stale
from tests.play.conftest import Bench

ADD1, ADD2 = {"type": "add", "n": 1}, {"type": "add", "n": 2}
ROLL, SHOW, END = {"type": "roll"}, {"type": "show"}, {"type": "end"}


@contextlib.contextmanager
def applies(rules: Any) -> Iterator[list[Any]]:
    """The actions ``rules.apply`` is given inside the block (the game's own work, counted)."""
    real_apply, calls = rules.apply, []

    def counting(state: Any, role: str, action: Any) -> Any:
        calls.append(action)
        return real_apply(state, role, action)

    rules.apply = counting
    try:
        yield calls
    finally:
        rules.apply = real_apply


def view(bench: Bench, m: str, who: str) -> dict:
    role = bench.summary(m, who)["my_role"]
    return bench.svc.view(m, role)[1]


def test_undo_returns_to_the_state_before_the_own_actions_and_logs_it(bench: Bench) -> None:
    m = bench.match()
    before = view(bench, m, "ann")
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", ADD2)
    assert bench.summary(m, "ann")["undo"] == {"steps": 2}
    version = bench.undo(m, "ann", steps=2)
    assert version == 3  # the log only grows: two actions and the undo
    after = view(bench, m, "ann")
    assert after["total"] == before["total"] == 0
    assert after["log"][-1] == {"key": "platform.undo", "args": {"side": {"key": "side.north"}, "n": 2}}
    assert bench.summary(m, "ann")["undo"] == {"steps": 0}


def test_undo_stops_at_a_die_roll_never_a_reroll(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", ROLL)
    bench.act(m, "ann", ADD2)
    assert bench.summary(m, "ann")["undo"] == {"steps": 1}
    with pytest.raises(Illegal, match="die roll or a draw"):
        bench.undo(m, "ann", steps=2)
    # Not even with the opponent's consent.
    with pytest.raises(Illegal, match="your own action that rolled a die"):
        endings.offer(bench.svc, m, bench.users["ann"], "takeback", 2)


def test_undo_stops_at_a_reveal(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", SHOW)
    bench.act(m, "ann", ADD1)
    with pytest.raises(Illegal, match="revealed something"):
        bench.undo(m, "ann", steps=2)
    bench.undo(m, "ann", steps=1)
    assert view(bench, m, "bob")["shown"] != {}  # what was shown stays shown


def test_undo_stops_at_the_opponents_action_but_not_at_handing_over(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", END)
    # Handed over, the opponent has not acted yet: north may still take it back.
    assert bench.summary(m, "ann")["undo"] == {"steps": 2}
    bench.undo(m, "ann", steps=1)
    assert bench.summary(m, "ann")["to_move"] == ["north"]
    bench.act(m, "ann", END)
    bench.act(m, "bob", ADD2)
    assert bench.summary(m, "ann")["undo"] is None or bench.summary(m, "ann")["undo"] == {"steps": 0}
    with pytest.raises(Illegal, match="opponent's action"):
        bench.undo(m, "ann")
    assert bench.summary(m, "bob")["undo"] == {"steps": 1}


def test_a_takeback_past_the_opponents_action_needs_consent(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", ADD2)
    bench.act(m, "ann", END)
    bench.act(m, "bob", ADD1)
    offer = endings.offer(bench.svc, m, bench.users["ann"], "takeback", 2)
    assert offer == {"kind": "takeback", "by": "north", "version": 3, "steps": 2}
    assert bench.summary(m, "bob")["offer"] == offer
    with pytest.raises(Illegal, match="waits for your opponent"):
        endings.answer(bench.svc, m, bench.users["ann"], True)
    applied = endings.answer(bench.svc, m, bench.users["bob"], True)
    assert applied is not None and getattr(applied, "version", None) == 4
    v = view(bench, m, "ann")
    assert v["total"] == 2 and v["turn"] == "north"
    assert bench.summary(m, "ann")["offer"] is None


def test_a_takeback_past_the_answerers_die_roll_is_refused_to_the_answerer(bench: Bench) -> None:
    """The asker is never told whether the opponent's actions rolled or revealed something (that may be
    hidden from it): the offer is made; the opponent, whose roll it was, cannot accept it; nothing changes
    and the offer waits until it is declined."""
    m = bench.match()
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", END)
    bench.act(m, "bob", ROLL)
    bench.act(m, "bob", ADD1)
    offer = endings.offer(bench.svc, m, bench.users["ann"], "takeback", 4)
    assert offer == {"kind": "takeback", "by": "north", "version": 4, "steps": 4}
    before = view(bench, m, "bob")
    with pytest.raises(Illegal, match="past your own action that rolled a die"):
        endings.answer(bench.svc, m, bench.users["bob"], True)
    assert view(bench, m, "bob") == before and bench.summary(m, "ann")["version"] == 4
    assert bench.summary(m, "ann")["offer"] == offer
    endings.answer(bench.svc, m, bench.users["bob"], False)
    assert bench.summary(m, "ann")["offer"] is None
    # Short of the roll, the same takeback is accepted.
    endings.offer(bench.svc, m, bench.users["ann"], "takeback", 1)
    applied = endings.answer(bench.svc, m, bench.users["bob"], True)
    assert getattr(applied, "version", None) == 5 and view(bench, m, "bob")["total"] == before["total"] - 1


def test_a_takeback_is_asked_up_to_the_askers_own_roll_or_the_start(bench: Bench) -> None:
    """The reach of a takeback request is what the asker can tell: anyone's actions, back to the start."""
    m = bench.match()
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", END)
    with pytest.raises(Illegal, match="take back 2 actions at most; before that comes the start of the match"):
        endings.offer(bench.svc, m, bench.users["bob"], "takeback", 3)
    assert bench.summary(m, "ann")["offer"] is None


def test_a_declined_or_outdated_offer_does_nothing(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", ADD1)
    endings.offer(bench.svc, m, bench.users["ann"], "draw", None)
    endings.answer(bench.svc, m, bench.users["bob"], False)
    assert bench.summary(m)["offer"] is None
    endings.offer(bench.svc, m, bench.users["ann"], "draw", None)
    bench.act(m, "ann", ADD1)  # the position changed: the offer lapses
    with pytest.raises(Stale, match="no offer"):
        endings.answer(bench.svc, m, bench.users["bob"], True)


def test_undo_records_replay_to_the_same_state(bench: Bench) -> None:
    """The state after an undo is rebuilt from the log alone (cache dropped, snapshots every 4)."""
    m = bench.match()
    for action in (ADD1, ADD2, ADD1):
        bench.act(m, "ann", action)
    bench.undo(m, "ann", steps=2)
    bench.act(m, "ann", ADD2)
    bench.act(m, "ann", END)
    bench.act(m, "bob", ADD1)
    bench.undo(m, "bob")
    live = view(bench, m, "ann")
    bench.svc._cache.clear()
    assert canonical(view(bench, m, "ann")) == canonical(live)
    assert live["total"] == 3


def test_a_stale_or_foreign_undo_is_refused_and_changes_nothing(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", ADD1)
    with pytest.raises(Stale):
        bench.svc.undo(m, bench.users["ann"], 0, 1, "x1")
    with pytest.raises(Illegal, match=r"opponent.s action|undo 0"):
        bench.undo(m, "bob")
    assert bench.summary(m)["version"] == 1


def test_a_resent_undo_is_applied_once(bench: Bench) -> None:
    m = bench.match()
    bench.act(m, "ann", ADD1)
    bench.act(m, "ann", ADD1)
    first = bench.svc.undo(m, bench.users["ann"], 2, 1, "same")
    again = bench.svc.undo(m, bench.users["ann"], 2, 1, "same")
    assert first.version == again.version == 3
    assert view(bench, m, "ann")["total"] == 1


def test_a_log_full_of_undos_replays_in_one_pass(bench: Bench) -> None:
    """Rebuilding a state whose log holds many undos, without snapshots or cache, applies each
    action about once: an undo returns to a checkpoint of the same replay, not to a replay from
    the start (which grew with every undo before it, exponentially in nested cases)."""
    from server.matches.history import UNDO, Replay

    rules = bench.svc.rules("toy")
    start = rules.setup("race", {"target": 20, "turns": "long"}, b"\x01")
    records: list[tuple[str, dict[str, Any]]] = []
    for i in range(57):  # 38 adds of 1, each third record taking back the add before it
        if i % 3 == 2:
            records.append(("north", {"type": UNDO, "steps": 1, "to": len(records) - 1}))
        else:
            records.append(("north", ADD1))
    with applies(rules) as calls:
        got = Replay(rules, 0, start, records, every=10).state_at(len(records))
    assert got["total"] == 19 and got["log"][-1]["key"] == "platform.undo"
    assert len(calls) == 38  # each action once: an undo returns to a state kept from this replay


def test_undoing_the_last_action_replays_nothing(bench: Bench) -> None:
    """The state before the latest action stays in the cache beside the latest: taking that action
    back costs no replay from a snapshot (a Bulge replay stretch is up to 50 actions)."""
    m = bench.match()
    for action in (ADD1, ADD2, ADD1):
        bench.act(m, "ann", action)
    with applies(bench.svc.rules("toy")) as calls:
        bench.undo(m, "ann")
    assert calls == []
    assert view(bench, m, "ann")["total"] == 3


def test_a_cold_load_never_follows_an_undo_behind_its_snapshot(bench: Bench) -> None:
    """Every undo record has its snapshot. Here version 4 is a periodic snapshot (every 4) and
    version 5 undoes action 4, back to version 3: a cold load of version 6 starts from the undo's
    snapshot and replays one action, where it used to replay 5 from the snapshot at 4, meet the
    undo, and rebuild version 3 from the start."""
    m = bench.match()
    for _ in range(4):
        bench.act(m, "ann", ADD1)
    bench.undo(m, "ann")
    bench.act(m, "ann", ADD2)
    live = view(bench, m, "ann")
    bench.svc._cache.clear()
    with applies(bench.svc.rules("toy")) as calls:
        cold = view(bench, m, "ann")
    assert canonical(cold) == canonical(live) and live["total"] == 5
    assert calls == [ADD2]
