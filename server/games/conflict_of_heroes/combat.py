"""§7: fire combat at rules level 1: what a unit may fire at, the roll against each unit in the target hex, the
hits and hit counters, and rally. The numbers are ``fire.py``'s; this module finds where everyone stands, draws
the dice and the hit counters from the match's rng, and logs every roll with every modifier (``Tally``).
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import State
from . import fire, los
from .fire import Defender, Firer
from .forces import (
    ENEMY,
    board,
    counter,
    data,
    enemies_in_hex,
    enemies_on_map,
    firefight,
    in_hex,
    log,
    now,
    spec,
    tables,
    unit,
    update_control,
)
from .tally import Tally

RALLY_COST = 5  # §7.5: 5AP an attempt


def _p_at_least(n: int) -> float:
    """P(2D6 >= n)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= n) / 36


def ammo(state: State, uid: str) -> str:
    """§15.1: a unit printing one colour fires it; at rules level 1 every unit prints red FP only."""
    fp = now(state, uid).fp
    return "red" if "red" in fp else next(iter(fp))


def targets(state: State, uid: str) -> list[str]:
    """§7.0, §7.6, §6.0, §6.1, §7.63: the hexes the unit may fire at: an enemy-held hex in its arc, within twice
    its range, in its line of sight; or its own hex when enemies share it (close combat). A unit in a hex with
    enemies cannot fire out of it."""
    v = now(state, uid)
    if not v.can_fire:
        return []
    u, m = unit(state, uid), board(state)
    if enemies_in_hex(state, uid):
        return [u["hex"]]
    out = set()
    for e in enemies_on_map(state, u["side"]):
        h = unit(state, e)["hex"]
        d = m.distance(u["hex"], h)
        if los.range_class(d, v.range, v.min_range) is los.RangeClass.OUT:
            continue
        if los.in_arc(m, u["hex"], u["facing"], h) and los.has_los(m, u["hex"], h):
            out.add(h)
    return sorted(out)


def rolled_against(state: State, firer: str, at: str) -> list[str]:
    """§7.7: every unit in the target hex is rolled against, friend and foe (AMBIG-12); close combat from inside
    the hex strikes only the enemy (§7.63)."""
    if at == unit(state, firer)["hex"]:
        return enemies_in_hex(state, firer)
    return [t for t in in_hex(state, at) if t != firer]


def reckon(state: State, firer: str, at: str, target: str) -> tuple[Tally, Tally]:
    """The modified FP of the firer against ``target`` and the target's DV (§7.1-§7.2, §7.61-§7.63, §11.2)."""
    m, f, t = board(state), unit(state, firer), unit(state, target)
    d = m.distance(f["hex"], at)
    kind: fire.FireKind = "close_combat" if d == 0 else "direct"
    fp = fire.attack_fp(Firer(spec(state, firer), counter(state, firer), level=m.ground(f["hex"])),
                        ammo(state, firer), spec(state, target).armour, d, kind, target_level=m.ground(at))  # type: ignore[arg-type]
    flank = d > 0 and los.is_flank_shot(m, at, t["facing"], f["hex"])
    wall = d > 0 and los.crosses_wall(m, f["hex"], at)
    dv = fire.defence_value(tables(state), Defender(spec(state, target), counter(state, target), level=m.ground(at),
                                                    terrain=m.terrain[at], wall=wall), kind, flank=flank,
                            firer_level=m.ground(f["hex"]))
    return fp, dv


def odds(state: State, firer: str, at: str, target: str, cap: int = 0) -> dict[str, Any]:
    """What the roll needs (2D6 >= needed hits once, >= needed + 4 twice, §7.0, AMBIG-1) and its chances."""
    fp, dv = reckon(state, firer, at, target)
    needed = dv.value - fp.value - cap
    two = _p_at_least(needed + fire.TWO_HITS)
    return {"unit": target, "needed": needed, "one_hit": round(_p_at_least(needed) - two, 4),
            "two_hits": round(two, 4)}


def dice(state: State) -> list[int]:
    return [rng.roll(state), rng.roll(state)]


def roll(state: State, firer: str, at: str, target: str, cap: int) -> None:
    """§7.1-§7.4: one roll against one unit of the target hex, the attacker's CAP declared before it (§3.23)."""
    fp, dv = reckon(state, firer, at, target)
    av = fire.attack_value(fp, dice(state), cap)
    n = fire.hits(av.value, dv.value)
    log(state, "roll", firer=firer, target=target, av=av, dv=dv, hits=n)
    hit(state, target, n)


def hit(state: State, uid: str, n: int) -> None:
    """§7.3-§7.4, §5.9: one hit on an unhit unit draws a hit counter at random from the remaining counters of its
    pile; a hit on a unit with a counter, two hits, or a Killed draw destroys it."""
    if n == 0:
        return
    current = counter(state, uid)
    drawn = draw(state, uid) if n == 1 and current is None else None
    result = fire.take_hits(n, current, drawn)
    if result.destroyed:
        destroy(state, uid, "two_hits" if n >= 2 else "hit_again" if current is not None else "killed")
        return
    assert result.counter is not None
    unit(state, uid)["counter"] = result.counter.id
    log(state, "hit_counter", unit=uid, counter={"key": f"counter.{spec(state, uid).hit_pile}.{result.counter.id}"})


def remaining(state: State, pile: str) -> list[str]:
    """§1.0 step 6, AMBIG-13: the counters of a pile not under a unit (a rallied counter, or a destroyed unit's,
    went back to it), one entry per physical counter, in the file's order."""
    left = [c.id for c in data(state).pile(pile)]  # type: ignore[arg-type]
    for uid, u in sorted(state["units"].items()):
        if u["counter"] is not None and spec(state, uid).hit_pile == pile:
            left.remove(u["counter"])
    return left


def draw(state: State, uid: str) -> Any:
    pile = spec(state, uid).hit_pile
    left = remaining(state, pile)
    return data(state).hit_counter(pile, left[rng.randbelow(state, len(left))])


def destroy(state: State, uid: str, reason: str) -> None:
    """§7.3: into the owner's destroyed-unit box; its counter back to the pile; the opponent scores the
    firefight's VP for it; the owner's CAP drops from the next turn on (the pre-turn sequence counts losses)."""
    u = unit(state, uid)
    u.update(status="destroyed", hex=None, facing=None, counter=None, used=True)
    enemy = ENEMY[u["side"]]
    state["vp"][enemy] += firefight(state).vp_per_kill
    period = state["period"]
    if period and period["unit"] == uid:
        period["unit"], period["ap"] = None, 0
    log(state, "destroyed", unit=uid, why={"key": f"why.{reason}"}, vp=firefight(state).vp_per_kill, side=enemy)
    update_control(state)


# --- §7.5 rally ---

def can_rally(state: State, uid: str) -> bool:
    c = counter(state, uid)
    return c is not None and c.rally is not None and not enemies_in_hex(state, uid)


def rally_odds(state: State, uid: str, cap: int) -> dict[str, Any]:
    """What a rally roll needs on 2D6, its modifiers counted, and its chance."""
    c = counter(state, uid)
    assert c is not None and c.rally is not None
    needed = c.rally - (_rally_value(state, uid, [1, 1], cap).value - 2)
    return {"needed": needed, "chance": round(_p_at_least(needed), 4)}


def _rally_value(state: State, uid: str, faces: list[int], cap: int) -> Tally:
    u = unit(state, uid)
    companions = [o for o in in_hex(state, u["hex"], u["side"]) if o != uid and unit(state, o)["counter"] is None]
    return fire.rally_value(tables(state), faces, terrain=board(state).terrain[u["hex"]],
                            unhit_companions=len(companions), cap=cap)


def rally(state: State, uid: str, cap: int) -> None:
    """§7.5, §7.51: 2D6 + cover + unhit units in the hex + CAP >= the counter's rally number removes the counter,
    which goes back to its pile (AMBIG-13)."""
    c = counter(state, uid)
    assert c is not None
    value = _rally_value(state, uid, dice(state), cap)
    ok = fire.rallies(c, value, bool(enemies_in_hex(state, uid)))
    shown = {"key": f"counter.{spec(state, uid).hit_pile}.{c.id}"}
    log(state, "rally", unit=uid, roll=value, needed=c.rally, counter=shown)
    log(state, "rallied" if ok else "not_rallied", unit=uid)
    if ok:
        unit(state, uid)["counter"] = None
