"""Counters in the state: records, refs and handles, the log, terrain and zones of control (§6).

Each counter has one record ``state["units"][id]`` holding only physical facts (hex, status,
face, per-step flags); what a counter *is* (cf, ma, kind) lives in ``counters.json``. So two
face-down counters of a side can swap identities by swapping ids, and the state stays consistent.

A face-down counter is named by a handle derived only from what everyone sees: ``@<hex>`` on
the map, ``?J1``/``?B2`` (elimination order per side) once eliminated. A face-up counter's ref is
its id.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import IllegalAction, Message, Role, State
from .data import STANDARD, Board, CounterSpec, GameData, dataset


def gd(state: State) -> GameData:
    """The match's dataset (``state["data"]``; states stored before datasets existed: standard)."""
    return dataset(state.get("data", STANDARD))


def board(state: State) -> Board:
    return gd(state).board


def spec(state: State, uid: str) -> CounterSpec:
    return gd(state).counters[uid]


def scenario(state: State) -> dict[str, Any]:
    return gd(state).scenarios[state["scenario"]]


def enemy(side: str) -> str:
    return "british" if side == "japanese" else "japanese"


def unit(state: State, uid: str) -> dict[str, Any]:
    rec: dict[str, Any] = state["units"][uid]
    return rec


def is_up(state: State, uid: str) -> bool:
    return bool(state["units"][uid]["face"] == "up")


def is_japanese_infantry(state: State, uid: str) -> bool:
    s = spec(state, uid)
    return s.side == "japanese" and s.kind == "infantry"


def on_map(state: State, side: str | None = None) -> list[str]:
    return [uid for uid, u in state["units"].items()
            if u["status"] == "map" and (side is None or u["side"] == side)]


def occupants(state: State, hex_id: str, side: str | None = None) -> list[str]:
    return [uid for uid in on_map(state, side) if state["units"][uid]["hex"] == hex_id]


# === Refs and names: the only way a counter is named outside the state ===

def _retreating(state: State) -> str | None:
    retreats = state.get("retreats") or []
    return str(retreats[0]["unit"]) if retreats else None


def ref(state: State, uid: str) -> str:
    u = state["units"][uid]
    if u["face"] == "up":
        return uid
    if u["status"] == "eliminated":
        return str(u["handle"])
    # A retreating face-down counter may pass through a face-down friend: tell them apart by motion.
    shared = [o for o in occupants(state, u["hex"], u["side"]) if not is_up(state, o)]
    suffix = "+" if len(shared) > 1 and _retreating(state) == uid else ""
    return f"@{u['hex']}{suffix}"


def by_ref(state: State, r: str) -> str:
    for uid in state["units"]:
        if ref(state, uid) == r:
            return str(uid)
    raise IllegalAction(f"No counter {r!r}.")


def name(state: State, uid: str) -> Message:
    """A translatable name: the counter's own name when face up, else its handle.

    A face-up name carries ``uid`` so that the view can mask it in old log lines once the counter
    is face down again (§10: nobody may see a disrupted counter's front, not even in the log).
    """
    u = state["units"][uid]
    if u["face"] == "up":
        return {"key": f"counter.{uid}", "uid": uid}
    if u["status"] == "eliminated":
        return {"key": "handle.eliminated", "args": {"side": {"key": f"side.{u['side']}"},
                                                     "handle": u["handle"]}}
    return {"key": "handle.hex", "args": {"hex": u["hex"]}}


def log(state: State, key: str, readers: list[Role] | None = None, **args: Any) -> None:
    """Append a log line; ``readers`` None means public (the log's ``to`` field)."""
    state["log"].append({"key": f"log.{key}", "args": args, "to": readers})


# === Changes of a counter's state ===

def enter_hex(state: State, uid: str, hex_id: str) -> None:
    u = state["units"][uid]
    u["hex"] = hex_id
    u["status"] = "map"
    if u["side"] == "japanese" and hex_id == board(state).slim:
        state["slim_entered"] = True  # §4: "ever entered" Slim, by any kind of move


def disrupt(state: State, uid: str) -> None:
    """§2: the back of a counter means disrupted (混乱)."""
    state["units"][uid]["face"] = "down"


def eliminate(state: State, uid: str) -> None:
    u = state["units"][uid]
    u["status"] = "eliminated"
    if u["face"] == "down":
        # §10: an eliminated disrupted counter stays face down; it gets a neutral handle.
        state["eliminated_down"][u["side"]] += 1
        u["handle"] = f"?{u['side'][0].upper()}{state['eliminated_down'][u['side']]}"


def turn_face_up(state: State, uid: str) -> None:
    u = state["units"][uid]
    u["face"] = "up"
    u["handle"] = None


# === Terrain (§8) and zones of control (§6) ===

def may_enter_terrain(state: State, uid: str, hex_id: str) -> bool:
    """§8: only Japanese infantry may enter jungle.

    AMBIG-2: a face-down counter's kind is secret, so when it retreats it may enter jungle only if
    it already stands in jungle (which proves it is Japanese infantry to everyone).
    """
    b = board(state)
    if not b.is_jungle(hex_id):
        return True
    u = state["units"][uid]
    if u["face"] == "down":
        return u["status"] == "map" and b.is_jungle(u["hex"])
    return is_japanese_infantry(state, uid)


def may_hide_as(state: State, uid: str, rec: dict[str, Any]) -> bool:
    """Could the face-down counter whose record is ``rec`` be ``uid``, from what everyone sees? Only
    Japanese infantry stands in jungle (§8); nothing else tells the fronts of a side apart (§10)."""
    if rec["status"] == "map" and board(state).is_jungle(rec["hex"]):
        return is_japanese_infantry(state, uid)
    return True


def exerts_zoc_into(state: State, uid: str, hex_id: str) -> bool:
    u = state["units"][uid]
    b = board(state)
    if u["face"] != "up" or u["status"] != "map":
        return False  # §6: disrupted (face-down) counters have no ZOC
    if not b.crossable(u["hex"], hex_id):
        return False  # §6: no ZOC across a river, except across a bridge
    # §6: no ZOC into jungle, except that of Japanese infantry.
    return not b.is_jungle(hex_id) or is_japanese_infantry(state, uid)


def zoc(state: State, side: str) -> set[str]:
    """§6: the hexes in the ZOC of ``side``'s counters."""
    out: set[str] = set()
    b = board(state)
    for uid in on_map(state, side):
        for n in b.neighbours(state["units"][uid]["hex"]):
            if exerts_zoc_into(state, uid, n):
                out.add(n)
    return out
