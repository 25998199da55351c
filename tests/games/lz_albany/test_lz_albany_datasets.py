"""LZ Albany datasets (server/games/lz_albany/data.py): a match names its data in ``state["data"]``,
the rules read the map, counters and tables through the state, and a test can give a position a
small map and counters of its own (``lz_fixtures.World``)."""

from __future__ import annotations

import pytest
from lz_fixtures import World, act, legal, officer, rifle, unit

from server.engine.core import canonical
from server.games.lz_albany import RULES
from server.games.lz_albany.data import STANDARD, dataset, register
from server.games.lz_albany.rules import new_state


def _line() -> World:
    """W (grass, west edge) - LZ_ALBANY - E (jungle) - F (grass, east edge); one platoon each side."""
    return World({"W": {"terrain": "grass", "map_edge": ["west"]}, "E": "jungle",
                  "F": {"terrain": "grass", "map_edge": ["east"]}},
                 [("W", "LZ_ALBANY"), ("LZ_ALBANY", "E"), ("E", "F")],
                 {"us-1": rifle("us", "27ab"), "us-co": officer("us", "27ab"), "nva-1": rifle("nva", "33")})


def test_a_new_match_names_the_standard_dataset() -> None:
    """A match set up by the platform is on the real game's data."""
    assert RULES.setup("historical", {}, b"d")["data"] == STANDARD


def test_a_stored_state_without_a_dataset_plays_on_the_standard_data() -> None:
    """States stored before datasets existed have no ``data`` key: they are on the standard data."""
    s = RULES.setup("historical", {}, b"old")
    old = {k: v for k, v in s.items() if k != "data"}
    for role in ("us", "nva"):
        assert RULES.legal_actions(old, role) == RULES.legal_actions(s, role)
    assert canonical(RULES.view(old, "us")) == canonical(RULES.view(s, "us"))


def test_the_rules_move_on_the_small_map_of_the_state() -> None:
    """§5.3: a unit moves to an adjacent area, here the areas of the state's own map."""
    s = _line().pos().place("us-1", "LZ_ALBANY").activation("us", "27ab", "move")
    assert sorted(a["to"] for a in legal(s) if a["type"] == "move" and a["unit"] == "us-1") == ["E", "W"]
    s = act(s, {"type": "move", "unit": "us-1", "to": "W"})
    assert unit(s, "us-1")["area"] == "W"


def test_the_small_map_has_its_own_east_edge_and_columbus_link() -> None:
    """§5.3 / Q&A 4: the transit area links LZ Columbus with the east-edge areas of the map."""
    w = _line()
    assert w.data.board.neighbours("TRANSIT") == ["F", "LZ_COLUMBUS"]
    assert w.data.stacking_limit("LZ_COLUMBUS") is None and w.data.stacking_limit("E") == 3


def test_an_unknown_dataset_is_refused() -> None:
    with pytest.raises(KeyError):
        new_state("no-such-data", "historical", {}, b"x")
    with pytest.raises(ValueError):
        register(STANDARD, dataset())
