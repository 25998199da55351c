"""What the browser tests of issue 12 check on a page: axe-core's findings, and English left in the Japanese
interface.

axe-core comes from the PyPI package ``axe-playwright-python`` (its ``axe.min.js``), injected into the page.
The English catalogue is every English string the page may show: the interface's (``common/i18n.js``), the
game's (``GET /api/games/<id>``, the server's ``messages.json``) and the game modules' own word tables
(``export const WORDS`` of ``games/<id>/*.js``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SERIOUS = ("serious", "critical")

# Every text node and accessible label a reader sees or hears (hidden elements left out).
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
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    if (text && n.parentElement && !["SCRIPT", "STYLE", "NOSCRIPT"].includes(n.parentElement.tagName)
        && seen(n.parentElement)) out.push(text);
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (!seen(el)) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt"]) {
      const v = el.getAttribute(a)?.trim();
      if (v) out.push(v);
    }
  }
  for (const el of document.body.querySelectorAll("title")) {  // SVG <title>: the tooltip
    const v = el.textContent.trim();
    if (v && el.parentElement && seen(el.parentElement)) out.push(v);
  }
  return out;
}"""

# The English and Japanese catalogues of the page: {en: [...], ja: [...]} (values only).
_CATALOGUES = """async (game) => {
  const en = [], ja = [];
  const add = (table) => {
    if (!table) return;
    en.push(...Object.values(table.en ?? {}).filter((v) => typeof v === "string"));
    ja.push(...Object.values(table.ja ?? {}).filter((v) => typeof v === "string"));
  };
  add((await import("/static/common/i18n.js")).UI_STRINGS);
  if (game) {
    add((await (await fetch(`/api/games/${game}`)).json()).messages);
    for (const file of ["panel.js", "map.js", "tracks.js", "flares.js"]) {
      try { add((await import(`/static/games/${game}/${file}`)).WORDS); } catch { /* the game has no such module */ }
    }
  }
  return { en, ja };
}"""


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


def _pattern(template: str) -> Any:
    """A catalogue value as a regular expression over a whole text: each {placeholder} matches anything."""
    import re

    parts = re.split(r"\{[A-Za-z0-9_.]+\}", template)
    return re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$", re.S)


def english_texts(page: Any, game: str | None) -> list[str]:
    """The visible texts and labels of a Japanese page that come from the English catalogue.

    A text comes from it when it is an English value (its placeholders filled with anything) that
    no Japanese value also reads: names written alike in both languages ("Counterplay", "VP") are not
    English. Values whose literal part has fewer than three letters ("{side}: {step}") match too much to say.
    """
    import re

    catalogues = page.evaluate(_CATALOGUES, game)
    japanese = set(catalogues["ja"])
    letters = re.compile(r"[A-Za-z]")
    patterns = [_pattern(v) for v in set(catalogues["en"])
                if v not in japanese and len(letters.findall(re.sub(r"\{[^}]*\}", "", v))) >= 3]
    return sorted({t for t in page.evaluate(_VISIBLE_TEXTS) if any(p.match(t) for p in patterns)})


def screenshot(page: Any, name: str) -> Path:
    """A PNG of the page under tests/browser/screenshots/ (ignored by git), kept as a test artifact."""
    folder = Path(__file__).resolve().parent.parent / "browser" / "screenshots"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path
