"""Accounts and sessions: argon2, cookie flags, rotation at login, logout."""

from __future__ import annotations

import httpx

from tests.conftest import LiveServer
from tests.support.client import Player


def _cookie_header(r: httpx.Response) -> str:
    return next(v for k, v in r.headers.multi_items() if k.lower() == "set-cookie")


def test_register_sets_a_strong_httponly_cookie(live: LiveServer) -> None:
    c = httpx.Client(base_url=live.url)
    r = c.post("/api/auth/register", json={"username": "alice", "password": "long enough pw"})
    assert r.status_code == 201, r.text
    header = _cookie_header(r).lower()
    assert "httponly" in header and "samesite=lax" in header and "secure" not in header
    token = c.cookies["cp_session"]
    assert len(token) >= 43  # 32 random bytes, URL-safe base64: 256 bits
    assert c.get("/api/me").json()["username"] == "alice"


def test_cookie_is_secure_over_https(live: LiveServer) -> None:
    r = httpx.post(f"{live.url}/api/auth/register", json={"username": "bob", "password": "long enough pw"},
                   headers={"X-Forwarded-Proto": "https"})
    assert r.status_code == 201
    assert "secure" in _cookie_header(r).lower()


def test_login_rotates_the_session_and_logout_drops_it(live: LiveServer) -> None:
    p = Player(live.url).register()
    first = p.http.cookies["cp_session"]
    r = p.http.post("/api/auth/login", json={"username": p.name, "password": p.password})
    assert r.status_code == 200
    second = p.http.cookies["cp_session"]
    assert second != first
    stale = httpx.get(f"{live.url}/api/me", cookies={"cp_session": first})
    assert stale.status_code == 401
    assert p.http.post("/api/auth/logout").status_code == 204
    assert httpx.get(f"{live.url}/api/me", cookies={"cp_session": second}).status_code == 401


def test_bad_credentials_and_names_get_reasons(live: LiveServer) -> None:
    p = Player(live.url).register()
    r = httpx.post(f"{live.url}/api/auth/login", json={"username": p.name, "password": "wrong password"})
    assert r.status_code == 401 and "Wrong" in r.json()["reason"]
    r = httpx.post(f"{live.url}/api/auth/login", json={"username": "nobody_here", "password": "whatever1"})
    assert r.status_code == 401
    r = httpx.post(f"{live.url}/api/auth/register", json={"username": p.name, "password": "another pw 1"})
    assert r.status_code == 409 and "taken" in r.json()["reason"]
    r = httpx.post(f"{live.url}/api/auth/register", json={"username": "carol", "password": "short"})
    assert r.status_code == 422 and "password" in r.json()["reason"]
    r = httpx.post(f"{live.url}/api/auth/register", json={"username": "x", "password": "long enough pw"})
    assert r.status_code == 422


def test_password_is_stored_as_argon2(live: LiveServer) -> None:
    from sqlalchemy import select

    from server.store.models import User

    p = Player(live.url).register()
    with live.app.state.service.sessions() as db:
        stored = db.scalars(select(User.password_hash).where(User.username == p.name)).one()
    assert stored.startswith("$argon2id$") and p.password not in stored


def test_cross_site_post_is_refused(live: LiveServer) -> None:
    p = Player(live.url).register()
    r = p.http.post("/api/matches", json={"game": "toy", "role": "north"},
                    headers={"Origin": "https://evil.example"})
    assert r.status_code == 403
