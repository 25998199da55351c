"""Build ``data/map.json`` for LZ Albany: area polygons, adjacency, edge flags and the LOS table.

Run from the repository root (needs numpy, used only here):

    python server/games/lz_albany/tools/build_map.py            # writes data/map.json
    python server/games/lz_albany/tools/build_map.py --svg /tmp/lz.svg   # and a preview drawing

The source of truth is ``SPEC`` below: one seed point per on-map area (with its terrain, names and
circles). The on-map polygons are the Voronoi cells of the seeds inside the map rectangle, whose
interior borders are then bent a little (the same deterministic bend seen from both sides), so
neighbouring areas share their border exactly. Adjacency = a shared border of at least
``MIN_BORDER`` map units; map-edge flags = a border on the map frame. LZ Columbus and the transit
area are boxes drawn east of the map frame and are joined by the graph only (digest §2.2 note).

Line of sight (digest §5.11, rule 7.8): A sees B if some straight segment from a point of A to a
point of B crosses, besides A and B, only non-jungle areas, and crosses at most 3 areas not counting
A (the target counts). Points are sampled along each area's border (inset by 1.5 units) and on an
interior grid; the segment is walked on a 1-unit raster of the areas. The two off-map boxes have no
LOS (they are not terrain). Night LOS (adjacent only) is a rule, not data.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "data"
W, H = 800, 700  # the terrain part of the 1000 x 700 canvas; x east, y south; 1 unit ~ 1.75 m
CANVAS = (1000, 700)
MIN_BORDER = 14.0
BEND = 0.11  # border bend amplitude, as a fraction of the border length

J, G = "jungle", "grass"
# id: (seed x, seed y, terrain, en name, ja name, circles)
SPEC: dict[str, tuple[float, float, str, str, str, list[str]]] = {
    # Row R: the wooded bank of the Ia Drang (north edge)
    "R0": (60, 60, J, "Ia Drang woods (west)", "イアドラン河畔林(西)", []),
    "R1": (200, 75, J, "Ia Drang woods", "イアドラン河畔林", ["nva_setup"]),
    "R2": (345, 70, J, "Ia Drang woods (upstream)", "イアドラン河畔林(上流)", ["nva_entry_2"]),
    "R3": (480, 85, G, "River bank", "河岸の草地", ["nva_entry_2"]),
    "R4": (610, 105, J, "Ia Drang woods (east)", "イアドラン河畔林(東)", ["nva_entry_2"]),
    "R5": (735, 130, J, "North-east woods", "北東の森", []),
    # Row N: north of the march route
    "N0": (55, 215, J, "West woods", "西の森", ["nva_setup"]),
    "N1": (200, 205, G, "North clearing", "北の空地", ["us_setup", "b27_entry"]),
    "N2": (350, 230, J, "Anthill wood", "蟻塚の森", ["nva_setup"]),
    "N3": (480, 262, G, "Tall grass (north)", "北の高草地", ["nva_setup"]),
    "N4": (605, 290, J, "Termite-hill wood", "蟻塚林", ["nva_setup"]),
    "N5": (735, 320, G, "North-east grass", "北東の高草地", ["nva_setup"]),
    # Row T: the clearing and the trail (the column, strung out to the east-south-east)
    "T0": (65, 350, G, "West clearing", "西の空地", ["b27_entry"]),
    "LZ_ALBANY": (205, 330, "lz_albany", "LZ Albany", "LZアルバニー", ["us_setup"]),
    "T2": (345, 368, G, "Trail: column head", "小道(隊列先頭)", ["us_setup"]),
    "T3": (468, 398, G, "Trail: D Company", "小道(D中隊)", ["us_setup"]),
    "T4": (590, 428, G, "Trail: C Company", "小道(C中隊)", ["us_setup"]),
    "T5": (728, 456, G, "Trail: column tail", "小道(隊列後尾)", ["us_setup"]),
    # Row S: south of the march route
    "S0": (60, 490, G, "Swamp (west)", "湿地(西)", ["b27_entry"]),
    "S1": (200, 470, G, "Swamp", "湿地", ["us_setup"]),
    "S2": (340, 500, J, "South wood", "南の森", ["nva_setup"]),
    "S3": (465, 525, G, "Tall grass (south)", "南の高草地", []),
    "S4": (595, 545, J, "Creek line", "涸れ沢の林", []),
    "S5": (742, 556, G, "South-east grass", "南東の高草地", []),
    # Row U: the south edge
    "UW": (130, 640, J, "South-west jungle", "南西のジャングル", []),
    "UM": (405, 650, G, "South grass", "南の草原", []),
    "UE": (675, 668, J, "South-east jungle", "南東のジャングル", []),
}
BOXES = {
    "TRANSIT": {"terrain": "transit", "name": {"en": "Transit area", "ja": "中継エリア"},
                "circle": (858, 420, 40)},
    "LZ_COLUMBUS": {"terrain": "lz_columbus", "name": {"en": "LZ Columbus", "ja": "LZコロンバス"},
                    "rect": (906, 300, 996, 540)},
}
# The march route, the Ia Drang and the dry creek bed, for the drawing only.
FEATURES = {
    "trail": [[800, 470], [728, 452], [590, 424], [468, 394], [345, 364], [250, 338], [205, 330]],
    "river": [[0, 12], [150, 20], [300, 10], [450, 22], [600, 14], [800, 26]],
    "creek": [[232, 392], [290, 455], [390, 530], [500, 560], [585, 585], [640, 640], [680, 700]],
}


# --- geometry ---------------------------------------------------------------------------------

Pt = tuple[float, float]


def clip(poly: list[Pt], a: float, b: float, c: float) -> list[Pt]:
    """Keep the part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman)."""
    out: list[Pt] = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def voronoi() -> dict[str, list[Pt]]:
    cells = {}
    for i, (sx, sy, *_rest) in SPEC.items():
        poly: list[Pt] = [(0, 0), (W, 0), (W, H), (0, H)]
        for j, (tx, ty, *_r) in SPEC.items():
            if i != j:
                poly = clip(poly, tx - sx, ty - sy, (tx * tx + ty * ty - sx * sx - sy * sy) / 2)
        cells[i] = poly
    return cells


def snap(cells: dict[str, list[Pt]]) -> dict[str, list[Pt]]:
    """Merge vertices closer than 0.5 units (the same Voronoi vertex computed in several cells)."""
    reps: list[Pt] = []

    def rep(p: Pt) -> Pt:
        for r in reps:
            if abs(r[0] - p[0]) < 0.5 and abs(r[1] - p[1]) < 0.5:
                return r
        r = (round(p[0], 1), round(p[1], 1))
        reps.append(r)
        return r

    out = {}
    for k, poly in cells.items():
        pts: list[Pt] = []
        for p in poly:
            r = rep(p)
            if not pts or pts[-1] != r:
                pts.append(r)
        if pts[0] == pts[-1]:
            pts.pop()
        out[k] = pts
    return out


def on_frame(p: Pt, q: Pt) -> str | None:
    for side, test in (("west", lambda v: v[0] == 0), ("east", lambda v: v[0] == W),
                       ("north", lambda v: v[1] == 0), ("south", lambda v: v[1] == H)):
        if test(p) and test(q):
            return side
    return None


def bend(p: Pt, q: Pt) -> list[Pt]:
    """Interior points of the bent border from p to q (deterministic, reversible)."""
    if (p, q) > (q, p):
        return list(reversed(bend(q, p)))
    rnd = random.Random(f"{p}{q}")
    pts = [p, q]
    for _level in range(2):
        nxt = [pts[0]]
        for a, b in itertools.pairwise(pts):
            length = math.dist(a, b)
            nx, ny = (a[1] - b[1]) / length, (b[0] - a[0]) / length
            d = rnd.uniform(-BEND, BEND) * length
            nxt += [((a[0] + b[0]) / 2 + nx * d, (a[1] + b[1]) / 2 + ny * d), b]
        pts = nxt
    return [(round(x, 1), round(y, 1)) for x, y in pts[1:-1]]


def shapes() -> tuple[dict[str, list[Pt]], dict[tuple[str, str], float], dict[str, list[str]]]:
    cells = snap(voronoi())
    owner: dict[tuple[Pt, Pt], str] = {}
    for k, poly in cells.items():
        for i, p in enumerate(poly):
            owner[(p, poly[(i + 1) % len(poly)])] = k
    borders: dict[tuple[str, str], float] = {}
    frame: dict[str, list[str]] = {k: [] for k in cells}
    bent: dict[str, list[Pt]] = {}
    for k, poly in cells.items():
        out: list[Pt] = []
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            out.append(p)
            side = on_frame(p, q)
            if side:
                if math.dist(p, q) >= MIN_BORDER and side not in frame[k]:
                    frame[k].append(side)
                continue
            other = owner.get((q, p))
            if other is None:
                raise SystemExit(f"{k}: border {p}-{q} has no neighbour")
            pair = (min(k, other), max(k, other))
            borders[pair] = borders.get(pair, 0) + math.dist(p, q)
            out += bend(p, q)
        bent[k] = out
    return bent, borders, frame


def area_of(poly: list[Pt]) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1], strict=False))) / 2


def centroid(poly: list[Pt]) -> Pt:
    a = cx = cy = 0.0
    for p, q in zip(poly, poly[1:] + poly[:1], strict=False):
        f = p[0] * q[1] - q[0] * p[1]
        a += f
        cx += (p[0] + q[0]) * f
        cy += (p[1] + q[1]) * f
    return (round(cx / (3 * a), 1), round(cy / (3 * a), 1))


def raster(polys: dict[str, list[Pt]], ids: list[str]) -> np.ndarray:
    """label[y, x] = index in ids of the area holding the pixel centre (x + .5, y + .5); -1 if none."""
    lab = np.full((H, W), -1, dtype=np.int16)
    for n, k in enumerate(ids):
        poly = polys[k]
        for y in range(H):
            yc = y + 0.5
            xs = []
            for p, q in zip(poly, poly[1:] + poly[:1], strict=False):
                if (p[1] <= yc) != (q[1] <= yc):
                    xs.append(p[0] + (yc - p[1]) * (q[0] - p[0]) / (q[1] - p[1]))
            xs.sort()
            for x0, x1 in zip(xs[::2], xs[1::2], strict=False):
                a, b = max(0, math.ceil(x0 - 0.5)), min(W - 1, math.floor(x1 - 0.5))
                if b >= a:
                    lab[y, a:b + 1] = n
    return lab


def samples(poly: list[Pt], lab: np.ndarray, n: int) -> np.ndarray:
    """Points of one area: its border every ~14 units, inset 1.5 units, and an interior grid."""
    c = centroid(poly)
    pts = []
    for p, q in zip(poly, poly[1:] + poly[:1], strict=False):
        steps = max(1, int(math.dist(p, q) // 14))
        for s in range(steps):
            x, y = p[0] + (q[0] - p[0]) * s / steps, p[1] + (q[1] - p[1]) * s / steps
            d = math.dist((x, y), c) or 1
            pts.append((x + (c[0] - x) * 1.5 / d, y + (c[1] - y) * 1.5 / d))
    ys, xs = np.nonzero(lab == n)
    grid = (xs % 28 == 14) & (ys % 28 == 14)
    pts += [(float(x) + 0.5, float(y) + 0.5) for x, y in zip(xs[grid], ys[grid], strict=False)]
    arr = np.array(pts)
    inside = lab[np.clip(arr[:, 1].astype(int), 0, H - 1), np.clip(arr[:, 0].astype(int), 0, W - 1)] == n
    return arr[inside]


def line_of_sight(polys: dict[str, list[Pt]], adjacent: dict[str, set[str]]) -> list[list[str]]:
    ids = sorted(polys)
    lab = raster(polys, ids)
    if (lab < 0).any():
        raise SystemExit("the areas do not cover the map")
    jungle = np.array([SPEC[k][2] == J for k in ids])
    pts = {k: samples(polys[k], lab, n) for n, k in enumerate(ids)}
    # graph distance: LOS needs a straight chain, so distance <= 3 is necessary
    dist: dict[str, dict[str, int]] = {}
    for a in ids:
        d, frontier = {a: 0}, [a]
        while frontier:
            nxt = []
            for x in frontier:
                for y in adjacent[x]:
                    if y not in d:
                        d[y] = d[x] + 1
                        nxt.append(y)
            frontier = nxt
        dist[a] = d
    out = []
    for ia, a in enumerate(ids):
        for ib in range(ia + 1, len(ids)):
            b = ids[ib]
            if dist[a].get(b, 99) > 3:
                continue
            if b in adjacent[a]:
                out.append([a, b])
                continue
            pa, pb = pts[a], pts[b]
            seg = pb[None, :, :] - pa[:, None, :]
            length = float(np.sqrt((seg ** 2).sum(-1)).max())
            t = np.linspace(0, 1, int(length) + 2)
            xy = pa[:, None, None, :] + seg[:, :, None, :] * t[None, None, :, None]
            xi = np.clip(xy[..., 0].astype(int), 0, W - 1)
            yi = np.clip(xy[..., 1].astype(int), 0, H - 1)
            crossed = lab[yi, xi]  # (na, nb, nt)
            present = np.stack([(crossed == n).any(-1) for n in range(len(ids))], -1)
            present[..., ia] = False  # the officer's own area does not count
            count = present.sum(-1)
            through = present.copy()
            through[..., ib] = False
            blocked = (through & jungle[None, None, :]).any(-1)
            if ((count <= 3) & ~blocked).any():
                out.append([a, b])
    return out


def build() -> dict:
    polys, borders, frame = shapes()
    adjacent: dict[str, set[str]] = {k: set() for k in polys}
    edges = []
    for (a, b), length in sorted(borders.items()):
        if length >= MIN_BORDER:
            adjacent[a].add(b)
            adjacent[b].add(a)
            edges.append([a, b, {"border": round(length, 1)}])
        else:
            print(f"note: {a}-{b} touch over {length:.1f} units only: not adjacent")
    los = line_of_sight(polys, adjacent)
    areas: dict[str, dict] = {}
    for k, (_x, _y, terrain, en, ja, circles) in SPEC.items():
        areas[k] = {
            "terrain": terrain, "name": {"en": en, "ja": ja},
            "map_edge": sorted(frame[k]), "east_edge": "east" in frame[k],
            "circles": circles,
            "shape": [list(p) for p in polys[k]], "label": list(centroid(polys[k])),
            "area_m2": round(area_of(polys[k]) * 1.75 ** 2 / 100) * 100,
        }
    east = sorted(k for k in areas if areas[k]["east_edge"])
    cx, cy, r = BOXES["TRANSIT"]["circle"]
    x0, y0, x1, y1 = BOXES["LZ_COLUMBUS"]["rect"]
    areas["TRANSIT"] = {
        "terrain": "transit", "name": BOXES["TRANSIT"]["name"], "map_edge": [], "east_edge": False,
        "circles": [], "off_map": True,
        "shape": [[round(cx + r * math.cos(i * math.pi / 12), 1), round(cy + r * math.sin(i * math.pi / 12), 1)]
                  for i in range(24)],
        "label": [cx, cy],
    }
    areas["LZ_COLUMBUS"] = {
        "terrain": "lz_columbus", "name": BOXES["LZ_COLUMBUS"]["name"], "map_edge": [], "east_edge": False,
        "circles": [], "off_map": True, "stacking_limit": None,
        "shape": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "label": [(x0 + x1) / 2, (y0 + y1) / 2],
    }
    edges.append(["LZ_COLUMBUS", "TRANSIT", {"link": "columbus"}])
    edges += [["TRANSIT", k, {"link": "transit"}] for k in east]
    return {
        "canvas": {"width": CANVAS[0], "height": CANVAS[1], "terrain_frame": [0, 0, W, H],
                   "unit_m": 1.75, "north": "up"},
        "areas": areas, "edges": edges, "los": los, "features": FEATURES,
    }


FILL = {J: "#3f6b35", G: "#c9cf8a", "lz_albany": "#e8dc9a", "transit": "#d8b98a", "lz_columbus": "#d8b98a"}


def svg(data: dict) -> str:
    w, h = data["canvas"]["width"], data["canvas"]["height"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 20}" height="{h + 20}" '
           f'viewBox="-10 -10 {w + 20} {h + 20}" font-family="sans-serif">',
           f'<rect x="-10" y="-10" width="{w + 20}" height="{h + 20}" fill="#f4efe2"/>']
    for a in data["areas"].values():
        pts = " ".join(f"{x},{y}" for x, y in a["shape"])
        out.append(f'<polygon points="{pts}" fill="{FILL[a["terrain"]]}" stroke="#222" stroke-width="1.5"/>')
    for name, colour, width in (("river", "#3a78c2", 8), ("creek", "#9c8a5a", 2), ("trail", "#7a4a1e", 3)):
        pts = " ".join(f"{x},{y}" for x, y in data["features"][name])
        dash = ' stroke-dasharray="8 5"' if name != "river" else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="{width}"{dash}/>')
    marks = {"us_setup": ("#2e8b3e", "#fff", "1"), "b27_entry": ("#2e8b3e", "#2e8b3e", ""),
             "nva_setup": ("#c9a46a", "#1d6b2a", "1"), "nva_entry_2": ("#c9a46a", "#1d6b2a", "2")}
    for k, a in data["areas"].items():
        x, y = a["label"]
        colour = "#fff" if a["terrain"] == J else "#111"
        out.append(f'<text x="{x}" y="{y}" font-size="11" text-anchor="middle" fill="{colour}">{k}</text>')
        out.append(f'<text x="{x}" y="{y + 12}" font-size="8" text-anchor="middle" fill="{colour}">'
                   f'{a["name"]["en"]}</text>')
        for i, c in enumerate(a["circles"]):
            fill, text, label = marks[c]
            cx, cy = x - 12 + 24 * i, y - 20
            out.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="{fill}" stroke="#000" stroke-width=".5"/>')
            out.append(f'<text x="{cx}" y="{cy + 4}" font-size="10" text-anchor="middle" fill="{text}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--svg", help="also write a preview drawing to this path")
    args = ap.parse_args()
    data = build()
    text = json.dumps(data, ensure_ascii=False, indent=1)
    (DATA / "map.json").write_text(text + "\n", encoding="utf-8")
    print(f"{len(data['areas'])} areas, {len(data['edges'])} edges, {len(data['los'])} LOS pairs")
    if args.svg:
        Path(args.svg).write_text(svg(data), encoding="utf-8")


if __name__ == "__main__":
    main()
