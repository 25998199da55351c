"""LZ Albany: Ia Drang Valley 1965 (Modern War; Japanese translation): §3 setup, §4 the sequence of
play, §4.1 the chit draw, §5.18 victory, and the dispatch of actions.

Rule references (§x.y) are to ``shared/rules/lz_albany.md``; AMBIG-n to its §9.
"""

from __future__ import annotations

from ...engine import chits, rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from ...engine.steps import Auto, Decision, Frame, Machine, SequenceOfPlay, pop, push
from . import activation, combat, events, phases, reinforcements, support
from .data import LZ, SIDES, STANDARD, dataset
from .units import Reason, combat_units_at, finish, gd, log, side_name, strength, tables

PHASES = ("reinforcement", "event", "action", "recovery", "admin")
SCENARIOS = ("historical",)


# === §3 SETUP ===

def setup(scenario: str, options: Options, seed: bytes) -> State:
    if scenario not in SCENARIOS:
        raise IllegalAction(f"Unknown scenario {scenario!r}.")
    return new_state(STANDARD, scenario, options, seed)


def new_state(data: str, scenario: str, options: Options, seed: bytes) -> State:
    """A match on dataset ``data`` (``data.register``): set up, then run to the first decision."""
    gd_ = dataset(data)
    overstack = gd_.tables["stacking"]["overstack_mode"]["default"]
    state: State = {
        "rng": rng.init(seed), "data": data, "scenario": scenario,
        "options": {"overstack": options.get("overstack", overstack)}, "turn": 1, "phase": "setup",
        "units": {}, "cup": [], "spent": [], "drawn": [], "boxes": {g: [] for g in gd_.groups},
        "adrenaline": {s: False for s in SIDES}, "joins": {}, "lone": {}, "visibility": False,
        "air_used": [], "gunship_damaged": [], "flares_left": gd_.tables["flares"]["total"], "flares": [],
        "lit": [],
        "melee_markers": [], "retreat": False, "melee_columbus": False,
        "vp": {s: 0 for s in SIDES}, "stack": [], "result": None, "log": [],
    }
    for uid, s in sorted(gd_.units.items()):
        # §3.2C/E: the units of turn 1 on the map; "historical": at their 13:15 areas (a legal set-up).
        on_map = s.entry_turn == 1
        state["units"][uid] = {"area": s.historical_area if on_map else None,
                               "status": "map" if on_map else "pending", "hits": 0, "markers": []}
    log(state, "setup")
    push(state, {"kind": "turn", "next": 0})
    run(state)
    return state


# === §4 SEQUENCE OF PLAY ===

def _begin_phase(state: State, frame: Frame, phase: str) -> None:
    state["phase"] = phase
    if phase == PHASES[0]:
        log(state, "turn", turn=state["turn"], night=state["turn"] in tables(state)["night"]["turns"])
    log(state, "phase", phase={"key": f"phase.{phase}"})
    BEGIN[phase](state)


def _begin_action(state: State) -> None:
    push(state, {"kind": "draw"}, {"kind": "end_action"})


def _end_turn(state: State, frame: Frame) -> None:
    state["turn"] += 1


# === §4.1 THE CHIT DRAW ===

def _draw(state: State, frame: Frame) -> None:
    """§4 P3: the server draws one chit at random; after it is resolved, the next one."""
    if not state["cup"]:
        pop(state)  # §4 P3: the phase ends when the last chit has been drawn and resolved
        return
    state["lit"] = []  # AMBIG-20: the flares of the last chit's action are out (their markers stay)
    chit = chits.draw(state, "cup")
    c = gd(state).chit(chit)
    state["spent"] = sorted([*state["spent"], chit])
    state["drawn"].append({"chit": chit, "group": None, "face": None})
    log(state, "drawn", chit={"key": f"chit.{chit}"})
    side, kind = c["side"], c["kind"]
    if kind == "fire_move":
        fm = {"kind": "fm", "side": side, "chit": chit, "index": len(state["drawn"]) - 1}
        if side == "us" and state["turn"] in tables(state)["night"]["turns"]:
            push(state, {"kind": "flares", "side": "us", "placed": 0}, fm)  # §5.16: up to 2 flares first
        else:
            push(state, fm)
    elif kind == "adrenaline":
        state["adrenaline"][side] = True  # §5.3: into the Adrenaline box, to await use
    elif kind == "visibility":
        state["visibility"] = True  # §4.1: air attacks drawn after it are cancelled this turn
    else:
        support.begin_chit(state, chit)


# === §4 P5 ADMINISTRATION ===

def admin(state: State) -> None:
    if state["turn"] >= tables(state)["game"]["turns"]:
        end_game(state)  # §4 P5: after turn 10, determine the winner
        return
    # a. §4.2: the NVA automatic victory is checked the instant VP change (AMBIG-4).
    # b. §5.16: the flares on the map are removed; used flares never return.
    state["flares"], state["lit"] = [], []
    state["melee_markers"] = []  # §5.5: the night melee markers (marker removal unstated: with the flares)
    # d. §4 P5: the drawn chits return to the pool (the NVA Adrenaline not after the retreat).
    back = [c for c in state["spent"] if not (state["retreat"] and c == "nva_adr")]
    chits.put(state, "cup", *back)
    state.update(spent=[], drawn=[], boxes={g: [] for g in gd(state).groups}, joins={}, lone={},
                 visibility=False, air_used=[], gunship_damaged=[], adrenaline={s: False for s in SIDES})
    for u in state["units"].values():
        u["markers"] = []  # §5.17: Choi Oi markers last the turn
    log(state, "admin")


# === §5.18 VICTORY ===

def lz_strength(state: State, side: str) -> int:
    """AMBIG-23: combat strength in LZ Albany = the sum of current melee strengths, officers not counted."""
    return sum(strength(state, u, "melee") for u in combat_units_at(state, LZ, side))


def lz_controller(state: State) -> str | None:
    us, nva = lz_strength(state, "us"), lz_strength(state, "nva")
    return "us" if us > nva else "nva" if nva > us else None


def officer_damage(state: State, side: str) -> int:
    """§4.3 「将校の損害」, AMBIG-23: every damage an officer of ``side`` took, i.e. every hit (seed
    §10.4: the 1st wounds, the 2nd kills), whatever became of him (killed, evacuated, on the map)."""
    return sum(state["units"][o]["hits"] for o in gd(state).officers[side])


def casualties_on_map(state: State) -> int:
    return sum(1 for u in state["units"].values() if u["status"] == "casualty")


def end_game(state: State) -> None:
    """§5.18: VP of the end (AMBIG-16/23: LZ control, casualty markers on the map), then ties (§4.3)."""
    controller = lz_controller(state)
    if controller is not None:
        state["vp"][controller] += tables(state)["victory"][controller]["lz_albany_control"]
        log(state, "lz_control", side=side_name(controller))
    markers = casualties_on_map(state)
    if markers:
        state["vp"]["nva"] += markers * tables(state)["victory"]["nva"]["casualty_on_map_at_end"]
        log(state, "casualties_on_map", count=markers)
    us, nva = state["vp"]["us"], state["vp"]["nva"]
    if us != nva:
        finish(state, "us" if us > nva else "nva", Reason.VP)
    elif controller is not None:
        finish(state, controller, Reason.TIE_LZ)  # §4.3: the controller of LZ Albany wins a tie
    else:
        # §4.3: then the side with less officer damage (AMBIG-23: wounds and deaths) wins.
        us_d, nva_d = officer_damage(state, "us"), officer_damage(state, "nva")
        if us_d != nva_d:
            finish(state, "us" if us_d < nva_d else "nva", Reason.TIE_OFFICERS)
        else:
            finish(state, None, Reason.DRAW)  # a further tie is unstated: a draw


def outcome(state: State) -> Outcome | None:
    r = state["result"]
    if r is None:
        return None
    return Outcome(r["winner"], Reason(r["reason"]), r["score"])


# === The machine: every frame kind of the game, and who acts, what they may do, and doing it ===

BEGIN = {"reinforcement": reinforcements.begin, "event": events.begin, "action": _begin_action,
         "recovery": phases.begin_recovery, "admin": admin}

# Every frame of LZ Albany names its side (a reaction, such as return fire, is the opponent's frame).
MACHINE = Machine(
    {"turn": SequenceOfPlay(PHASES, _begin_phase, _end_turn), "draw": Auto(_draw)},
    activation.STEPS, combat.STEPS, support.STEPS, events.STEPS, reinforcements.STEPS, phases.STEPS,
    owner=lambda state: None,
)


def run(state: State) -> None:
    """Run the automatic frames until a decision is due (or the match is over)."""
    MACHINE.run(state)


def current(state: State) -> tuple[Frame, Decision] | None:
    return MACHINE.current(state)


def active_roles(state: State) -> frozenset[Role]:
    return MACHINE.active_roles(state)


def legal_actions(state: State, role: Role) -> list[Action]:
    return MACHINE.legal_actions(state, role)


def apply(state: State, role: Role, action: Action) -> State:
    return MACHINE.apply(state, role, action)
