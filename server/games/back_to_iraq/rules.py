"""Back to Iraq: the set-up of a match and the legal actions of each step of play, composed into one step machine
(``engine.steps``): the sequence of play (sequence.py), the set-up (setup.py), movement (movement.py), combat and
its results (combat.py, results.py).

Rule references (§x.y) are to ``shared/rules/back_to_iraq.md``; LOST-k and AMBIG-n to its §10.3 and §12.
"""

from __future__ import annotations

from ...engine import rng
from ...engine.core import Action, IllegalAction, Options, Outcome, Role, State
from ...engine.steps import Auto, Decision, Frame, Machine, pop, push
from . import (
    air,
    airborne,
    airmobility,
    al_qaeda,
    combat,
    israel,
    movement,
    nida,
    optional,
    results,
    scud,
    sof,
    sof_ops,
    sow,
    supply,
    targets,
)
from . import setup as placement
from .control import initial_control
from .data import STANDARD
from .forces import ENEMY, at, log, tables
from .sequence import KINDS, Reason
from .supply import out_of_supply

SCENARIOS = ("1", "2")


def new_state(data: str, scenario_id: str, options: Options, seed: bytes) -> State:
    state: State = {
        "rng": rng.init(seed), "data": data, "scenario": scenario_id, "options": dict(options),
        "turn": 1, "player": "coalition", "phase": "setup", "weather": "fair", "order": None,
        "regroup": {"marker": None, "now": None}, "mipp": 0, "units": {}, "control": {}, "lost_sources": [],
        "no_zoc": [], "air_supply": None, "mover": None, "attacked_hexes": [], "result": None, "log": [],
        "stack": [],
        # §14: the year type, units stuck in salt marsh, the supports used this turn, a limited retaliation's
        # chemical attacks, the 101st's Bad-weather range
        "year": None, "bogged": [], "used": {}, "coalition_chemical": 0, "range_101st": None,
        "nuclear_used": 0, "burst": None, "ruined": {},  # §14.8-§14.12
    }
    optional.year(state)  # §14.1: before any unit is placed
    state["units"] = placement.start_units(state)
    targets.init(state)  # §G1.1: the strategic targets in their cup
    state["control"] = initial_control(state)
    # §3.1, §9.2: the turn marker on 1, the regroup marker on LOST-3, MIPP 0
    state["regroup"]["marker"] = int(tables(state).lost("LOST-3"))
    state["mipp"] = int(tables(state).raw["mipp"]["start"])
    log(state, "setup", scenario=scenario_id)
    # §3.1: the Coalition sets up first, then the Islamic player; then turn 1
    sides = ("coalition", "islamic") if placement.free(state) else ()
    setups = [f for side in sides for f in ({"kind": placement.STEP, "side": side}, {"kind": "stacking"})]
    # §G3.10: then the Islamic player may turn units into SOF; §G1.1: he places his strategic targets
    markers = [targets.frame()] if targets.on(state) else []
    arrivals = al_qaeda.arrival(state)  # §G5.4: the roll at the initial set-up, placed after the Islamic set-up
    push(state, *setups, *arrivals, *sof.formation_frames(state), *markers, *nida.frames(state), {"kind": "begin"},
         {"kind": "turn", "next": 0})
    MACHINE.run(state)
    return state


def setup(scenario_id: str, options: Options, seed: bytes) -> State:
    if scenario_id not in SCENARIOS:
        raise IllegalAction(f"Unknown scenario {scenario_id!r}.")
    return new_state(STANDARD, scenario_id, options, seed)


def outcome(state: State) -> Outcome | None:
    r = state["result"]
    if r is None:
        return None
    return Outcome(r["winner"], Reason(r["reason"]), {"islamic": int(state["mipp"])})


# === The steps and their verbs ===

def _begin(state: State, frame: Frame) -> None:
    """After the set-up: the ZOCs of turn 1 are those of the Coalition units in supply (§7.4)."""
    pop(state)
    state["no_zoc"] = out_of_supply(state, "coalition")
    state["phase"] = "weather_regroup"
    log(state, "turn", turn=1)


def _movement_actions(state: State, frame: Frame) -> list[Action]:
    """§10, with §G5.2(2) the Israeli arrival and §G5.5 the air moves before the end of the phase; §G5.3(1) the
    Israelis never move out of Iraq and Iran."""
    side = frame["side"]
    moves = [a for a in movement.actions(state, side) if israel.keeps_theatre(state, a)]
    return [*moves[:-1], *israel.arrival_actions(state, side), *airmobility.actions(state, side), moves[-1]]


def _advance_actions(state: State, frame: Frame) -> list[Action]:
    return [a for a in results.advance_actions(state, frame) if israel.keeps_theatre(state, a)]  # §G5.3(1)


def _sof_operation(state: State, frame: Frame, action: Action) -> None:
    """§G3.6; §G5.4(2): an SOF operation involving an Al Qaeda unit (an Al Nida SOF) gives the Islamic player MIPP."""
    involved = [action["unit"], *([action["hq"]] if action.get("hq") else [])]
    sof_ops.operate(state, frame, action)
    al_qaeda.combat_mipp(state, involved)


def _move(state: State, frame: Frame, action: Action) -> None:
    movement.move(state, action)


def _mode(state: State, frame: Frame, action: Action) -> None:
    movement.change_mode(state, action)


def _end_movement(state: State, frame: Frame, action: Action) -> None:
    movement.end_movement(state)
    pop(state)


def _attack(state: State, frame: Frame, action: Action) -> None:
    side = frame["side"]
    push(state, {"kind": "attack", "side": side, "at": action["at"],
                 "attackers": combat.default_attackers(state, side, action["at"])})


def _end_combat(state: State, frame: Frame, action: Action) -> None:
    pop(state)


def _add(state: State, frame: Frame, action: Action) -> None:
    frame["attackers"] = sorted({*frame["attackers"], action["unit"]})
    if not combat.valid(state, frame["side"], frame["attackers"]):
        frame["attackers"] = [action["unit"]]  # §3.8: a unit of another group starts the attack afresh


def _drop(state: State, frame: Frame, action: Action) -> None:
    frame["attackers"] = [u for u in frame["attackers"] if u != action["unit"]]


def _resolve(state: State, frame: Frame, action: Action) -> None:
    """§11.10. Before the die the defender may add its supports (§13.6 the 101st, §14 the optional ones)."""
    if not frame.get("asked") and _defence_actions(state, frame):
        frame["asked"] = True
        push(state, {"kind": "defence", "side": ENEMY[frame["side"]], "at": frame["at"]})
        return
    results.resolve(state, frame)


def _defence_actions(state: State, attack: Frame) -> list[Action]:
    """The defender's supports: the 101st beside no Islamic unit and within reach (§13.6), the Heavy Attack
    marker, naval gunfire, chemical warfare (§14)."""
    defender = ENEMY[attack["side"]]
    out: list[Action] = []
    if defender == "coalition" and "support" not in attack:
        out += [{"type": "support", "unit": u} for u in airborne.supporters(state, attack["at"])]
    return out + optional.support_actions(state, attack, defender, at(state, attack["at"]))


def _defence_frame_actions(state: State, frame: Frame) -> list[Action]:
    return [*_defence_actions(state, state["stack"][-2]), {"type": "no_support"}]


def _defend(state: State, frame: Frame, action: Action) -> None:
    attack = state["stack"][-2]
    if action["type"] == "support":
        attack["support"] = action["unit"]
        log(state, "support", unit=action["unit"], at=frame["at"])
        return
    if action["type"] != "no_support":
        optional.add_support(state, attack, frame["side"], action)
        return
    pop(state)
    results.resolve(state, attack)


def _attack_support(state: State, frame: Frame, action: Action) -> None:
    optional.add_support(state, frame, frame["side"], action)


def _air_supply(state: State, frame: Frame, action: Action) -> None:
    supply.place_air_supply(state, action["at"])


def _cancel(state: State, frame: Frame, action: Action) -> None:
    pop(state)


def _never(state: State, frame: Frame) -> bool:
    return False


STEPS = {
    placement.STEP: Decision(placement.actions, {"select": placement.select, "deselect": placement.select,
                                                 "place": placement.place, "end_setup": placement.end_setup}),
    "movement": Decision(_movement_actions,
                         {"move": _move, "dismount": _mode, "remount": _mode, "air_supply": _air_supply,
                          "air_move": sof.start_air, "end_movement": _end_movement,
                          "israeli_arrival": israel.arrive, "air_move_unit": airmobility.fly},
                         over=_never),
    "combat": Decision(lambda state, frame: combat.combat_actions(state, frame["side"]),
                       {"attack": _attack, "sof_operation": _sof_operation, "air_supply": _air_supply,
                        "end_combat": _end_combat}, over=_never),
    "attack": Decision(combat.attack_actions, {"add": _add, "drop": _drop, "resolve": _resolve, "cancel": _cancel,
                                               "heavy_attack": _attack_support, "naval": _attack_support,
                                               "chemical": _attack_support}, over=_never),
    "retreat": Decision(results.retreat_actions, {"retreat": results.retreat, "no_retreat": results.no_retreat}),
    "defence": Decision(_defence_frame_actions, {
        "support": _defend, "heavy_attack": _defend, "naval": _defend, "chemical": _defend, "no_support": _defend}),
    targets.STEP: Decision(targets.placement_actions, {
        "select_target": targets.select, "deselect_target": targets.select, "place_target": targets.place_chosen,
        "place_drawn": targets.place_drawn}),
    scud.STEP: Decision(scud.actions, {"scud": scud.fire, "end_scuds": scud.end}),
    air.STEP: Decision(air.placement_actions, {"air_strike": air.place, "resolve_air": air.resolve_all}),
    air.CHOICE: Decision(air.choice_actions, {"air_suppress": air.choose, "air_strategic": air.choose}),
    sow.CHOICE: Decision(sow.choice_actions, {"sow_operation": sow.choose}),  # §G5.6
    "massive": Decision(optional.massive_actions, {"remove_stack": results.remove_stack}),
    "lose_step": Decision(results.lose_step_actions, {"take_step": results.take_step}),
    "advance": Decision(_advance_actions, {"advance": results.advance, "end_advance": results.end_advance}),
    sof.AIR: Decision(sof.air_frame_actions, {"air_land": sof.air_land, "cancel": _cancel}),  # §G3.9
    sof.FORMATION: Decision(sof.formation_actions, {"form_sof": sof.decide_formation,  # §G3.10
                                                    "keep_unit": sof.decide_formation}),
}

MACHINE = Machine(STEPS, KINDS, {"begin": Auto(_begin), nida.STEP: Auto(nida.arrive)},
                  owner=lambda state: state["player"])


def active_roles(state: State) -> frozenset[Role]:
    return MACHINE.active_roles(state)


def legal_actions(state: State, role: Role) -> list[Action]:
    actions = MACHINE.legal_actions(state, role)
    if actions and role == "islamic" and _may_reveal(state):
        actions += targets.reveal_actions(state)  # §G1.4(4): at any time, on any decision of his
    return actions


def _may_reveal(state: State) -> bool:
    frame = state["stack"][-1] if state["stack"] else None
    return targets.on(state) and frame is not None and frame["kind"] not in (placement.STEP, targets.STEP)


def apply(state: State, role: Role, action: Action) -> State:
    if action["type"] == "reveal_target":
        targets.reveal_at_will(state, action)
        MACHINE.run(state)
        return state
    return MACHINE.apply(state, role, action)

