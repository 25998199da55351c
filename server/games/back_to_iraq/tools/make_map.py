"""Generate ``terrain.txt`` and ``map.json`` of Back to Iraq from readable geography.

Usage: ``python server/games/back_to_iraq/tools/make_map.py [OUT_DIR]`` (default: the package's ``data``).

The tables below are the source of truth; the outputs are committed too. Deterministic: no randomness, sorted
output. Reasons are in ``PROVENANCE.md`` (Map). The method:
- frame: a 40x38 flat-topped grid, odd columns high (``shift="even"``), hex ``CCRR``, 0101 at the north-west
  (history brief §5.1); a WGS84 point goes to the hex whose centre is nearest after the projection ``project``
  (Baghdad 2117; 22.7 km a column, 30.2 km a row, longitudes scaled at the mid latitude);
- countries: polygons in latitude/longitude, tested at each hex centre (sea first, then Kuwait, ...);
- terrain: ordered rules over the hex centre's position (sea, lakes, marsh, mountain, rough, desert, clear);
  every city hex is clear (§3.1: "every city stands on clear terrain");
- rivers and escarpments: polylines; the hexsides between a hex left of the line and a hex right of it,
  both within 1.4 columns of it, so a river runs along hexsides without gaps;
- roads: waypoint lists joined by ``HexGrid.line``, so consecutive hexes are adjacent.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.hexgrid import HexGrid  # noqa: E402

GRID = HexGrid(cols=40, rows=38, top="flat", shift="even")
KM_COL, KM_ROW = 22.7, 30.2
BAGHDAD = (33.31, 44.37)
Pt = tuple[float, float]


def _xy(lat: float, lon: float) -> Pt:
    """km east and south of Baghdad."""
    mid = math.radians((lat + BAGHDAD[0]) / 2)
    return ((lon - BAGHDAD[1]) * 111.32 * math.cos(mid), (BAGHDAD[0] - lat) * 110.95)


def project(lat: float, lon: float) -> Pt:
    """A point in hex space: (column, row) with the even columns' half-row shift folded in."""
    x, y = _xy(lat, lon)
    return (21 + x / KM_COL, 17 + y / KM_ROW)


def centre(h: str) -> Pt:
    c, r = GRID.parse(h)
    return (float(c), r + (0.5 if c % 2 == 0 else 0.0))


def unproject(h: str) -> Pt:
    c, r = centre(h)
    lat = BAGHDAD[0] - (r - 17) * KM_ROW / 110.95
    mid = math.radians((lat + BAGHDAD[0]) / 2)
    return (lat, BAGHDAD[1] + (c - 21) * KM_COL / (111.32 * math.cos(mid)))


def _km(a: Pt, b: Pt) -> float:
    return math.hypot((a[0] - b[0]) * KM_COL, (a[1] - b[1]) * KM_ROW)


def to_hex(lat: float, lon: float) -> str:
    p = project(lat, lon)
    return min(GRID.all_hexes(), key=lambda h: _km(centre(h), p))


# --- places: key -> (en, ja, kind, country, lat, lon, hex) -------------------------------------------------
# hex: the history brief's hex (§2); the projection agrees for all but Amarah and Abadan (one hex off), where
# the brief's hex is kept because it keeps Amarah on the Tigris and Abadan on its island below Khorramshahr.
PLACES: dict[str, tuple[str, str, str, str, float, float, str]] = {
    "baghdad": ("Baghdad", "バグダッド", "city", "iraq", 33.31, 44.37, "2117"),
    "basra": ("Basra", "バスラ", "city", "iraq", 30.51, 47.81, "3527"),
    "mosul": ("Mosul", "モスル", "city", "iraq", 36.34, 43.13, "1605"),
    "kirkuk": ("Kirkuk", "キルクーク", "city", "iraq", 35.47, 44.39, "2109"),
    "erbil": ("Erbil", "アルビル", "city", "iraq", 36.19, 44.01, "2006"),
    "sulaymaniyah": ("Sulaymaniyah", "スレイマニヤ", "city", "iraq", 35.56, 45.44, "2509"),
    "tikrit": ("Tikrit", "ティクリート", "city", "iraq", 34.61, 43.68, "1812"),
    "ramadi": ("Ramadi", "ラマディ", "city", "iraq", 33.42, 43.30, "1717"),
    "karbala": ("Karbala", "カルバラ", "city", "iraq", 32.62, 44.02, "2019"),
    "najaf": ("Najaf", "ナジャフ", "city", "iraq", 32.00, 44.33, "2122"),
    "hillah": ("Hillah", "ヒッラ", "city", "iraq", 32.48, 44.42, "2120"),
    "nasiriyah": ("Nasiriyah", "ナシリヤ", "city", "iraq", 31.04, 46.26, "2925"),
    "kut": ("Kut", "クート", "city", "iraq", 32.50, 45.83, "2720"),
    "amarah": ("Amarah", "アマラ", "city", "iraq", 31.84, 47.14, "3322"),
    "ahvaz": ("Ahvaz", "アフヴァーズ", "city", "iran", 31.32, 48.67, "3924"),
    "kermanshah": ("Kermanshah", "ケルマーンシャー", "city", "iran", 34.31, 47.07, "3213"),
    "kuwait_city": ("Kuwait City", "クェート市", "city", "kuwait", 29.37, 47.98, "3631"),
    "samarra": ("Samarra", "サマッラ", "town", "iraq", 34.20, 43.87, "1914"),
    "bayji": ("Bayji", "バイジ", "town", "iraq", 34.93, 43.49, "1711"),
    "fallujah": ("Fallujah", "ファルージャ", "town", "iraq", 33.35, 43.78, "1917"),
    "hit": ("Hit", "ヒート", "town", "iraq", 33.64, 42.83, "1516"),
    "haditha": ("Haditha", "ハディーサ", "town", "iraq", 34.14, 42.38, "1314"),
    "al_qaim": ("Al Qaim", "カーイム", "town", "iraq", 34.37, 41.09, "0813"),
    "rutbah": ("Rutbah", "ルトバ", "town", "iraq", 33.04, 40.28, "0417"),
    "diwaniyah": ("Diwaniyah", "ディワニヤ", "town", "iraq", 31.99, 44.92, "2322"),
    "samawah": ("Samawah", "サマワ", "town", "iraq", 31.31, 45.28, "2524"),
    "khanaqin": ("Khanaqin", "ハナキン", "town", "iraq", 34.35, 45.39, "2513"),
    "qurnah": ("Qurnah", "クルナ", "town", "iraq", 31.01, 47.43, "3425"),
    "baqubah": ("Baqubah", "バクーバ", "town", "iraq", 33.75, 44.64, "2215"),
    "dohuk": ("Dohuk", "ドホーク", "town", "iraq", 36.87, 42.99, "1504"),
    "zakho": ("Zakho", "ザーホー", "town", "iraq", 37.14, 42.68, "1402"),
    "umm_qasr": ("Umm Qasr", "ウンム・カスル", "town", "iraq", 30.03, 47.95, "3629"),
    "al_faw": ("Al Faw", "ファオ", "town", "iraq", 29.98, 48.47, "3829"),
    "tal_afar": ("Tal Afar", "タルアファル", "town", "iraq", 36.37, 42.45, "1306"),
    "sinjar": ("Sinjar", "シンジャル", "town", "iraq", 36.32, 41.87, "1106"),
    "koya": ("Koya", "コヤ", "town", "iraq", 36.08, 44.63, "2206"),
    "halabja": ("Halabja", "ハラブジャ", "town", "iraq", 35.18, 45.99, "2810"),
    "mandali": ("Mandali", "マンダリ", "town", "iraq", 33.75, 45.55, "2615"),
    "badrah": ("Badrah", "バドラ", "town", "iraq", 33.11, 45.94, "2718"),
    "tallil": ("Tallil", "タリル", "town", "iraq", 30.94, 46.09, "2825"),
    "zubayr": ("Zubayr", "ズバイル", "town", "iraq", 30.39, 47.70, "3528"),
    "safwan": ("Safwan", "サフワン", "town", "iraq", 30.11, 47.72, "3529"),
    "nukhayb": ("Nukhayb", "ヌハイブ", "town", "iraq", 32.04, 42.26, "1221"),
    "jahra": ("Jahra", "ジャハラ", "town", "kuwait", 29.34, 47.66, "3532"),
    "khafji": ("Khafji", "カフジ", "town", "saudi", 28.44, 48.49, "3834"),
    "hafar_al_batin": ("Hafar al-Batin", "ハファル・アル・バーティン", "town", "saudi", 28.43, 45.97, "2834"),
    "kkmc": ("King Khalid Military City", "キング・ハーリド軍事都市", "town", "saudi", 27.90, 45.53, "2636"),
    "rafha": ("Rafha", "ラフハ", "town", "saudi", 29.63, 43.50, "1731"),
    "ar_ar": ("Ar Ar", "アルアル", "town", "saudi", 30.98, 41.04, "0726"),
    "khorramshahr": ("Khorramshahr", "ホラムシャフル", "town", "iran", 30.44, 48.17, "3728"),
    "abadan": ("Abadan", "アーバーダーン", "town", "iran", 30.34, 48.30, "3827"),
    "dezful": ("Dezful", "デズフール", "town", "iran", 32.38, 48.40, "3820"),
    "qasr_e_shirin": ("Qasr-e Shirin", "ガスレ・シーリーン", "town", "iran", 34.52, 45.58, "2612"),
    "ilam": ("Ilam", "イーラーム", "town", "iran", 33.64, 46.42, "2916"),
    "mehran": ("Mehran", "メヘラーン", "town", "iran", 33.12, 46.17, "2817"),
    "khorramabad": ("Khorramabad", "ホッラマーバード", "town", "iran", 33.49, 48.36, "3716"),
    "abu_kamal": ("Abu Kamal", "アブ・カマル", "town", "syria", 34.45, 40.92, "0713"),
    "cizre": ("Cizre", "ジズレ", "town", "turkey", 37.33, 42.19, "1202"),
}

# --- countries: polygons (lat, lon), tested in this order; what no polygon holds is Iraq ------------------
EAST, WEST, NORTH, SOUTH = 52.0, 37.0, 39.0, 26.0
SEA: list[Pt] = [
    (30.25, EAST),
    (30.22, 49.1),
    (30.08, 48.75),
    (29.93, 48.62),
    (29.85, 48.45),
    (29.62, 48.42),
    (29.52, 48.18),
    (29.5, 47.93),
    (29.47, 47.70),
    (29.42, 47.85),
    (29.4, 48.0),
    (29.35, 48.08),
    (29.05, 48.18),
    (28.6, 48.38),
    (28.35, 48.55),
    (28.0, 48.75),
    (27.6, 48.95),
    (27.2, 49.3),
    (SOUTH, 50.0),
    (SOUTH, EAST),
]
KUWAIT: list[Pt] = [
    (29.10, 46.55),
    (29.62, 46.93),
    (30.02, 47.18),
    (30.08, 47.68),
    (30.0, 47.95),
    (29.88, 48.1),
    (29.7, 48.45),
    (28.53, 48.42),
    (28.55, 47.45),
    (28.9, 46.95),
]
SAUDI: list[Pt] = [
    (32.2, WEST),
    (32.2, 39.3),
    (31.4, 41.0),
    (30.6, 42.4),
    (29.9, 43.5),
    (29.45, 44.7),
    (29.2, 45.4),
    (29.10, 46.55),
    (28.9, 46.95),
    (28.55, 47.45),
    (28.53, 48.42),
    (28.4, 49.0),
    (SOUTH, 50.0),
    (SOUTH, WEST),
]
SYRIA: list[Pt] = [
    (37.05, WEST),
    (37.05, 42.0),
    (37.08, 42.36),
    (36.8, 42.05),
    (36.4, 41.4),
    (35.8, 41.3),
    (35.1, 41.25),
    (34.45, 40.95),
    (33.37, 38.79),
    (32.6, WEST),
]
TURKEY: list[Pt] = [
    (NORTH, WEST),
    (37.05, WEST),
    (37.05, 42.0),
    (37.08, 42.36),
    (37.15, 42.8),
    (37.32, 43.3),
    (37.25, 44.0),
    (37.14, 44.79),
    (37.6, 44.6),
    (NORTH, 44.4),
]
IRAN: list[Pt] = [
    (NORTH, 44.4),
    (37.6, 44.6),
    (37.14, 44.79),
    (36.66, 45.05),
    (36.2, 45.3),
    (35.62, 45.95),
    (35.2, 46.1),
    (34.9, 45.75),
    (34.45, 45.5),
    (33.75, 45.85),
    (33.1, 46.1),
    (32.5, 47.2),
    (32.0, 47.7),
    (31.75, 47.75),
    (31.0, 47.7),
    (30.5, 47.93),
    (30.2, 48.35),
    (29.93, 48.62),
    (30.08, 48.75),
    (30.22, 49.1),
    (30.25, EAST),
    (NORTH, EAST),
]
COUNTRIES: list[tuple[str, list[Pt]]] = [
    ("sea", SEA),
    ("kuwait", KUWAIT),
    ("saudi", SAUDI),
    ("syria", SYRIA),
    ("turkey", TURKEY),
    ("iran", IRAN),
]

# lakes and reservoirs: hexes (the brief's §5.2), and Tharthar as an ellipse (centre, half-axes in km)
LAKES = {
    "1718": ("lake", "Lake Habbaniyah", "ハッバーニーヤ湖"),
    "1819": ("lake", "Lake Razzaza", "ラッザーザ湖"),
    "1213": ("reservoir", "Lake Qadisiyah", "カーディシーヤ湖"),
    "1403": ("reservoir", "Mosul Dam Lake", "モスル・ダム湖"),
    "2307": ("reservoir", "Lake Dukan", "ドゥカン湖"),
}
THARTHAR = ((34.05, 43.2), 40.0, 25.0)

# marsh boxes (lat_min, lat_max, lon_min, lon_max) from the brief §2, and the flood-irrigated river hexes
MARSH = [(31.0, 31.5, 46.6, 47.2), (30.6, 31.0, 46.5, 47.5), (31.3, 31.8, 47.4, 47.8)]
SALT = [(29.85, 30.2, 48.05, 48.6), (29.9, 30.15, 47.6, 48.0), (29.55, 30.05, 48.05, 48.45), (30.1, 30.5, 48.7, 49.2)]
# mountains: the Kurdish highlands NE of Zakho-Dohuk-Aqrah-Koya-Sulaymaniyah-Halabja, and the Zagros NE of
# its front Qasr-e Shirin-Ilam-Dezful (polygons); rough: the 45 km belt in front of either, Jebel Hamrin, the
# Mosul-Erbil-Kirkuk foothills and Jebel Sinjar's flanks
HIGHLAND = [
    (37.3, 42.4),
    (37.14, 42.68),
    (36.87, 42.99),
    (36.76, 43.89),
    (36.45, 44.35),
    (36.08, 44.63),
    (35.56, 45.44),
    (35.18, 45.99),
    (34.95, 46.3),
]
ZAGROS = [(34.95, 46.3), (34.6, 45.75), (33.64, 46.5), (32.9, 47.4), (32.45, 48.3), (32.2, 49.5)]
MOUNTAINS = HIGHLAND + ZAGROS + [(32.2, EAST), (NORTH, EAST), (NORTH, 42.4)]
FOOTHILLS = 45.0  # km
HAMRIN = [(34.95, 43.35), (34.6, 43.9), (34.3, 44.6), (34.05, 45.1), (33.8, 45.5)]
ROUGH_BOXES = [(35.55, 36.55, 43.25, 44.4), (36.3, 36.55, 41.55, 42.2)]
# the Western and Southern Desert: SW of the Euphrates (closed round the south-west of the map)
RIVERS_EUPHRATES = [
    (34.6, 40.55),
    (34.45, 40.95),
    (34.36, 41.12),
    (34.47, 41.9),
    (34.15, 42.4),
    (33.85, 42.55),
    (33.63, 42.86),
    (33.41, 43.32),
    (33.34, 43.8),
    (33.0, 44.1),
    (32.78, 44.29),
    (32.35, 44.36),
    (32.03, 44.42),
    (31.58, 44.65),
    (31.31, 45.3),
    (31.2, 45.8),
    (31.03, 46.24),
    (30.88, 46.47),
    (30.95, 47.0),
    (31.01, 47.4),
]
SW_OF_EUPHRATES = [*RIVERS_EUPHRATES, (30.4, 47.4), (SOUTH, 47.4), (SOUTH, WEST), (34.6, WEST)]
SINJAR = ["1006", "1106", "1007"]  # Jebel Sinjar: mountain (Sinjar town itself stays a road hex on its flank)

RIVERS: dict[str, tuple[str, str, list[Pt]]] = {
    "tigris": (
        "Tigris",
        "チグリス川",
        [
            (37.07, 42.38),
            (36.75, 42.85),
            (36.34, 43.16),
            (35.85, 43.3),
            (35.51, 43.23),
            (34.93, 43.52),
            (34.6, 43.72),
            (34.19, 43.9),
            (34.0, 44.15),
            (33.34, 44.42),
            (33.1, 44.6),
            (32.9, 45.05),
            (32.52, 45.86),
            (32.46, 46.68),
            (31.86, 47.17),
            (31.5, 47.27),
            (31.03, 47.45),
        ],
    ),
    "euphrates": ("Euphrates", "ユーフラテス川", RIVERS_EUPHRATES),
    "shatt_al_arab": (
        "Shatt al-Arab",
        "シャット・アル・アラブ川",
        [(31.01, 47.43), (30.51, 47.84), (30.44, 48.1), (30.34, 48.24), (29.97, 48.52), (29.88, 48.6)],
    ),
    "karun": ("Karun", "カールーン川", [(32.4, 48.9), (31.32, 48.7), (30.9, 48.45), (30.43, 48.15)]),
    "karkheh": ("Karkheh", "カルヘ川", [(32.45, 48.3), (31.95, 48.3), (31.48, 48.4), (31.46, 48.05), (31.45, 47.8)]),
    "greater_zab": (
        "Greater Zab",
        "大ザブ川",
        [(37.2, 44.2), (36.8, 43.9), (36.45, 43.55), (36.1, 43.4), (35.99, 43.33)],
    ),
    "lesser_zab": (
        "Lesser Zab",
        "小ザブ川",
        [(36.3, 45.3), (35.95, 44.95), (35.75, 44.15), (35.5, 43.8), (35.25, 43.45)],
    ),
    "diyala": (
        "Diyala",
        "ディヤーラ川",
        [(35.15, 45.75), (34.6, 45.35), (34.27, 45.17), (33.75, 44.62), (33.22, 44.5)],
    ),
    "gharraf": ("Shatt al-Gharraf", "ガッラーフ水路", [(32.52, 45.84), (32.17, 46.05), (31.41, 46.17), (31.06, 46.24)]),
}
ESCARPMENTS: dict[str, tuple[str, str, list[Pt]]] = {
    "tar_an_najaf": (
        "Tar an-Najaf",
        "ナジャフ崖",
        [(32.85, 43.7), (32.55, 43.85), (32.2, 44.05), (31.9, 44.2), (31.6, 44.4)],
    ),
}
# the Mutla Ridge is shorter than a hex: its hexsides are given (the north sides of 3431 and Jahra 3532, brief
# §5.2); Jahra's is the Mutla pass of Highway 80 and stays open like every road hexside
MUTLA = ("Mutla Ridge", "ムトラ丘陵", [["3430", "3431"], ["3431", "3531"], ["3531", "3532"]])

# roads: waypoints are place keys or hexes; "highways" are Expressway 1 and Highway 1 north (brief §5.2)
HIGHWAYS: dict[str, list[str]] = {
    "expressway_1": [
        "safwan",
        "3428",
        "3127",
        "tallil",
        "2623",
        "2421",
        "2220",
        "2118",
        "baghdad",
        "fallujah",
        "ramadi",
        "1418",
        "0917",
        "rutbah",
        "0118",
    ],
    "highway_1": ["baghdad", "samarra", "tikrit", "bayji", "mosul", "dohuk", "1503", "zakho", "cizre", "1201"],
}
ROADS: dict[str, list[str]] = {
    "highway_6": ["baghdad", "2418", "kut", "3021", "amarah", "qurnah", "basra"],
    "highway_8": ["baghdad", "hillah", "diwaniyah", "samawah", "nasiriyah", "3326", "zubayr", "basra"],
    "highway_7": ["kut", "2822", "nasiriyah"],
    "khanaqin_road": ["baghdad", "baqubah", "khanaqin", "qasr_e_shirin", "kermanshah", "3611", "4010"],
    "kirkuk_baghdad": ["kirkuk", "2211", "2213", "baqubah"],
    "kirkuk_erbil_mosul": ["kirkuk", "erbil", "mosul"],
    "kirkuk_sulaymaniyah": ["kirkuk", "sulaymaniyah"],
    "bayji_kirkuk": ["bayji", "kirkuk"],
    "erbil_koya": ["erbil", "koya", "2207", "2308", "sulaymaniyah"],
    "mosul_syria": ["mosul", "tal_afar", "1006", "0906"],
    "euphrates_road": ["ramadi", "hit", "haditha", "1115", "al_qaim", "abu_kamal"],
    "kut_ilam": ["kut", "badrah", "mehran", "ilam", "3114", "kermanshah"],
    "karbala_najaf": ["hillah", "karbala", "najaf", "diwaniyah"],
    "nukhayb_track": ["karbala", "1820", "nukhayb", "0924", "ar_ar"],
    "highway_80": ["kuwait_city", "jahra", "3530", "safwan", "zubayr"],
    "umm_qasr_road": ["umm_qasr", "safwan"],
    "coast_road": ["kuwait_city", "3733", "khafji", "3838"],
    "hafar_kuwait": ["hafar_al_batin", "3033", "3332", "jahra"],
    "hafar_riyadh": ["hafar_al_batin", "kkmc", "2638"],
    "tapline": ["hafar_al_batin", "2432", "rafha", "1329", "ar_ar", "0125"],
    "basra_shalamcheh": ["basra", "khorramshahr", "abadan"],
    "ahvaz_khorramshahr": ["ahvaz", "3826", "khorramshahr"],
    "ahvaz_dezful": ["ahvaz", "dezful", "khorramabad", "4014"],
    "ahvaz_east": ["ahvaz", "4024"],
    "mahshahr_road": ["khorramshahr", "3928", "4027"],
    "turkish_road": ["cizre", "0903", "0801"],
}
# map-edge road hexes that are supply sources (§8.4-§8.8; brief §5.3), and the Iraqi general/limited sources
EDGE_SOURCES = {
    "2638": "saudi",
    "3838": "saudi",
    "0125": "saudi",
    "1201": "turkey",
    "0801": "turkey",
    "4010": "iran",
    "4014": "iran",
    "4024": "iran",
    "4027": "iran",
}
# the Green Line of 1991-2003 (Kurdish area: Iraqi rough and mountain hexes NE of it)
GREEN_LINE = [
    (37.1, 42.3),
    (36.75, 42.95),
    (36.55, 43.35),
    (36.25, 43.6),
    (35.95, 43.95),
    (35.7, 44.3),
    (35.45, 44.75),
    (35.0, 45.2),
    (34.6, 45.45),
    (34.45, 45.6),
]
SADDAM_LINE = ["3232", "3333", "3433", "3533", "3633", "3733"]


def _inside(p: Pt, poly: list[Pt]) -> bool:
    y, x = p
    inside = False
    for (y1, x1), (y2, x2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _seg(p: Pt, a: Pt, b: Pt) -> tuple[float, float]:
    """(distance in km, signed side) of hex-space point p from segment a-b."""
    ax, ay = a[0] * KM_COL, a[1] * KM_ROW
    bx, by = b[0] * KM_COL, b[1] * KM_ROW
    px, py = p[0] * KM_COL, p[1] * KM_ROW
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    qx, qy = ax + t * dx, ay + t * dy
    return (math.hypot(px - qx, py - qy), dx * (py - ay) - dy * (px - ax))


def _line_info(p: Pt, line: list[Pt]) -> tuple[float, float]:
    pts = [project(*q) for q in line]
    return min((_seg(p, a, b) for a, b in itertools.pairwise(pts)), key=lambda r: r[0])


def line_sides(line: list[Pt]) -> list[list[str]]:
    """The hexsides along a polyline: between a hex left of it and a hex right of it, both near it."""
    near = {}
    for h in GRID.all_hexes():
        d, side = _line_info(centre(h), line)
        if d <= 1.4 * KM_COL:
            near[h] = side > 0
    return [[h, n] for h in sorted(near) for n in GRID.neighbours(h) if n in near and h < n and near[h] != near[n]]


def country_of(h: str) -> str:
    p = unproject(h)
    for name, poly in COUNTRIES:
        if _inside(p, poly):
            return name
    return "iraq"


def _box(p: Pt, boxes: list[tuple[float, float, float, float]]) -> bool:
    return any(a <= p[0] <= b and c <= p[1] <= d for a, b, c, d in boxes)


def terrain_of(h: str, country: str, places: dict[str, str]) -> str:
    p = unproject(h)
    hp = centre(h)
    kind = places.get(h)
    if country == "sea":
        return "sea"
    if h in LAKES:
        return LAKES[h][0]
    (tla, tlo), ra, rb = THARTHAR
    x, y = _xy(p[0], p[1])
    tx, ty = _xy(tla, tlo)
    if ((x - tx) / rb) ** 2 + ((y - ty) / ra) ** 2 <= 1 and kind is None:
        return "lake"
    if kind == "city":
        return "clear"
    if _box(p, SALT):
        return "salt_marsh"
    if _box(p, MARSH) and country in ("iraq", "iran"):
        return "marsh"
    if h in SINJAR or (country == "turkey" and p[1] > 42.6) or (_inside(p, MOUNTAINS) and country != "turkey"):
        return "mountain"
    if (_line_info(hp, HIGHLAND)[0] <= FOOTHILLS or _line_info(hp, ZAGROS)[0] <= FOOTHILLS) and p[0] > 32.3:
        return "rough"
    if country == "turkey" or _line_info(hp, HAMRIN)[0] <= 14 or _box(p, ROUGH_BOXES):
        return "rough"
    col, row = GRID.parse(h)
    if country == "saudi":
        return "clear" if col >= 28 else "desert"
    if country == "syria":
        return "desert" if p[0] < 35.2 else "clear"
    if country == "iraq":
        ed = _line_info(hp, RIVERS_EUPHRATES)[0]
        if _inside(p, SW_OF_EUPHRATES) and ed > 1.6 * KM_COL and not (col >= 27 and row >= 25):
            return "desert"
        if not _inside(p, SW_OF_EUPHRATES) and col <= 11 and p[0] < 35.8:
            return "desert"
    return "clear"


def _resolve(wp: str, places: dict[str, str]) -> str:
    if wp in PLACES:
        return PLACES[wp][6]
    assert GRID.contains(wp), wp
    return wp


def chain(wps: list[str]) -> list[str]:
    hexes = [_resolve(w, {}) for w in wps]
    out = [hexes[0]]
    for a, b in itertools.pairwise(hexes):
        out += GRID.line(a, b)[1:]
    return out


def build() -> tuple[str, dict[str, object]]:
    places = {p[6]: p[2] for p in PLACES.values()}
    countries = {h: country_of(h) for h in GRID.all_hexes()}
    for p in PLACES.values():
        countries[p[6]] = p[3]  # a place is in its own country whatever the polygon's edge says
    terrain = {h: terrain_of(h, countries[h], places) for h in GRID.all_hexes()}
    for h in SADDAM_LINE:
        countries[h] = "kuwait"
    chars = {
        "clear": ".",
        "rough": "r",
        "mountain": "M",
        "desert": "d",
        "marsh": "m",
        "salt_marsh": "s",
        "sea": "~",
        "lake": "L",
        "reservoir": "R",
    }
    lines = [
        "# Back to Iraq terrain: rows 01..38 (north to south), columns 01..40 (west to east).",
        "# . clear  r rough  M mountain  d desert  m marsh  s salt marsh  ~ sea  L lake  R reservoir.",
        "# Generated by server/games/back_to_iraq/tools/make_map.py",
    ]
    for r in range(1, GRID.rows + 1):
        lines.append("".join(chars[terrain[GRID.label(c, r)]] for c in range(1, GRID.cols + 1)) + f" # {r:02d}")
    roads = {k: chain(v) for k, v in ROADS.items()}
    highways = {k: chain(v) for k, v in HIGHWAYS.items()}
    road_sides = {
        GRID.hexside(a, b) for c in list(roads.values()) + list(highways.values()) for a, b in itertools.pairwise(c)
    }
    rivers = {k: {"name": {"en": en, "ja": ja}, "hexsides": line_sides(pts)} for k, (en, ja, pts) in RIVERS.items()}
    escarpments = {}
    for k, (en, ja, pts) in ESCARPMENTS.items():
        # the roads cross the ridges at their passes: those hexsides are left open (PROVENANCE, AMBIG-3)
        sides = [
            s
            for s in line_sides(pts)
            if GRID.hexside(*s) not in road_sides and "sea" not in (countries[s[0]], countries[s[1]])
        ]
        escarpments[k] = {"name": {"en": en, "ja": ja}, "hexsides": sides}
    escarpments["mutla_ridge"] = {
        "name": {"en": MUTLA[0], "ja": MUTLA[1]},
        "hexsides": [s for s in MUTLA[2] if GRID.hexside(*s) not in road_sides],
    }
    green = {
        h
        for h in GRID.all_hexes()
        if countries[h] == "iraq"
        and terrain[h] in ("rough", "mountain")
        and _line_info(centre(h), GREEN_LINE)[1] < 0
        and unproject(h)[0] > 34.4
    }
    data: dict[str, object] = {
        "grid": {
            "cols": GRID.cols,
            "rows": GRID.rows,
            "top": GRID.top,
            "shift": GRID.shift,
            "km_per_hex": 27.4,
            "miles_per_hex": 17,
            "days_per_turn": 2,
        },
        "frame": {
            "origin": {"hex": "2117", "lat": BAGHDAD[0], "lon": BAGHDAD[1]},
            "km_per_column": KM_COL,
            "km_per_row": KM_ROW,
        },
        "places": {
            p[6]: {"key": k, "name": {"en": p[0], "ja": p[1]}, "kind": p[2], "country": p[3], "lat": p[4], "lon": p[5]}
            for k, p in sorted(PLACES.items())
        },
        "countries": {
            c: sorted(h for h, v in countries.items() if v == c)
            for c in ("iraq", "kuwait", "saudi", "iran", "turkey", "syria")
        },
        "waters": {h: {"kind": v[0], "name": {"en": v[1], "ja": v[2]}} for h, v in sorted(LAKES.items())},
        "rivers": rivers,
        "escarpments": escarpments,
        "highways": highways,
        "roads": roads,
        "kurdish_area": sorted(green),
        "saddam_line": SADDAM_LINE,
        "supply_sources": {
            "iraq_general": ["2117"],
            "iraq_limited": ["1605", "2109", "3527"],
            "iran_limited": ["3924", "3213"],
            "coalition": ["3631", *sorted(h for h, c in EDGE_SOURCES.items() if c != "iran")],
            "iran_edge": sorted(h for h, c in EDGE_SOURCES.items() if c == "iran"),
        },
        "located": {"baghdad": "2117", "mosul": "1605", "kirkuk": "2109", "basra": "3527", "kuwait_city": "3631"},
    }
    return "\n".join(lines) + "\n", data


def dump_json(data: dict[str, object]) -> str:
    """One key per line at the top levels, hex lists kept on one line each: readable diffs."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1] / "data"
    terrain, data = build()
    (out / "terrain.txt").write_text(terrain, encoding="utf-8")
    (out / "map.json").write_text(dump_json(data), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv)
