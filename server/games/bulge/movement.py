"""§7 movement (combat and strategic), §5.4-§5.5 zones of control in movement: what a unit or a stack may
do in a movement phase, offered as moves to a destination.

Every unit free to move (and every stack of two or more of them, and the unit or stack moving now) is
offered each hex it can reach this phase (``engine.paths.routes`` over ``step_cost``, from what the moving
side sees: ``fog.situation_for``), each with the MP it costs, the MP left and the hex before it on the
cheapest path (notes, ``engine.core.NOTES``); a unit that may move strategically (§7.2) is offered its
strategic reach too (``"mode": "strategic"``). One action takes it there (stepping.py). A move ends when
another unit moves or the phase ends (§7.5: a finished move cannot be resumed); a unit that stopped with
MP left and no reason to stop may go on. MP are kept in 1/``mp_scale`` units so that a half-MP road stays
an integer; the notes give real MP (1.5).

``step_cost`` composes what each rule decides about a step, asked of its chapter's module: terrain.py
(§3.3), commandos.py (§9.5), restrictions.py (§9.6-§9.7), air.py (§10.4), units.py (§8.5(3)). Who may move
and how far: allowance.py (§7.1), reinforcements.py (§9.3).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from ...engine.core import Action, State, canonical
from ...engine.paths import Reached, routes
from . import air, commandos, fog, restrictions, terrain
from .allowance import allowance, can_select
from .breakthrough import breakthrough_actions, escape_actions
from .fog import situation_for
from .occupation import last_passer, occupation
from .paradrop import paradrop_actions
from .reinforcements import entry_hexes
from .skorzeny import skorzeny_actions
from .units import (
    Situation,
    board,
    enemy,
    is_commando,
    is_important,
    option_retreat_bars,
    spec,
    stack_problem,
    stack_violations,
    tables,
    unit,
)

OFF = "*"  # where a reinforcement stands before it enters: one step from each of its entry hexes


def begin(state: State) -> None:
    """A new movement phase: fresh MP; occupation as it stands now is what §7.2(3) looks at."""
    for u in state["units"].values():
        if u["side"] == state["player"]:
            u.update(mp=0, moved=False, mode=None)
    state["mover"] = None
    state["stop"] = None
    bd = board(state)  # §7.2(3): as it stood at the start of the phase (kept where not the initial owner)
    state["occupied_start"] = {h: s for h, s in occupation(state).items() if s != bd.initial_owner(h)}
    if fog.on(state):
        # fog of war: the occupation as the moving side could judge it (its own units, the enemy it sees);
        # strategic moves are offered from this and meet the true one (``occupied_start``) when made
        # Out of its sight, the last side through a hex is what the view shows it: a city's owner (public, it
        # scores), else the printed owner; the true last passer there is a hidden fact.
        eyes = fog.sight(state, state["player"])

        def passer(h: str) -> str:
            if h in eyes:
                return last_passer(state, h)
            if bd.place_kind(h) in ("important", "fortress"):
                owner = state["city_owner"].get(h, bd.initial_owner(h))
                return str(owner if owner is not None else bd.initial_owner(h))
            return str(bd.initial_owner(h))

        seen = occupation(state, situation_for(state, state["player"]), passer)
        state["occupied_start_seen"] = {h: s for h, s in seen.items() if s != bd.initial_owner(h)}


# === Who may move, and how far ===

def mp_left(state: State, uid: str) -> int:
    u = unit(state, uid)
    return allowance(state, uid, u.get("mode") or "combat") - int(u.get("mp", 0))


def owner_at_start(state: State, hex_id: str, seen: bool = False) -> str | None:
    """§7.2(3): occupation as it stood at the start of the movement phase (``seen``: as the moving side could
    judge it under fog of war)."""
    occ: dict[str, str | None] = state["occupied_start_seen" if seen and "occupied_start_seen" in state
                                       else "occupied_start"]
    if hex_id in occ:
        value = occ[hex_id]
        return str(value) if value is not None else None
    return board(state).initial_owner(hex_id)


def step_cost(state: State, sit: Situation, uids: list[str], mode: str, a: str | None, b: str) -> int | None:
    """The MP (in 1/mp_scale) for ``uids`` to step from ``a`` (None: off the map) into ``b``; None: not allowed.
    Each rule's part is asked of its chapter: commandos (§9.5(3)), option retreats (§8.5(3)), army zones and
    the British (§9.6-§9.7), then the movement itself (entry, strategic §7.2, combat movement)."""
    side = unit(state, uids[0])["side"]
    only_commandos = all(is_commando(state, u) for u in uids)
    ezoc = commandos.ezoc_for(sit, side, only_commandos)
    if not commandos.may_enter(sit, side, b, only_commandos) or option_retreat_bars(state, uids, b, ezoc) \
            or not restrictions.may_enter(state, uids, b):
        return None
    if a is None:
        return terrain.hex_cost(state, b)  # AMBIG-4: a reinforcement enters paying its entry hex's terrain
    if mode == "strategic":
        return strategic_cost(state, sit, side, only_commandos, ezoc, a, b)
    return combat_move_cost(state, uids, side, ezoc, a, b)


def strategic_cost(state: State, sit: Situation, side: str, only_commandos: bool, ezoc: frozenset[str],
                   a: str, b: str) -> int | None:
    """§7.2: only along main roads, never into an EZOC, only into hexes own side occupied at the start of the
    phase (commandos excepted, and the roads they opened, §9.5(2)), never into an enemy-occupied important city."""
    if not board(state).is_main_road(a, b) or b in ezoc:
        return None
    seen = sit.viewer is not None  # fog of war: as the moving side could judge it, met when the step is made
    owner = owner_at_start(state, b, seen=seen)
    if owner != side and not only_commandos and not commandos.opened(state, side, b, seen):
        return None
    if is_important(state, b) and owner == enemy(side):
        return None
    return terrain.main_road_rate(state)


def combat_move_cost(state: State, uids: list[str], side: str, ezoc: frozenset[str], a: str, b: str) -> int | None:
    """Combat movement (§7.1): the terrain's price (§3.3), §7.6 deep forest, §5.5 the EZOCs, §10.4 interdiction."""
    mech = any(spec(state, u).mechanised for u in uids)
    if mech and not board(state).is_road(a, b) and terrain.mech_road_only(state, a, b):
        return None  # §7.6: mechanised units enter and leave deep forest only along a road
    if a in ezoc and b in ezoc:
        return None  # §5.5: never directly from one EZOC hex into another
    cost = terrain.step(state, a, b)
    if cost is None:
        return None
    return cost + air.interdiction_mp(state, side, a, b) + leave_ezoc_mp(state, ezoc, a)


def leave_ezoc_mp(state: State, ezoc: frozenset[str], a: str) -> int:
    """§5.5: leaving an EZOC costs extra MP."""
    t = tables(state)
    return int(t.const("leave_ezoc_mp")) * t.mp_scale if a in ezoc else 0


# === The current mover ===

def mover_units(state: State) -> list[str]:
    m = state["mover"]
    return list(m["units"]) if m else []


def where(state: State, uids: list[str]) -> str | None:
    return unit(state, uids[0])["hex"] if unit(state, uids[0])["status"] == "map" else None


def acting(state: State, lead: str) -> list[str]:
    """The units an action naming ``lead`` moves: the moving stack if it leads it, else the unit alone."""
    m = state["mover"]
    return list(m["units"]) if m and lead in m["units"] else [lead]


def finish_move(state: State) -> None:
    """The move under way ends (another unit moves, a unit leaves the map, the phase ends)."""
    m = state["mover"]
    if m is None:
        return
    for u in m["units"]:
        rec = unit(state, u)
        if m["steps"]:
            rec["moved"] = True  # §7.5: a finished move cannot be resumed
        else:
            rec["mode"] = None
    state["mover"] = None


# === The reach: every hex a unit or stack can get to this phase ===

def stops(state: State, sit: Situation, uids: list[str]) -> frozenset[str]:
    """The hexes a move may enter but not go on from in the same action, as the mover sees them: §5.4/§7.7 an
    EZOC; §10.4 an interdiction marker's hex (the stack loses a step there); §9.5(3) a commando's hex for an
    Allied unit (it may discard MP there, and leaving it is rolled for)."""
    side = unit(state, uids[0])["side"]
    only_commandos = all(is_commando(state, u) for u in uids)
    out = set(commandos.ezoc_for(sit, side, only_commandos))
    if side == "german":
        out |= set(state.get("interdiction") or [])
    elif not fog.on(state):
        out |= {h for h, us in sit.at.items() if any(is_commando(state, u) for u in us)}
    return frozenset(out)


def budget(state: State, uids: list[str]) -> int:
    return min(mp_left(state, u) for u in uids)


_VOLATILE = frozenset({  # what changes during a movement phase without changing what a move costs or where it stops
    "log", "rng", "units", "mover", "stop", "seen", "occupied", "city_owner", "city_vp", "vp", "vp_turn", "stack",
    "crossed", "pending", "combat", "current", "result"})


def look_key(state: State, sit: Situation, side: str) -> bytes:
    """What a reach depends on besides the moving units, as a digest: the enemy units the mover sees (where, and
    whether they have a ZOC) and the state's slow facts (turn, phase, markers, lines, the occupation at the
    phase's start)."""
    foes = sorted([u, h, bool(state["units"][u].get("option_retreat"))] for h, us in sit.at.items()
                  for u in us if state["units"][u]["side"] != side)
    slow = {k: v for k, v in state.items() if k not in _VOLATILE}
    return hashlib.sha256(canonical([foes, slow]).encode()).digest()


def reach(state: State, sit: Situation, uids: list[str], mode: str, start: str | None = None,
          mp: int | None = None, key: bytes | None = None) -> Mapping[str, Reached]:
    """Every hex ``uids`` can reach in ``mode`` from ``start`` (default: where they stand, ``OFF`` off the map)
    with ``mp`` (default: their MP left), with the cheapest path to each: ``engine.paths.routes`` over
    ``step_cost`` as the mover sees it, never on from a ``stops`` hex. Kept on the board (a Memo) by everything
    it is computed from, so a phase's reaches are computed once, not on every look at the actions."""
    here = start if start is not None else (where(state, uids) or OFF)
    mp = budget(state, uids) if mp is None else mp
    side = unit(state, uids[0])["side"]
    key = key if key is not None else look_key(state, sit, side)
    records = tuple(canonical(state["units"][u]) for u in uids)
    bd = board(state)

    def search() -> Mapping[str, Reached]:
        halt = stops(state, sit, uids)
        entries = entry_hexes(state, uids[0], sit) if here == OFF else []

        def around(h: str) -> list[str]:
            return entries if h == OFF else bd.neighbours(h)

        def cost(a: str, b: str) -> int | None:
            return step_cost(state, sit, uids, mode, None if a == OFF else a, b)
        return routes(here, around, cost, mp, stop=halt.__contains__)
    return bd.reach.get((tuple(uids), mode, here, mp, records, key), search)


def real_mp(state: State, n: int) -> int | float:
    """MP kept in 1/mp_scale shown as the game counts them (1, 1.5)."""
    scale = tables(state).mp_scale
    return n // scale if n % scale == 0 else n / scale


def move_actions(state: State, sit: Situation, uids: list[str], mode: str, key: bytes) -> list[Action]:
    """The moves to each reachable hex, with their notes: cost, left, prev (the hex before ``to`` on the cheapest
    path, absent after one step or an entry) and ``stacking`` (§6.2: the limit the units would break there, to be
    put right by the end of the phase, §6.3)."""
    reached = reach(state, sit, uids, mode, key=key)
    here = where(state, uids) or OFF
    mp = budget(state, uids)
    side = unit(state, uids[0])["side"]
    out: list[Action] = []
    for h in sorted(reached):
        if h == here:
            continue
        r = reached[h]
        a: dict[str, Any] = {"type": "move", "unit": uids[0]}
        if len(uids) > 1:
            a["units"] = list(uids)
        a["to"] = h
        if mode == "strategic":
            a["mode"] = "strategic"
        a.update(cost=real_mp(state, r.cost), left=real_mp(state, mp - r.cost))
        if r.prev is not None and r.prev not in (here, OFF):
            a["prev"] = r.prev
        there = sit.units(h, side)
        if there and (problem := stack_problem(state, [*there, *uids], h)) is not None:
            a["stacking"] = problem
        out.append(a)
    return out


def may_go_strategic(state: State, sit: Situation, uids: list[str]) -> bool:
    """§7.2(1)-(2): the unit starts on a main road and not in an EZOC; decided before its first step."""
    a = where(state, uids)
    if a is None:
        return False
    only_commandos = all(is_commando(state, u) for u in uids)
    return a in board(state).main_road_hexes and (only_commandos or a not in sit.ezoc(state["player"]))


# === The legal actions of the movement step ===

def free_to_move(state: State, sit: Situation) -> list[str]:
    """The moving player's units that have not moved this phase and may (the moving one excepted)."""
    current = set(mover_units(state))
    player = state["player"]
    return sorted(uid for uid, u in state["units"].items() if u["side"] == player and not u.get("moved")
                  and uid not in current and can_select(state, uid, sit))


def legal_actions(state: State) -> list[Action]:
    sit = situation_for(state, state["player"])  # fog of war: only what the mover sees
    key = look_key(state, sit, state["player"])
    acts: list[Action] = []
    m = state["mover"]
    if m is not None:
        uids = list(m["units"])
        if not m.get("stopped"):
            acts += move_actions(state, sit, uids, m["mode"], key)  # it goes on (§7.5)
        left = budget(state, uids)
        acts += breakthrough_actions(state, uids, left)
        acts += escape_actions(state, uids)
        acts += commandos.discard_actions(state, m, where(state, uids), left)
    free = free_to_move(state, sit)
    stacks: dict[str, list[str]] = {}
    for u in free:
        acts += _fresh(state, sit, [u], key)
        acts += breakthrough_actions(state, [u], mp_left(state, u))  # §13.5-§13.9 from where it stands
        acts += escape_actions(state, [u])
        if (h := unit(state, u)["hex"]) is not None:
            stacks.setdefault(h, []).append(u)
    for h in sorted(stacks):
        if len(stacks[h]) > 1:
            acts += _fresh(state, sit, stacks[h], key)  # §7.5, AMBIG-12: a stack moves as one, or unit by unit
    acts += skorzeny_actions(state)
    acts += paradrop_actions(state)
    acts.append({"type": "end_phase"})
    return acts


def _fresh(state: State, sit: Situation, uids: list[str], key: bytes) -> list[Action]:
    acts = move_actions(state, sit, uids, "combat", key)
    if may_go_strategic(state, sit, uids):
        acts += move_actions(state, sit, uids, "strategic", key)  # §7.2
    return acts


# === §6.3 the stacking check at the end of a movement phase ===

def excess_actions(state: State, task: dict[str, Any]) -> list[Action]:
    """§6.3: the owner removes units from a broken stack until it is legal."""
    sit = Situation(state)
    acts: list[Action] = []
    for h, _problem in stack_violations(state, task["side"]):
        acts += [{"type": "remove", "unit": u} for u in sorted(sit.units(h, task["side"], commandos=False))]
    return acts
