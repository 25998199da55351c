"""A player's slow webhook cannot hold anybody's request (DESIGN.md "Side effects leave the request
path"). Each test gives both players one loopback webhook that holds its answers, one sleeping 4 s,
one trickling a byte every 3 s (httpx's timeouts count per read, so a trickle never meets them).
The join and the action must come back before the webhook has let go of its first answer; each
delivery must end at its own deadline (1 s here) while the webhook still holds it, wait its
backoff, and be delivered when it is tried again. The orderings are read from the receiver's
events, not from measured durations."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.conftest import FakeClock, LiveServer
from tests.notify.slowhook import SlowHook
from tests.notify.support import settled, until, with_webhook

DEADLINE = 1.0
RETRY = 60.0


@pytest.mark.parametrize("mode", ["sleep", "trickle"])
def test_a_slow_webhook_holds_neither_the_join_nor_the_action(database: str, mode: str) -> None:
    clock = FakeClock()
    with SlowHook(mode, hold=4.0, every=3.0) as hook, \
            LiveServer(database, clock=clock, webhook_private=True, notify_deadline_seconds=DEADLINE,
                       notify_retry_seconds=RETRY, notify_poll_seconds=0.2) as server:
        north, south = with_webhook(server, hook.url), with_webhook(server, hook.url)
        m = north.create("toy", "north")["id"]

        r = south.join(m, "south")  # north is away: "south joined" and "your move" to north's webhook
        answered_before_the_join_returned = hook.answered.is_set()
        assert r.status_code == 200, r.text
        assert not answered_before_the_join_returned

        r = north.act(m, 0, {"type": "add", "n": 1})  # "your move" to south's webhook
        answered_before_the_action_returned = hook.answered.is_set()
        assert r.status_code == 200, r.text
        assert not answered_before_the_action_returned

        # Every delivery reached the webhook and ended at its deadline, while the webhook still held it.
        cut = until(lambda: settled(database, lambda d: d["attempts"] == 1 and d["claimed_by"] is None, 3),
                    what="three deliveries cut at their deadline")
        assert not hook.answered.is_set()
        assert len(hook.requests) == 3
        assert sorted((d["username"], d["kind"]) for d in cut) == sorted(
            [(north.name, "opponent_joined"), (north.name, "your_move"), (south.name, "your_move")])
        for d in cut:
            assert d["state"] == "pending" and d["channel"] == "webhook"
            assert f"within {DEADLINE:g} s" in d["last_error"]
            assert d["next_at"] == clock() + timedelta(seconds=RETRY)  # the first backoff

        # Later, the webhook answers at once: the retry delivers each notification.
        hook.fast()
        clock.advance(seconds=RETRY + 1)
        done = until(lambda: settled(database, lambda d: d["state"] == "sent", 3), what="the retries")
        assert [d["attempts"] for d in done] == [2, 2, 2]
        assert len(hook.requests) == 6
