"""§G5.6: a strategic marker neutralized by the SOW performs no function until it reactivates at the end of the
next Regroup phase (read: the Weather/Regroup Determination Phase of the next turn). The marker's record in
``state["targets"]`` keeps that turn in ``neutralized_until``. No import from the package, so that targets.py may
call it."""

from __future__ import annotations

from typing import Any

from ...engine.core import State


def working(state: State, rec: dict[str, Any]) -> bool:
    """Whether the marker works now: never neutralized, or its next Regroup phase is over."""
    until = rec.get("neutralized_until")
    if until is None:
        return True
    return bool(state["turn"] > until or (state["turn"] == until and state["phase"] != "weather_regroup"))
