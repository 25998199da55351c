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


def face_up_working(state: State, kind: str) -> list[str]:
    """The hexes of the face-up markers of ``kind`` on the map that work now (for targets.py's ADC and Military
    Installation; a neutralized WMD or terrorist base still shows for victory, §G1.6)."""
    return sorted(rec["hex"] for rec in state.get("targets", {}).values()
                  if rec["status"] == "map" and rec["face"] == "up" and rec["kind"] == kind and working(state, rec))
