"""A person plays Shimada against the computer from the page (Debian's chromium, driven by Playwright).

The lobby offers the computer as the opponent, each level with its record; "Play the computer" starts the
match at once, the computer holding the British seat. The person picks dawn, brings a tank onto the map by
clicking, and ends the steps of the Japanese turn; the page names the computer's seat ("Computer (Easy)",
"コンピュータ（弱い）"), says the match is not rated, shows "the computer is thinking…" while it is to move,
and the computer's moves arrive as patches until it is the person's move again. Screenshots at 1440×900 and
at phone size under test-artifacts/browser/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.a11y import axe_serious, axe_summary, screenshot
from tests.support.browser import Person, page_errors

pytestmark = pytest.mark.browser

# Whether the "thinking" badge was ever on the page (it may come and go between two looks).
WATCH_THINKING = """
window.__thinking = false;
new MutationObserver(() => {
  if (document.querySelector('[data-testid=computer-thinking]')) window.__thinking = true;
}).observe(document, { subtree: true, childList: true });
"""


def _version(page: Any, match_id: str) -> int:
    return int(page.evaluate(f"fetch('/api/matches/{match_id}').then((r) => r.json()).then((m) => m.version)"))


def test_a_person_plays_the_computer_from_the_page(server: LiveServer, browser: Any) -> None:
    me = Person(browser, server.url, "learner")
    errors = page_errors(me.page)
    me.context.add_init_script(WATCH_THINKING)
    me.page.set_viewport_size({"width": 1440, "height": 900})
    me.register()
    form = me.page.get_by_test_id("create-form")
    form.locator("select[name=game]").select_option("shimada")
    form.locator("select[name=role]").select_option("japanese")
    choices = form.locator("select[name=opponent] option").all_inner_texts()
    assert choices[0] == "A person (an open seat)"
    assert [c.split(" (")[0] for c in choices[1:]] == ["The computer: Easy", "The computer: Normal",
                                                        "The computer: Strong"]
    assert all("won 0, lost 0, drawn 0 against persons" in c for c in choices[1:])
    form.locator("select[name=opponent]").select_option("easy")
    assert form.locator("input[name=rated]").is_disabled()
    assert form.locator("button[type=submit]").inner_text() == "Play the computer"
    screenshot(me.page, "computer-lobby-1440")
    form.locator("button[type=submit]").click()
    me.page.wait_for_url(re.compile(r"/match/"))
    match_id = me.page.url.rsplit("/", 1)[1]
    page = me.page

    page.get_by_test_id("seat-holder-british").wait_for()
    assert page.get_by_test_id("seat-holder-british").inner_text() == "Computer (Easy)"
    assert page.get_by_test_id("not-rated").inner_text() == "Not rated"

    # The Japanese turn: dawn, a tank onto the map, then every step ended until the computer is to move.
    page.locator("[data-testid=dawn-choice] button", has_text="6").first.click()
    page.get_by_test_id("offmap").locator("[data-ref='J-T1']").click()
    target = page.locator("[data-hex].target").first
    target.wait_for(state="attached")
    target.dispatch_event("click")
    page.locator("svg.hexmap [data-ref='J-T1']").wait_for(state="attached")
    screenshot(page, "computer-match-1440")
    before = _version(page, match_id)
    for _ in range(30):
        end = page.locator("[data-testid=actions] button", has_text="End")
        if page.evaluate("window.__thinking") or not end.count():
            break
        end.first.click()
        page.wait_for_timeout(300)
    # The computer moves, and then it is the person's move again.
    page.wait_for_function("() => window.__thinking", timeout=30000)
    page.locator("[data-testid=turn].mine").first.wait_for(timeout=60000)
    assert _version(page, match_id) > before
    served = page.evaluate(f"fetch('/api/matches/{match_id}/replay').then((r) => r.status)")
    assert served == 409  # still being played
    assert page.locator("[data-testid=log] li").count() > 4
    screenshot(page, "computer-after-reply-1440")
    assert axe_serious(page) == [], axe_summary(axe_serious(page))

    # Japanese, at phone size.
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_test_id("lang").click()
    page.get_by_test_id("match-menu").wait_for()
    page.wait_for_timeout(300)
    screenshot(page, "computer-match-phone-ja")
    page.get_by_test_id("match-menu").click()
    assert "コンピュータ（弱い）" in page.locator(".menu-seats").inner_text()
    assert page.get_by_test_id("not-rated").inner_text() == "レーティング対象外"
    screenshot(page, "computer-match-phone-menu-ja")
    assert errors == []
