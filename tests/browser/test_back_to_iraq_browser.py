"""Two browsers open Back to Iraq, and the Coalition moves a unit into the odds preview.

Debian's chromium, driven by Playwright. The Coalition player creates the match in the lobby and the
Iraqi/Islamic player joins from the lobby; the units stand where the scenario proposes (the free set-up is an
option). The Coalition declines a voluntary regroup and chooses Move-then-Combat, then moves the
3rd Armored Cavalry Regiment by clicking it (which sends nothing) and then its destination, Zubayr (3528),
next to Basra (3527). The map draws the board with its cities' names, rivers, roads and the game's overlays;
the panel shows the MIPP against its limit, the turn track with the Regroup marker, the phase order and the
victory progress. Ending the movement phase leads to the combat phase, where the odds preview details the
attack on Basra: 6 against 7, raw odds 1:2, −2 for the city, 1:4.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.browser import face_to_face, page_errors

pytestmark = pytest.mark.browser
ACR, FROM, TO, BASRA = "us_3acr", "3332", "3528", "3527"


def test_the_coalition_moves_and_sees_the_odds(server: LiveServer, browser: Any) -> None:
    coalition, islamic, _ = face_to_face(browser, server.url, "back_to_iraq", ("tommy", "coalition"),
                                         ("ali", "islamic"))
    c, i = coalition.page, islamic.page
    errors = (page_errors(c), page_errors(i))

    # No voluntary regroup; Move-then-Combat.
    coalition.button("no_regroup").click()
    coalition.button("move_first").click()
    coalition.button("end_movement").wait_for()
    assert "Movement Phase" in c.get_by_test_id("phase").inner_text()
    assert "Move-then-Combat" in c.get_by_test_id("order").inner_text()

    # The map: the game's overlays, the places' names, rivers and roads, the counters with their looks.
    svg = c.get_by_test_id("map")
    for layer in ("borders", "escarpments", "kurdish_area", "saddam_line", "supply_sources"):
        assert svg.locator(f".overlay-{layer} path, .overlay-{layer} g").count() > 0, layer
    names = svg.locator(".hex-name").evaluate_all("ns => ns.map(n => n.textContent)")
    assert {"Baghdad", "Basra", "Kuwait City", "Mosul"} <= set(names)
    assert svg.locator(".river").count() == 1 and svg.locator(".road.main").count() == 1
    assert coalition.counter(ACR).locator(".counter-designation").text_content() == "3 ACR"
    assert svg.locator(".flag-islamic").count() > 0  # the places the Iraqis control

    # The panel: MIPP against its limit, the turn track with the Regroup marker, victory progress.
    assert c.get_by_test_id("mipp-value").inner_text() == "0 / 30"  # LOST-31, Scenario 1
    assert "below 30" in c.get_by_test_id("mipp").inner_text()
    assert c.locator("[data-testid=turn-track] li").count() == 12
    assert c.locator("[data-testid=turn-track] li[data-turn='4'] [data-testid=regroup-marker]").count() == 1
    assert "Regroup marker on turn 4" in c.get_by_test_id("regroup").inner_text()
    assert "Weather: Fair" in c.get_by_test_id("turn-info").inner_text()
    victory = c.get_by_test_id("victory").inner_text()
    assert re.search(r"Iraqi cities held: 0 / 11", victory), victory

    # The move: a click on the counter selects it (nothing is sent), a click on the lit hex moves it.
    # (the map opens on the Coalition's units in Turkey and Kuwait, so the click is dispatched: the 3rd ACR may
    # lie outside the part shown)
    coalition.counter(ACR).dispatch_event("click")
    coalition.wait_target(TO)
    coalition.click_hex(TO)
    coalition.wait_at(ACR, TO)
    islamic.wait_at(ACR, TO)
    assert coalition.counter(ACR).get_attribute("data-at") == TO

    # Combat: the odds preview of the attack on Basra, with its shift.
    coalition.button("end_movement").click()
    coalition.button("end_combat").wait_for()
    detail = c.get_by_test_id("odds").locator(f".odds-detail[data-at='{BASRA}']")
    detail.wait_for()
    assert re.search(r"6\s+vs\s+7", detail.locator(".odds-strengths").inner_text())
    assert "1:2" in detail.locator(".odds-raw").inner_text()
    assert detail.locator(".odds-shifts li").all_inner_texts() == ["−2 city"]
    labels = c.locator(".hexmap .hex-label").evaluate_all("ns => ns.map(n => n.textContent)")
    assert any("1:4" in (t or "") for t in labels), labels
    assert errors == ([], [])
