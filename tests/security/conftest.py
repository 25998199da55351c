"""Fixtures of the security tests: live servers with chosen settings, websockets, a two-player match."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.conftest import LiveServer
from tests.support.client import Player

EVIL = "https://evil.example"
# Every state-changing route of a match, the body each takes, and the route under the match id.
MATCH_ROUTES: dict[str, dict[str, Any]] = {
    "actions": {"version": 0, "action": {"type": "add", "n": 1}, "id": "outsider-1"},
    "undo": {"version": 0, "steps": 1},
    "offers": {"kind": "draw"},
    "offers/accept": {},
    "offers/decline": {},
    "resign": {},
    "claim": {},
    "rematch": {"swap": True},
}


@pytest.fixture
def serve(database: str) -> Iterator[Callable[..., LiveServer]]:
    """Start live servers on the test's database with settings of the test's choosing."""
    with contextlib.ExitStack() as stack:
        yield lambda **settings: stack.enter_context(LiveServer(database, **settings))


@pytest.fixture
def sockets() -> Iterator[Callable[..., ClientConnection]]:
    """Open websockets to a match (``open(live, match_id, player=None, origin=None, token=None)``), all
    closed at the end; ``token`` sends that session token instead of the player's."""
    with contextlib.ExitStack() as stack:
        def open_socket(live: LiveServer, match_id: str, player: Player | None = None,
                        origin: str | None = None, token: str | None = None) -> ClientConnection:
            headers = {"Cookie": player.cookie()} if player is not None else {}
            if token is not None:
                headers["Cookie"] = f"cp_session={token}"
            return stack.enter_context(connect(f"{live.ws_url}/ws/matches/{match_id}", additional_headers=headers,
                                               origin=origin, open_timeout=10))  # type: ignore[arg-type]
        yield open_socket


def receive(ws: ClientConnection, kind: str | None = None, limit: int = 200) -> dict[str, Any]:
    """The next message (of that type, skipping others; at most ``limit`` messages read)."""
    for _ in range(limit):
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if kind is None or msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind!r} message in {limit}")


def pair(live: LiveServer, **create: Any) -> tuple[Player, Player, str]:
    """Two registered players; the first created a toy match as north, the second joined as south."""
    a, b = Player(live.url).register(), Player(live.url).register()
    m = a.create("toy", "north", **create)
    r = b.join(m["id"], "south")
    assert r.status_code == 200, r.text
    return a, b, m["id"]


def summary(live: LiveServer, match_id: str, player: Player | None = None) -> dict[str, Any]:
    client = player.http if player is not None else httpx.Client(base_url=live.url)
    r = client.get(f"/api/matches/{match_id}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def state_changing_routes(live: LiveServer) -> list[tuple[str, str]]:
    """(method, path) of every POST, PUT, PATCH and DELETE in the OpenAPI document."""
    doc = httpx.get(f"{live.url}/openapi.json").json()
    return sorted((method.upper(), path) for path, ops in doc["paths"].items() for method in ops
                  if method in ("post", "put", "patch", "delete"))


def routes_with_bodies(live: LiveServer) -> list[tuple[str, str]]:
    """(method, path) of the state-changing routes that read a JSON body."""
    doc = httpx.get(f"{live.url}/openapi.json").json()
    return sorted((method.upper(), path) for path, ops in doc["paths"].items() for method, op in ops.items()
                  if method in ("post", "put", "patch", "delete") and "requestBody" in op)


def fill(path: str, match_id: str) -> str:
    return path.replace("{match_id}", match_id).replace("{username}", "nobody")
