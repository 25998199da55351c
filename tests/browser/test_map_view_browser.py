"""Maps that can be read: a match opens on the reader's units at a readable zoom, on a desk and on a phone.

Debian's chromium, driven by Playwright, at 1440×900 and at 390×844 (a phone: touch, no mouse). Two
accounts take the seats of a Bulge, a Shimada and an LZ Albany match through the API. Each player
opens the match page and, without any zoom click, finds their own counters on the map at least 40 px
wide (28 px on the phone), the map starting near the top of the window and no control lying over it.
A zoom with the wheel (the desk), or the keyboard and a pinch (the phone), is kept across a reload. A spectator of
a small map sees all of it. On the phone a
long press on a counter shows its details and the map's help says "long-press" and "pinch". Shimada's
face-down British counters show their back: "DISRUPTED". Each page is kept as a screenshot under
test-artifacts/browser/ (ignored by git).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
PASSWORD = "a long password 1"
SIZES = {"desk": ((1440, 900), 40), "phone": ((390, 844), 28)}
SEATS = {"bulge": ("german", "allied"), "shimada": ("japanese", "british"), "lz_albany": ("us", "nva")}

# The on-screen widths of the reader's counters whose centre lies inside the map's element.
VISIBLE_WIDTHS = """(side) => {
  const map = document.querySelector('svg.hexmap').getBoundingClientRect();
  return [...document.querySelectorAll(`svg.hexmap .counter.side-${side} .counter-body`)]
    .map((n) => n.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.left + r.width / 2 > map.left && r.left + r.width / 2 < map.right
      && r.top + r.height / 2 > map.top && r.top + r.height / 2 < map.bottom)
    .map((r) => r.width);
}"""


# The centres of the reader's counters on top of their stacks, inside the map's element.
VISIBLE_CENTRES = """(side) => {
  const map = document.querySelector('svg.hexmap').getBoundingClientRect();
  return [...document.querySelectorAll(`svg.hexmap .counter.side-${side} .counter-body`)]
    .map((n) => n.getBoundingClientRect())
    .map((r) => [r.left + r.width / 2, r.top + r.height / 2])
    .filter(([x, y]) => x > map.left + 20 && x < map.right - 20 && y > map.top + 20 && y < map.bottom - 20
      && document.elementFromPoint(x, y)?.closest('.counter')?.classList.contains(`side-${side}`));
}"""


# The view box has narrowed (zoomed in) below w.
NARROWER = "(w) => Number(document.querySelector('svg.hexmap').getAttribute('viewBox').split(' ')[2]) < w"


def _context(browser: Any, base: str, size: str, name: str) -> Any:
    (w, h), _ = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(base_url=base, viewport={"width": w, "height": h}, locale="en-GB",
                                  is_mobile=phone, has_touch=phone)
    context.add_init_script("localStorage.setItem('lang', 'en')")
    r = context.request.post("/api/auth/register", data={"username": name, "password": PASSWORD})
    if r.status != 201:
        assert context.request.post("/api/auth/login", data={"username": name, "password": PASSWORD}).ok
    return context


def _match(server: LiveServer, browser: Any, game: str) -> str:
    """A match of `game` with both seats taken (by ann and ben), made through the API."""
    first, second = SEATS[game]
    ann, ben = _context(browser, server.url, "desk", "ann"), _context(browser, server.url, "desk", "ben")
    match = ann.request.post("/api/matches", data={"game": game, "role": first}).json()
    assert ben.request.post(f"/api/matches/{match['id']}/join", data={"role": second}).ok
    ann.close()
    ben.close()
    return str(match["id"])


def _open(context: Any, match_id: str, side: str) -> Any:
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto(f"/match/{match_id}")
    page.locator(f"svg.hexmap .counter.side-{side}").first.wait_for(state="attached")
    # the opening view is applied on the frame after the first view: wait until the reader's counters show
    page.wait_for_function(f"() => ({VISIBLE_WIDTHS})('{side}').length > 0")
    return page


def _view_box(page: Any) -> list[float]:
    return [float(v) for v in page.locator("svg.hexmap").get_attribute("viewBox").split()]


def _check_layout(page: Any, size: str, side: str) -> None:
    """The reader's counters readable with no zoom click; the map near the top; nothing over the map."""
    _, least = SIZES[size]
    widths = page.evaluate(VISIBLE_WIDTHS, side)
    assert widths and min(widths) >= least, (size, side, widths)
    svg = page.locator("svg.hexmap").bounding_box()
    assert svg["y"] < (200 if size == "desk" else 190), svg  # under a thin header, not 300-500 px down
    bar = page.locator(".map-bar").bounding_box()
    assert bar["y"] + bar["height"] <= svg["y"] + 1, (bar, svg)  # the zoom buttons sit above the map
    if size == "desk":
        side_col = page.locator(".board-side").bounding_box()
        assert svg["width"] >= 900 and side_col["x"] >= svg["x"] + svg["width"]  # the map as wide as the page allows
        state = page.get_by_test_id("game-state").bounding_box()
        assert state["y"] <= side_col["y"] + 1  # the side column starts with the game's state
    else:
        for button in page.locator(".map-bar button:visible").all():
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, box  # fingers
        assert page.get_by_test_id("game-state").bounding_box()["y"] > svg["y"]  # the map first


@pytest.mark.parametrize("size", ["desk", "phone"])
def test_a_bulge_match_opens_on_the_readers_units_and_keeps_its_zoom(server: LiveServer, browser: Any,
                                                                     size: str) -> None:
    match_id = _match(server, browser, "bulge")
    context = _context(browser, server.url, size, "ann")
    page = _open(context, match_id, "german")
    _check_layout(page, size, "german")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"bulge-{size}-german.png"))

    # The overview of the big map frames what the map shows (shown on the desk, a switch on the phone).
    overview = page.get_by_test_id("overview")
    if size == "phone":
        assert overview.is_hidden()
        page.get_by_test_id("overview-toggle").click()
    overview.wait_for(state="visible")
    vb = _view_box(page)
    frame = [float(overview.locator(".overview-frame").get_attribute(k)) for k in ("x", "y", "width", "height")]
    assert all(abs(a - b) < 1 for a, b in zip(frame, vb, strict=True)), (frame, vb)

    before = _view_box(page)
    if size == "desk":
        # The wheel zooms about the pointer: the map point under it stays put.
        svg = page.locator("svg.hexmap").bounding_box()
        x, y = svg["x"] + svg["width"] * 0.3, svg["y"] + svg["height"] * 0.4
        under = page.evaluate("([x, y]) => { const m = document.querySelector('svg.hexmap').getScreenCTM().inverse();"
                              " const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; }", [x, y])
        page.mouse.move(x, y)
        page.mouse.wheel(0, -240)
        page.wait_for_function(NARROWER, arg=before[2])
        after = page.evaluate("([x, y]) => { const m = document.querySelector('svg.hexmap').getScreenCTM().inverse();"
                              " const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; }", [x, y])
        assert abs(after[0] - under[0]) < 2 and abs(after[1] - under[1]) < 2, (under, after)
    else:
        # On the phone the help speaks of fingers, and a long press on a counter shows its details.
        help_text = page.locator(".map-wrap").get_attribute("aria-label") or ""
        assert "long-press" in help_text and "pinch" in help_text, help_text
        x, y = page.evaluate(VISIBLE_CENTRES, "german")[0]
        cdp = context.new_cdp_session(page)
        point = [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        page.get_by_test_id("unit-tip").wait_for(state="visible")  # shown while the finger rests
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        tip = page.get_by_test_id("unit-tip")
        assert tip.is_visible() and "German" in tip.inner_text()  # still there once the finger lifts
        page.locator(".map-wrap").focus()
        page.keyboard.press("+")
        page.wait_for_function(NARROWER, arg=before[2])
        # Two fingers spread apart on the map: a pinch zooms in further.
        keyed = _view_box(page)
        svg = page.locator("svg.hexmap").bounding_box()
        cx, cy = svg["x"] + svg["width"] / 2, svg["y"] + svg["height"] / 2

        def fingers(d: float) -> list[dict[str, float]]:
            return [{"x": cx - d, "y": cy, "id": 1}, {"x": cx + d, "y": cy, "id": 2}]

        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(30)})
        for d in (45, 60, 75, 90):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(d)})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function(NARROWER, arg=keyed[2] * 0.6)  # fingers three times as far apart: a closer view
    zoomed = _view_box(page)
    page.wait_for_function(f"() => (localStorage.getItem('map.views') || '').includes('match:{match_id}')")
    page.wait_for_function("(vb) => { const v = JSON.parse(localStorage.getItem('map.views'))[0];"
                           " const w = document.querySelector('svg.hexmap').getBoundingClientRect().width;"
                           " return Math.abs(v.cx - (vb[0] + vb[2] / 2)) < 1 && Math.abs(w / v.ppu - vb[2]) < 1; }",
                           arg=zoomed)

    # A reload opens the same view: the zoom and the centre are kept per match on the device.
    page.reload()
    page.locator("svg.hexmap .counter.side-german").first.wait_for(state="attached")
    page.wait_for_function("(vb) => { const b = document.querySelector('svg.hexmap').getAttribute('viewBox')"
                           ".split(' ').map(Number); return b.every((v, i) => Math.abs(v - vb[i]) < 1); }", arg=zoomed)
    page.screenshot(path=str(ARTIFACTS / f"bulge-{size}-german-reloaded.png"))
    context.close()


@pytest.mark.parametrize("size", ["desk", "phone"])
@pytest.mark.parametrize("game", ["shimada", "lz_albany"])
def test_the_small_maps_open_readable_for_each_player(server: LiveServer, browser: Any, game: str, size: str) -> None:
    match_id = _match(server, browser, game)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, side in zip(("ann", "ben"), SEATS[game], strict=True):
        context = _context(browser, server.url, size, name)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.goto(f"/match/{match_id}")
        page.locator("svg.hexmap [data-ref]").first.wait_for(state="attached")
        if side == "japanese":  # every Japanese counter starts off the map: the tray shows them, legible
            page.get_by_test_id("offmap").locator("[data-ref='J-T1']").wait_for()
            names = page.get_by_test_id("offmap").locator(".counter-name").all_text_contents()
            assert "Shimada" in names, names
        else:
            page.wait_for_function(f"() => ({VISIBLE_WIDTHS})('{side}').length > 0")
            _check_layout(page, size, side)
        if side == "british":  # face down, disrupted: the back says so
            backs = page.locator("svg.hexmap .counter.side-british .back-mark").all_text_contents()
            assert backs and set(backs) == {"DISRUPTED"}, backs
        page.screenshot(path=str(ARTIFACTS / f"{game}-{size}-{side}.png"))
        context.close()

    # A spectator of a small map sees all of it.
    context = _context(browser, server.url, size, "cat")
    page = context.new_page()
    page.goto(f"/match/{match_id}")
    page.get_by_test_id("spectator").wait_for(state="visible")
    page.locator("svg.hexmap [data-ref]").first.wait_for(state="attached")
    page.wait_for_function("""() => {
      const svg = document.querySelector('svg.hexmap');
      const r = svg.getBoundingClientRect(), [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
      const hexes = [...svg.querySelectorAll('.hex')].map((n) => n.getBBox());
      const k = Math.max(w / r.width, h / r.height), vx = x - (r.width * k - w) / 2, vy = y - (r.height * k - h) / 2;
      return hexes.every((b) => b.x >= vx - 1 && b.y >= vy - 1
        && b.x + b.width <= vx + r.width * k + 1 && b.y + b.height <= vy + r.height * k + 1);
    }""")
    page.screenshot(path=str(ARTIFACTS / f"{game}-{size}-spectator.png"))
    context.close()
