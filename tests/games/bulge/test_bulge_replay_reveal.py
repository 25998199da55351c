"""The replay of a finished match reveals everything (docs/DESIGN.md, ``OMNISCIENT``): under the fog-of-war
option (not a rule: digest §6) the revealed view holds every unit, those no side saw included."""

from __future__ import annotations

from bulge_fixtures import World

from server.engine.core import OMNISCIENT, make_view
from server.games.bulge import RULES, fog


def test_fog_the_revealed_view_holds_the_units_nobody_sees() -> None:
    """Fog of war (digest §6, online variant): G-PZ1 stands out of Allied sight, so neither the Allies nor a
    spectator sees it; the revealed view of a replay shows it where it stands, with its identity."""
    s = World().pos(fog=True).place("G-PZ1", "0108").place("U-INF1", "0904").begin()
    assert "G-PZ1" not in fog.visible(s, "allied") and "G-PZ1" not in fog.visible(s, None)
    shown = {c["ref"]: c for c in make_view(RULES, s, OMNISCIENT)["counters"]}
    assert set(shown) == set(s["units"])
    assert shown["G-PZ1"]["hex"] == "0108" and shown["G-PZ1"]["name"] == {"key": "unit.G-PZ1"}
    assert "G-PZ1" not in {c["ref"] for c in make_view(RULES, s, None)["counters"]}
