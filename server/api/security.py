"""Same-origin checks for state-changing requests and websocket handshakes (CSRF)."""

from __future__ import annotations

from urllib.parse import urlsplit

from ..config import Settings


def origin_allowed(origin: str | None, host: str | None, settings: Settings) -> bool:
    """No Origin (a script, a test client) is allowed; a browser's Origin must be this host."""
    if origin is None:
        return True
    allowed = {o.strip() for o in settings.allowed_origins.split(",") if o.strip()}
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == (host or "")
