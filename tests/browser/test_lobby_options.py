"""The lobby offers each game's match options, and the match is created with the chosen ones."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.conftest import LiveServer
from tests.support.browser import Person

pytestmark = pytest.mark.browser


def test_a_match_option_chosen_in_the_lobby_reaches_the_match(server: LiveServer, browser: Any) -> None:
    person = Person(browser, server.url, "optionist")
    person.register()
    create = person.page.get_by_test_id("create-form")
    create.locator("select[name=game]").select_option("shimada")
    assert create.get_by_test_id("match-options").locator("select").count() == 0  # Shimada has none
    create.locator("select[name=game]").select_option("bulge")
    fog = create.locator("select[name=option-fog_of_war]")
    assert fog.locator("option:checked").inner_text() == "off"  # the default
    fog.select_option(label="on")
    create.locator("select[name=role]").select_option("german")
    # A repaint of the form (here: the language switched) keeps what was chosen.
    person.page.get_by_test_id("lang").click()
    person.page.wait_for_function("() => document.documentElement.lang === 'ja'")  # a function: no eval (CSP)
    assert create.locator("select[name=game]").input_value() == "bulge"
    assert create.locator("select[name=role]").input_value() == "german"
    assert fog.locator("option:checked").inner_text() == "あり"
    create.locator("button[type=submit]").click()
    person.page.wait_for_url(re.compile(r"/match/"))
    match_id = person.page.url.rsplit("/", 1)[1]
    assert httpx.get(f"{server.url}/api/matches/{match_id}").json()["options"] == {"fog_of_war": True}


def test_the_role_choice_offers_the_chosen_scenarios_seats(server: LiveServer, browser: Any) -> None:
    """The toy's race seats north and south; its trio, north, south and east: the role choice follows the
    scenario, and a match of three lists its three seats."""
    person = Person(browser, server.url, "seatpicker")
    person.register()
    create = person.page.get_by_test_id("create-form")
    create.locator("select[name=game]").select_option("toy")
    roles = create.locator("select[name=role] option")
    assert [roles.nth(i).get_attribute("value") for i in range(roles.count())] == ["north", "south", ""]
    create.locator("select[name=scenario]").select_option("trio")
    assert [roles.nth(i).get_attribute("value") for i in range(roles.count())] == ["north", "south", "east", ""]
    create.locator("select[name=role]").select_option("east")
    create.locator("select[name=scenario]").select_option("race")  # east is no seat of the race
    assert [roles.nth(i).get_attribute("value") for i in range(roles.count())] == ["north", "south", ""]
    create.locator("select[name=scenario]").select_option("trio")
    create.locator("select[name=role]").select_option("east")
    create.locator("button[type=submit]").click()
    person.page.wait_for_url(re.compile(r"/match/"))
    match_id = person.page.url.rsplit("/", 1)[1]
    summary = httpx.get(f"{server.url}/api/matches/{match_id}").json()
    assert summary["scenario"] == "trio" and summary["seats"] == {"north": None, "south": None, "east": "seatpicker"}
    seats = person.page.locator("ul.seats li")
    seats.nth(2).wait_for(timeout=10000)  # the match page shows every seat
    assert seats.count() == 3 and "seatpicker" in seats.nth(2).inner_text()
