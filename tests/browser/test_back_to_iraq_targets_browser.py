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
    ali, tommy = with_option(server, browser, "strategic_targets", ("ali", "islamic"), ("tommy", "coalition"))
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
    c.set_viewport_size({"width": 390, "height": 844})
    screenshot(c, "bti-targets-coalition-phone")
    assert errors == ([], [])


def with_option(server: LiveServer, browser: Any, option: str, first: tuple[str, str], second: tuple[str, str]
                ) -> tuple[Person, Person]:
    """Two people register; the first creates a Back to Iraq match from the lobby with ``option`` on, in its role;
    the second joins in the other; the first's page is reloaded on the seated match."""
    a, b = Person(browser, server.url, first[0]), Person(browser, server.url, second[0])
    for person in (a, b):
        person.register()
    create = a.page.get_by_test_id("create-form")
    create.locator("select[name=game]").select_option("back_to_iraq")
    create.locator(f"select[name=option-{option}]").select_option(label="on")
    create.locator("select[name=role]").select_option(first[1])
    create.locator("button[type=submit]").click()
    a.page.wait_for_url("**/match/**")
    b.join(a.page.url.rsplit("/", 1)[1], second[1])
    a.page.reload()
    return a, b


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


def test_a_free_set_up_places_a_unit_from_the_tray(server: LiveServer, browser: Any) -> None:
    """§3.1 free set-up (and so Al Qaeda, Al Nida and the Israeli division, which come the same way): the units to
    place wait in the off-map tray; a click on one lights the hexes it may set up in, a click on one places it."""
    tommy, _ = with_option(server, browser, "free_setup", ("tommy", "coalition"), ("ali", "islamic"))
    c = tommy.page
    errors = page_errors(c)
    tray = c.get_by_test_id("offmap")
    tray.locator("[data-ref='us_3id']").click()
    lit = c.locator("[data-hex].target")
    lit.first.wait_for()
    where = lit.first.get_attribute("data-hex")
    tommy.click_hex(where)
    c.wait_for_function("() => { const u = document.querySelector('svg [data-ref=\"us_3id\"]');"
                        " return u && u.getAttribute('data-at'); }")
    assert c.locator("svg [data-ref='us_3id']").get_attribute("data-at") == where
    assert tray.locator("[data-ref='us_3id']").count() == 0 and tray.locator("[data-ref]").count() > 0
    assert tray.locator("[data-ref^='iq_']").count() == 0  # the Islamic units wait for their own set-up
    c.set_viewport_size({"width": 1440, "height": 900})
    screenshot(c, "bti-free-setup-1440")
    c.set_viewport_size({"width": 390, "height": 844})
    screenshot(c, "bti-free-setup-phone")
    assert errors == []
