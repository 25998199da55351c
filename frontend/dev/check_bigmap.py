"""Drives the big-map dev page in chromium (playwright): pan/zoom, click vs drag, stack inspector,
tooltip, odds panel, overlays, and frame times while zooming. Needs the dev server:

    node frontend/dev/genboard.mjs && python3 frontend/dev/serve.py 8765 &
    python3 frontend/dev/check_bigmap.py [http://127.0.0.1:8765]
"""
import json
import sys

from playwright.sync_api import sync_playwright

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8765"


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        sent: list[str] = []
        page.on("console", lambda m: sent.append(m.text) if m.text.startswith("send") else None)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{BASE}/static/dev/bigmap.html")
        page.wait_for_function("() => window.devBoard")
        svg = page.locator("svg.hexmap")
        vb0 = svg.get_attribute("viewBox")
        box = svg.bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

        # wheel zoom about the cursor
        page.mouse.move(cx, cy)
        page.mouse.wheel(0, -400)
        page.wait_for_timeout(100)
        vb1 = svg.get_attribute("viewBox")
        assert vb1 != vb0, "wheel did not zoom"
        w0, w1 = float(vb0.split()[2]), float(vb1.split()[2])
        print("wheel zoom", round(w0 / w1, 2))

        # drag pans and does not click
        before = len(sent)
        page.mouse.move(cx, cy)
        page.mouse.down()
        page.mouse.move(cx + 80, cy + 40, steps=8)
        page.mouse.up()
        page.wait_for_timeout(100)
        vb2 = svg.get_attribute("viewBox")
        assert vb2 != vb1, "drag did not pan"
        assert len(sent) == before, "a drag sent an action"
        print("drag pan ok")

        # keyboard and buttons
        page.locator(".map-wrap").focus()
        page.keyboard.press("+")
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(60)
        page.get_by_test_id("zoom-fit").click()
        page.wait_for_timeout(60)
        assert svg.get_attribute("viewBox") == vb0, "fit did not restore"
        print("keys + fit ok")

        # clicking a counter in a stack: the inspector opens and lists every unit
        data = page.evaluate("() => { const m = window.devBoard.map; const e = [...m.stacks.entries()].find(([, l]) => l.length >= 3); return {hex: e[0], refs: e[1].map(c => c.ref)}; }")
        page.evaluate(f"() => window.devBoard.map.panzoom.set({{...window.devBoard.map.panzoom.vb}})")
        page.evaluate("([hex]) => { const m = window.devBoard.map; const [x, y] = m.centre(hex); m.panzoom.zoom(5); m.panzoom.centreOn(x, y); }", [data["hex"]])
        page.wait_for_timeout(100)
        top = data["refs"][-1]
        page.locator(f"svg [data-ref='{top}']").click()
        page.get_by_test_id("stack").wait_for()
        rows = page.locator("[data-testid=stack] .stack-unit").count()
        assert rows == len(data["refs"]), (rows, data)
        print("stack inspector rows", rows)

        # hover: tooltip
        page.locator(f"svg [data-ref='{top}']").hover()
        page.get_by_test_id("unit-tip").wait_for()
        print("tooltip:", page.get_by_test_id("unit-tip").inner_text().replace("\n", " | "))

        # a target hex click still sends an attack after selecting an attacker
        view = page.evaluate("() => window.devBoard.view.attack")
        att = view["attackers"][0]
        page.evaluate("([ref]) => window.devBoard.select(ref)", [att])
        tgt = view["candidates"][0]["at"]
        page.evaluate("([hex]) => { const m = window.devBoard.map; const [x, y] = m.centre(hex); m.panzoom.centreOn(x, y); }", [tgt])
        page.wait_for_timeout(100)
        page.mouse.move(*center(page.locator(f"#hex-{tgt}").bounding_box()))
        page.wait_for_timeout(50)
        assert page.locator(".odds-list button.on").inner_text().startswith(tgt)
        page.mouse.click(*center(page.locator(f"#hex-{tgt}").bounding_box()))
        page.wait_for_timeout(100)
        assert any(f'"to":"{tgt}"' in s for s in sent), sent
        print("click on target sent:", sent[-1])

        # overlays
        page.locator("input[data-overlay=numbers]").check()
        assert page.locator(".layer.numbers text").count() == 1680
        page.locator("input[data-overlay=supply]").uncheck()
        assert "hide-supply" in (svg.get_attribute("class") or "")
        print("overlays ok")

        # frame times while zooming in and out
        page.get_by_test_id("zoom-fit").click()
        times = page.evaluate("""async () => {
          const pz = window.devBoard.map.panzoom; const out = [];
          let last = performance.now();
          for (let i = 0; i < 40; i++) {
            pz.zoom(i < 20 ? 1.08 : 1 / 1.08);
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
            const now = performance.now(); out.push(now - last); last = now;
          }
          return out; }""")
        times.sort()
        print("zoom frame pairs ms: median", round(times[len(times) // 2], 1), "p90", round(times[int(len(times) * 0.9)], 1))
        assert not errors, errors
        print(json.dumps({"ok": True}))
        browser.close()


def center(b: dict) -> tuple[float, float]:
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


if __name__ == "__main__":
    main()
