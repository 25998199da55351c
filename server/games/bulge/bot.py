"""The computer opponent's judge for the Bulge (``server.engine.judge``): sampled worlds under fog of war,
an evaluation from §13 victory (the VP track against the turn track's thresholds), and a cheap prior.

Costs (one apply ~13 ms, a move decision ~1,300 destinations) keep the search narrow: the prior, which
applies nothing, decides most of the play; the search checks its best few candidates on one or two worlds.

- ``determinize``: without fog of war only the dice are hidden (the framework's). With it, every enemy
  unit the role does not see now is put back, canonically (units in id order, each at the nearest hex out
  of sight from where the role last saw it, else its public set-up hex or its entry hex, ties by the bot's
  own random numbers), at full strength with no markers; the enemy's memory of sightings is dropped, the
  commandos' roads are the ones the role knows (§9.5(2)), and the last passers of main-road hexes out of
  sight are the role's own knowledge only (§13.3).
- ``evaluate``: the German VP now plus what the position promises (cities threatened or held, losses and
  supply markers, how far the German spearheads are from the cities they want, the Allied blocks in their
  way), against the midpoint of the next victory check's thresholds (§13.1), squashed to [0, 1].
- ``prior``: per action kind: moves by the change of a per-side hex potential (objectives, cities to
  hold, contact, stacking, danger), attacks by the expected CRT result of the combination with the
  game's own odds (``odds.assess``), the rest by simple rules from the digest's advice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.core import Action, Role, State
from . import air, fog, odds
from .data import SIDES, Board
from .fog import KNOWN_ROADS
from .units import Situation, board, enemy, gd, is_commando, spec, strength, tables

TUNING: dict[str, dict[str, Any]] = {
    # easy: a loose player, a random one of the prior's six best (the noise swamps the values)
    "easy": {"worlds": 1, "width": 6, "depth": 0, "noise": 0.1, "evaluations": 6, "seconds": 0.6},
    "normal": {"worlds": 1, "width": 4, "depth": 0, "noise": 0.02, "evaluations": 4, "seconds": 1.0},
    "strong": {"worlds": 2, "width": 4, "depth": 0, "noise": 0.0, "evaluations": 8, "seconds": 1.8},
}

CITY_KINDS = ("important", "fortress")
FAR = 99.0


# === Sampled worlds ===

_BLANK = {"status": "map", "steps": 2, "supply": "ok", "mp": 0, "mode": None, "moved": False, "attacked": False,
          "defended": False, "option_retreat": False}


def determinize(state: State, role: Role, rnd: random.Random) -> State:
    """A world for ``role``: under fog of war the unseen enemy units drawn from ``rnd`` (see the module doc)."""
    if not fog.on(state) or role not in SIDES:
        return state
    side = str(role)
    b = board(state)
    shown = fog.visible(state, side)
    eyes = fog.sight(state, side)
    memory = (state.get("seen") or {}).get(side, {})
    gd_setup = _setup_hexes(state)
    taken = {u["hex"] for uid, u in state["units"].items() if uid in shown and u["status"] == "map"}
    placed: dict[str, int] = {}
    hidden = sorted(uid for uid, u in state["units"].items()
                    if u["side"] != side and u["status"] == "map" and uid not in shown)
    for uid in hidden:
        old = state["units"][uid]
        anchor = memory.get(uid, {}).get("hex") or gd_setup.get(uid) or _entry_anchor(state, uid)
        commando = is_commando(state, uid)
        h = _nearest_free(b, anchor, eyes, taken, placed, rnd, anywhere=commando and side == "allied")
        rec = {k: v for k, v in old.items() if k in ("side", "setup", "due")}
        rec.update(_BLANK, hex=h)
        if commando:
            rec["steps"] = old["steps"] if old["steps"] == 0 else 2
        state["units"][uid] = rec
        placed[h] = placed.get(h, 0) + 1
    if "seen" in state:
        state["seen"] = {**state["seen"], enemy(side): {}}
    known = list((state[KNOWN_ROADS] if KNOWN_ROADS in state else state.get("commando_roads")) or []) \
        if side == "german" else []
    if state.get("commando_roads") or known or KNOWN_ROADS in state:
        state["commando_roads"] = known
        state[KNOWN_ROADS] = list(known)
    # §13.3: the last passers the role can know: the cities' and those in its sight; at the phase's start, its
    # own reckoning when it moves (``occupied_start_seen``), else the same as now
    cities = {h for h in b.places if b.place_kind(h) in CITY_KINDS}
    state["occupied"] = {h: s for h, s in state.get("occupied", {}).items() if h in eyes or h in cities}
    mine = state.get("occupied_start_seen") if state["player"] == side else None
    start = dict(mine) if mine is not None else dict(state["occupied"])
    for key in ("occupied_start", "occupied_start_seen"):
        if key in state:
            state[key] = dict(start)
    return state


def _setup_hexes(state: State) -> Mapping[str, str]:
    """The historical set-up hexes (public static data); none in the free set-up (the enemy placed its own)."""
    if state.get("scenario") != "historical":
        return {}
    out: dict[str, str] = {}
    for hexes in gd(state).setup.values():
        out.update(hexes)
    return out


def _entry_anchor(state: State, uid: str) -> str:
    b = board(state)
    s = spec(state, uid)
    code = s.entry[1] if s.entry else None
    entries = sorted(e.hex for e in b.entries_of(s.side, code)) or sorted(e.hex for e in b.entries_of(s.side))
    if entries:
        return entries[0]
    return sorted(b.hexes)[len(b.hexes) // 2]


def _nearest_free(b: Board, anchor: str, eyes: frozenset[str], taken: set[str], placed: dict[str, int],
                  rnd: random.Random, anywhere: bool) -> str:
    """The nearest hex to ``anchor`` that ``eyes`` do not cover (``anywhere``: any hex), not held by a seen
    unit, with at most two drawn units already; ties in a random order."""
    for radius in range(0, 40):
        ring = sorted(h for h in b.grid.within(anchor, radius) if b.grid.contains(h)
                      and b.grid.distance(anchor, h) == radius)
        ok = [h for h in ring if (anywhere or h not in eyes) and h not in taken and placed.get(h, 0) < 2]
        if ok:
            return ok[rnd.randrange(len(ok))]
    return anchor


# === Geometry: a rough MP distance over the map ===

Edges = dict[str, tuple[tuple[str, int], ...]]
_EDGES: list[tuple[Board, Edges]] = []  # the last few boards (tests make many), the board itself kept


def _edges(state: State) -> Edges:
    b = board(state)
    for known, got in _EDGES:
        if known is b:
            return got
    t = tables(state)
    scale = t.mp_scale
    out: Edges = {}
    for h in b.hexes:
        row: list[tuple[str, int]] = []
        for n in b.neighbours(h):
            if b.is_road(h, n):
                c = 1
            else:
                mp = t.mp(b.terrain_of(n))
                c = max(1, mp // scale) if mp else 1
                if b.is_major_river(h, n):
                    c += 3
                elif b.is_river(h, n):
                    c += 1
            row.append((n, c))
        out[h] = tuple(row)
    _EDGES.insert(0, (b, out))
    del _EDGES[4:]
    return out


def _dijkstra(state: State, sources: Sequence[str], blocked: frozenset[str] | set[str],
              sticky: frozenset[str] | set[str], limit: int = 40) -> dict[str, int]:
    """MP-ish distance from ``sources`` (whole MP: Dial's buckets); ``blocked`` hexes are never entered,
    ``sticky`` ones (enemy ZOC, where a move stops) cost 3 more."""
    edges = _edges(state)
    dist: dict[str, int] = {}
    buckets: list[list[str]] = [[] for _ in range(limit + 1)]
    buckets[0] = sorted(set(sources))
    for d in range(limit + 1):
        for h in buckets[d]:
            if h in dist:
                continue
            dist[h] = d
            for n, c in edges[h]:
                if n in dist or n in blocked:
                    continue
                nd = d + c + (3 if n in sticky else 0)
                if nd <= limit:
                    buckets[nd].append(n)
    return dist


_OBJECTIVES: list[tuple[Any, dict[str, int]]] = []  # the last few distance fields to the objectives


class Look:
    """Everything the evaluation and the prior read of one world, computed once."""

    def __init__(self, world: State) -> None:
        self.world = world
        self.b = b = board(world)
        self.sit = Situation(world)
        self.units: dict[str, list[str]] = {s: [] for s in SIDES}
        for uid, u in world["units"].items():
            if u["status"] == "map" and u["hex"] and not is_commando(world, uid):
                self.units[u["side"]].append(uid)
        self.hex_of = {uid: world["units"][uid]["hex"] for s in SIDES for uid in self.units[s]}
        self.at: dict[str, dict[str, list[str]]] = {s: {} for s in SIDES}
        for s in SIDES:
            for uid in self.units[s]:
                self.at[s].setdefault(self.hex_of[uid], []).append(uid)
        self.zoc = {s: frozenset(n for h in self.at[s] for n in b.neighbours(h)) for s in SIDES}
        owner = world.get("city_owner", {})
        self.cities = sorted(h for h in b.places if b.place_kind(h) in CITY_KINDS)
        self.owner = {h: owner.get(h, b.initial_owner(h)) for h in self.cities}
        self._g: dict[str, int] | None = None
        self._o: dict[str, int] | None = None
        self._t: dict[str, float] | None = None

    def defence(self, side: str, h: str) -> int:
        return sum(strength(self.world, u)[1] for u in self.at[side].get(h, []))

    def attack(self, side: str, h: str) -> int:
        return sum(strength(self.world, u)[0] for u in self.at[side].get(h, []))

    def from_germans(self) -> dict[str, int]:
        """How far the Germans are from each hex, through the Allied blocks (Allied hexes closed, ZOC sticky)."""
        if self._g is None:
            self._g = _dijkstra(self.world, list(self.at["german"]), set(self.at["allied"]), self.zoc["allied"], 30)
        return self._g

    def to_objectives(self) -> dict[str, int]:
        """How far each hex is from the nearest city the Germans do not hold, around the Allied units."""
        if self._o is None:
            goals = tuple(h for h in self.cities if self.owner[h] != "german")
            sticky = self.zoc["allied"] - set(goals)
            key = (self.b, goals, sticky)
            got = next((d for k, d in _OBJECTIVES if k[0] is self.b and k[1:] == key[1:]), None)
            if got is None:
                got = _dijkstra(self.world, goals, set(), sticky, 45)
                _OBJECTIVES.insert(0, (key, got))
                del _OBJECTIVES[6:]
            self._o = got
        return self._o

    def threats(self) -> dict[str, float]:
        """Each city's danger for its holder, 0..1: how near the enemy is, less the garrison."""
        if self._t is not None:
            return self._t
        dg = self.from_germans()
        out: dict[str, float] = {}
        for h in self.cities:
            if self.owner[h] == "german":
                da = min((self.b.grid.distance(h, x) for x in self.at["allied"]), default=30)
                garrison = self.defence("german", h)
                out[h] = max(0.0, 1.0 - da / 8.0) / (1.0 + garrison / 8.0)
            else:
                d = dg.get(h, FAR)
                garrison = self.defence("allied", h)
                out[h] = max(0.0, 1.0 - d / 14.0) / (1.0 + garrison / 6.0)
        self._t = out
        return out


# === Evaluation ===

def german_score(world: State, look: Look | None = None) -> float:
    """What the Germans can count on: the VP now and the VP the position promises (a VP-like number)."""
    lk = look or Look(world)
    score = float(world["vp"])
    threat = lk.threats()
    city_vp = float(tables(world).const("city_vp"))
    for h in lk.cities:
        if lk.owner[h] == "german":
            score -= 0.6 * city_vp * threat[h]
        else:
            score += 0.6 * city_vp * threat[h]
    for s, sign in (("german", -1.0), ("allied", 1.0)):
        for uid in lk.units[s]:
            u = world["units"][uid]
            if u["steps"] == 1:
                score += sign * 0.8
            if u["supply"] == "out":
                score += sign * 0.6
            elif u["supply"] == "isolated":
                score += sign * 1.5
    combat = world.get("combat") or {}
    if world["step"] in ("declare", "order", "resolve") and combat.get("declared"):
        # §8.3: the combinations declared and not yet resolved, at their expected result (steps ~ 1 VP each)
        sit = fog.situation_for(world, world["player"])
        sign = 1.0 if world["player"] == "german" else -1.0
        if world["step"] == "declare":
            score -= 0.3 * sign  # combinations still open are worth a little less than fixed ones: no dithering
        for c in combat["declared"]:
            if c["attackers"]:
                score += sign * _ev(world, odds.assess(world, sit, list(c["attackers"]), c["at"])["column"])
    dobj = lk.to_objectives()
    mech = [uid for uid in lk.units["german"] if spec(world, uid).mechanised]
    if mech:
        score -= 0.08 * sum(min(dobj.get(lk.hex_of[u], 40.0), 40.0) for u in mech) / len(mech) * 3
    return score


def evaluate(world: State, role: Role) -> float:
    """§13.1: the German score against the midpoint of the next check's thresholds, for ``role``."""
    t = tables(world)
    turn = int(world["turn"])
    check = max(turn, int(t.const("victory_check_from_turn")))
    row = t.turns.get(check, {})
    g_win, a_win = row.get("german_win"), row.get("allied_win")
    mid = (float(g_win) + float(a_win)) / 2 if g_win is not None and a_win is not None else 47.5
    # the Germans gain VP as the turns go on: what is left to gain before the check
    left = max(0, check - turn) + (0.5 if world["player"] == "german" else 0.0)
    target = mid - 5.0 * left
    g = 1.0 / (1.0 + math.exp(-(german_score(world) - target) / 8.0))
    # rounded: where the outcome is no longer in doubt, equal values let the prior's order decide (the search
    # keeps the first of equal candidates), rather than dice noise in the last digits (a declare/undeclare loop)
    return round(g if role == "german" else 1.0 - g, 4)


# === Prior ===

def _ev(state: State, column: str | None) -> float:
    """The expected worth of a CRT column for the attacker (enemy steps lost and retreats less own losses)."""
    if column is None:
        return -1.0
    out = 0.0
    for code, p in odds.chances(state, column).items():
        r = tables(state).raw["crt"]["results"].get(code, {})
        ds = r.get("defender_steps", 0)
        dsv = 2.5 if ds == "all" else float(ds)
        out += p * (1.1 * dsv + 0.4 * float(r.get("defender_retreat", 0))
                    - 1.0 * float(r.get("attacker_steps", 0)) - 0.25 * float(r.get("attacker_retreat", 0)))
    return out


def prior(world: State, role: Role, actions: Sequence[Action]) -> list[float]:
    side = str(role)
    lk = Look(world)
    scorer = _Scorer(world, side, lk)
    return [scorer.score(a) for a in actions]


class _Scorer:
    def __init__(self, world: State, side: str, lk: Look) -> None:
        self.w, self.side, self.lk = world, side, lk
        self.foe = enemy(side)
        self._pot: dict[tuple[str, ...], float] = {}
        self._combo: dict[str, float] = {}
        self.sit = fog.situation_for(world, side)

    def score(self, a: Action) -> float:
        kind = a["type"]
        fn = getattr(self, f"_{kind}", None)
        return float(fn(a)) if fn is not None else 0.0

    # --- movement ---

    def potential(self, uid: str, h: str | None, moving: Sequence[str] = ()) -> float:
        if h is None:
            return -1.0
        key = (uid, h, *moving)
        if key in self._pot:
            return self._pot[key]
        v = self._german(uid, h, moving) if self.side == "german" else self._allied(uid, h, moving)
        self._pot[key] = v
        return v

    def _german(self, uid: str, h: str, moving: Sequence[str]) -> float:
        lk = self.lk
        dobj = lk.to_objectives()
        v = -0.35 * min(dobj.get(h, 45.0), 45.0)
        if h in lk.owner and lk.owner[h] != "german" and not lk.at["allied"].get(h):
            v += 30.0  # a city taken (§13.2(1))
        weak = 0
        for n in lk.b.neighbours(h):
            if lk.at["allied"].get(n):
                d = lk.defence("allied", n)
                weak += 2 if d <= 6 else 1
        v += min(weak, 4) * 0.8
        if spec(self.w, uid).mechanised and h in lk.b.road_hexes:
            v += 0.3
        return v

    def _allied(self, uid: str, h: str, moving: Sequence[str]) -> float:
        lk = self.lk
        threat = lk.threats()
        dg = lk.from_germans()
        v = 0.0
        near = 99.0
        for c in lk.cities:
            if lk.owner[c] == "german":
                if c == h and not lk.at["german"].get(c):
                    v += 25.0  # retaken (§13.2(1))
                continue
            t = threat[c]
            if t <= 0:
                continue
            d = lk.b.grid.distance(h, c)
            if d == 0:
                here = [u for u in lk.at["allied"].get(c, []) if u not in moving]
                v += 10.0 * t * (1.0 if len(here) < 2 else 0.3) if len(here) < 3 else 0.0
            near = min(near, d / (0.3 + t))
        if near < 99:
            v -= 0.25 * near
        if h in lk.zoc["german"]:
            own = sum(strength(self.w, u)[1] for u in lk.at["allied"].get(h, []) if u not in moving)
            own += sum(strength(self.w, u)[1] for u in moving) or strength(self.w, uid)[1]
            foe = sum(lk.attack("german", n) for n in lk.b.neighbours(h))
            shift = -odds.terrain_shift(self.w, h, [uid])[0]
            if foe >= 3 * own * (1 + 0.5 * shift):
                v -= 3.0
            else:
                v += 0.5 + 0.3 * shift
        elif dg.get(h, FAR) < 8:
            v += 0.3
        if h in lk.b.germany and int(self.w["turn"]) >= 7:
            v += 0.5
        return v

    def _move(self, a: Action) -> float:
        uids = list(a.get("units") or [a["unit"]])
        to = a["to"]
        if a.get("stacking"):
            return -20.0
        gain = 0.0
        for u in uids:
            frm = self.w["units"][u]["hex"]
            if is_commando(self.w, u):
                gain += 0.2 if self.side == "german" else 0.0
                continue
            gain += self.potential(u, to, uids) - self.potential(u, frm, ())
        gain /= math.sqrt(max(1, len(uids)))
        return gain

    def _end_phase(self, a: Action) -> float:
        return 0.6

    def _break_through(self, a: Action) -> float:
        return 4.0

    def _escape(self, a: Action) -> float:
        u = self.w["units"].get(a["unit"], {})
        return 0.8 if u.get("supply") == "isolated" else -8.0

    def _paradrop(self, a: Action) -> float:
        return -5.0

    def _skorzeny(self, a: Action) -> float:
        return 1.0 if a.get("choice") == "brigade" else 0.0

    def _discard_mp(self, a: Action) -> float:
        return -1.0

    def _remove(self, a: Action) -> float:
        att, dfn = strength(self.w, a["unit"])
        return -(att + dfn)

    # --- set-up (§9.1-§9.2) ---

    def _place(self, a: Action) -> float:
        return self.potential(a["unit"], a["to"]) + 0.001 * _tiebreak(a["to"])

    def _select(self, a: Action) -> float:
        # Never: placing sets up the next unplaced unit by itself, and the evaluation is flat during the set-up
        # and lower once it ends (the enemy moves next), so selecting (another unit, or a placed one to place it
        # again) looked as good as placing and better than ending: the free set-up never ended in selfplay.
        return -math.inf

    def _end_setup(self, a: Action) -> float:
        return 1.0

    # --- lines, air ---

    def _end_lines(self, a: Action) -> float:
        return 1.0

    def _extend_line(self, a: Action) -> float:
        return 0.0

    def _end_air(self, a: Action) -> float:
        return 0.5

    def _air_interdict(self, a: Action) -> float:
        if air.fb_left(self.w) <= 4:
            return 0.0
        h = a["at"]
        lk = self.lk
        dg = min((lk.b.grid.distance(h, x) for x in lk.at["german"]), default=30)
        if not 1 <= dg <= 2:
            return 0.0
        return (2.0 if h in lk.b.road_hexes else 0.8) + (1.0 if h in lk.b.main_road_hexes else 0.0)

    def _air_defend(self, a: Action) -> float:
        h = a["at"]
        lk = self.lk
        foe = sum(lk.attack("german", n) for n in lk.b.neighbours(h))
        own = max(1, lk.defence("allied", h))
        city = 2.0 if h in lk.owner else 0.0
        if air.fb_left(self.w) <= 2 and not city:
            return 0.0
        return min(3.0, foe / own) + city

    def _air_supply(self, a: Action) -> float:
        return 2.0

    def _air_attack(self, a: Action) -> float:
        return 1.0 + self._combo_value(a["at"], None)

    # --- combat (§8) ---

    def _combo_attackers(self, at: str) -> list[str]:
        c = self.w.get("combat") or {}
        return list(next((d["attackers"] for d in c.get("declared", []) if d["at"] == at), []))

    def _combo_value(self, at: str, attackers: list[str] | None) -> float:
        us = self._combo_attackers(at) if attackers is None else attackers
        if not us:
            return 0.0
        key = "|".join([at, *sorted(us)])
        if key not in self._combo:
            a: dict[str, Any] = odds.assess(self.w, self.sit, us, at)
            v = _ev(self.w, a["column"])
            if a["column"] is not None and self.side == "german" and at in self.lk.owner:
                v += 0.5
            self._combo[key] = v
        return self._combo[key]

    def _declare(self, a: Action) -> float:
        at = a["at"]
        now = self._combo_attackers(at)
        before = self._combo_value(at, now) if now else 0.0
        after = self._combo_value(at, [*now, a["unit"]])
        return after - before

    def _undeclare(self, a: Action) -> float:
        # Never: a declaration the search made, it made on purpose, and taking one back only to weigh it again
        # looped for thousands of actions (declare, undeclare, declare...) in selfplay. Not declaring is the
        # computer's way of not attacking.
        return -math.inf

    def _end_declarations(self, a: Action) -> float:
        return 0.15

    def _order(self, a: Action) -> float:
        return self._combo_value(a["at"], None)

    def _resolve(self, a: Action) -> float:
        return self._combo_value(a["at"], None)

    def _aopt(self, a: Action) -> float:
        return -0.5 * float(a.get("steps", 0))

    def _retreat(self, a: Action) -> float:
        u = a["unit"]
        h = a["to"]
        v = self.potential(u, h)
        if h in self.lk.zoc[self.foe]:
            v -= 1.0
        return v

    def _pursue(self, a: Action) -> float:
        return 0.5 + 0.1 * self.potential(a["unit"], a["to"])

    def _end_pursuit(self, a: Action) -> float:
        return 0.0

    def _option_retreat(self, a: Action) -> float:
        return 0.1

    def _hold(self, a: Action) -> float:
        return 0.0


def _tiebreak(h: str) -> int:
    return sum(ord(c) * (i + 1) for i, c in enumerate(h)) % 97
