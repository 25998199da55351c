"""The simplest computer opponent: a random legal action from its view. Used by tests and load runs."""

from __future__ import annotations

import random
from typing import Any


def choose(view: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """A random action from ``view["actions"]``, or None when this role has nothing to do."""
    actions = view.get("actions") or []
    return rnd.choice(actions) if actions else None
