"""The replay of a finished Shimada match in Debian's chromium: opened at ``?at=0`` it shows the
British counters (face down all match long) with their names; the address follows the step; the
viewpoint switch shows what one side saw; nobody is told of "your" secret. Screenshots go to
test-artifacts/browser/ (ignored by git)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import LiveServer
from tests.support.browser import Person
from tests.support.client import Player

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
BRITISH_IDS = ("B-HQ", "B-ART", "B-UC", "B-AC", "B-ARG", "B-PUN")


def _finished_shimada(live: LiveServer) -> tuple[str, dict[str, Any]]:
    """A match where the Japanese player chose the dawn turn and moved a tank onto the map, then the
    British player resigned. Returns its id and the game's static data."""
    jp, br = Player(live.url).register(), Player(live.url).register()
    mid = jp.create("shimada", "japanese")["id"]
    assert br.join(mid, "british").status_code == 200
    for choose in (lambda a: a["type"] == "choose_dawn" and a["turn"] == 6,
                   lambda a: a.get("unit") == "J-T1" and "to" in a):
        v = jp.view(mid)
        action = next(a for a in v["view"]["actions"] if choose(a))
        assert jp.act(mid, v["version"], action).status_code == 200, action
    assert br.http.post(f"/api/matches/{mid}/resign").status_code == 200
    return mid, httpx.get(f"{live.url}/api/games/shimada").json()


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_the_replay_shows_every_counter_face_up_and_links_its_step(server: LiveServer, browser: Any) -> None:
    mid, statics = _finished_shimada(server)
    names = {uid: statics["messages"]["en"][f"counter.{uid}"] for uid in BRITISH_IDS}
    reader = Person(browser, server.url, "reader")
    page = reader.page
    page.goto(f"/replay/{mid}?at=0")
    page.get_by_test_id("replay-position").wait_for()
    assert "After 0 of 2" in page.get_by_test_id("replay-position").inner_text()

    # At the set-up every British counter stands face down on the map; the replay names each one.
    page.wait_for_function("() => document.querySelectorAll('svg [data-ref^=\"@\"] .counter-name').length >= 6")
    # the counter prints its short name (games/shimada/map.js) and is named in full to a screen reader
    counters = page.locator("svg [data-ref^='@']")
    drawn = [f"{counters.nth(i).text_content()} {counters.nth(i).get_attribute('aria-label')}"
             for i in range(counters.count())]
    for uid, name in names.items():
        assert any(name in text for text in drawn), (uid, name, drawn)
    assert page.locator("svg [data-ref^='@'].face-down").count() == 0
    # ...and marks them as face down at that moment (a dashed edge, and in the spoken label)
    assert page.locator("svg [data-ref^='@'].was-face-down").count() == 6
    assert "face down at this step" in (page.locator("svg [data-ref^='@']").first.get_attribute("aria-label") or "")
    _shot(page, "replay-shimada-at-0")

    # The address follows the step; the step line names the unit, not its id, in the reader's language.
    page.get_by_test_id("replay-next").click()
    page.wait_for_url(re.compile(r"[?&]at=1\b"))
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"[?&]at=2\b"))
    tank = statics["messages"]["en"]["counter.J-T1"]
    step_has = "t => (document.querySelector('[data-testid=replay-step]')?.textContent ?? '').includes(t)"
    page.wait_for_function(step_has, arg=tank)
    assert "J-T1" not in page.get_by_test_id("replay-step").inner_text()
    _shot(page, "replay-shimada-at-2")

    # The Japanese dawn turn, read by someone who is not the Japanese player, is nobody's "your" secret.
    dawn = page.get_by_test_id("dawn-turn")
    dawn.wait_for(state="visible")
    assert "your" not in dawn.inner_text().lower() and "Japanese player" in dawn.inner_text()

    # The viewpoint switch: as the Japanese player saw it, the British counters were backs without names.
    page.get_by_test_id("replay-viewpoint").select_option("japanese")
    page.wait_for_url(re.compile(r"role=japanese"))
    page.wait_for_function("() => document.querySelectorAll('svg [data-ref^=\"@\"] .counter-name').length === 0")
    assert page.locator("svg [data-ref^='@'].face-down").count() >= 6
    assert page.locator(".was-face-down").count() == 0
    _shot(page, "replay-shimada-japanese-view")

    # A link to a step and a viewpoint opens there.
    page.goto(f"/replay/{mid}?at=1&role=spectator")
    page.get_by_test_id("replay-position").wait_for()
    assert "After 1 of 2" in page.get_by_test_id("replay-position").inner_text()
    assert page.get_by_test_id("replay-viewpoint").input_value() == "spectator"
    # the step line is written once the view before the step has come
    page.wait_for_function("() => (document.querySelector('[data-testid=replay-step]')?.textContent ?? '') !== ''")
    step = page.get_by_test_id("replay-step").inner_text()
    assert step and "$" not in step and json.dumps(step)
    _shot(page, "replay-shimada-spectator-at-1")

    # In Japanese, the step line is Japanese.
    page.goto(f"/replay/{mid}?at=2")
    page.get_by_test_id("lang").click()
    tank_ja = statics["messages"]["ja"]["counter.J-T1"]
    page.wait_for_function(step_has,
                           arg=tank_ja)
    _shot(page, "replay-shimada-ja-at-2")
