"""§G1: the strategic targets, markers the Islamic player places face down in cities and towns at set-up, and what
happens to them: revealed by a Coalition ground unit entering (and removed), by recon, by the Islamic player at
any time; removed by air strikes without being revealed; the Scud attacks of the SSM markers (§G1.5); their
weight at the end of the game (§G1.6).

A marker's record in ``state["targets"]`` (only with the option ``strategic_targets``): ``kind`` (the secret while
face down), ``hex``, ``face`` (``down``/``up``), ``status`` (``pool``: not placed yet; ``map``; ``removed``; ``out``:
left over after the set-up, never in play), ``seen`` (the Islamic player has looked at it: §G1.1 the drawn ones
only after the whole placement), ``active`` (a Rebellion that rose for good), ``fired`` (the turn an SSM last
fired). Ids are given in the order of placement, so an id says nothing about a kind.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Frame, pop
from .forces import board, log, scenario, tables
from .mipp import mipp_check, mipp_gain
from .neutralized import face_up_working, working

STEP = "targets"
OPTION = "strategic_targets"


def on(state: State) -> bool:
    return bool(state["options"].get(OPTION))


def markers(state: State, status: str = "map") -> Iterator[tuple[str, dict[str, Any]]]:
    for tid in sorted(state.get("targets", {})):
        rec = state["targets"][tid]
        if rec["status"] == status:
            yield tid, rec


def at(state: State, hex_id: str) -> list[str]:
    return [tid for tid, rec in markers(state) if rec["hex"] == hex_id]


def face_up(state: State, kind: str) -> list[str]:
    """The hexes of the face-up markers of ``kind`` on the map (what the Coalition knows of them)."""
    return sorted(rec["hex"] for _, rec in markers(state) if rec["face"] == "up" and rec["kind"] == kind)


def c3i_present(state: State) -> bool:
    """§G1 C3I: while any C3I is on the map, face up or down, Iraqi units may advance after combat (§G5.6: unless
    the SOW has neutralized it, which only a face-up one can be). Without the strategic targets the rule does not
    bind."""
    return "targets" not in state or any(rec["kind"] == "c3i" and working(state, rec) for _, rec in markers(state))


def init(state: State) -> None:
    """§G1.1: the counter mix (``tables.json`` ``strategic_targets``, 30 markers) in a cup, shuffled."""
    if not on(state):
        return
    mix = tables(state).raw["strategic_targets"]
    kinds = [k for k, n in mix.items() for _ in range(int(n))]
    rng.shuffle(state, kinds)
    state["targets"] = {f"t{i + 1:02d}": {"kind": k, "hex": None, "face": "down", "status": "pool", "seen": False,
                                          "active": False, "fired": None} for i, k in enumerate(kinds)}
    state["israel"] = None  # §G1.5: the turn of the first Israeli retaliation


def frame() -> Frame:
    return {"kind": STEP, "side": "islamic", "stage": "choose", "placed": 0, "selected": None}


# === §G1.1 Placement ===

def counts(state: State) -> dict[str, int]:
    """LOST-41: markers per hex; chosen and drawn counts; (Scenario 2) the minimum in Iraq."""
    v = tables(state).lost("LOST-41")
    s = v[f"s{scenario(state)}"]
    return {"per_hex": int(v["per_hex"]), "choose": int(s["choose"]), "draw": int(s["draw"]),
            "min_in_iraq": int(s.get("min_in_iraq", 0))}


def legal_hexes(state: State, drawn: bool, kind: str | None = None) -> list[str]:
    """§G1.1: cities and towns, at most LOST-41 a hex. Scenario 1: in Iraq outside the Kurdish area. Scenario 2: in
    Iraq or Iran, the drawn ones outside the Kurdish area; at least LOST-41 markers in Iraq, every chosen C3I
    there (a drawn C3I is unseen when placed, so it cannot be held to it: PROVENANCE)."""
    b = board(state)
    n = counts(state)
    placed = [rec for _, rec in markers(state)]
    full = {h for h in {r["hex"] for r in placed} if sum(r["hex"] == h for r in placed) >= n["per_hex"]}
    countries = {"iraq"} if scenario(state) == 1 else {"iraq", "iran"}
    if scenario(state) == 2:
        left = n["choose"] + n["draw"] - len(placed)
        in_iraq = sum(b.country[r["hex"]] == "iraq" for r in placed)
        if n["min_in_iraq"] - in_iraq >= left or kind == "c3i":
            countries = {"iraq"}
    kurds_out = scenario(state) == 1 or drawn
    return [h for h, p in sorted(b.places.items())
            if p["kind"] in ("city", "town") and b.country[h] in countries and h not in full
            and not (kurds_out and h in b.kurdish_area)]


def placement_actions(state: State, f: Frame) -> list[Action]:
    if f["stage"] == "draw":
        return [{"type": "place_drawn", "to": h} for h in legal_hexes(state, True)]
    if f["selected"] is None:
        kinds = sorted({rec["kind"] for _, rec in markers(state, "pool")})
        return [{"type": "select_target", "marker": k} for k in kinds]
    return [*({"type": "place_target", "marker": f["selected"], "to": h}
              for h in legal_hexes(state, False, f["selected"])), {"type": "deselect_target"}]


def select(state: State, f: Frame, action: Action) -> None:
    f["selected"] = action.get("marker")  # deselect: None


def _next_in_pool(state: State) -> str:
    return next(tid for tid, _ in markers(state, "pool"))


def place_chosen(state: State, f: Frame, action: Action) -> None:
    """§G1.1(1): a marker he sorted out of the mix. It takes the next id: the kind moves to it."""
    tid = _next_in_pool(state)
    pool = state["targets"]
    other = next(t for t, rec in markers(state, "pool") if rec["kind"] == action["marker"])
    pool[tid]["kind"], pool[other]["kind"] = pool[other]["kind"], pool[tid]["kind"]
    _put(state, tid, action["to"], seen=True)
    f["selected"] = None
    log(state, "target_chosen", readers=["islamic"], target=tid, what={"key": f"marker.{action['marker']}"},
        to=action["to"])
    _advance(state, f)


def place_drawn(state: State, f: Frame, action: Action) -> None:
    """§G1.1(2): the next marker drawn from the cup, placed without looking."""
    _put(state, _next_in_pool(state), action["to"], seen=False)
    _advance(state, f)


def _put(state: State, tid: str, hex_id: str, seen: bool) -> None:
    state["targets"][tid].update(hex=hex_id, status="map", seen=seen)
    log(state, "target_placed", target=tid, to=hex_id)


def _advance(state: State, f: Frame) -> None:
    f["placed"] += 1
    n = counts(state)
    if f["stage"] == "choose" and f["placed"] >= n["choose"]:
        f["stage"] = "draw"
    if f["placed"] >= n["choose"] + n["draw"]:
        # §G1.1(3): after the placement he may look at them; what is left in the cup is out of the game
        for _, rec in list(markers(state)):
            rec["seen"] = True
        for _, rec in list(markers(state, "pool")):
            rec["status"] = "out"
        log(state, "targets_done")
        pop(state)


# === §G1.3-§G1.4 Revealing and removing ===

def reveal(state: State, tid: str, how: str) -> None:
    """§G1.3: face up for good, the kind known to all; what a kind does when revealed (§G1 chart)."""
    rec = state["targets"][tid]
    if rec["face"] == "up":
        return
    rec["face"] = "up"
    log(state, "target_revealed", target=tid, what={"key": f"marker.{rec['kind']}"}, hex=rec["hex"],
        how={"key": f"reveal.{how}"})
    if rec["kind"] == "war_information":
        # §G1 War Information: a MIPP check with +n to the die
        mipp_check(state, "war_information", int(tables(state).also_lost("war_information_modifier")))
    elif rec["kind"] == "rebellion":
        die = rng.roll(state)
        faces = tables(state).lost("LOST-44")  # LOST-44
        rec["active"] = die in faces["permanent"]
        log(state, "rebellion", die=die, hex=rec["hex"], risen=rec["active"])


def remove(state: State, tid: str) -> None:
    """Off the map for good. A face-down marker keeps its secret to the end of the game (§G1.4(3), §10.1)."""
    rec = state["targets"][tid]
    rec["status"] = "removed"
    log(state, "target_removed", target=tid, hex=rec["hex"])


def entered(state: State, side: str, hexes: list[str]) -> None:
    """§G1.4(1): a Coalition ground unit entering (or passing through) a hex reveals its markers and removes
    them; a Rebellion that rises stays, face up, and can be neither attacked nor removed."""
    if side != "coalition" or not on(state):
        return
    for h in hexes:
        for tid in at(state, h):
            rec = state["targets"][tid]
            if rec["active"]:
                continue
            reveal(state, tid, "entered")
            if not rec["active"]:
                remove(state, tid)


def reveal_actions(state: State) -> list[Action]:
    """§G1.4(4): the Islamic player may reveal any of his face-down markers at any time (on any decision of his)."""
    return [{"type": "reveal_target", "target": tid} for tid, rec in markers(state) if rec["face"] == "down"]


def reveal_at_will(state: State, action: Action) -> None:
    reveal(state, action["target"], "islamic")


def rebellions(state: State) -> list[str]:
    """§G1 Rebellion: the hexes of the risen Rebellions."""
    return sorted(rec["hex"] for _, rec in markers(state) if rec["active"])


def rebel_zone(state: State) -> frozenset[str]:
    """§G1 Rebellion: a risen Rebellion's hex and the hexes adjacent, where Islamic units pay more to enter."""
    b = board(state)
    return frozenset(h for r in rebellions(state) for h in (r, *b.neighbours(r)))


def rebel_blocks(state: State) -> frozenset[str]:
    """§G1 Rebellion: Islamic supply lines cannot pass the zone unless an Islamic unit holds the Rebellion hex."""
    b = board(state)
    held = {rec["hex"] for rec in state["units"].values() if rec["status"] == "map" and rec["side"] == "islamic"}
    return frozenset(h for r in rebellions(state) if r not in held for h in (r, *b.neighbours(r)))


def rebellion_mp(state: State) -> int:
    return int(tables(state).lost("LOST-44")["mp"])  # LOST-44


def installations(state: State) -> list[str]:
    """§G1 Military Installation: a face-up one in a city makes it a supply source for that country's units."""
    b = board(state)
    return [h for h in face_up_working(state, "military_installation") if b.place_kind(h) == "city"]


def revealed_adc(state: State) -> int:
    return len(face_up_working(state, "adc"))  # §G5.6: a neutralized one does nothing


# === §G1.6 Victory ===

def mipp_limit_rise(state: State) -> int:
    """§G1.6(3): the threshold rises by LOST-32."""
    return int(tables(state).lost("LOST-32")) if on(state) else 0  # LOST-32


def end_of_game(state: State) -> int:
    """§G1.6(1)-(2): 1d6 MIPP per WMD still on the map; and a city for the Coalition when no terrorist base and no
    WMD is left on the map (its "removed all of them"). Returns the cities it adds."""
    if not on(state):
        return 0
    left = [rec for _, rec in markers(state)]
    for rec in left:
        if rec["kind"] == "wmd":
            mipp_gain(state, rng.roll(state), "wmd")
    return int(not any(rec["kind"] in ("wmd", "terrorist_base") for rec in left))
