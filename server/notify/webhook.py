"""Webhook notices: one HTTP POST per notice, as JSON or in the form chat services' incoming webhooks take.

Formats:
- ``"json"``: ``to_json(notice)``;
- ``"discord"``: ``{"content": "<subject>\\n<url>"}`` (Discord, and services compatible with it);
- ``"slack"``: ``{"text": "<subject>\\n<url>"}`` (Slack and compatible services).

Redirects are not followed: a webhook answers where it was registered or not at all.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import httpx

from server.notify.notice import DeliveryError, Notice, render, to_json

FORMATS = ("json", "discord", "slack")
USER_AGENT = "Counterplay-Notifier/1"


def check_url(url: str) -> str:
    """The URL (without surrounding whitespace) if it is http(s) with a host; ValueError with a reason otherwise."""
    url = url.strip()
    if not url:
        raise ValueError("the webhook URL is empty")
    if any(ord(ch) < 0x21 or ord(ch) == 0x7F for ch in url):
        raise ValueError("the webhook URL contains spaces or control characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- raises ValueError on a port that is not a number in range
    except ValueError as exc:
        raise ValueError(f"the webhook URL cannot be read: {exc}") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError("the webhook URL must start with http:// or https://")
    if not parts.hostname:
        raise ValueError("the webhook URL has no host")
    return url


def payload(fmt: str, notice: Notice, language: str) -> dict[str, Any]:
    """The body ``post`` sends for ``fmt``."""
    if fmt == "json":
        return to_json(notice)
    subject, _ = render(notice, language)
    line = f"{subject}\n{notice.url}" if notice.url else subject
    if fmt == "discord":
        return {"content": line}
    if fmt == "slack":
        return {"text": line}
    raise ValueError(f"unknown webhook format {fmt!r} (one of {', '.join(FORMATS)})")


def post(url: str, fmt: str, notice: Notice, language: str, timeout: float = 5.0) -> None:
    """POST ``notice`` to ``url`` in ``fmt``; DeliveryError on a bad URL or format, a network error, a non-2xx."""
    try:
        body = payload(fmt, notice, language)
        url = check_url(url)
    except ValueError as exc:
        raise DeliveryError(str(exc)) from exc
    try:
        # trust_env=False: no proxy, netrc or certificate settings picked up from the environment.
        with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client:
            response = client.post(url, json=body, headers={"User-Agent": USER_AGENT})
    except (httpx.HTTPError, httpx.InvalidURL, ValueError, OSError) as exc:
        raise DeliveryError(f"webhook POST failed: {type(exc).__name__}: {exc}") from exc
    if not response.is_success:
        raise DeliveryError(f"webhook answered HTTP {response.status_code}")
