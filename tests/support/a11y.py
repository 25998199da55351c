"""What the browser tests of issue 12 look at on a page: axe-core's findings, and words of one language in
the other's interface; and the matches they look at.

axe-core comes from the PyPI package ``axe-playwright-python`` (its ``axe.min.js``), injected into the page.
A language's catalogue is every string the page may show in it: the interface's (``common/i18n.js``), the
game's (``GET /api/games/<id>``, the server's ``messages.json``) and the game modules' own word tables
(``export const WORDS`` of ``games/<id>/*.js``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.bots.random_bot import choose
from tests.support.client import Player

SERIOUS = ("serious", "critical")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"

# Every text node and accessible label a reader sees or hears (hidden elements left out), with the
# language it is marked in (the nearest lang attribute: the language switch names the other language).
_VISIBLE_TEXTS = """() => {
  const seen = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (e.hidden || e.getAttribute("aria-hidden") === "true") return false;
      const st = getComputedStyle(e);
      if (st.display === "none" || st.visibility === "hidden") return false;
    }
    return el.getClientRects().length > 0;
  };
  const out = [];
  const add = (el, text) => {
    text = (text ?? "").trim();
    if (text) out.push({ text, lang: el.closest("[lang]")?.getAttribute("lang") ?? "" });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (el && !["SCRIPT", "STYLE", "NOSCRIPT"].includes(el.tagName) && seen(el)) add(el, n.nodeValue);
  }
  for (const el of document.body.querySelectorAll("select")) {  // a closed list's choices too
    if (seen(el)) for (const o of el.options) add(el, o.textContent);
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (seen(el)) for (const a of ["aria-label", "title", "placeholder", "alt"]) add(el, el.getAttribute(a));
  }
  return out;
}"""

# The catalogues of the page's game: {en: [...], ja: [...]} (values only).
_CATALOGUES = """async (game) => {
  const out = { en: [], ja: [] };
  const add = (table) => {
    for (const lang of ["en", "ja"]) {
      out[lang].push(...Object.values(table?.[lang] ?? {}).filter((v) => typeof v === "string"));
    }
  };
  add((await import("/static/common/i18n.js")).UI_STRINGS);
  if (game) {
    add((await (await fetch(`/api/games/${game}`)).json()).messages);
    for (const file of ["panel.js", "map.js", "tracks.js", "flares.js"]) {
      try { add((await import(`/static/games/${game}/${file}`)).WORDS); } catch { /* the game has no such module */ }
    }
  }
  return out;
}"""

# A word of the other language's script: a lower-case English word in Japanese ("town", "die"; names
# and printed designations start with a capital), any kana or kanji in English.
_ADDRESS = re.compile(r"^(https?://|/)\S*$")
_FOREIGN_SCRIPT = {"ja": re.compile(r"\b[a-z]{3,}\b"), "en": re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")}


def axe_serious(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page).response
    return [v for v in result["violations"] if v["impact"] in SERIOUS]


def axe_summary(violations: list[dict[str, Any]]) -> str:
    """One line per violation: its id, impact, how many nodes, and the first node's target and message."""
    lines = []
    for v in violations:
        node = v["nodes"][0]
        why = "; ".join(c["message"] for c in node.get("any", []) + node.get("all", []) + node.get("none", []))
        lines.append(f"{v['id']} ({v['impact']}) x{len(v['nodes'])}: {node['target']} {why[:200]}")
    return "\n".join(lines)


def _pattern(template: str) -> re.Pattern[str]:
    """A catalogue value as a regular expression over a whole text: each {placeholder} matches anything."""
    parts = re.split(r"\{[A-Za-z0-9_.]+\}", template)
    return re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$", re.S)


def _texts(page: Any) -> list[str]:
    """The visible texts and labels of the page that are marked in the page's own language."""
    lang = page.evaluate("document.documentElement.lang")
    return [t["text"] for t in page.evaluate(_VISIBLE_TEXTS) if t["lang"] == lang]


def catalogue_texts(page: Any, game: str | None, foreign: str) -> list[str]:
    """The visible texts and labels of the page that come from the ``foreign`` language's catalogue.

    A text comes from it when it is one of its values (placeholders filled with anything) that no value
    of the page's language also reads: names written alike in both ("Counterplay", "VP") are not
    foreign. Values with fewer than two letters besides their placeholders ("{side}: {step}") would
    match anything.
    """
    catalogues = page.evaluate(_CATALOGUES, game)
    own = set(catalogues["ja" if foreign == "en" else "en"])
    patterns = [_pattern(v) for v in set(catalogues[foreign])
                if v not in own and len(re.findall(r"[^\W\d_]", re.sub(r"\{[^}]*\}", "", v))) >= 2]
    return sorted({t for t in _texts(page) if any(p.match(t) for p in patterns)})


def foreign_words(page: Any) -> list[str]:
    """The visible texts and labels with a word in the other language's script (see _FOREIGN_SCRIPT);
    an address ("/match/…") is in no language."""
    script = _FOREIGN_SCRIPT[page.evaluate("document.documentElement.lang")]
    return sorted({t for t in _texts(page) if script.search(t) and not _ADDRESS.match(t)})


_CODE = re.compile(r"\bAMBIG?-\d+\b|\b[a-z]+_[a-z_]+\b")


def internal_codes(page: Any) -> list[str]:
    """The visible texts and labels that show an internal code: a reference to the rules' ambiguity list
    ("AMBIG-7") or an identifier ("west_wall")."""
    return sorted({t for t in _texts(page) if _CODE.search(t) and not _ADDRESS.match(t)})


def screenshot(page: Any, name: str) -> Path:
    """A PNG of the page under test-artifacts/browser/ (ignored by git), kept as a test artifact."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@dataclass
class Scene:
    """Matches of every game under way (and one finished), made over HTTP by two players."""

    first: Player
    second: Player
    matches: dict[str, str]  # shimada, bulge, lz_albany, replay (a finished Shimada match) -> id

    def pages(self) -> list[tuple[str, str, str | None]]:
        """(name, path, game) of the lobby, each game's match page and the replay."""
        m = self.matches
        return [("lobby", "/", None), ("shimada", f"/match/{m['shimada']}", "shimada"),
                ("bulge", f"/match/{m['bulge']}", "bulge"), ("lz_albany", f"/match/{m['lz_albany']}", "lz_albany"),
                ("replay", f"/replay/{m['replay']}", "shimada")]


SIDES = {"shimada": ("japanese", "british"), "bulge": ("german", "allied"), "lz_albany": ("nva", "us")}


def _advance(match_id: str, players: list[Player], rnd: random.Random, actions: int) -> None:
    """Random legal actions, so that the log has lines, dice and names to show."""
    for _ in range(actions):
        movers = [(p, v) for p in players if (v := p.view(match_id))["view"]["actions"]]
        if not movers:
            return
        player, v = rnd.choice(movers)
        action = choose(v["view"], rnd)
        assert action is not None
        r = player.act(match_id, v["version"], action)
        assert r.status_code == 200, r.text


def scene(base_url: str, actions: dict[str, int]) -> Scene:
    """A match of each game, seeded, advanced by ``actions[game]`` random actions, and a finished one."""
    from tests.support.play import play_random_match

    first, second = Player(base_url).register(), Player(base_url).register()
    matches: dict[str, str] = {}
    rnd = random.Random(12)
    for game, (one, two) in SIDES.items():
        m = first.create(game, one, seed="01" + "00" * 15)
        second.join(m["id"], two)
        _advance(m["id"], [first, second], rnd, actions.get(game, 0))
        matches[game] = m["id"]
    m = first.create("shimada", "japanese", seed="03" + "00" * 15)
    second.join(m["id"], "british")
    play_random_match(m["id"], [first, second], random.Random(3))
    matches["replay"] = m["id"]
    return Scene(first, second, matches)


def signed_in(browser: Any, base_url: str, player: Player, lang: str) -> Any:
    """A page in a new browser context, signed in as ``player``, in ``lang``, at 1440×900."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1440, "height": 900}, locale="en-GB")
    context.add_init_script(f"localStorage.setItem('lang', '{lang}')")
    context.add_cookies([{"name": "cp_session", "value": player.http.cookies["cp_session"], "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def settle(page: Any, path: str) -> None:
    """Open ``path`` and wait until the page has drawn what it shows (its data fetched, the map drawn)."""
    page.goto(path)
    page.wait_for_load_state("networkidle")
    if path.startswith(("/match/", "/replay/")):
        page.locator("[data-testid=map]").first.wait_for(state="attached")
        page.locator("[data-testid=log] li").first.wait_for(state="attached")
