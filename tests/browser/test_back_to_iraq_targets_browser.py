"""Back to Iraq with the strategic targets (§G1) in two browsers: the Islamic player creates the match with the
option on from the lobby and the Coalition joins. The Islamic player chooses a C3I marker from the buttons and
places it with one click on Basra (3527); his map shows its token as "C3I", the Coalition's as "?", and the
Coalition's panel counts one marker face down. Screenshots at 1440×900 and on a phone.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.a11y import screenshot
from tests.support.browser import Person, page_errors

pytestmark = pytest.mark.browser
BASRA = "3527"


def test_the_islamic_player_places_a_face_down_marker_the_coalition_cannot_read(server: LiveServer,
                                                                              browser: Any) -> None:
    ali, tommy = Person(browser, server.url, "ali"), Person(browser, server.url, "tommy")
    for person in (ali, tommy):
        person.register()
    create = ali.page.get_by_test_id("create-form")
    create.locator("select[name=game]").select_option("back_to_iraq")
    create.locator("select[name=option-strategic_targets]").select_option(label="on")
    create.locator("select[name=role]").select_option("islamic")
    create.locator("button[type=submit]").click()
    ali.page.wait_for_url("**/match/**")
    match_id = ali.page.url.rsplit("/", 1)[1]
    tommy.join(match_id, "coalition")
    ali.page.reload()
    i, c = ali.page, tommy.page
    errors = (page_errors(i), page_errors(c))

    # The Islamic player's step: a button per kind left in the cup; C3I chosen, Basra lit, one click places it.
    i.locator("[data-testid=actions] button[data-action-type=select_target]", has_text="C3I").click()
    ali.wait_target(BASRA)
    ali.click_hex(BASRA)
    i.locator(f"svg [data-markers-hex='{BASRA}'] text").wait_for()
    assert i.locator(f"svg [data-markers-hex='{BASRA}'] text").text_content() == "C3I"
    assert "C3I" in i.get_by_test_id("targets").inner_text()

    # The Coalition sees a marker at Basra, not what it is.
    c.locator(f"svg [data-markers-hex='{BASRA}'] text").wait_for()
    assert c.locator(f"svg [data-markers-hex='{BASRA}'] text").text_content() == "?"
    assert c.get_by_test_id("targets-hidden").inner_text() == "1"
    assert "C3I" not in c.get_by_test_id("targets").inner_text()
    for page in (i, c):
        page.set_viewport_size({"width": 1440, "height": 900})
        centre_on(page, BASRA)
    screenshot(i, "bti-targets-islamic-1440")
    screenshot(c, "bti-targets-coalition-1440")
    i.set_viewport_size({"width": 390, "height": 844})
    screenshot(i, "bti-targets-islamic-phone")
    assert errors == ([], [])


def centre_on(page: Any, hex_id: str) -> None:
    """A press on the overview map where ``hex_id`` lies: the map is centred there (common/viewport.js Overview)."""
    page.evaluate("""(id) => {
      const hex = document.querySelector(`#hex-${id}`), ov = document.querySelector("[data-testid=overview]");
      const b = hex.getBBox(), [x, y, w, h] = ov.getAttribute("viewBox").split(" ").map(Number);
      const r = ov.getBoundingClientRect(), k = Math.max(w / r.width, h / r.height);
      const cx = r.left + (r.width - w / k) / 2 + (b.x + b.width / 2 - x) / k;
      const cy = r.top + (r.height - h / k) / 2 + (b.y + b.height / 2 - y) / k;
      ov.dispatchEvent(new PointerEvent("pointerdown", { clientX: cx, clientY: cy, pointerId: 1, bubbles: true }));
      ov.dispatchEvent(new PointerEvent("pointerup", { pointerId: 1, bubbles: true }));
    }""", hex_id)
