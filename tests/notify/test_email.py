"""Mailer against a real SMTP server (aiosmtpd) on the loopback interface."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from server.notify import DeliveryError, Notice, render
from server.notify.email import Mailer, SmtpSettings
from tests.notify.slowhook import TricklingSmtp

HOST = "127.0.0.1"
URL = "https://counterplay.example/match/m-42"
UNSUBSCRIBE = "https://counterplay.example/api/unsubscribe?u=7&t=abc123"
NOTICE = Notice(
    kind="your_move",
    username="alice",
    match_id="m-42",
    game_name={"en": "Battle of the Bulge", "ja": "バルジ大作戦"},
    opponent="bob",
    url=URL,
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    raw: bytes
    message: EmailMessage


@dataclass
class Recorder:
    """aiosmtpd handler: keeps what it is given; refuses recipients at refused.example."""

    received: list[Received] = field(default_factory=list)
    logins: list[tuple[bytes, bytes]] = field(default_factory=list)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: Any) -> str:
        if address.endswith("@refused.example"):
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = bytes(envelope.original_content or envelope.content)
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), raw, message))
        return "250 OK"

    def authenticate(self, server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> AuthResult:
        assert isinstance(auth_data, LoginPassword)
        self.logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"s3cret")


@pytest.fixture
def smtp() -> Iterator[tuple[Recorder, int]]:
    recorder = Recorder()
    port = free_port()
    controller = Controller(
        recorder, hostname=HOST, port=port, authenticator=recorder.authenticate, auth_require_tls=False
    )
    controller.start()
    try:
        yield recorder, port
    finally:
        controller.stop()


def test_sends_japanese_notice(smtp: tuple[Recorder, int]) -> None:
    recorder, port = smtp
    mailer = Mailer(SmtpSettings(host=HOST, port=port, sender="Counterplay <noreply@counterplay.example>"))
    mailer.send("alice@example.org", NOTICE, "ja", UNSUBSCRIBE)

    assert len(recorder.received) == 1
    got = recorder.received[0]
    assert got.rcpt_tos == ["alice@example.org"]
    assert got.mail_from == "noreply@counterplay.example"
    msg = got.message
    subject, text = render(NOTICE, "ja")
    assert msg["Subject"] == subject
    assert "あなたの手番です" in msg["Subject"]
    assert msg["To"] == "alice@example.org"
    # On the wire the subject is an RFC 2047 encoded word, in UTF-8.
    raw_subject = next(line for line in got.raw.decode("ascii").splitlines() if line.lower().startswith("subject:"))
    assert "=?utf-8?" in raw_subject.lower()
    assert msg.get_content_type() == "text/plain"
    assert msg.get_content_charset() == "utf-8"
    body = msg.get_content()
    assert text.strip() in body
    assert URL in body
    assert UNSUBSCRIBE in body
    assert "メール通知の停止" in body
    assert msg["List-Unsubscribe"] == f"<{UNSUBSCRIBE}>"
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert msg["Message-ID"]
    assert msg["Date"]


def test_sends_english_and_logs_in(smtp: tuple[Recorder, int]) -> None:
    recorder, port = smtp
    settings = SmtpSettings(host=HOST, port=port, username="relay", password="s3cret")
    Mailer(settings).send("bob@example.org", NOTICE, "en", UNSUBSCRIBE)
    assert recorder.logins == [(b"relay", b"s3cret")]
    msg = recorder.received[0].message
    assert recorder.received[0].mail_from == "counterplay@localhost"
    assert msg["Subject"] == "Your move: Battle of the Bulge against bob"
    assert URL in msg.get_content()
    assert UNSUBSCRIBE in msg.get_content()
    assert msg["List-Unsubscribe"] == f"<{UNSUBSCRIBE}>"


def test_wrong_password_is_a_delivery_error(smtp: tuple[Recorder, int]) -> None:
    recorder, port = smtp
    settings = SmtpSettings(host=HOST, port=port, username="relay", password="wrong")
    with pytest.raises(DeliveryError):
        Mailer(settings).send("bob@example.org", NOTICE, "en", UNSUBSCRIBE)
    assert recorder.received == []


def test_refused_recipient_is_a_delivery_error(smtp: tuple[Recorder, int]) -> None:
    recorder, port = smtp
    with pytest.raises(DeliveryError):
        Mailer(SmtpSettings(host=HOST, port=port)).send("ghost@refused.example", NOTICE, "en", UNSUBSCRIBE)
    assert recorder.received == []


def test_starttls_unsupported_is_a_delivery_error(smtp: tuple[Recorder, int]) -> None:
    recorder, port = smtp
    with pytest.raises(DeliveryError):
        Mailer(SmtpSettings(host=HOST, port=port, starttls=True)).send("bob@example.org", NOTICE, "en", UNSUBSCRIBE)
    assert recorder.received == []


def test_nothing_listening_is_a_delivery_error() -> None:
    mailer = Mailer(SmtpSettings(host=HOST, port=free_port(), timeout=2.0))
    with pytest.raises(DeliveryError):
        mailer.send("alice@example.org", NOTICE, "en", UNSUBSCRIBE)


def test_a_trickling_server_is_cut_at_the_deadline() -> None:
    """smtplib's timeout counts per read; a server that sends its greeting a byte every 0.5 s never
    meets it. The deadline covers the whole delivery, and the server was still trickling."""
    with TricklingSmtp(every=0.5) as server:
        mailer = Mailer(SmtpSettings(host=HOST, port=server.port, timeout=10.0))
        with pytest.raises(DeliveryError, match="within 1 s"):
            mailer.send("alice@example.org", NOTICE, "en", UNSUBSCRIBE, deadline=1.0)
        assert server.connected.is_set() and not server.finished.is_set()


def test_header_injection_is_refused() -> None:
    mailer = Mailer(SmtpSettings(host=HOST, port=free_port()))
    with pytest.raises(DeliveryError):
        mailer.send("alice@example.org\r\nBcc: everyone@example.org", NOTICE, "en", UNSUBSCRIBE)
    with pytest.raises(DeliveryError):
        mailer.send("alice@example.org", NOTICE, "en", UNSUBSCRIBE + ">\r\nBcc: x@example.org")
