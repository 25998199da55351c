"""Draw the Back to Iraq map as SVG, so a person can check the data against the geography.

Usage: ``python server/games/back_to_iraq/tools/draw_map.py OUT.svg``. It reads ``data/map.json`` and
``terrain.txt`` through ``board.Board`` (so it draws what the rules will read, checked): terrain colours,
countries' borders (thick purple), rivers (blue hexsides), escarpments (brown), highways (red) and roads
(orange), the Kurdish area (red hex outlines), the Saddam Line (black dots), cities (squares) and towns (dots)
with English names, supply sources (green rings) and a hex label every fifth column and row.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.games.back_to_iraq.board import Board  # noqa: E402

DATA = ROOT / "server" / "games" / "back_to_iraq" / "data"

SIZE = 22.0  # hex radius in px
FILL = {
    "clear": "#f3f0dc",
    "rough": "#c9b48a",
    "mountain": "#8a6f4d",
    "desert": "#ecd9a0",
    "marsh": "#9fc7a8",
    "salt_marsh": "#d6e3dd",
    "sea": "#7fb2e5",
    "lake": "#8fc1ea",
    "reservoir": "#8fc1ea",
}


def _centre(board: Board, h: str) -> tuple[float, float]:
    x, y = board.grid.centre(h, SIZE)
    return (x + SIZE * 1.2, y + SIZE * 1.2)


def _corners(board: Board, h: str) -> list[tuple[float, float]]:
    cx, cy = _centre(board, h)
    return [(cx + SIZE * math.cos(math.radians(60 * i)), cy + SIZE * math.sin(math.radians(60 * i))) for i in range(6)]


def _side(board: Board, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners shared by hexes a and b."""
    ca, cb = _corners(board, a), _corners(board, b)
    shared = [p for p in ca if any(math.dist(p, q) < 0.5 for q in cb)]
    return (shared[0], shared[1])


def svg(board: Board) -> str:
    w = SIZE * (1.5 * board.grid.cols + 2)
    h = SIZE * (math.sqrt(3) * (board.grid.rows + 0.5) + 2)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>'
    ]
    for hx in board.hexes:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in _corners(board, hx))
        stroke = "#e05050" if hx in board.kurdish_area else "#999"
        width = 1.6 if hx in board.kurdish_area else 0.4
        out.append(
            f'<polygon points="{pts}" fill="{FILL[board.terrain[hx]]}" stroke="{stroke}" stroke-width="{width}"/>'
        )
    for a in board.hexes:  # borders: sides between two countries (sea is no country)
        for b in board.neighbours(a):
            if a < b and board.country.get(a) and board.country.get(b) and board.country[a] != board.country[b]:
                (x1, y1), (x2, y2) = _side(board, a, b)
                out.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                    f'stroke="#7a2a9a" stroke-width="3.5"/>'
                )
    for sides, colour, width in ((board.rivers, "#1f5fd0", 3.0), (board.escarpments, "#6b3a10", 4.0)):
        for s in sorted(sides):
            (x1, y1), (x2, y2) = _side(board, *s.split("/"))
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{colour}" stroke-width="{width}"/>'
            )
    for lines, colour, width in ((board.road_lines, "#e08a00", 2.0), (board.highway_lines, "#d01010", 3.0)):
        for chain in lines:
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_centre(board, hx) for hx in chain))
            out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="{width}"/>')
    for hx in board.saddam_line:
        x, y = _centre(board, hx)
        out.append(f'<circle cx="{x:.1f}" cy="{y + 8:.1f}" r="3" fill="black"/>')
    for hx in board.supply_sources:
        x, y = _centre(board, hx)
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.7:.1f}" fill="none" stroke="#0a8a2a" stroke-width="2.5"/>'
        )
    for hx, p in sorted(board.places.items()):
        x, y = _centre(board, hx)
        if p["kind"] == "city":
            out.append(f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" fill="black"/>')
        else:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="black"/>')
        weight = "bold" if p["kind"] == "city" else "normal"
        out.append(
            f'<text x="{x + 7:.1f}" y="{y - 6:.1f}" font-size="11" font-weight="{weight}">{p["name"]["en"]}</text>'
        )
    for hx in board.hexes:
        c, r = board.grid.parse(hx)
        if (c % 5 == 0 and r % 5 == 0) or (c, r) == (1, 1):
            x, y = _centre(board, hx)
            out.append(f'<text x="{x - 11:.1f}" y="{y + 15:.1f}" font-size="8" fill="#333">{hx}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> None:
    board = Board.from_data(
        json.loads((DATA / "map.json").read_text(encoding="utf-8")),
        (DATA / "terrain.txt").read_text(encoding="utf-8").splitlines(),
    )
    Path(argv[1]).write_text(svg(board), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv)
