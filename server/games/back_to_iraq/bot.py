"""The computer opponent's judge for Back to Iraq (``server.engine.judge``): pure, like the rules.

- ``determinize``: the basic game hides nothing (digest §10.1: stacks may be inspected at any time, every die is
  open), so a world is the state as the role's view shows it, which is all of it, with dice of its own
  (``fresh_dice``: the match seed never reaches the computer).
- ``evaluate``: §4.4-§4.6 read as three chances multiplied, for the Coalition: enough Iraqi (in Scenario 2 also
  Iranian) cities by the last turn (LOST-30, LOST-5): the cities held now, plus those the Coalition's Great Power
  units are near enough to take in the turns left, plus the losses of both sides; MIPP kept below LOST-31 with the
  turns left to add to it (and, with the strategic targets, 1d6 for each WMD marker left, §G1.6); Kuwait City
  kept (§4.6 sudden death): the chance an Islamic attack at the odds beside it empties the city, over the turns
  left. An attack opened and not yet resolved counts at its expected result. The Islamic value is the complement.
- ``prior``: per action kind, without applying anything (a movement listing holds some 3,000 moves): moves by the
  change of a per-side hex potential (Coalition: along roads toward the Iraqi cities not yet held, Baghdad first,
  taking empty ones, Great Power units in stacks at the front, opposite hexes for a concentric attack, Kuwait City
  garrisoned while threatened, supply kept; Islamic: cities garrisoned while threatened, Coalition-held cities
  retaken, Kuwait City if it stands empty, weak Coalition stacks approached, supply kept); attacks by their
  expected CRT result with the rules' own odds (``combat.reckon``); the rest by rules from the digest. The prior
  places each unit of a free set-up at (or nearest) its proposed hex, and rules out cancelling an attack that may
  be resolved and dismounting; it plays on when a declaration of victory is more likely to fail than hold (§G1.6).

The world's reading (distance fields, ``Look``) is ``bot_look.py``; the scores of the advanced game's actions (§G)
are ``bot_advanced.py``'s, mixed into the prior's scorer.

Costs (measured, one core): one ``apply`` of a move ~3 ms; a Coalition movement listing ~50 ms (~230 ms for the
first in a process, while the terrain tables fill), and the search pays one listing per candidate (its look-ahead
asks what follows), so the levels search a few candidates on one world and the prior does the planning.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ...engine.core import Action, Role, State
from ...engine.judge import fresh_dice, logistic
from ...engine.steps import top
from . import combat, targets
from .bot_advanced import AdvancedScores
from .bot_look import FAR, Look, road_gap
from .forces import ENEMY, data, spec, tables
from .sequence import victory_met
from .view import redeal

TUNING: dict[str, dict[str, Any]] = {
    # One candidate costs an apply and the next step's listing (~50 ms in a movement phase), hence narrow searches.
    "easy": {"worlds": 1, "width": 4, "depth": 0, "noise": 0.1, "evaluations": 4, "seconds": 0.6},
    "normal": {"worlds": 1, "width": 4, "depth": 0, "noise": 0.02, "evaluations": 4, "seconds": 1.0},
    "strong": {"worlds": 2, "width": 4, "depth": 0, "noise": 0.0, "evaluations": 6, "seconds": 1.8},
}

# === Sampled worlds ===

def determinize(state: State, role: Role, rnd: random.Random) -> State:
    """§10.1: nothing is hidden in the basic game; the world is the state with dice of its own. With the strategic
    targets, the kinds the role may not see are dealt afresh (``view.redeal``)."""
    fresh_dice(state, rnd)
    return redeal(state, role, rnd)


# === Attacks ===

def _crt_value(look: Look, side: str, target: str, chances: dict[str, float]) -> float:
    """The expected worth of a combat's results for the attacker (§11.11-§11.12): for the Coalition in cities and
    strength (a MIPP check costs it), for the Islamic side in MIPP and Coalition steps."""
    w = look.world
    city = target in look.owner
    if side == "coalition":
        cap = 3.0 if city else 0.4
        kill = look.defence("islamic", target) / 4.0
        mipp = int(w["mipp"])
        m = 0.5 + 2.5 * max(0, mipp - (look.limit - 16)) / 16.0  # a check adds 2 MIPP on average (§4.3)
        worth = {"DE": cap + kill, "DR": 0.9 * cap + 0.3, "DR*": 0.9 * cap + 0.3 - m, "S*": -m}
    else:
        here = look.at["coalition"].get(target, [])
        kc = 60.0 if target == look.kc else 0.0
        lone = len(here) == 1 and look.world["units"][here[0]]["steps"] == 1
        worth = {"DL*": 3.5 + (kc if lone else 0.0), "DR*": 3.0 + kc, "S+": 1.0}
    return sum(p * worth.get(code, 0.0) for code, p in chances.items())


def attack_value(look: Look, side: str, target: str, attackers: list[str]) -> float:
    """The expected worth of ``attackers`` (as the rules would take them) on ``target``; -inf if not an attack."""
    w = look.world
    if not combat.valid(w, side, attackers) or not look.at[ENEMY[side]].get(target):
        return -math.inf
    odds = combat.reckon(w, side, target, attackers)
    return _crt_value(look, side, target, combat.chances(w, side, odds.final))


# === Evaluation ===

def coalition_chance(world: State, look: Look | None = None) -> float:
    lk = look or Look(world)
    if lk.owner[lk.kc] != "coalition":
        return 0.0
    rem = lk.turns_left()
    # Cities: held, and those the Great Power units may still take (near, lightly held, time enough)
    gp = [lk.hex_of[u] for u in lk.hex_of if lk.world["units"][u]["side"] == "coalition" and
          spec(world, u).power == "great"]
    g = lk.b.grid
    reach = 2.5 * rem + 0.5
    margins = []
    for cities, need in ((lk.iraqi, lk.need["s1_needed"] if lk.scenario == 1 else lk.need["s2_needed_iraqi"]),
                         (lk.iranian, lk.need["s2_needed_iranian"])):
        if not cities:
            continue
        held = sum(lk.owner[h] == "coalition" for h in cities)
        hope = 0.0
        for h in cities:
            if lk.owner[h] == "coalition":
                continue
            d = min((g.distance(h, x) for x in gp), default=FAR)
            garrison = lk.defence("islamic", h)
            hope += math.exp(-max(0, d - 1) / reach) / (1.0 + garrison / 20.0)
        hope = min(hope, 1.5 * rem)
        margins.append(held + hope - need)
    margin = min(margins)
    # The losses of both sides: a broken Iraqi army cannot hold its cities, a worn Coalition cannot take them
    margin += 3.0 * (1 - lk.now["islamic"] / max(1, lk.full["islamic"]))
    margin -= 4.0 * (1 - lk.now["coalition"] / max(1, lk.full["coalition"]))
    mipp = float(world["mipp"])
    if targets.on(world):  # §G1.6(1): 1d6 a WMD still on the map at the end (kinds as this world deals them)
        mipp += 3.5 * sum(r["kind"] == "wmd" and r["status"] == "map" for r in world["targets"].values())
    frame = top(world)
    if frame is not None and frame.get("kind") == "attack":
        ev = attack_value(lk, frame["side"], frame["at"], list(frame["attackers"]))
        if ev != -math.inf:
            if frame["side"] == "coalition":
                margin += 0.25 * 0.9 * ev
            else:
                mipp += 0.9 * ev * 0.6
    p_cities = logistic(0.7 * (margin + 0.5))
    p_mipp = logistic((lk.limit - 0.5 - mipp - 0.8 * rem) / 3.0)
    p_kc = math.pow(1.0 - kuwait_risk(lk), min(rem, 4.0))
    return p_cities * p_mipp * p_kc


def kuwait_risk(lk: Look) -> float:
    """§4.6: the chance that one Islamic attack on Kuwait City empties it (DR*, or DL* on a lone 1-step unit),
    at the odds of the Islamic strength that could reach it (``Look.kc_threat``) against its garrison."""
    w, kc = lk.world, lk.kc
    threat = lk.kc_threat()
    if threat < 1:
        return 0.0
    here = lk.at["coalition"].get(kc, [])
    final = combat.ladder(int(threat), max(1, lk.defence("coalition", kc))) - tables(w).terrain_shift("city")
    chances = combat.chances(w, "islamic", final)
    lone = len(here) == 1 and w["units"][here[0]]["steps"] == 1
    return float(chances.get("DR*", 0.0) + (chances.get("DL*", 0.0) if lone else 0.0))


def evaluate(world: State, role: Role) -> float:
    c = coalition_chance(world)
    # rounded: equal positions tie exactly, and the prior's order decides between them, not noise in the digits
    return round(c if role == "coalition" else 1.0 - c, 4)


# === Prior ===

def prior(world: State, role: Role, actions: Sequence[Action]) -> list[float]:
    scorer = _Scorer(world, str(role), Look(world))
    return [scorer.score(a) for a in actions]


class _Scorer(AdvancedScores):
    def __init__(self, world: State, side: str, look: Look) -> None:
        self.w, self.side, self.lk = world, side, look
        self._pot: dict[tuple[str, str], float] = {}
        self._ev: dict[tuple[str, ...], float] = {}
        self.gap = road_gap(look.b)
        self.reach = int(tables(world).lost("LOST-16"))

    def score(self, a: Action) -> float:
        fn = getattr(self, f"_{a['type']}", None)
        return float(fn(a)) if fn is not None else 0.0

    # --- hex potentials ---

    def potential(self, uid: str, h: str) -> float:
        key = (uid, h)
        if key not in self._pot:
            own = self._coalition(uid, h) if self.side == "coalition" else self._islamic(uid, h)
            self._pot[key] = own + self.c2_potential(uid, h)
        return self._pot[key]

    def _coalition(self, uid: str, h: str) -> float:
        lk, b = self.lk, self.lk.b
        field = lk.goal_field()
        v = -0.35 * min(field.get(h, 60), 60)
        targets = set(lk.targets())
        if h in targets and not lk.at["islamic"].get(h):
            v += 30.0  # §4.8: entering a city takes it
        if self.gap.get(h, 0) > self.reach:
            v -= 4.0  # §8.10: beyond an off-road supply line
        others = [u for u in lk.at["coalition"].get(h, ()) if u != uid]
        s = spec(self.w, uid)
        # Kuwait City (§4.6): kept garrisoned while Islamic units are near it
        if h == lk.kc:
            threat = lk.kc_threat()
            if threat:
                own = lk.defence("coalition", h, but=[uid])
                v += 12.0 * min(1.0, lk.strength[uid][1] / 8.0) if own < 2.5 * threat else 1.0
        foes = [n for n in b.neighbours(h) if lk.at["islamic"].get(n)]
        if foes:
            great = s.power == "great" or any(spec(self.w, u).power == "great" for u in others)
            defence = lk.defence("coalition", h, but=[uid]) + lk.strength[uid][1]
            threat = sum(lk.attack("islamic", n) for n in foes)
            if threat >= 2 * defence:
                v -= 4.0  # the Islamic CRT gives DL* from 2:1 (a MIPP check each)
            elif great:
                v += 0.8 + 0.4 * min(len(others), 2)
            else:
                v -= 0.8  # a Minor Power stack at the front cannot attack alone (§11.1x)
            g = b.grid
            for t in foes:
                dirs = {g.direction(t, x) for x in b.neighbours(t) if x != h
                        and any(u != uid for u in lk.at["coalition"].get(x, ()))}
                if not dirs:
                    continue
                d = g.direction(t, h)
                had = _concentric(dirs)
                if not had and _concentric(dirs | {d}):
                    v += 5.0 if t in targets else 2.5  # §11: a concentric attack shifts LOST-24 right
        return v

    def _islamic(self, uid: str, h: str) -> float:
        lk, b = self.lk, self.lk.b
        g = b.grid
        v = 0.0
        if h == lk.kc:
            return 1000.0  # §4.6: Kuwait City taken, the war won
        owner = lk.owner.get(h)
        if owner == "coalition" and not lk.at["coalition"].get(h):
            v += 25.0  # a city retaken (§4.2(3): a MIPP check too)
        if h in lk.owner and owner != "coalition":
            d = self.lk.from_coalition(h)
            threat = max(0.0, 1.0 - d / 8.0)
            here = [u for u in lk.at["islamic"].get(h, ()) if u != uid]
            if len(here) < 3:
                v += (6.0 if not here else 3.0) * threat + 0.5
        if self.gap.get(h, 0) > self.reach:
            v -= 3.0  # §8.10
        if h in b.road_hexes and 1 < self.lk.from_coalition(h) <= 3:
            v += 0.6  # astride a road the Coalition needs, just out of its reach
        near = [n for n in b.neighbours(h) if lk.at["coalition"].get(n)]
        if near:
            mine = lk.strength[uid][0]
            weak = min(lk.defence("coalition", n) for n in near)
            v += 1.5 if weak <= 2 * (mine + lk.attack("islamic", h, but=[uid])) else 0.3
        # between the Coalition and its cities: nearer the Coalition's goal field is nearer the road it needs
        field = lk.goal_field()
        if field:
            v -= 0.08 * min(field.get(h, 60), 60)
        v -= 0.03 * g.distance(h, lk.kc)
        return v

    # --- set-up (§3) ---

    def _select(self, a: Action) -> float:
        return 0.0  # free set-up: any unit next; it goes where the scenario proposes (legal by construction)

    def _deselect(self, a: Action) -> float:
        return -math.inf

    def _place(self, a: Action) -> float:
        proposed = data(self.w).scenarios[str(self.w["scenario"])].setup.get(a["unit"])
        if proposed is None:  # §G5.4: an Al Qaeda arrival, anywhere it need not be eliminated for stacking
            return -100.0 - (5.0 if a.get("stacking") else 0.0)
        return -float(self.lk.b.grid.distance(a["to"], proposed)) - (5.0 if a.get("stacking") else 0.0)

    def _end_setup(self, a: Action) -> float:
        return 1.0

    # --- the Weather/Regroup phase (§9, §5.3) ---

    def _no_regroup(self, a: Action) -> float:
        return 1.0

    def _voluntary_regroup(self, a: Action) -> float:
        return 0.0

    def _contacts(self) -> int:
        """Islamic hexes beside a Coalition stack with a Great Power unit: attacks to be had without moving."""
        lk = self.lk
        out = 0
        for h in lk.at["islamic"]:
            if any(spec(self.w, u).power == "great" for n in lk.b.neighbours(h) for u in lk.at["coalition"].get(n, ())):
                out += 1
        return out

    def _move_first(self, a: Action) -> float:
        return 1.0 if self._contacts() < 2 else 0.5

    def _combat_first(self, a: Action) -> float:
        return 1.0 if self._contacts() >= 2 else 0.5

    # --- movement (§10) ---

    def _move(self, a: Action) -> float:
        if a.get("stacking"):
            return -20.0
        uid = a["unit"]
        frm = self.lk.hex_of[uid]
        gain = self.potential(uid, a["to"]) - self.potential(uid, frm)
        if a.get("river"):
            gain -= 0.5  # a die decides it (§10.15)
        return gain

    def _air_move_unit(self, a: Action) -> float:
        # §G5.5: a flight is a move that costs the unit its combat this turn
        return self._move(a) - 1.0

    def _end_movement(self, a: Action) -> float:
        return 0.1

    def _dismount(self, a: Action) -> float:
        return -math.inf  # halved and slow; the computer keeps its armour mounted

    def _remount(self, a: Action) -> float:
        return 2.0

    # --- combat (§11) ---

    def _value(self, at: str, attackers: list[str]) -> float:
        key = (at, *sorted(attackers))
        if key not in self._ev:
            self._ev[key] = attack_value(self.lk, self.side, at, list(attackers))
        return self._ev[key]

    def _attack(self, a: Action) -> float:
        at = a["at"]
        return self._value(at, combat.default_attackers(self.w, self.side, at))

    def _end_combat(self, a: Action) -> float:
        return 0.3 if self.side == "coalition" else 0.0

    def _frame(self) -> dict[str, Any]:
        f = top(self.w)
        return f if f is not None else {}

    def _resolve(self, a: Action) -> float:
        f = self._frame()
        return self._value(f["at"], list(f["attackers"])) + 0.05

    def _cancel(self, a: Action) -> float:
        return -math.inf  # never call off an attack it opened (resolve is offered with it, or cancel is alone)

    def _add(self, a: Action) -> float:
        f = self._frame()
        now = list(f["attackers"])
        after = sorted({*now, a["unit"]})
        if not combat.valid(self.w, self.side, after):
            after = [a["unit"]]
        before = self._value(f["at"], now)
        gain = self._value(f["at"], after) - (before if before != -math.inf else -1e9)
        return gain if gain > 1e-9 else -math.inf  # only if it helps: add and drop never go round

    def _drop(self, a: Action) -> float:
        f = self._frame()
        now = list(f["attackers"])
        after = [u for u in now if u != a["unit"]]
        if self._value(f["at"], after) < self._value(f["at"], now) - 1e-9:
            return -math.inf  # only a unit the attack does not need (it may attack elsewhere)
        return 0.5

    def _retreat(self, a: Action) -> float:
        f = self._frame()
        units = [u for u in f.get("units", []) if u in self.lk.hex_of]
        return sum(self.potential(u, a["to"]) for u in units)

    def _no_retreat(self, a: Action) -> float:
        return 0.0

    def _take_step(self, a: Action) -> float:
        uid = a["unit"]
        att, dfn = self.lk.strength[uid]
        if self.w["units"][uid]["steps"] <= 1:
            return 5.0 + att + dfn  # eliminated
        s = spec(self.w, uid)
        ra, rd, _ = s.reduced or (0, 0, 0)
        return att + dfn - ra - rd

    def _advance(self, a: Action) -> float:
        if a.get("stacking"):
            return -20.0
        uid = a["unit"]
        return 0.5 + self.potential(uid, a["to"]) - self.potential(uid, self.lk.hex_of[uid])

    def _end_advance(self, a: Action) -> float:
        return 0.0

    def _eliminate(self, a: Action) -> float:
        att, dfn = self.lk.strength[a["unit"]]
        return -float(att + dfn)

    # --- victory (§4.4) ---

    def _declare_victory(self, a: Action) -> float:
        return 100.0 * self._declaration_holds()

    def _play_on(self, a: Action) -> float:
        # a declaration more likely to fail than hold is put off (§G1.6: a later turn may clear the WMD)
        return 50.0 if self._frame().get("kind") == "victory" else -math.inf

    def _declaration_holds(self) -> float:
        """§G1.6: the chance a declaration survives the end of the game: the §G1.6(2) city as this world deals the
        markers, and the 1d6 per WMD still on the map kept below the MIPP limit. Without the strategic targets, or
        after a massive nuclear response (§14.13), it holds."""
        w = self.w
        if self._frame().get("kind") != "victory" or not targets.on(w):
            return 1.0
        left = [rec for rec in w["targets"].values() if rec["status"] == "map"]
        bonus = int(not any(rec["kind"] in ("wmd", "terrorist_base") for rec in left))
        if not victory_met({**w, "mipp": 0}, bonus):
            return 0.0
        return _at_most(sum(rec["kind"] == "wmd" for rec in left), self.lk.limit - int(w["mipp"]) - 1)


def _at_most(dice: int, total: int) -> float:
    """The chance that ``dice`` d6 sum to at most ``total``."""
    ways = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for s, p in ways.items():
            for face in range(1, 7):
                nxt[s + face] = nxt.get(s + face, 0.0) + p / 6.0
        ways = nxt
    return sum(p for s, p in ways.items() if s <= total)


def _concentric(dirs: set[int]) -> bool:
    """combat.concentric's geometry (AMBIG-16): two opposite hexes, or three one apart."""
    if any((d + 3) % 6 in dirs for d in dirs):
        return True
    return any({d, (d + 2) % 6, (d + 4) % 6} <= dirs for d in dirs)
