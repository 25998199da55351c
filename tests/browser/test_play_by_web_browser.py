"""Play-by-web in two browsers (docs/play-by-web.md): a live clock, chat, "your move", undo.

Debian's chromium, driven by Playwright. The Japanese player creates a Shimada match with a live
clock (30 minutes + 10 seconds) from the lobby's form; the British player joins from the lobby and
also keeps a second tab on the lobby. The clock shows and counts down on both pages; a chat message
reaches the other player as text; the Japanese player's undo button takes a move back; when the
Japanese player hands the move over, the British match page (in a tab made to look hidden, with
browser notifications allowed) says "Your move", shows a notification, and the lobby tab lists the
match as the British player's move; a resignation ends it with rematch buttons.

The other tests: a private match joined through its invitation link (after registering, the
guest is brought back to it) with the spectators' chat channel; the create form keeping its clock
across a repaint; the settings page (refused webhook, vacation) and the profile page; offers (a
takeback accepted, a draw declined, then agreed) and a rematch with the same sides.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.conftest import LiveServer
from tests.support.browser import Person

pytestmark = pytest.mark.browser
CLOCK = "[data-testid=clock-{role}] .clock-time"


def _seconds(text: str) -> int:
    h, m, s = (int(x) for x in text.strip().split(":"))
    return h * 3600 + m * 60 + s


def test_clock_chat_undo_and_your_move(server: LiveServer, browser: Any) -> None:
    jp, br = Person(browser, server.url, "pbw_japan"), Person(browser, server.url, "pbw_british")
    br.record_notifications()
    for person in (jp, br):
        person.register()

    match_id = jp.create_with_clock("shimada", "japanese", minutes=30, increment=10)
    summary = httpx.get(f"{server.url}/api/matches/{match_id}").json()
    assert summary["clock"]["kind"] == "live" and summary["clock"]["initial"] == 1800, summary["clock"]
    assert summary["clock"]["increment"] == 10
    br.join(match_id, "british")
    jp.page.reload()

    # The clocks: the Japanese side's runs (dawn choice is theirs), the British side's stands at 30:00.
    for page in (jp.page, br.page):
        page.get_by_test_id("clock-japanese").wait_for()
        page.wait_for_function("() => document.querySelector('[data-testid=clock-japanese]')"
                               ".classList.contains('running')")
    assert br.clock_text("british") == "0:30:00"
    assert "running" not in (br.page.get_by_test_id("clock-british").get_attribute("class") or "")
    first = _seconds(jp.clock_text("japanese"))
    assert 1790 <= first <= 1800, first
    jp.page.wait_for_function(
        f"() => {{ const t = document.querySelector('{CLOCK.format(role='japanese')}').textContent;"
        f" const [h, m, s] = t.split(':').map(Number); return h * 3600 + m * 60 + s <= {first - 2}; }}", timeout=10000)
    assert "low" not in (jp.page.get_by_test_id("clock-japanese").get_attribute("class") or "")

    # Chat: the Japanese player writes (Enter sends); the British player sees it as plain text.
    jp.say("Good luck! <b>not bold</b>")
    br.page.get_by_test_id("chat-log").locator(".chat-text", has_text="Good luck!").wait_for()
    line = br.page.get_by_test_id("chat-log").locator(".chat-msg").last
    assert line.locator(".chat-text").inner_text() == "Good luck! <b>not bold</b>"
    assert line.locator(".chat-text b").count() == 0
    assert "pbw_japan" in line.locator(".chat-user").inner_text()
    assert any(json.loads(f).get("type") == "chat" for f in br.frames)
    # The sender sees it too (from the reply or the socket), once.
    jp.page.get_by_test_id("chat-log").locator(".chat-text", has_text="Good luck!").wait_for()
    assert jp.page.get_by_test_id("chat-log").locator(".chat-text", has_text="Good luck!").count() == 1

    # Five messages per ten seconds: the sixth is refused, and the page says why.
    for i in range(2, 7):
        jp.say(f"message {i}")
        jp.page.wait_for_function(
            "(m) => [...document.querySelectorAll('[data-testid=chat-log] .chat-text')].some(e => e.textContent === m)"
            " || !document.querySelector('[data-testid=chat-error]').hidden", arg=f"message {i}")
    jp.page.get_by_test_id("chat-error").wait_for(state="visible")
    assert jp.page.get_by_test_id("chat-error").inner_text().strip()
    assert jp.page.get_by_test_id("chat-input").input_value().startswith("message")  # kept to send again

    # The British player's second tab: the lobby, where the match is not yet theirs to move.
    lobby = br.context.new_page()
    lobby.set_default_timeout(15000)
    lobby.goto("/")
    mine = lobby.locator(f"[data-testid=my-matches] [data-match='{match_id}']")
    mine.wait_for()
    assert "my-turn" not in (mine.get_attribute("class") or "")
    lobby.locator(f"[data-testid=clock-kind-{match_id}]").first.wait_for()

    # Dawn on turn 6, then the tank onto the map; the undo button takes the move back.
    jp.page.locator("[data-testid=dawn-choice] button", has_text="6").first.click()
    jp.page.get_by_test_id("dawn-turn").wait_for(state="visible")
    jp.page.get_by_test_id("offmap").locator("[data-ref='J-T1']").click()
    jp.page.locator("[data-hex].target").first.click()
    jp.page.locator("svg [data-ref='J-T1']").wait_for()
    undo = jp.control("undo")
    undo.wait_for()
    jp.page.wait_for_function("() => /2/.test(document.querySelector('[data-testid=ctl-undo]').textContent)")
    undo.click()
    jp.page.locator("svg [data-ref='J-T1']").wait_for(state="detached")
    jp.page.get_by_test_id("offmap").locator("[data-ref='J-T1']").wait_for()
    br.page.locator("svg [data-ref='J-T1']").wait_for(state="detached")
    jp.page.wait_for_function("() => /1/.test(document.querySelector('[data-testid=ctl-undo]')?.textContent ?? '')")
    assert jp.page.get_by_test_id("dawn-turn").is_visible()  # only the move was undone

    # The British match page goes to the background; the Japanese player ends three steps.
    Person.hide(br.page)
    assert br.page.evaluate("document.hidden") is True
    for _ in range(3):
        before = jp.page.get_by_test_id("match-head").locator(".meta").inner_text()
        jp.button("end_step").click()
        jp.page.wait_for_function(
            "(b) => document.querySelector('[data-testid=match-head] .meta').innerText !== b", arg=before)

    # "Your move" on the British match page, its clock now running, a browser notification shown.
    br.page.wait_for_function("() => document.querySelector('[data-testid=turn]').classList.contains('mine')")
    br.page.wait_for_function("() => document.querySelector('[data-testid=clock-british]')"
                              ".classList.contains('running')")
    assert "running" not in (br.page.get_by_test_id("clock-japanese").get_attribute("class") or "")
    br.page.wait_for_function("() => window.__notes.length > 0")
    notes = br.page.evaluate("window.__notes")
    assert notes[0]["title"] == "Your move", notes
    assert "pbw_japan" in notes[0]["body"]
    # The Japanese clock stopped, with its increments: still about half an hour.
    jp.page.wait_for_function("() => !document.querySelector('[data-testid=clock-japanese]')"
                              ".classList.contains('running')")
    assert _seconds(jp.clock_text("japanese")) > 1700

    # The lobby tab, left alone, lists the match as the British player's move.
    lobby.locator(f"[data-testid=my-matches] [data-match='{match_id}'].my-turn").wait_for(timeout=25000)

    # A spectator-free finish: the British player resigns (with a confirmation), rematch buttons follow.
    br.control("resign").click()
    br.control("resign-yes").click()
    br.page.get_by_test_id("outcome").wait_for(state="visible")
    jp.page.get_by_test_id("outcome").wait_for(state="visible")
    jp.control("rematch_swap").wait_for()
    assert br.control("undo").count() == 0


def test_a_private_match_is_joined_by_its_invitation_link(server: LiveServer, browser: Any) -> None:
    host = Person(browser, server.url, "pbw_host")
    host.register()
    match_id = host.create_with_clock("shimada", "japanese", days=2, cap=5, private=True)
    clock = httpx.get(f"{server.url}/api/matches/{match_id}").json()["clock"]
    assert (clock["kind"], clock["per_move"], clock["cap"]) == ("correspondence", 2 * 86400, 5 * 86400)
    row = host.page.get_by_test_id("invite-british")
    link = row.locator("input").input_value()
    assert f"/match/{match_id}?invite=" in link
    host.page.get_by_test_id("clock-japanese").wait_for()
    assert host.clock_text("japanese") == "2d 0h"

    # Someone with the link, not signed in: told to log in; after registering, back on the match.
    guest = Person(browser, server.url, "pbw_guest")
    guest.page.goto("/")
    open_list = guest.page.get_by_test_id("open-matches")
    open_list.wait_for()
    assert open_list.locator(f"[data-match='{match_id}']").count() == 0  # private: not listed
    guest.page.goto(link)
    guest.page.get_by_test_id("invited").wait_for(state="visible")
    guest.page.get_by_test_id("invited").locator("a").click()
    form = guest.page.get_by_test_id("register-form")
    form.locator("input[name=username]").fill(guest.name)
    form.locator("input[name=password]").fill("a long password 1")
    form.locator("button[type=submit]").click()
    guest.page.wait_for_url(lambda url: f"/match/{match_id}?invite=" in url)
    guest.page.get_by_test_id("accept-invite-british").click()
    guest.page.get_by_test_id("spectator").wait_for(state="hidden")
    seats = httpx.get(f"{server.url}/api/matches/{match_id}").json()["seats"]
    assert seats == {"japanese": "pbw_host", "british": "pbw_guest"}
    host.page.get_by_test_id("invites").wait_for(state="hidden")  # no free seat left

    # A spectator writes to the spectators; the players do not see it, the spectator sees both, labelled.
    watcher = Person(browser, server.url, "pbw_watcher")
    watcher.register()
    watcher.page.goto(f"/match/{match_id}")
    watcher.page.get_by_test_id("spectator").wait_for(state="visible")
    host.say("to my opponent")
    watcher.say("from the gallery")
    log = watcher.page.get_by_test_id("chat-log")
    log.locator(".chat-msg.channel-players", has_text="to my opponent").wait_for()
    log.locator(".chat-msg.channel-spectators", has_text="from the gallery").wait_for()
    assert "[players]" in log.inner_text() and "[spectators]" in log.inner_text()
    guest.page.get_by_test_id("chat-log").locator(".chat-text", has_text="to my opponent").wait_for()
    assert "from the gallery" not in guest.page.get_by_test_id("chat-log").inner_text()
    assert "[players]" not in guest.page.get_by_test_id("chat-log").inner_text()


def test_the_create_form_keeps_its_clock_across_a_repaint(server: LiveServer, browser: Any) -> None:
    person = Person(browser, server.url, "pbw_drafter")
    person.register()
    form = person.page.get_by_test_id("create-form")
    form.locator("select[name=game]").select_option("shimada")
    assert form.locator("input[name=clock-minutes]").is_hidden()  # no clock by default
    form.locator("select[name=clock]").select_option("live")
    form.locator("input[name=clock-minutes]").fill("5")
    form.locator("input[name=clock-increment]").fill("3")
    form.locator("select[name=on_timeout]").select_option("loss")
    form.locator("input[name=rated]").uncheck()
    person.page.get_by_test_id("lang").click()
    person.page.wait_for_function("() => document.documentElement.lang === 'ja'")  # a function: no eval (CSP)
    assert form.locator("select[name=clock]").input_value() == "live"
    assert form.locator("input[name=clock-minutes]").input_value() == "5"
    assert form.locator("input[name=clock-increment]").input_value() == "3"
    assert form.locator("select[name=on_timeout]").input_value() == "loss"
    assert not form.locator("input[name=rated]").is_checked()
    form.locator("select[name=role]").select_option("japanese")
    form.locator("button[type=submit]").click()
    person.page.wait_for_url(lambda url: "/match/" in url)
    summary = httpx.get(f"{server.url}/api/matches/{person.page.url.rsplit('/', 1)[1]}").json()
    assert summary["clock"]["initial"] == 300 and summary["clock"]["increment"] == 3
    assert summary["on_timeout"] == "loss" and summary["rated"] is False


def test_settings_vacation_and_profile_pages(server: LiveServer, browser: Any) -> None:
    person = Person(browser, server.url, "pbw_settler")
    person.context.grant_permissions(["notifications"])
    person.register()
    page = person.page
    page.get_by_test_id("settings-link").click()
    page.wait_for_url(lambda url: url.endswith("/settings"))
    form = page.get_by_test_id("settings-form")
    form.locator("input[name=email]").fill("settler@example.org")
    form.locator("input[name=webhook_url]").fill("https://discord.invalid/api/webhooks/1/abc")
    form.locator("select[name=webhook_format]").select_option("discord")
    form.locator("button[type=submit]").click()
    # A webhook the server will not call (here: a host that does not resolve) is refused, with its reason.
    status = page.get_by_test_id("settings-status")
    page.wait_for_function("() => document.querySelector('[data-testid=settings-status]').textContent.length > 0")
    assert "error" in (status.get_attribute("class") or ""), status.inner_text()
    form.locator("input[name=webhook_url]").fill("")
    form.locator("button[type=submit]").click()
    page.wait_for_function("() => document.querySelector('[data-testid=settings-status]').textContent === 'Saved.'")
    saved = page.evaluate("fetch('/api/me/settings').then(r => r.json())")
    assert saved["email"] == "settler@example.org" and saved["webhook_format"] == "discord", saved

    # Vacation: three days taken, then ended early (the unused days come back).
    left = saved["vacation_days_left"]
    page.locator("input[name=vacation-days]").fill("3")
    page.get_by_test_id("vacation-start").click()
    page.get_by_test_id("vacation-end").wait_for()
    assert "until" in page.get_by_test_id("vacation-status").inner_text()
    assert page.get_by_test_id("vacation-left").inner_text().endswith(f": {left - 3}")
    page.get_by_test_id("vacation-end").click()
    page.get_by_test_id("vacation-start").wait_for()
    back = int(page.get_by_test_id("vacation-left").inner_text().rsplit(":", 1)[1])
    assert left - 3 < back <= left  # the days not begun come back (the server counts the day begun)

    # Browser notifications already allowed in this context: no button to ask.
    assert page.get_by_test_id("notify-permission").inner_text() == "Allowed in this browser."
    assert page.get_by_test_id("notify-ask").count() == 0

    # The profile page from the header.
    page.get_by_test_id("profile-link").click()
    page.wait_for_url(lambda url: url.endswith("/user/pbw_settler"))
    page.get_by_test_id("profile").locator("h1", has_text="pbw_settler").wait_for()
    page.goto("/user/nobody_by_that_name")
    page.get_by_test_id("profile").locator(".notice").wait_for()


def _step(person: Person, action_type: str = "end_step") -> None:
    """Click an action button and wait for the match's version to move on."""
    before = person.page.get_by_test_id("match-head").locator(".meta").inner_text()
    person.button(action_type).first.click()
    person.page.wait_for_function(
        "(b) => document.querySelector('[data-testid=match-head] .meta').innerText !== b", arg=before)


def test_offers_a_takeback_accepted_a_draw_declined_then_agreed(server: LiveServer, browser: Any) -> None:
    jp, br = Person(browser, server.url, "pbw_offer_jp"), Person(browser, server.url, "pbw_offer_br")
    for person in (jp, br):
        person.register()
    match_id = jp.create("shimada", "japanese")
    br.join(match_id, "british")
    jp.page.reload()
    jp.page.locator("[data-testid=dawn-choice] button", has_text="6").first.click()
    jp.page.get_by_test_id("dawn-turn").wait_for(state="visible")
    for _ in range(3):
        _step(jp)
    br.page.wait_for_function("() => document.querySelector('[data-testid=turn]').classList.contains('mine')")
    _step(br)

    # The British player asks for a takeback; the Japanese player sees the offer and accepts.
    br.control("offer_takeback").click()
    jp.control("accept").wait_for()
    assert "take back" in jp.page.get_by_test_id("offer").inner_text()
    assert br.control("withdraw").is_visible()
    jp.control("accept").click()
    br.page.wait_for_function("() => document.querySelector('[data-testid=turn]').classList.contains('mine')")
    jp.page.locator(".log-box", has_text="took back").wait_for()
    jp.page.get_by_test_id("offer").wait_for(state="hidden")

    # A draw offered and declined; offered again and accepted: the match ends drawn.
    jp.control("offer_draw").click()
    br.control("decline").click()
    jp.page.get_by_test_id("offer").wait_for(state="hidden")
    jp.control("offer_draw").wait_for()
    jp.control("offer_draw").click()
    br.control("accept").click()
    for page in (jp.page, br.page):
        page.get_by_test_id("outcome").wait_for(state="visible")
        assert "Draw" in page.get_by_test_id("outcome").inner_text()
    br.control("rematch_same").click()
    br.page.wait_for_url(lambda url: f"/match/{match_id}" not in url)
    rematch = br.page.url.rsplit("/", 1)[1]
    jp.page.get_by_test_id("rematch-link").wait_for()
    assert jp.page.get_by_test_id("rematch-link").get_attribute("href") == f"/match/{rematch}"
    seats = httpx.get(f"{server.url}/api/matches/{rematch}").json()["seats"]
    assert seats["british"] == "pbw_offer_br", seats
