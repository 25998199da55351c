"""§14: the optional rules, each a match option: weather (§14.1-§14.3), chemical warfare and Washington's response
(§14.4-§14.7), Islamic nuclear weapons (§14.8-§14.13, Scenario 2), naval gunfire support (§14.14), the US 4th
Mechanized Division (§14.15), the Heavy Attack marker (§14.16) and the MEF's amphibious movement (§14.17,
movement.py). Without an option its rule does not exist: every turn is Fair, and so on.

The combat supports are chosen inside an attack, before it is rolled: the attacker's with the attack (``attack``
frame), the defender's in its own frame (``defence``, rules.py), and their effects kept in the attack's frame:
``heavy`` (the side it favours), ``naval`` (the unit and the die), ``chemical`` (who used it).
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.core import Action, State
from ...engine.steps import Frame, push
from .control import sudden_death
from .forces import at, board, log, on_map, printed, spec, tables, unit
from .mipp import mipp_check
from .terrain import place_kind


def on(state: State, name: str) -> bool:
    return bool(state["options"].get(name))


# === §14.1-§14.3 Weather ===

def year(state: State) -> None:
    """§14.1 (LOST-33): before set-up one die: a dry year or a wet-winter year."""
    if not on(state, "weather"):
        return
    die = rng.roll(state)
    kinds = tables(state).lost("LOST-33")  # LOST-33
    state["year"] = next(k for k, faces in kinds.items() if die in faces)
    log(state, "year", die=die, year={"key": f"year.{state['year']}"})


def weather(state: State) -> None:
    """§14.2 (LOST-34): turn 1 is Fair; then a dry year rolls two dice, Bad on 2 or 12, a wet winter one die, Bad
    on 1 or 2. §14.3: a mech unit in salt marsh when Bad weather comes cannot move until it is Fair again."""
    before = state["weather"]
    if not on(state, "weather") or state["turn"] == 1:
        state["weather"] = "fair"
    else:
        rule = tables(state).lost("LOST-34")[state["year"]]  # LOST-34
        dice = [rng.roll(state) for _ in range(int(rule["dice"]))]
        state["weather"] = "bad" if sum(dice) in rule["bad"] else "fair"
        log(state, "weather", dice=dice, weather={"key": f"weather.{state['weather']}"})
    if state["weather"] == "bad" and before != "bad":
        b = board(state)
        state["bogged"] = sorted(u for u in on_map(state) if spec(state, u).movement_class == "mech"
                                 and b.terrain[unit(state, u)["hex"]] == "salt_marsh"
                                 and not unit(state, u).get("dismounted"))
    elif state["weather"] == "fair":
        state["bogged"] = []
    if state["weather"] == "bad":
        # §13.8 (LOST-29): the 101st's range this turn is a die less LOST-29
        state["range_101st"] = max(0, rng.roll(state) - int(tables(state).lost("LOST-29")))
        log(state, "range_101st", range=state["range_101st"])


def bogged(state: State, uid: str) -> bool:
    """§14.3: stuck in salt marsh until Fair: it may not move or attack (it defends normally)."""
    return uid in state.get("bogged", ())


# === Combat supports ===

def _coastal_units(state: State, units: list[str], side: str) -> list[str]:
    coast = board(state).coastal
    return [u for u in units if unit(state, u)["hex"] in coast and spec(state, u).side == side]


def support_actions(state: State, frame: Frame, side: str, units: list[str]) -> list[Action]:
    """The supports ``side`` may add to the combat in ``frame`` (its ``units`` fight in it): §14.16 the Heavy Attack
    marker and §14.14 naval gunfire (the Coalition's, once a game turn each), §14.4 chemical warfare (the Islamic
    player's, in any combat) and a limited retaliation's chemical attack (§14.6: not on a city or town)."""
    out: list[Action] = []
    used = state.setdefault("used", {})
    if side == "coalition":
        if on(state, "heavy_attack") and not used.get("heavy") and "heavy" not in frame:
            out.append({"type": "heavy_attack"})
        if on(state, "naval") and not used.get("naval") and "naval" not in frame:
            out += [{"type": "naval", "unit": u} for u in _coastal_units(state, units, "coalition")]
        if on(state, "chemical") and state.get("coalition_chemical", 0) > 0 and "chemical" not in frame \
                and not _islamic_in_towns(state, frame):
            out.append({"type": "chemical"})
    elif on(state, "chemical") and "chemical" not in frame:
        out.append({"type": "chemical"})
    return out


def _islamic_in_towns(state: State, frame: Frame) -> bool:
    """§14.6: a limited retaliation may not strike units in a city or town."""
    islamic = at(state, frame["at"]) if frame["side"] == "coalition" else list(frame["attackers"])
    return any(place_kind(state, unit(state, u)["hex"]) is not None for u in islamic)


def add_support(state: State, frame: Frame, side: str, action: Action) -> None:
    used = state.setdefault("used", {})
    kind = action["type"]
    if kind == "heavy_attack":
        frame["heavy"] = side
        used["heavy"] = True
        log(state, "heavy_attack", at=frame["at"])
    elif kind == "naval":
        die = rng.roll(state)
        _, d, _ = printed(state, action["unit"])
        a = printed(state, action["unit"])[0]
        own = a if frame["side"] == side else d
        frame["naval"] = {"unit": action["unit"], "side": side, "strength": min(die, own)}  # capped (§14.14)
        used["naval"] = True
        log(state, "naval", unit=action["unit"], die=die, strength=min(die, own))
    elif kind == "chemical":
        frame["chemical"] = side
        log(state, "chemical", side=side, at=frame["at"])
        if side == "coalition":
            state["coalition_chemical"] -= 1
        else:
            frame["response"] = True  # §14.5: Washington answers once the combat is resolved


def shifts(state: State, frame: Frame, attackers: list[str], defenders: list[str]) -> list[tuple[str, int]]:
    """Column shifts, positive for the attacker: §14.16 the Heavy Attack marker, §14.15 the 4th Mech."""
    side = frame["side"]
    out = []
    if frame.get("heavy"):
        n = int(tables(state).lost("LOST-40"))  # LOST-40
        out.append(("heavy_attack", n if side == "coalition" else -n))
    if on(state, "fourth_id") and any(spec(state, u).raw.get("four_id") for u in [*attackers, *defenders]):
        n = int(tables(state).lost("LOST-39"))  # LOST-39
        out.append(("fourth_id", n if side == "coalition" else -n))
    return out


def chemical_halves(frame: dict[str, Any], side: str) -> bool:
    """§14.4, §14.6: the side whose units a chemical attack halves (rounding up) in this combat."""
    used = frame.get("chemical")
    return used is not None and used != side


# === §14.5-§14.7 Washington's response ===

def respond(state: State, frame: Frame) -> None:
    """§14.5 (LOST-35): after an Islamic chemical attack the Coalition rolls: a limited retaliation (chemical attacks
    of its own, §14.6) or a massive one (one Islamic stack out of a city or town leaves the game, §14.7)."""
    if not frame.get("response"):
        return
    die = rng.roll(state)
    t = tables(state).lost("LOST-35")  # LOST-35
    if die in t["limited"]:
        state["coalition_chemical"] = state.get("coalition_chemical", 0) + int(t["limited_attacks"])
        state["chemical_until"] = state["turn"] + 1  # the rest of this turn, or in its own next turn
        log(state, "retaliation", die=die, kind={"key": "retaliation.limited"})
    else:
        log(state, "retaliation", die=die, kind={"key": "retaliation.massive"})
        if massive_targets(state):
            push(state, {"kind": "massive", "side": "coalition"})


def massive_targets(state: State) -> list[str]:
    """§14.7: the Islamic stacks not in a city or town."""
    hexes = {unit(state, u)["hex"] for u in on_map(state, "islamic")}
    return sorted(h for h in hexes if place_kind(state, h) is None)


def massive_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "remove_stack", "at": h} for h in massive_targets(state)]


def end_of_turn(state: State) -> None:
    """The once-a-turn supports come back; a limited retaliation's attacks last to the end of the next turn."""
    state["used"] = {}
    if state.get("coalition_chemical") and state["turn"] >= state.get("chemical_until", 0):
        state["coalition_chemical"] = 0


# === §14.8-§14.13 Islamic nuclear weapons (Scenario 2, AMBIG-8) ===

def nuclear_on(state: State) -> bool:
    return on(state, "nuclear") and int(state["scenario"]) in tables(state).raw["scenario_nuclear"]


def nuclear_actions(state: State, frame: Frame) -> list[Action]:
    """§14.8: at the start of the game turn, one attempt on any hex with a Coalition unit, or none."""
    hexes = sorted({unit(state, u)["hex"] for u in on_map(state, "coalition")})
    return [*({"type": "nuclear", "at": h} for h in hexes), {"type": "no_nuclear"}]


def no_nuclear(state: State, frame: Frame, action: Action) -> None:
    state["stack"].pop()


def nuclear(state: State, frame: Frame, action: Action) -> None:
    """§14.8 (LOST-36, LOST-37): the die, plus LOST-37 after the first use: a hit, a scatter or a dud."""
    state["stack"].pop()
    t = tables(state)
    die = rng.roll(state) + (int(t.lost("LOST-37")) if state["nuclear_used"] else 0)  # LOST-37
    state["nuclear_used"] += 1
    faces = t.lost("LOST-36")  # LOST-36
    kind = next((k for k, fs in faces.items() if die in fs), "dud")
    log(state, "nuclear", at=action["at"], die=die, result={"key": f"nuclear.{kind}"})
    if kind == "dud":
        return  # §14.11: no effect, no MIPP check
    target = action["at"]
    if kind == "scatter":
        target = _scatter(state, target)  # §14.10
        if target is None:
            mipp_check(state, "nuclear")
            return
    mipp_check(state, "nuclear", hex=target)  # §14.9, §14.10
    if target == board(state).hex_of("kuwait_city"):
        sudden_death(state)  # §14.12: Kuwait City hit
        return
    follow: list[Frame] = []
    if at(state, target):  # §14.9: a die of step losses, the Islamic player allocating (§14.10: either side's)
        steps = rng.roll(state)
        state["burst"] = target
        log(state, "burst", at=target, steps=steps)
        follow.append({"kind": "lose_step", "side": "islamic", "at": target, "left": steps})
    _ruin(state, target)  # §14.12
    follow.append({"kind": "nuclear_response", "side": "coalition", "at": target})
    push(state, *follow)


def _scatter(state: State, target: str) -> str | None:
    """§14.10: the six hexes around numbered 1-6 from the north side, clockwise (not stated), one die."""
    g = board(state).grid
    die = rng.roll(state)
    want = (5 + die - 1) % 6  # HexGrid.direction: 5 is the north side, then clockwise
    to = next((n for n in g.neighbours(target) if g.direction(target, n) == want), None)
    log(state, "scatter", die=die, to=to)
    return to


def _ruin(state: State, hex_id: str) -> None:
    """§14.12: a town hit ceases to exist; a city becomes rough for good and loses any supply-source function."""
    kind = board(state).place_kind(hex_id)
    if kind is None or hex_id in state["ruined"]:
        return
    state["ruined"][hex_id] = kind
    if kind == "city" and hex_id in board(state).supply_sources and hex_id not in state["lost_sources"]:
        state["lost_sources"].append(hex_id)
    log(state, "ruined", hex=hex_id, place={"key": f"place.{kind}"})


def nuclear_response(state: State, frame: Frame) -> None:
    """§14.13 (LOST-38): the Coalition's die, +1 for a town, +2 for a city hit: tactical, one Islamic stack removed
    as in §14.7; massive, play stops and the Coalition may declare itself the winner."""
    state["stack"].pop()
    t = tables(state).lost("LOST-38")  # LOST-38
    place = state["ruined"].get(frame["at"])
    die = rng.roll(state) + (int(t["town"]) if place == "town" else int(t["city"]) if place == "city" else 0)
    kind = "tactical" if die in t["tactical"] else "massive"
    log(state, "nuclear_response", die=die, kind={"key": f"response.{kind}"})
    if kind == "massive":
        push(state, {"kind": "nuclear_victory", "side": "coalition"})
    elif massive_targets(state):
        push(state, {"kind": "massive", "side": "coalition"})


def nuclear_victory_actions(state: State, frame: Frame) -> list[Action]:
    return [{"type": "declare_victory"}, {"type": "play_on"}]
