"""§3.0-§3.22, §5.0-§5.3, §5.1, §7.0, §7.5: what one unit may do as one action, in which capacity, at what cost.

A unit acts in one of four capacities (``mode``): ``activate`` (the active player's one unit activation of the
period: 7AP, and this is its first action, §3.0), ``active`` (a further action of the activated unit, its AP
topped up 1:1 by CAP, §3.21), ``opportunity`` (an unused unit that is not activated: free, then used, §3.1) and
``command`` (any unit on the map: CAP equal to the cost, its status unchanged, §3.22). The verbs: ``move`` (into
an adjacent hex: a front hex, or a flank hex at +1AP reverse, §5.2), ``pivot`` (1AP, §5.3), ``fire`` (at a hex,
§7.0; close combat at the own hex, §7.63), ``rally`` (5AP, §7.5), ``enter`` (a reinforcement's entry, §5.1).

Every action carries its ``cost`` note, ``{"ap": .., "cap": ..}``: what taking it spends (a rally's CAP die
modifier included); a fire's note adds the roll each unit of the target hex needs and its chances of one and of
two hits at no CAP, as a rally's adds what it needs and its chance.
"""

from __future__ import annotations

from typing import Any

from ...engine.core import Action, IllegalAction, Role, State
from . import combat, movement
from .board import FACINGS
from .fire import MAX_CAP
from .forces import board, counter, enemies_on_map, firefight, log, now, spec, tables, unit, update_control

ACTIVATION_AP = 7  # §3.0
PIVOT_COST = 1  # §5.3
MODES = ("activate", "active", "opportunity", "command")


def modes(state: State, side: Role, uid: str, reacting: bool) -> list[str]:
    """The capacities in which ``uid`` may act now (the reacting player never activates, §3.1)."""
    u, period = unit(state, uid), state["period"]
    if u["side"] != side:
        return []
    if u["status"] == "waiting":
        # §5.1: a reinforcement comes in by being activated, on its turn or later
        due = next(r.turn for r in firefight(state).reinforcements if r.id == uid) <= state["turn"]
        return ["activate"] if due and not reacting and not period["activated"] else []
    if u["status"] != "map":
        return []
    if not reacting and period["unit"] == uid:
        return ["active"]
    out = []
    if not u["used"]:
        if not reacting and not period["activated"]:
            out.append("activate")
        out.append("opportunity")
    out.append("command")
    return out


def payment(state: State, side: Role, mode: str, cost: int) -> tuple[int, int] | None:
    """(AP, CAP) that an action of ``cost`` AP spends in this capacity, or None if it cannot be paid."""
    cap = state["cap"][side]
    if mode == "opportunity":
        return 0, 0
    if mode == "command":
        return (0, cost) if cost <= cap else None
    ap = ACTIVATION_AP if mode == "activate" else state["period"]["ap"]
    spend = min(ap, cost)
    return (spend, cost - spend) if cost - spend <= cap else None


def verbs(state: State, uid: str) -> list[tuple[dict[str, Any], int, dict[str, Any]]]:
    """(the action's own fields, its AP cost, extra notes) for each thing ``uid`` could do, before capacity."""
    u, v, m = unit(state, uid), now(state, uid), board(state)
    out: list[tuple[dict[str, Any], int, dict[str, Any]]] = []
    if u["status"] == "waiting":
        for h in next(r.entry for r in firefight(state).reinforcements if r.id == uid):
            # §5.1: entering costs the entry hex's movement cost
            out.append(({"type": "enter", "to": h}, spec(state, uid).move_cost
                        + tables(state).infantry[m.terrain[h]].move, {}))
        return out
    if v.can_move:
        barred = exits_barred(state, uid)
        for n in m.neighbours(u["hex"]):
            if n in barred:
                continue
            try:
                cost = movement.infantry_cost(m, tables(state), spec(state, uid), u["hex"], n, u["facing"],
                                              counter=counter(state, uid))
            except IllegalAction:
                continue
            out.append(({"type": "move", "to": n}, cost.value, {}))
    if v.can_pivot:
        out += [({"type": "pivot", "facing": f}, PIVOT_COST, {}) for f in FACINGS if f != u["facing"]]
    if v.can_fire:
        assert v.fire_cost is not None
        for h in combat.targets(state, uid):
            notes = {"odds": [combat.odds(state, uid, h, t) for t in combat.rolled_against(state, uid, h)]}
            out.append(({"type": "fire", "at": h}, v.fire_cost, notes))
    if combat.can_rally(state, uid):
        out.append(({"type": "rally"}, combat.RALLY_COST, {}))
    return out


def exits_barred(state: State, uid: str) -> set[str]:
    """§7.63, AMBIG-10: leaving a hex shared with an enemy that entered it this turn, a unit may not go into the
    hex that enemy came from, nor the two hexes adjacent to both."""
    u, m = unit(state, uid), board(state)
    out: set[str] = set()
    for e in enemies_on_map(state, u["side"]):
        eu = unit(state, e)
        if eu["hex"] == u["hex"] and eu["came_turn"] == state["turn"] and eu["came_from"]:
            o = eu["came_from"]
            out |= {o} | (set(m.neighbours(o)) & set(m.neighbours(u["hex"])))
    return out


def offered(state: State, side: Role, reacting: bool) -> list[Action]:
    """Every unit action ``side`` may take now, by unit, capacity, then verb (a stable order)."""
    out: list[Action] = []
    for uid in sorted(state["units"]):
        ms = modes(state, side, uid, reacting)
        if not ms:
            continue
        options = verbs(state, uid)
        for mode in ms:
            for fields, cost, notes in options:
                if mode != "activate" and fields["type"] == "enter":
                    continue
                paid = payment(state, side, mode, cost)
                if paid is None:
                    continue
                action = {**fields, "unit": uid, "mode": mode}
                if fields["type"] == "rally":
                    # §3.23: the rally roll's CAP is declared with it
                    for cap in range(0, min(MAX_CAP, state["cap"][side] - paid[1]) + 1):
                        out.append({**action, "cap": cap, "cost": {"ap": paid[0], "cap": paid[1] + cap,
                                                                   **combat.rally_odds(state, uid, cap)}})
                    continue
                out.append({**action, "cost": {"ap": paid[0], "cap": paid[1], **notes}})
    return out


def take(state: State, side: Role, action: Action) -> list[dict[str, Any]]:
    """Pay for a checked unit action and carry it out; returns the frames that finish it (the free facing after
    a move, §5.2; the rolls of a fire, §7.7), to run before any reaction."""
    uid, mode, verb = action["unit"], action["mode"], action["type"]
    u, period = unit(state, uid), state["period"]
    cost = next(c for f, c, _ in verbs(state, uid) if all(action.get(k) == v for k, v in f.items()))
    paid = payment(state, side, mode, cost)
    assert paid is not None
    ap, cap = paid
    state["cap"][side] -= cap
    if mode == "activate":
        # §3.0: the one activation of the period; the unit gets 7AP
        period.update(unit=uid, ap=ACTIVATION_AP - ap, activated=True)
    elif mode == "active":
        period["ap"] -= ap
    log(state, "action", unit=uid, mode={"key": f"mode.{mode}"}, verb={"key": f"verb.{verb}"}, ap=ap, cap=cap)
    frames: list[dict[str, Any]] = []
    if verb in ("move", "enter"):
        if verb == "enter":
            u.update(status="map", facing=FACINGS[0])
        u.update(came_from=u["hex"], came_turn=state["turn"], hex=action["to"])
        log(state, "moved", unit=uid, to=action["to"])
        update_control(state)
        frames.append({"kind": "face", "side": side, "unit": uid})
    elif verb == "pivot":
        u["facing"] = action["facing"]
        log(state, "pivoted", unit=uid, facing=action["facing"])
    elif verb == "fire":
        frames.append({"kind": "roll", "side": side, "firer": uid, "at": action["at"],
                       "left": combat.rolled_against(state, uid, action["at"])})
    elif verb == "rally":
        state["cap"][side] -= action["cap"]
        combat.rally(state, uid, action["cap"])
    if mode == "opportunity":
        u["used"] = True  # §3.1: flipped once its action is taken
    if period["unit"] == uid and period["ap"] == 0:
        # §3.0: its last AP spent, the activated unit is flipped to used at once
        u["used"], period["unit"] = True, None
    return frames
