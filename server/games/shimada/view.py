"""What each role sees (§12), and the hidden variants the leak check compares.

This is the only code that decides what leaves the server. Secrets:
- the front of every face-down (disrupted) counter, eliminated ones included (§3, §10);
- the dawn turn, known only to the Japanese player until dawn breaks (§3, §11).
``OMNISCIENT`` (replays of finished matches) sees everything.
"""

from __future__ import annotations

import copy
import random
from functools import partial
from typing import Any, cast

from ...engine.cache import Memo
from ...engine.core import OMNISCIENT, Message, Role, State
from . import combat, movement
from .data import SIDES
from .rules import active_roles, points
from .units import may_hide_as, name, ref, scenario, spec, unit
from .view_types import Candidate, Counter, View

_STATUS_ORDER = {"map": 0, "offmap": 1, "exited": 2, "eliminated": 3}


def _counter(state: State, uid: str, omniscient: bool) -> Counter:
    u = unit(state, uid)
    c: Counter = {"ref": ref(state, uid), "side": u["side"], "face": u["face"],
                         "hex": u["hex"], "status": u["status"]}
    if u["face"] == "up" or omniscient:
        s = spec(state, uid)
        c.update({"id": uid, "kind": s.kind, "cf": s.cf, "ma": s.ma, "name": {"key": f"counter.{uid}"}})
    mine = u["side"] == state["player"] and u["face"] == "up"
    if mine and state["step"] == "movement" and u["status"] in ("map", "offmap"):
        c["mp_left"] = movement.mp_left(state, uid)
    if mine and state["step"] in ("combat", "retreat", "advance", "exchange") and u["status"] == "map":
        c["attacked"] = bool(u["attacked"])
    return c


def _sort_key(c: Counter) -> tuple[int, int, str, str]:
    return (SIDES.index(c["side"]), _STATUS_ORDER[c["status"]], c["hex"] or "", c["ref"])


def _prompt(state: State, role: Role | None) -> Message:
    step = state["step"]
    if state["result"] is not None:
        return {"key": "prompt.over"}
    if role not in active_roles(state):
        if step == "dawn_choice":
            return {"key": "prompt.waiting_dawn"}
        return {"key": "prompt.waiting", "args": {"player": {"key": f"side.{state['player']}"},
                                                  "step": {"key": f"step.{step}"}}}
    if step == "movement" and movement.crowded(state):
        # §7: the step cannot end while two friends share a hex; name the hexes to clear.
        return {"key": "prompt.overstack", "args": {"hexes": movement.crowded(state)}}
    stopped = state.get("stopped") if step == "movement" else None
    if stopped:
        # §6: say why the last move ended where it did.
        return {"key": "prompt.zoc_stopped", "args": {"unit": name(state, stopped["unit"]), "hex": stopped["hex"]}}
    if step == "retreat":
        head = state["retreats"][0]
        return {"key": "prompt.retreat", "args": {"unit": name(state, head["unit"]), "hexes": head["left"]}}
    if step == "recovery" and not state["dawn"]:
        left = scenario(state)["recover_at_night"] - state["recovered"]
        return {"key": "prompt.recovery_night", "args": {"left": left}}
    if step == "recovery":
        return {"key": "prompt.recovery_dawn"}
    return {"key": f"prompt.{step}"}


def _scrub(state: State, obj: Any, omniscient: bool) -> Any:
    """Drop the ``uid`` marks of counter names, and mask the names of counters now face down."""
    if isinstance(obj, list):
        return [_scrub(state, x, omniscient) for x in obj]
    if not isinstance(obj, dict):
        return obj
    if "uid" in obj:
        u = unit(state, obj["uid"])
        if u["face"] == "down" and not omniscient:
            return {"key": "handle.hidden", "args": {"side": {"key": f"side.{u['side']}"}}}
        return {k: v for k, v in obj.items() if k != "uid"}
    return {k: _scrub(state, v, omniscient) for k, v in obj.items()}


Record = tuple[Any, tuple[str, ...], dict[Any, Any]]  # an entry, the counters it names, its lines by faces


class ScrubbedLines:
    """The scrubbed forms of log lines, kept while the process lives, for at most ``bound`` entries.
    Log entries are immutable and shared between states, so an entry's lines are kept by the entry's
    id, one per set of faces of the counters it names; a kept record holds its entry, so the id
    stays the entry's own while kept, and a record whose entry is not the one asked about is never
    used."""

    def __init__(self, bound: int) -> None:
        self.entries: Memo[Record] = Memo(bound)

    def record(self, entry: dict[str, Any]) -> Record:
        kept = self.entries.get(id(entry), partial(_new_record, entry))
        return kept if kept[0] is entry else _new_record(entry)


def _new_record(entry: dict[str, Any]) -> Record:
    return entry, tuple(_uids_in(entry.get("args"))), {}


LINES = ScrubbedLines(bound=100_000)  # entries; a few lines each (the old 200 000 lines)


def _uids_in(obj: Any) -> list[str]:
    if isinstance(obj, list):
        return [u for x in obj for u in _uids_in(x)]
    if not isinstance(obj, dict):
        return []
    return [obj["uid"]] if "uid" in obj else [u for v in obj.values() for u in _uids_in(v)]


def _log(state: State, role: Role | None, omniscient: bool) -> list[Any]:
    """The log lines ``role`` may read, scrubbed (kept in ``LINES``)."""
    out = []
    peek = LINES.entries.peek
    for entry in state["log"]:
        to = entry.get("to")
        if not (to is None or omniscient or (role is not None and role in to)):
            continue
        record = peek(id(entry))
        if record is None or record[0] is not entry:
            record = LINES.record(entry)
        faces = (True, ()) if omniscient else (False, tuple(unit(state, u)["face"] for u in record[1]))
        line = record[2].get(faces)
        if line is None:
            line = record[2][faces] = _scrub(state, {k: v for k, v in entry.items() if k != "to"}, omniscient)
        out.append(line)
    return out


def view(state: State, role: Role | None) -> View:
    omniscient = role == OMNISCIENT
    over = state["result"] is not None
    counters = sorted((_counter(state, uid, omniscient) for uid in state["units"]), key=_sort_key)
    step = state["step"]
    v: View = {
        "turn": state["turn"], "turns": scenario(state)["turns"], "player": state["player"],
        "step": step, "dawn": state["dawn"], "counters": counters,
        "slim_entered": state["slim_entered"],
        # Points as everyone can count them: counters eliminated face down are not known yet.
        "points": points(state, public=not omniscient),
        "unknown_eliminated": {s: sum(1 for u in state["units"].values() if u["side"] == s
                                      and u["status"] == "eliminated" and u["face"] == "down")
                               for s in SIDES},
        "attack": None, "retreat": None, "advance": None, "exchange": None,
        "prompt": _scrub(state, _prompt(state, role), omniscient),
        "log": _log(state, role, omniscient),
    }
    # §3 / §11: the dawn turn is the Japanese player's secret until dawn (or the end of the match).
    if state["dawn_turn"] is not None and (state["dawn"] or over or role in ("japanese", OMNISCIENT)):
        v["dawn_turn"] = state["dawn_turn"]
    if step == "combat":
        v["attack"] = {"attackers": [ref(state, a) for a in state["attack"]["attackers"]],
                       "candidates": cast(list[Candidate], combat.candidates(state))}
    elif step == "retreat":
        head = state["retreats"][0]
        v["retreat"] = {"unit": ref(state, head["unit"]), "hexes_left": head["left"]}
    elif step == "advance":
        adv = state["combat"]["advance"]
        v["advance"] = {"hex": adv["hex"], "unit": ref(state, adv["unit"]) if adv["unit"] else None}
    elif step == "exchange":
        v["exchange"] = {"attackers": [ref(state, a) for a in state["combat"]["attackers"]
                                       if unit(state, a)["status"] == "map"]}
    return v


# === Hidden variants for the leak check ===

def rename(obj: Any, perm: dict[str, str]) -> Any:
    """Every counter id in ``obj`` (keys and values) renamed by ``perm``."""
    if isinstance(obj, str):
        return perm.get(obj, obj)
    if isinstance(obj, list):
        return [rename(x, perm) for x in obj]
    if isinstance(obj, dict):
        return {perm.get(k, k): rename(v, perm) for k, v in obj.items()}
    return obj


def hidden_variant(state: State, role: Role | None, seed: int) -> State | None:
    """The same match with the hidden facts changed: face-down identities permuted within each side,
    each to a counter that could stand where it stands (in jungle only Japanese infantry, §8; so a
    face-down infantry in jungle may swap with a face-down infantry on the road), and, for anyone but
    the Japanese player, another dawn turn still to come."""
    if role == OMNISCIENT or state["result"] is not None:
        return None
    rnd = random.Random(seed)
    perm: dict[str, str] = {}
    several = False
    for side in SIDES:
        down = sorted(uid for uid, u in state["units"].items() if u["side"] == side and u["face"] == "down")
        several = several or len(down) > 1
        for _ in range(50):  # a random permutation that keeps every counter possible where it stands
            shuffled = list(down)
            rnd.shuffle(shuffled)
            if all(may_hide_as(state, b, unit(state, a)) for a, b in zip(down, shuffled, strict=True)):
                perm.update({a: b for a, b in zip(down, shuffled, strict=True) if a != b})
                break
    dawn_choices: list[int] = []
    if role != "japanese" and not state["dawn"] and state["dawn_turn"] is not None:
        dawn_choices = [t for t in scenario(state)["dawn_choices"]
                        if t > state["turn"] and t != state["dawn_turn"]]
    if not several and not dawn_choices:
        return None
    other = {k: (v if k in ("log", "rng") else rename(v, perm)) for k, v in state.items()}
    other = copy.deepcopy(other)
    if dawn_choices:
        new = rnd.choice(dawn_choices)
        other["dawn_turn"] = new
        for entry in other["log"]:
            if entry["key"] == "log.dawn_chosen":
                entry["args"]["turn"] = new
    return other


def revealed(before: State, after: State) -> bool:
    """Did this action make a secret known (the platform's undo stops there)? A face-down counter
    turned face up (§5, §10), or dawn broke and with it the Japanese player's dawn turn (§11)."""
    flipped = any(u["face"] == "down" and after["units"][uid]["face"] == "up"
                  for uid, u in before["units"].items())
    return flipped or (not before["dawn"] and bool(after["dawn"]))
