"""A tiny language for Bulge rule tests: a small synthetic board and counter mix, built per test.

>>> w = World()
>>> s = w.pos().place("G-PZ1", "0504").place("U-INF1", "0604").state
>>> s["units"]["G-PZ1"]["hex"]
'0504'

The board is 10 x 8 pointy-top hexes, odd rows shifted east (like the real map), all clear unless
a test says otherwise (``World(cols=6, rows=6, entries=...)`` for a smaller one). Nothing here reads
the real data files: each ``World`` is a ``GameData`` of its own, registered under a fresh name
(``data.register``), and every state made on it names it in ``state["data"]``.

>>> small = World(cols=6, rows=6, terrain={"0303": "deep_forest"}, entries={
...     "E1": {"hex": "0603", "side": "german", "code": "E"},
...     "W1": {"hex": "0103", "side": "allied", "code": "W", "colour": "yellow"},
...     "S1": {"hex": "0306", "side": "allied", "code": "S", "colour": "orange"}}, germany=["0601"])
>>> small.board.terrain_of("0303"), len(small.board.hexes)
('deep_forest', 36)
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from server.engine.core import Action, State, apply_action
from server.engine.testing import Kit, Position
from server.games.bulge import RULES, attacks, movement
from server.games.bulge.data import Board, GameData, Tables, register, units_from_data
from server.games.bulge.rules import MACHINE, new_state
from server.games.bulge.sequence import PHASES

COLS, ROWS = 10, 8
_names = itertools.count()

COLUMNS = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]
# Rows 2-12; low rolls favour the attacker. Each column a distinct mix so tests can pick results.
CRT_ROWS = {
    "2": ["D1", "D1R", "D2R", "DE", "DE", "DE", "DE", "DE"],
    "3": ["Ex", "D1", "D1R", "D2R", "DE", "DE", "DE", "DE"],
    "4": ["AR", "Ex", "D1", "D1R", "D2R", "D2R", "DE", "DE"],
    "5": ["A1", "Aopt", "Ex", "D1", "D1R", "D2R", "D2R", "DE"],
    "6": ["A1", "AR", "Aopt", "Ex", "D1", "D1R", "D2R", "D2R"],
    "7": ["A1R", "Cont", "AR", "Aopt", "D1", "D1", "D1R", "D2R"],
    "8": ["A2R", "A1", "Cont", "AR", "Ex", "DA", "D1", "D1R"],
    "9": ["A2R", "A1R", "A1", "Cont", "Aopt", "Ex", "DA", "D1"],
    "10": ["A2R", "A2R", "A1R", "A1", "Cont", "Aopt", "Ex", "DA"],
    "11": ["AE", "A2R", "A2R", "A1R", "A1", "Cont", "Aopt", "Ex"],
    "12": ["AE", "AE", "A2R", "A2R", "A1R", "A1", "Cont", "Aopt"],
}


def _r(ds: Any, dr: int, as_: int, ar: int, opt: bool = False, **extra: Any) -> dict[str, Any]:
    return {"defender_steps": ds, "defender_retreat": dr, "attacker_steps": as_, "attacker_retreat": ar,
            "option_retreat": opt, **extra}


RESULTS = {
    # §12.3: against a fortress city a DR becomes the D of the same loss (``fortress_becomes``)
    "DE": _r("all", 0, 0, 0), "D1R": _r(1, 1, 0, 0, fortress_becomes="D1"),
    "D2R": _r(1, 2, 0, 0, fortress_becomes="D1"), "Ex": _r(1, 0, 1, 0),
    "Aopt": _r(0, 0, 0, 0, attacker_choice=True), "D1": _r(1, 0, 0, 0, True), "D2": _r(2, 0, 0, 0, True),
    "Cont": _r(0, 0, 0, 0), "AR": _r(0, 0, 0, 1), "A1R": _r(0, 0, 1, 1), "A2R": _r(0, 0, 1, 2),
    "A1": _r(0, 0, 1, 0), "AE": _r(0, 0, 2, 0), "DA": _r(1, 0, 1, 0, True),
}

TABLES: dict[str, Any] = {
    "crt": {"columns": COLUMNS, "rows": CRT_ROWS, "results": RESULTS},
    "terrain": {
        "clear": {"mp": 1, "shift": 0}, "hills": {"mp": 2, "shift": -1}, "light_forest": {"mp": 2, "shift": -1},
        "deep_forest": {"mp": 3, "shift": -2, "mech_road_only": True}, "town": {"mp": 1, "shift": -1},
        "city": {"mp": 1, "shift": -1},
        "important": {"mp": 1, "shift": -1}, "fortress": {"mp": 1, "shift": -3}, "west_wall": {"mp": 1, "shift": -1},
        "river": {"mp": 1, "shift": -1}, "major_river": {"mp": None, "shift": -2},
        "road": {"mp": 0.5, "shift": 0}, "main_road": {"mp": 0.5, "shift": 0},
    },
    "movement_allowance": {"panzer": {"combat": 6, "strategic": 12}, "vg": {"combat": 4, "strategic": 8},
                           "us_inf": {"combat": 4, "strategic": 8}, "us_armour": {"combat": 6, "strategic": 12},
                           "brit_armour": {"combat": 6, "strategic": 12}, "commando": {"combat": 8, "strategic": 16}},
    "paradrop": {str(i): d for i, d in enumerate(["NE", "E", "SE", "SW", "W", "NW"], start=1)},
    "turns": {str(t): {"date": f"1944-12-{15 + t}", "german_win": 60 if t >= 8 else None,
                       "allied_win": 35 if t >= 8 else None, "air": 8 <= t <= 11} for t in range(1, 14)},
    "constants": {"leave_ezoc_mp": 1, "encirclement_shift": 1, "min_odds": "1:2", "stacking_limit": 3,
                  "british_brigades_per_stack": 2, "city_vp": 10, "vp_destroyed_allied": 2,
                  "vp_destroyed_german_nonmech": 1, "vp_destroyed_german_mech": 2, "option_retreat_hexes": 1,
                  "option_retreat_steps": 1, "supply_road_mp": 6, "joint_attack_free_from_turn": 10,
                  "army_zone_move_ban_turns": [1, 4], "army_zone_line_turns": [5, 9], "british_turn": 5,
                  "british_restriction_hexes": 3, "ninth_infantry_freeze_until_turn": 2,
                  "ninth_armored_freeze": {"turn": 1, "phase": "allied_move_1"}, "vp_west_wall_crossing": 2,
                  "vp_west_wall_from_turn": 8, "breakthrough_capacity": {"yellow": 1, "orange": 2},
                  "breakthrough_mp": 1, "vp_breakthrough_mech": 2, "vp_breakthrough_nonmech": 1,
                  "fb_markers": 6, "interdiction_mp": 1, "interdiction_steps": 1,
                  "commando_detect_on": [4, 5, 6],
                  "paradrop_results": {"1": "drift", "2": "drift", "3": "drift", "4": "drift", "5": "abort",
                                       "6": "on_target"},
                  "paradrop_landing_loss": {"important": "eliminated", "fortress": "eliminated",
                                            "deep_forest": "eliminated", "enemy_unit": "eliminated", "town": 1,
                                            "city": 1, "light_forest": 1, "clear": 0, "hills": 0},
                  "paradrop_forbidden_targets": ["town", "city", "important", "fortress", "light_forest",
                                                 "deep_forest"]},
}


def _u(side: str, nation: str, army: str | None, division: str | None, functional: str, mech: bool,
       front: tuple[int, int] | None, back: tuple[int, int] | None, entry: tuple[int, str] | None = None,
       branch: str = "infantry", size: str = "regiment") -> dict[str, Any]:
    return {"side": side, "nation": nation, "army": army, "division": division, "designation": "x",
            "size": size, "branch": branch, "functional": functional, "mechanised": mech,
            "front": {"attack": front[0], "defence": front[1]} if front else None,
            "back": {"attack": back[0], "defence": back[1]} if back else None,
            "name": {"en": "unit", "ja": "ユニット"},
            "entry": {"turn": entry[0], "code": entry[1]} if entry else None, "paradrop": False}


UNITS: dict[str, dict[str, Any]] = {
    # 6th SS Panzer Army: one panzer division (two panzer regiments), another panzer division.
    "G-PZ1": _u("german", "german", "6SS", "1SS", "panzer", True, (10, 10), (5, 5), branch="armour"),
    "G-PZ2": _u("german", "german", "6SS", "1SS", "panzer", True, (10, 10), (5, 5), branch="armour"),
    "G-PZ3": _u("german", "german", "6SS", "12SS", "panzer", True, (8, 8), (4, 4), branch="armour"),
    "G-VG1": _u("german", "german", "6SS", "277VG", "vg", False, (4, 4), (2, 2)),
    "G-VG2": _u("german", "german", "6SS", "277VG", "vg", False, (4, 4), (2, 2)),
    "G-VG3": _u("german", "german", "6SS", "277VG", "vg", False, (4, 4), (2, 2)),
    "G-VG4": _u("german", "german", "6SS", "277VG", "vg", False, (4, 4), (2, 2)),
    "G-5VG": _u("german", "german", "5Pz", "26VG", "vg", False, (4, 4), (2, 2)),
    "G-FB": dict(_u("german", "german", "white", None, "panzer", True, (10, 8), (5, 4), entry=(2, "E"),
                    size="brigade"), designation="FB", stack_group="FB/FG"),
    "G-FG": dict(_u("german", "german", "white", None, "panzer", True, (8, 6), (4, 3), entry=(2, "E"),
                    size="brigade"), designation="FG", stack_group="FB/FG"),
    "G-COM": _u("german", "german", "white", None, "commando", False, None, None, branch="commando"),
    "G-VDH": dict(_u("german", "german", "white", None, "vg", False, (2, 3), (1, 2), entry=(2, "E")),
                  paradrop=True),
    "G-150": dict(_u("german", "german", "white", None, "panzer", True, (4, 4), (2, 2), entry=(2, "E")),
                  skorzeny="brigade"),
    "G-CDO": dict(_u("german", "german", "white", None, "commando", False, None, None, entry=(2, "E"),
                     branch="commando"), skorzeny="commando"),
    "U-INF1": _u("allied", "us", None, "99", "us_inf", False, (3, 4), (2, 2)),
    "U-9ID": dict(_u("allied", "us", None, "US-9", "us_inf", False, (4, 5), (2, 3)), freeze="ninth_infantry"),
    "U-9AD": dict(_u("allied", "us", None, "US-9A", "us_armour", True, (6, 5), (3, 3)), freeze="ninth_armored"),
    "U-INF2": _u("allied", "us", None, "99", "us_inf", False, (3, 4), (2, 2)),
    "U-INF3": _u("allied", "us", None, "2", "us_inf", False, (4, 5), (2, 3)),
    "U-CCA": _u("allied", "us", None, "9A", "us_armour", True, (7, 6), (4, 3), branch="armour"),
    "U-REIN": _u("allied", "us", None, "101", "us_inf", False, (5, 6), (3, 3), entry=(3, "W")),
    "B-BDE1": dict(_u("allied", "british", None, None, "brit_armour", True, (15, 15), (8, 8), size="brigade"),
                   stack_group="british_armour"),
    "B-BDE2": dict(_u("allied", "british", None, None, "brit_armour", True, (15, 15), (8, 8), size="brigade"),
                   stack_group="british_armour"),
    "B-BDE3": dict(_u("allied", "british", None, None, "brit_armour", True, (15, 15), (8, 8), size="brigade"),
                   stack_group="british_armour"),
}

ENTRIES = {"E1": {"hex": "1004", "side": "german", "code": "E"},
           "W1": {"hex": "0104", "side": "allied", "code": "W", "colour": "yellow"},
           "S1": {"hex": "0508", "side": "allied", "code": "S", "colour": "orange"}}

TERRAIN_CHARS = {"clear": ".", "hills": "h", "light_forest": "f", "deep_forest": "F"}


class World:
    """A synthetic dataset: terrain, rivers, roads, places; registered under a fresh name."""

    def __init__(self, *, terrain: dict[str, str] | None = None, rivers: list[list[str]] | None = None,
                 major_rivers: list[list[str]] | None = None, roads: list[list[str]] | None = None,
                 main_roads: list[list[str]] | None = None, places: dict[str, str] | None = None,
                 west_wall: list[str] | None = None, germany: list[str] | None = None,
                 tables: dict[str, Any] | None = None, units: dict[str, dict[str, Any]] | None = None,
                 setup: dict[str, dict[str, str]] | None = None, army_lines: dict[str, list[str]] | None = None,
                 entries: dict[str, dict[str, Any]] | None = None,
                 named_rivers: dict[str, Any] | None = None, cols: int = COLS, rows: int = ROWS) -> None:
        grid = [["."] * cols for _ in range(rows)]
        for h, t in (terrain or {}).items():
            grid[int(h[2:]) - 1][int(h[:2]) - 1] = TERRAIN_CHARS[t]
        lines = ["# synthetic", *("".join(r) for r in grid)]
        raw_map = {
            "grid": {"cols": cols, "rows": rows, "top": "pointy", "shift": "odd"},
            "places": {h: {"name": {"en": h, "ja": h}, "kind": k} for h, k in (places or {}).items()},
            "rivers": rivers or [], "major_rivers": major_rivers or [], "roads": roads or [],
            "main_roads": main_roads or [], "west_wall": west_wall or [], "germany": germany or ["1001"],
            "entries": entries or ENTRIES, "army_lines": army_lines or {}, "zones": {},
            "named_rivers": named_rivers or {},
        }
        self.board = Board.from_data(raw_map, lines)
        self.tables = Tables.from_data(copy.deepcopy(tables or TABLES))
        self.units = units_from_data({"units": units or UNITS})
        self.data = GameData(self.board, self.units, self.tables, setup or {"german": {}, "allied": {}})
        self.name = f"test-{next(_names)}"
        register(self.name, self.data)

    def pos(self, *, turn: int = 2, player: str = "german", phase: str = "movement_1", fog: bool = False) -> Pos:
        return Pos(self, turn=turn, player=player, phase=phase, fog=fog)


class Pos(Position):
    """A position on a World: every unit off the map (not due) until placed; then the phase begins.
    ``fog``: the fog-of-war option on."""

    def __init__(self, world: World, *, turn: int, player: str, phase: str, fog: bool = False) -> None:
        s = new_state(world.name, "test", {"fog_of_war": True} if fog else {}, b"fixture")
        for u in s["units"].values():
            u.update(hex=None, status="offmap", due=None)
        s.update(turn=turn, player=player, phase=phase, log=[])
        del s["stack"]  # a position built by hand: the rules rebuild its stack from its phase and step
        super().__init__(KIT, s)
        self.world = world

    def due(self, uid: str, turn: int) -> Pos:
        self.state["units"][uid].update(due=turn, status="offmap", hex=None)
        return self

    def begin(self) -> State:
        s = self.state
        if s["phase"].startswith("movement"):
            s["step"] = "move"
            movement.begin(s)
        else:
            attacks.begin(s)
        return s


def begin_phase(state: State) -> State:
    """The phase begins as in play, on a begun position: its log line, then the steps that come before its
    main step (§9.6 lines, §10 air), which ``Pos.begin`` leaves out."""
    state["stack"] = [{"kind": "turn", "next": PHASES.index(state["phase"])}]
    MACHINE.run(state)
    return state


# The kit's verbs (engine.testing.Kit), bound to the Bulge.
KIT = Kit(RULES)
active, legal, types, act, view, force, unit, lines, last_line = (
    KIT.active, KIT.legal, KIT.types, KIT.act, KIT.view, KIT.force, KIT.unit, KIT.lines, KIT.last_line)


def moves(state: State, uid: str | None = None, mode: str = "combat") -> list[str]:
    """The hexes offered to ``uid`` moving alone in ``mode`` (None: to any unit or stack), in order."""
    return [a["to"] for a in legal(state) if a["type"] == "move" and (a.get("mode") or "combat") == mode
            and (uid is None or (a["unit"] == uid and "units" not in a))]


def offered(state: State, uid: str, to: str, mode: str = "combat") -> Action:
    """The move offered to ``uid`` alone to ``to``, with its notes (cost, left, prev, stacking)."""
    return next(a for a in legal(state) if a["type"] == "move" and a["unit"] == uid and "units" not in a
                and a["to"] == to and (a.get("mode") or "combat") == mode)


def movers(state: State) -> set[str]:
    """The units offered a move of their own."""
    return {a["unit"] for a in legal(state) if a["type"] == "move" and "units" not in a}


def dice_for(total: int) -> tuple[int, int]:
    """Two faces adding up to ``total``."""
    a = min(6, total - 1)
    return a, total - a


def roll_for(column: str, result: str) -> tuple[int, int]:
    for total in range(2, 13):
        if CRT_ROWS[str(total)][COLUMNS.index(column)] == result:
            return dice_for(total)
    raise LookupError(f"no {result} in {column}")


# === A simple player for whole matches on the real data ===

def _targets(state: State) -> list[str]:
    """The important cities the Germans do not hold (their objectives)."""
    from server.games.bulge.units import board
    b = board(state)
    return [h for h, p in b.places.items() if p["kind"] in ("important", "fortress")
            and state["city_owner"].get(h, "allied") != "german"] or [h for h in b.places]


def _tried(state: State, rnd: Any) -> set[str]:
    """The units a player already moved (or chose not to) this phase, kept on its random source."""
    key = (state["turn"], state["player"], state["phase"])
    if rnd.__dict__.get("phase") != key:
        rnd.__dict__.update(phase=key, tried=set())
    tried: set[str] = rnd.__dict__["tried"]
    return tried


def _forms(moves: list[tuple[str, Action]]) -> dict[tuple[str, tuple[str, ...]], list[tuple[str, Action]]]:
    """The offered moves by who moves: (lead, units) -> the moves (every destination, both modes)."""
    out: dict[tuple[str, tuple[str, ...]], list[tuple[str, Action]]] = {}
    for c in moves:
        a = c[1]
        out.setdefault((a["unit"], tuple(a.get("units") or [a["unit"]])), []).append(c)
    return dict(sorted(out.items()))


def bot_choice(state: State, choices: list[tuple[str, Action]], rnd: Any, *, moves_per_phase: int = 10) -> \
        tuple[str, Action]:
    """German: drive selected units toward the nearest city it lacks, attack whatever it can; Allies:
    hold, move a few units toward the Germans, attack rarely. Cheap enough for tests; deterministic in ``rnd``."""
    from server.games.bulge.units import board, unit
    by: dict[str, list[tuple[str, Action]]] = {}
    for c in choices:
        by.setdefault(c[1]["type"], []).append(c)
    grid = board(state).grid
    player = state["player"]
    if state["step"] == "order":
        return by["order"][0]  # §8.3(2): in the order declared
    if state["pending"] or state["step"] not in ("move", "declare", "resolve"):
        skip = [c for c in choices if c[1]["type"] in ("end_air", "end_lines", "end_pursuit")]
        if skip and rnd.random() < 0.7:
            return skip[0]
        return rnd.choice(choices)
    if state["step"] == "move":
        goal = _targets(state) if player == "german" else \
            [u["hex"] for u in state["units"].values() if u["side"] == "german" and u["status"] == "map"]

        def far(h: str | None) -> int:
            return min((grid.distance(h, g) for g in goal), default=0) if h else 99
        tried = _tried(state, rnd)
        cap = moves_per_phase if player == "german" else moves_per_phase // 4
        forms = _forms(by.get("move", []))
        while len(tried) < cap and rnd.random() < 0.9:
            fresh = [f for f in forms if f[0] not in tried]
            if "skorzeny" in by and (not fresh or rnd.random() < 0.5):
                return rnd.choice(by["skorzeny"])
            if not fresh:
                break
            pick = rnd.choice(fresh)
            tried.add(pick[0])
            best = min(forms[pick], key=lambda c: (far(c[1]["to"]), c[1]["to"]))
            if far(best[1]["to"]) < far(unit(state, pick[0])["hex"]):
                return best  # §7.5: one action takes it there
        return by["end_phase"][0]
    if state["step"] == "declare":
        from server.games.bulge.odds import attack_strength, defence_strength
        from server.games.bulge.units import Situation, enemy
        sit = Situation(state)
        building = state["combat"].get("building")
        pool = [c for c in by.get("declare", []) if c[1]["at"] == building] or by.get("declare", [])
        hexes = sorted({c[1]["at"] for c in pool})
        best, odds = None, 0.0
        for h in hexes:
            att = attack_strength(state, [c[1]["unit"] for c in pool if c[1]["at"] == h])
            att += attack_strength(state, next((d["attackers"] for d in state["combat"]["declared"]
                                                if d["at"] == h), []))
            dfn = max(1, defence_strength(state, sit.units(h, enemy(player), commandos=False)))
            if att / dfn > odds:
                best, odds = h, att / dfn
        want = 2.0 if player == "german" else 3.0
        if best is not None and odds >= want:
            return next(c for c in pool if c[1]["at"] == best)
        return by["end_declarations"][0]
    return rnd.choice(choices)


def bot_playout(seed: bytes, *, options: dict[str, Any] | None = None, max_actions: int = 6000,
                keep_states: bool = False, moves_per_phase: int = 16) -> Any:
    """A whole match between two ``bot_choice`` players, as an ``engine.testing.Playout``."""
    import random

    from server.engine.testing import Playout, PlayoutError
    opts = dict(options or {})
    rnd = random.Random(seed)
    state = RULES.setup("historical", opts, seed)
    result = Playout(seed, "historical", opts, state)
    if keep_states:
        result.states.append(state)
    for _ in range(max_actions):
        if RULES.outcome(state) is not None:
            result.final = state
            return result
        choices = [(r, a) for r in sorted(RULES.active_roles(state)) for a in RULES.legal_actions(state, r)]
        if not choices:
            raise PlayoutError(f"dead end after {len(result.log)} actions")
        role, action = bot_choice(state, choices, rnd, moves_per_phase=moves_per_phase)
        state = apply_action(RULES, state, role, action)
        result.log.append((role, action))
        if keep_states:
            result.states.append(state)
    raise PlayoutError(f"runaway: no outcome after {max_actions} actions")


# === A purposeful player, for whole-length matches (13 turns) ===

_OBJ_CACHE: dict[str, tuple[str, ...]] = {}
_DISTANCES: dict[tuple[int, str, str], int] = {}


def _distance(grid: Any, a: str, b: str) -> int:
    key = (id(grid), a, b)
    hit = _DISTANCES.get(key)
    if hit is None:
        hit = _DISTANCES[key] = int(grid.distance(a, b))
    return hit


_NEAREST: dict[tuple[int, tuple[str, ...]], dict[str, int]] = {}


def _nearest(grid: Any, h: str, aims: tuple[str, ...]) -> int:
    """The distance from ``h`` to the nearest of ``aims`` (0 without aims), remembered per set of aims: the
    aims stay the same for a whole phase while the player weighs every unit against them."""
    key = (id(grid), aims)
    memo = _NEAREST.get(key)
    if memo is None:
        if len(_NEAREST) > 512:
            _NEAREST.clear()
        memo = _NEAREST[key] = {}
    hit = memo.get(h)
    if hit is None:
        hit = memo[h] = min((_distance(grid, h, g) for g in aims), default=0)
    return hit


def _objectives(state: State) -> tuple[str, ...]:
    """§13.3(4): the important and fortress cities (the VP objectives)."""
    from server.games.bulge.units import board
    hit = _OBJ_CACHE.get(state["data"])
    if hit is None:
        b = board(state)
        hit = _OBJ_CACHE[state["data"]] = tuple(sorted(h for h, p in b.places.items()
                                                      if p["kind"] in ("important", "fortress")))
    return hit


def _column_index(state: State, sit: Any, attackers: list[str], at: str) -> int:
    """The final CRT column of an attack (−1 below the minimum odds)."""
    from server.games.bulge.odds import assess
    from server.games.bulge.units import tables
    a = assess(state, sit, attackers, at)
    cols = list(tables(state).crt.odds.columns)
    return cols.index(a["column"]) if a["column"] in cols else -1


def purposeful_choice(state: State, choices: list[tuple[str, Action]], rnd: Any, *, german_moves: int = 56,
                      allied_moves: int = 8, german_odds: str = "2:1", allied_odds: str = "3:1",
                      all_to_cities: bool = True) -> \
        tuple[str, Action]:
    """A player that plays with a purpose, cheap enough for tests; deterministic in ``rnd``.

    German: each movement phase moves up to ``german_moves`` units (reinforcements first, then the units
    farthest from contact are left last) hex by hex toward the nearest important or fortress city it does
    not hold (``all_to_cities``; otherwise non-mechanised units head for the nearest Allied unit), never
    ending over the stacking limits, leaving units in an EZOC or garrisoning a city alone; breaks through
    when it can (§13.5); declares attacks whose final column after every shift (§8.3(4)) reaches
    ``german_odds``, judging each army apart (§8.8), piling on attackers up to two columns better; pursues
    into vacated hexes (§8.6). Allies: up to ``allied_moves`` units a phase head for the important cities
    nearest the Germans that they do not garrison yet, otherwise close in; attack at ``allied_odds``.
    In the set-up (§9.1–§9.2) both place each unit on a random legal hex.
    Everything else (losses, retreats, air markers) is random."""
    from server.games.bulge.units import Situation, board, enemy, is_commando, spec, tables, unit
    by: dict[str, list[tuple[str, Action]]] = {}
    for c in choices:
        by.setdefault(c[1]["type"], []).append(c)
    player = state["player"]
    if state["step"] == "setup":
        places = by.get("place", [])
        if places:
            return rnd.choice(places)
        return by["end_setup"][0] if "end_setup" in by else rnd.choice(choices)
    if state["step"] == "order":
        return by["order"][0]  # §8.3(2): in the order declared
    if state["pending"] or state["step"] not in ("move", "declare", "resolve"):
        if "pursue" in by and player == "german":
            return by["pursue"][0]
        skip = [c for c in choices if c[1]["type"] in ("end_air", "end_lines")]
        if skip and rnd.random() < 0.6:
            return skip[0]
        return rnd.choice(choices)
    b = board(state)
    grid = b.grid
    if state["step"] == "move":
        if "break_through" in by:
            return by["break_through"][0]
        if "skorzeny" in by:
            return next((c for c in by["skorzeny"] if c[1].get("choice") == "brigade"), by["skorzeny"][0])
        foes = [u["hex"] for uid, u in state["units"].items() if u["side"] == enemy(player)
                and u["status"] == "map" and not is_commando(state, uid)]
        held = state["city_owner"]
        if player == "german":
            goals = [h for h in _objectives(state) if held.get(h, b.initial_owner(h)) != "german"] + foes
        else:
            near_foe = tuple(foes)
            front = sorted(_objectives(state), key=lambda h: _nearest(grid, h, near_foe) if near_foe else 99)
            mine = {u["hex"] for u in state["units"].values() if u["side"] == "allied" and u["status"] == "map"}
            goals = [h for h in front[:6] if h not in mine] or foes

        cities = goals[: len(goals) - len(foes)] if player == "german" else goals

        def far(h: str | None, aims: list[str] | None = None) -> int:
            return _nearest(grid, h, tuple(aims or goals)) if h else 99
        tried = _tried(state, rnd)
        cap = german_moves if player == "german" else allied_moves
        sit = Situation(state)
        ezoc = sit.ezoc(player)
        objectives = set(_objectives(state))
        forms = _forms(by.get("move", []))
        picks = []
        for f in forms:
            if f[0] in tried or len(f[1]) > 1:
                continue  # one unit at a time
            h = unit(state, f[0])["hex"]
            if h is None:
                picks.append((0, f))  # a reinforcement comes on
            elif h in ezoc or (h in objectives and len(sit.units(h, player)) <= 1):
                continue  # already in contact, or the last garrison of a city
            else:
                picks.append((1 + far(h), f))
        picks.sort(key=lambda p: (p[0], p[1]))
        while picks and len(tried) < cap:
            i = 0 if rnd.random() < 0.7 else rnd.randrange(max(1, len(picks) // 3))
            f = picks.pop(i)[1]
            tried.add(f[0])
            here = unit(state, f[0])["hex"]
            aims = cities if player == "german" and (all_to_cities or spec(state, f[0]).mechanised) else goals
            fits = [c for c in forms[f] if "stacking" not in c[1]]  # §6.3: never end up over the stacking limits
            if fits:
                best = min(fits, key=lambda c: (far(c[1]["to"], aims), c[1]["cost"], c[1]["to"]))
                if far(best[1]["to"], aims) < far(here, aims):
                    return best  # §7.5: one action takes it there
        return by["end_phase"][0]
    if state["step"] == "declare":
        from server.games.bulge.odds import attack_strength
        cols = list(tables(state).crt.odds.columns)
        want = cols.index(german_odds if player == "german" else allied_odds)
        sit = Situation(state)
        avail: dict[str, list[str]] = {}
        for c in by.get("declare", []):
            avail.setdefault(c[1]["at"], []).append(c[1]["unit"])
        declared = {d["at"]: list(d["attackers"]) for d in state["combat"]["declared"]}
        building = state["combat"].get("building")
        if building in avail and building in declared:
            now = _column_index(state, sit, declared[building], building)
            if now < min(want + 2, len(cols) - 1):
                pick = max(avail[building], key=lambda u: (attack_strength(state, [u]), u))
                return next(c for c in by["declare"] if c[1]["unit"] == pick and c[1]["at"] == building)
        best, score = None, -1
        for h in sorted(avail):
            if h in declared:
                continue
            groups: dict[str | None, list[str]] = {}
            for u in avail[h]:  # §8.8: German armies attack together only in some cases: judge each apart
                army = spec(state, u).army if player == "german" else None
                groups.setdefault(army, []).append(u)
            whites = groups.pop("white", [])
            for _army, us in sorted(groups.items(), key=str) or [(None, [])]:
                team = us + whites
                col = _column_index(state, sit, team, h) if team else -1
                if col >= want and col > score:
                    best, score = (h, team), col
        if best is not None:
            h, team = best
            pick = max(team, key=lambda u: (attack_strength(state, [u]), u))
            return next(c for c in by["declare"] if c[1]["unit"] == pick and c[1]["at"] == h)
        return by["end_declarations"][0]
    return by["resolve"][0] if "resolve" in by else rnd.choice(choices)


def purposeful_playout(seed: bytes, *, scenario: str = "historical", options: dict[str, Any] | None = None,
                       max_actions: int = 12000, **kw: Any) -> Any:
    """A whole match between two ``purposeful_choice`` players, as an ``engine.testing.Playout``; fails on a
    dead end, a runaway, or an action that changes its input state."""
    import random

    from server.engine.core import canonical
    from server.engine.testing import Playout, PlayoutError
    opts = dict(options or {})
    rnd = random.Random(seed)
    state = RULES.setup(scenario, opts, seed)
    result = Playout(seed, scenario, opts, state)
    vp: dict[int, int] = {}
    for _ in range(max_actions):
        if RULES.outcome(state) is not None:
            result.final = state
            result.vp_by_turn = vp  # type: ignore[attr-defined]
            return result
        choices = [(r, a) for r in sorted(RULES.active_roles(state)) for a in RULES.legal_actions(state, r)]
        if not choices:
            raise PlayoutError(f"dead end after {len(result.log)} actions")
        role, action = purposeful_choice(state, choices, rnd, **kw)
        before = canonical(state["units"]) if len(result.log) % 200 == 0 else None
        new = apply_action(RULES, state, role, action)
        if before is not None and canonical(state["units"]) != before:
            raise PlayoutError(f"applying {action} changed the previous state")
        state = new
        vp[state["turn"]] = state["vp"]
        result.log.append((role, action))
    raise PlayoutError(f"runaway: no outcome after {max_actions} actions")


def replay_in_place(result: Any) -> State:
    """Replay a playout's log from its seed through the game's own ``apply``, on one state changed in place:
    the same states as ``engine.testing.replay`` without re-checking the (already checked) legality of each
    action or copying the state each time, for the long matches."""
    import copy
    state = RULES.setup(result.scenario, dict(result.options), result.seed)
    for role, action in result.log:
        state = RULES.apply(state, role, copy.deepcopy(action))
    return state
