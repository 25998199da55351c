"""Two browsers play Conflict of Heroes (Firefight 1) by clicking: the German player activates a unit and
moves it with one click on its destination, the Soviet player is offered a reaction without a reload and
declines it, then the activated unit fires at a target labelled with the number needed and the chance of
one and two hits. Screenshots at 1440x900 and on a phone (390x844) go to test-artifacts/browser/.

Debian's chromium, driven by Playwright; the match is created from the lobby as in the other browser tests.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.browser import face_to_face, page_errors

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


def _served(page: Any, match_id: str) -> dict[str, Any]:
    view: dict[str, Any] = page.evaluate(f"fetch('/api/matches/{match_id}/view').then((r) => r.json())")
    return view


def test_activate_move_react_and_fire_by_clicking(server: LiveServer, browser: Any) -> None:
    german, soviet, match_id = face_to_face(browser, server.url, "conflict_of_heroes", ("hans", "german"),
                                            ("ivan", "soviet"))
    g, s = german.page, soviet.page
    errors = (page_errors(g), page_errors(s))
    g.set_viewport_size({"width": 1440, "height": 900})
    g.get_by_test_id("firefight").wait_for()
    assert "Firefight 1" in g.get_by_test_id("firefight").inner_text()
    assert re.search(r"Turn 1/\d", g.get_by_test_id("coh-turn").inner_text())
    assert "German's action" in g.get_by_test_id("coh-whose").inner_text()
    assert g.locator("svg .coh-facing").count() > 0  # every counter shows its facing

    # Activate a unit by moving it: a click on the counter selects it (nothing sent), one on the hex moves it.
    served = _served(g, match_id)
    move = next(a for a in served["view"]["actions"] if a["type"] == "move" and a["mode"] == "activate")
    unit, to = move["unit"], move["to"]
    german.counter(unit).click()
    german.wait_target(to)
    german.click_hex(to)
    chooser = g.locator(".chooser")
    if chooser.is_visible():  # the same hex as an activation, an opportunity or a command action
        g.screenshot(path=str(SHOTS / "conflict_of_heroes_chooser.png"))
        chooser.locator("button", has_text="activation").first.click()
    german.wait_at(unit, to)
    g.locator(f"svg [data-ref='{unit}'] .coh-activated").wait_for(state="attached")
    assert _served(g, match_id)["version"] == served["version"] + 1

    # The Soviet player is offered a reaction (no reload), when one is possible, and declines it.
    s.set_viewport_size({"width": 1440, "height": 900})
    if any(a["type"] == "decline" for a in _served(s, match_id)["view"]["actions"]):
        s.get_by_test_id("coh-decline").wait_for()
        assert "Soviet's reaction" in s.get_by_test_id("coh-whose").inner_text()
        s.screenshot(path=str(SHOTS / "conflict_of_heroes_reaction.png"))
        s.get_by_test_id("coh-decline").click()
    s.screenshot(path=str(SHOTS / "conflict_of_heroes_soviet.png"))

    # A facing may be asked after the move; then the activated unit fires at a labelled target.
    g.wait_for_function("() => document.querySelector('[data-testid=coh-buttons] button, [data-hex].target')")
    if g.locator("[data-testid=coh-buttons] button.coh-face").count():
        g.locator("[data-testid=coh-buttons] button.coh-face").first.click()
    g.wait_for_function("() => !document.querySelector('[data-testid=coh-buttons] button.coh-face')")
    view = _served(g, match_id)["view"]
    active = next(u for u in view["units"] if u["activated"])
    assert f"AP left {active['ap']}" in g.get_by_test_id("coh-activated").inner_text()
    fires = [a for a in view["actions"] if a["type"] == "fire" and a["unit"] == active["id"]]
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_moved.png"))
    if fires:
        at = fires[0]["at"]
        german.counter(active["id"]).click()
        german.wait_target(at)
        label = g.locator(f"[data-label='{at}'], .odds-label[data-hex='{at}']")
        if label.count():
            assert re.search(r"\d+\+ \d+%/\d+%", label.first.text_content() or "")
        g.screenshot(path=str(SHOTS / "conflict_of_heroes_fire_targets.png"))
        before = _served(g, match_id)["version"]
        german.click_hex(at)
        g.wait_for_function(f"() => fetch('/api/matches/{match_id}/view').then(r => r.json())"
                            f".then(v => v.version > {before})")
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_desktop.png"))

    # On a phone: the map above, the panel below.
    g.set_viewport_size({"width": 390, "height": 844})
    g.reload()
    g.get_by_test_id("firefight").wait_for()
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_phone.png"))
    g.get_by_test_id("coh-sides").scroll_into_view_if_needed()
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_phone_panel.png"))
    assert errors == ([], []), errors
