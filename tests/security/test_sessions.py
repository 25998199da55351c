"""Sessions (ASVS V3): cookie flags, token entropy, rotation at login, server-side logout, expiry."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from http.cookies import SimpleCookie

import httpx
import pytest
from sqlalchemy import select, update
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from server.accounts import token_hash
from server.store.models import Session as LoginSession
from tests.conftest import LiveServer
from tests.security.conftest import pair, receive
from tests.support.client import Player


def _session_cookie(r: httpx.Response) -> tuple[str, dict[str, str]]:
    """The value and the attributes (lower-case names) of the response's cp_session cookie."""
    for key, header in r.headers.multi_items():
        if key.lower() == "set-cookie" and header.startswith("cp_session="):
            morsel = SimpleCookie(header)["cp_session"]
            attrs = {k: str(v) for k, v in morsel.items() if v not in ("", False)}
            flags = {part.strip().lower() for part in header.split(";")}
            attrs.update({f: "" for f in ("httponly", "secure") if f in flags})
            return morsel.value, attrs
    raise AssertionError(f"no session cookie in {r.headers}")


def test_cookie_flags_over_http(live: LiveServer) -> None:
    c = httpx.Client(base_url=live.url)
    for r in (c.post("/api/auth/register", json={"username": "flags1", "password": "long enough pw"}),
              c.post("/api/auth/login", json={"username": "flags1", "password": "long enough pw"})):
        assert r.status_code in (200, 201), r.text
        _value, attrs = _session_cookie(r)
        assert "httponly" in attrs, attrs
        assert attrs.get("samesite", "").lower() == "lax", attrs
        assert attrs.get("path") == "/", attrs
        assert "secure" not in attrs, attrs  # a Secure cookie over http would never come back
        assert attrs.get("max-age") == str(live.settings.session_days * 86400), attrs
        assert "domain" not in attrs, attrs  # host-only: never sent to other subdomains
    r = c.post("/api/auth/logout")
    value, attrs = _session_cookie(r)
    assert value == "" and attrs.get("max-age") == "0" and attrs.get("path") == "/", attrs


def test_cookie_is_secure_when_the_request_is_https(live: LiveServer) -> None:
    """Behind a trusted proxy (uvicorn trusts loopback by default) X-Forwarded-Proto: https makes the
    request https; register and login then both set Secure, with the same other flags."""
    https = {"X-Forwarded-Proto": "https"}
    c = httpx.Client(base_url=live.url)
    r = c.post("/api/auth/register", json={"username": "secure1", "password": "long enough pw"}, headers=https)
    assert r.status_code == 201, r.text
    assert "secure" in _session_cookie(r)[1]
    r = c.post("/api/auth/login", json={"username": "secure1", "password": "long enough pw"}, headers=https)
    assert r.status_code == 200, r.text
    _value, attrs = _session_cookie(r)
    assert {"secure", "httponly"} <= set(attrs) and attrs["samesite"].lower() == "lax" and attrs["path"] == "/"


def test_tokens_carry_256_random_bits_and_are_stored_hashed(live: LiveServer) -> None:
    p = Player(live.url).register()
    tokens = {p.http.cookies["cp_session"]}
    for _ in range(10):
        r = httpx.post(f"{live.url}/api/auth/login", json={"username": p.name, "password": p.password})
        assert r.status_code == 200
        tokens.add(_session_cookie(r)[0])
    assert len(tokens) == 11  # a new token at every login
    for t in tokens:
        assert set(t) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), t
        assert len(base64.urlsafe_b64decode(t + "=" * (-len(t) % 4))) >= 32, t  # >= 256 bits
    with live.app.state.service.sessions() as db:
        stored = set(db.scalars(select(LoginSession.token_hash)))
    assert not stored & tokens  # the database never holds a usable token
    assert {token_hash(t) for t in tokens} <= stored


def test_login_rotates_a_planted_session(live: LiveServer) -> None:
    """Session fixation: a cookie planted before login (the attacker's own valid session, or a made-up
    value) is never the session after login, and the planted valid one is dropped."""
    attacker = Player(live.url).register()
    planted = attacker.http.cookies["cp_session"]
    victim = Player(live.url).register()
    victim.http.cookies.clear()
    victim.http.cookies.set("cp_session", planted)
    r = victim.login()
    assert r.status_code == 200
    token = _session_cookie(r)[0]
    assert token != planted
    assert httpx.get(f"{live.url}/api/me", cookies={"cp_session": planted}).status_code == 401
    assert httpx.get(f"{live.url}/api/me", cookies={"cp_session": token}).json()["username"] == victim.name
    made_up = "A" * 43
    r = httpx.post(f"{live.url}/api/auth/login", json={"username": victim.name, "password": victim.password},
                   cookies={"cp_session": made_up})
    assert r.status_code == 200 and _session_cookie(r)[0] != made_up
    assert httpx.get(f"{live.url}/api/me", cookies={"cp_session": made_up}).status_code == 401


def test_logout_ends_the_session_on_the_server(live: LiveServer, sockets: Callable[..., ClientConnection]) -> None:
    """A copy of the token kept after logout (a stolen cookie) is worth nothing: HTTP, actions and new
    websockets all treat it as a guest. (That logout closes open sockets: tests/realtime/test_websocket.py.)"""
    a, b, mid = pair(live)
    stolen = a.http.cookies["cp_session"]
    ws = sockets(live, mid, a)
    assert receive(ws, "snapshot")["role"] == "north"
    assert a.http.post("/api/auth/logout").status_code == 204
    with pytest.raises(ConnectionClosed):
        receive(ws)
    with live.app.state.service.sessions() as db:
        assert db.get(LoginSession, token_hash(stolen)) is None
    thief = httpx.Client(base_url=live.url, cookies={"cp_session": stolen})
    assert thief.get("/api/me").status_code == 401
    r = thief.post(f"/api/matches/{mid}/actions", json={"version": 0, "action": {"type": "add", "n": 1}, "id": "t1"})
    assert r.status_code == 401
    assert thief.post(f"/api/matches/{mid}/resign", json={}).status_code == 401
    again = sockets(live, mid, token=stolen)
    assert receive(again, "snapshot")["role"] is None
    again.send(json.dumps({"type": "action", "id": "t2", "version": 0, "action": {"type": "add", "n": 1}}))
    assert receive(again, "error")["status"] == 401
    assert b.view(mid)["version"] == 0
    assert thief.post("/api/auth/logout").status_code == 204  # a second logout is harmless


def test_expired_sessions_are_refused(live: LiveServer) -> None:
    p = Player(live.url).register()
    token = p.http.cookies["cp_session"]
    assert p.http.get("/api/me").status_code == 200
    with live.app.state.service.sessions.begin() as db:
        db.execute(update(LoginSession).where(LoginSession.token_hash == token_hash(token))
                   .values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    assert p.http.get("/api/me").status_code == 401
    assert p.http.post("/api/matches", json={"game": "toy", "role": "north"}).status_code == 401  # guests do not create
