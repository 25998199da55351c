"""Same-origin checks for state-changing requests and websocket handshakes (CSRF); the Host header
(DNS rebinding); the security headers of every answer; input that is not Unicode text."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from ..config import Settings

# A lone UTF-16 surrogate: JSON lets "\ud800" be written, but such a string has no UTF-8 form, so it can
# be neither stored, nor compared with the legal actions, nor sent back (a pair decodes to one character).
SURROGATE = re.compile("[\ud800-\udfff]")
NOT_TEXT = "Text must be Unicode: a lone UTF-16 surrogate (an unpaired \\ud800-\\udfff escape) was found."


LOOPBACK = ("127.0.0.1", "localhost", "::1")
# host, or [IPv6], then an optional port; lower case (a Host header is compared without regard to case)
_HOST = re.compile(r"(?:\[(?P<v6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9_.-]+))(?::[0-9]{1,5})?")


def allowed_hosts(settings: Settings) -> frozenset[str] | None:
    """The host names this service answers to: PUBLIC_URL's, the loopback names and ALLOWED_HOSTS
    (``.example.org`` also allows its subdomains); None when ALLOWED_HOSTS has ``*`` (any host)."""
    extra = {h.strip().lower().rstrip(".") for h in settings.allowed_hosts.split(",")}
    if "*" in extra:
        return None
    public = (urlsplit(settings.public_url).hostname or "").rstrip(".")
    return frozenset(h for h in {public, *LOOPBACK, *extra} if h)


def host_name(header: str | None) -> str | None:
    """The host of a Host header without its port, or None when it is not one."""
    found = _HOST.fullmatch(header.strip().lower()) if header else None
    if found is None:
        return None
    name = found.group("v6") or found.group("name")
    return name[:-1] if name.endswith(".") and len(name) > 1 else name


def host_allowed(header: str | None, allowed: frozenset[str] | None) -> bool:
    """A browser on a page of evil.example, whose name was made to point at this server (DNS rebinding),
    sends ``Host: evil.example``: only the names this service is reached by pass."""
    if allowed is None:
        return True
    name = host_name(header)
    if name is None:
        return False
    return name in allowed or any(a.startswith(".") and (name == a[1:] or name.endswith(a)) for a in allowed)


def security_headers(settings: Settings) -> list[tuple[bytes, bytes]]:
    """Sent with every HTTP answer. X-Frame-Options (for browsers without CSP's frame-ancestors) is DENY
    unless the configured policy lets some site frame the pages."""
    headers = [(b"x-content-type-options", b"nosniff")]
    policy = settings.content_security_policy.strip()
    if policy:
        headers.append((b"content-security-policy", policy.encode("latin-1")))
    framing = [d.split()[1:] for d in policy.split(";") if d.split()[:1] == ["frame-ancestors"]]
    if not framing or framing[0] == ["'none'"]:
        headers.append((b"x-frame-options", b"DENY"))
    if settings.referrer_policy:
        headers.append((b"referrer-policy", settings.referrer_policy.encode("latin-1")))
    return headers


def has_lone_surrogate(value: Any) -> bool:
    """Whether a decoded JSON value holds a lone surrogate in any string or key, however deep."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if SURROGATE.search(v):
                return True
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


def unicode_only(value: Any) -> Any:
    """A pydantic validator for free-form JSON fields (``dict[str, Any]``), whose values pydantic leaves
    unchecked: a 422 instead of a 500 further on."""
    if has_lone_surrogate(value):
        raise ValueError(NOT_TEXT)
    return value


def origin_allowed(origin: str | None, host: str | None, settings: Settings) -> bool:
    """No Origin (a script, a test client) is allowed; a browser's Origin must be this host."""
    if origin is None:
        return True
    allowed = {o.strip() for o in settings.allowed_origins.split(",") if o.strip()}
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == (host or "")
