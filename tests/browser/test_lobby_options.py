"""The lobby offers each game's match options, and the match is created with the chosen ones."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import LiveServer, fresh_database

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(fresh_database("sqlite", tmp_path)) as live:
        yield live


def test_a_match_option_chosen_in_the_lobby_reaches_the_match(server: LiveServer) -> None:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page: Any = browser.new_context(base_url=server.url).new_page()
        page.set_default_timeout(15000)
        page.goto("/")
        form = page.get_by_test_id("register-form")
        form.locator("input[name=username]").fill("optionist")
        form.locator("input[name=password]").fill("a long password 1")
        form.locator("button[type=submit]").click()
        create = page.get_by_test_id("create-form")
        create.locator("select[name=game]").select_option("shimada")
        assert create.get_by_test_id("match-options").locator("select").count() == 0  # Shimada has none
        create.locator("select[name=game]").select_option("bulge")
        fog = create.locator("select[name=option-fog_of_war]")
        assert fog.locator("option:checked").inner_text() == "off"  # the default
        fog.select_option(label="on")
        create.locator("select[name=role]").select_option("german")
        create.locator("button[type=submit]").click()
        page.wait_for_url(re.compile(r"/match/"))
        match_id = page.url.rsplit("/", 1)[1]
        browser.close()
    assert httpx.get(f"{server.url}/api/matches/{match_id}").json()["options"] == {"fog_of_war": True}
