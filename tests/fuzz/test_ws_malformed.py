"""Malformed websocket messages: each is answered with an error frame (a status and a reason) and the
socket stays open, the match unchanged. Run with ``-k sqlite``."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from websockets.sync.client import connect

from tests.conftest import LiveServer
from tests.support.client import Player


def nested(depth: int) -> str:
    return '{"type": "action", "id": "deep", "version": 0, "action": {"type": "add", "n": ' + "[" * depth + \
        "]" * depth + "}}"


MESSAGES: list[tuple[str, Callable[[], str], int]] = [
    ("not JSON", lambda: "{nope", 400),
    ("not an object", lambda: "[1, 2]", 400),
    ("unknown type", lambda: '{"type": "launch"}', 400),
    ("action without id", lambda: '{"type": "action", "version": 0, "action": {"type": "add", "n": 1}}', 400),
    ("action not an object", lambda: '{"type": "action", "id": "a", "version": 0, "action": [1]}', 400),
    ("version not an int", lambda: '{"type": "action", "id": "b", "version": "0", "action": {"type": "add"}}', 400),
    ("not legal", lambda: '{"type": "action", "id": "c", "version": 0, "action": {"type": "add", "n": 3}}', 422),
    ("over 64 KiB", lambda: json.dumps({"type": "chat", "text": "x" * 70_000}), 413),
    ("nested 900 deep", lambda: nested(900), 422),
]
DEEP = ("nested 5000 deep", lambda: nested(5000), 400)


@pytest.mark.parametrize(("label", "message", "status"),
                         [*MESSAGES, DEEP],
                         ids=[m[0] for m in [*MESSAGES, DEEP]])
def test_malformed_message_gets_an_error_frame(live: LiveServer, label: str, message: Callable[[], str],
                                              status: int) -> None:
    a, b = Player(live.url).register(), Player(live.url).register()
    mid = a.create("toy", "north")["id"]
    assert b.join(mid, "south").status_code == 200
    cookie = {"Cookie": f"cp_session={a.http.cookies['cp_session']}"}
    with connect(f"{live.ws_url}/ws/matches/{mid}", additional_headers=cookie, open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
        ws.send(message())
        reply = json.loads(ws.recv(timeout=10))
        assert reply["type"] == "error" and reply["status"] == status, reply
        assert isinstance(reply["reason"], str) and reply["reason"].strip()
        ws.send('{"type": "ping"}')  # still open
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"
    assert a.view(mid)["version"] == 0
