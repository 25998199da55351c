"""What each role sees. Nothing in the rules is secret (digest §6), so without the fog-of-war option every
role sees the whole board; with it (``fog.py``) enemy units out of sight are left out. This is the only code
that decides what leaves the server."""

from __future__ import annotations

from typing import Any, cast

from ...engine.core import Line, Role, State, visible_log
from . import air, attacks, commandos, fog, movement, odds, pending, placement, restrictions, stepping
from .data import SIDES
from .occupation import last_passer, occupation
from .rules import active_roles
from .units import board, spec, stack_violations, strength, tables, unit
from .view_types import Attack, Combat, Counter, LastSeen, Problem, Setup, StackProblem, Task, View

_STATUS_ORDER = {"map": 0, "offmap": 1, "exited": 2, "escaped": 2, "guard": 2, "eliminated": 3, "aborted": 4,
                 "unused": 5}


def _counter(state: State, uid: str) -> Counter:
    u = unit(state, uid)
    s = spec(state, uid)
    attack, defence = strength(state, uid) if u["status"] == "map" or u["steps"] else s.strength(2)
    markers = []
    if u["supply"] != "ok":
        markers.append("isolated" if u["supply"] == "isolated" else "out_of_supply")
    if u.get("option_retreat"):
        markers.append("option_retreat")
    c: Counter = {
        "ref": uid, "id": uid, "side": u["side"], "hex": u["hex"], "face": "up", "status": u["status"],
        "name": {"key": f"unit.{uid}"}, "nation": s.nation, "army": s.army, "division": s.division,
        "designation": s.designation, "mechanised": s.mechanised, "commando": s.is_commando,
        "attack": attack, "defence": defence, "steps": u["steps"] if u["status"] == "map" else 2,
        "markers": markers,
    }
    if u.get("due") is not None and u["status"] == "offmap":
        c["entry"] = {"turn": u["due"], "code": s.entry[1] if s.entry else None}
    if u["side"] == state["player"] and state["step"] == "move" and u["status"] in ("map", "offmap"):
        c["mp_left"] = movement.mp_left(state, uid) / tables(state).mp_scale
        c["moved"] = bool(u.get("moved"))
    if state["step"] in ("declare", "order", "resolve") and u["status"] == "map":
        c["attacked"] = bool(u["attacked"])
    return c


def _sort_key(c: Counter) -> tuple[int, int, str, str]:
    return (SIDES.index(c["side"]), _STATUS_ORDER[c["status"]], c["hex"] or "", c["ref"])


def _prompt(state: State, role: Role | None) -> Line:
    if state["result"] is not None:
        return {"key": "prompt.over"}
    active = active_roles(state)
    if role not in active:
        (who,) = active
        return {"key": "prompt.waiting", "args": {"player": {"key": f"side.{who}"},
                                                  "phase": {"key": f"phase.{state['phase']}"}}}
    if state["pending"]:
        return cast(Line, pending.prompt_args(state))
    phase = {"key": f"phase.{state['phase']}"}
    if state["step"] == "move" and (stop := stepping.stop_prompt(state)) is not None:
        return {"key": "prompt.move_stopped", "args": {"phase": phase, **stop}}  # why the last move stopped
    return {"key": f"prompt.{state['step']}", "args": {"phase": phase}}


def _stacking(state: State, role: Role | None) -> list[StackProblem]:
    """§6.2-§6.3: the moving player's hexes that break the stacking limits now, and which limit, while it moves
    (and while it removes units): to that player; to everyone without fog of war."""
    side = state["player"]
    if state["step"] not in ("move", "end") or (fog.on(state) and role != side):
        return []
    return [{"hex": h, "problem": cast(Problem, p)} for h, p in stack_violations(state, side)]


def view(state: State, role: Role | None) -> View:
    """The rules modules build some parts as untyped dicts (``cast`` below): tests/contract checks them."""
    t = tables(state)
    shown = fog.visible(state, role)  # everything without fog of war (digest §6)
    counters = sorted((_counter(state, uid) for uid in state["units"] if uid in shown), key=_sort_key)
    reinforcements: dict[str, list[str]] = {}
    for uid, u in sorted(state["units"].items()):
        if u["status"] == "offmap" and u.get("due") is not None:
            reinforcements.setdefault(str(u["due"]), []).append(uid)
    mover = state.get("mover")
    return {
        "turn": state["turn"], "turns": t.last_turn, "player": state["player"], "phase": state["phase"],
        "step": state["step"], "counters": counters, "vp": state["vp"],
        "thresholds": {str(k): {"german": v.get("german_win"), "allied": v.get("allied_win")}
                       for k, v in sorted(t.turns.items())},
        "occupied": _occupied(state, role),
        "reinforcements": reinforcements,
        "mover": {"units": list(mover["units"]), "mode": mover["mode"]}
        if mover and all(u in shown for u in mover["units"]) else None,
        "attack": cast(Attack | None, _attack(state, role)),
        "combat": _current(state, role),
        "prompt": _prompt(state, role),
        "stacking": _stacking(state, role),
        # layer 7 (added keys): §9.6 lines, §10 air, §13.5 breakthroughs, §9.5 Skorzeny
        "lines": {k: list(v) for k, v in restrictions.lines(state).items()},
        "air": {"fb_left": air.fb_left(state), "support": dict(state.get("air") or {}),
                "interdiction": list(state.get("interdiction") or []),
                "supply": list(state.get("air_supply") or [])},
        "broken_through": list(state["broken_through"]),
        "skorzeny": state.get("skorzeny"),
        # §9.5(2): the Allies do not know where commandos went; under fog the Germans do not see Allied units
        # pass out of their sight (a closed road is met by the strategic move)
        "commando_roads": commandos.commando_roads(state, seen=True) if role == "german" or not fog.on(state) else [],
        "fog_of_war": fog.on(state),
        "setup": cast(Setup | None, placement.view(state, role)),  # §9.1-§9.2 the free set-up (None otherwise)
        "last_seen": cast(list[LastSeen], fog.last_seen(state, role, shown)),
        "log": visible_log(state["log"], role),
    }


def _occupied(state: State, role: Role | None) -> dict[str, str]:
    """§13.3: who occupies each tracked hex. Under fog of war, the cities (public: they score VP) and the
    last passer of the main-road hexes a side sees now (spectators: the cities only)."""
    if not fog.on(state):
        return {h: s for h, s in sorted(occupation(state).items()) if s is not None}
    b = board(state)
    out = {h: str(s) for h in b.tracked if b.place_kind(h) in ("important", "fortress")
           and (s := state["city_owner"].get(h, b.initial_owner(h))) is not None}
    if role in SIDES:
        eyes = fog.sight(state, str(role))
        out.update({h: last_passer(state, h) for h in b.tracked if h in eyes and h not in out})
    return dict(sorted(out.items()))


def _attack(state: State, role: Role | None) -> dict[str, Any] | None:
    """The combinations declared, with odds (§8.3), and before each declaration the odds it would give."""
    out = odds.preview(state, role)
    if out is not None:
        out["previews"] = attacks.previews(state, role)
    return out


def _current(state: State, role: Role | None) -> Combat | None:
    cur = state.get("current")
    if not cur:
        return None
    task = cast(Task, dict(state["pending"][0])) if state["pending"] else None
    if task is not None and fog.on(state) and task.get("side") != role:
        task = {"kind": task["kind"], "side": task.get("side")}  # a retreat path may leave the enemy's sight
    return {"at": cur["at"], "attackers": list(cur["attackers"]), "defenders": list(cur["defenders"]),
            "result": cur["code"], "task": task}


def hidden_variant(state: State, role: Role | None, seed: int) -> State | None:
    """Without fog of war nothing is hidden (digest §6: open information, commandos included): None."""
    return fog.hidden_variant(state, role, seed)


# === For the platform's undo: did an action show anything hidden? ===

# Public log lines (``to`` None) that tell nothing hidden: the movement lines, public only when the enemy saw the
# units at both ends of the step (``fog.move_readers``: the memory then marks it); the lines about a unit's
# losses, public only when the enemy sees it (``fog.readers``; an elimination counts in ``_public`` anyway); the
# sequence of play; and the acting side's choices made in the open from what it sees (combinations and their
# order, told with its reckoning of the odds, §8.3; air markers §10; Skorzeny's choice §9.5(1); the losses and
# retreats chosen after a combat; the reinforcements it left off the map this phase, §9.3). Every other public
# line is news (``revealed``).
_PLAIN_LINES = frozenset(f"log.{k}" for k in (
    "move", "enter", "strategic", "stop", "retreat", "pursue",
    "step_lost", "destroyed",
    "phase", "vp_phase", "setup_done", "delayed",
    "declared", "attack_order", "fb", "skorzeny", "aopt", "option_retreat", "fortress_retreats", "fortress_holds"))


def revealed(before: State, after: State) -> bool:
    """True when the action that turned ``before`` into ``after`` made something hidden known to someone, so
    that it may not be undone. Without fog of war nothing is hidden (digest §6): False. Under fog of war:
    - a side now sees an enemy unit it did not see before; or what a side remembers of enemy positions
      (``state["seen"]``, the hexes: the turn stamp is no news) changed, e.g. a seen unit moved in its sight;
    - a commando detection roll (or a unit going astray) told the Allies that a commando was there (§9.5(3));
    - a move met an unseen fact (an entry hex held by enemy units, a road cut or a commando's road closed out
      of sight: movement.py);
    - the action changed what every side reads whatever it sees (``_public``: the VP, who holds the cities,
      who left the map or came on it and how, the entries broken through), or wrote a public line other than
      the plain ones (``_PLAIN_LINES``): a city taken, VP scored, a breakthrough, an escape, an entry, a
      unit eliminated out of the enemy's sight tell the enemy where a unit it does not see was.
    Sight being mutual (``fog.sight``: a side sees an enemy unit exactly when that unit sees it), and the rest
    being public, the acting side can tell from what it sees whether its action is a reveal: the mark tells it
    nothing (no oracle)."""
    if not fog.on(after):
        return False
    for side in SIDES:
        if _enemies_seen(after, side) - _enemies_seen(before, side):
            return True
    if _memory(before) != _memory(after):
        return True
    if _public(before) != _public(after):
        return True
    new = after["log"][len(before["log"]):]
    if any(e["to"] is None and e["key"] not in _PLAIN_LINES for e in new):
        return True
    if any(e["key"] in ("log.entry_blocked", "log.strategic_blocked", "log.move_blocked") for e in new):
        return True
    return any(e["key"] in ("log.detection", "log.astray") and (e["to"] is None or "allied" in e["to"])
               for e in new)


def _public(state: State) -> tuple[Any, ...]:
    """What every side reads under fog of war whatever it sees (fog.py), and unseen units can change: the VP,
    who holds the important and fortress cities (§13.3(4)), the units off the map and how they left it (a
    reinforcement that came on, a breakthrough §13.5, an escape §13.9, a guard §13.7, an elimination), the
    entries broken through (§13.6). Not the turn a reinforcement is due (one left off slides by the acting
    side's choice, §9.3), nor Skorzeny's unused units (his choice, §9.5(1), told by its own line)."""
    off = {uid: "offmap" if u["status"] == "unused" else u["status"]
           for uid, u in state["units"].items() if u["status"] != "map"}
    return state["vp"], _occupied(state, None), off, tuple(state["broken_through"])


def _enemies_seen(state: State, side: str) -> set[str]:
    eyes = fog.sight(state, side)
    return {uid for uid, u in state["units"].items()
            if u["side"] != side and u["status"] == "map" and fog.seen_by(state, side, uid, eyes)}


def _memory(state: State) -> dict[str, dict[str, str]]:
    if "seen" not in state:  # a new match: nothing remembered yet but what is in sight
        return {side: {uid: state["units"][uid]["hex"] for uid in _enemies_seen(state, side)} for side in SIDES}
    return {side: {uid: mark["hex"] for uid, mark in state["seen"].get(side, {}).items()} for side in SIDES}
