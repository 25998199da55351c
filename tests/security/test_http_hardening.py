"""Pages and the HTTP server (ASVS V14.4, V12, V1.14): security headers, the Host header (DNS
rebinding), and half-sent requests that would otherwise hold a connection for ever (slowloris)."""

from __future__ import annotations

import base64
import os
import re
import selectors
import socket
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import ClientConnection

from server.api.pages import FRONTEND
from tests.conftest import LiveServer
from tests.security.conftest import pair, receive

ROOT = Path(__file__).resolve().parents[2]


def _directives(csp: str) -> dict[str, list[str]]:
    out = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


@pytest.mark.parametrize("path", ["/", "/match/x", "/static/app.js", "/api/games", "/openapi.json", "/nowhere"])
def test_security_headers_on_every_answer(live: LiveServer, path: str) -> None:
    r = httpx.get(live.url + path)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    # same-origin keeps the Origin of same-origin POSTs (with no-referrer a browser sends Origin: null)
    assert r.headers["referrer-policy"] == "same-origin"
    csp = _directives(r.headers["content-security-policy"])
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["default-src"] == ["'self'"] and csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    assert csp["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval'
    assert csp["style-src"] == ["'self'"]
    assert "'self'" in csp["connect-src"]


def test_the_policy_can_be_configured(serve: Callable[..., LiveServer]) -> None:
    live = serve(content_security_policy="default-src 'self'; frame-ancestors https://club.example",
                 referrer_policy="no-referrer")
    r = httpx.get(live.url + "/")
    assert r.headers["content-security-policy"] == "default-src 'self'; frame-ancestors https://club.example"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "x-frame-options" not in r.headers  # framing is the configured policy's to decide
    off = serve(content_security_policy="")
    assert "content-security-policy" not in httpx.get(off.url + "/").headers


def test_the_pages_have_no_inline_script_or_style() -> None:
    """What a strict CSP refuses: inline <script>/<style>, style and on* attributes, javascript: URLs,
    eval, and style attributes written through setAttribute or markup."""
    pages = [FRONTEND / "index.html", FRONTEND / "docs.html", *sorted((FRONTEND / "dev").glob("*.html"))]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page
        assert "<style" not in html and not re.search(r"\sstyle=|\son[a-z]+=|javascript:", html), page
    for js in FRONTEND.rglob("*.js"):
        if "tests" in js.parts or "vendor" in js.parts:  # vendor: Swagger UI, whose page test_docs_browser renders
            continue
        code = js.read_text(encoding="utf-8")
        assert not re.search(r"\beval\(|new Function\(|javascript:|<style|\sstyle=\\?\"", code), js
        assert not re.search(r"setAttribute\(\s*[\"']style", code), js


def test_a_foreign_host_header_is_refused(serve: Callable[..., LiveServer]) -> None:
    """DNS rebinding: a page of evil.example whose name now points at this server sends Host: evil.example."""
    live = serve()
    for host in ("evil.example", f"evil.example:{live.port}", "127.0.0.1.evil.example", "localhost.evil.example",
                 "", "127.0.0.1@evil.example"):
        r = httpx.get(live.url + "/api/games", headers={"Host": host})
        assert r.status_code == 400 and "host" in r.json()["reason"].lower(), (host, r.status_code)
        r = httpx.post(live.url + "/api/auth/register", headers={"Host": host},
                       json={"username": "rebound1", "password": "correct horse 1"})
        assert r.status_code == 400, (host, r.status_code)
    for host in (f"127.0.0.1:{live.port}", f"localhost:{live.port}", "localhost", "127.0.0.1", f"[::1]:{live.port}",
                 f"LOCALHOST:{live.port}"):
        assert httpx.get(live.url + "/api/games", headers={"Host": host}).status_code == 200, host
    assert httpx.post(live.url + "/api/auth/login", json={"username": "rebound1", "password": "correct horse 1"}
                      ).status_code == 401  # nothing was registered through the foreign host


def test_allowed_hosts_follow_public_url_and_the_setting(serve: Callable[..., LiveServer]) -> None:
    live = serve(public_url="https://play.example.org", allowed_hosts="club.example, .games.example")
    ok = ["play.example.org", "play.example.org:443", "club.example", "a.games.example", "games.example",
          "127.0.0.1", "localhost"]
    for host in ok:
        assert httpx.get(live.url + "/api/games", headers={"Host": host}).status_code == 200, host
    for host in ("example.org", "evil.example", "club.example.evil", "xgames.example"):
        assert httpx.get(live.url + "/api/games", headers={"Host": host}).status_code == 400, host
    anything = serve(allowed_hosts="*")
    assert httpx.get(anything.url + "/api/games", headers={"Host": "evil.example"}).status_code == 200


def _raw(live: LiveServer, request: bytes, timeout: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", live.port), timeout=timeout) as s:
        s.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        return data


def test_a_websocket_with_a_foreign_host_is_refused(live: LiveServer,
                                                    sockets: Callable[..., ClientConnection]) -> None:
    a, _b, mid = pair(live)
    key = base64.b64encode(os.urandom(16))
    upgrade = (b"GET /ws/matches/" + mid.encode() + b" HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
               b"Connection: Upgrade\r\nSec-WebSocket-Key: " + key + b"\r\nSec-WebSocket-Version: 13\r\n"
               b"Cookie: " + a.cookie().encode() + b"\r\n\r\n")
    assert _raw(live, upgrade % f"127.0.0.1:{live.port}".encode()).startswith(b"HTTP/1.1 101")
    refused = _raw(live, upgrade % b"evil.example")
    assert refused.startswith(b"HTTP/1.1 403"), refused[:80]
    ws = sockets(live, mid, a)
    assert receive(ws, "snapshot")


def _half_sent(live: LiveServer, n: int, head: bytes) -> list[socket.socket]:
    conns = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", live.port), timeout=10)
        s.sendall(head)
        conns.append(s)
    return conns


def _still_open(conns: list[socket.socket], within: float = 15.0) -> int:
    """How many of these connections the server has not closed (end of file or reset) after waiting up to
    ``within`` seconds: far longer than the deadlines the tests set, so only a connection held open counts."""
    waiting = set(conns)
    deadline = time.monotonic() + within
    with selectors.DefaultSelector() as sel:
        for s in conns:
            sel.register(s, selectors.EVENT_READ)
        while waiting and time.monotonic() < deadline:
            for key, _ in sel.select(timeout=max(0.0, deadline - time.monotonic())):
                s = key.fileobj
                assert isinstance(s, socket.socket)
                try:
                    data = s.recv(4096)
                except ConnectionResetError:
                    data = b""
                if not data:
                    sel.unregister(s)
                    waiting.discard(s)
    return len(waiting)


def test_half_sent_headers_are_dropped(serve: Callable[..., LiveServer]) -> None:
    """300 half-sent requests were held 30 s (for ever: nothing bounded the header)."""
    live = serve(header_timeout_seconds=1.0)
    conns = _half_sent(live, 50, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    silent = [socket.create_connection(("127.0.0.1", live.port), timeout=10) for _ in range(10)]  # sends nothing
    try:
        assert _still_open(conns + silent) == 0
    finally:
        for s in conns + silent:
            s.close()
    assert httpx.get(live.url + "/api/games").status_code == 200


def test_trickled_headers_do_not_extend_the_deadline(serve: Callable[..., LiveServer]) -> None:
    """A byte every 0.2 s: each byte resets uvicorn's keep-alive timer, so nothing else ends it."""
    live = serve(header_timeout_seconds=1.0)
    s = socket.create_connection(("127.0.0.1", live.port), timeout=10)
    try:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        closed = False
        for _ in range(75):  # at most 15 s of trickling
            try:
                s.sendall(b"X")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.2)
        assert closed
    finally:
        s.close()


def test_half_sent_bodies_are_dropped(serve: Callable[..., LiveServer]) -> None:
    live = serve(body_timeout_seconds=1.0)
    head = (b"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{\"username\": ")
    conns = _half_sent(live, 20, head)
    try:
        assert _still_open(conns) == 0
    finally:
        for s in conns:
            s.close()


def _response(s: socket.socket) -> bytes:
    """One whole HTTP response with a Content-Length, read from the socket."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        assert chunk, "closed before the response"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"content-length: (\d+)", head.lower()).group(1))  # type: ignore[union-attr]
    while len(body) < length:
        body += s.recv(65536)
    return head


def test_the_timeouts_spare_idle_keep_alive_slow_answers_and_websockets(
        serve: Callable[..., LiveServer], sockets: Callable[..., ClientConnection]) -> None:
    """The deadlines bound how long a request takes to arrive, not how long a connection lives: a
    kept-alive connection idle for longer than them serves its next request, and a websocket stays."""
    live = serve(header_timeout_seconds=0.5, body_timeout_seconds=0.5)
    a, _b, mid = pair(live)
    ws = sockets(live, mid, a)
    receive(ws, "snapshot")
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as s:
        request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        s.sendall(request)
        assert _response(s).startswith(b"HTTP/1.1 200")
        time.sleep(1.5)  # idle: uvicorn's keep-alive (5 s) decides, not the header deadline
        s.sendall(request)
        assert _response(s).startswith(b"HTTP/1.1 200")
    ws.send('{"type": "ping"}')
    assert receive(ws, "pong")
    ws.send('{"type": "action", "id": "late", "version": 0, "action": {"type": "add", "n": 1}}')
    assert receive(ws, "ack")["version"] == 1


def test_the_proxy_bounds_slow_clients_too() -> None:
    """nginx in front (docker-compose and deploy/): header and body timeouts, as the app has."""
    conf = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    for directive in ("client_header_timeout", "client_body_timeout", "send_timeout"):
        assert re.search(rf"^\s*{directive}\s+\d+s;", conf, re.MULTILINE), directive
    k8s = (ROOT / "deploy" / "kubernetes.yaml").read_text(encoding="utf-8")
    assert "client-header-timeout" in k8s and "client-body-timeout" in k8s
