"""The computer opponent's judge for LZ Albany (``server.engine.judge``): pure, like the rules.

What is hidden (§6 of the digest, ``view.py``): no counter, hit, marker, die or VP is secret; the cup's
*contents* are public (the view shows them sorted). The one secret is the order of the chit draws,
which the state does not hold: the cup is a sorted list and every draw is a fresh pick with the match
RNG (``engine.chits``). So the future of the cup is the future of the dice, and the framework's
``fresh_dice`` already replaces those in every sampled world; ``determinize`` canonicalizes the cup
and the chit pool's boxes (sorted) so no order can leak through them, and keeps every public fact.

``evaluate`` reads the victory conditions (§5.18): the VP difference now, the VP the end will add (LZ
Albany control, casualty markers on the map), the VP already half-earned in hits (a US unit at 2 hits
is one hit from 2 NVA VP, etc.), the melee under way, the NVA's 35-VP automatic victory (which ends
the match whatever the US has) and the US 30-VP threshold (the NVA retreat, after which the NVA can
only move). The history brief's lesson (the column cut into pieces, the NVA "grabbing by the belt")
and the rules' (the US is strong in artillery, air and reinforcements from turn 2 on; the NVA must
win early) are in the weights: the NVA scores more per hit, the US more per turn that passes.

``prior`` scores each action without applying it: fire where the exchange of dice pays, hits where
they cross a VP step (or, on one's own units, where they do not), melee where the stack is stronger,
the US closing up on its stacks and LZ Albany, the NVA closing on weak US stacks, and so on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...engine.core import Action, Role, State
from ...engine.judge import logistic
from .data import COLUMBUS, LZ, TRANSIT, GameData
from .rules import current
from .units import gd

# === The cost of hits (VP-equivalents for the side that scores them) ===

# A unit's hits -> the VP its enemy has earned from it, counted and to come (§5.12, §5.18).
US_HIT_COST = (0.0, 0.7, 1.4, 2.8, 5.0, 6.0)  # 3rd hit: 2 VP; 4th: 2 VP + a marker (1 at the end, 2 if removed)
NVA_HIT_COST = (0.0, 0.3, 0.6, 1.4, 3.0)  # 3rd hit: 1 US VP; 4th: 2
US_OFFICER_COST = (0.0, 0.7, 1.5)
NVA_OFFICER_COST = (0.0, 0.3, 0.6)
ALREADY = {"us": (0.0, 0.0, 0.0, 2.0, 4.0, 6.0), "nva": (0.0, 0.0, 0.0, 1.0, 3.0)}  # VP already on the track


def _hit_cost(spec_side: str, officer: bool, senior: bool, hits: int) -> float:
    table: tuple[float, ...]
    if officer:
        table = US_OFFICER_COST if spec_side == "us" else NVA_OFFICER_COST
        c = table[min(hits, 2)]
        return c * (1.6 if senior else 1.0)
    table = US_HIT_COST if spec_side == "us" else NVA_HIT_COST
    return table[min(hits, len(table) - 1)]


def _pending(spec_side: str, officer: bool, senior: bool, hits: int) -> float:
    """The part of a unit's hit cost that is not yet on the VP track (its enemy's VP to come)."""
    if officer:
        return _hit_cost(spec_side, officer, senior, hits) if hits < 2 else 0.0
    done = ALREADY[spec_side]
    return _hit_cost(spec_side, officer, senior, hits) - done[min(hits, len(done) - 1)]


# === Static helpers per dataset ===

@cache
def _static(data_name: str) -> dict[str, Any]:
    from .data import dataset

    d: GameData = dataset(data_name)
    ids = [a for a in d.board.ids()]
    dist = {a: d.board.distances(a) for a in ids}
    adj = {a: [n for n in d.board.neighbours(a) if n not in (TRANSIT, COLUMBUS)] for a in ids}
    return {"dist": dist, "adj": adj, "jungle": {a for a in ids if d.terrain(a) == "jungle"},
            "edge": d.edge_distance}


def _st(state: State) -> dict[str, Any]:
    return _static(state.get("data", "standard"))


def _str(s: Any, hits: int, kind: str) -> int:
    face = s.reduced if (s.combat and hits >= 3) else s.full
    return int(face[kind]) if face else 0


class _Board:
    """One pass over the counters: who is where, with what strength."""

    __slots__ = ("at", "casualties", "count", "d", "fire", "melee", "officers", "units")

    def __init__(self, state: State) -> None:
        self.d = gd(state)
        specs = self.d.units
        self.units = state["units"]
        self.at: dict[str, dict[str, list[str]]] = {}
        self.melee: dict[tuple[str, str], int] = {}
        self.fire: dict[tuple[str, str], int] = {}
        self.count: dict[tuple[str, str], int] = {}
        self.officers: dict[tuple[str, str], int] = {}
        self.casualties: dict[str, int] = {}
        for uid, u in self.units.items():
            a = u["area"]
            if a is None:
                continue
            st = u["status"]
            s = specs[uid]
            if st == "casualty":
                self.casualties[a] = self.casualties.get(a, 0) + 1
                continue
            if st != "map":
                continue
            self.at.setdefault(a, {}).setdefault(s.side, []).append(uid)
            key = (a, s.side)
            if s.combat:
                self.count[key] = self.count.get(key, 0) + 1
                self.melee[key] = self.melee.get(key, 0) + _str(s, u["hits"], "melee")
                if s.infantry:
                    self.fire[key] = self.fire.get(key, 0) + _str(s, u["hits"], "fire")
            elif s.is_officer and u["hits"] == 0:
                self.officers[key] = self.officers.get(key, 0) + 1

    def n(self, area: str, side: str) -> int:
        return self.count.get((area, side), 0)

    def melee_dice(self, area: str, side: str, extra: int = 0, extra_n: int = 0) -> int:
        n = self.n(area, side) + extra_n
        if not n:
            return 0
        return self.melee.get((area, side), 0) + extra + min(self.officers.get((area, side), 0), n)

    def fire_dice(self, area: str, side: str) -> int:
        n = self.n(area, side)
        if not n:
            return 0
        return self.fire.get((area, side), 0) + min(self.officers.get((area, side), 0), n)

    def contested(self, area: str) -> bool:
        return area != TRANSIT and self.n(area, "us") > 0 and self.n(area, "nva") > 0


def _other(side: str) -> str:
    return "nva" if side == "us" else "us"


# === determinize ===

def determinize(state: State, role: Role, rnd: random.Random) -> State:
    """A world for ``role``: every fact of LZ Albany is public but the order of future chit draws, which
    the state does not hold (the cup is its sorted contents; each draw is a pick with the match RNG,
    and ``sample_world`` has already given this world fresh dice from ``rnd``). The cup and the spent
    chits are re-sorted so that no order, whatever a state happened to keep, survives into the world;
    forced test dice are gone with the dice."""
    world = state
    world["cup"] = sorted(world.get("cup", []))
    world["spent"] = sorted(world.get("spent", []))
    world["rng"].pop("forced", None)
    del rnd  # nothing else is hidden (§6): the dice were drawn from it by the framework
    return world


# === evaluate ===



def us_margin(state: State) -> tuple[float, float]:
    """(the US lead in VP-equivalents at the end of the match as it stands, the NVA VP with the VP
    its hits on US units have half-earned): the two numbers ``evaluate`` reads."""
    b = _Board(state)
    d = b.d
    specs = d.units
    vp_us, vp_nva = state["vp"]["us"], state["vp"]["nva"]
    pend_us = pend_nva = 0.0  # VP to come for each side from hits already on the enemy
    for uid, u in state["units"].items():
        st = u["status"]
        if st not in ("map", "casualty"):
            continue
        s = specs[uid]
        if not (s.combat or s.is_officer):
            continue
        c = _pending(s.side, s.is_officer, s.is_senior, u["hits"])
        if s.side == "us":
            pend_nva += c
        else:
            pend_us += c
    # §5.18 at the end: LZ Albany control (2), casualty markers on the map (1 each to the NVA).
    lz_us, lz_nva = b.melee_dice(LZ, "us") - b.officers.get((LZ, "us"), 0), \
        b.melee_dice(LZ, "nva") - b.officers.get((LZ, "nva"), 0)
    lz = 2.0 if lz_us > lz_nva else -2.0 if lz_nva > lz_us else 0.0
    # The melee under way: contested areas exchange dice at the next activation (1 hit per 6 dice).
    contact = 0.0
    for a, sides in b.at.items():
        if "us" in sides and "nva" in sides and b.contested(a):
            du, dn = b.melee_dice(a, "us"), b.melee_dice(a, "nva")
            contact += du / 6 * 0.8 - dn / 6 * 1.3
    # The fire to come: each side's stacks next to enemy stacks they cannot melee take that enemy's
    # fire at its next Fire activation (§5.6: adjacent, non-contested, −1 per unit into jungle).
    exposure = _exposure(state, b)
    pending = _pending_fire(state, b)
    margin = (vp_us - vp_nva) + pend_us - pend_nva + lz + W_CONTACT * contact + W_EXPOSURE * exposure + pending
    threat = vp_nva + max(0.0, pend_nva) * 0.7 + max(0.0, -contact) * 0.5 + max(0.0, -exposure) * 0.5
    return margin, threat


W_EXPOSURE = 0.5


def _exposure(state: State, b: _Board) -> float:
    """The exchange of ranged fire to come (US VP-equivalents): each non-contested stack fires, at its
    next Fire activation, at one adjacent non-contested enemy area (§5.6; −1 per unit into jungle): its
    best target's dice, counted once per stack, worth 1.3 NVA VP a hit on the US and 0.8 US VP a hit on
    the NVA (§5.18). A stack in a contested area fires at nobody (§5.4): hugging pins it, at the price of
    the melee (``contact``)."""
    st = _st(state)
    jungle = st["jungle"]
    adj = st["adj"]
    out = 0.0
    for a, sides in b.at.items():
        if a in (TRANSIT, COLUMBUS) or b.contested(a):
            continue
        for side in sides:
            n = b.n(a, side)
            if not n:
                continue
            them = _other(side)
            f = b.fire_dice(a, side)
            best = 0
            for t in adj[a]:
                if b.n(t, them) and not b.contested(t):
                    best = max(best, f - (n if t in jungle else 0))
            if best > 0:
                out += best / 6 * 0.8 if side == "us" else -best / 6 * 1.3
    return out


W_CONTACT = 1.0


def _pending_fire(state: State, b: _Board) -> float:
    """The hits already rolled or about to be (US VP-equivalents): hits waiting to be assigned and return
    fire waiting for its decision (§5.6 step 5). A look-ahead stops at whatever decision comes next, so
    without this a line that stops before the enemy's return fire would look better than one that went
    through it (the fire-split step would cycle, splitting and unsplitting, to keep the return fire
    out of sight)."""
    out = 0.0
    specs = b.d.units
    units = state["units"]
    jungle = _st(state)["jungle"]
    for f in state.get("stack", ()):
        kind = f.get("kind")
        if kind in ("assign", "assign_choice") and f.get("hits"):
            out += f["hits"] * (-1.3 if f["victims"] == "us" else 0.8)
        elif kind == "return_fire":
            firers = [u for u in f.get("units", ()) if units[u]["status"] == "map" and units[u]["area"] == f["from"]
                      and specs[u].infantry and not units[u]["markers"]]
            if not firers:
                continue
            dice = sum(_str(specs[u], units[u]["hits"], "fire") for u in firers)
            dice += min(b.officers.get((f["from"], f["side"]), 0), len(firers))
            if f["at"] in jungle:
                dice -= len(firers)
            if dice > 0:
                out += dice / 6 * (-1.3 if f["side"] == "nva" else 0.8)
    return out


def evaluate(world: State, role: Role) -> float:
    """The chance ``role`` wins, from §5.18: the end-of-match margin (VP now, VP pending in hits, LZ
    control, casualty markers) and the NVA's 35-VP automatic victory, with less room for change as the
    turns run out. The NVA retreat (US 30 VP) leaves the NVA only the automatic victory's last VP."""
    turns = 10
    turn = world["turn"]
    rem = max(0.0, turns - turn + 0.5)
    margin, threat = us_margin(world)
    if world["retreat"]:
        margin += 3.0  # the NVA can only move and return fire: the US margin holds
        rate = 0.3
    else:
        margin += 2.5 * logistic((world["vp"]["us"] - 26.0) / 2.0)  # closing on the retreat threshold
        rate = 3.0 if turn <= 3 else 1.5
    # The NVA are ahead in the opening (the ambush, turn 1's chits); the US gains with each turn
    # (artillery, air, the Dustoff, reinforcements), so an even margin early favours the NVA a little.
    margin += -1.0 * min(rem, 6.0) / 6.0
    p_vp = logistic(margin / (2.0 + 0.9 * rem))
    p_auto = logistic((threat + rate * rem * 0.6 - 35.0) / (1.5 + 0.6 * rem))
    us = p_vp * (1.0 - p_auto)
    return us if role == "us" else 1.0 - us


# === prior ===

def _area_value(b: _Board, st: dict[str, Any], state: State, side: str, uid: str, area: str,
                leaving: str | None) -> float:
    """How good ``area`` is for ``uid`` of ``side`` (a move's score is the destination's minus the
    origin's): the NVA close on US stacks they outfight, the US stack up, hold LZ Albany and keep out of
    melees they lose; in the NVA retreat, toward the map edge."""
    if area in (TRANSIT, COLUMBUS):
        return -1.0 if side == "nva" else -0.5
    s = b.d.units[uid]
    hits = b.units[uid]["hits"]
    them = _other(side)
    here_extra = 0 if leaving == area else 1  # the unit counts itself where it is
    mine_n = b.n(area, side) + (here_extra if s.combat else 0)
    mine = b.melee_dice(area, side, extra=_str(s, hits, "melee") if (s.combat and here_extra) else 0,
                        extra_n=1 if (s.combat and here_extra) else 0)
    theirs = b.melee_dice(area, them)
    dist = st["dist"][area]
    v = 0.0
    if side == "nva" and state["retreat"]:
        return -2.0 * float(st["edge"].get(area, 3)) - (1.0 if theirs else 0.0)
    if theirs:
        # a melee there: the exchange of dice, the NVA hits worth more (§5.18)
        w_mine, w_theirs = (0.8, 1.3) if side == "us" else (1.3, 0.8)
        v += (mine * w_mine - theirs * w_theirs) / 6 * 3
        if s.is_officer and side == "us":
            v -= 0.5
    else:
        # near the enemy, not in contact
        near = 0
        for a2, dd in dist.items():
            if dd == 1 and b.n(a2, them):
                near += b.n(a2, them)
        if side == "nva":
            v += 0.3 * min(near, 3)
        else:
            v -= 0.15 * near if mine_n < 2 else 0.0
        # the enemy fire it would stand in (§5.6), against the fire it would return
        threat = sum(max(0, b.fire_dice(n, them) - (b.n(n, them) if area in st["jungle"] else 0))
                     for n in st["adj"].get(area, ()) if not b.contested(n))
        v -= threat / 6 * (1.3 if side == "us" else 0.8) * 1.5
    # the enemy within reach
    nearest = min((dd for a2, dd in dist.items() if b.n(a2, them) and a2 not in (TRANSIT, COLUMBUS)), default=9)
    if side == "nva":
        v -= 0.4 * nearest
    else:
        v += 0.25 * min(mine_n, 3) - (0.6 * (mine_n - 3) if mine_n > 3 else 0.0)
        v -= 0.15 * dist.get(LZ, 6)
        if area == LZ:
            v += 0.4
    if s.is_officer:
        v += 0.3 * min(b.n(area, side), 3)
    return v


def _frame(world: State) -> dict[str, Any] | None:
    cur = current(world)
    return None if cur is None else cur[0]


def prior(world: State, role: Role, actions: Sequence[Action]) -> list[float]:
    b = _Board(world)
    st = _st(world)
    frame = _frame(world) or {}
    return [_score(world, b, st, frame, role, a) for a in actions]


def _fire_score(b: _Board, st: dict[str, Any], world: State, side: str, frm: str, at: str) -> float:
    mine = b.fire_dice(frm, side) - (b.n(frm, side) if at in st["jungle"] else 0)
    theirs = b.fire_dice(at, _other(side)) - (b.n(at, _other(side)) if frm in st["jungle"] else 0)
    w_mine, w_theirs = (0.8, 1.3) if side == "us" else (1.3, 0.8)
    return 0.5 + (max(0, mine) * w_mine - max(0, theirs) * w_theirs) / 6 * 3


def _hit_score(world: State, b: _Board, chooser: str, uid: str) -> float:
    s = b.d.units[uid]
    h = world["units"][uid]["hits"]
    delta = _hit_cost(s.side, s.is_officer, s.is_senior, h + 1) - _hit_cost(s.side, s.is_officer, s.is_senior, h)
    if s.vp_commander and h == 1:
        delta += 2.0
    if s.combat and not s.is_officer:
        delta += 0.1 * _str(s, h, "fire")  # a strong unit hurt is a weaker enemy
    return delta if chooser != s.side else -delta


def _score(world: State, b: _Board, st: dict[str, Any], frame: dict[str, Any], role: Role, a: Action) -> float:
    t = a["type"]
    side = role
    units = world["units"]
    if t == "move" or t == "retreat" or t == "advance":
        uid = a["unit"]
        here = units[uid]["area"]
        to = a["to"]
        if here is None:
            return 0.0
        s = b.d.units[uid]
        if not (s.combat or s.is_officer) or units[uid]["status"] == "casualty" or \
                (s.is_officer and units[uid]["hits"]):
            return 1.5  # carry the casualty marker / wounded officer away with its carrier
        gain = _area_value(b, st, world, side, uid, to, here) - _area_value(b, st, world, side, uid, here, here)
        return gain - 0.05
    if t in ("end_activation", "end_advance", "end_retreat", "end_recovery", "end_flares", "end_artillery"):
        return 0.0
    if t == "exit":
        return 3.0
    if t in ("fire", "fire_split"):
        return _fire_score(b, st, world, side, a["from"], a["at"]) - (0.3 if t == "fire_split" else 0.0)
    if t == "fire_now":
        return 1.0
    if t in ("split_fire", "unsplit_fire"):
        return -0.5
    if t == "mortar":
        n = b.n(a["at"], _other(side))
        return 0.8 + 0.1 * n - (0.6 if b.contested(a["at"]) else 0.0)
    if t == "return_fire":
        return 2.0
    if t == "no_return_fire":
        return -1.0
    if t == "assign_hit":
        return _hit_score(world, b, side, a["unit"])
    if t == "join":
        return 0.8
    if t == "activate_officer":
        return 0.1
    if t == "activate":
        return _activate_score(world, b, st, side, a)
    if t == "second_action":
        return 0.5
    if t == "pass":
        return -0.5
    if t == "recover":
        return 2.0
    if t == "event":
        at = a["at"]
        them = _other(side)
        return b.n(at, them) + 0.3 * b.fire_dice(at, them)
    if t == "mark":
        uid = a["unit"]
        s = b.d.units[uid]
        return _str(s, units[uid]["hits"], "fire") + 0.5 * _str(s, units[uid]["hits"], "melee")
    if t == "displace":
        uid = a["unit"]
        enemy_side = b.d.units[uid].side
        here = units[uid]["area"]
        return -(_area_value(b, st, world, enemy_side, uid, a["to"], here)
                 - _area_value(b, st, world, enemy_side, uid, here, here))
    if t == "misfire":
        return 0.0
    if t == "artillery" or t == "skyraider":
        at = a["at"]
        n = b.n(at, "nva")
        hurt = sum(1 for u in b.at.get(at, {}).get("nva", []) if units[u]["hits"] and b.d.units[u].combat)
        score = 1.0 + 0.3 * n + 0.2 * hurt
        if t == "skyraider":
            if a["weapon"] == "napalm":
                fresh = sum(1 for u in b.at.get(at, {}).get("nva", [])
                            if b.d.units[u].combat and units[u]["hits"] <= 1)
                score = 0.5 + 0.5 * fresh - 3.0 * b.casualties.get(at, 0)
            else:
                score += 0.5
        return score
    if t == "gunship":
        uid = a["unit"]
        return 1.0 + _hit_score(world, b, "us", uid)
    if t in ("evacuate", "evacuate_unit"):
        return 3.0
    if t == "airlift":
        at = a["at"]
        return 1.0 + (0.5 if at == LZ else 0.0) + 0.2 * b.n(at, "us")
    if t in ("board", "lift_off"):
        return 1.0
    if t == "place":
        uid = a["unit"]
        return _area_value(b, st, world, side, uid, a["to"], None)
    if t == "hold":
        return -0.2
    if t == "flare":
        at = a["at"]
        return 1.0 + (1.0 if b.contested(at) else 0.0) + 0.2 * b.n(at, "nva")
    return 0.0


def _activate_score(world: State, b: _Board, st: dict[str, Any], side: str, a: Action) -> float:
    g = a["group"]
    units = world["units"]
    them = _other(side)
    fire_opp = 0.0
    move_opp = 0.0
    contact = 0.0
    n = 0
    for uid in b.d.members[g]:
        u = units[uid]
        if u["status"] != "map" or u["area"] is None:
            continue
        s = b.d.units[uid]
        if not s.combat:
            continue
        n += 1
        area = u["area"]
        if b.contested(area):
            du, dn = b.melee_dice(area, side), b.melee_dice(area, them)
            contact += (du * (1.3 if side == "nva" else 0.8) - dn * (0.8 if side == "nva" else 1.3)) / 6
            continue
        dist = st["dist"][area]
        adj_enemy = [a2 for a2, dd in dist.items() if dd == 1 and b.n(a2, them) and not b.contested(a2)]
        if s.is_mortar:
            if any(b.n(a2, them) for a2, dd in dist.items() if dd <= 3 and a2 not in (TRANSIT, COLUMBUS)):
                fire_opp += 0.5
            continue
        if adj_enemy and s.infantry and not u["markers"]:
            fire_opp += max(_fire_score(b, st, world, side, area, t) for t in adj_enemy) / 3
        if not u["hits"]:
            move_opp += 0.3
    if not n:
        return -0.4
    score = 0.2 * contact
    if a["mode"] == "fire":
        score += fire_opp
    else:
        score += move_opp * (0.8 if side == "us" else 1.2)
    if a.get("adrenaline"):
        score += 0.3
    return score


TUNING: dict[str, dict[str, Any]] = {
    # One apply costs ~0.4 ms and a match is ~700 actions: the levels are kept small so balance runs
    # of hundreds of matches fit, the strong level well under the 2 s p95.
    "easy": {"worlds": 1, "width": 5, "depth": 0, "noise": 0.1, "evaluations": 5},
    "normal": {"worlds": 2, "width": 6, "depth": 1, "noise": 0.03, "evaluations": 12},
    "strong": {"worlds": 2, "width": 8, "depth": 1, "noise": 0.0, "evaluations": 16},
}
