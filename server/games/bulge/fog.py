"""The fog-of-war option (``fog_of_war``, off by default). Not a rule of the game: digest §6 says the
board game is open information and the designer left dummies out on purpose; this is an online variant.

Reading (documented in PROVENANCE.md):
- a side sees an enemy unit on the map when it is within ``SIGHT`` (2) hexes of one of its own units on
  the map (adjacent units, which can be attacked, are always seen); Skorzeny's commandos are never seen by
  the Allies (they are "in US uniforms"; a detected commando is removed at once, §9.5(3)), and they do not
  look for others: they give the Germans no sight. So sight is mutual: a German unit sees an Allied unit
  exactly when that unit sees it, and what an action shows the enemy (``view.revealed``) the acting side
  can tell from what it sees;
- an Allied unit gone astray (§9.5(3)) is seen by the German player while it leads it;
- it remembers where it last saw each enemy unit (``state["seen"]``), shown as ``last_seen`` marks;
- units off the map (the reinforcement schedule, breakthroughs, escapes, eliminations) stay public, and so
  do the VP, city occupation, the army lines, air markers and combat; an action that changes such a fact out
  of the enemy's sight (a city taken, a unit coming on or leaving the map) is a reveal (``view.revealed``);
- spectators see only what both sides see: a unit is shown to them when its enemy sees it; no last-seen
  marks;
- log lines about movement, supply and losses out of the enemy's sight are addressed to the owner only
  (a move line is public when the enemy sees the unit at both ends of it);
- what a side is offered is drawn from what it sees (``situation_for``); a hidden unit is met when the
  action is taken (an entry hex it holds, a road it cut, a retreat it closes: movement.py, combat.py).
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.core import OMNISCIENT, Role, State
from .data import SIDES, Board
from .units import Situation, board, enemy, is_commando, spec

SIGHT = 2
KNOWN_ROADS = "commando_roads_known"  # §9.5(2): the commandos' opened roads as the German player knows them


def on(state: State) -> bool:
    """The fog switch: whether this match plays with fog of war (the one place that reads the option)."""
    return bool(state.get("options", {}).get("fog_of_war"))


def private(state: State, side: str) -> list[Role] | None:
    """Readers of a log line that may tell where ``side``'s units are: everybody, or under fog of war
    only ``side``."""
    return [side] if on(state) else None


def sight(state: State, side: str) -> frozenset[str]:
    """The hexes ``side`` sees: within SIGHT of its units on the map. Commandos do not look for others (they
    give no sight), so that sight between units stays mutual: a German unit sees an Allied one exactly when
    that one sees it, and no side can see without being seen (PROVENANCE.md, fog of war)."""
    b = board(state)
    return _sight(b, frozenset(u["hex"] for uid, u in state["units"].items()
                               if u["status"] == "map" and u["side"] == side and u["hex"]
                               and not is_commando(state, uid)))


def _sight(b: Board, posts: frozenset[str]) -> frozenset[str]:
    """Asked for every view and log line: remembered (on the board) by the hexes the side stands in."""
    return b.memo.get(("sight", posts), lambda: frozenset(x for h in posts for x in _within(b, h)))


def _within(b: Board, h: str, radius: int = SIGHT) -> tuple[str, ...]:
    return b.around.get((h, radius),
                      lambda: tuple(x for x in b.grid.within(h, radius) if b.grid.contains(x)))


def seen_by(state: State, side: str, uid: str, eyes: frozenset[str] | None = None) -> bool:
    """Whether ``side`` sees unit ``uid`` now (its own units, and everything off the map, always)."""
    u = state["units"][uid]
    if u["side"] == side or u["status"] != "map" or not on(state):
        return True
    if side == "allied" and is_commando(state, uid):
        return False  # §9.5: commandos wear US uniforms
    if side == "german" and (m := state.get("mover")) and uid in m["units"] \
            and any(t["kind"] == "misdirect" for t in state["pending"]):
        return True  # §9.5(3): the German player leads it astray (the public lines say where it goes)
    return u["hex"] in (eyes if eyes is not None else sight(state, side))


def visible(state: State, role: Role | None) -> set[str]:
    """The units ``role`` sees (spectators: what the enemy of each unit sees; ``OMNISCIENT``, the replay
    of a finished match: every unit)."""
    if not on(state) or role == OMNISCIENT:
        return set(state["units"])
    eyes = {s: sight(state, s) for s in SIDES}
    if role in SIDES:
        return {uid for uid in state["units"] if seen_by(state, str(role), uid, eyes[str(role)])}
    return {uid for uid, u in state["units"].items() if seen_by(state, enemy(u["side"]), uid, eyes[enemy(u["side"])])}


def situation_for(state: State, side: str | None) -> Situation:
    """Where everything stands as ``side`` may know it (None: spectators): its own units and the enemy units it
    sees now; without fog of war, everything. What a side is offered is drawn from this, so that it depends
    only on what the side may see (shared DESIGN.md); the rules then meet the truth when the action is taken."""
    if not on(state):
        return Situation(state)
    return Situation(state, visible(state, side), viewer=side or "spectators")


def readers(state: State, uid: str) -> list[Role] | None:
    """Who may read a log line about ``uid`` now: everybody, or (fog, out of the enemy's sight) its owner."""
    if not on(state):
        return None
    u = state["units"][uid]
    return None if seen_by(state, enemy(u["side"]), uid) else [u["side"]]


def move_readers(state: State, uids: list[str], frm: str | None, to: str) -> list[Role] | None:
    """Who may read that ``uids`` went ``frm`` → ``to`` (``frm`` None: came on from off the map): everybody;
    under fog of war the owner only, unless the enemy sees them at both ends (then it saw the move)."""
    if not on(state):
        return None
    side = state["units"][uids[0]]["side"]
    eyes = sight(state, enemy(side))  # the mover's own move does not change what the enemy sees
    unseen = side == "german" and any(is_commando(state, u) for u in uids)  # commandos: never seen
    if unseen or to not in eyes or (frm is not None and frm not in eyes):
        return [side]
    return None


def remember(state: State) -> None:
    """After every action: each side notes where it sees enemy units now."""
    if not on(state):
        return
    memory = state.setdefault("seen", {"german": {}, "allied": {}})
    for side in SIDES:
        eyes = sight(state, side)
        mine = memory[side]
        for uid, u in state["units"].items():
            if u["side"] == side:
                continue
            if u["status"] != "map":
                mine.pop(uid, None)
            elif seen_by(state, side, uid, eyes):
                mark = {"hex": u["hex"], "turn": state["turn"]}
                if mine.get(uid) != mark:
                    mine[uid] = mark


def glimpse(state: State, uids: list[str]) -> None:
    """A move passes in the enemy's sight: it remembers the units where it saw them, though they go on out of
    it within the same action (a move to a destination is many steps; the public lines say where they passed)."""
    if not on(state) or not uids:
        return
    side = enemy(state["units"][uids[0]]["side"])
    eyes = sight(state, side)
    memory = state.setdefault("seen", {"german": {}, "allied": {}})[side]
    for uid in uids:
        if state["units"][uid]["status"] == "map" and seen_by(state, side, uid, eyes):
            memory[uid] = {"hex": state["units"][uid]["hex"], "turn": state["turn"]}


def meet(state: State, side: str, uids: list[str]) -> None:
    """``side`` met these enemy units where they stand (a move refused by them): it remembers them there."""
    if not on(state) or not uids:
        return
    memory = state.setdefault("seen", {"german": {}, "allied": {}})[side]
    for uid in uids:
        memory[uid] = {"hex": state["units"][uid]["hex"], "turn": state["turn"]}


def last_seen(state: State, role: Role | None, shown: set[str]) -> list[dict[str, Any]]:
    if not on(state) or role not in SIDES:
        return []
    out = []
    for uid, mark in sorted(state.get("seen", {}).get(str(role), {}).items()):
        if uid not in shown:
            out.append({"ref": uid, "side": enemy(str(role)), "hex": mark["hex"], "turn": mark["turn"],
                        "name": {"key": f"unit.{uid}"}, "last_seen": True})
    return out


# The kinds of hidden variant, one per ``k`` (modulo): where the unseen enemy units are put. Each puts them
# where a rule could feel them if the code read what the watcher may not see: anywhere out of sight; on the
# watcher's entry hexes (reinforcements come on there, §9.3); on the ring just outside its sight, where their
# ZOC reaches hexes the watcher's units could retreat into or move through (commandos, never seen by the
# Allies, go into and next to Allied hexes); on the roads, main roads first (strategic movement §7.2, supply
# §11.2 and occupation §13.3 follow them).
VARIANTS = ("anywhere", "entries", "edge", "roads")


def hidden_variant(state: State, role: Role | None, k: int) -> State | None:
    """A state differing only in what ``role`` cannot see: the enemy units it does not see moved to other hexes
    it does not see (``VARIANTS[k % 4]`` says which), their steps changed; the commandos' roads (§9.5(2)) as
    the Germans know them (no unseen Allied unit closed one), or for the others none. For spectators, the units of one
    side (German for k = 0, 1; Allied for k = 2, 3) that the other does not see, to hexes the other does not see:
    sight between units is mutual, so that changes nothing the spectators see. Commandos, which the Allies never
    see and which give no sight (``sight``), may go anywhere, into and next to Allied hexes, for the Allies and
    for the spectators alike. None without fog (digest §6: nothing is hidden)."""
    if not on(state):
        return None
    kind = VARIANTS[k % len(VARIANTS)]
    rnd = random.Random(f"{kind}/{k}/{len(state['log'])}")
    # only the units differ (the rest is shared); a unit record holds plain values only
    other = {**state, "units": {uid: dict(u) for uid, u in state["units"].items()}}
    shown = visible(state, role)
    taken = {u["hex"] for uid, u in state["units"].items() if u["status"] == "map" and uid in shown}
    places: dict[tuple[str, bool], list[str]] = {}
    changed = False
    moving = {enemy(str(role))} if role in SIDES else {SIDES[(k // 2) % 2]}
    for uid in sorted(uid for uid, u in state["units"].items()
                      if u["status"] == "map" and uid not in shown and u["side"] in moving):
        u = other["units"][uid]
        watcher = enemy(u["side"])
        anywhere = is_commando(state, uid) and watcher == "allied"  # hidden wherever it is, and sees nothing
        if (watcher, anywhere) not in places:
            places[(watcher, anywhere)] = _places(state, kind, watcher, anywhere, rnd)
        h = next((h for h in places[(watcher, anywhere)] if h not in taken), None)
        if h is not None:
            u["hex"] = h
        taken.add(u["hex"])
        if not is_commando(state, uid):
            u["steps"] = rnd.choice((1, 2))
            u["supply"] = rnd.choice(("ok", "out", "isolated"))  # §11.3-§11.4: its markers are out of sight too
        changed = changed or u != state["units"][uid]
    # what the enemy remembers of the watcher's units (its last-seen marks) is the enemy's: none of it
    if role in SIDES and state.get("seen", {}).get(enemy(str(role))):
        other["seen"] = {**state["seen"], enemy(str(role)): {}}
        changed = True
    # §13.3: who last passed the main-road hexes out of the watcher's sight (not the cities: their owners are public)
    if role in SIDES:
        b = board(state)
        eyes = sight(state, str(role))
        occupied = {h: s for h, s in state.get("occupied", {}).items()
                    if h in eyes or b.place_kind(h) in ("important", "fortress")}
        for h in sorted(b.main_road_hexes - eyes)[k % 7::7]:
            if b.place_kind(h) is None:
                occupied[h] = enemy(b.initial_owner(h))
        if occupied != state.get("occupied", {}):
            other["occupied"] = occupied
            changed = True
    # §9.5(2): the Germans do not see an Allied unit close a commando's road out of their sight (none did); the
    # others do not know where commandos went (they opened nothing)
    truth = list(state.get("commando_roads") or [])
    roads = list(state.get(KNOWN_ROADS, truth)) if role == "german" else []
    if roads != truth:
        other.update({"commando_roads": roads, KNOWN_ROADS: roads})
        changed = True
    return other if changed else None


def _places(state: State, kind: str, watcher: str, anywhere: bool, rnd: random.Random) -> list[str]:
    """Candidate hexes for unseen units, best first: out of ``watcher``'s sight (``anywhere``: a commando hiding
    from the Allies), of the kind asked for, then anywhere else out of sight."""
    b = board(state)
    eyes = sight(state, watcher)
    posts = {u["hex"] for u in state["units"].values() if u["side"] == watcher and u["status"] == "map"}
    if kind == "entries":
        # the entry hexes a reinforcement of the watcher's is due at (or a guard may come back on at) first
        codes = {entry[1] for uid, u in state["units"].items()
                 if u["side"] == watcher and u["status"] == "offmap" and u.get("due") is not None
                 and (entry := spec(state, uid).entry) is not None}
        back = {u["enter_at"] for u in state["units"].values() if u["side"] == watcher and u.get("enter_at")}
        due = sorted({e.hex for e in b.entries_of(watcher) if e.code in codes} | back)
        best = due + sorted({e.hex for e in b.entries_of(watcher)} - set(due))
    elif kind == "edge":
        near = {x for p in posts for x in _within(b, p, 1)} if anywhere else set()
        best = sorted(near | ({x for p in posts for x in _within(b, p, SIGHT + 1)} - eyes))
    elif kind == "roads":
        best = sorted(b.main_road_hexes) + sorted(b.road_hexes - b.main_road_hexes)
    else:
        best = []
    best = [h for h in best if anywhere or h not in eyes]
    if kind != "entries":
        rnd.shuffle(best)
    chosen = set(best)
    rest = [h for h in b.hexes if h not in chosen and (anywhere or h not in eyes)]
    rnd.shuffle(rest)
    return best + rest
