"""Three browsers: two players and a spectator play Shimada by clicking, each seeing only its own.

Debian's chromium, driven by Playwright. The Japanese player creates the match in the lobby and
picks dawn on turn 6; the British player joins from the lobby; a third account watches. Moves are
made by clicking a counter and then one of the highlighted hexes it can reach. Every websocket frame
each context receives is recorded, and checked for what it must not carry.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer, fresh_database
from tests.support.browser import Person

pytestmark = pytest.mark.browser
BRITISH_IDS = ("B-HQ", "B-ART", "B-UC", "B-AC", "B-ARG", "B-PUN")


def _served(page: Any, match_id: str) -> dict[str, Any]:
    """What the server sends this page's player as the match's view, with its version."""
    served: dict[str, Any] = page.evaluate(f"fetch('/api/matches/{match_id}/view').then((r) => r.json())")
    return served


def test_two_players_and_a_spectator_play_by_clicking(server: LiveServer, browser: Any) -> None:
    jp, br, watcher = (Person(browser, server.url, n) for n in ("japan_player", "british_player", "watcher"))
    for person in (jp, br, watcher):
        person.register()

    # The Japanese player creates the match from the lobby and lands on its page; the British
    # player finds it among the open matches and takes the free seat.
    match_id = jp.create("shimada", "japanese")
    br.join(match_id, "british")
    watcher.page.goto(f"/match/{match_id}")
    watcher.page.get_by_test_id("spectator").wait_for(state="visible")
    jp.page.reload()

    # The secret dawn turn: only the Japanese player is offered it, and picks turn 6.
    jp.page.locator("[data-testid=dawn-choice] button", has_text="6").first.click()
    jp.page.get_by_test_id("dawn-turn").wait_for(state="visible")
    assert "6" in jp.page.get_by_test_id("dawn-turn").inner_text()
    assert br.page.get_by_test_id("dawn-turn").is_hidden()
    assert watcher.page.get_by_test_id("dawn-turn").is_hidden()

    # Movement by clicking: the tank selected in the off-map tray shows its whole reach, and one
    # click on a hex two away takes it there through the entry hex in one action (on turn 1 the
    # British in the position at 0203 block the road, so 0202 is as far as it goes).
    tray = jp.page.get_by_test_id("offmap")
    tank = tray.locator("[data-ref='J-T1']")
    before = _served(jp.page, match_id)["version"]
    tank.click()
    targets = jp.page.locator("[data-hex].target")
    targets.first.wait_for()
    assert {targets.nth(i).get_attribute("data-hex") for i in range(targets.count())} == {"0201", "0202"}
    jp.page.locator("[data-hex='0202'].target").first.click()
    jp.page.wait_for_function("() => { const c = document.querySelector('svg [data-ref=\"J-T1\"]');"
                              " return c && c.getAttribute('data-at') === '0202'; }")
    served = _served(jp.page, match_id)
    assert served["version"] == before + 1  # one action; selecting the tank was none
    moved = [e for e in served["view"]["log"] if e["key"] in ("log.enter", "log.enter_move", "log.move")]
    assert [e["key"] for e in moved] == ["log.enter_move"] and moved[0]["args"]["mp"] == 2

    # Both other browsers see the tank on the map, at the same hex as its owner does.
    def tank_hex(page: Any) -> str:
        page.wait_for_function("() => { const c = document.querySelector('svg [data-ref=\"J-T1\"]');"
                               " return c && c.getAttribute('data-at'); }")
        return str(page.locator("svg [data-ref='J-T1']").get_attribute("data-at"))

    where = tank_hex(jp.page)
    assert tank_hex(br.page) == where
    assert tank_hex(watcher.page) == where

    # Nothing sent to the British player or the spectator names the dawn turn or a hidden counter.
    for person in (br, watcher):
        frames = [json.loads(f) for f in person.frames]
        assert frames, f"{person.name} received no websocket frame"
        text = person.received()
        assert "dawn_turn" not in text
        for unit in BRITISH_IDS:
            assert unit not in text, f"{unit} reached {person.name} while face down"
    assert "dawn_turn" in jp.received()

    # The spectator cannot act: no action buttons and no targets.
    assert watcher.page.locator("[data-hex].target").count() == 0
    assert watcher.page.get_by_test_id("actions").locator("button").count() == 0


def test_the_replay_steps_through_a_finished_match_and_checks_the_seed(server: LiveServer, browser: Any) -> None:
    import random

    from tests.support.client import Player
    from tests.support.play import play_random_match

    j, b = Player(server.url).register(), Player(server.url).register()
    m = j.create("shimada", "japanese", seed="03" + "00" * 15)  # fixed dice (those of seed 03: HMAC zero-pads keys)
    b.join(m["id"], "british")
    play_random_match(m["id"], [j, b], random.Random(3))
    total = j.view(m["id"])["version"]

    viewer = Person(browser, server.url, "replayer")
    viewer.page.goto(f"/replay/{m['id']}")
    position = viewer.page.get_by_test_id("replay-position")
    position.wait_for()
    viewer.page.get_by_test_id("replay-first").click()
    viewer.page.wait_for_function("() => /\\b0\\b/.test(document.querySelector('[data-testid=replay-position]')"
                                  ".textContent)")
    viewer.page.get_by_test_id("replay-next").click()
    viewer.page.get_by_test_id("replay-next").click()
    viewer.page.wait_for_function("() => /\\b2\\b/.test(document.querySelector('[data-testid=replay-position]')"
                                  ".textContent)")
    assert str(total) in position.inner_text()
    # After the end everything is revealed: the British counters are drawn face up, by name.
    viewer.page.get_by_test_id("replay-last").click()
    viewer.page.locator("svg [data-ref^='B-'], [data-testid=offmap] [data-ref^='B-']").first.wait_for(state="attached")
    viewer.page.get_by_test_id("verify").click()
    verdict = viewer.page.get_by_test_id("verify-result")
    viewer.page.wait_for_function("() => document.querySelector('[data-testid=verify-result]').textContent.length > 0")
    assert "✔" in verdict.inner_text()


def test_a_dropped_connection_resyncs_by_itself(tmp_path: Path, browser: Any) -> None:
    """The server goes away and comes back: the page reconnects and shows what happened meanwhile."""
    from tests.support.client import Player

    database = fresh_database("sqlite", tmp_path)
    first = LiveServer(database).__enter__()
    port = first.port
    j, b = Player(first.url).register(), Player(first.url).register()
    m = j.create("shimada", "japanese", seed="0a" + "00" * 15)
    b.join(m["id"], "british")
    watcher = Person(browser, first.url, "watcher")
    watcher.page.goto(f"/match/{m['id']}")
    watcher.page.get_by_test_id("connection").wait_for()
    connected = "() => document.querySelector('[data-testid=connection]').className.includes('open')"
    watcher.page.wait_for_function(connected)
    first.__exit__(None, None, None)  # the connection drops
    watcher.page.wait_for_function(f"() => !({connected})()")
    with LiveServer(database, port=port) as second:
        j.http.base_url = second.url  # same address: the port is reused
        r = j.act(m["id"], 0, {"type": "choose_dawn", "turn": 6})
        assert r.status_code == 200, r.text
        tank = next(a for a in j.view(m["id"])["view"]["actions"] if a.get("unit") == "J-T1")
        assert j.act(m["id"], 1, tank).status_code == 200
        watcher.page.wait_for_function(connected, timeout=30000)
        watcher.page.locator("svg [data-ref='J-T1']").wait_for(timeout=30000)
        assert watcher.page.locator("svg [data-ref='J-T1']").get_attribute("data-at") == tank["to"]
