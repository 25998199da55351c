"""Draw ``map.json`` + ``terrain.txt`` as an SVG for checking by eye (not used by the game).

Usage: ``python server/games/bulge/tools/render_map.py [DATA_DIR] OUT.svg``; then e.g.
``chromium --headless --no-sandbox --screenshot=/tmp/bulge_map.png --window-size=1400,1500 file:///tmp/bulge_map.svg``.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.hexgrid import HexGrid  # noqa: E402

GRID = HexGrid(cols=40, rows=42, top="pointy", shift="odd")
SIZE = 19.0
PAD = 30.0
FILL = {".": "#ffffff", "h": "#d4d4d4", "f": "#bfe3b4", "F": "#5fae5a"}


def _xy(h: str) -> tuple[float, float]:
    x, y = GRID.centre(h, SIZE)
    return x + PAD, y + PAD


def _corners(h: str) -> list[tuple[float, float]]:
    x, y = _xy(h)
    return [(x + SIZE * math.cos(math.radians(60 * i - 30)), y + SIZE * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def _side(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    ca, cb = _corners(a), _corners(b)
    common = [p for p in ca if any(abs(p[0] - q[0]) < 0.01 and abs(p[1] - q[1]) < 0.01 for q in cb)]
    return common[0], common[1]


def render(data_dir: Path) -> str:
    m = json.loads((data_dir / "map.json").read_text(encoding="utf-8"))
    rows = [ln for ln in (data_dir / "terrain.txt").read_text(encoding="utf-8").split("\n")
            if ln and not ln.startswith("#")]
    out: list[str] = []
    w = SIZE * 3 ** 0.5 * 40.5 + 2 * PAD
    hgt = SIZE * 1.5 * 42 + 2 * PAD
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{hgt:.0f}" '
               'font-family="sans-serif">')
    out.append(f'<rect width="{w:.0f}" height="{hgt:.0f}" fill="#eee"/>')
    germany, ww = set(m["germany"]), set(m["west_wall"])
    for r, line in enumerate(rows, start=1):
        for c, t in enumerate(line[:40], start=1):
            h = GRID.label(c, r)
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in _corners(h))
            stroke = "#c00" if h in ww else "#999"
            out.append(f'<polygon points="{pts}" fill="{FILL[t]}" stroke="{stroke}" '
                       f'stroke-width="{2.5 if h in ww else 0.4}"/>')
            if h in germany:
                out.append(f'<polygon points="{pts}" fill="#8080ff" fill-opacity="0.18"/>')
            x, y = _xy(h)
            out.append(f'<text x="{x:.1f}" y="{y - 9:.1f}" font-size="5" text-anchor="middle" fill="#666">{h}</text>')
    for key, colour, width in (("rivers", "#2a6fdb", 2.5), ("major_rivers", "#0a2f9b", 5)):
        for a, b in m[key]:
            (x1, y1), (x2, y2) = _side(a, b)
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
                       f'stroke-width="{width}" stroke-linecap="round"/>')
    for key, colour, width in (("roads", "#b06000", 1.6), ("main_roads", "#d00000", 3)):
        for road in m[key]:
            pts = " ".join(f"{_xy(h)[0]:.1f},{_xy(h)[1]:.1f}" for h in road)
            out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="{width}"/>')
    for name, line in m["army_lines"].items():
        pts = " ".join(f"{_xy(h)[0]:.1f},{_xy(h)[1]:.1f}" for h in line)
        out.append(f'<polyline points="{pts}" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="6,4"/>')
        x, y = _xy(line[-1])
        out.append(f'<text x="{x:.1f}" y="{y + 14:.1f}" font-size="9">{name}</text>')
    rad = {"town": 3, "city": 5, "important": 6, "fortress": 7}
    col = {"town": "#000", "city": "#444", "important": "#c000c0", "fortress": "#ff0000"}
    for h, p in m["places"].items():
        x, y = _xy(h)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{rad[p["kind"]]}" fill="{col[p["kind"]]}"/>')
        out.append(f'<text x="{x + 6:.1f}" y="{y + 3:.1f}" font-size="8" font-weight="bold">{p["name"]["en"]}</text>')
    for code, e in m["entries"].items():
        x, y = _xy(e["hex"])
        fill = {"yellow": "#ffe000", "orange": "#ff8c00"}.get(e.get("colour", ""), "#888")
        out.append(f'<rect x="{x - 9:.1f}" y="{y - 6:.1f}" width="18" height="12" fill="{fill}" stroke="#000"/>')
        out.append(f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="7" text-anchor="middle">{code}</text>')
    setup = data_dir / "setup.json"
    if setup.exists():
        s = json.loads(setup.read_text(encoding="utf-8"))
        for side, colour in (("allied", "#006400"), ("german", "#303030")):
            count: dict[str, int] = {}
            for _u, h in sorted(s.get(side, {}).items()):
                count[h] = count.get(h, 0) + 1
            for h, n in count.items():
                x, y = _xy(h)
                out.append(f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" fill="{colour}" '
                           f'fill-opacity="0.8"/><text x="{x:.1f}" y="{y + 3:.1f}" font-size="8" fill="#fff" '
                           f'text-anchor="middle">{n}</text>')
    out.append("</svg>")
    return "\n".join(out)


if __name__ == "__main__":
    data = Path(sys.argv[1]) if len(sys.argv) > 2 else ROOT / "server" / "games" / "bulge" / "data"
    Path(sys.argv[-1]).write_text(render(data), encoding="utf-8")
