"""Webhook POSTs against a real HTTP receiver (http.server in a thread) on the loopback interface."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from server.notify import DeliveryError, Notice, render, to_json, webhook
from server.notify.webhook import check_url, post
from tests.notify.slowhook import SlowHook

HOST = "127.0.0.1"
NOTICE = Notice(
    kind="time_running_out",
    username="alice",
    match_id="m-42",
    game_name={"en": "Battle of the Bulge", "ja": "バルジ大作戦"},
    opponent="bob",
    deadline=datetime(2026, 11, 30, 15, 0, tzinfo=UTC),
    url="https://counterplay.example/match/m-42",
)


class Receiver(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # the workers of two processes may connect 32 at once

    def __init__(self) -> None:
        super().__init__((HOST, 0), Handler)
        self.requests: list[dict[str, Any]] = []

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}"


class Handler(BaseHTTPRequestHandler):
    """Records every request. /fail answers 500, /moved redirects to /hook, /slow sleeps; others 204."""

    server: Receiver

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        self.server.requests.append(
            {"path": self.path, "content_type": self.headers.get("Content-Type"), "body": body,
             "host": self.headers.get("Host"), "key": self.headers.get("Idempotency-Key")}
        )
        if self.path == "/fail":
            self.send_response(500)
        elif self.path == "/moved":
            self.send_response(302)
            self.send_header("Location", "/hook")
        elif self.path == "/slow":
            time.sleep(1.0)
            self.send_response(204)
        else:
            self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def send(*args: Any, **kwargs: Any) -> None:
    """``post``, awaited."""
    asyncio.run(post(*args, **kwargs))


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_json(receiver: Receiver) -> None:
    send(f"{receiver.base}/hook", "json", NOTICE, "ja", private_ok=True, key="17")
    assert len(receiver.requests) == 1
    got = receiver.requests[0]
    assert got["path"] == "/hook"
    assert got["content_type"] == "application/json"
    assert got["key"] == "17"  # the delivery's id: a receiver can tell a repeated delivery
    assert json.loads(got["body"]) == to_json(NOTICE)
    assert json.loads(got["body"])["deadline"] == "2026-11-30T15:00:00+00:00"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_discord(receiver: Receiver, language: str) -> None:
    send(f"{receiver.base}/api/webhooks/1/token", "discord", NOTICE, language, private_ok=True)
    subject, _ = render(NOTICE, language)
    assert [json.loads(r["body"]) for r in receiver.requests] == [{"content": f"{subject}\n{NOTICE.url}"}]
    assert receiver.requests[0]["path"] == "/api/webhooks/1/token"


def test_slack(receiver: Receiver) -> None:
    send(f"{receiver.base}/services/T/B/x", "slack", NOTICE, "en", private_ok=True)
    subject, _ = render(NOTICE, "en")
    assert subject.startswith("Time is running out")
    assert [json.loads(r["body"]) for r in receiver.requests] == [{"text": f"{subject}\n{NOTICE.url}"}]


def test_server_error_is_a_delivery_error(receiver: Receiver) -> None:
    with pytest.raises(DeliveryError, match="500"):
        send(f"{receiver.base}/fail", "json", NOTICE, "en", private_ok=True)
    assert len(receiver.requests) == 1


def test_redirect_is_not_followed(receiver: Receiver) -> None:
    with pytest.raises(DeliveryError, match="302"):
        send(f"{receiver.base}/moved", "discord", NOTICE, "en", private_ok=True)
    assert [r["path"] for r in receiver.requests] == ["/moved"]


def test_timeout_is_a_delivery_error(receiver: Receiver) -> None:
    with pytest.raises(DeliveryError):
        send(f"{receiver.base}/slow", "json", NOTICE, "en", private_ok=True, deadline=0.2)


@pytest.mark.parametrize("mode", ["sleep", "trickle"])
def test_a_slow_answer_is_cut_at_the_total_deadline(mode: str) -> None:
    """One deadline covers the whole POST: a receiver that trickles its answer a byte every 0.5 s
    meets no per-read timeout, and is still cut at 1 s, while it goes on holding its answer."""
    with SlowHook(mode, hold=30.0, every=0.5) as hook:
        with pytest.raises(DeliveryError, match="within 1 s"):
            send(hook.url, "json", NOTICE, "en", deadline=1.0, private_ok=True)
        assert hook.received.is_set() and not hook.answered.is_set()


def test_nothing_listening_is_a_delivery_error() -> None:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port = s.getsockname()[1]
    with pytest.raises(DeliveryError):
        send(f"http://{HOST}:{port}/hook", "json", NOTICE, "en", private_ok=True, deadline=2.0)


def test_bad_url_or_format(receiver: Receiver) -> None:
    with pytest.raises(DeliveryError):
        send("ftp://127.0.0.1/hook", "json", NOTICE, "en")
    with pytest.raises(DeliveryError, match="format"):
        send(f"{receiver.base}/hook", "telegram", NOTICE, "en", private_ok=True)
    assert receiver.requests == []


@pytest.mark.parametrize(
    "url",
    ["ftp://x", "javascript:alert(1)", "http://", "https://", "", "   ", "x", "/relative/path", "http:///path",
     "http://exa mple.com/", "http://example.com:99999/", "http://host/\nX-Injected: 1"],
)
def test_check_url_refuses(url: str) -> None:
    with pytest.raises(ValueError) as info:
        check_url(url)
    assert str(info.value)


@pytest.mark.parametrize(
    "url",
    ["https://discord.com/api/webhooks/123/abc", "http://127.0.0.1:8080/hook", "HTTPS://Example.com/x?y=1",
     "https://[::1]:8443/h"],
)
def test_check_url_accepts(url: str) -> None:
    assert check_url(url) == url
    assert check_url(f"  {url}\n") == url


# --- SSRF: the address is checked at delivery, and the connection goes where the check looked ---


def _resolving(monkeypatch: pytest.MonkeyPatch, answers: dict[str, list[str]]) -> list[str]:
    """Make these names resolve to these addresses, and no other name resolve (an address stays
    itself); return the names asked."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host: str, *args: Any, **kwargs: Any) -> list[Any]:
        try:
            ipaddress.ip_address(host)
            return real(host, *args, **kwargs)
        except ValueError:
            asked.append(host)
        if host in answers:
            return [(socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 0))
                    for a in answers[host]]
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


def test_a_private_address_is_refused_at_delivery(receiver: Receiver) -> None:
    with pytest.raises(DeliveryError, match="public address"):
        send(f"{receiver.base}/hook", "json", NOTICE, "en")
    assert receiver.requests == []


def test_a_name_rebound_to_a_private_address_is_refused_at_delivery(receiver: Receiver,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Public when the player saved it, loopback now (DNS rebinding): nothing is sent."""
    _resolving(monkeypatch, {"hooks.example": ["127.0.0.1"]})
    with pytest.raises(DeliveryError, match="public address"):
        send(f"http://hooks.example:{receiver.server_address[1]}/hook", "json", NOTICE, "en")
    assert receiver.requests == []


def test_one_private_address_among_public_ones_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    _resolving(monkeypatch, {"hooks.example": ["93.184.215.14", "10.1.2.3"]})
    with pytest.raises(DeliveryError, match="public address"):
        send("https://hooks.example/hook", "json", NOTICE, "en")


def test_the_connection_goes_to_the_checked_address(receiver: Receiver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The name is resolved once, by the check; the POST goes to that address with the name in
    its Host header (were httpx to resolve the name again, the lookup here would fail)."""
    asked = _resolving(monkeypatch, {})
    monkeypatch.setattr(webhook, "public_addresses", lambda host: ["127.0.0.1"])
    port = receiver.server_address[1]
    send(f"http://hooks.example:{port}/hook?x=1", "json", NOTICE, "en")
    assert [(r["path"], r["host"]) for r in receiver.requests] == [("/hook?x=1", f"hooks.example:{port}")]
    assert asked == []


def test_https_keeps_the_name_for_tls() -> None:
    """Pinned to the address, an https POST still presents the name (SNI) and checks the
    certificate against it; an IPv6 address is bracketed."""
    from urllib.parse import urlsplit

    url, host, extensions = webhook._pinned(urlsplit("https://user@hooks.example:8443/p?q=1"), "2001:db8::1")
    assert (url, host, extensions) == ("https://[2001:db8::1]:8443/p?q=1", {"Host": "hooks.example:8443"},
                                       {"sni_hostname": "hooks.example"})
    url, host, extensions = webhook._pinned(urlsplit("http://hooks.example/p"), "93.184.215.14")
    assert (url, host, extensions) == ("http://93.184.215.14/p", {"Host": "hooks.example"}, {})
