"""§8.3(3)-(4) the odds of an attack and their shifts: strengths added (halved out of supply or isolated,
§11.3-§11.4), the odds rounded for the defender, then the shifts: the largest hex terrain (§8.3(4), §12.6
a fallen fortress city, §12.7 the West Wall), a river every attacker is across (§3.3(6)), encirclement
(§5.7, never against a fortress city, §12.2) and air support (§10.5-§10.6); shifts count as if columns
went on past 7:1, then the cap. The minimum odds (§8.2(1)) apply to the raw odds.

``assess`` gives the whole reckoning, with each shift's reason; ``preview`` shows every declared
combination to a player as it can judge it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine.core import State
from ...engine.crt import ratio
from .fog import situation_for
from .retreat import retreat_options
from .units import Situation, board, enemy, is_fortress, spec, strength, tables, unit

DICE = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}  # §8.3(5): the chance of each total of two dice


# === §8.3(3) strengths and odds ===

def _halved(state: State, uids: list[str], index: int, up: bool) -> int:
    """§11.3-§11.4: strengths of affected units are added first, then halved."""
    full = sum(strength(state, u)[index] for u in uids if unit(state, u)["supply"] == "ok")
    if index == 0:
        # §11.3: out of supply halves attack; §11.4 isolated too (AMBIG-25: rounded down).
        weak = sum(strength(state, u)[0] for u in uids if unit(state, u)["supply"] != "ok")
        return full + weak // 2
    ok = [u for u in uids if unit(state, u)["supply"] != "isolated"]
    full = sum(strength(state, u)[1] for u in ok)
    weak = sum(strength(state, u)[1] for u in uids if u not in ok)
    return full + (-(-weak // 2) if up else weak // 2)  # §11.4: isolated defence rounds up


def attack_strength(state: State, uids: list[str]) -> int:
    return _halved(state, uids, 0, False)


def defence_strength(state: State, uids: list[str]) -> int:
    return _halved(state, uids, 1, True)


def extended_columns(state: State) -> list[str]:
    """The CRT columns, then 8:1, 9:1... as if they existed (§8.3(4): shifts first, then the 7:1 cap)."""
    cols = list(tables(state).crt.odds.columns)
    return cols + [f"{n}:1" for n in range(8, 100)]


def raw_column(state: State, attack: int, defence: int) -> int | None:
    """§8.3(3): the odds rounded for the defender, as an index into ``extended_columns``."""
    if attack <= 0:
        return None
    odds = Fraction(attack, max(defence, 1))
    best = None
    for i, col in enumerate(extended_columns(state)):
        if odds >= ratio(col):
            best = i
    return best


# === §8.3(4) shifts ===

def terrain_shift(state: State, at: str, defenders: list[str]) -> tuple[int, str | None]:
    """§8.3(4): only the single largest hex-terrain shift counts."""
    b, t = board(state), tables(state)
    keys = [b.terrain_of(at)]
    kind = b.place_kind(at)
    if kind == "fortress" and not is_fortress(state, at):
        kind = "important"  # §12.6: a fallen fortress city is an important city
    if kind is not None:
        keys.append(kind)
    if at in b.west_wall and any(spec(state, d).side == "german" for d in defenders):
        keys.append("west_wall")  # §12.7, AMBIG-23: only when Germans defend; hex terrain
    best, why = 0, None
    for k in keys:
        s = t.shift(k)
        if s < best:
            best, why = s, k
    return best, why


def encircled(state: State, sit: Situation, defenders: list[str]) -> bool:
    """§5.7, AMBIG-10: no defending unit can retreat even one hex (the §8.5(2) test)."""
    return all(not retreat_options(state, sit, d, unit(state, d)["hex"], 1, [unit(state, d)["hex"]], False)
               for d in defenders)


def shifts(state: State, sit: Situation, attackers: list[str], at: str, defenders: list[str]) -> list[dict[str, Any]]:
    """Every shift of the attack, each with its reason (a message key)."""
    t, b = tables(state), board(state)
    out: list[dict[str, Any]] = []
    ts, key = terrain_shift(state, at, defenders)
    if ts:
        out.append({"reason": {"key": f"shift.{key}"}, "shift": ts})
    if attackers and all(b.is_river(unit(state, a)["hex"], at) for a in attackers):
        # §3.3(6): a river adds its shift when every attacker is across one.
        major = all(b.is_major_river(unit(state, a)["hex"], at) for a in attackers) and "major_river" in t.terrain
        rkey = "major_river" if major else "river"
        if t.shift(rkey):
            out.append({"reason": {"key": f"shift.{rkey}"}, "shift": t.shift(rkey)})
    if defenders and not is_fortress(state, at) and encircled(state, sit, defenders):
        # §5.7 / §12.2: encirclement shifts right, never against a fortress city.
        out.append({"reason": {"key": "shift.encirclement"}, "shift": int(t.const("encirclement_shift"))})
    air = state.get("air", {}).get(at)
    if air:
        out.append({"reason": {"key": f"shift.air_{air}"}, "shift": 1 if air == "offence" else -1})
    return out


# === The reckoning ===

def chances(state: State, column: str) -> dict[str, float]:
    """The chance of each CRT result in ``column``."""
    out: dict[str, float] = {}
    for total, p in DICE.items():
        code = tables(state).crt.result(column, total)
        out[code] = out.get(code, 0.0) + p
    return {k: round(v, 4) for k, v in out.items()}


def assess(state: State, sit: Situation, attackers: list[str], at: str) -> dict[str, Any]:
    """The odds of an attack: raw column, every shift with its reason, the final column, the chances."""
    t = tables(state)
    side = unit(state, attackers[0])["side"] if attackers else state["player"]
    defenders = sit.units(at, enemy(side), commandos=False)
    att, dfn = attack_strength(state, attackers), defence_strength(state, defenders)
    cols = list(t.crt.odds.columns)
    ext = extended_columns(state)
    raw = raw_column(state, att, dfn)
    moves = shifts(state, sit, attackers, at, defenders)
    minimum = ext.index(str(t.const("min_odds")))
    out: dict[str, Any] = {"at": at, "attackers": list(attackers), "attack": att, "defence": dfn,
                           "raw": ext[raw] if raw is not None else None, "shifts": moves,
                           "column": None, "odds": None, "chances": {}}
    if raw is None or raw < minimum:
        return out  # §8.2(1), AMBIG-13: the minimum applies to the raw odds
    # §8.3(4): shift as if columns went on past 7:1, then cap; AMBIG-13: below the first column, the first.
    column = cols[min(max(raw + sum(s["shift"] for s in moves), 0), len(cols) - 1)]
    out.update(column=column, odds=column, chances=chances(state, column))
    return out


def preview(state: State, role: str | None) -> dict[str, Any] | None:
    """view["attack"]: the combination being built and every declared one, with odds, as ``role`` can judge
    them (fog of war: the encirclement test sees only what ``role`` sees; the combat itself meets the truth)."""
    c = state.get("combat")
    if not c or state["step"] not in ("declare", "order", "resolve"):
        return None
    sit = situation_for(state, role)
    building = c.get("building")
    current = next((d for d in c["declared"] if d["at"] == building), None)
    return {"attackers": list(current["attackers"]) if current else [], "at": building,
            "candidates": [assess(state, sit, d["attackers"], d["at"]) for d in c["declared"]],
            "order": list(c.get("order") or [])}
