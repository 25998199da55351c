"""The game's data: the reconstructed CRT as reviewed, and datasets a state names (``state["data"]``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shimada_dsl import World, act, legal, moves, view

from server.engine.core import canonical
from server.games.shimada import RULES
from server.games.shimada.data import dataset, register
from server.games.shimada.rules import new_state

# The CRT of PROVENANCE.md §3 ("CRT (data/crt.json)"), typed out as reviewed against the digest:
# §9's six columns, die 1-6 (6 best for the attacker), every result §9 lists.
COLUMNS = ("1:2", "1:1", "2:1", "3:1", "4:1", "5:1")
REVIEWED_CRT = {
    1: ("Ae", "Ae", "Ar", "C", "D1", "D2"),
    2: ("Ae", "Ar", "C", "D1", "D2", "D3"),
    3: ("Ar", "C", "D1", "D2", "Ex", "De"),
    4: ("Ar", "Ex", "D1", "Ex", "De", "De"),
    5: ("C", "D1", "Ex", "De", "De", "De"),
    6: ("D1", "Ex", "De", "De", "De", "De"),
}


def test_crt_is_the_reviewed_reconstruction() -> None:
    """§9 / PROVENANCE §3: every cell of the reconstructed CRT, stated literally, so a change to
    crt.json fails here until the new table is reviewed and typed out again."""
    crt = dataset().crt
    assert crt.odds.columns == COLUMNS
    table = {face: tuple(crt.result(col, face) for col in COLUMNS) for face in range(1, 7)}
    assert table == REVIEWED_CRT
    assert sorted(crt.rows) == [1, 2, 3, 4, 5, 6]
    assert {r for row in REVIEWED_CRT.values() for r in row} == {"Ae", "Ar", "C", "D1", "D2", "D3", "Ex", "De"}


def test_provenance_prints_the_crt_in_use() -> None:
    """PROVENANCE.md shows the table the rules read (a reconstruction is never hidden)."""
    text = (Path(__file__).parents[3] / "server/games/shimada/PROVENANCE.md").read_text(encoding="utf-8")
    block = text.split("### CRT", 1)[1].split("```")[1].strip().splitlines()
    assert tuple(block[0].split()) == COLUMNS
    assert {int(line.split()[0]): tuple(line.split()[1:]) for line in block[1:]} == REVIEWED_CRT


def test_a_state_reads_the_map_and_counters_of_its_own_dataset() -> None:
    """A state names its dataset; the rules read the map and counters through it."""
    w = World("..j..")  # one row: clear, clear, jungle, clear, clear
    s = w.pos().place("J-TA", "0201").place("J-IN", "0401").state
    assert s["data"] == w.name
    assert moves(s, "J-TA") == ["0101"]  # a tank may not enter the jungle at 0301 (§8)
    assert moves(s, "J-IN") == ["0101", "0201", "0301", "0501"]  # infantry may, and on through it (§8)
    assaulted = w.pos(step="combat").place("J-TA", "0201").place("B-IN", "0101").state
    s = act(assaulted, {"type": "attack_with", "unit": "J-TA"})
    (c,) = view(s, None)["attack"]["candidates"]
    assert (c["at"], c["odds"], c["attack"], c["defence"]) == ("0101", "2:1", 4, 2)
    # the chances come from the dataset's own CRT (one result per die face; at night its Ex is a De)
    assert c["chances"] == {"Ae": 0.1667, "Ar": 0.1667, "C": 0.1667, "D1": 0.1667, "De": 0.3333}


def test_setup_on_a_small_dataset_places_its_british_in_its_positions() -> None:
    """§3 on a registered dataset: its British counters, face down, in its positions."""
    w = World("....", "....", positions=("0102", "0302"))
    s = new_state(w.name, "test", {}, b"small")
    placed = {u["hex"] for uid, u in s["units"].items() if uid.startswith("B-")}
    assert placed == {"0102", "0302"}
    assert set(s["units"]) == {"J-TA", "J-TB", "J-TC", "J-IN", "B-IN", "B-HQ"}


def test_a_state_without_a_dataset_is_on_the_standard_data() -> None:
    """States stored before datasets existed have no ``data`` key: they are on the standard data."""
    s = act(RULES.setup("slim_river", {}, b"old"), {"type": "choose_dawn", "turn": 6})
    assert s["data"] == "standard"
    old = {k: v for k, v in s.items() if k != "data"}
    assert legal(old) == legal(s) and canonical(view(old, "japanese")) == canonical(view(s, "japanese"))
    old = act(old, {"type": "move", "unit": "J-T1", "to": "0201"})
    assert old["units"]["J-T1"]["hex"] == "0201"


def test_unknown_dataset_is_refused_and_standard_cannot_be_replaced() -> None:
    with pytest.raises(KeyError):
        dataset("no-such-data")
    with pytest.raises(ValueError):
        register("standard", World("...").data)
