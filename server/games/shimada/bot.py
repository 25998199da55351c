"""The computer opponent's judge for Shimada (``server.engine.judge``): pure, like the rules.

What is hidden (§12 of the digest, ``view.py``): the front of every face-down (disrupted) counter of
both sides, eliminated ones included, from both players (the owner too: §10 says nobody may see it);
and from the British the dawn turn the Japanese player chose, until dawn breaks. ``determinize`` draws
both from the bot's own ``rnd``: the identities of a side's face-down counters are a random assignment
of the side's counters not seen face up to its face-down records, ordered by what everyone sees of
them (hex, status, handle), such that only Japanese infantry stands in jungle (§8); the British draw
the dawn turn among the scenario's choices still to come. The log is cut: no rule reads it, and its
lines name counters by their true ids (the view masks them, a world has no view).

``evaluate`` reads §4: the sudden-death exit (how many movement points each Japanese counter still
needs to leave by the exit hex, British counters and their zones of control on the way counted as
the turns it takes to break them, against the movement the Japanese still have before the end of
turn 6), Slim's 3 points (likewise), and the points as they stand (tanks 2, infantry 1, HQ 1,
British exits 1). The history brief and the rulebook's advice are in the weights: the Japanese must
strike while the British are disrupted, before dawn turns every counter face up (§11), so each night
turn still to come counts for the Japanese.

``prior`` scores each action without applying it: the Japanese exit first, then moves down the road,
attacks at the best odds with the strongest attackers, advances toward the exit; the British keep
counters on the road ahead of the Japanese and in their positions, recover those in the way, run the
HQ and spare counters off the map for their point.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...engine.core import Action, Role, State
from ...engine.judge import logistic
from . import combat, movement
from .data import STANDARD, dataset
from .units import by_ref, may_hide_as, scenario, spec
from .view import rename

TUNING: dict[str, dict[str, Any]] = {
    # One apply in a movement step costs 1-5 ms (paths and the stacking check, every counter's), so
    # the levels search less than the defaults; the evaluation carries the plan.
    "easy": {"worlds": 1, "width": 4, "depth": 1, "noise": 0.1, "evaluations": 4, "seconds": 0.5},
    "normal": {"worlds": 2, "width": 6, "depth": 1, "noise": 0.03, "evaluations": 12, "seconds": 1.0},
    "strong": {"worlds": 3, "width": 8, "depth": 1, "noise": 0.0, "evaluations": 24, "seconds": 1.8},
}


# === determinize ===

def _public_key(state: State, uid: str) -> tuple[str, str, str, bool]:
    """What everyone sees of a counter's record: its status, hex, handle, and whether it is the
    counter now retreating (two face-down counters may share a hex while one passes the other)."""
    u = state["units"][uid]
    retreats = state.get("retreats") or []
    moving = bool(retreats) and retreats[0]["unit"] == uid
    return (u["status"], u["hex"] or "", u["handle"] or "", moving)




def _assign(state: State, records: list[str], ids: list[str], rnd: random.Random) -> list[str]:
    """Identities for ``records`` (in their public order): a random permutation of ``ids`` (sorted
    first) under which every record could be its counter, drawn by rejection (uniform over those)."""
    pool = sorted(ids)
    for _ in range(200):
        rnd.shuffle(pool)
        if all(may_hide_as(state, b, state["units"][a]) for a, b in zip(records, pool, strict=True)):
            return list(pool)
    # Not reached with the standard counters; a greedy assignment keeps the world possible.
    left = sorted(ids)
    out = []
    for a in records:
        fit = next((b for b in left if may_hide_as(state, b, state["units"][a])), left[0])
        left.remove(fit)
        out.append(fit)
    return out


def determinize(state: State, role: Role, rnd: random.Random) -> State:
    """A world for ``role``: face-down identities of both sides and (for the British) the dawn turn
    drawn from ``rnd``; the log cut; what a face-down record keeps of a move it made (MP used) reset,
    since nothing of it is shown and a face-down counter cannot move (§8, §10)."""
    world = state
    world["log"] = []  # no rule reads the log; its lines name counters by their true ids
    perm: dict[str, str] = {}
    for side in ("japanese", "british"):
        down = [uid for uid, u in world["units"].items() if u["side"] == side and u["face"] == "down"]
        if not down:
            continue
        records = sorted(down, key=lambda uid: _public_key(world, uid))
        ids = _assign(world, records, down, rnd)
        perm.update({a: b for a, b in zip(records, ids, strict=True) if a != b})
    for u in world["units"].values():
        if u["face"] == "down":
            u.update(used=0, done=False, jungle=False)
    if perm:
        for key in list(world):
            if key not in ("log", "rng"):
                world[key] = rename(world[key], perm)
    if role != "japanese" and not world["dawn"] and world["dawn_turn"] is not None:
        choices = [t for t in scenario(world)["dawn_choices"] if t > world["turn"]]
        if choices:
            world["dawn_turn"] = rnd.choice(sorted(choices))
    return world


# === Static geometry per dataset ===

@cache
def _static(data_name: str) -> dict[str, Any]:
    d = dataset(data_name)
    b = d.board
    road = set()
    for r in b.raw["roads"]:
        road.update(r)
    return {"board": b, "road": road, "jungle": {h for h in b.hexes() if b.is_jungle(h)},
            "exit": b.exit, "slim": b.slim, "entry": b.entry, "positions": set(b.positions),
            "into": {k: _into(b, k) for k in (False, True)},
            "plain_to_exit": {k: _plain(b, b.exit, k) for k in (False, True)},
            "plain_to_slim": {k: _plain(b, b.slim, k) for k in (False, True)}}


def _into(b: Any, jungle_ok: bool) -> dict[str, tuple[str, ...]]:
    """For each hex a counter may enter, the hexes it may step into it from (§8: rivers only at the
    bridge, jungle only for Japanese infantry)."""
    return {h: tuple(n for n in b.neighbours(h) if b.crossable(n, h))
            for h in b.hexes() if jungle_ok or not b.is_jungle(h)}


def _plain(b: Any, target: str, jungle_ok: bool) -> dict[str, int]:
    """Hexes to ``target`` for a counter that may (or may not) enter jungle, counters ignored."""
    dist = {target: 0}
    todo = [target]
    while todo:
        nxt = []
        for h in todo:
            for n in b.neighbours(h):
                if n in dist or not b.crossable(h, n) or (b.is_jungle(n) and not jungle_ok):
                    continue
                dist[n] = dist[h] + 1
                nxt.append(n)
        todo = nxt
    return dist


def _st(state: State) -> dict[str, Any]:
    return _static(state.get("data", STANDARD))


# === evaluate ===



W_NIGHT = 1.2  # MP of slack per night turn still to come (§11: dawn turns every British counter face up)
P_DOWN = 5.0  # a face-down British counter in the way: the rest of a turn (move up, attack, advance)
P_ZOC = 3.0  # a face-up British ZOC hex: entering it ends the move (§6)


def _obstacles(state: State) -> tuple[dict[str, float], set[str]]:
    """The cost (in MP) of each British-held hex for a Japanese counter that must go through it, and
    the hexes of face-up British ZOC (§6)."""
    st = _st(state)
    b = st["board"]
    pen: dict[str, float] = {}
    zoc: set[str] = set()
    for uid, u in state["units"].items():
        if u["side"] != "british" or u["status"] != "map":
            continue
        h = u["hex"]
        if u["face"] == "down":
            pen[h] = P_DOWN
            continue
        s = spec(state, uid)
        dfn = s.cf * (2 if h in st["positions"] and s.kind != "carrier" else 1)
        pen[h] = 5.0 + 1.0 * dfn  # the turns it takes to break a counter that holds
        for n in b.neighbours(h):
            if b.crossable(h, n) and n not in st["jungle"]:
                zoc.add(n)
    return pen, zoc


def _need(state: State, target: str, jungle_ok: bool, pen: dict[str, float], zoc: set[str],
          night: bool) -> dict[str, float]:
    """MP a Japanese counter needs from each hex to stand on ``target`` (Dijkstra from the target,
    backwards: entering a hex costs 1, more for British counters in it and their ZOC; at night
    jungle costs infantry a little, for the disruption it brings, §8)."""
    st = _st(state)
    into = st["into"][jungle_ok]  # hex -> the hexes a counter may step into it from
    jungle = st["jungle"]
    dist: dict[str, float] = {target: 0.0}
    queue: list[tuple[float, str]] = [(0.0, target)]
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while queue:
        d, h = pop(queue)
        if d > dist[h]:
            continue
        nd = d + 1.0 + pen.get(h, 0.0) + (P_ZOC if h in zoc else 0.0) + (0.7 if night and h in jungle else 0.0)
        for n in into.get(h, ()):
            if nd < get(n, 1e9):
                dist[n] = nd
                push(queue, (nd, n))
    return dist


def _phases_left(state: State) -> tuple[int, bool]:
    """The Japanese movement steps still to come after this one, and whether the Japanese are in
    their movement step now."""
    turns = scenario(state)["turns"]
    if state["step"] == "dawn_choice":
        return turns, False
    return turns - state["turn"], state["player"] == "japanese" and state["step"] == "movement"


def japanese_chances(state: State) -> tuple[float, float, float]:
    """(the chance of the sudden-death exit, the chance of Slim's 3 points if not yet had, the
    expected points margin Japanese minus British at the end without an exit)."""
    st = _st(state)
    pen, zoc = _obstacles(state)
    night = not state["dawn"]
    later, moving_now = _phases_left(state)
    dawn_turn = state.get("dawn_turn") or 99
    night_left = 0 if state["dawn"] else max(0, min(dawn_turn, scenario(state)["turns"] + 1) - state["turn"])
    # Has this turn's Japanese recovery begun (a counter face down now misses the next movement)?
    after_recovery = state["player"] == "british" or (state["player"] == "japanese" and state["step"] == "recovery")
    # In the Japanese recovery step the counters it may still turn face up count as in combat, so that
    # ending the combat step changes nothing (the search would otherwise cancel attacks to and fro).
    left = 0
    if state["player"] == "japanese" and state["step"] == "recovery" and not state["dawn"]:
        left = max(0, int(scenario(state)["recover_at_night"]) - int(state["recovered"]))
    elif state["player"] == "japanese" and state["step"] == "recovery":
        left = 99
    downs = sorted((uid for uid, u in state["units"].items() if u["side"] == "japanese" and u["face"] == "down"
                    and u["status"] == "map"), key=lambda uid: -spec(state, uid).cf)

    def will_recover(uid: str) -> bool:
        return uid in downs[:left]

    need_exit = {k: _need(state, st["exit"], k, pen, zoc, night) for k in (False, True)}
    slim_had = bool(state["slim_entered"])
    need_slim = None if slim_had else {k: _need(state, st["slim"], k, pen, zoc, night) for k in (False, True)}
    slacks: list[float] = []
    slim_slacks: list[float] = []
    for uid, u in state["units"].items():
        if u["side"] != "japanese" or u["status"] not in ("map", "offmap"):
            continue
        s = spec(state, uid)
        inf = s.kind == "infantry"
        avail = float(s.ma * later)
        if moving_now and u["face"] == "up":
            avail += movement.mp_left(state, uid)
        if u["face"] == "down":
            # A face-down counter cannot move (§8) until it recovers (§10).
            # Now (it misses this step, already counted), in the British turn or the Japanese
            # recovery (it misses the next one), or in combat (its recovery is still to come).
            avail -= 0.0 if moving_now else s.ma * (1.0 if after_recovery and not will_recover(uid) else 0.3)
        if u["status"] == "offmap":
            at = st["entry"]
            extra = 1.0 + pen.get(at, 0.0)
        else:
            at = u["hex"]
            extra = 0.0
        ne = need_exit[inf].get(at)
        if ne is not None:
            slacks.append(avail - (ne + extra + 1.0) + W_NIGHT * min(night_left, 4) * (0.5 if inf else 1.0))
        if need_slim is not None:
            ns = need_slim[inf].get(at)
            if ns is not None:
                slim_slacks.append(avail - (ns + extra) + W_NIGHT * min(night_left, 4) * 0.5)
    p_exit = 0.0
    if slacks:
        slacks.sort(reverse=True)
        miss = 1.0
        for k, sl in enumerate(slacks[:3]):
            miss *= 1.0 - logistic((sl - 1.0) / 2.5) * (1.0 if k == 0 else 0.35)
        p_exit = 1.0 - miss
    p_slim = 1.0 if slim_had else (logistic(max(slim_slacks) / 2.5) if slim_slacks else 0.0)
    pts = scenario(state)["points"]
    j = pts["slim"] * p_slim
    b = 0.0
    for uid, u in state["units"].items():
        kind = spec(state, uid).kind
        if u["status"] == "eliminated":
            if u["side"] == "british" and kind == "hq":
                j += pts["british_hq"]
            elif u["side"] == "japanese":
                b += pts["japanese_tank"] if kind == "tank" else pts["japanese_infantry"]
        elif u["status"] == "exited" and u["side"] == "british":
            b += pts["british_exit"]
    return p_exit, p_slim, j - b


def evaluate(world: State, role: Role) -> float:
    """The chance ``role`` wins (§4): the sudden-death exit, else the points after turn 6, with more
    room for change while turns are left."""
    p_exit, _, margin = japanese_chances(world)
    turns_left = max(0, scenario(world)["turns"] - world["turn"])
    p_points = logistic(margin / (0.9 + 0.5 * turns_left))
    j = p_exit + (1.0 - p_exit) * p_points
    value = j if role == "japanese" else 1.0 - j
    attack = world.get("attack") or {}
    if world["step"] == "combat" and attack.get("attackers") and world["player"] == role:
        # Attackers chosen but no attack made is worth much less than none chosen: the search must see
        # the attack itself (one ply on) to choose attackers, and never cancels to choose them again
        # (a side behind on points would otherwise keep the turn from ending, for ever).
        value -= PENDING
    return value


PENDING = 0.5


# === prior ===

RESULT_VALUE = {"De": 1.0, "Ex": 0.45, "D3": 0.75, "D2": 0.65, "D1": 0.5, "C": 0.0, "Ar": -0.35, "Ae": -1.2}


def _units_at(state: State) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for uid, u in state["units"].items():
        if u["status"] == "map":
            out.setdefault(u["hex"], []).append(uid)
    return out


def _lead(state: State) -> int:
    """Plain hexes to the exit of the Japanese counter nearest it (the spearhead); 20 if none entered."""
    st = _st(state)
    best = 20
    for u in state["units"].values():
        if u["side"] == "japanese" and u["status"] == "map":
            d = st["plain_to_exit"][True].get(u["hex"], 20)
            best = min(best, d)
    return best


def _hex_for_british(state: State, h: str, lead: int, jap_near: set[str]) -> float:
    """How good hex ``h`` is for a British counter: on the road ahead of the Japanese spearhead, in a
    position, next to the Japanese (a ZOC that stops them), not behind them."""
    st = _st(state)
    d = st["plain_to_exit"][True].get(h, 20)
    v = 0.0
    if h in st["road"]:
        v += 1.0
    if h in st["positions"]:
        v += 1.5
    if d < lead:
        v += 1.0 + 0.1 * d  # ahead of the spearhead, not too far back
    else:
        v -= 1.5
    if h in jap_near:
        v += 0.5
    return v


def prior(world: State, role: Role, actions: Sequence[Action]) -> list[float]:
    """A cheap score per action (higher first), see the module's docstring."""
    st = _st(world)
    step = world["step"]
    out: list[float] = []
    lead = _lead(world)
    at = _units_at(world)
    jap_near: set[str] = set()
    b = st["board"]
    for u in world["units"].values():
        if u["side"] == "japanese" and u["status"] == "map":
            jap_near.update(b.neighbours(u["hex"]))
    cands: dict[str, dict[str, Any]] = {}
    if step == "combat" and any(a["type"] == "attack" for a in actions):
        cands = {c["at"]: c for c in combat.candidates(world)}
    for a in actions:
        t = a["type"]
        v = 0.0
        if t == "choose_dawn":
            v = float(a["turn"])  # §11: the later, the longer the British stay disrupted
        elif t == "exit":
            v = 100.0 if role == "japanese" else 3.0
        elif t == "move":
            v = _prior_move(world, role, a, lead, jap_near)
        elif t == "end_step":
            v = 0.0 if step in ("movement", "combat") else -2.0
        elif t == "attack_with":
            uid = by_ref(world, a["unit"])
            v = 1.0 + 0.3 * spec(world, uid).cf
        elif t == "attack":
            c = cands.get(a["at"])
            if c is not None:
                ev = sum(p * RESULT_VALUE.get(r, 0.0) for r, p in c["chances"].items())
                v = 4.0 * ev + 0.5
                if c["at"] in st["positions"]:
                    v += 0.3
        elif t == "cancel_attack":
            v = -1.0
        elif t == "recover":
            h = a["at"]
            if role == "japanese":
                v = 3.0 - 0.1 * st["plain_to_exit"][True].get(h, 20)
            else:
                v = 2.0 + _hex_for_british(world, h, lead, jap_near)
        elif t == "retreat":
            uid = by_ref(world, a["unit"])
            mine = world["units"][uid]["side"] == role
            h = a["to"]
            if world["units"][uid]["side"] == "british":
                hv = _hex_for_british(world, h, lead, jap_near)
                v = hv if mine else -hv
            else:
                d = st["plain_to_exit"][True].get(h, 20)
                v = -0.2 * d if mine else 0.2 * d + (0.5 if h in st["jungle"] else 0.0)
        elif t == "advance":
            uid = by_ref(world, a["unit"])
            if role == "japanese":
                v = 1.0 + 0.3 * (20 - st["plain_to_exit"][spec(world, uid).kind == "infantry"].get(a["to"], 20))
            else:
                v = 0.5 + 0.3 * _hex_for_british(world, a["to"], lead, jap_near)
        elif t == "no_advance":
            v = 0.5
        elif t == "lose":
            uid = by_ref(world, a["unit"])
            s = spec(world, uid)
            v = -s.cf - (3.0 if s.kind == "tank" else 0.0)
        out.append(v)
    del at
    return out


def _prior_move(world: State, role: Role, a: Action, lead: int, jap_near: set[str]) -> float:
    st = _st(world)
    uid = by_ref(world, a["unit"])
    u = world["units"][uid]
    to = a["to"]
    if role == "japanese":
        inf = spec(world, uid).kind == "infantry"
        dist = st["plain_to_exit"][inf]
        here = st["entry"] if u["status"] == "offmap" else u["hex"]
        gain = dist.get(here, 20) + (1 if u["status"] == "offmap" else 0) - dist.get(to, 20)
        v = float(gain)
        if to == st["slim"] and not world["slim_entered"]:
            v += 3.0
        if to == st["exit"]:
            v += 2.0 + float(a.get("left", 0))
        if inf and to in st["jungle"] and not world["dawn"]:
            v -= 1.0
        return v
    s = spec(world, uid)
    here = u["hex"]
    if s.kind == "hq" or (a.get("left", 0) > 0 and to == st["exit"]):
        # the HQ is a point if it escapes, and another if it is eliminated: toward the exit
        d = st["plain_to_exit"][False]
        return 0.5 * float(d.get(here, 20) - d.get(to, 20)) + (2.0 if to == st["exit"] else 0.0)
    return _hex_for_british(world, to, lead, jap_near) - _hex_for_british(world, here, lead, jap_near) - 0.2
