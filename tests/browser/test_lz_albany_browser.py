"""Two browsers play LZ Albany's opening by clicking on the area map.

Debian's chromium, driven by Playwright. The NVA player creates a seeded match in the lobby and the
US player joins it from the lobby. Turn 1 opens with the NVA Choi Oi event: the NVA player clicks
the North clearing (N1), where 1/A/2-7 stands alone (seed 01 rolls a 2: No Move), and clicks that
platoon to mark it. Then the first NVA Fire/Move chit is drawn: the NVA player activates the group
"66 (6, 7, 8)" for Move with its button, clicks 1/6/8/66 in the Anthill wood and then the North
clearing. Both pages show the platoon there, the area contested, the chit drawn this turn with its
group and face, and the move in the log. The US player meanwhile clicks an officer to see its line
of sight. No websocket frame to either player holds the RNG or a cup order (the cup is sorted).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.browser import Person

pytestmark = pytest.mark.browser
SEED = "01" + "00" * 15  # HMAC pads a short key with zeros: the same dice as seed 01
MARKED, MOVER, FROM, TO, GROUP = "US-A27-1", "NVA-66-C6-1", "N2", "N1", "66a"


def test_the_nva_player_activates_a_group_and_moves_by_clicking(server: LiveServer, browser: Any) -> None:
    nva, us = Person(browser, server.url, "nguyen"), Person(browser, server.url, "moore")
    for person in (nva, us):
        person.register()

    match_id = nva.create("lz_albany", "nva", SEED)
    us.join(match_id, "us")
    nva.page.reload()

    n = nva.page
    n.get_by_test_id("phase").wait_for()
    assert "Event Phase" in n.get_by_test_id("phase").inner_text()
    assert "Turn 1/10" in n.get_by_test_id("turn-info").inner_text()
    assert n.locator("[data-testid=turn-track] li.night").count() == 2  # turns 9-10
    assert "NVA Fire/Move" in n.get_by_test_id("cup").inner_text() and "×4" in n.get_by_test_id("cup").inner_text()
    assert n.locator("[data-testid=vp] .lz-vp-mark-label").all_inner_texts() == ["30", "35"]

    # The US player looks at an officer's line of sight: the areas it sees are shaded.
    us.counter("US-A27-CO").click()
    us.page.locator("#hex-N1.los").wait_for(state="attached")
    assert "Line of sight" in us.page.get_by_test_id("los-legend").inner_text()
    assert us.page.locator(".los-seen").count() >= 3

    # Choi Oi: a click on the area, then on the enemy platoon to mark.
    nva.wait_target(TO)
    nva.click_hex(TO)
    n.locator(f"svg [data-ref='{MARKED}'].selectable").wait_for(state="attached")
    nva.counter(MARKED).click()
    for person in (nva, us):
        person.page.locator(f"svg [data-ref='{MARKED}'] .marker-no_move").wait_for(state="attached")

    # The first NVA Fire/Move chit: the group's Move button, then the platoon, then the area.
    move = n.locator("[data-testid=actions] button[data-action-type=activate]", has_text="66 (6, 7, 8): Move")
    move.wait_for()
    assert move.inner_text() == "Activate 66 (6, 7, 8): Move"
    move.click()
    n.locator(f"svg [data-ref='{MOVER}'].selectable").wait_for(state="attached")
    nva.counter(MOVER).click()
    nva.wait_target(TO)
    nva.click_hex(TO)
    for person in (nva, us):
        person.wait_at(MOVER, TO)
        person.page.locator(f"[data-contested='{TO}']").wait_for(state="attached")
        line = person.page.locator("[data-testid=log] .key-log-moved").last
        line.wait_for()
        assert "moves from Anthill wood to North clearing" in line.inner_text()
        drawn = person.page.get_by_test_id("drawn").inner_text()
        assert "NVA Fire/Move" in drawn and "66 (6, 7, 8): Move" in drawn
        assert person.page.locator(f"[data-testid=groups] tr[data-group='{GROUP}'] .face-move").count() == 1

    # No frame to either player carries the RNG or an order of the cup.
    for person in (nva, us):
        assert person.frames
        for raw in person.frames:
            assert '"rng"' not in raw and '"seed":' not in raw, raw[:200]
            frame = json.loads(raw)
            if frame.get("type") == "snapshot":
                for side, chits in frame["view"]["cup"].items():
                    assert chits == sorted(chits), (side, chits)
