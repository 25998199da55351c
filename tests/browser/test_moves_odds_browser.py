"""Playing by the odds and by the keyboard, in Debian's chromium driven by Playwright (issue 12).

- The Bulge: the German player moves two units next to the US 112th Infantry (3124), ends the phase,
  selects one attacker and hovers the target: the odds box shows, before any declaration, the odds that
  declaration would give (raw odds, each shift with its reason, the column, the chance of each result) and a
  legend of the table's codes; the map's odds label sits above the defender's counter, clear of its factors.
- Shimada: the Japanese player picks the dawn turn and moves a tank onto the map with the keyboard alone
  (Tab to the counter, Enter, Tab to a highlighted hex, an arrow key through the choices, Enter; Escape).
- The Bulge's destination moves: a selected unit's highlighted hexes are centred on its legal destinations
  (the marks as the map draws them), and one click on a hex three or more hexes away moves it there in one
  action (it needs the Bulge's destination moves and the centred marks of issue 12).

Screenshots are kept under test-artifacts/browser/ (ignored by git).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer
from tests.support.browser import face_to_face, page_errors

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
SEED = "0b" + "00" * 15
ARMOUR, GRENADIERS, TARGET_UNIT, TARGET = "G-2Pz-PzR3", "G-560VG-GR1128", "US-28-112", "3124"


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def tab_to(page: Any, test: str, limit: int = 400) -> None:
    """Press Tab until ``test`` (a JS expression over ``el``, the focused element) holds."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const el = document.activeElement; return !!(el && ({test})); }})()"):
            return
    raise AssertionError(f"Tab never reached an element where {test}")


def test_the_odds_of_an_attack_show_on_hover_before_declaring(server: LiveServer, browser: Any) -> None:
    german, allied, match_id = face_to_face(browser, server.url, "bulge", ("hasso", "german"), ("troy", "allied"), SEED)
    g = german.page
    errors = page_errors(g)
    g.get_by_test_id("phase").wait_for()

    # Two units next to the target (the moves as the server offers them now), then the combat phase.
    for ref, to in ((ARMOUR, "3125"), (GRENADIERS, "3224")):
        german.button("end_phase").wait_for()
        german.move(ref, to)
    german.button("end_phase").click()
    german.button("end_declarations").wait_for()

    # One attacker selected, the target hovered: nothing is declared yet, the odds are shown.
    german.counter(ARMOUR).click()
    german.wait_target(TARGET)
    german.counter(TARGET_UNIT).hover()
    odds = g.get_by_test_id("odds")
    detail = odds.locator(f".odds-detail.preview[data-at='{TARGET}'][data-preview='{ARMOUR}']")
    detail.wait_for()
    assert g.locator("svg .counter.attacking").count() == 0, "hovering declared nothing"
    assert g.locator(".odds-detail:not(.preview)").count() == 0
    assert "3 PzR/2Pz" in odds.locator(".odds-preview-of").inner_text()
    assert re.search(r"\d+\s+vs\s+4", detail.locator(".odds-strengths").inner_text())
    assert re.search(r"\d+:\d+", detail.locator(".odds-raw").inner_text())
    assert detail.locator(".odds-shifts li").all_inner_texts() == ["−1 hills", "−1 river"]
    assert re.search(r"\d+:\d+", detail.locator(".odds-column").inner_text())
    total = sum(float(re.search(r"([\d.]+)%", t).group(1)) for t in detail.locator("td.pct").all_inner_texts())
    assert abs(total - 100) < 0.5, total
    # The legend: every code of the table with what it does (Aopt, Cont, AR1, ...), in English here.
    legend = odds.get_by_test_id("odds-legend")
    legend.locator("summary").click()
    codes = legend.locator("dt").all_inner_texts()
    for code in ("Aopt", "Cont", "AR1", "DElim", "Ex1"):
        assert code in codes, codes
    assert all(dd.strip() for dd in legend.locator("dd").all_inner_texts())
    # The map's odds label for the target stands above the defender's counter, clear of its factors.
    label = g.locator(f".hexmap #label-{TARGET} rect").bounding_box()
    counter = german.counter(TARGET_UNIT).locator(".counter-body").first.bounding_box()
    assert label and counter and label["y"] + label["height"] <= counter["y"] + 0.5, (label, counter)
    shot(g, "bulge-odds-preview")
    assert not errors, errors


def test_a_shimada_move_made_with_the_keyboard_alone(server: LiveServer, browser: Any) -> None:
    jp, br, match_id = face_to_face(browser, server.url, "shimada", ("japan_keys", "japanese"),
                                    ("british_keys", "british"))
    p = jp.page
    errors = page_errors(p)

    # The dawn turn: Tab to its button "6", Enter.
    p.locator("[data-testid=dawn-choice] button").first.wait_for()
    tab_to(p, "el.closest('[data-testid=dawn-choice]') && el.dataset.turn === '6'")
    p.keyboard.press("Enter")
    p.get_by_test_id("dawn-turn").wait_for(state="visible")

    # The tank: Tab to it in the off-map tray, Enter selects it and its hexes light up.
    tab_to(p, "el.dataset && el.dataset.ref === 'J-T1'")
    p.keyboard.press("Enter")
    p.locator("[data-hex].target").first.wait_for(state="attached")
    assert p.locator("[data-testid=offmap] [data-ref='J-T1'].selected").count() == 1
    # Escape cancels the choice; Enter takes it again.
    p.keyboard.press("Escape")
    p.wait_for_function("() => !document.querySelector('[data-testid=offmap] [data-ref=\"J-T1\"].selected')")
    p.keyboard.press("Enter")
    p.locator("[data-testid=offmap] [data-ref='J-T1'].selected").wait_for(state="attached")

    # Tab into the map to a highlighted hex; the arrow keys step through the choices (focus ring drawn).
    tab_to(p, "el.matches && el.matches('[data-hex].target')")
    first = p.evaluate("document.activeElement.dataset.hex")
    p.keyboard.press("ArrowRight")
    now = p.evaluate("document.activeElement.dataset.hex || document.activeElement.dataset.at")
    ring = p.evaluate("[...document.querySelectorAll('[data-hex].target')].map(n => n.dataset.hex)")
    assert now in ring, (now, ring)
    assert len(ring) == 1 or now != first
    assert p.locator(".route-marks .key-focus:not([display])").count() == 1
    shot(p, "shimada-keyboard-focus")
    p.keyboard.press("Enter")
    jp.wait_at("J-T1", now)
    br.wait_at("J-T1", now)
    shot(p, "shimada-keyboard-moved")
    assert not errors, errors


def _centre(points: str) -> tuple[float, float]:
    xy = [tuple(map(float, p.split(","))) for p in points.split()]
    return sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy)


def test_a_bulge_unit_moves_to_a_far_destination_in_one_action(server: LiveServer, browser: Any) -> None:
    """Issue 12 (1): the highlighted hexes of a selected unit are its legal destinations, each mark centred on
    its hex; one click on a hex three or more hexes away moves it there with one action."""
    german, allied, match_id = face_to_face(browser, server.url, "bulge", ("gerd", "german"), ("omar", "allied"), SEED)
    g = german.page
    errors = page_errors(g)
    german.button("end_phase").wait_for()

    def state() -> dict[str, Any]:
        answer = g.request.get(f"/api/matches/{match_id}/view").json()
        return {"version": answer["version"], "view": answer["view"]}

    before = state()
    moves = {a["to"]: a for a in before["view"]["actions"] if a.get("unit") == ARMOUR and "cost" in a}
    assert len(moves) > 6, "the armour is offered its reach"
    german.counter(ARMOUR).click()
    g.locator(".hexmap .mark.target").nth(len(moves) - 1).wait_for(state="attached")
    assert state()["version"] == before["version"], "selecting is not an action"

    # Every highlighted mark is centred on a hex that is a legal destination, and every destination has one.
    hexes = g.locator(".hexmap polygon.hex").evaluate_all(
        "ns => ns.map(n => [n.dataset.hex, n.getAttribute('points')])")
    centres = {(round(x, 1), round(y, 1)): h for h, pts in hexes for x, y in [_centre(pts)]}
    marks = g.locator(".hexmap .mark.target").evaluate_all("ns => ns.map(n => n.getAttribute('points'))")
    marked = set()
    for pts in marks:
        x, y = _centre(pts)
        near = [h for (cx, cy), h in centres.items() if abs(cx - x) < 0.6 and abs(cy - y) < 0.6]
        assert near and near[0] in moves, f"a mark at {(x, y)} is not on a destination ({near})"
        marked.add(near[0])
    assert marked == set(moves)

    # A destination three or more steps away (its path from the notes), on an empty hex: hover, then one click.
    def steps(to: str) -> int:
        n, at = 1, moves[to]
        while "prev" in at:
            n, at = n + 1, moves[at["prev"]]
        return n

    occupied = {c["hex"] for c in before["view"]["counters"] if c.get("hex")}
    g.locator("svg.hexmap").scroll_into_view_if_needed()
    view_box = g.locator("svg.hexmap").bounding_box()
    assert view_box

    def in_sight(h: str) -> bool:  # the hex's centre is inside the map as drawn now and inside the window
        b = g.locator(f"#hex-{h}").bounding_box()
        if not b:
            return False
        x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
        v = view_box
        return v["x"] < x < v["x"] + v["width"] and v["y"] < y < v["y"] + v["height"] and 0 < y < 950

    far = next(h for h in sorted(moves, key=lambda h: -steps(h)) if steps(h) >= 3 and h not in occupied and in_sight(h))
    box = g.locator(f"#hex-{far}").bounding_box()
    assert box
    g.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tip = g.get_by_test_id("unit-tip")
    tip.get_by_test_id("move-cost").wait_for()
    assert g.locator(".route-marks .route-leg").count() == 1
    shot(g, "bulge-destination-hover")
    g.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    german.wait_at(ARMOUR, far)
    allied.wait_at(ARMOUR, far)
    after = state()
    assert after["version"] == before["version"] + 1, "one action took it there"
    shot(g, "bulge-destination-moved")
    assert not errors, errors


def test_a_bulge_move_shaped_by_a_waypoint(server: LiveServer, browser: Any) -> None:
    """Issue 12: the player shapes a path with a waypoint (Shift-click a hex the unit can reach, then click the
    destination); the move goes with ``via`` in one action, and the waypoint shows numbered on the map."""
    german, allied, match_id = face_to_face(browser, server.url, "bulge", ("wolf", "german"), ("ike", "allied"), SEED)
    g = german.page
    sent: list[str] = []
    g.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(f if isinstance(f, str) else f.decode())))
    g.reload()  # the socket opened after the listener, so every frame it sends is seen
    errors = page_errors(g)
    german.button("end_phase").wait_for()
    view = g.request.get(f"/api/matches/{match_id}/view").json()
    moves = {a["to"]: a for a in view["view"]["actions"] if a.get("unit") == GRENADIERS and "cost" in a}
    occupied = {c["hex"] for c in view["view"]["counters"] if c.get("hex")}
    # a destination two or more steps on, and the hex before it on its cheapest path as the waypoint
    far = next(h for h, a in sorted(moves.items()) if "prev" in a and h not in occupied and a["prev"] not in occupied)
    waypoint = moves[far]["prev"]
    german.counter(GRENADIERS).click()
    german.wait_target(far)
    g.locator(f"#hex-{waypoint}").dispatch_event("click", {"shiftKey": True})
    g.locator(f".route-marks [data-waypoint='{waypoint}']").wait_for(state="attached")
    assert waypoint in g.get_by_test_id("via").inner_text()
    shot(g, "bulge-waypoint")
    german.click_hex(far)
    german.wait_at(GRENADIERS, far)
    actions = [json.loads(f)["action"] for f in sent if '"type":"action"' in f.replace(" ", "")]
    assert actions and actions[-1]["to"] == far and actions[-1]["via"] == [waypoint], actions
    after = g.request.get(f"/api/matches/{match_id}/view").json()
    assert after["version"] == view["version"] + 1
    assert not errors, errors
