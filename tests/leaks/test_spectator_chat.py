"""The spectators' chat of a running match reaches only signed-in people without a seat in it.

An attack of issue 10: any guest read the spectators' chat of a running match, so a player could read
what the gallery says about their game (coaching included) from a logged-out window. Until the end the
spectators' channel is read only by signed-in accounts without a seat, over HTTP and websocket both;
after the end everyone may read it.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.conftest import LiveServer
from tests.realtime.test_websocket import _close_sockets, open_socket, receive  # noqa: F401
from tests.support.client import Player

GALLERY = "north should attack the left flank"


def channels(client: httpx.Client, match_id: str) -> list[tuple[str, str]]:
    r = client.get(f"/api/matches/{match_id}/chat")
    assert r.status_code == 200, r.text
    return [(m["channel"], m["text"]) for m in r.json()]


def running(live: LiveServer) -> tuple[str, Player, Player, Player]:
    north, south, fan = (Player(live.url).register() for _ in range(3))
    m = north.create("toy", "north")["id"]
    assert south.join(m, "south").status_code == 200
    return m, north, south, fan


def test_a_guest_does_not_read_the_spectators_chat_of_a_running_match(live: LiveServer) -> None:
    m, north, _, fan = running(live)
    assert north.http.post(f"/api/matches/{m}/chat", json={"text": "good luck"}).status_code == 201
    assert fan.http.post(f"/api/matches/{m}/chat", json={"text": GALLERY}).status_code == 201
    with httpx.Client(base_url=live.url) as guest:  # the player's own logged-out window, or anyone
        assert channels(guest, m) == [("players", "good luck")]
    assert channels(north.http, m) == [("players", "good luck")]
    assert channels(fan.http, m) == [("players", "good luck"), ("spectators", GALLERY)]
    # After the end everyone may read it.
    assert north.http.post(f"/api/matches/{m}/resign").status_code == 200
    with httpx.Client(base_url=live.url) as guest:
        assert channels(guest, m) == [("players", "good luck"), ("spectators", GALLERY)]


def test_a_guest_socket_is_not_sent_the_spectators_chat_of_a_running_match(live: LiveServer) -> None:
    m, north, _, fan = running(live)
    guest, watcher = open_socket(live, m), open_socket(live, m, fan)
    for ws in (guest, watcher):
        receive(ws, "snapshot")
    fan.http.post(f"/api/matches/{m}/chat", json={"text": GALLERY})
    assert receive(watcher, "chat")["message"]["text"] == GALLERY
    north.http.post(f"/api/matches/{m}/chat", json={"text": "good luck"})
    # Messages of a match reach a socket in order: the guest's next chat is the players' line.
    message: dict[str, Any] = receive(guest, "chat")["message"]
    assert (message["channel"], message["text"]) == ("players", "good luck")
    assert receive(watcher, "chat")["message"]["text"] == "good luck"
    north.http.post(f"/api/matches/{m}/resign")
    fan.http.post(f"/api/matches/{m}/chat", json={"text": "well played"})
    assert receive(guest, "chat")["message"]["text"] == "well played"  # the match is over
