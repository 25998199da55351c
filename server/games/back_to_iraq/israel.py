"""§G5.2(2)-§G5.3: the Israeli Airborne Division. It has no option of its own: it exists once a Scud has brought
the Israeli retaliation (``state["israel"]``, scud.py). From then on the Coalition brings it in when it chooses, on
any decision of its movement phase, on a clear or city hex in Iraq with no Islamic unit; it may move on its
arrival turn. It operates only in Iraq and Iran, stacks only with US, UK, French and European units, gives the
Islamic player MIPP on * results, and its entry bars Saudi, Kuwaiti and Syrian units from attacking Iraq and Iran
for the rest of the game (``state["israel_entered"]``).
"""

from __future__ import annotations

from ...engine.core import Action, State
from ...engine.steps import Frame
from .forces import board, log, occupied, spec, tables, unit
from .mipp import mipp_gain
from .terrain import natural, place_kind

UNIT = "il_abn"
THEATRE = ("iraq", "iran")  # §G5.3(1)
BARRED = ("saudi", "kuwait", "syria")  # §G5.3(5)


def is_israeli(state: State, uid: str) -> bool:
    return spec(state, uid).nation == "israel"


def available(state: State) -> bool:
    """§G5.2(2): after the Israeli retaliation, while the division waits off the map."""
    return state.get("israel") is not None and UNIT in state["units"] and unit(state, UNIT)["status"] == "out"


# === §G5.2(2) The arrival ===

def arrival_hexes(state: State) -> list[str]:
    """A clear or city hex in Iraq free of Islamic units (printed clear: not salt marsh, clear only in Fair weather;
    not a city a nuclear hit has ruined)."""
    b = board(state)
    islamic = occupied(state, "islamic")
    return [h for h in b.hexes if b.country.get(h) == "iraq" and h not in islamic
            and ((b.terrain[h] == "clear" and natural(state, h) == "clear") or place_kind(state, h) == "city")]


def arrival_actions(state: State, side: str) -> list[Action]:
    if side != "coalition" or not available(state):
        return []
    return [{"type": "israeli_arrival", "unit": UNIT, "to": h} for h in arrival_hexes(state)]


def arrive(state: State, frame: Frame, action: Action) -> None:
    """Placed on its hex, its move not begun: it may move this turn (§G5.2(2))."""
    rec = unit(state, UNIT)
    rec.update(status="map", hex=action["to"], mp=None, moved=False, attacked=False)
    state["israel_entered"] = True  # §G5.3(5): for good, even if it is eliminated later
    log(state, "israeli_arrival", unit=UNIT, to=action["to"])


# === §G5.3 The restrictions ===

def in_theatre(state: State, hex_id: str) -> bool:
    """§G5.3(1): it operates only in Iraq and Iran."""
    return board(state).country.get(hex_id) in THEATRE


def keeps_theatre(state: State, action: Action) -> bool:
    """A move or advance of the division that would leave Iraq and Iran is not offered (the destination counts)."""
    return action.get("unit") != UNIT or "to" not in action or in_theatre(state, str(action["to"]))


def barred_attacker(state: State, uid: str, target: str) -> bool:
    """§G5.3(5): once the division has entered, Saudi, Kuwaiti and Syrian units never attack a hex in Iraq or
    Iran."""
    return bool(state.get("israel_entered")) and spec(state, uid).nation in BARRED and in_theatre(state, target)


def combat_mipp(state: State, units: list[str], starred: bool) -> None:
    """§G5.3(3): a combat it takes part in gives the Islamic player n MIPP on a * result, on top of the CRT's."""
    if starred and any(is_israeli(state, u) for u in units):
        mipp_gain(state, int(tables(state).also_lost("israeli_mipp")), "israeli")


def after_retreat(state: State, units: list[str]) -> list[str]:
    """§G5.3(1): forced to retreat out of Iraq and Iran, it is eliminated: the units so lost."""
    return [u for u in units if is_israeli(state, u) and unit(state, u)["status"] == "map"
            and not in_theatre(state, unit(state, u)["hex"])]
