"""Rate limits (ASVS V2.2, V11): failed logins per account and per address, registrations per address,
websocket floods; shared between app processes through Redis. Limits are lowered through settings.

The client address is what uvicorn's proxy headers give: the live server trusts its loopback proxy,
so ``X-Forwarded-For`` stands for clients at different addresses.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import redis
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from server.ratelimit import RedisLimiter, Rule, storage_key
from tests.conftest import REDIS_URL, LiveServer
from tests.security.conftest import pair, receive
from tests.support.client import Player

WINDOW = 2.0


def _ip() -> str:
    """A client address nobody else uses (also in a shared Redis)."""
    n = uuid.uuid4().int
    return f"10.{n % 250 + 1}.{n // 250 % 250 + 1}.{n // 62500 % 250 + 1}"


def _login(url: str, name: str, password: str, ip: str) -> httpx.Response:
    return httpx.post(f"{url}/api/auth/login", json={"username": name, "password": password},
                      headers={"X-Forwarded-For": ip})


def _register(url: str, name: str, ip: str, password: str = "correct horse 1") -> httpx.Response:
    return httpx.post(f"{url}/api/auth/register", json={"username": name, "password": password},
                      headers={"X-Forwarded-For": ip})


def _assert_429(r: httpx.Response, words: str) -> float:
    assert r.status_code == 429, r.text
    wait = int(r.headers["Retry-After"])
    assert 1 <= wait <= WINDOW + 1, wait
    assert words in r.json()["reason"] and "Try again" in r.json()["reason"], r.text
    return wait


def test_failed_logins_per_account(serve: Callable[..., LiveServer]) -> None:
    live = serve(login_account_limit=3, login_ip_limit=100, login_window_seconds=WINDOW)
    a, b = Player(live.url).register(), Player(live.url).register()
    for _ in range(5):  # right passwords are not failures
        assert _login(live.url, a.name, a.password, _ip()).status_code == 200
    for _ in range(3):  # from different addresses: the account's own count
        assert _login(live.url, a.name, "wrong password", _ip()).status_code == 401
    wait = _assert_429(_login(live.url, a.name, a.password, _ip()), "for this account")  # even the right one
    assert _assert_429(_login(live.url, a.name.upper(), a.password, _ip()), "for this account")  # any case
    assert _login(live.url, b.name, b.password, _ip()).status_code == 200  # other accounts are not affected
    assert a.http.get("/api/me").status_code == 200  # nor the sessions already open
    # An unknown name is counted the same way: the answers tell nothing about which names exist.
    for _ in range(3):
        assert _login(live.url, "nobody_at_all", "wrong password", _ip()).status_code == 401
    _assert_429(_login(live.url, "nobody_at_all", "wrong password", _ip()), "for this account")
    time.sleep(wait + 0.2)
    assert _login(live.url, a.name, a.password, _ip()).status_code == 200  # the window has passed


def test_parallel_guesses_are_all_counted(serve: Callable[..., LiveServer]) -> None:
    """The slot is taken before the password is checked: 12 guesses at once get 3 answers, not 12."""
    live = serve(login_account_limit=3, login_ip_limit=100, login_window_seconds=30)
    a = Player(live.url).register()
    with ThreadPoolExecutor(12) as pool:
        codes = sorted(pool.map(lambda i: _login(live.url, a.name, f"guess number {i}", _ip()).status_code,
                                range(12)))
    assert codes == [401] * 3 + [429] * 9, codes


def test_failed_logins_per_address(serve: Callable[..., LiveServer]) -> None:
    live = serve(login_account_limit=100, login_ip_limit=4, login_window_seconds=WINDOW)
    players = [Player(live.url).register() for _ in range(5)]
    attacker, other = _ip(), _ip()
    for p in players[:4]:  # one guess per account: credential stuffing across accounts
        # A made-up address put in front of the proxy's entry changes nothing: uvicorn takes the
        # right-most address that is not a trusted proxy (FORWARDED_ALLOW_IPS must not be "*").
        assert _login(live.url, p.name, "wrong password", f"{_ip()}, {attacker}").status_code == 401
    wait = _assert_429(_login(live.url, players[4].name, players[4].password, attacker), "from your address")
    assert _login(live.url, players[4].name, players[4].password, other).status_code == 200
    time.sleep(wait + 0.2)
    assert _login(live.url, players[0].name, players[0].password, attacker).status_code == 200


def test_registrations_per_address(serve: Callable[..., LiveServer]) -> None:
    live = serve(register_ip_limit=3, register_window_seconds=WINDOW)
    ip = _ip()
    assert _register(live.url, "short_pw", ip, "short").status_code == 422  # refused before any work: not counted
    for n in range(3):
        assert _register(live.url, f"bulk{n}_{uuid.uuid4().hex[:6]}", ip).status_code == 201
    wait = _assert_429(_register(live.url, f"bulk_{uuid.uuid4().hex[:6]}", ip), "new accounts")
    assert _register(live.url, f"elsewhere_{uuid.uuid4().hex[:6]}", _ip()).status_code == 201
    time.sleep(wait + 0.2)
    assert _register(live.url, f"later_{uuid.uuid4().hex[:6]}", ip).status_code == 201


def test_zero_turns_a_limit_off(serve: Callable[..., LiveServer]) -> None:
    live = serve(login_account_limit=0, login_ip_limit=0, register_ip_limit=0)
    a = Player(live.url).register()
    ip = _ip()
    for _ in range(40):
        assert _login(live.url, a.name, "wrong password", ip).status_code == 401
    assert _login(live.url, a.name, a.password, ip).status_code == 200


def test_websocket_flood(serve: Callable[..., LiveServer], sockets: Callable[..., ClientConnection]) -> None:
    live = serve(ws_burst=5, ws_rate=2.0, ws_flood_refusals=8)
    a, b, mid = pair(live)
    ws = sockets(live, mid, a)
    receive(ws, "snapshot")
    for _ in range(5):
        ws.send(json.dumps({"type": "ping"}))
    ws.send(json.dumps({"type": "action", "id": "over", "version": 0, "action": {"type": "add", "n": 1}}))
    for _ in range(5):
        assert receive(ws)["type"] == "pong"
    err = receive(ws)
    assert err["type"] == "error" and err["status"] == 429 and err["id"] == "over" and "Too many" in err["reason"]
    assert a.view(mid)["version"] == 0  # the action over the limit was dropped
    time.sleep(0.6)  # tokens come back at ws_rate per second
    ws.send(json.dumps({"type": "ping"}))
    assert receive(ws)["type"] == "pong"
    other = sockets(live, mid, a)  # each connection has its own bucket
    receive(other, "snapshot")
    # Flooding on: refused messages pile up and the server closes the socket with 1008.
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(50):
            ws.send(json.dumps({"type": "ping"}))
        for _ in range(100):
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008, closed.value
    other.send(json.dumps({"type": "ping"}))
    assert receive(other, "pong")


@pytest.mark.redis
def test_limits_are_shared_between_processes_through_redis(database: str, tmp_path: Path) -> None:
    """Two app processes with one Redis count the same failures (any database: they share the sqlite file)."""
    settings = {"login_account_limit": 3, "login_ip_limit": 100, "login_window_seconds": 5.0}
    with LiveServer(database, REDIS_URL, **settings) as one, LiveServer(database, REDIS_URL, **settings) as two:
        p = Player(one.url).register()
        assert _login(one.url, p.name, "wrong password", _ip()).status_code == 401
        assert _login(two.url, p.name, "wrong password", _ip()).status_code == 401
        assert _login(one.url, p.name, "wrong password", _ip()).status_code == 401
        r = _login(two.url, p.name, p.password, _ip())
        assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 6, r.text
        assert _login(one.url, p.name, p.password, _ip()).status_code == 429
        assert isinstance(one.app.state.limiter, RedisLimiter)
    # The key carries neither the name nor the address, and expires with its window.
    client = redis.Redis.from_url(REDIS_URL)
    try:
        key = storage_key(Rule("login-account", 3, 5.0), p.name.lower())
        assert p.name.lower() not in key and 0 < client.pttl(key) <= 5000
    finally:
        client.close()
