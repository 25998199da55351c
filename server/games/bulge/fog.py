"""The fog-of-war option (``fog_of_war``, off by default). Not a rule of the game: digest §6 says the
board game is open information and the designer left dummies out on purpose; this is an online variant.

Reading (documented in PROVENANCE.md):
- a side sees an enemy unit on the map when it is within ``SIGHT`` (2) hexes of one of its own units on
  the map (adjacent units, which can be attacked, are always seen); Skorzeny's commandos are never seen by
  the Allies (they are "in US uniforms"; a detected commando is removed at once, §9.5(3));
- it remembers where it last saw each enemy unit (``state["seen"]``), shown as ``last_seen`` marks;
- units off the map (the reinforcement schedule, breakthroughs, escapes, eliminations) stay public, and so
  do the VP, city occupation, the army lines, air markers and combat;
- spectators see only what both sides see: a unit is shown to them when its enemy sees it; no last-seen
  marks;
- log lines about movement, supply and losses out of the enemy's sight are addressed to the owner only
  (a move line is public when the enemy sees the unit at both ends of it).
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.core import Role, State
from .units import board, enemy, is_commando

SIGHT = 2
SIDES = ("german", "allied")


def on(state: State) -> bool:
    return bool(state.get("options", {}).get("fog_of_war"))


def sight(state: State, side: str) -> frozenset[str]:
    """The hexes ``side`` sees: within SIGHT of its units on the map (commandos do not look for others)."""
    b = board(state)
    return _sight(b, frozenset(u["hex"] for u in state["units"].values()
                               if u["status"] == "map" and u["side"] == side and u["hex"]))


_SIGHT: dict[tuple[int, frozenset[str]], frozenset[str]] = {}


def _sight(b: Any, posts: frozenset[str]) -> frozenset[str]:
    """Asked for every view and log line: cached on the hexes the side stands in."""
    key = (id(b), posts)
    hit = _SIGHT.get(key)
    if hit is None:
        if len(_SIGHT) > 256:
            _SIGHT.clear()
        hit = _SIGHT[key] = frozenset(x for h in posts for x in _within(b, h))
    return hit


_WITHIN: dict[tuple[int, str, int], tuple[str, ...]] = {}


def _within(b: Any, h: str, radius: int = SIGHT) -> tuple[str, ...]:
    key = (id(b), h, radius)
    hit = _WITHIN.get(key)
    if hit is None:
        hit = _WITHIN[key] = tuple(x for x in b.grid.within(h, radius) if b.grid.contains(x))
    return hit


def seen_by(state: State, side: str, uid: str, eyes: frozenset[str] | None = None) -> bool:
    """Whether ``side`` sees unit ``uid`` now (its own units, and everything off the map, always)."""
    u = state["units"][uid]
    if u["side"] == side or u["status"] != "map" or not on(state):
        return True
    if side == "allied" and is_commando(state, uid):
        return False  # §9.5: commandos wear US uniforms
    return u["hex"] in (eyes if eyes is not None else sight(state, side))


def visible(state: State, role: Role | None) -> set[str]:
    """The units ``role`` sees (spectators: what the enemy of each unit sees)."""
    if not on(state):
        return set(state["units"])
    eyes = {s: sight(state, s) for s in SIDES}
    if role in SIDES:
        return {uid for uid in state["units"] if seen_by(state, str(role), uid, eyes[str(role)])}
    return {uid for uid, u in state["units"].items() if seen_by(state, enemy(u["side"]), uid, eyes[enemy(u["side"])])}


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


def last_seen(state: State, role: Role | None, shown: set[str]) -> list[dict[str, Any]]:
    if not on(state) or role not in SIDES:
        return []
    out = []
    for uid, mark in sorted(state.get("seen", {}).get(str(role), {}).items()):
        if uid not in shown:
            out.append({"ref": uid, "side": enemy(str(role)), "hex": mark["hex"], "turn": mark["turn"],
                        "name": {"key": f"unit.{uid}"}, "last_seen": True})
    return out


def hidden_variant(state: State, role: Role | None, k: int) -> State | None:
    """A state differing only in what ``role`` cannot see: unseen enemy units moved elsewhere out of sight
    and their steps changed. None without fog (digest §6: nothing is hidden)."""
    if not on(state):
        return None
    rnd = random.Random(k * 7919 + len(state["log"]))
    # only the units differ (the rest is shared); a unit record holds plain values only
    other = {**state, "units": {uid: dict(u) for uid, u in state["units"].items()}}
    b = board(state)
    # spectators: move hidden German units only (keeps the Allied eyes still)
    hidden_sides = [enemy(str(role))] if role in SIDES else ["german"]
    changed = False
    for side in hidden_sides:
        watcher = enemy(side)
        eyes = sight(state, watcher)
        # conservative: out of sight by 2 more hexes, so that no retreat or encirclement test of a seen
        # unit can feel the moved unit's ZOC
        near = {x for u in state["units"].values() if u["side"] == watcher and u["status"] == "map"
                for x in (u["hex"], *_within(b, u["hex"], SIGHT + 2))}
        free = [h for h in b.hexes if h not in near]
        shown = visible(state, None) if role is None else set()
        for uid, u in sorted(other["units"].items()):
            if u["side"] != side or u["status"] != "map" or seen_by(state, watcher, uid, eyes):
                continue
            if uid in shown:
                continue
            u["hex"] = rnd.choice(free)
            if not is_commando(state, uid):
                u["steps"] = rnd.choice((1, 2))
            changed = True
    return other if changed else None
