"""The restrictions on where units may go and fight: §9.1 the 9th Infantry and 9th Armored freezes,
§9.6 army operation zones (the army zone lines), §9.7 the British on turn 5.

Rule references are to ``shared/rules/bulge.md``; ``AMBIG-n`` to its §9.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine.core import Action, IllegalAction, State
from .data import Board
from .units import Situation, board, log, on_map, spec, tables, unit

LINES = ("6SS/5Pz", "5Pz/7")


def turn_in(state: State, key: str) -> bool:
    lo, hi = tables(state).const(key)
    return bool(int(lo) <= state["turn"] <= int(hi))


# === §9.6 army operation zones ===

def _x2(b: Board, h: str) -> int:
    c, r = b.grid.parse(h)
    return 2 * c + (r % 2)  # odd rows sit half a hex east


def west_steps(b: Board, h: str) -> list[str]:
    """§9.6(1): the 3 west-facing neighbours (NW, W, SW) a line may step to."""
    return sorted(n for n in b.neighbours(h) if _x2(b, n) < _x2(b, h) and b.grid.parse(n)[0] >= 1)


def _due_west(b: Board, chain: list[str]) -> list[str]:
    """AMBIG-18 reading: a line not drawn further runs on due west to the map edge."""
    out = list(chain)
    c, r = b.grid.parse(out[-1])
    while c > 1:
        c -= 1
        out.append(b.grid.label(c, r))
    return out


@lru_cache(maxsize=256)  # bounded: each match draws lines of its own
def _rows(b: Board, chain: tuple[str, ...]) -> dict[int, int]:
    full = _due_west(b, list(chain))
    rows: dict[int, int] = {}
    for h in full:
        rows.setdefault(_x2(b, h), b.grid.parse(h)[1])
    return rows


def _row_at(b: Board, chain: tuple[str, ...], x2: int) -> int:
    rows = _rows(b, chain)
    if x2 in rows:
        return rows[x2]
    if x2 + 1 in rows:
        return rows[x2 + 1]
    return rows[max(rows)] if x2 > max(rows) else rows[min(rows)]


def lines(state: State) -> dict[str, tuple[str, ...]]:
    b = board(state)
    drawn = state.get("lines") or {}
    return {k: tuple(drawn.get(k) or b.army_lines.get(k, ())) for k in LINES if drawn.get(k) or b.army_lines.get(k)}


def sectors(state: State, h: str) -> set[str]:
    """§9.6: the armies whose sector holds ``h`` (§9.6(2): a hex on a line is in both)."""
    b = board(state)
    ls = lines(state)
    if len(ls) < 2:
        return {"6SS", "5Pz", "7"}
    x2, r = _x2(b, h), b.grid.parse(h)[1]
    north, south = _row_at(b, ls["6SS/5Pz"], x2), _row_at(b, ls["5Pz/7"], x2)
    out = set()
    if r <= north:
        out.add("6SS")
    if north <= r <= south:
        out.add("5Pz")
    if r >= south:
        out.add("7")
    return out


def _zoned(state: State, uid: str) -> bool:
    """A set-up German unit of an army (white-line reinforcements are exempt, §9.6(3))."""
    s = spec(state, uid)
    return s.side == "german" and s.army in ("6SS", "5Pz", "7") and bool(unit(state, uid).get("setup"))


def zone_move_ok(state: State, uid: str, to: str) -> bool:
    """§9.6: turns 1-4, a set-up German unit may not cross into another army's sector."""
    if not turn_in(state, "army_zone_move_ban_turns") or not _zoned(state, uid):
        return True
    return spec(state, uid).army in sectors(state, to)


def zone_attack_ok(state: State, uid: str) -> bool:
    """§9.6: turns 5-9, a set-up unit standing in another army's sector may not attack (AMBIG-18)."""
    if not turn_in(state, "army_zone_line_turns") or not _zoned(state, uid):
        return True
    return spec(state, uid).army in sectors(state, unit(state, uid)["hex"])


def line_actions(state: State) -> list[Action]:
    b = board(state)
    acts: list[Action] = []
    for k, chain in lines(state).items():
        acts += [{"type": "extend_line", "line": k, "to": h} for h in west_steps(b, chain[-1])]
    return [*acts, {"type": "end_lines"}]


def extend_line(state: State, line: str, to: str) -> None:
    chain = list(lines(state)[line])
    if to not in west_steps(board(state), chain[-1]):
        raise IllegalAction("A line steps only NW, W or SW (§9.6(1)).")
    state["lines"] = {**(state.get("lines") or {}), line: [*chain, to]}


# === §9.7 British ===

def _meuse_sides(b: Board) -> set[str]:
    meuse = b.raw.get("named_rivers", {}).get("meuse", {})
    return {b.grid.hexside(x, y) for x, y in [*meuse.get("hexsides", []), *meuse.get("major_hexsides", [])]}


def _beside_meuse(b: Board) -> frozenset[str]:
    """The hexes beside the Meuse (kept by the board)."""
    return b.memo.get("beside_meuse", lambda: frozenset(h for s in _meuse_sides(b) for h in s.split("/")))


def _british_area(b: Board) -> frozenset[str]:
    """The north/west bank of the Meuse and the important cities beside it (kept by the board)."""
    def walk() -> frozenset[str]:
        sides = _meuse_sides(b)
        west: set[str] = set()
        todo = [e.hex for e in b.entries_of("allied", "NW")]
        while todo:
            h = todo.pop()
            if h in west:
                continue
            west.add(h)
            todo += [n for n in b.neighbours(h) if n not in west and b.grid.hexside(h, n) not in sides]
        cities = {h for h in _beside_meuse(b) if b.place_kind(h) in ("important", "fortress")}
        return frozenset(west | cities)
    return b.memo.get("british_area", walk)


def british_check(state: State) -> None:
    """§9.7: at the start of the Allied 1st movement phase of turn 5, a German unit within 3 hexes of Spa,
    the Meuse or an important city beside it frees the British."""
    b, t = board(state), tables(state)
    if state["turn"] != int(t.const("british_turn")):
        return
    beside = _beside_meuse(b)
    cities = {h for h in beside if b.place_kind(h) in ("important", "fortress")}
    spa = [h for h, p in b.places.items() if p["name"]["en"] == "Spa"]
    marks = set(beside) | cities | set(spa)
    n = int(t.const("british_restriction_hexes"))
    near = any(b.grid.distance(unit(state, g)["hex"], m) <= n for g in on_map(state, "german") for m in marks)
    state["british_free"] = near
    if near:
        log(state, "british_free")


def british_ok(state: State, uid: str, to: str) -> bool:
    """§9.7: on turn 5 (unless freed) the British move only up to the Meuse's north/west bank and the
    important cities beside it."""
    s = spec(state, uid)
    if s.nation != "british" or state["turn"] != int(tables(state).const("british_turn")):
        return True
    return bool(state.get("british_free")) or to in _british_area(board(state))


def british_attack_ok(state: State, uid: str) -> bool:
    """AMBIG-19: on turn 5 the British attack only from inside the permitted area."""
    return british_ok(state, uid, unit(state, uid)["hex"])


# === §9.1 freezes ===

def frozen(state: State, uid: str) -> bool:
    """§9.1(2): the 9th Infantry Division stays put until the end of turn 2 unless a German unit comes
    next to any of its units; §9.1(4), AMBIG-6: a 9th Armored unit with no German neighbour does not move
    in the Allied 1st movement phase of turn 1."""
    freeze = spec(state, uid).raw.get("freeze")
    t = tables(state)
    if freeze == "ninth_infantry":
        return state["turn"] <= int(t.const("ninth_infantry_freeze_until_turn")) and not state.get("ninth_free")
    if freeze == "ninth_armored":
        f = t.const("ninth_armored_freeze")
        if state["turn"] == int(f["turn"]) and state["phase"] == "movement_1" and state["player"] == "allied":
            h = unit(state, uid)["hex"]
            sit = Situation(state)
            return not any(sit.units(n, "german", commandos=False) for n in board(state).neighbours(h))
    return False


def triggers(state: State) -> None:
    """After every action: events that happen the moment their condition holds."""
    if not state.get("ninth_free"):
        b = board(state)
        sit = Situation(state)
        for uid in on_map(state, "allied"):
            if spec(state, uid).raw.get("freeze") == "ninth_infantry" and any(
                    sit.units(n, "german", commandos=False) for n in b.neighbours(unit(state, uid)["hex"])):
                state["ninth_free"] = True  # §9.1(2): the whole division is free
                log(state, "ninth_free")
                break


# === What the restrictions forbid in a step (movement.step_cost) ===

def may_enter(state: State, uids: list[str], to: str) -> bool:
    """§9.6 (turns 1-4) and §9.7 (turn 5): every unit of the stack may go there."""
    return all(zone_move_ok(state, u, to) and british_ok(state, u, to) for u in uids)
