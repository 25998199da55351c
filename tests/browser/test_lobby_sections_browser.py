"""The lobby in Debian's chromium: each match once, in its section (your move, waiting for the
opponent, open, live to watch, finished), with turn and phase, the time of the last move and the
players' ratings. Screenshots go to test-artifacts/browser/ (ignored by git)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.browser import Person
from tests.support.client import Player

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


def _dawn(p: Player, mid: str) -> None:
    v = p.view(mid)
    action = next(a for a in v["view"]["actions"] if a["type"] == "choose_dawn" and a["turn"] == 6)
    assert p.act(mid, v["version"], action).status_code == 200


def test_each_match_is_shown_once_in_its_section(server: LiveServer, browser: Any) -> None:
    ann = Person(browser, server.url, "lobby_ann")
    ann.register()
    me = Player(server.url, name=ann.name, password="a long password 1")
    assert me.login().status_code == 200
    bob = Player(server.url).register()
    cat = Player(server.url).register()

    # A rated match ann won (bob resigned): it is finished, and both now have ratings.
    won = me.create("shimada", "japanese", rated=True)["id"]
    assert bob.join(won, "british").status_code == 200
    _dawn(me, won)
    assert bob.http.post(f"/api/matches/{won}/resign").status_code == 200
    # The Japanese player moves first (the dawn choice): ann's move where she is Japanese, bob's where
    # she is British.
    to_move = bob.create("shimada", "british")["id"]
    assert me.join(to_move, "japanese").status_code == 200
    waiting = bob.create("shimada", "japanese")["id"]
    assert me.join(waiting, "british").status_code == 200
    # ann's open match, waiting for a second player; and matches of others, open and live.
    mine_open = me.create("shimada", "japanese")["id"]
    theirs_open = cat.create("shimada", "british")["id"]
    live = cat.create("shimada", "japanese")["id"]
    assert bob.join(live, "british").status_code == 200
    _dawn(cat, live)

    page = ann.page
    page.goto("/")
    page.locator(f"[data-match='{live}']").wait_for()
    expected = {won: "finished-matches", to_move: "your-move", waiting: "waiting-matches",
                mine_open: "open-matches", theirs_open: "open-matches", live: "live-matches"}
    for mid, section in expected.items():
        assert page.locator(f"[data-match='{mid}']").count() == 1, (mid, section)
        assert page.get_by_test_id(section).locator(f"[data-match='{mid}']").count() == 1, (mid, section)
    assert "my-turn" in (page.locator(f"[data-match='{to_move}']").get_attribute("class") or "")

    # The row of a live match: turn and phase, the time of its last move; the players' ratings.
    progress = page.get_by_test_id(f"progress-{live}").inner_text()
    assert "Turn 1/6" in progress and "movement" in progress and "last move just now" in progress
    assert "no move yet" in page.get_by_test_id(f"progress-{to_move}").inner_text()
    ratings = {role: page.get_by_test_id(f"rating-{to_move}-{role}").inner_text() for role in ("japanese", "british")}
    ann_rating, bob_rating = (int(ratings[r].strip(" ()")) for r in ("japanese", "british"))
    assert ann_rating > 1500 > bob_rating
    assert "unrated" in page.get_by_test_id(f"rating-{live}-japanese").inner_text()  # cat never played rated
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lobby-sections.png"), full_page=True)

    # In Japanese, the rows read in Japanese.
    page.get_by_test_id("lang").click()
    page.wait_for_function("id => document.querySelector(`[data-testid=progress-${id}]`)"
                           ".textContent.includes('ターン')", arg=live)
    page.screenshot(path=str(SHOTS / "lobby-sections-ja.png"), full_page=True)
