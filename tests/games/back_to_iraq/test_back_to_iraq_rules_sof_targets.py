"""Back to Iraq, where the SOF (§G3) meet the strategic targets (§G1): the Al Nida SOF the terrorist bases bring
(§G3.11) and the SOF operations against markers (§G3.6(2), §G1.4(2)), dice forced."""

from __future__ import annotations

from bti_fixtures import act, last_log, offered, position, put

from server.engine.core import apply_action
from server.games.back_to_iraq import RULES
from server.games.back_to_iraq.data import dataset
from server.games.back_to_iraq.forces import unit
from server.games.back_to_iraq.sof_ops import modifiers

B = dataset().board
ON = {"sof": True, "strategic_targets": True}
CITY = "1717"  # an Iraqi city beside 1716


def test_each_terrorist_base_brings_an_al_nida_sof_the_islamic_player_places() -> None:
    """§G3.11 (AMBIG-28): once the markers are placed, one Al Nida SOF for each terrorist base on the map (at most
    the three counters), placed where his units may set up, not only at a base."""
    s = RULES.setup("1", ON, b"nida")
    while offered(s, "islamic", "keep_unit"):  # §G3.10 comes first: the 999th stays a brigade
        s = apply_action(RULES, s, "islamic", offered(s, "islamic", "keep_unit")[0])
    for kind in ("terrorist_base", "terrorist_base", "c3i", "ssm", "wmd"):
        s = act(s, "islamic", "select_target", marker=kind)
        s = apply_action(RULES, s, "islamic", offered(s, "islamic", "place_target")[0])
    while offered(s, "islamic", "place_drawn"):
        s = apply_action(RULES, s, "islamic", offered(s, "islamic", "place_drawn")[0])
    bases = sum(rec["kind"] == "terrorist_base" and rec["status"] == "map" for rec in s["targets"].values())
    assert bases >= 2 and last_log(s, "al_nida")["n"] == min(bases, 3)
    waiting = [u for u, rec in s["units"].items() if rec["status"] == "setup"]
    assert sorted(waiting) == [f"aq_nida_{i}" for i in range(1, min(bases, 3) + 1)]
    s = act(s, "islamic", "select", unit="aq_nida_1")
    hexes = {a["to"] for a in offered(s, "islamic", "place")}
    base_hexes = {rec["hex"] for rec in s["targets"].values() if rec["kind"] == "terrorist_base"}
    assert hexes - base_hexes and all(B.country[h] == "iraq" for h in hexes)


def test_no_al_nida_without_the_sof_rules() -> None:
    """§G3.11: the Al Nida counters are SOF; without the SOF option they never come."""
    s = RULES.setup("1", {"strategic_targets": True}, b"nida")
    assert all(s["units"][u]["status"] == "out" for u in ("aq_nida_1", "aq_nida_2", "aq_nida_3"))


def test_a_coalition_sof_reveals_an_adjacent_marker_then_removes_it() -> None:
    """§G3.6(2), §G1.4(2): success against a face-down marker reveals it (it takes its chart effect); against a
    face-up one it removes it."""
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON, dice=(5, 5))
    tid = put(s, CITY, "c3i")
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at=CITY, target="marker", marker_id=tid)
    assert s["targets"][tid]["face"] == "up" and s["targets"][tid]["status"] == "map"
    assert not offered(s, "coalition", "sof_operation")  # one operation a SOF
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON, dice=(5,))
    up = put(s, CITY, "ssm", face="up")
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at=CITY, target="marker", marker_id=up)
    assert s["targets"][up]["status"] == "removed"


def test_an_sof_reveal_removes_a_deception_and_freed_hostages_cost_the_islamic_player() -> None:
    """§G1 chart: an SOF reveal removes a Deception; a successful operation against Hostages removes them, -1d6
    MIPP (never below 0)."""
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON, dice=(5,))
    dec = put(s, CITY, "deception")
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at=CITY, target="marker", marker_id=dec)
    assert s["targets"][dec]["status"] == "removed" and s["targets"][dec]["face"] == "up"
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON, dice=(5, 4), mipp=6)
    hos = put(s, CITY, "hostages")
    s = act(s, "coalition", "sof_operation", unit="us_sf5", at=CITY, target="marker", marker_id=hos)
    assert s["targets"][hos]["status"] == "removed" and s["mipp"] == 2


def test_a_revealed_terrorist_base_takes_away_the_undefended_modifier() -> None:
    """§G3.6 modifiers: +1 only if the target hex has no enemy ground unit and no revealed terrorist base."""
    s = position({"us_sf5": "1716"}, "coalition_combat", options=ON)
    assert "undefended" in modifiers(s, "us_sf5", CITY)
    put(s, CITY, "terrorist_base")
    assert "undefended" in modifiers(s, "us_sf5", CITY)  # face down: the Coalition does not know it
    s["targets"][next(t for t, r in s["targets"].items() if r["hex"] == CITY)]["face"] = "up"
    assert "undefended" not in modifiers(s, "us_sf5", CITY)
    assert unit(s, "us_sf5")["status"] == "map"
