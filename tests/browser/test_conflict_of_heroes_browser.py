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
from tests.support.browser import Person, face_to_face, page_errors

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

    # After the move the German player chooses its facing (§5.1): arrows round the unit on the map (and buttons).
    g.locator("[data-testid=coh-buttons] button.coh-face").first.wait_for()
    assert "German chooses a facing" in g.get_by_test_id("coh-whose").inner_text()
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_facing.png"))
    assert g.locator("svg .coh-face-choice").count() == g.locator("button.coh-face").count()  # arrows round the unit
    g.locator("svg .coh-face-choice[data-facing=SE]").click()
    g.wait_for_function("() => !document.querySelector('button.coh-face')")

    # The Soviet player is offered a reaction without a reload (opportunity and command actions) and declines.
    s.set_viewport_size({"width": 1440, "height": 900})
    s.get_by_test_id("coh-decline").wait_for()
    assert "Soviet's reaction" in s.get_by_test_id("coh-whose").inner_text()
    assert "Soviet's reaction" in g.get_by_test_id("coh-whose").inner_text()
    s.screenshot(path=str(SHOTS / "conflict_of_heroes_reaction.png"))
    s.get_by_test_id("coh-decline").click()

    # The activated unit (its AP left shown) fires at a target labelled with the number needed and the odds.
    g.wait_for_function("() => document.querySelector('[data-testid=coh-pass], [data-testid=coh-end_activation]')")
    view = _served(g, match_id)["view"]
    active = next(u for u in view["units"] if u["activated"])
    assert active["facing"] == "SE"
    assert f"AP left {active['ap']}" in g.get_by_test_id("coh-activated").inner_text()
    fires = [a for a in view["actions"] if a["type"] == "fire" and a["unit"] == active["id"]]
    assert fires, "the LMG has a target"
    at = fires[0]["at"]
    label = g.locator(f"#label-{at}")
    label.wait_for(state="attached")
    assert re.fullmatch(r"\d+\+ \d+%/\d+%", label.text_content() or ""), label.text_content()
    german.counter(active["id"]).click()
    german.wait_target(at)
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_fire_targets.png"))
    before = _served(g, match_id)["version"]
    german.click_hex(at)
    chooser = g.locator(".chooser")
    if chooser.is_visible():
        chooser.locator("button", has_text="activation").first.click()
    g.wait_for_function(f"() => fetch('/api/matches/{match_id}/view').then(r => r.json())"
                        f".then(v => v.version > {before})")

    # The fire is rolled (§7.7): the firer's player rolls against each unit in the hex, adding CAP or not.
    roll = german.button("roll").first
    roll.wait_for()
    assert at in g.get_by_test_id("coh-fire").inner_text()
    rolled = _served(g, match_id)["version"]
    roll.click()
    g.wait_for_function(f"() => fetch('/api/matches/{match_id}/view').then(r => r.json())"
                        f".then(v => v.version > {rolled})")
    g.get_by_test_id("coh-fire").wait_for(state="hidden")
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_desktop.png"))

    # A spectator reading Japanese: the rulebook's terms (CAP, AP, 機会アクション, コマンドアクション).
    watcher = Person(browser, server.url, "yuki", lang="ja")
    watcher.register()
    watcher.page.set_viewport_size({"width": 1440, "height": 900})
    watcher.page.goto(f"/match/{match_id}")
    watcher.page.get_by_test_id("firefight").wait_for()
    assert "ターン" in watcher.page.get_by_test_id("coh-turn").inner_text()
    assert "残りAP" in watcher.page.get_by_test_id("coh-activated").inner_text()
    watcher.page.screenshot(path=str(SHOTS / "conflict_of_heroes_ja_spectator.png"))

    # On a phone: the map above, the panel below.
    g.set_viewport_size({"width": 390, "height": 844})
    g.reload()
    g.get_by_test_id("firefight").wait_for()
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_phone.png"))
    g.get_by_test_id("coh-sides").scroll_into_view_if_needed()
    g.screenshot(path=str(SHOTS / "conflict_of_heroes_phone_panel.png"))
    assert errors == ([], []), errors
