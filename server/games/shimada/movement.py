"""§6 zones of control, §7 stacking and §8 movement, to a destination; §4 exit.

A ``move`` takes a counter to any hex it can reach with the MP it has left (1 MP a hex, §8; the
entry hex from off the map costs the scenario's entry cost, §3), along the cheapest path, or along
the player's waypoints (``via``). Each hex stepped into counts as entered: Slim (§4), jungle (§8),
and an enemy ZOC ends the move there (§6), so the reachable set stops at ZOC hexes and never steps
from one ZOC hex straight into another. Among equally cheap paths, Japanese infantry at night keeps
out of jungle where it can (jungle disrupts it at the end of its move, §8).

One counter moves at a time (``state["mover"]``): a counter that still has MP after a move may move
on (to the exit hex, then off the map, §4); moving another counter, or ending the step, finishes
its move. There is no ``end_move`` action: it would change nothing the rules count, since the next
counter's move or the end of the step finishes the move the same way (jungle disruption included).

§7 limits stacking at the end of the step (AMBIG-11): a counter may end its move on a friend, and
the step cannot end while two friends share a hex. A destination is offered only if every crowded
hex it leaves can still be emptied by counters yet to move, each to an empty hex of its own (or off
the map), so no action leads to a dead end. Nothing here depends on a hidden fact: face-down
counters cannot move and have no ZOC (§6, §10), and enemy counters block a hex whatever they are.
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from collections.abc import Callable, Mapping

from ...engine.core import Action, IllegalAction, State
from ...engine.paths import Reached, path, route, routes
from ...engine.steps import Decision, Frame, Kind, pop
from .units import (
    board,
    by_ref,
    enemy,
    enter_hex,
    is_japanese_infantry,
    is_up,
    log,
    may_enter_terrain,
    name,
    ref,
    scenario,
    spec,
    unit,
    zoc,
)
from .victory import end_game

OFF = ""  # where an off-map counter starts a path: its one step is onto the entry hex (§3)
# Path costs are MP x SCALE plus the jungle hexes a path enters (for Japanese infantry at night):
# the cheapest path in MP, then the one with the least jungle. A path enters fewer than SCALE hexes.
SCALE = 100


def begin(state: State) -> None:
    """A new movement step: every counter of the player gets its full movement allowance."""
    for u in state["units"].values():
        u.update(used=0, done=False, jungle=False)
    state["mover"] = None
    state["stopped"] = None


def mp_left(state: State, uid: str) -> int:
    u = unit(state, uid)
    return 0 if u["done"] else spec(state, uid).ma - u["used"]


def can_move(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return (u["side"] == state["player"] and u["status"] in ("map", "offmap")
            and is_up(state, uid)  # §8: disrupted counters cannot move
            and mp_left(state, uid) > 0)


def _start(state: State, uid: str) -> str:
    u = unit(state, uid)
    return OFF if u["status"] == "offmap" else str(u["hex"])


def _legs(state: State, uid: str, ezoc: set[str]) -> Callable[[str, int], Mapping[str, Reached]]:
    """The cheapest paths of ``uid`` from a hex (or OFF) within a budget (in SCALE units)."""
    b = board(state)
    entry_cost = scenario(state)["entry_cost"]
    # §8: jungle disrupts Japanese infantry at the end of its move, until dawn (§11.1).
    shy = is_japanese_infantry(state, uid) and not state["dawn"]

    entry = (b.entry,)
    adjacent = b.neighbours

    def neighbours(h: str) -> tuple[str, ...]:
        return entry if h == OFF else adjacent(h)

    # Could ``uid`` step from ``a`` (OFF: off the map) into ``c``, stacking aside? What does not change
    # during the search is computed once: the enemy-held hexes and the jungle this counter may enter.
    side = unit(state, uid)["side"]
    foe = enemy(side)
    blocked = {u["hex"] for u in state["units"].values() if u["status"] == "map" and u["side"] == foe}
    entered: dict[str, bool] = {}
    crossable = b.crossable

    def ok(a: str, c: str) -> bool:
        if c in blocked:
            return False  # §7: never into a hex holding an enemy counter
        may = entered.get(c)
        if may is None:
            may = entered[c] = may_enter_terrain(state, uid, c)
        if not may:
            return False  # §8: jungle only for Japanese infantry
        if a == OFF:
            return True
        # §8: rivers only at a bridge; §6: a counter may leave an enemy ZOC, but not move directly
        # into another enemy-ZOC hex.
        return crossable(a, c) and not (a in ezoc and c in ezoc)

    def cost(a: str, c: str) -> int | None:
        if not ok(a, c):
            return None
        mp = entry_cost if a == OFF else 1  # §3: the entry hex costs like any hex; §8: 1 MP a hex
        return mp * SCALE + (1 if shy and b.is_jungle(c) else 0)

    def legs(start: str, budget: int) -> Mapping[str, Reached]:
        # §6: entering an enemy ZOC stops the move (a path may end there, not go on).
        return routes(start, neighbours, cost, budget, stop=lambda h: h in ezoc)

    return legs


def _budget(mp: int) -> int:
    return mp * SCALE + SCALE - 1


def reachable(state: State, uid: str, ezoc: set[str], mp: int | None = None,
              start: str | None = None) -> dict[str, Reached]:
    """Every hex ``uid`` can reach now (from ``start``, with ``mp``), with its cheapest path
    (costs in SCALE units: ``cost // SCALE`` is the MP)."""
    start = _start(state, uid) if start is None else start
    mp = mp_left(state, uid) if mp is None else mp
    reached = dict(_legs(state, uid, ezoc)(start, _budget(mp)))
    reached.pop(start)
    reached.pop(OFF, None)
    return reached


def destinations(state: State, uid: str, stacks: Stacks | None = None) -> list[Action]:
    """The offered moves of ``uid``: each hex it can reach and may stop on, with its cost, the MP
    left after it and the hex before it on the cheapest path (engine notes)."""
    if not can_move(state, uid):
        return []
    stacks = stacks or Stacks(state)
    start, left = _start(state, uid), mp_left(state, uid)
    r = ref(state, uid)
    out: list[Action] = []
    for to, got in sorted(reachable(state, uid, stacks.ezoc).items()):
        spent = got.cost // SCALE
        # §6: a counter entering an enemy ZOC must stop; §7: it may stop on a friend only if
        # the crowding can still be undone before the end of the step.
        left_after = 0 if to in stacks.ezoc else left - spent
        if not stacks.resolvable(moved=(uid, to, left_after)):
            continue
        act: Action = {"type": "move", "unit": r, "to": to, "cost": spent, "left": left_after}
        if got.prev not in (start, OFF):
            act["prev"] = got.prev
        out.append(act)
    return out


def can_exit(state: State, uid: str, stacks: Stacks | None = None) -> bool:
    """§4: a counter on the exit hex may move off the map, which takes one more MP (AMBIG-7)."""
    u = unit(state, uid)
    if not (can_move(state, uid) and u["status"] == "map" and u["hex"] == board(state).exit):
        return False
    # A Japanese exit ends the match at once (§4); a British one must not strand a crowded hex.
    return u["side"] == "japanese" or (stacks or Stacks(state)).resolvable(exited=uid)


# === §7 STACKING: one friendly counter per hex at the end of each step ===

Escape = tuple[frozenset[str], bool]  # the hexes a counter could end its move on; could it exit?


def crowded(state: State) -> list[str]:
    """The hexes where more than one counter of the moving player stands."""
    count = Counter(u["hex"] for u in state["units"].values()
                    if u["side"] == state["player"] and u["status"] == "map")
    return sorted(h for h, n in count.items() if n > 1)


class Stacks:
    """The moving player's counters in one movement step, to ask whether an action keeps §7
    satisfiable: can every crowded hex still be emptied down to one counter by the end of the step?

    Only counters that can still move count as leavers (the mover with its MP left, and every
    face-up counter yet to move, with its allowance): each needs its own empty hex to end on, or
    the exit. A counter's reach does not depend on where its friends stand (it may pass through
    them, §7), only on enemy counters and their ZOC, which do not change during the step.
    """

    def __init__(self, state: State) -> None:
        self.state = state
        side = state["player"]
        self.ezoc = zoc(state, enemy(side))
        self.where = {uid: u["hex"] for uid, u in state["units"].items()
                      if u["side"] == side and u["status"] == "map"}
        self.pending = {uid: mp_left(state, uid) for uid in state["units"] if can_move(state, uid)}
        self._reach: dict[tuple[str, str, int], Escape] = {}

    def resolvable(self, *, moved: tuple[str, str, int] | None = None, exited: str | None = None) -> bool:
        """After ``moved`` (counter, hex, MP left) or ``exited`` (counter): moving any counter but
        the mover finishes the mover's move."""
        where, pending = dict(self.where), dict(self.pending)
        mover = self.state["mover"]
        actor = moved[0] if moved else exited
        if mover is not None and actor not in (None, mover):
            pending.pop(mover, None)
        if moved is not None:
            uid, to, left = moved
            where[uid] = to
            pending.pop(uid, None)
            if left > 0:
                pending[uid] = left
        if exited is not None:
            where.pop(exited, None)
            pending.pop(exited, None)
        by_hex: dict[str, list[str]] = {}
        for uid, h in where.items():
            by_hex.setdefault(h, []).append(uid)
        needs: list[tuple[int, list[Escape]]] = []
        for h, here in sorted(by_hex.items()):
            if len(here) < 2:
                continue
            leavers: list[Escape] = []
            for uid in sorted(u for u in here if u in pending):
                ends, exits = self.reach(uid, h, pending[uid])
                leavers.append((ends.difference(by_hex), exits))
            needs.append((len(here) - 1, leavers))
        return _can_clear(needs)

    def reach(self, uid: str, start: str, mp: int) -> Escape:
        """The hexes ``uid`` could end a move in from ``start`` with ``mp`` MP, and whether it could
        move off the map through the exit hex (§4, 1 MP more, not once stopped by a ZOC)."""
        key = (uid, start, mp)
        if key not in self._reach:
            b = board(self.state)
            reached = reachable(self.state, uid, self.ezoc, mp, start)
            exits = (start == b.exit and mp >= 1) or any(
                h == b.exit and h not in self.ezoc and mp - got.cost // SCALE >= 1 for h, got in reached.items())
            self._reach[key] = (frozenset(reached), exits)
        return self._reach[key]


def _can_clear(needs: list[tuple[int, list[Escape]]]) -> bool:
    """Can each crowded hex send away as many counters as it has too many, each to an empty hex
    no other takes (or off the map)? ``needs``: per crowded hex, that number and the escapes of
    the counters there that can still move. A maximum flow: source -> crowded hex (capacity: the
    number) -> counter (1) -> its escape hexes (1 each) or the exit -> sink."""
    cap: defaultdict[tuple[str, str], int] = defaultdict(int)
    adj: defaultdict[str, set[str]] = defaultdict(set)

    def edge(a: str, b: str, c: int) -> None:
        cap[a, b] += c
        adj[a].add(b)
        adj[b].add(a)

    wanted = sum(k for k, _ in needs)
    for i, (k, leavers) in enumerate(needs):
        edge("source", f"crowd {i}", k)
        for j, (ends, exits) in enumerate(leavers):
            edge(f"crowd {i}", f"counter {i}.{j}", 1)
            for e in ends:
                edge(f"counter {i}.{j}", f"hex {e}", 1)
                cap[f"hex {e}", "sink"] = 1
                adj[f"hex {e}"].add("sink")
            if exits:
                edge(f"counter {i}.{j}", "exit", 1)
    edge("exit", "sink", wanted)
    for _ in range(wanted):  # one augmenting path per counter sent away
        parent: dict[str, str] = {"source": "source"}
        queue = deque(["source"])
        while queue and "sink" not in parent:
            a = queue.popleft()
            for b in adj[a]:
                if b not in parent and cap[a, b] > 0:
                    parent[b] = a
                    queue.append(b)
        if "sink" not in parent:
            return False
        b = "sink"
        while b != "source":
            a = parent[b]
            cap[a, b] -= 1
            cap[b, a] += 1
            b = a
    return True


def legal_actions(state: State) -> list[Action]:
    stacks = Stacks(state)
    acts: list[Action] = []
    movers = sorted((ref(state, uid), uid) for uid in state["units"] if can_move(state, uid))
    for r, uid in movers:
        acts += destinations(state, uid, stacks)
        if can_exit(state, uid, stacks):
            acts.append({"type": "exit", "unit": r})
    if not crowded(state):
        acts.append({"type": "end_step"})  # §7: not while two friends share a hex
    return acts


def finish_move(state: State) -> None:
    """The end of the mover's move: §8 jungle disruption at night."""
    uid = state["mover"]
    if uid is None:
        return
    u = unit(state, uid)
    u["done"] = True
    state["mover"] = None
    if u["jungle"] and not state["dawn"] and u["status"] == "map" and is_up(state, uid):
        # §8: Japanese infantry that moved through jungle is disrupted at the end of its move;
        # §11.1: not after dawn.
        u["face"] = "down"
        log(state, "jungle_disrupted", unit=name(state, uid), hex=u["hex"])


def plan(state: State, uid: str, to: str, via: list[str] | None, ezoc: set[str]) -> tuple[list[str], int]:
    """The hexes a move of ``uid`` to ``to`` steps into, in order, and the MP it spends: the
    cheapest path, or the cheapest through the waypoints ``via``. IllegalAction if there is none."""
    start, left = _start(state, uid), mp_left(state, uid)
    legs = _legs(state, uid, ezoc)
    if not via:
        reached = legs(start, _budget(left))
        return path(reached, to), reached[to].cost // SCALE
    r = ref(state, uid)
    for w in via:
        if w not in board(state).raw["hexes"]:
            raise IllegalAction(f"No hex {w!r} on the map.")
        if w in ezoc:  # §6: a counter entering an enemy ZOC must stop there
            raise IllegalAction(f"{r} cannot pass {w}: entering an enemy zone of control ends its move there.")
    found = route(start, [*via, to], legs, _budget(left))
    if found is None:
        raise IllegalAction(f"{r} cannot go to {to} by way of {', '.join(via)} with {left} MP left "
                            "(1 MP a hex, no river without a bridge, no jungle but for Japanese infantry, "
                            "no enemy hex, never straight from one enemy zone of control into another).")
    steps, cost = found
    return steps, cost // SCALE


def move(state: State, uid: str, to: str, via: list[str] | None = None) -> None:
    """§8: ``uid`` moves to ``to``, entering each hex of its path in turn."""
    stacks = Stacks(state)
    steps, spent = plan(state, uid, to, via, stacks.ezoc)
    stop = to in stacks.ezoc
    left_after = 0 if stop else mp_left(state, uid) - spent
    if via and not stacks.resolvable(moved=(uid, to, left_after)):
        # §7: a longer path may leave too few MP to clear the friend's hex before the end of the step.
        raise IllegalAction(f"That way {ref(state, uid)} would reach {to} with {left_after} MP left, too few "
                            "for the counters there to leave it by the end of the step (one counter a hex).")
    if state["mover"] not in (None, uid):
        finish_move(state)
    state["mover"] = uid
    state["stopped"] = None
    u = unit(state, uid)
    frm = u["hex"] if u["status"] == "map" else None
    for h in steps:
        enter_hex(state, uid, h)  # §4: Slim counts once entered, on the way as well
        if board(state).is_jungle(h) and is_japanese_infantry(state, uid):
            u["jungle"] = True  # §8: disrupted at the end of the move (finish_move)
    u["used"] += spent
    who = name(state, uid)
    if frm is None and len(steps) == 1:
        log(state, "enter", unit=who, to=to)
    elif frm is None:
        log(state, "enter_move", unit=who, entry=steps[0], to=to, mp=spent, path=steps)
    else:
        log(state, "move", unit=who, frm=frm, to=to, mp=spent, path=steps)
    if stop:
        u["used"] = spec(state, uid).ma  # §6: a counter entering an enemy ZOC must stop
        state["stopped"] = {"unit": uid, "hex": to}
        log(state, "zoc_stop", unit=who, hex=to)
    if mp_left(state, uid) <= 0:
        finish_move(state)


def exit_map(state: State, uid: str) -> None:
    """§4: off the map through the exit hex."""
    if state["mover"] not in (None, uid):
        finish_move(state)
    u = unit(state, uid)
    log(state, "exit", unit=name(state, uid), hex=u["hex"])
    u["status"] = "exited"
    u["hex"] = None
    u["done"] = True
    state["mover"] = None
    state["stopped"] = None


# === The movement step's decisions ===

def _move(state: State, frame: Frame, action: Action) -> None:
    move(state, by_ref(state, action["unit"]), action["to"], action.get("via"))


def _exit(state: State, frame: Frame, action: Action) -> None:
    uid = by_ref(state, action["unit"])
    exit_map(state, uid)
    if unit(state, uid)["side"] == "japanese":
        end_game(state, "japanese")  # §4: sudden death the moment a Japanese counter exits


def _end_step(state: State, frame: Frame, action: Action) -> None:
    finish_move(state)
    state["stopped"] = None
    pop(state)


STEPS: dict[str, Kind] = {
    "movement": Decision(lambda state, frame: legal_actions(state),
                         {"move": _move, "exit": _exit, "end_step": _end_step}),
}
