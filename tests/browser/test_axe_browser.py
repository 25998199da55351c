"""axe-core finds no serious or critical violation, and a screen reader hears the game (issue 12, done when 6).

Debian's chromium, driven by Playwright; axe-core from the PyPI package axe-playwright-python, injected
into each page. Pages: the lobby, the match page of each game (Shimada, the Bulge, LZ Albany, a few random
actions into the match) and the replay of a finished Shimada match, in both languages; then a Shimada
match played from the page, with highlighted target hexes (buttons) on the map. The page's live region
(common/announce.js) tells "your move" and each new log line. Screenshots under test-artifacts/browser/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.a11y import axe_serious, axe_summary, scene, screenshot, settle, signed_in
from tests.support.client import Player

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_serious_violation_on_any_page(server: LiveServer, browser: Any, lang: str) -> None:
    s = scene(server.url, {"shimada": 12, "bulge": 6, "lz_albany": 25})
    page = signed_in(browser, server.url, s.first, lang)
    found = {}
    for name, path, _game in s.pages():
        settle(page, path)
        screenshot(page, f"axe-{name}-{lang}")
        violations = axe_serious(page)
        if violations:
            found[name] = axe_summary(violations)
    assert found == {}, "\n".join(f"{name}:\n{text}" for name, text in found.items())


def test_a_screen_reader_hears_your_move_and_each_new_log_line(server: LiveServer, browser: Any) -> None:
    japanese, british = Player(server.url).register(), Player(server.url).register()
    m = japanese.create("shimada", "japanese", seed="01" + "00" * 15)
    british.join(m["id"], "british")
    page = signed_in(browser, server.url, japanese, "en")
    settle(page, f"/match/{m['id']}")
    live = page.get_by_test_id("announcer")
    assert live.get_attribute("aria-live") == "polite"
    # Opening the page on one's move says so; the log already there is not read out.
    page.wait_for_function("() => document.querySelector('[data-testid=announcer]')?.textContent.includes('Your move')")
    assert "British counters are placed" not in live.inner_text()

    page.locator("[data-testid=dawn-choice] button", has_text="6").first.click()
    page.wait_for_function("() => document.querySelector('[data-testid=announcer]').textContent.includes('dawn')")
    assert "chose dawn at the start of turn 6." in live.inner_text()

    # Movement: a tank from the tray; the hexes it may enter are buttons named for a screen reader.
    page.get_by_test_id("offmap").locator("[data-ref='J-T1']").click()
    target = page.locator("[data-hex].target").first
    target.wait_for(state="attached")
    assert target.get_attribute("role") == "button" and target.get_attribute("aria-label")
    screenshot(page, "axe-shimada-targets-en")
    assert axe_serious(page) == [], axe_summary(axe_serious(page))
    target.dispatch_event("click")
    page.wait_for_function("() => document.querySelector('[data-testid=announcer]').textContent.includes('enters at')")
    assert page.locator("[data-hex]:not(.target)[role=button]").count() == 0  # a hex no longer a target is no button


def test_no_serious_violation_with_a_bulge_stack_selected_or_an_officers_sight_shown(server: LiveServer,
                                                                                       browser: Any) -> None:
    s = scene(server.url, {})
    page = signed_in(browser, server.url, s.first, "ja")  # the German and NVA player
    settle(page, f"/match/{s.matches['bulge']}")
    # a counter of a stack (no select_stack action since moves go to a destination: the counter is selected
    # in the page, and the hexes it or its stack can reach light up)
    stacked = page.evaluate("() => [...document.querySelectorAll('svg .side-german[data-ref][data-stack]')]"
                            ".filter((e) => Number(e.dataset.stack) > 1).map((e) => e.dataset.ref)")
    page.locator(f"svg [data-ref='{stacked[0]}']").dispatch_event("click")
    page.locator("[data-hex].target").first.wait_for(state="attached")
    screenshot(page, "axe-bulge-stack-ja")
    assert axe_serious(page) == [], axe_summary(axe_serious(page))

    settle(page, f"/match/{s.matches['lz_albany']}")
    page.locator("svg [data-ref='NVA-AN']").dispatch_event("click")  # an officer: its line of sight
    page.locator(".los-seen").first.wait_for(state="attached")
    assert page.locator(".los-clear").is_visible()
    screenshot(page, "axe-lz_albany-sight-ja")
    assert axe_serious(page) == [], axe_summary(axe_serious(page))
