"""Same-origin checks for state-changing requests and websocket handshakes (CSRF); input that is not
Unicode text."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from ..config import Settings

# A lone UTF-16 surrogate: JSON lets "\ud800" be written, but such a string has no UTF-8 form, so it can
# be neither stored, nor compared with the legal actions, nor sent back (a pair decodes to one character).
SURROGATE = re.compile("[\ud800-\udfff]")
NOT_TEXT = "Text must be Unicode: a lone UTF-16 surrogate (an unpaired \\ud800-\\udfff escape) was found."


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
