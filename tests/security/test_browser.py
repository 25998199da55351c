"""The pages in a browser (Debian's chromium): the lobby pages its lists and offers guests no creation
form, and nothing the pages do is refused by the Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer, fresh_database
from tests.support.browser import Person
from tests.support.client import Player

pytestmark = pytest.mark.browser

# Every violation the page sees, and every console line about the policy.
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


@pytest.fixture
def roomy(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose accounts may keep many matches open (the lobby's lists get several pages)."""
    with LiveServer(fresh_database("sqlite", tmp_path), match_open_limit=0) as live:
        yield live


def test_the_lobby_pages_its_lists_and_guests_only_watch(roomy: LiveServer, browser: Any) -> None:
    host = Player(roomy.url).register()
    made = [host.create("toy", "north")["id"] for _ in range(25)]
    guest = Person(browser, roomy.url, "guest")
    guest.page.goto("/")
    guest.page.get_by_test_id("login-to-create").wait_for()
    assert guest.page.get_by_test_id("create-form").count() == 0
    items = guest.page.get_by_test_id("open-matches").locator("li.match-item")
    items.first.wait_for()
    assert items.count() == 20  # the first page
    guest.page.get_by_test_id("more-open-matches").click()
    # a function, not an expression: Playwright polls an expression with eval, which the CSP refuses
    guest.page.wait_for_function("() => document.querySelectorAll('[data-testid=open-matches] li.match-item')"
                                 ".length === 25")
    shown = {items.nth(i).get_attribute("data-match") for i in range(items.count())}
    assert shown == set(made)
    assert guest.page.get_by_test_id("more-open-matches").count() == 0  # the last page


def test_no_page_breaks_the_content_security_policy(roomy: LiveServer, browser: Any) -> None:
    person = Person(browser, roomy.url, "policy_reader")
    person.context.add_init_script(WATCH_CSP)
    console: list[str] = []
    person.page.on("console", lambda m: console.append(m.text))
    person.register()
    for game, role in (("shimada", "japanese"), ("lz_albany", "us"), ("bulge", "german")):
        person.page.goto("/")
        person.page.get_by_test_id("create-form").wait_for()
        match_id = person.create(game, role)  # through the lobby's form, then the match page
        person.page.get_by_test_id("map").wait_for()
        person.page.goto(f"/match/{match_id}")
        person.page.get_by_test_id("map").wait_for()
        person.page.wait_for_timeout(300)
        violations = person.page.evaluate("window.__csp")
        assert violations == [], (game, violations)
    person.page.goto("/settings")
    person.page.goto("/")
    person.page.get_by_test_id("create-form").wait_for()
    assert person.page.evaluate("window.__csp") == []
    assert not [line for line in console if "Content Security Policy" in line], console
