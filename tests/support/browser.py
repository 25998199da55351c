"""A person at a browser, for the Playwright tests: Debian's chromium, one context each."""

from __future__ import annotations

import re
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


class Person:
    """One browser context: registers through the lobby, creates or joins matches, clicks the map.

    Every websocket frame the page receives is kept in ``frames``, so a test can check what was sent.
    """

    def __init__(self, browser: Any, base: str, name: str, lang: str = "en") -> None:
        self.context = browser.new_context(base_url=base, viewport={"width": 1400, "height": 950}, locale="en-GB")
        self.context.add_init_script(f"localStorage.setItem('lang', '{lang}')")
        self.page = self.context.new_page()
        self.page.set_default_timeout(15000)
        self.name = name
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))

    def received(self) -> str:
        return "\n".join(self.frames)

    def register(self) -> None:
        self.page.goto("/")
        form = self.page.get_by_test_id("register-form")
        form.locator("input[name=username]").fill(self.name)
        form.locator("input[name=password]").fill("a long password 1")
        form.locator("button[type=submit]").click()
        # The page reloads once signed in; wait for the new page, not the old one's form.
        self.page.get_by_test_id("logout").wait_for()
        self.page.get_by_test_id("create-form").wait_for()

    def create(self, game: str, role: str, seed: str | None = None) -> str:
        """Create a match from the lobby's form, taking ``role``; returns the match id."""
        form = self.page.get_by_test_id("create-form")
        form.locator("select[name=game]").select_option(game)
        form.locator("select[name=role]").select_option(role)
        if seed is not None:
            form.locator("input[name=seed]").fill(seed)
        form.locator("button[type=submit]").click()
        self.page.wait_for_url(re.compile(r"/match/"))
        return str(self.page.url.rsplit("/", 1)[1])

    def join(self, match_id: str, role: str) -> None:
        """Take the free seat from the lobby's list of open matches."""
        self.page.goto("/")
        self.page.get_by_test_id(f"join-{match_id}-{role}").click()
        self.page.wait_for_url(re.compile(rf"/match/{match_id}"))

    def counter(self, ref: str) -> Any:
        return self.page.locator(f"svg [data-ref='{ref}']")

    def click_hex(self, label: str) -> None:
        """A click on a hex or an area of the map (its hit polygon may lie under a label or a mark)."""
        self.page.locator(f"#hex-{label}").dispatch_event("click")

    def wait_target(self, label: str) -> None:
        self.page.locator(f"#hex-{label}.target").wait_for(state="attached")

    def wait_at(self, ref: str, label: str) -> None:
        self.page.locator(f"svg [data-ref='{ref}'][data-at='{label}']").wait_for(state="attached")

    def move(self, ref: str, to: str) -> None:
        """Select a counter (no action), click its destination once it lights up, wait until it stands there."""
        self.counter(ref).click()
        self.wait_target(to)
        self.click_hex(to)
        self.wait_at(ref, to)

    def button(self, action_type: str) -> Any:
        return self.page.locator(f"[data-testid=actions] button[data-action-type={action_type}]")

    # --- play-by-web helpers (docs/play-by-web.md) ---

    def create_with_clock(self, game: str, role: str, minutes: int | None = None, increment: int = 0,
                          days: int | None = None, cap: int | None = None, private: bool = False,
                          rated: bool | None = None, on_timeout: str | None = None) -> str:
        """Create a match from the lobby's form with a live (minutes + increment) or correspondence (days,
        cap) clock; returns the match id."""
        form = self.page.get_by_test_id("create-form")
        form.locator("select[name=game]").select_option(game)
        form.locator("select[name=role]").select_option(role)
        if minutes is not None:
            form.locator("select[name=clock]").select_option("live")
            form.locator("input[name=clock-minutes]").fill(str(minutes))
            form.locator("input[name=clock-increment]").fill(str(increment))
        elif days is not None:
            form.locator("select[name=clock]").select_option("correspondence")
            form.locator("input[name=clock-days]").fill(str(days))
            form.locator("input[name=clock-cap]").fill(str(cap or days))
        if on_timeout is not None:
            form.locator("select[name=on_timeout]").select_option(on_timeout)
        if rated is not None:
            form.locator("input[name=rated]").set_checked(rated)
        if private:
            form.locator("input[name=private]").check()
        form.locator("button[type=submit]").click()
        self.page.wait_for_url(re.compile(r"/match/"))
        return str(self.page.url.rsplit("/", 1)[1].split("?")[0])

    def clock_text(self, role: str, page: Any = None) -> str:
        return str((page or self.page).get_by_test_id(f"clock-{role}").locator(".clock-time").inner_text())

    def say(self, text: str) -> None:
        """Type a chat message and send it with Enter."""
        box = self.page.get_by_test_id("chat-input")
        box.fill(text)
        box.press("Enter")

    def control(self, name: str) -> Any:
        """A play-by-web button of the match page: undo, offer_draw, accept, resign, rematch_swap…"""
        return self.page.get_by_test_id(f"ctl-{name}")

    def record_notifications(self) -> None:
        """Stub the browser's Notification (granted) in this context; shown ones go to window.__notes."""
        self.context.add_init_script("""
            window.__notes = [];
            window.Notification = class {
                static permission = "granted";
                static requestPermission() { return Promise.resolve("granted"); }
                constructor(title, options) { window.__notes.push({ title, body: (options || {}).body }); }
                close() {}
            };
        """)

    @staticmethod
    def hide(page: Any) -> None:
        """Make the page believe its tab is in the background (document.hidden)."""
        page.evaluate("Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
                      "Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'})")


def face_to_face(browser: Any, base: str, game: str, first: tuple[str, str], second: tuple[str, str],
                 seed: str | None = None) -> tuple[Person, Person, str]:
    """Two people register; the first creates a match of ``game`` in its role (``(name, role)``), seeded or
    not, the second joins in its role, and the first's page is reloaded to show the seated match.
    Returns both and the match id."""
    a, b = Person(browser, base, first[0]), Person(browser, base, second[0])
    for person in (a, b):
        person.register()
    match_id = a.create(game, first[1], seed)
    b.join(match_id, second[1])
    a.page.reload()
    return a, b, match_id


def page_errors(page: Any) -> list[str]:
    """The uncaught errors of ``page`` from now on (a test asserts the list stays empty)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors
