"""The websocket frames fit their types (``server/realtime/messages.py``): every frame the server
writes in a short match over sockets (snapshots, patches, summaries, acks, errors, chat, pong) is
checked, as it is serialised, against the TypedDict of its ``type``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from server.engine.contract import violations
from server.realtime import hub, messages
from tests.conftest import LiveServer
from tests.realtime.test_websocket import Follower, _open, _pair, open_socket, receive

FRAMES: dict[str, Any] = {"snapshot": messages.Snapshot, "patch": messages.Patch, "summary": messages.SummaryFrame,
                          "chat": messages.ChatFrame, "ack": messages.Ack, "error": messages.Error,
                          "pong": messages.Pong}


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """Every frame the hub serialises, while the test runs."""
    sent: list[dict[str, Any]] = []
    dumps = hub.dumps

    def keep(message: Any) -> str:
        sent.append(message)
        return dumps(message)

    monkeypatch.setattr(hub, "dumps", keep)
    with _open:  # the sockets opened by open_socket, closed at the end
        yield sent


def _send(ws: Any, message: dict[str, Any] | str) -> None:
    ws.send(message if isinstance(message, str) else json.dumps(message))


def test_every_frame_of_a_match_fits_its_type(live: LiveServer, frames: list[dict[str, Any]]) -> None:
    a, b, mid = _pair(live)
    fa, fb = Follower(open_socket(live, mid, a)), Follower(open_socket(live, mid, b))
    spectator = Follower(open_socket(live, mid))
    _send(fa.ws, {"type": "action", "id": "a1", "version": 0, "action": {"type": "add", "n": 2}})
    receive(fa.ws, "ack")
    fb.follow()
    spectator.follow()
    receive(fb.ws, "summary")
    _send(fb.ws, {"type": "action", "id": "b1", "version": 0, "action": {"type": "add", "n": 1}})  # stale
    _send(fb.ws, {"type": "action", "id": "b2", "version": 1, "action": {"type": "add", "n": 5}})  # illegal
    _send(fb.ws, {"type": "action", "version": 1})  # no id
    _send(fb.ws, "not json")
    _send(fb.ws, {"type": "ping"})
    _send(fb.ws, {"type": "what"})
    _send(fb.ws, {"type": "chat", "text": "good luck"})
    receive(fb.ws, "chat")
    _send(spectator.ws, {"type": "chat", "text": "hello"})  # a guest may not chat: 401
    receive(spectator.ws, "error")
    for n in range(1, 10):  # to the toy's target (20): the outcome in the patches and summaries
        f = fb if n % 2 else fa
        _send(f.ws, {"type": "action", "id": f"x{n}", "version": n, "action": {"type": "add", "n": 2}})
        receive(f.ws, "ack")
        spectator.follow()
    kinds = {f["type"] for f in frames}
    assert kinds == set(FRAMES), f"frames met: {sorted(kinds)}"
    bad = [f"{f['type']}: {v}" for f in frames for v in violations(f, FRAMES[f["type"]])]
    assert not bad, "\n".join(bad[:20])
