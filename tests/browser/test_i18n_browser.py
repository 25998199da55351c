"""The Japanese interface shows no English, and the English one no Japanese (issue 12, done when 5).

Debian's chromium, driven by Playwright. Two players have a match of each game under way (a few
random actions played, so the logs hold lines, dice and names) and a finished Shimada match. In each
language the lobby, each game's match page and the replay are opened; every visible text node and
every accessible label (aria-label, title, placeholder, alt) is collected and compared with the other
language's catalogue (common/i18n.js, the game's messages.json, the game modules' word tables), and
searched for words in the other language's script. Screenshots of every page in both languages are
kept under test-artifacts/browser/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.a11y import catalogue_texts, foreign_words, internal_codes, scene, screenshot, settle, signed_in

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_page_speaks_only_the_readers_language(server: LiveServer, browser: Any, lang: str) -> None:
    s = scene(server.url, {"shimada": 12, "bulge": 6, "lz_albany": 25})
    page = signed_in(browser, server.url, s.first, lang)
    other = "en" if lang == "ja" else "ja"
    found: dict[str, Any] = {}
    for name, path, game in s.pages():
        settle(page, path)
        assert page.evaluate("document.documentElement.lang") == lang
        screenshot(page, f"i18n-{name}-{lang}")
        leaks = catalogue_texts(page, game, other) + foreign_words(page) + internal_codes(page)
        if leaks:
            found[name] = leaks
        if name == "lobby":  # the create form of each game: its scenarios, sides and options
            for g in ("shimada", "bulge", "lz_albany"):
                page.get_by_test_id("create-form").locator("select[name=game]").select_option(g)
                leaks = catalogue_texts(page, g, other) + foreign_words(page) + internal_codes(page)
                if leaks:
                    found[f"lobby, {g}"] = leaks
    assert found == {}, f"texts of the other language in the {lang} interface"
