"""CSRF (ASVS V3.5/V4.2): a foreign Origin is refused on every state-changing route and websocket."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection

from tests.conftest import LiveServer
from tests.security.conftest import EVIL, fill, pair, receive, state_changing_routes, summary

REFUSED = "Cross-site request refused."


def _foreign(live: LiveServer) -> list[str]:
    """Origins a browser may send that are not this server's: another site, a sandboxed frame
    (``null``), look-alikes that contain this host."""
    port = live.port
    return [EVIL, "null", f"http://127.0.0.1:{port}.evil.example", f"http://evil.example:{port}",
            f"http://127.0.0.1.evil.example:{port}", f"http://127.0.0.1:{port}@evil.example"]


def test_every_state_changing_route_refuses_a_foreign_origin(live: LiveServer) -> None:
    a, b, mid = pair(live)
    routes = state_changing_routes(live)
    paths = {p for _m, p in routes}
    # The iteration must cover the routes that matter (a broken document would test nothing).
    assert {"/api/auth/login", "/api/auth/logout", "/api/matches", "/api/matches/{match_id}/actions",
            "/api/matches/{match_id}/resign", "/api/me/settings", "/api/me/vacation"} <= paths, paths
    for method, path in routes:
        for origin in _foreign(live):
            r = a.http.request(method, fill(path, mid), json={}, headers={"Origin": origin})
            assert r.status_code == 403, (method, path, origin, r.status_code, r.text)
            assert r.json()["reason"] == REFUSED, (method, path, r.text)
    # Nothing happened: the session (logout was refused) and the match are as they were.
    assert a.http.get("/api/me").status_code == 200
    s = summary(live, mid, a)
    assert (s["version"], s["status"], s["offer"]) == (0, "active", None)


def test_the_same_origin_and_configured_origins_pass(serve: Callable[..., LiveServer]) -> None:
    live = serve(allowed_origins="https://friend.example, https://other.example")
    a, _b, mid = pair(live)
    for origin in (live.url, "https://friend.example", "https://other.example"):
        r = a.http.post(f"/api/matches/{mid}/offers", json={"kind": "draw"}, headers={"Origin": origin})
        assert r.status_code == 200, (origin, r.text)
        assert a.http.post(f"/api/matches/{mid}/offers/decline", headers={"Origin": origin}).status_code == 204
    for origin in ("https://friend.example.evil", "http://friend.example", "https://evil.example"):
        r = a.http.post(f"/api/matches/{mid}/offers", json={"kind": "draw"}, headers={"Origin": origin})
        assert r.status_code == 403, origin
    # No Origin at all (a script, curl) is not a browser's cross-site request: allowed.
    r = httpx.post(f"{live.url}/api/auth/login", json={"username": a.name, "password": a.password})
    assert r.status_code == 200


def test_websocket_handshake_refuses_foreign_origins(live: LiveServer,
                                                    sockets: Callable[..., ClientConnection]) -> None:
    a, _b, mid = pair(live)
    for origin in _foreign(live):
        with pytest.raises((InvalidStatus, ConnectionClosed)) as refused:
            ws = sockets(live, mid, a, origin=origin)
            receive(ws)
        if isinstance(refused.value, InvalidStatus):
            assert refused.value.response.status_code == 403, origin
        else:
            assert refused.value.rcvd is not None and refused.value.rcvd.code == 1008, origin
    ok = sockets(live, mid, a, origin=live.url)
    assert receive(ok, "snapshot")["role"] == "north"
