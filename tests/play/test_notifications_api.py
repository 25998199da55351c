"""Notifications end to end: an action by one player reaches the other, who is not connected,
through a real SMTP server and a real webhook receiver, and the in-app list; a connected player
gets nothing; the unsubscribe link of the e-mail stops e-mail."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from tests.conftest import LiveServer, free_port
from tests.notify.test_email import HOST, Recorder
from tests.notify.test_webhook import Receiver
from tests.realtime.test_websocket import _close_sockets, open_socket, receive  # noqa: F401
from tests.support.client import Player


@pytest.fixture
def smtp() -> Iterator[Recorder]:
    recorder = Recorder()
    recorder.port = free_port()  # type: ignore[attr-defined]
    controller = Controller(recorder, hostname=HOST, port=recorder.port)  # type: ignore[attr-defined]
    controller.start()
    try:
        yield recorder
    finally:
        controller.stop()


@pytest.fixture
def hooks() -> Iterator[Receiver]:
    import threading

    server = Receiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def server(database: str, smtp: Recorder) -> Iterator[LiveServer]:
    with LiveServer(database, smtp_host=HOST, smtp_port=_port_of(smtp), webhook_private=True) as s:
        yield s


def _port_of(recorder: Recorder) -> int:
    return recorder.port  # type: ignore[attr-defined,no-any-return]


def until(check: Any, timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("nothing arrived")


def subscribed(p: Player, hooks: Receiver, **extra: Any) -> Player:
    r = p.http.put("/api/me/settings", json={"email": f"{p.name}@example.org", "webhook_url": f"{hooks.base}/hook",
                                             "webhook_format": "json", **extra})
    assert r.status_code == 200, r.text
    return p


def test_your_move_reaches_an_absent_player_by_email_webhook_and_in_app(
        server: LiveServer, smtp: Recorder, hooks: Receiver) -> None:
    north = subscribed(Player(server.url).register(), hooks)
    south = subscribed(Player(server.url).register(), hooks, language="ja")
    m = north.create("toy", "north")["id"]
    assert south.join(m, "south").status_code == 200
    # north was away when south joined: "your opponent joined", and it is north's move.
    # the mail and the webhook go out independently: wait for both.
    until(lambda: len(smtp.received) >= 2 and len(hooks.requests) >= 2)
    kinds = sorted(json.loads(r["body"])["kind"] for r in hooks.requests)
    assert kinds == ["opponent_joined", "your_move"]
    smtp.received.clear()
    hooks.requests.clear()
    assert north.act(m, 0, {"type": "add", "n": 1}).status_code == 200
    mail = until(lambda: smtp.received and smtp.received[0])
    assert mail.rcpt_tos == [f"{south.name}@example.org"]
    assert "あなたの手番です" in mail.message["Subject"]  # south reads Japanese
    body = mail.message.get_content()
    assert f"{server.url}/match/{m}" in body and "/api/unsubscribe?" in body
    hook = until(lambda: hooks.requests and json.loads(hooks.requests[0]["body"]))
    assert hook["kind"] == "your_move" and hook["match_id"] == m and hook["opponent"] == north.name
    assert set(hook) == {"kind", "match_id", "game", "opponent", "result", "deadline", "url", "subject", "text"}
    inbox = south.http.get("/api/notifications").json()
    assert inbox["unread"] == 1 and inbox["items"][0]["kind"] == "your_move"
    assert south.http.post("/api/notifications/read", json={"all": True}).status_code == 204
    assert south.http.get("/api/notifications").json()["unread"] == 0


def test_a_connected_player_is_not_notified(server: LiveServer, smtp: Recorder, hooks: Receiver) -> None:
    north = subscribed(Player(server.url).register(), hooks)
    south = subscribed(Player(server.url).register(), hooks)
    m = north.create("toy", "north")["id"]
    ws = open_socket(server, m, north)
    receive(ws, "snapshot")
    south.join(m, "south")
    ws_south = open_socket(server, m, south)
    receive(ws_south, "snapshot")
    time.sleep(0.3)  # let any (wrong) delivery happen before looking
    assert north.act(m, 0, {"type": "add", "n": 1}).status_code == 200
    time.sleep(0.5)
    assert smtp.received == [] and hooks.requests == []
    assert south.http.get("/api/notifications").json()["unread"] == 0


def test_the_unsubscribe_link_stops_email(server: LiveServer, smtp: Recorder, hooks: Receiver) -> None:
    north = subscribed(Player(server.url).register(), hooks)
    south = subscribed(Player(server.url).register(), hooks)
    m = north.create("toy", "north")["id"]
    south.join(m, "south")
    north.act(m, 0, {"type": "add", "n": 1})
    mail = until(lambda: next((r for r in smtp.received if r.rcpt_tos == [f"{south.name}@example.org"]), None))
    link = mail.message["List-Unsubscribe"].strip("<>")
    assert httpx.get(link).status_code == 200
    assert httpx.get(link.replace("t=", "t=x")).status_code == 404
    assert south.http.get("/api/me/settings").json()["notify_email"] is False
    smtp.received.clear()
    south.act(m, 1, {"type": "add", "n": 1})
    north.act(m, 2, {"type": "add", "n": 1})
    until(lambda: len([r for r in hooks.requests if b'"your_move"' in r["body"]]) >= 3)
    assert all(r.rcpt_tos != [f"{south.name}@example.org"] for r in smtp.received)


def test_a_webhook_to_a_private_address_is_refused_by_default(database: str) -> None:
    with LiveServer(database) as s:
        p = Player(s.url).register()
        r = p.http.put("/api/me/settings", json={"webhook_url": "http://127.0.0.1:9/hook"})
        assert r.status_code == 422 and "public address" in r.json()["reason"]
        r = p.http.put("/api/me/settings", json={"email": "not an address"})
        assert r.status_code == 422
