"""Websockets: snapshots, per-role patches, acks, errors, resync, logout, origin."""

from __future__ import annotations

import contextlib
import json
import threading
import uuid
from collections.abc import Iterator
from typing import Any

import jsonpatch
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from server.matches import chat
from server.realtime.broker import channel
from tests.conftest import REDIS_URL, LiveServer, free_port
from tests.support.client import Player

_open = contextlib.ExitStack()


@pytest.fixture(autouse=True)
def _close_sockets() -> Iterator[None]:
    with _open:
        yield


def open_socket(live: LiveServer, match_id: str, player: Player | None = None,
                origin: str | None = None) -> ClientConnection:
    """A websocket to the match, closed at the end of the test."""
    headers = {}
    if player is not None:
        headers["Cookie"] = f"cp_session={player.http.cookies['cp_session']}"
    return _open.enter_context(connect(f"{live.ws_url}/ws/matches/{match_id}", additional_headers=headers,
                                       origin=origin, open_timeout=10))  # type: ignore[arg-type]


def receive(ws: ClientConnection, kind: str | None = None) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if kind is None or msg["type"] == kind:
            return msg


class Follower:
    """A client that keeps a view up to date from a snapshot and patches, as the browser does."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        snap = receive(ws, "snapshot")
        self.version, self.view, self.role = snap["version"], snap["view"], snap["role"]

    def follow(self) -> dict[str, Any]:
        msg = receive(self.ws, "patch")
        assert msg["from"] == self.version
        self.view = jsonpatch.apply_patch(self.view, msg["ops"])
        self.version = msg["version"]
        return msg


def _pair(live: LiveServer) -> tuple[Player, Player, str]:
    a, b = Player(live.url).register(), Player(live.url).register()
    m = a.create("toy", "north", options={"target": 20})
    b.join(m["id"], "south")
    return a, b, m["id"]


def test_patches_keep_every_role_in_step(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    fa, fb = Follower(open_socket(live, mid, a)), Follower(open_socket(live, mid, b))
    fs = Follower(open_socket(live, mid))
    assert (fa.role, fb.role, fs.role) == ("north", "south", None)
    for n in range(4):
        mover = a if n % 2 == 0 else b
        sock = fa.ws if mover is a else fb.ws
        sock.send(json.dumps({"type": "action", "id": uuid.uuid4().hex, "version": n,
                              "action": {"type": "add", "n": 1}}))
        ack = receive(sock, "ack")
        assert ack["version"] == n + 1
        for f in (fa, fb, fs):
            f.follow()
        assert fa.view == a.view(mid)["view"] and fb.view == b.view(mid)["view"]
        assert "secret" not in fs.view and fs.view["total"] == n + 1


def test_http_actions_reach_sockets_and_errors_come_back(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    fb = Follower(open_socket(live, mid, b))
    a.act(mid, 0, {"type": "add", "n": 2})
    assert fb.follow()["version"] == 1 and fb.view["total"] == 2
    fb.ws.send(json.dumps({"type": "action", "id": "x1", "version": 0, "action": {"type": "add", "n": 1}}))
    err = receive(fb.ws, "error")
    assert err["status"] == 409 and err["id"] == "x1" and err["version"] == 1
    fb.ws.send(json.dumps({"type": "action", "id": "x2", "version": 1, "action": {"type": "add", "n": 5}}))
    err = receive(fb.ws, "error")
    assert err["status"] == 422 and "legal" in err["reason"]
    fb.ws.send("not json")
    assert receive(fb.ws, "error")["status"] == 400
    spectator = open_socket(live, mid)
    receive(spectator, "snapshot")
    spectator.send(json.dumps({"type": "action", "id": "x3", "version": 1, "action": {"type": "add", "n": 1}}))
    assert receive(spectator, "error")["status"] == 401


def test_snapshot_on_request_after_a_gap(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    ws = open_socket(live, mid, b)
    receive(ws, "snapshot")
    a.act(mid, 0, {"type": "add", "n": 1})
    receive(ws, "patch")
    ws.send(json.dumps({"type": "snapshot"}))
    snap = receive(ws, "snapshot")
    assert snap["version"] == 1 and snap["view"] == b.view(mid)["view"]
    ws.send(json.dumps({"type": "ping"}))
    assert receive(ws, "pong") == {"type": "pong"}


def test_logout_closes_that_accounts_sockets(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    wa, wb = open_socket(live, mid, a), open_socket(live, mid, b)
    receive(wa, "snapshot"), receive(wb, "snapshot")
    assert a.http.post("/api/auth/logout").status_code == 204
    with pytest.raises(ConnectionClosed) as closed:
        receive(wa)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    wb.send(json.dumps({"type": "ping"}))
    assert receive(wb, "pong")


def test_foreign_origin_is_refused(live: LiveServer) -> None:
    a, b, mid = _pair(live)
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        ws = open_socket(live, mid, a, origin="https://evil.example")
        receive(ws)
    ok = open_socket(live, mid, a, origin=live.url)
    assert receive(ok, "snapshot")["role"] == "north"


def test_joining_turns_a_watcher_into_a_player(live: LiveServer) -> None:
    a, b = Player(live.url).register(), Player(live.url).register()
    m = a.create("toy", "north")
    ws = open_socket(live, m["id"], b)
    assert receive(ws, "snapshot")["role"] is None
    b.join(m["id"], "south")
    assert receive(ws, "summary")["status"] == "active"
    snap = receive(ws, "snapshot")
    assert snap["role"] == "south" and "secret" in snap["view"]


def test_a_lost_event_is_caught_up_from_the_database(database: str) -> None:
    """An action committed without its event reaching this process (Redis down, a publisher killed
    after its commit) still reaches the sockets: the periodic check compares versions."""
    with LiveServer(database, sweep_seconds=0.1) as server:
        a, b, m = _pair(server)
        follower = Follower(open_socket(server, m, b))
        svc = server.app.state.service
        north = server.app.state.accounts.user_for(a.http.cookies["cp_session"])
        svc.act(m, north.id, 0, {"type": "add", "n": 1}, "no-event")  # straight to the service: no event
        msg = follower.follow()
        assert msg["version"] == 1 and follower.view["total"] == 1


def test_a_socket_receives_its_snapshot_before_anything_else(live: LiveServer) -> None:
    """A socket connects while the hub reads one push of its match and another waits its turn:
    the waiting push must not reach the new socket before its snapshot (it went out as a patch
    ``"from": -1``, built from an empty view). The interleaving is made, not timed: the first
    push's reading is held until the new socket is registered and its snapshot waits."""
    a, b, mid = _pair(live)
    watcher = Follower(open_socket(live, mid))  # someone watches: actions are pushed
    svc, presence = live.app.state.service, live.app.state.presence
    reading, release, entered = threading.Event(), threading.Event(), threading.Event()
    broadcast, enter = svc.broadcast, presence.enter

    def held_broadcast(*args: Any) -> Any:
        if not reading.is_set():
            reading.set()
            assert release.wait(30)
        return broadcast(*args)

    async def noted_enter(match_id: str, user_id: int) -> None:
        await enter(match_id, user_id)
        entered.set()

    svc.broadcast, presence.enter = held_broadcast, noted_enter
    assert a.act(mid, 0, {"type": "add", "n": 1}).status_code == 200
    assert reading.wait(10)  # the first push reads, holding the match
    assert b.act(mid, 1, {"type": "add", "n": 1}).status_code == 200  # the second one waits
    ws = open_socket(live, mid, b)
    assert entered.wait(10)  # the new socket is in; its snapshot waits behind the pushes
    release.set()
    first = receive(ws)
    assert first["type"] == "snapshot" and first["version"] == 2, first
    ws.send(json.dumps({"type": "ping"}))
    rest = []
    while (msg := receive(ws))["type"] != "pong":
        rest.append(msg)
    assert [m for m in rest if m["type"] == "patch"] == []
    assert watcher.follow()["version"] == 2 and watcher.view["total"] == 2


def test_a_processs_own_socket_gets_its_patch_while_redis_is_down(database: str) -> None:
    """Redis down (its URL a closed loopback port) and no sweep to catch up: an action committed
    by this process reaches this process's sockets at once, whether it came over HTTP or over a
    socket (it went out through Redis only, and waited for the sweep)."""
    with LiveServer(database, f"redis://127.0.0.1:{free_port()}/0", sweep_seconds=0) as server:
        a, b, mid = _pair(server)
        fa, fb = Follower(open_socket(server, mid, a)), Follower(open_socket(server, mid, b))
        assert a.act(mid, 0, {"type": "add", "n": 1}).status_code == 200
        assert fb.follow()["version"] == 1 and fb.view["total"] == 1
        fb.ws.send(json.dumps({"type": "action", "id": "b1", "version": 1, "action": {"type": "add", "n": 2}}))
        assert fa.follow()["version"] == 1 and fa.follow()["version"] == 2 and fa.view["total"] == 3


@pytest.mark.redis
def test_a_processs_own_events_reach_its_sockets_once_and_in_order(database: str) -> None:
    """With Redis, a process handles its own events at once and skips their copies coming back
    from Redis: each patch and chat message reaches a socket once, patches in order. A marker
    published to Redis after the process's own events (a chat message whose event comes from
    outside) shows that their copies have been through."""
    with LiveServer(database, REDIS_URL) as server:
        a, b, mid = _pair(server)
        ws = open_socket(server, mid, b)
        seen = [receive(ws)]
        for n in range(3):
            mover = a if n % 2 == 0 else b
            assert mover.act(mid, n, {"type": "add", "n": 1}).status_code == 200
            while not (seen[-1]["type"] == "patch" and seen[-1]["version"] == n + 1):
                seen.append(receive(ws))
        assert a.http.post(f"/api/matches/{mid}/chat", json={"text": "hello"}).status_code == 201
        north = server.app.state.accounts.user_for(a.http.cookies["cp_session"])
        marker = chat.post(server.app.state.service, mid, north.id, "marker")  # no event of its own
        import redis

        outside = redis.Redis.from_url(REDIS_URL)
        try:
            outside.publish(channel(REDIS_URL), json.dumps({"kind": "chat", "match": mid, "id": marker["id"]}))
        finally:
            outside.close()
        while not (seen[-1]["type"] == "chat" and seen[-1]["message"]["text"] == "marker"):
            seen.append(receive(ws))
    assert seen[0]["type"] == "snapshot"
    assert [(m["from"], m["version"]) for m in seen if m["type"] == "patch"] == [(0, 1), (1, 2), (2, 3)]
    assert [m["message"]["text"] for m in seen if m["type"] == "chat"] == ["hello", "marker"]
