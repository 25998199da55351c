"""The fog-of-war option (not a rule: digest §6) on the synthetic board: what a side is offered depends only
on what it may see (shared DESIGN.md); a hidden enemy unit is met when the action is taken; the leak check's
hidden variants put unseen units where a rule could feel them."""

from __future__ import annotations

from typing import Any

import pytest
from bulge_fixtures import World, act, force, last_line, legal, movers, moves, roll_for, view

from server.engine.core import State
from server.engine.testing import PlayoutError, check_leaks
from server.games.bulge import RULES, fog
from server.games.bulge.view import revealed

MAIN_ROAD = ["0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804", "0904", "1004"]


def allied_actions(state: State) -> list[Any]:
    return RULES.legal_actions(state, "allied")


def reinforcement_due(german_at: str) -> State:
    """Turn 3, the Allied 1st movement phase: U-REIN is due at W (entry hex 0104, no Allied unit within sight
    of it); a German unit the Allies do not see stands at ``german_at``."""
    w = World()
    return (w.pos(turn=3, player="allied", fog=True).due("U-REIN", 3).place("U-INF1", "0807")
            .place("G-PZ1", german_at).begin())


def test_fog_reinforcement_offered_its_entry_hex_whatever_stands_there_unseen() -> None:
    """Fog of war, §9.3: a reinforcement is offered its entry hex whether or not an unseen enemy unit holds it;
    the unit is met when the move is made: the reinforcement does not enter (§6.2(1): never in a hex with
    enemy units), its move for the phase is over (§7.5) and it is delayed at the end of the phase (§9.3); the
    log says why, publicly, and the Allies remember the enemy unit where they met it."""
    blocked, clear = reinforcement_due("0104"), reinforcement_due("0502")
    assert "G-PZ1" not in fog.visible(blocked, "allied")
    assert allied_actions(blocked) == allied_actions(clear)
    assert "0104" in moves(blocked, "U-REIN") and "0304" in moves(blocked, "U-REIN")  # the entry, and beyond
    s = act(blocked, {"type": "move", "unit": "U-REIN", "to": "0304"})
    assert s["units"]["U-REIN"]["status"] == "offmap" and s["mover"] is None
    assert revealed(blocked, s)
    line = last_line(s, "entry_blocked")
    assert line.args["hex"] == "0104" and line.to is None
    assert view(s, "allied")["prompt"]["args"]["why"] == {"key": "stop.entry_blocked"}
    assert s["seen"]["allied"]["G-PZ1"]["hex"] == "0104"
    assert "U-REIN" not in movers(s)
    s = act(s, {"type": "end_phase"})
    assert s["units"]["U-REIN"]["due"] == 4


def retreat_from_0604(hidden: dict[str, str]) -> State:
    """U-INF1 in 0604 has lost a step to a D2R (2 hexes) from G-PZ1 in 0504 and must retreat; ``hidden``
    German units stand 3 hexes from it, out of Allied sight."""
    w = World()
    p = w.pos(phase="combat_1", fog=True).place("G-PZ1", "0504").place("U-INF1", "0604")
    for uid, h in hidden.items():
        p.place(uid, h)
    s = p.begin()
    s = act(s, {"type": "declare", "unit": "G-PZ1", "at": "0604"}, {"type": "end_declarations"})
    force(s, *roll_for("2:1", "D2R"))
    return act(s, {"type": "resolve", "at": "0604"})


def test_fog_retreat_offers_do_not_feel_unseen_enemy_units() -> None:
    """Fog of war, §8.5: the hexes a retreat is offered do not depend on enemy units the retreating side does
    not see (G-VG1 and G-VG2 in 0803 and 0805, whose ZOC closes every second step beyond 0704). Retreating into
    0704 meets them: no legal hex is left, and the unit surrenders (§5.6)."""
    trapped = retreat_from_0604({"G-VG1": "0803", "G-VG2": "0805"})
    open_ = retreat_from_0604({"G-VG1": "0108", "G-VG2": "0208"})
    assert not {"G-VG1", "G-VG2"} & fog.visible(trapped, "allied")
    assert allied_actions(trapped) == allied_actions(open_)
    assert {"type": "retreat", "unit": "U-INF1", "to": "0704"} in allied_actions(trapped)
    s = act(trapped, {"type": "retreat", "unit": "U-INF1", "to": "0704"})
    assert s["units"]["U-INF1"]["status"] == "eliminated"
    assert last_line(s, "surrender").args["unit"] == {"key": "unit.U-INF1"}


def strategic_on_the_main_road(german_at: str) -> State:
    """The Allied 1st movement phase: U-INF1 on the main road in 0904, its supply source the W entry 0104 at
    the road's other end; an unseen German unit at ``german_at``."""
    w = World(main_roads=[MAIN_ROAD])
    s = w.pos(player="allied", fog=True).place("U-INF1", "0904").place("G-VG1", german_at).begin()
    return s


def test_fog_strategic_movement_offers_do_not_feel_an_unseen_cut_road() -> None:
    """Fog of war, §7.2(3), §13.3(2): strategic movement enters only hexes the side held at the start of the
    phase, and holding a road hex needs a road-only path to a source. An unseen German unit in 0303, whose ZOC
    cuts the road at 0304 and 0404, leaves 0404-1004 held by neither side; the Allies are offered the road as
    they see it, and the first step meets the cut: the move stops there, told to the Allies only."""
    cut, clear = strategic_on_the_main_road("0303"), strategic_on_the_main_road("0108")
    assert "G-VG1" not in fog.visible(cut, "allied")
    assert allied_actions(cut) == allied_actions(clear)
    assert "0504" in moves(cut, "U-INF1", "strategic")
    s = act(cut, {"type": "move", "unit": "U-INF1", "to": "0504", "mode": "strategic"})
    assert s["units"]["U-INF1"]["hex"] == "0904" and s["mover"] is None
    assert last_line(s, "strategic_blocked").to == ["allied"]
    assert revealed(cut, s)  # the platform's undo may not take it back: it told the Allies something
    assert "U-INF1" not in movers(s)  # §7.5: its move is over
    s = act(clear, {"type": "move", "unit": "U-INF1", "to": "0504", "mode": "strategic"})
    assert s["units"]["U-INF1"]["hex"] == "0504"


def test_fog_strategic_movement_offers_do_not_feel_who_last_passed_a_road_hex_out_of_sight() -> None:
    """Fog of war, §7.2(3), §13.3(2): the occupation a side's strategic moves are offered from is judged as it
    sees it: a German unit that last passed 0404, out of Allied sight, changes nothing the Allies are offered
    at the start of their movement phase (the true occupation is met when the move is made)."""
    def phase(passed: bool) -> State:
        w = World(main_roads=[MAIN_ROAD])
        p = w.pos(player="allied", fog=True).place("U-INF1", "0904")
        if passed:
            p.state["occupied"]["0404"] = "german"
        return p.begin()
    passed, clear = phase(True), phase(False)
    assert "0404" not in fog.sight(passed, "allied")
    assert passed["occupied_start"] != clear["occupied_start"]  # the truth differs
    assert allied_actions(passed) == allied_actions(clear)
    assert passed["occupied_start_seen"] == clear["occupied_start_seen"]


def allied_step_toward(german: str) -> tuple[State, State]:
    """The Allied 1st movement phase: U-INF1 steps from 0604 to 0504, 2 hexes from ``german`` in 0304 (3 hexes
    before the step: out of sight both ways). Returns the states before and after the step."""
    w = World()
    s = w.pos(player="allied", fog=True).place("U-INF1", "0604").place(german, "0304").begin()
    return s, act(s, {"type": "move", "unit": "U-INF1", "to": "0504"})


def test_fog_commandos_do_not_look_for_others_so_a_step_beside_one_reveals_nothing() -> None:
    """Fog of war, §9.5 (commandos "in US uniforms", never seen by the Allies): commandos give the Germans no
    sight either, so sight stays mutual. An Allied step to 2 hexes from an unseen commando shows nobody
    anything: not a reveal, or the platform's undo would stop there and tell the Allies a commando is near.
    Beside an ordinary German unit the same step is one (each side now sees the other's unit)."""
    before, after = allied_step_toward("G-COM")
    assert "G-COM" not in fog.visible(after, "allied")
    assert "U-INF1" not in fog.visible(after, "german") and "U-INF1" not in fog.visible(after, None)
    assert "0504" not in fog.sight(after, "german")
    assert not revealed(before, after)
    before, after = allied_step_toward("G-VG1")
    assert "G-VG1" in fog.visible(after, "allied") and "U-INF1" in fog.visible(after, "german")
    assert revealed(before, after)


def to_movement(state: State, player: str) -> State:
    """Ends steps and phases until ``player`` moves."""
    while not (state["player"] == player and state["step"] == "move"):
        state = act(state, next(a for a in legal(state) if a["type"].startswith("end_")))
    return state


def commando_road_crossed(path: list[str], watcher: str | None = None) -> State:
    """§9.5(2) under fog of war: G-COM runs along the main road 0904-0504 (opening it for German strategic
    movement) and steps off it to 0503; in the Allied turn U-CCA goes ``path`` from 0401 and back, out of
    every German's sight (G-PZ1 in 1004; a commando sees nothing) but ``watcher``'s (G-VG1); then the German
    turn 3 begins."""
    w = World(main_roads=[MAIN_ROAD])
    p = w.pos(fog=True).place("G-COM", "0904").place("G-PZ1", "1004").place("U-CCA", "0401")
    s = (p.place("G-VG1", watcher) if watcher else p).begin()
    s = act(s, *({"type": "move", "unit": "G-COM", "to": h} for h in ("0804", "0704", "0604", "0504", "0503")))
    s = to_movement(s, "allied")
    s = act(s, *({"type": "move", "unit": "U-CCA", "to": h} for h in path))
    assert s["units"]["U-CCA"]["hex"] == "0401" and "U-CCA" not in fog.visible(s, "german")
    return to_movement(s, "german")


def test_fog_commando_road_closed_out_of_german_sight_is_met_by_the_strategic_move() -> None:
    """§9.5(2) "an Allied unit passing along the road after the commando cancels the benefit", under fog of war:
    the Germans do not see an Allied unit pass out of their sight, so their list of opened roads (the view) and
    the strategic moves they are offered stay as they were; the strategic step into the closed hex meets the
    truth (§7.2(3): the move stops there, told to the German only, §7.5) and the road is then known closed."""
    closed = commando_road_crossed(["0402", "0403", "0504", "0403", "0402", "0401"])
    open_ = commando_road_crossed(["0402", "0403", "0402", "0401"])
    assert "0504" not in closed["commando_roads"] and "0504" in open_["commando_roads"]
    assert view(closed, "german") == view(open_, "german")
    assert leak(closed) is None  # nor do the views of states where no unseen Allied unit closed a road
    assert legal(closed) == legal(open_)
    assert "0504" in moves(closed, "G-PZ1", "strategic")
    go = {"type": "move", "unit": "G-PZ1", "to": "0504", "mode": "strategic"}
    s = act(closed, go)
    assert s["units"]["G-PZ1"]["hex"] == "0604" and s["mover"] is None  # stopped partway
    line = last_line(s, "strategic_blocked")
    assert line.to == ["german"] and line.args["hex"] == "0504"
    assert revealed(closed, s)
    assert "0504" not in view(s, "german")["commando_roads"]
    assert act(open_, go)["units"]["G-PZ1"]["hex"] == "0504"


def test_fog_commando_road_closed_in_german_sight_is_known_at_once() -> None:
    """§9.5(2) under fog of war: an Allied unit the Germans see passing along a commando's road (G-VG1 in 0506,
    2 hexes from 0504) closes it in their list at once."""
    s = commando_road_crossed(["0402", "0403", "0504", "0403", "0402", "0401"], watcher="0506")
    assert "0504" not in view(s, "german")["commando_roads"]
    assert "0604" in view(s, "german")["commando_roads"]


def test_fog_german_player_sees_the_allied_unit_it_leads_astray() -> None:
    """§9.5(3)(b) under fog of war: an Allied unit gone astray at a commando's road junction is moved by the German
    player; the commando gives no sight, but the German player sees the unit it leads (the public lines
    ``log.astray`` and ``log.misdirected`` tell where it is) until it lets it go."""
    w = World(roads=[["0304", "0404", "0504", "0604", "0704"], ["0403", "0404", "0405"]])
    s = w.pos(player="allied", fog=True).place("U-INF1", "0404").place("G-COM", "0404").begin()
    assert "U-INF1" not in fog.visible(s, "german")
    force(s, 2)
    before = s
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0304"})
    assert revealed(before, s) and last_line(s, "astray").to is None
    for h in ("0504", "0604", "0704"):
        assert "U-INF1" in fog.visible(s, "german") and view(s, "german")["mover"] is not None
        s = act(s, {"type": "misdirect", "unit": "U-INF1", "to": h})
    assert "U-INF1" in fog.visible(s, "german") and "U-INF1" in fog.visible(s, None)
    s = act(s, {"type": "end_misdirect"})
    assert s["units"]["U-INF1"]["hex"] == "0704" and "U-INF1" not in fog.visible(s, "german")


def test_fog_hidden_variants_put_unseen_units_where_rules_could_feel_them() -> None:
    """The leak check's variants (``fog.VARIANTS``): unseen enemy units moved onto the watcher's entry hexes,
    onto the ring just outside its sight (commandos, never seen by the Allies, into and next to Allied
    hexes), onto the roads; never into sight."""
    w = World(roads=[MAIN_ROAD])
    s = (w.pos(turn=3, player="allied", fog=True).place("U-INF1", "0807").place("G-PZ1", "0502").place("G-VG1", "0102")
         .place("G-COM", "0302").begin())
    b = w.board
    eyes = fog.sight(s, "allied")
    kinds = {}
    for k, kind in enumerate(fog.VARIANTS):
        v = RULES.hidden_variant(s, "allied", k)
        assert v is not None
        kinds[kind] = {uid: v["units"][uid]["hex"] for uid in ("G-PZ1", "G-VG1", "G-COM")}
        assert all(h not in eyes for uid, h in kinds[kind].items() if uid != "G-COM"), kind
    assert {"0104", "0508"} <= set(kinds["entries"].values())
    assert {b.grid.distance(kinds["edge"][u], "0807") for u in ("G-PZ1", "G-VG1")} == {3}
    assert b.grid.distance(kinds["edge"]["G-COM"], "0807") <= 1
    assert set(kinds["roads"].values()) <= set(MAIN_ROAD)


def test_fog_spectators_variants_move_a_commando_in_allied_sight() -> None:
    """Fog of war, §9.5: a commando gives no sight and is never seen by the Allies, so where it stands changes
    nothing the spectators see, in the Allies' sight (G-COM beside U-INF1) or out of it: their hidden variants
    move it too, and their view stays the same."""
    w = World()
    s = w.pos(turn=3, player="allied", fog=True).place("U-INF1", "0807").place("G-COM", "0806").begin()
    v = RULES.hidden_variant(s, None, 0)
    assert v is not None and v["units"]["G-COM"]["hex"] != "0806"
    assert leak(s) is None


def leak(state: State) -> str | None:
    try:
        check_leaks(RULES, state, variants=len(fog.VARIANTS))
    except PlayoutError as e:
        return str(e)
    return None


def test_fog_leak_check_passes_where_unseen_units_could_block_an_entry_or_a_retreat() -> None:
    """Fog of war: with the adversarial variants, no view (the Allies', the Germans', the spectators') tells
    apart states that differ only in where unseen units stand: a reinforcement due with its entry hex out of
    sight, a retreat with unseen units 3 hexes away."""
    assert leak(reinforcement_due("0502")) is None
    assert leak(retreat_from_0604({"G-VG1": "0803", "G-VG2": "0805"})) is None
    assert leak(retreat_from_0604({"G-VG1": "0108", "G-VG2": "0208"})) is None


# --- public facts made out of the enemy's sight (the platform's undo may not take them back) ---

ROAD = ["0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804", "0904", "1004"]


def city_run(fog_of_war: bool) -> list[State]:
    """G-PZ1 runs along the road 0804 → 0704 → 0604 (an important city, Allied at the start: §13.3(1)) with
    U-INF1 in 0204, 4 hexes and more from each hex of the run (out of sight both ways). The states after
    the start and after each step."""
    w = World(places={"0604": "important"}, roads=[ROAD])
    s = w.pos(fog=fog_of_war).place("G-PZ1", "0804").place("U-INF1", "0204").begin()
    out = [s]
    for h in ("0704", "0604"):
        out.append(act(out[-1], {"type": "move", "unit": "G-PZ1", "to": h}))
    return out


def test_fog_a_city_taken_out_of_sight_is_a_reveal_and_an_ordinary_move_is_not() -> None:
    """Fog of war, §13.3(4)/§13.2(1): a German unit the Allies do not see takes an important city. Who holds it
    and the VP are public (``log.occupied``, ``log.vp`` +10), so the Allies learn where an unseen unit went:
    a reveal (the German player may not undo it alone). The step before it, out of sight, showed nobody
    anything (its line goes to the German only): no reveal. Without fog of war nothing is hidden (digest §6):
    the same capture is no reveal."""
    selected, moved, taken = city_run(fog_of_war=True)
    assert "G-PZ1" not in fog.visible(taken, "allied")
    assert last_line(taken, "occupied").to is None and last_line(taken, "vp").to is None
    assert taken["vp"] == 10 and view(taken, "allied")["occupied"]["0604"] == "german"
    assert revealed(moved, taken)
    assert last_line(moved, "move").to == ["german"]
    assert not revealed(selected, moved)
    selected, moved, taken = city_run(fog_of_war=False)
    assert taken["vp"] == 10
    assert not revealed(selected, moved) and not revealed(moved, taken)


Case = tuple[State, dict[str, Any]]  # a state, and the action taken in it


def breakthrough() -> Case:
    """§13.5: G-PZ1 breaks through at the Allied entry W1 (0104), U-INF1 far off in 1008."""
    s = World().pos(fog=True).place("G-PZ1", "0204").place("U-INF1", "1008").begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0104"})
    return s, {"type": "break_through", "unit": "G-PZ1", "at": "W1"}


def escape() -> Case:
    """§13.9: U-INF1 leaves the map through W1 (0104), G-PZ1 far off in 1008."""
    s = World().pos(player="allied", fog=True).place("U-INF1", "0204").place("G-PZ1", "1008").begin()
    s = act(s, {"type": "move", "unit": "U-INF1", "to": "0104"})
    return s, {"type": "escape", "unit": "U-INF1", "at": "W1"}


def west_wall() -> Case:
    """§13.11: on turn 8 U-INF1 crosses the West Wall (0804) into Germany (0904), G-VG1 far off in 0101."""
    w = World(west_wall=["0804"], germany=["0904", "1004"])
    s = w.pos(turn=8, player="allied", fog=True).place("U-INF1", "0804").place("G-VG1", "0101").begin()
    return s, {"type": "move", "unit": "U-INF1", "to": "0904"}


def reinforcement() -> Case:
    """§9.3: U-REIN, due on turn 3 at W, comes on at 0104, G-PZ1 far off in 1008."""
    s = World().pos(turn=3, player="allied", fog=True).due("U-REIN", 3).place("G-PZ1", "1008").begin()
    return s, {"type": "move", "unit": "U-REIN", "to": "0104"}


def interdicted() -> Case:
    """§10.4: G-PZ1, reduced, enters the interdiction marker's hex 0604 and loses its last step (§2.3), U-INF1
    far off in 0101."""
    s = World().pos(turn=8, fog=True).place("G-PZ1", "0504", steps=1).place("U-INF1", "0101").begin()
    s["interdiction"] = ["0604"]
    return s, {"type": "move", "unit": "G-PZ1", "to": "0604"}


def city_taken() -> Case:
    """§13.3(4): G-PZ1 takes the important city 0604 out of Allied sight (``city_run``)."""
    return city_run(fog_of_war=True)[1], {"type": "move", "unit": "G-PZ1", "to": "0604"}


def seen_on_the_map(state: State, side: str, uid: str) -> bool:
    return state["units"][uid]["status"] == "map" and uid in fog.visible(state, side)


PUBLIC_FACTS = [breakthrough, escape, west_wall, reinforcement, interdicted]


@pytest.mark.parametrize("case", PUBLIC_FACTS, ids=lambda f: f.__name__)
def test_fog_public_facts_made_out_of_the_enemys_sight_are_a_reveal(case: Any) -> None:
    """Fog of war: what leaves the map or comes on it (§13.5 breakthroughs, §13.9 escapes, §9.3 entries, §2.3
    eliminations), the VP (§13.11 the West Wall) are public whatever the enemy sees, so an action that changes
    them out of the enemy's sight tells it where an unseen unit was: a reveal."""
    before, action = case()
    after = act(before, action)
    mover = action["unit"]
    enemy = {"german": "allied", "allied": "german"}[before["units"][mover]["side"]]
    assert not seen_on_the_map(before, enemy, mover) and not seen_on_the_map(after, enemy, mover)
    assert view(before, enemy) != view(after, enemy)  # it reads something new
    assert revealed(before, after)


@pytest.mark.parametrize("case", [*PUBLIC_FACTS, city_taken], ids=lambda f: f.__name__)
def test_fog_whether_an_action_reveals_depends_only_on_what_the_acting_side_sees(case: Any) -> None:
    """Fog of war: the mark is no oracle. The same action taken in the hidden variants of the state (the
    enemy units the acting side does not see moved elsewhere out of its sight): wherever the acting side's
    views before and after are the same as in the true state, the action is a reveal just the same."""
    before, action = case()
    (role,) = RULES.active_roles(before)
    after = act(before, action)
    variants = [RULES.hidden_variant(before, role, k) for k in range(8)]
    assert all(other is not None and view(other, role) == view(before, role) for other in variants)
    pairs = [(other, act(other, action)) for other in variants if other is not None]
    alike = [(other, moved) for other, moved in pairs if view(moved, role) == view(after, role)]
    assert len(alike) >= 4
    assert [revealed(o, m) for o, m in alike] == [revealed(before, after)] * len(alike) == [True] * len(alike)


def test_fog_the_sequence_and_choices_made_in_the_open_are_no_reveal() -> None:
    """Fog of war: public facts that are the acting side's own choice tell nothing hidden, so the player may
    still undo them alone: ending the movement phase with a reinforcement left off the map (§9.3: it slides to
    the next turn, ``log.delayed``), Skorzeny's choice (§9.5(1): the other kind unused)."""
    s = World().pos(turn=3, player="allied", fog=True).due("U-REIN", 3).place("G-PZ1", "1008").begin()
    ended = act(s, {"type": "end_phase"})
    assert ended["units"]["U-REIN"]["due"] == 4 and last_line(ended, "delayed").to is None
    assert not revealed(s, ended)
    s = World().pos(fog=True).due("G-150", 2).due("G-CDO", 2).place("G-PZ1", "1004").place("U-INF1", "0104").begin()
    chosen = act(s, {"type": "skorzeny", "choice": "brigade"})
    assert chosen["units"]["G-CDO"]["status"] == "unused"
    assert not revealed(s, chosen)


def test_fog_reach_offered_depends_only_on_what_the_mover_sees() -> None:
    """Fog of war, §7 (shared DESIGN.md: what a role is offered depends only on what it may see): the hexes a
    unit is offered, with their costs and paths, are the same whether an enemy unit it does not see stands
    where its ZOC would stop the move (§5.4) or holds a hex of the path, or far away; the leak check's hidden
    variants agree."""
    w = World()

    def german_turn(allied_at: str) -> State:
        return w.pos(fog=True).place("G-PZ1", "0104").place("G-VG1", "0108").place("U-INF1", allied_at).begin()
    cut, held, far = german_turn("0605"), german_turn("0504"), german_turn("1001")
    for s in (cut, held, far):
        assert "U-INF1" not in fog.visible(s, "german")
    assert legal(cut) == legal(held) == legal(far)
    assert "0704" in moves(cut, "G-PZ1") and "0504" in moves(held, "G-PZ1")
    assert leak(cut) is None and leak(held) is None
    s = act(held, {"type": "move", "unit": "G-PZ1", "to": "0704"})
    assert s["units"]["G-PZ1"]["hex"] != "0704" and last_line(s, "stop").args["why"] == {"key": "stop.ezoc"}


def test_fog_stacking_problems_are_shown_to_their_owner_only() -> None:
    """§6.2-§6.3 under fog of war: the broken stacks the view lists are the moving player's, shown to it alone."""
    w = World()
    s = w.pos(fog=True).place("G-PZ1", "0504").place("G-PZ3", "0604").place("U-INF1", "0108").begin()
    s = act(s, {"type": "move", "unit": "G-PZ1", "to": "0604"})
    assert view(s, "german")["stacking"] == [{"hex": "0604", "problem": "divisions"}]
    assert view(s, "allied")["stacking"] == [] and view(s, None)["stacking"] == []
