"""Chat: the players' and the spectators' channels, their readers, limits, and live delivery."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import FakeClock, LiveServer
from tests.realtime.test_websocket import _close_sockets, open_socket, receive  # noqa: F401
from tests.support.client import Player


@pytest.fixture
def server(database: str) -> Iterator[tuple[LiveServer, FakeClock]]:
    clock = FakeClock()
    with LiveServer(database, clock=clock, sweep_seconds=0) as s:
        yield s, clock


def say(p: Player, match_id: str, text: str) -> Any:
    return p.http.post(f"/api/matches/{match_id}/chat", json={"text": text})


def read(p: Player, match_id: str) -> list[tuple[str, str]]:
    return [(m["channel"], m["text"]) for m in p.http.get(f"/api/matches/{match_id}/chat").json()]


def test_players_and_spectators_have_their_own_channels(server: Any) -> None:
    live, _ = server
    north, south, fan = (Player(live.url).register() for _ in range(3))
    m = north.create("toy", "north")["id"]
    south.join(m, "south")
    assert say(north, m, "good luck").status_code == 201
    assert say(fan, m, "north is doomed").status_code == 201
    assert read(south, m) == [("players", "good luck")]  # no coaching from the gallery
    assert read(fan, m) == [("players", "good luck"), ("spectators", "north is doomed")]
    assert read(Player(live.url), m) == [("players", "good luck")]  # a guest: the gallery only after the end
    assert say(Player(live.url), m, "hi").status_code == 401  # but must log in to write
    north.http.post(f"/api/matches/{m}/resign")
    assert read(south, m) == [("players", "good luck"), ("spectators", "north is doomed")]


def test_chat_limits_length_and_rate(server: Any) -> None:
    live, clock = server
    north = Player(live.url).register()
    m = north.create("toy", "north")["id"]
    assert say(north, m, "   ").status_code == 422
    assert say(north, m, "x" * 501).status_code == 422
    assert say(north, m, "x" * 500).status_code == 201
    for i in range(4):
        assert say(north, m, f"m{i}").status_code == 201
    r = say(north, m, "one too many")
    assert r.status_code == 429 and "wait" in r.json()["reason"]
    clock.advance(seconds=11)
    assert say(north, m, "later").status_code == 201


def test_chat_is_delivered_live_to_those_who_may_read_it(server: Any) -> None:
    live, _ = server
    north, south, fan = (Player(live.url).register() for _ in range(3))
    m = north.create("toy", "north")["id"]
    south.join(m, "south")
    ws_south, ws_fan = open_socket(live, m, south), open_socket(live, m, fan)
    receive(ws_south, "snapshot")
    receive(ws_fan, "snapshot")
    ws_north = open_socket(live, m, north)
    receive(ws_north, "snapshot")
    ws_north.send('{"type": "chat", "text": "ready?"}')
    for ws in (ws_south, ws_fan, ws_north):
        msg = receive(ws, "chat")
        assert msg["message"]["text"] == "ready?" and msg["message"]["user"] == north.name
    ws_fan.send('{"type": "chat", "text": "<b>go</b>"}')
    assert receive(ws_fan, "chat")["message"]["text"] == "<b>go</b>"  # stored as text; the page escapes it
    south.http.post(f"/api/matches/{m}/chat", json={"text": "yes"})
    assert receive(ws_south, "chat")["message"]["text"] == "yes"  # south never got the spectator's line
    ws_north.send('{"type": "chat", "text": ""}')
    err = receive(ws_north, "error")
    assert err["status"] == 422
