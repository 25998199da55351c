"""§G3: Special Operations Forces, the match option ``sof``. SOF (movement class ``sof``) are ground units but for
what follows: they move LOST-46 hexes whatever the terrain, hexsides and ZOC (§G3.2), infiltrate enemy hexes at a
die each (§G3.3), stack one to a hex for nothing (§G3.4), are always in supply (§G3.5), are attacked alone at
LOST-49 a unit and neutralized where others would die (§G3.7); Coalition SOF have no ZOC (zoc.py) and may fly
(§G3.9); before play the Islamic player may turn the 999th Brigade (and in Scenario 2 the Iranian 29th SF Division)
into SOF (§G3.10). Their operations (§G3.6) are in sof_ops.py.

The SOF's book is ``state["sof"]``, made on first use: ``air`` (the turn and the Coalition air moves made in it)
and ``ops`` (the operations of the game, each turn, side, unit, hex and target). A neutralized SOF has the status
``neutralized`` and the turn it comes back in ``returns``.
"""

from __future__ import annotations

import heapq
from typing import Any

from ...engine import rng
from ...engine.core import Action, IllegalAction, State
from ...engine.paths import Reached
from ...engine.steps import Frame, pop, push
from .al_qaeda import destroyed
from .board import WATER
from .control import enter
from .forces import ENEMY, MP, board, log, occupied, on_map, scenario, spec, tables, unit
from .terrain import neutral

CLASS = "sof"
FORMATION = "sof_formation"
AIR = "sof_air"


def on(state: State) -> bool:
    return bool(state["options"].get("sof"))


def is_sof(state: State, uid: str) -> bool:
    return spec(state, uid).movement_class == CLASS


def book(state: State) -> dict[str, Any]:
    found: dict[str, Any] = state.setdefault("sof", {"air": {"turn": None, "used": 0}, "ops": []})
    return found


def sof_hexes(state: State, side: str) -> set[str]:
    return {unit(state, u)["hex"] for u in on_map(state, side) if is_sof(state, u)}


def lone(state: State, hex_id: str) -> bool:
    """§G3.7: a hex holding SOF and nothing else."""
    here = [u for u in on_map(state) if unit(state, u)["hex"] == hex_id]
    return bool(here) and all(is_sof(state, u) for u in here)


# === §G3.2-§G3.3 Land movement and infiltration ===

def _step(state: State, uid: str, h: str, enemy: frozenset[str], enemy_sof: set[str]) -> int | None:
    """The MP (sixths) of stepping into ``h``: one hex one MP whatever the terrain and hexsides (§G3.2), LOST-47
    more into an enemy hex (§G3.3); never into an enemy SOF's hex, a neutral country, or (Islamic SOF) water."""
    b = board(state)
    if h in enemy_sof or neutral(state, h):
        return None  # §G3.3: enemy units may not enter a hex with an SOF
    if b.terrain[h] in WATER and spec(state, uid).side != "coalition":
        return None  # §G3.2: only Coalition SOF cross all-water hexes
    extra = int(tables(state).lost("LOST-47")["mp"]) if h in enemy else 0  # LOST-47
    return (1 + extra) * MP


def _search(state: State, uid: str, start: str, budget: int) -> dict[tuple[str, int], tuple[int, Any]]:
    """Dijkstra over (hex, infiltrations so far): each label's least MP and the label before it."""
    side = spec(state, uid).side
    enemy = frozenset(occupied(state, ENEMY[side]))
    enemy_sof = sof_hexes(state, ENEMY[side])
    b = board(state)
    best: dict[tuple[str, int], tuple[int, Any]] = {(start, 0): (0, None)}
    queue: list[tuple[int, int, str]] = [(0, 0, start)]
    while queue:
        spent, n, here = heapq.heappop(queue)
        if spent > best[(here, n)][0]:
            continue
        for there in b.neighbours(here):
            c = _step(state, uid, there, enemy, enemy_sof)
            if c is None or spent + c > budget:
                continue
            key = (there, n + (there in enemy))
            if key not in best or spent + c < best[key][0]:
                best[key] = (spent + c, (here, n))
                heapq.heappush(queue, (spent + c, key[1], there))
    return best


def _chosen(found: dict[tuple[str, int], tuple[int, Any]]) -> dict[str, tuple[int, int]]:
    """AMBIG reading: to each hex the path with the fewest infiltrations, then the cheapest: hex -> (n, MP)."""
    out: dict[str, tuple[int, int]] = {}
    for (h, n), (cost, _) in found.items():
        if h not in out or (n, cost) < out[h]:
            out[h] = (n, cost)
    return out


def _path(found: dict[tuple[str, int], tuple[int, Any]], to: str, n: int) -> list[str]:
    out: list[str] = []
    label: Any = (to, n)
    while found[label][1] is not None:
        out.append(label[0])
        label = found[label][1]
    return out[::-1]


def reach(state: State, uid: str, budget: int) -> dict[str, Reached]:
    """§G3.2: every hex the SOF can get to with ``budget`` MP, on the path with the fewest infiltrations."""
    found = _search(state, uid, unit(state, uid)["hex"], budget)
    out = {}
    for h, (n, cost) in _chosen(found).items():
        prev = found[(h, n)][1]
        out[h] = Reached(cost, prev[0] if prev else None)
    return out


def may_end(state: State, uid: str, h: str) -> bool:
    """§G3.2: on land; §G3.3: not in an enemy hex (it would be eliminated); §G3.4: not on another SOF."""
    side = spec(state, uid).side
    return (board(state).terrain[h] not in WATER and h not in occupied(state, ENEMY[side])
            and h not in sof_hexes(state, side))


def move_actions(state: State, uid: str, left: int) -> list[Action]:
    here = unit(state, uid)["hex"]
    found = _search(state, uid, here, left)
    out: list[Action] = []
    for h, (n, cost) in sorted(_chosen(found).items()):
        if h == here or not may_end(state, uid, h):
            continue
        prev = found[(h, n)][1]
        a: dict[str, Any] = {"type": "move", "unit": uid, "to": h, "cost": cost / MP, "left": (left - cost) / MP,
                             "prev": prev[0]}
        if n:
            a["infiltrations"] = n
        out.append(a)
    return out


def move(state: State, action: Action, left: int) -> None:
    """A destination move, waypoint by waypoint; each enemy hex entered on the way rolls 1d6 (§G3.3, LOST-47)."""
    uid = action["unit"]
    rec = unit(state, uid)
    side = rec["side"]
    steps: list[str] = []
    here, spent = rec["hex"], 0
    for stop in [*action.get("via", []), action["to"]]:
        found = _search(state, uid, here, left - spent)
        chosen = _chosen(found).get(stop)
        if chosen is None or stop == here:
            raise IllegalAction(f"{uid} cannot reach {stop}.")
        steps += _path(found, stop, chosen[0])
        spent += chosen[1]
        here = stop
    if not may_end(state, uid, action["to"]):
        raise IllegalAction("An SOF ends its move on land, out of enemy hexes, alone (§G3.2-§G3.4).")
    enemy = set(occupied(state, ENEMY[side]))
    faces = tables(state).lost("LOST-47")["eliminated"]  # LOST-47
    rec["moved"] = True
    for i, h in enumerate(steps):
        if h not in enemy:
            continue
        die = rng.roll(state)
        lost = die in faces
        log(state, "sof_infiltration", unit=uid, at=h, die=die,
            result={"key": f"sof_result.{'eliminated' if lost else 'no_effect'}"})
        if lost:
            enter(state, side, [s for s in steps[:i] if s not in enemy])
            rec["mp"] = 0
            eliminate(state, uid)
            return
    rec["hex"], rec["mp"] = action["to"], left - spent
    enter(state, side, [s for s in steps if s not in enemy])  # §4.8: the hexes it passes, not those it infiltrates
    log(state, "move", unit=uid, to=action["to"], path=steps)


def eliminate(state: State, uid: str) -> None:
    rec = unit(state, uid)
    rec["status"], rec["hex"] = "eliminated", None
    log(state, "eliminated", unit=uid)
    destroyed(state, uid)  # §G5.4(3): an Al Nida SOF


# === §G3.9 SOF air movement ===

def air_moves_left(state: State) -> int:
    air: dict[str, Any] = book(state)["air"] if "sof" in state else {"turn": None, "used": 0}
    used = int(air["used"]) if air["turn"] == state["turn"] else 0
    return int(tables(state).lost("LOST-50")) - used  # LOST-50


def air_actions(state: State, uid: str) -> list[Action]:
    """§G3.9: a Coalition SOF that has not moved this turn, while the turn's LOST-50 air moves last."""
    rec = unit(state, uid)
    if spec(state, uid).side != "coalition" or rec["moved"] or rec["mp"] is not None or air_moves_left(state) <= 0:
        return []
    return [{"type": "air_move", "unit": uid}]


def landing_hexes(state: State, uid: str) -> list[str]:
    """§G3.9: any other land hex with no enemy unit (and, §G3.4, no SOF of its own; never a neutral country)."""
    b = board(state)
    here = unit(state, uid)["hex"]
    return [h for h in b.hexes if h != here and b.is_land(h) and not neutral(state, h) and may_end(state, uid, h)]


def start_air(state: State, frame: Frame, action: Action) -> None:
    push(state, {"kind": AIR, "side": frame["side"], "unit": action["unit"]})


def air_frame_actions(state: State, frame: Frame) -> list[Action]:
    return [*({"type": "air_land", "unit": frame["unit"], "to": h} for h in landing_hexes(state, frame["unit"])),
            {"type": "cancel"}]


def air_land(state: State, frame: Frame, action: Action) -> None:
    """Picked up and placed: its movement for the turn is over."""
    pop(state)
    uid = action["unit"]
    last = state["mover"]
    if last is not None and last != uid:
        unit(state, last)["mp"] = 0
    state["mover"] = uid
    rec = unit(state, uid)
    rec["hex"], rec["mp"], rec["moved"] = action["to"], 0, True
    air = book(state)["air"]
    if air["turn"] != state["turn"]:
        air["turn"], air["used"] = state["turn"], 0
    air["used"] += 1
    enter(state, rec["side"], [action["to"]])
    log(state, "sof_air", unit=uid, to=action["to"])


# === §G3.7 Neutralized SOF ===

def _hqs(state: State, side: str) -> list[str]:
    return [u for u, rec in sorted(state["units"].items())
            if rec["side"] == side and "hq" in spec(state, u).tags and rec["status"] == "map"]


def neutralize(state: State, uid: str) -> None:
    """§G3.7: off the map, back 1d6 turns later at a friendly HQ; with no HQ in the match, eliminated."""
    rec = unit(state, uid)
    side = rec["side"]
    if not any("hq" in spec(state, u).tags and r["side"] == side and r["status"] != "out"
               for u, r in state["units"].items()):
        eliminate(state, uid)
        return
    die = rng.roll(state)
    rec["status"], rec["hex"], rec["returns"] = "neutralized", None, state["turn"] + die
    log(state, "sof_neutralized", unit=uid, die=die, returns=rec["returns"])


def come_back(state: State, side: str) -> None:
    """§G3.7: in its return turn's friendly player turn, at a friendly HQ (the first by id, a reading), or
    eliminated if there is none."""
    for uid, rec in sorted(state["units"].items()):
        if rec["status"] != "neutralized" or rec["side"] != side or rec.get("returns", 0) > state["turn"]:
            continue
        hqs = [h for h in _hqs(state, side) if unit(state, h)["hex"] not in sof_hexes(state, side)]
        rec.pop("returns", None)
        if not hqs:
            eliminate(state, uid)
            continue
        rec["status"], rec["hex"], rec["mp"], rec["moved"] = "map", unit(state, hqs[0])["hex"], None, False
        log(state, "sof_returned", unit=uid, to=rec["hex"])


# === §G3.10 Islamic SOF formation ===

def formable(state: State) -> list[str]:
    """The SOF counters that may replace a unit (``replaces``) in this scenario, whose unit is on the map and
    which no decision has been made for yet."""
    out = []
    for uid, rec in sorted(state["units"].items()):
        raw = spec(state, uid).raw
        old = raw.get("replaces")
        if old and rec["status"] == "out" and not rec.get("decided") and scenario(state) in spec(state, uid).scenarios \
                and old in state["units"] and state["units"][old]["status"] == "map":
            out.append(uid)
    return out


def formation_actions(state: State, frame: Frame) -> list[Action]:
    return [a for uid in formable(state)[:1]
            for a in ({"type": "form_sof", "unit": uid}, {"type": "keep_unit", "unit": uid})]


def decide_formation(state: State, frame: Frame, action: Action) -> None:
    """§G3.10: the SOF counter takes the unit's hex, and the unit leaves the game."""
    uid = action["unit"]
    rec = unit(state, uid)
    rec["decided"] = True
    if action["type"] == "form_sof":
        old = unit(state, spec(state, uid).raw["replaces"])
        rec["status"], rec["hex"] = "map", old["hex"]
        old["status"], old["hex"] = "out", None
        log(state, "sof_formed", unit=uid, to=rec["hex"])  # the frame ends when no choice is left


def formation_frames(state: State) -> list[Frame]:
    return [{"kind": FORMATION, "side": "islamic"}] if on(state) else []
