"""§13.5-§13.9 breakthrough: German units breaking through at the Allied entries, the guards against it,
the supply of broken-through units, and the Allied escape."""

from __future__ import annotations

from ...engine.core import Action, State
from .losses import destroy
from .units import Situation, add_vp, board, is_commando, log, name, on_map, spec, tables, unit
from .westwall import uncross

DIRECTIONS = ("N", "NW", "W", "SW", "S")  # §13.7: the neighbouring direction order (AMBIG-7)


# === §13.5-§13.6 breaking through ===

def entry_at(state: State, hex_id: str | None, side: str) -> list[str]:
    return sorted(e.id for e in board(state).entries_of(side) if e.hex == hex_id)


def capacity_left(state: State, eid: str) -> int:
    e = board(state).entries[eid]
    cap = int(tables(state).const("breakthrough_capacity").get(e.colour or "", 0))
    used = sum(1 for u in state["units"].values() if u.get("exit") == eid)
    return cap - used


def breakthrough_actions(state: State, uids: list[str], mp_left: int) -> list[Action]:
    """§13.5: a German unit in the map-edge hex of an Allied entry, with 1 MP left, may break through."""
    t = tables(state)
    if not uids or unit(state, uids[0])["side"] != "german" or any(is_commando(state, u) for u in uids):
        return []  # AMBIG-1: commandos do not break through
    if mp_left < int(t.const("breakthrough_mp")) * t.mp_scale:
        return []
    return [{"type": "break_through", "unit": uids[0], "at": eid}
            for eid in entry_at(state, unit(state, uids[0])["hex"], "allied") if capacity_left(state, eid) >= len(uids)]


def break_through(state: State, uids: list[str], eid: str) -> None:
    t = tables(state)
    for uid in uids:
        u = unit(state, uid)
        u.update(status="exited", hex=None, exit=eid)
        mech = spec(state, uid).mechanised
        add_vp(state, int(t.const("vp_breakthrough_mech" if mech else "vp_breakthrough_nonmech")),
               "breakthrough", unit=name(state, uid))
    log(state, "breakthrough", units=[name(state, u) for u in uids], at=eid)
    if eid not in state["broken_through"]:
        state["broken_through"].append(eid)  # §13.6: closed to Allied reinforcements and supply
        state["pending"].append({"kind": "guard", "side": "allied", "entry": eid})


# === §13.7-§13.8 guards, and the supply of broken-through units ===

def guard_candidates(state: State, eid: str) -> list[str]:
    """§13.7: the reinforcements due at that entry, earliest first; then those of the neighbouring direction,
    and on round the map edge 「S なら SW SW に該当ユニットがなければ NW といった具合」 (AMBIG-7: W lies between SW
    and NW; two directions equally far are one choice); then any Allied unit on the map not in an EZOC (the
    Allied player chooses among equals)."""
    code = board(state).entries[eid].code
    i = DIRECTIONS.index(code)
    tiers = [[DIRECTIONS[j] for j in (i - d, i + d) if 0 <= j < len(DIRECTIONS)] if d else [code]
             for d in range(len(DIRECTIONS))]
    for codes in tiers:
        pool = [uid for uid, u in state["units"].items() if u["side"] == "allied" and (
            (u["status"] == "offmap" and u.get("due") is not None and _entry_code(state, uid) in codes)
            or (u["status"] == "escaped" and u.get("escaped_at") == eid and codes == [code]))]
        if pool:
            first = min(state["units"][u].get("due") or 0 for u in pool)
            return sorted(u for u in pool if (state["units"][u].get("due") or 0) == first)
    ezoc = Situation(state).ezoc("allied")
    return sorted(u for u in on_map(state, "allied") if unit(state, u)["hex"] not in ezoc
                  and not is_commando(state, u))


def _entry_code(state: State, uid: str) -> str | None:
    entry = spec(state, uid).entry
    return entry[1] if entry else None


def place_guard(state: State, uid: str) -> None:
    task = state["pending"].pop(0)
    u = unit(state, uid)
    u.update(status="guard", hex=None, guard_at=task["entry"], due=None)
    log(state, "guard", unit=name(state, uid), at=task["entry"])


def release_guards(state: State) -> None:
    """§13.8: once no broken-through unit of an entry survives, its guard may come back on from it."""
    for u in state["units"].values():
        if u["status"] == "guard":
            eid = u["guard_at"]
            if not any(x["status"] == "exited" and x.get("exit") == eid for x in state["units"].values()):
                u.update(status="offmap", due=state["turn"] + 1, enter_at=board(state).entries[eid].hex)


def broken_through_supply(state: State, ok: set[str]) -> None:
    """§13.8: broken-through units still check supply (AMBIG-24: from their exit edge hex); one that
    becomes isolated is destroyed and its breakthrough VP cancelled."""
    b, t = board(state), tables(state)
    for uid, u in sorted(state["units"].items()):
        if u["status"] != "exited":
            continue
        if b.entries[u["exit"]].hex in ok:
            u["supply"] = "ok"
        elif u["supply"] == "ok":
            u["supply"] = "out"
        else:
            mech = spec(state, uid).mechanised
            add_vp(state, -int(t.const("vp_breakthrough_mech" if mech else "vp_breakthrough_nonmech")),
                   "breakthrough_cancelled", unit=name(state, uid))
            u["status"] = "map"  # destroy() scores it as destroyed
            destroy(state, uid, "isolation")
    release_guards(state)


# === §13.9 escape ===

def escape_actions(state: State, uids: list[str]) -> list[Action]:
    """§13.9: an Allied unit may move off through an Allied entry hex (never by retreat)."""
    if not uids or unit(state, uids[0])["side"] != "allied":
        return []
    return [{"type": "escape", "unit": uids[0], "at": eid}
            for eid in entry_at(state, unit(state, uids[0])["hex"], "allied")]


def escape(state: State, uids: list[str], eid: str) -> None:
    for uid in uids:
        uncross(state, uid)
        unit(state, uid).update(status="escaped", hex=None, escaped_at=eid)
    log(state, "escape", units=[name(state, u) for u in uids], at=eid)
