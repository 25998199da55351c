"""Two browsers play the opening attack of the Battle of the Bulge through the odds preview.

Debian's chromium, driven by Playwright. The German player creates a seeded match in the lobby and
the Allied player joins from the lobby. On 16 December no German unit stands next to an Allied
one, so the German player first moves two units by clicking (a click on a counter selects it in
the page, sending nothing; a click on a highlighted hex sends the "move" to that destination):
3 PzR/2Pz 3226 → 3125 and 1128/560VG 3225 → 3224, both next to the US 112th Infantry in 3124
(hills, behind a river). Ending the phase with its button leads to the 1st combat phase, where
the German player clicks both attackers and then the target; the odds preview shows the raw odds
13 against 4 (3:1), a shift of −1 for the hills and −1 for the river, the 1:1 column and the
chances of each result. The player ends the declarations, clicks the target to resolve it, and
both pages' logs show the dice and the result (seed 0b: 6 + 3 = 9, A1, after which the German
player takes the step loss with a button of the combat box).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.browser import face_to_face

pytestmark = pytest.mark.browser
SEED = "0b" + "00" * 15  # HMAC pads a short key with zeros: the same dice as seed 0b
ARMOUR, GRENADIERS, TARGET_UNIT, TARGET = "G-2Pz-PzR3", "G-560VG-GR1128", "US-28-112", "3124"


def test_the_german_player_attacks_through_the_odds_preview(server: LiveServer, browser: Any) -> None:
    # The German player creates a seeded match from the lobby; the Allied player joins it.
    german, allied, match_id = face_to_face(browser, server.url, "bulge", ("hasso", "german"), ("troy", "allied"), SEED)

    g = german.page
    g.get_by_test_id("phase").wait_for()
    assert "1st movement phase" in g.get_by_test_id("phase").inner_text()
    assert "Turn 1/13" in g.get_by_test_id("turn-info").inner_text()

    # Movement: a click on a counter selects it (no action), the hexes it can reach light up.
    for ref, to in ((ARMOUR, "3125"), (GRENADIERS, "3224")):
        german.button("end_phase").wait_for()
        german.move(ref, to)
        allied.wait_at(ref, to)

    # The phase ends with its button: on to the 1st combat phase.
    german.button("end_phase").click()
    german.button("end_declarations").wait_for()
    assert "1st combat phase" in g.get_by_test_id("phase").inner_text()

    # Declaring: both attackers, then the target (a click on the defending counter).
    german.counter(ARMOUR).click()
    german.wait_target(TARGET)
    german.counter(GRENADIERS).click()
    g.locator(f"svg [data-ref='{GRENADIERS}'].grouped").wait_for(state="attached")
    german.counter(TARGET_UNIT).click()

    # The odds preview: attackers, strengths, raw odds, each shift with its reason, column, chances.
    odds = g.get_by_test_id("odds")
    detail = odds.locator(f".odds-detail[data-at='{TARGET}']")
    detail.locator(".odds-attackers li").nth(1).wait_for()
    assert detail.locator(".odds-attackers li").all_inner_texts() == ["3 PzR/2Pz", "1128/560VG"]
    assert re.search(r"13\s+vs\s+4", detail.locator(".odds-strengths").inner_text())
    assert "3:1" in detail.locator(".odds-raw").inner_text()
    shifts = detail.locator(".odds-shifts li").all_inner_texts()
    assert shifts == ["−1 hills", "−1 river"], shifts
    assert "1:1" in detail.locator(".odds-column").inner_text()
    chances = detail.locator(".odds-chances tr")
    assert chances.count() >= 5
    total = sum(float(re.search(r"([\d.]+)%", t).group(1)) for t in chances.locator("td.pct").all_inner_texts())
    assert abs(total - 100) < 0.5, total
    assert chances.locator("th", has_text="A1").count() == 1
    assert g.locator(f"svg [data-ref='{ARMOUR}'].attacking").count() == 1
    labels = g.locator(".hexmap .hex-label").evaluate_all("ns => ns.map(n => n.textContent)")
    assert "1:1" in " ".join(t or "" for t in labels)

    # Done declaring, then the attack is resolved by clicking its target.
    german.button("end_declarations").click()
    german.wait_target(TARGET)
    german.counter(TARGET_UNIT).click()

    # Both players' logs show the combat: the odds, the dice and the result.
    for person in (german, allied):
        line = person.page.locator("[data-testid=log] .key-log-combat")
        line.wait_for()
        text = line.inner_text()
        assert "3:1 shifted to 1:1" in text and "dice 6, 3 = 9: A1" in text, text
        assert line.locator(".die").count() == 2
    assert "A1" in g.get_by_test_id("combat-result").inner_text()

    # A1: the attacker loses a step, chosen with a button of the combat box.
    loss = g.locator(f"[data-testid=task-actions] button[data-action-type=lose_step][data-unit='{ARMOUR}']")
    loss.click()
    for person in (german, allied):
        person.page.locator("[data-testid=log] .key-log-step_lost").wait_for()
    assert g.get_by_test_id("combat").is_hidden()
