"""§6 zones of control, §7 stacking and §8 movement, offered one hex at a time; §4 exit.

One counter moves at a time (``state["mover"]``). Moving another counter, or ending the step,
finishes the mover's move. §7 limits stacking at the end of the step (AMBIG-11): a counter may
end its move on a friend, and the step cannot end while two friends share a hex. An action is
offered only if every crowded hex it leaves can still be emptied by counters yet to move, each to
an empty hex of its own (or off the map), so no action leads to a dead end.
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque

from ...engine.core import Action, State
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
    occupants,
    ref,
    scenario,
    spec,
    unit,
    zoc,
)
from .victory import end_game


def begin(state: State) -> None:
    """A new movement step: every counter of the player gets its full movement allowance."""
    for u in state["units"].values():
        u.update(used=0, done=False, jungle=False)
    state["mover"] = None


def mp_left(state: State, uid: str) -> int:
    u = unit(state, uid)
    return 0 if u["done"] else spec(state, uid).ma - u["used"]


def can_move(state: State, uid: str) -> bool:
    u = unit(state, uid)
    return (u["side"] == state["player"] and u["status"] in ("map", "offmap")
            and is_up(state, uid)  # §8: disrupted counters cannot move
            and mp_left(state, uid) > 0)


def _step_ok(state: State, uid: str, frm: str | None, to: str, ezoc: set[str]) -> bool:
    """Could ``uid`` step from ``frm`` (None: off the map) into ``to``, ignoring stacking?"""
    side = unit(state, uid)["side"]
    if occupants(state, to, enemy(side)):
        return False  # §7: never into a hex holding an enemy counter
    if not may_enter_terrain(state, uid, to):
        return False  # §8: jungle only for Japanese infantry
    if frm is None:
        return True
    if not board(state).crossable(frm, to):
        return False  # §8: rivers only at a bridge
    # §6: a counter may leave an enemy ZOC, but not move directly into another enemy-ZOC hex.
    return not (frm in ezoc and to in ezoc)


def destinations(state: State, uid: str, stacks: Stacks | None = None) -> list[str]:
    """The hexes ``uid`` may move into next (one hex, 1 MP each; entering costs the entry hex)."""
    if not can_move(state, uid):
        return []
    u = unit(state, uid)
    left = mp_left(state, uid)
    options: tuple[str, ...]
    if u["status"] == "offmap":
        # §3: Japanese counters enter through the entry hex, which costs like any hex.
        cost = scenario(state)["entry_cost"]
        frm, options = None, (board(state).entry,)
    else:
        cost = 1
        frm, options = u["hex"], board(state).neighbours(u["hex"])
    if left < cost:
        return []
    stacks = stacks or Stacks(state)
    out = []
    for to in options:
        if not _step_ok(state, uid, frm, to, stacks.ezoc):
            continue
        # §6: a counter entering an enemy ZOC must stop; §7: it may stop on a friend only if
        # the crowding can still be undone before the end of the step.
        left_after = 0 if to in stacks.ezoc else left - cost
        if stacks.resolvable(moved=(uid, to, left_after)):
            out.append(to)
    return sorted(out)


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

    def resolvable(self, *, moved: tuple[str, str, int] | None = None, exited: str | None = None,
                   end_move: bool = False) -> bool:
        """After ``moved`` (counter, hex, MP left), ``exited`` (counter) or the end of the mover's
        move: moving any counter but the mover, or ending its move, finishes the mover's move."""
        where, pending = dict(self.where), dict(self.pending)
        mover = self.state["mover"]
        actor = moved[0] if moved else exited
        if mover is not None and (end_move or actor not in (None, mover)):
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
        move off the map through the exit hex (§4, 1 MP)."""
        key = (uid, start, mp)
        if key not in self._reach:
            state, b = self.state, board(self.state)
            best = {start: mp}
            todo = [start]
            ends: set[str] = set()
            exits = start == b.exit and mp >= 1
            while todo:
                h = todo.pop()
                left = best[h] - 1
                if left < 0:
                    continue
                for n in b.neighbours(h):
                    if not _step_ok(state, uid, h, n, self.ezoc):
                        continue
                    ends.add(n)
                    if n in self.ezoc:
                        continue  # §6: entering an enemy ZOC stops the move
                    exits = exits or (n == b.exit and left >= 1)
                    if left > best.get(n, -1):
                        best[n] = left
                        todo.append(n)
            self._reach[key] = (frozenset(ends - {start}), exits)
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
    mover = state["mover"]
    stacks = Stacks(state)
    acts: list[Action] = []
    movers = sorted((ref(state, uid), uid) for uid in state["units"] if can_move(state, uid))
    for r, uid in movers:
        acts += [{"type": "move", "unit": r, "to": h} for h in destinations(state, uid, stacks)]
        if can_exit(state, uid, stacks):
            acts.append({"type": "exit", "unit": r})
    if mover is not None and stacks.resolvable(end_move=True):
        acts.append({"type": "end_move", "unit": ref(state, mover)})
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


def move(state: State, uid: str, to: str) -> None:
    if state["mover"] not in (None, uid):
        finish_move(state)
    state["mover"] = uid
    u = unit(state, uid)
    frm = u["hex"] if u["status"] == "map" else None
    u["used"] += scenario(state)["entry_cost"] if frm is None else 1
    enter_hex(state, uid, to)
    if board(state).is_jungle(to) and is_japanese_infantry(state, uid):
        u["jungle"] = True
    if frm is None:
        log(state, "enter", unit=name(state, uid), to=to)
    else:
        log(state, "move", unit=name(state, uid), frm=frm, to=to)
    if to in zoc(state, enemy(u["side"])):
        u["used"] = spec(state, uid).ma  # §6: a counter entering an enemy ZOC must stop
    if mp_left(state, uid) <= 0:
        finish_move(state)


def end_move(state: State) -> None:
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


# === The movement step's decisions ===

def _move(state: State, frame: Frame, action: Action) -> None:
    move(state, by_ref(state, action["unit"]), action["to"])


def _exit(state: State, frame: Frame, action: Action) -> None:
    uid = by_ref(state, action["unit"])
    exit_map(state, uid)
    if unit(state, uid)["side"] == "japanese":
        end_game(state, "japanese")  # §4: sudden death the moment a Japanese counter exits


def _end_move(state: State, frame: Frame, action: Action) -> None:
    end_move(state)


def _end_step(state: State, frame: Frame, action: Action) -> None:
    finish_move(state)
    pop(state)


STEPS: dict[str, Kind] = {
    "movement": Decision(lambda state, frame: legal_actions(state),
                         {"move": _move, "exit": _exit, "end_move": _end_move, "end_step": _end_step}),
}
