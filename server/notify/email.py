"""E-mail notices over SMTP: plain text, UTF-8, with a one-click unsubscribe (RFC 8058)."""

from __future__ import annotations

import contextlib
import smtplib
import socket
import ssl
import threading
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr

from server.notify.notice import DeliveryError, Notice, render


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int = 25
    sender: str = "counterplay@localhost"
    username: str | None = None
    password: str | None = None
    starttls: bool = False
    timeout: float = 10.0


_FOOTER = {
    "en": "You receive this e-mail because notifications are on for your Counterplay account.\n"
    "Stop these e-mails: {url}\n",
    "ja": "Counterplay のアカウントでメール通知が有効になっているため、このメールをお送りしています。\n"
    "メール通知の停止：{url}\n",
}


def _address(sender: str) -> str:
    """The bare address of "Counterplay <counterplay@example.org>" (the envelope sender)."""
    return parseaddr(sender)[1] or sender


def _has_line_break(value: str) -> bool:
    return any(ch in value for ch in "\r\n")


class Mailer:
    def __init__(self, settings: SmtpSettings) -> None:
        self.settings = settings

    def message(self, to: str, notice: Notice, language: str, unsubscribe_url: str) -> EmailMessage:
        """The e-mail ``send`` hands over (separate so that it can be looked at without a server)."""
        if not to or _has_line_break(to) or "@" not in to:
            raise DeliveryError(f"not an e-mail address: {to!r}")
        if _has_line_break(unsubscribe_url) or any(ch in unsubscribe_url for ch in "<> "):
            raise DeliveryError("the unsubscribe link is not a plain URL")
        subject, body = render(notice, language)
        footer = _FOOTER["ja" if language == "ja" else "en"].format(url=unsubscribe_url)
        msg = EmailMessage()
        msg["From"] = self.settings.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["Date"] = formatdate(usegmt=True)
        domain = _address(self.settings.sender).rpartition("@")[2] or "localhost"
        msg["Message-ID"] = make_msgid(domain=domain)
        msg["Auto-Submitted"] = "auto-generated"
        msg["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        msg.set_content(f"{body}\n-- \n{footer}", charset="utf-8")
        return msg

    def send(self, to: str, notice: Notice, language: str, unsubscribe_url: str,
             deadline: float | None = None) -> None:
        """Hand the e-mail to the SMTP server; DeliveryError if it cannot be done.

        smtplib's timeout counts per socket operation, so a server that trickles its answers could
        hold a delivery for ever. With ``deadline`` (seconds) the whole delivery is bounded: when it
        runs out, the socket is shut from a timer thread, which ends the read that waits on it."""
        msg = self.message(to, notice, language, unsubscribe_url)
        s = self.settings
        timeout = s.timeout if deadline is None else min(s.timeout, deadline)
        smtp = smtplib.SMTP(timeout=timeout)  # no host: nothing connects before the timer runs
        expired = threading.Event()

        def cut() -> None:
            expired.set()
            sock = smtp.sock
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

        timer = threading.Timer(deadline, cut) if deadline is not None else None
        if timer is not None:
            timer.daemon = True
            timer.start()
        try:
            smtp.connect(s.host, s.port)
            if expired.is_set():  # the deadline passed while connecting: the socket came too late to cut
                raise OSError("deadline")
            if s.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if s.username is not None:
                smtp.login(s.username, s.password or "")
            smtp.send_message(msg, from_addr=_address(s.sender), to_addrs=[to])
            with contextlib.suppress(smtplib.SMTPException, OSError):
                smtp.quit()
        except (smtplib.SMTPException, OSError, UnicodeError) as exc:
            if expired.is_set():
                raise DeliveryError(f"SMTP delivery to {s.host}:{s.port} did not finish within {deadline:g} s") from exc
            raise DeliveryError(f"SMTP delivery to {s.host}:{s.port} failed: {exc}") from exc
        finally:
            if timer is not None:
                timer.cancel()
            smtp.close()
