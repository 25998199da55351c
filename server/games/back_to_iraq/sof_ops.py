"""§G3.6: SOF operations, and §G3.7 what changes when a lone SOF is attacked.

In the owner's combat phase each SOF may make one operation against an adjacent hex, each target at most once a
player turn: ``{"type": "sof_operation", "unit", "at", "target"}`` (``target`` "hq", with the ``hq`` unit; "city";
or "marker", a Coalition SOF against the strategic marker ``marker_id``, §G1.4(2)). One die plus the modifiers
(LOST-48) on the SOF Operations Table: eliminated, no effect, or success.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import rng
from ...engine.core import Action, IllegalAction, State
from ...engine.steps import Frame
from . import targets
from .command import suppress
from .forces import ENEMY, board, log, on_map, spec, tables, unit
from .mipp import mipp_check, mipp_gain
from .sof import book, eliminate, is_sof, lone, on
from .terrain import neutral, place_kind

# §G3.6: the countries a side's SOF raid cities in (AMBIG reading: the other side's home countries)
ENEMY_COUNTRIES = {"coalition": ("iraq", "iran"), "islamic": ("kuwait", "saudi", "turkey")}


def _done(state: State, side: str) -> list[dict[str, str]]:
    """The operations of ``side``'s player turn now."""
    return [o for o in book(state)["ops"] if o["turn"] == state["turn"] and o["side"] == side] \
        if "sof" in state else []


def _enemy_hqs(state: State, side: str, h: str) -> list[str]:
    return [u for u in on_map(state, ENEMY[side]) if unit(state, u)["hex"] == h and "hq" in spec(state, u).tags]


def _city_target(state: State, side: str, h: str) -> bool:
    """§G3.6(3): an enemy city in an enemy country holding no units of the SOF's side."""
    return (place_kind(state, h) == "city" and board(state).country[h] in ENEMY_COUNTRIES[side]
            and not neutral(state, h) and not any(unit(state, u)["hex"] == h for u in on_map(state, side)))


def operation_actions(state: State, side: str) -> list[Action]:
    """§G3.6: each SOF of ``side`` not yet used this phase, against each target beside it not yet raided."""
    if not on(state):
        return []
    done = _done(state, side)
    used = {o["unit"] for o in done}
    raided = {(o["at"], o["target"]) for o in done}
    out: list[Action] = []
    for uid in on_map(state, side):
        if not is_sof(state, uid) or uid in used:
            continue
        for h in board(state).neighbours(unit(state, uid)["hex"]):
            for hq in _enemy_hqs(state, side, h):
                if (h, f"hq:{hq}") not in raided:
                    out.append({"type": "sof_operation", "unit": uid, "at": h, "target": "hq", "hq": hq})
            if (h, "city") not in raided and _city_target(state, side, h):
                out.append({"type": "sof_operation", "unit": uid, "at": h, "target": "city"})
            if side == "coalition":  # §G3.6(2), §G1.4(2): the strategic markers are Islamic
                out += [{"type": "sof_operation", "unit": uid, "at": h, "target": "marker", "marker_id": tid}
                        for tid in targets.at(state, h)
                        if not state["targets"][tid]["active"] and (h, f"marker:{tid}") not in raided]
    return out


def modifiers(state: State, uid: str, h: str) -> list[str]:
    """§G3.6: the four modifiers that apply, each +LOST-48 ``modifier``."""
    s = spec(state, uid)
    b = board(state)
    here = unit(state, uid)["hex"]
    out = []
    if s.nation in ("us", "uk"):
        out.append("us_uk")
    # no enemy ground units (HQs and SOF are not, a reading; the revealed terrorist base is §G1's)
    if not any(unit(state, u)["hex"] == h and not is_sof(state, u) and "hq" not in spec(state, u).tags
               for u in on_map(state, ENEMY[s.side])) and h not in targets.face_up(state, "terrorist_base"):
        out.append("undefended")
    if s.side == "coalition" and (here in b.kurdish_area or b.country[here] in ("kuwait", "saudi")):
        out.append("friendly_ground")
    if s.power == "iran" and b.country[h] == "iran":
        out.append("inside_iran")
    return out


def _hq_success(state: State, uid: str, action: Action) -> None:
    suppress(state, action["hq"])
    if spec(state, uid).side == "islamic":
        mipp_check(state, "sof", hex=action["at"])


def _city_success(state: State, uid: str, action: Action) -> None:
    """§G3.6: the Islamic player rolls 1d6 - LOST-48 ``city_minus``: plus to MIPP, minus from it (not below 0)."""
    die = rng.roll(state)
    swing = die - int(tables(state).lost("LOST-48")["city_minus"])  # LOST-48
    state["mipp"] = max(0, int(state["mipp"]) + swing)
    log(state, "sof_mipp", die=die, swing=swing, total=state["mipp"])


def _marker_success(state: State, uid: str, action: Action) -> None:
    """§G3.6(2), §G1.4(2): a face-down marker is revealed and takes its chart effect, a face-up one is removed; by
    the chart an SOF's reveal removes a Deception, and Hostages so freed cost the Islamic player 1d6 MIPP."""
    tid = action["marker_id"]
    rec = state["targets"][tid]
    if rec["face"] == "down":
        targets.reveal(state, tid, "sof")
        if rec["kind"] not in ("deception", "hostages") or rec["active"]:
            return
    if rec["kind"] == "hostages":
        mipp_gain(state, -rng.roll(state), "hostages_freed")
    targets.remove(state, tid)


TARGETS: dict[str, Callable[[State, str, Action], None]] = {"hq": _hq_success, "city": _city_success,
                                                            "marker": _marker_success}


def operate(state: State, frame: Frame, action: Action) -> None:
    """§G3.6, the SOF Operations Table (LOST-48)."""
    uid, h = action["unit"], action["at"]
    side = unit(state, uid)["side"]
    if action["target"] not in TARGETS:
        raise IllegalAction(f"No SOF operation against {action['target']!r}.")
    t = tables(state).lost("LOST-48")  # LOST-48
    mods = modifiers(state, uid, h)
    die = rng.roll(state)
    total = die + int(t["modifier"]) * len(mods)
    # a reading: the die's own face eliminates (every Coalition SOF is US or UK, +1: on the total the table's
    # "Coalition SOF eliminated" could never happen); the modifiers move the rest toward success
    result = "eliminated" if die in t["eliminated"] else "success" if total >= int(t["success_from"]) \
        else "no_effect"
    target = f"hq:{action['hq']}" if action["target"] == "hq" else \
        f"marker:{action['marker_id']}" if action["target"] == "marker" else action["target"]
    book(state)["ops"].append({"turn": state["turn"], "side": side, "unit": uid, "at": h, "target": target})
    log(state, "sof_operation", unit=uid, at=h, target={"key": f"sof_target.{action['target']}"}, die=die,
        total=total, result={"key": f"sof_result.{result}"})
    if result == "eliminated":
        eliminate(state, uid)
        if side == "coalition":
            mipp_check(state, "sof", hex=h)  # the table's *
    elif result == "success":
        TARGETS[action["target"]](state, uid, action)


# === §G3.7 Attacks on a lone SOF ===

def lone_attack(state: State, target: str) -> int | None:
    """§G3.7(1): against SOF alone a non-SOF attacker's strength is LOST-49, whatever its face or supply."""
    if not on(state) or not lone(state, target):
        return None
    return int(tables(state).lost("LOST-49"))  # LOST-49


def beside_city(state: State, target: str) -> bool:
    """§G3.7(3): a lone SOF beside a city has the city's terrain benefit."""
    return on(state) and lone(state, target) and any(
        place_kind(state, n) == "city" for n in board(state).neighbours(target))

