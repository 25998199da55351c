"""Generate ``terrain.txt`` and ``map.json`` for バルジ大作戦 (Battle of the Bulge) from readable tables.

Usage: ``python server/games/bulge/tools/make_map.py [OUT_DIR]`` (default: ``server/games/bulge/data``).

The inputs below are the source of truth; the outputs are committed too. The generator is deterministic: no
randomness, no clocks, sorted output. Sources are cited in ``server/games/bulge/PROVENANCE.md`` (Map):
- places: WGS84 positions (history/bulge.md §2, ±1 km) through the frame formula of docs/bulge-data.md;
- rivers: hex paths along the real course; the hexsides are the sides on one bank of the path (``bank``);
- roads: waypoint lists joined by straight hex lines (``HexGrid.line``), so consecutive hexes are adjacent;
- West Wall: a hand chain in the north (Roetgen–Kesternich–Wahlerscheid–Udenbreth–Losheim–Schnee Eifel–
  Lützkampen), then the German bank of the Our and the Sauer (derived from the river hexsides), then the
  Moselle bank; Germany is every hex east of that chain (a flood fill from the east edge);
- terrain: ordered polygons in hex space (later wins) over a smooth deterministic pattern.
"""

from __future__ import annotations

import json
import math
import sys
from collections import deque
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.hexgrid import HexGrid  # noqa: E402

GRID = HexGrid(cols=40, rows=42, top="pointy", shift="odd")
COLS, ROWS = 40, 42

# direction order of HexGrid.neighbours before clipping: NE, E, SE, SW, W, NW (clockwise on screen)
_DIRS = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


def to_hex(lat: float, lon: float) -> str:
    """The frame formula of docs/bulge-data.md, clamped onto the map."""
    r = 1 + round((50.723 - lat) / 0.02570)
    c = 1 + round((lon - 4.7672) / 0.04626 - (0.5 if r % 2 == 1 else 0))
    return GRID.label(min(max(c, 1), COLS), min(max(r, 1), ROWS))


# --- places: key -> (en, ja, kind, lat, lon, hex override or None) -----------------------------------------
# kind: fortress | important | city | town.  An override is used only where the formula lands on a hex that is
# already taken, off the map, or on the wrong side of a river/the West Wall; each is explained in provenance.
PLACES: dict[str, tuple[str, str, str, float, float, str | None]] = {
    # fortress cities (§12.1)
    "st_vith": ("St. Vith", "サン・ヴィット", "fortress", 50.283, 6.126, None),
    "bastogne": ("Bastogne", "バストーニュ", "fortress", 50.000, 5.716, None),
    # important cities (VP, §13.3(4))
    "liege": ("Liège", "リエージュ", "important", 50.633, 5.567, None),
    "huy": ("Huy", "ユイ", "important", 50.519, 5.239, None),
    "namur": ("Namur", "ナミュール", "important", 50.467, 4.867, None),
    "dinant": ("Dinant", "ディナン", "important", 50.261, 4.912, None),
    "givet": ("Givet", "ジヴェ", "important", 50.138, 4.826, None),
    "spa": ("Spa", "スパ", "important", 50.492, 5.866, None),
    "verviers": ("Verviers", "ヴェルヴィエ", "important", 50.590, 5.863, None),
    "malmedy": ("Malmedy", "マルメディ", "important", 50.425, 6.028, None),
    "marche": ("Marche", "マルシュ", "important", 50.227, 5.344, None),
    "houffalize": ("Houffalize", "ウファリーズ", "important", 50.132, 5.790, None),
    "arlon": ("Arlon", "アルロン", "important", 49.683, 5.816, None),
    "luxembourg": ("Luxembourg", "ルクセンブルク", "important", 49.611, 6.130, "3042"),
    # cities
    "eupen": ("Eupen", "オイペン", "city", 50.628, 6.036, None),
    "monschau": ("Monschau", "モンシャウ", "city", 50.555, 6.240, None),
    "stavelot": ("Stavelot", "スタヴロ", "city", 50.393, 5.931, None),
    "vielsalm": ("Vielsalm", "ヴィエルサルム", "city", 50.284, 5.916, None),
    "la_roche": ("La Roche", "ラ・ロッシュ", "city", 50.183, 5.576, None),
    "ciney": ("Ciney", "シネイ", "city", 50.295, 5.099, None),
    "rochefort": ("Rochefort", "ロシュフォール", "city", 50.159, 5.224, None),
    "st_hubert": ("St-Hubert", "サン・チュベール", "city", 50.026, 5.374, None),
    "libramont": ("Libramont", "リブラモン", "city", 49.920, 5.380, None),
    "neufchateau": ("Neufchâteau", "ヌシャトー", "city", 49.841, 5.435, None),
    "bouillon": ("Bouillon", "ブイヨン", "city", 49.794, 5.067, None),
    "sedan": ("Sedan", "スダン", "city", 49.702, 4.940, None),
    "clervaux": ("Clervaux", "クレルヴォー", "city", 50.055, 6.031, None),
    "wiltz": ("Wiltz", "ヴィルツ", "city", 49.966, 5.933, None),
    "diekirch": ("Diekirch", "ディーキルヒ", "city", 49.868, 6.159, None),
    "ettelbruck": ("Ettelbruck", "エテルブルック", "city", 49.847, 6.104, None),
    "echternach": ("Echternach", "エヒテルナハ", "city", 49.812, 6.421, None),
    "mersch": ("Mersch", "メルシュ", "city", 49.749, 6.106, None),
    "prum": ("Prüm", "プリュム", "city", 50.207, 6.424, None),
    "bitburg": ("Bitburg", "ビットブルク", "city", 49.967, 6.527, None),
    # towns
    "andenne": ("Andenne", "アンデンヌ", "town", 50.489, 5.094, None),
    "havelange": ("Havelange", "アヴランジュ", "town", 50.383, 5.242, None),
    "celles": ("Celles", "セル", "town", 50.229, 5.010, None),
    "foy_nd": ("Foy-Notre-Dame", "フォワ・ノートルダム", "town", 50.250, 4.975, "0519"),
    "houyet": ("Houyet", "ウイエ", "town", 50.190, 5.007, None),
    "beauraing": ("Beauraing", "ボーレン", "town", 50.110, 4.957, None),
    "gedinne": ("Gedinne", "ジュディンヌ", "town", 49.981, 4.937, None),
    "wellin": ("Wellin", "ウェラン", "town", 50.081, 5.114, None),
    "hotton": ("Hotton", "オトン", "town", 50.267, 5.446, None),
    "durbuy": ("Durbuy", "デュルビュイ", "town", 50.352, 5.456, None),
    "erezee": ("Erezée", "エレゼ", "town", 50.292, 5.558, None),
    "manhay": ("Manhay", "マネー", "town", 50.293, 5.677, None),
    "grandmenil": ("Grandménil", "グランメニル", "town", 50.296, 5.650, "2018"),
    "werbomont": ("Werbomont", "ヴェルボモン", "town", 50.381, 5.687, None),
    "aywaille": ("Aywaille", "エーヴァイユ", "town", 50.474, 5.676, None),
    "sprimont": ("Sprimont", "スプリモン", "town", 50.508, 5.660, None),
    "comblain": ("Comblain-au-Pont", "コンブラン", "town", 50.475, 5.578, None),
    "stoumont": ("Stoumont", "ストゥモン", "town", 50.407, 5.808, None),
    "la_gleize": ("La Gleize", "ラ・グレーズ", "town", 50.411, 5.848, None),
    "trois_ponts": ("Trois-Ponts", "トロワ・ポン", "town", 50.371, 5.871, None),
    "francorchamps": ("Francorchamps", "フランコルシャン", "town", 50.452, 5.952, None),
    "baugnez": ("Baugnez", "ボーニェ", "town", 50.407, 6.060, "2913"),
    "ligneuville": ("Ligneuville", "リニュヴィル", "town", 50.381, 6.068, None),
    "elsenborn": ("Elsenborn", "エルゼンボルン", "town", 50.465, 6.217, None),
    "butgenbach": ("Bütgenbach", "ビュートゲンバッハ", "town", 50.425, 6.204, "3113"),
    "bullingen": ("Büllingen", "ビュリンゲン", "town", 50.409, 6.258, "3213"),
    "krinkelt": ("Krinkelt", "クリンケルト", "town", 50.420, 6.320, "3312"),
    "hofen": ("Höfen", "ヘーフェン", "town", 50.545, 6.252, "3208"),
    "kesternich": ("Kesternich", "ケステルニッヒ", "town", 50.603, 6.374, None),
    "losheim": ("Losheim", "ロスハイム", "town", 50.367, 6.285, "3515"),
    "manderfeld": ("Manderfeld", "マンダーフェルト", "town", 50.331, 6.331, None),
    "schonberg": ("Schönberg", "シェーンベルク", "town", 50.290, 6.258, None),
    "burg_reuland": ("Burg-Reuland", "ブルク・ロイラント", "town", 50.196, 6.144, None),
    "gouvy": ("Gouvy", "グーヴィ", "town", 50.187, 5.940, None),
    "poteau": ("Poteau", "ポトー", "town", 50.320, 5.985, None),
    "baraque_fraiture": ("Baraque de Fraiture", "バラック・ド・フレテュール", "town", 50.203, 5.737, None),
    "ortheuville": ("Ortheuville", "オルトゥヴィル", "town", 50.110, 5.520, None),
    "noville": ("Noville", "ノヴィル", "town", 50.062, 5.763, None),
    "sibret": ("Sibret", "シブレ", "town", 49.970, 5.627, None),
    "martelange": ("Martelange", "マルトランジュ", "town", 49.830, 5.737, None),
    "florenville": ("Florenville", "フロランヴィル", "town", 49.700, 5.309, None),
    "trois_vierges": ("Trois-Vierges", "トロワ・ヴィエルジュ", "town", 50.121, 6.002, None),
    "hosingen": ("Hosingen", "ホジンゲン", "town", 50.012, 6.090, None),
    "marnach": ("Marnach", "マルナッハ", "town", 50.053, 6.070, None),
    "dasburg": ("Dasburg", "ダスブルク", "town", 50.048, 6.133, None),
    "vianden": ("Vianden", "フィアンデン", "town", 49.935, 6.208, None),
    "esch_sure": ("Esch-sur-Sûre", "エッシュ・シュル・シュール", "town", 49.911, 5.936, None),
    "beaufort": ("Beaufort", "ボーフォール", "town", 49.836, 6.290, None),
    "wallendorf": ("Wallendorf", "ヴァレンドルフ", "town", 49.873, 6.293, "3433"),
    "irrel": ("Irrel", "イレル", "town", 49.845, 6.460, "3735"),
    "wasserbillig": ("Wasserbillig", "ヴァッサービリッヒ", "town", 49.715, 6.500, None),
    "neuerburg": ("Neuerburg", "ノイエルブルク", "town", 50.011, 6.300, None),
    "daleiden": ("Daleiden", "ダライデン", "town", 50.084, 6.253, "3426"),
    "schleiden": ("Schleiden", "シュライデン", "town", 50.530, 6.475, None),
}

# --- rivers: key -> (en, ja, major, bank, waypoints) ----------------------------------------------------------
# Waypoints are place keys, "lat,lon" strings or hex labels, downstream. ``bank``: the hexsides are drawn on the
# "left" or "right" side of the hex path (facing downstream), so the path hexes (and the towns on them) sit on
# the other bank. A major river may list only part of its course as major: (first, last) waypoint indexes.
RIVERS: list[tuple[str, str, str, str, list[str], tuple[int, int] | None]] = [
    ("meuse", "Meuse", "ミューズ河", "left",
     ["0642", "sedan", "0340", "0139", "0136", "0132", "0128", "0126", "givet", "0222", "0420", "dinant",
      "0316", "0313", "namur", "0510", "andenne", "0909", "huy", "1307", "1606", "liege", "1903", "1901"],
     (0, 23)),
    ("sure", "Sûre (Sauer)", "シュール川", "left",
     ["1833", "2034", "martelange", "2435", "2634", "2733", "2832", "2933", "3034", "diekirch", "3234", "3334",
      "3335", "3435", "3536", "3636", "echternach", "3737", "3838", "3839", "wasserbillig"],
     (8, 20)),
    ("moselle", "Moselle", "モーゼル川", "right",
     ["3742", "3841", "wasserbillig"], None),
    ("our", "Our", "ウール川", "left",
     ["manderfeld", "3417", "schonberg", "3219", "3220", "3121", "3122", "3123", "3024", "3025", "2926",
      "2927", "3028", "3029", "3130", "3131", "vianden", "3233", "3334"], None),
    ("ourthe", "Ourthe", "ウルト川", "left",
     ["1432", "1630", "1728", "ortheuville", "1924", "2124", "houffalize", "2124", "2023", "la_roche", "1721",
      "1620", "hotton", "1517", "durbuy", "1613", "1712", "comblain", "1809", "1807", "liege"], None),
    ("ambleve", "Amblève", "アンブレーヴ川", "left",
     ["3115", "3014", "ligneuville", "2714", "stavelot", "trois_ponts", "2414", "2313", "2212", "2111",
      "aywaille", "comblain"], None),
    ("salm", "Salm", "サルム川", "left",
     ["2722", "2621", "2620", "2519", "vielsalm", "2617", "2516", "trois_ponts"], None),
    ("warche", "Warche", "ヴァルシュ川", "left",
     ["3213", "3112", "3012", "2912", "malmedy", "2714"], None),
    ("vesdre", "Vesdre", "ヴェスドル川", "left",
     ["eupen", "2605", "verviers", "2307", "2106", "1906", "liege"], None),
    ("clerve", "Clerve", "クレルヴ川", "left",
     ["trois_vierges", "2825", "2826", "clervaux", "2828", "2829", "2830", "2831"], None),
    ("wiltz", "Wiltz", "ヴィルツ川", "right",
     ["2229", "2329", "2430", "2530", "wiltz", "2730", "2830", "2831", "2932"], None),
    ("lesse", "Lesse", "レッス川", "left",
     ["1532", "1430", "1228", "1126", "1024", "0923", "0823", "houyet", "0521", "0420"], None),
    ("lhomme", "Lhomme", "ロム川", "left",
     ["1630", "st_hubert", "1326", "1224", "rochefort", "1024"], None),
    ("semois", "Semois", "スモワ川", "left",
     ["arlon", "2041", "1841", "1641", "1441", "florenville", "1140", "1038", "bouillon", "0637", "0436",
      "0337", "0238", "0139"], None),
]

# --- roads: waypoints (place keys or hex labels) joined by hex lines ----------------------------------------
MAIN_ROADS: list[list[str]] = [
    # N4: Namur – Marche – Bastogne – Arlon (– Longwy), the hub of the south
    ["namur", "0614", "0717", "1019", "marche", "1522", "ortheuville", "1927", "bastogne", "2133", "martelange",
     "2339", "arlon", "2342"],
    # N15/N30: Liège – Werbomont – Manhay – Baraque de Fraiture – Houffalize – Bastogne
    ["liege", "sprimont", "2012", "werbomont", "manhay", "baraque_fraiture", "houffalize", "noville", "bastogne"],
    # St. Vith – Poteau – Vielsalm – Manhay
    ["st_vith", "poteau", "vielsalm", "2318", "manhay"],
    # Huy – Werbomont – Trois-Ponts – Stavelot – Malmedy – Baugnez – Bütgenbach – Büllingen – Losheim – Stadtkyll
    ["huy", "1411", "1612", "1813", "werbomont", "2215", "trois_ponts", "stavelot", "malmedy", "baugnez",
     "butgenbach", "bullingen", "3414", "losheim", "3716", "4016"],
    # Houffalize – La Roche – Marche – Foy-Notre-Dame – Dinant
    ["houffalize", "2223", "la_roche", "1621", "marche", "1120", "0919", "foy_nd", "dinant"],
    # the Meuse valley road: Givet – Dinant – Namur – Andenne – Huy – Liège – (Maastricht)
    ["givet", "0322", "0420", "dinant", "0316", "namur", "0510", "andenne", "huy", "1307", "1606", "liege", "1801"],
    # Liège – Verviers – Eupen – (Aachen)
    ["liege", "2005", "verviers", "eupen", "2801"],
    # N62: Verviers – Spa – Francorchamps – Stavelot (First Army HQ at Spa)
    ["verviers", "2408", "spa", "francorchamps", "stavelot"],
    # Namur – (Brussels)
    ["namur", "0301"],
    # Luxembourg – Arlon – Neufchâteau – Bouillon – Sedan – (Charleville, Reims)
    ["luxembourg", "2741", "arlon", "2039", "neufchateau", "1136", "bouillon", "0540", "sedan", "0240", "0140"],
    # Bastogne – Sibret – Neufchâteau
    ["bastogne", "sibret", "1833", "neufchateau"],
    # Bitburg – Irrel – Echternach – Luxembourg, Bitburg – (Wittlich)
    ["4030", "bitburg", "3833", "3734", "irrel", "echternach", "3538", "3340", "luxembourg"],
    # Prüm – Schönberg – St. Vith, Prüm – (Koblenz)
    ["4021", "prum", "3520", "3419", "schonberg", "st_vith"],
    # Luxembourg – Mersch – Ettelbruck – Diekirch
    ["luxembourg", "mersch", "ettelbruck", "diekirch"],
]

ROADS: list[list[str]] = [
    # north shoulder
    ["verviers", "2401"],
    ["eupen", "2907", "2909", "2911", "malmedy"],  # over the Fagnes by Baraque Michel
    ["eupen", "3106", "monschau"],
    ["monschau", "hofen", "3210", "elsenborn", "butgenbach"],
    ["elsenborn", "krinkelt", "bullingen"],
    ["krinkelt", "3510", "3611", "3809", "schleiden", "4008"],  # Wahlerscheid, Hollerath
    ["monschau", "3407", "kesternich", "schleiden"],
    ["spa", "2211", "aywaille", "sprimont"],
    ["liege", "1908", "comblain", "aywaille"],
    ["trois_ponts", "la_gleize", "stoumont", "2212", "aywaille"],  # Peiper's road
    ["stavelot", "2615"],
    ["malmedy", "ligneuville", "3016", "st_vith"],
    ["bullingen", "3115", "3016"],
    ["losheim", "manderfeld", "schonberg"],
    ["prum", "3717", "losheim"],
    # St. Vith and the Our
    ["st_vith", "burg_reuland", "3124", "3025", "marnach"],
    ["st_vith", "2920", "gouvy", "2523", "houffalize"],
    ["gouvy", "trois_vierges", "2826", "clervaux"],
    ["vielsalm", "2519", "2621", "gouvy"],
    # centre
    ["manhay", "grandmenil", "erezee", "hotton", "marche"],
    ["hotton", "durbuy", "1613", "comblain"],
    ["huy", "havelange", "1216", "marche"],
    ["havelange", "ciney", "dinant"],
    ["la_roche", "1923", "2020", "baraque_fraiture"],
    ["la_roche", "ortheuville"],
    ["werbomont", "1816", "1717", "durbuy"],
    # west
    ["dinant", "0319", "0119"],  # to Philippeville
    ["dinant", "0520", "celles", "0821", "0922", "rochefort", "1121", "marche"],
    ["celles", "houyet", "beauraing", "givet"],
    ["houyet", "0719", "ciney"],
    ["rochefort", "wellin", "beauraing"],
    ["rochefort", "1225", "st_hubert", "libramont", "neufchateau"],
    ["st_hubert", "1628", "1728", "1929", "bastogne"],  # by Amberloup
    ["st_hubert", "ortheuville"],
    ["beauraing", "gedinne", "0733", "bouillon"],
    ["libramont", "1036", "bouillon"],
    ["neufchateau", "1538", "florenville", "1142"],  # to Carignan
    ["florenville", "0839", "sedan"],
    # Bastogne, Luxembourg
    ["bastogne", "2428", "2527", "marnach", "clervaux"],  # by Longvilly
    ["marnach", "dasburg", "3226", "daleiden", "3524", "prum"],
    ["bastogne", "2330", "wiltz", "2731", "2833", "ettelbruck"],
    ["wiltz", "2629", "2728", "hosingen", "marnach"],
    ["hosingen", "3030", "vianden", "diekirch"],
    ["martelange", "2537", "mersch"],
    ["esch_sure", "2833"],
    ["diekirch", "3335", "beaufort", "echternach"],
    ["wallendorf", "3334", "3335"],
    ["echternach", "3638", "3739", "wasserbillig", "3940", "4039"],  # to Trier
    ["wasserbillig", "3641", "luxembourg"],
    # Germany
    ["vianden", "3331", "3431", "neuerburg", "3529", "3729", "bitburg"],
    ["neuerburg", "daleiden"],
    ["wallendorf", "3532", "3631", "3729"],
    ["prum", "3823", "3826", "3928", "bitburg"],
]

# --- West Wall: the hand-drawn northern chain (hex waypoints) --------------------------------------------------
WEST_WALL_NORTH = ["3001", "3104", "3305", "3406", "3507", "3509", "3611", "3513", "3514", "losheim",
                   "3617", "3619", "3620", "3521", "3422", "3323", "3223"]
# where the border follows a river, the West Wall hexes are the German bank: (river, first path hex, last)
WEST_WALL_RIVERS = [("our", "3123", "3334"), ("sure", "3335", "wasserbillig"), ("moselle", "3742", "wasserbillig")]

# --- entry hexes: code -> (hex, side, code letter, colour, where the road goes) ------------------------------
ENTRIES: dict[str, tuple[str, str, str, str | None, str]] = {
    "E1": ("4008", "german", "E", None, "Schleiden–Gemünd (Eifel), behind Kesternich/Monschau"),
    "E2": ("4016", "german", "E", None, "Stadtkyll road to Losheim"),
    "E3": ("4021", "german", "E", None, "Prüm road (Koblenz)"),
    "E4": ("4030", "german", "E", None, "Bitburg road (Wittlich)"),
    "E5": ("4039", "german", "E", None, "Trier road by Wasserbillig"),
    "N1": ("2801", "allied", "N", "orange", "Eupen–Aachen main road"),
    "N2": ("2401", "allied", "N", "yellow", "Verviers–Herve road"),
    "NW1": ("1801", "allied", "NW", "orange", "Liège–Maastricht/Tongeren main road"),
    "NW2": ("0301", "allied", "NW", "orange", "Namur–Brussels main road"),
    "W1": ("0119", "allied", "W", "yellow", "Dinant–Philippeville road"),
    "SW1": ("0140", "allied", "SW", "orange", "Sedan–Charleville–Reims main road"),
    "SW2": ("1142", "allied", "SW", "yellow", "Florenville–Carignan road"),
    "S1": ("2342", "allied", "S", "orange", "Arlon–Longwy main road"),
    "S2": ("3042", "allied", "S", "orange", "Luxembourg–Thionville main road"),
}

# --- army lines: chains of hex waypoints from the east edge to their printed western end -------------------
ARMY_LINES: dict[str, list[str]] = {
    "6SS/5Pz": ["4017", "3617", "3317", "2917", "2617", "2116", "1512", "1109"],
    "5Pz/7": ["4031", "3431"],
}

# --- zones ---------------------------------------------------------------------------------------------------
GERMAN_ZONE_ROWS = {"army:6SS": (1, 17), "army:5Pz": (17, 31), "army:7": (31, 42)}
# US division operation zones: Allied hexes within US_ZONE_DEPTH of the West Wall, in these rows
US_ZONE_DEPTH = 4
US_ZONE_ROWS = {
    "division:US-9": (1, 8),     # Monschau–Höfen and the Kesternich front (the digest's "9th Infantry Division")
    "division:US-99": (7, 15),   # Höfen to Losheimergraben and the Losheim Gap
    "division:US-2": (9, 13),    # Elsenborn–Krinkelt–Rocherath–Wahlerscheid, inside the 99th's sector
    "division:US-106": (15, 23),  # Schnee Eifel, Winterspelt, to Lützkampen
    "division:US-28": (23, 33),  # the Our from Ouren to Wallendorf, Clervaux, Wiltz, Diekirch
    "division:US-4": (33, 42),   # the Sauer from Beaufort/Echternach to the Moselle
}

# --- terrain -----------------------------------------------------------------------------------------------
# Polygons in hex space: x = column (+0.5 on odd rows), y = row. Applied in order; later rules win.
# "h/f" paints hills or light forest by the smooth pattern ``_pattern``; "F/h" deep forest or hills, etc.
Poly = list[tuple[float, float]]
TERRAIN_RULES: list[tuple[str, str, Poly]] = [
    # the Ardennes-Eifel upland, from the lower left of the map to the upper right (§3.1): hills and woods
    ("upland", "h/f", [(0, 26), (6, 24.5), (11, 24.5), (16, 22), (18, 18), (19, 14), (23, 10), (26, 7), (29, 3),
                       (30, 0), (41, 0), (41, 43), (0, 43)]),
    # the Condroz south of the Meuse: open plateaus with some woods
    ("condroz", "./f", [(0, 11), (8, 9), (14, 8.5), (17, 9), (18, 13), (16, 16), (10, 17.5), (0, 17.5)]),
    # the Famenne depression (Givet–Rochefort–Marche–Hotton): open
    ("famenne", ".", [(0, 17.5), (10, 17.5), (16, 16.5), (17.5, 18), (16.5, 20.5), (13, 22.5), (10, 23.5),
                      (5, 24.5), (0, 25)]),
    # the Hesbaye and the Herve plateau north of the Meuse and the Vesdre
    ("hesbaye_herve", ".", [(0, 0), (30, 0), (28.5, 3.5), (26, 5), (22, 6), (19, 7), (14, 8.5), (8, 9), (0, 11)]),
    # the Meuse valley: steep banks (Cole ch. XXII)
    ("meuse_banks", "h", [(0.5, 11), (4, 9.5), (4, 12), (4, 20), (3, 26), (1.5, 26), (1.5, 20), (1, 13)]),
    # the Amblève, Salm and Lienne country north of the Plateau des Tailles: wooded hills
    ("ambleve", "f/h", [(19, 10), (25, 9), (27, 12), (27, 17), (22, 17), (19, 14)]),
    # Hautes Fagnes: bog plateau (hills), the Hertogenwald north of it (deep forest)
    ("fagnes", "h", [(28, 7.5), (31, 7.5), (32, 11), (29, 11), (27.5, 9)]),
    ("hertogenwald", "F", [(26.5, 4.5), (29, 2.5), (31.5, 3), (31.5, 7), (28, 7.3), (26.5, 6.3)]),
    # Hürtgen/Monschau forest (its southern edge) and the Rur–Olef woods
    ("hurtgen", "F", [(31.5, 0), (41, 0), (41, 4), (38, 6.5), (35, 5.5), (33, 3.5)]),
    ("eifel_north", "f/h", [(34, 6), (41, 4), (41, 15), (37, 14), (35, 9)]),
    # the woods along the International Highway: Krinkelt–Rocherath, Losheimergraben, Udenbreth
    ("krinkelt_woods", "F", [(33.5, 8.5), (35.5, 8.5), (36, 13.5), (34.5, 15), (33.6, 13)]),
    # Elsenborn ridge: open high ground
    ("elsenborn", "h", [(31, 10.5), (33.2, 10.5), (33.2, 12.4), (31, 12.4)]),
    # Schnee Eifel: the forested ridge
    ("schnee_eifel", "F", [(35, 16.6), (37.5, 16), (38.5, 17.5), (37, 22.5), (35, 21.5)]),
    # Plateau des Tailles (Baraque de Fraiture 652 m)
    ("tailles", "f/h", [(19.5, 18.5), (24, 18.5), (24.5, 23), (20, 23)]),
    # the Ourthe gorges around La Roche
    ("ourthe_gorge", "F/f", [(17, 20.5), (21, 20.5), (22.5, 24.5), (19, 25), (17, 23)]),
    # Forest of St-Hubert and its continuation east to Amberloup and south to Libramont (deep)
    ("st_hubert", "F", [(11, 25), (16, 24.5), (18.5, 27), (18, 31), (15.5, 31.5), (13, 30.5), (10.5, 28)]),
    # the French-Belgian border forests (Croix-Scaille, Semois): deep and light
    ("semois", "F/f", [(0, 28), (9, 28), (11, 32), (11, 38.5), (8, 39), (3, 38.5), (0, 37)]),
    # Sedan and the Meuse valley in France: open hills
    ("sedan", "h", [(0, 39), (10, 39.5), (12, 43), (0, 43)]),
    # Bastogne plateau: open high ground
    ("bastogne", "h/.", [(19, 26), (24.5, 26.5), (25, 31), (22.5, 33), (19, 32)]),
    # Forêt d'Anlier
    ("anlier", "F", [(17.5, 34.5), (22, 34), (23.5, 37), (22, 39.7), (19, 39.7), (17, 37.5)]),
    # Arlon: the Lorraine plateau, open
    ("arlon", ".", [(21.5, 39.8), (27, 38.5), (29, 43), (21, 43)]),
    # the Ösling (northern Luxembourg): deep forest in the gorges, hills on the plateaus
    ("osling", "F/h", [(23.5, 24), (29.5, 22.5), (32, 26), (33.5, 30), (33, 33.5), (29, 34), (25, 33.5),
                       (24, 30)]),
    # the Gutland (southern Luxembourg): open farmland with woods
    ("gutland", "./f", [(25, 35.5), (33, 34.5), (38, 37), (39, 43), (27, 43), (25, 39)]),
    # Müllerthal: the gorge west of Echternach
    ("mullerthal", "F", [(33.5, 35.3), (36, 35.3), (36.8, 37.5), (35.6, 39.3), (33.5, 38)]),
    # Eifel south: the Ferschweiler plateau and the Bitburg land (woods and hills)
    ("eifel_south", "f/h", [(34, 29), (41, 28), (41, 41), (38.5, 38), (36.5, 34), (34, 33)]),
]

# single hexes that the rules or the history pin down
TERRAIN_OVERRIDES: dict[str, str] = {
    "3734": "f",   # §3.3(7): light forest with a road to 3735
    "2730": "F",   # §8.3(4) example: deep forest across the Wiltz from 2731
    "2129": "h",   # Bastogne on its hills
    "3018": "h",   # St. Vith
    "3211": "h", "3212": "h",  # Elsenborn ridge
}
# cities of the Meuse valley and the Famenne/Condroz towns are clear
CLEAR_PLACES = ["liege", "huy", "namur", "dinant", "givet", "andenne", "ciney", "marche", "rochefort", "havelange",
                "celles", "hotton", "verviers", "sedan", "arlon", "luxembourg", "mersch", "ettelbruck", "diekirch"]


# ============================================================================================================
def _centre(hex_id: str) -> tuple[float, float]:
    c, r = GRID.parse(hex_id)
    return (c + (0.5 if r % 2 == 1 else 0.0), float(r))


def _inside(pt: tuple[float, float], poly: Poly) -> bool:
    x, y = pt
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _pattern(hex_id: str) -> float:
    """A smooth, deterministic 0..1 field: woods and open ground in patches a few hexes wide."""
    x, y = _centre(hex_id)
    v = (math.sin(0.83 * x + 1.3) * math.cos(0.71 * y + 0.4) + math.sin(0.37 * x - 0.53 * y + 2.1)
         + 0.5 * math.sin(1.7 * x + 1.1 * y))
    return (v + 2.5) / 5.0


def _paint(spec: str, hex_id: str) -> str:
    if "/" not in spec:
        return spec
    a, b = spec.split("/")
    return a if _pattern(hex_id) >= 0.5 else b


def place_hexes() -> dict[str, str]:
    out: dict[str, str] = {}
    for key, (_en, _ja, _kind, lat, lon, override) in PLACES.items():
        h = override or to_hex(lat, lon)
        if h in out.values():
            other = next(k for k, v in out.items() if v == h)
            raise ValueError(f"{key} and {other} share hex {h}")
        out[key] = h
    return out


def _resolve(wp: str, places: dict[str, str]) -> str:
    if wp in places:
        return places[wp]
    if "," in wp:
        lat, lon = (float(v) for v in wp.split(","))
        return to_hex(lat, lon)
    if not GRID.contains(wp):
        raise ValueError(f"unknown waypoint {wp!r}")
    return wp


def chain(waypoints: Iterable[str], places: dict[str, str]) -> list[str]:
    """Waypoints joined by straight hex lines: consecutive hexes are adjacent."""
    out: list[str] = []
    for wp in waypoints:
        h = _resolve(wp, places)
        if not out:
            out.append(h)
            continue
        for step in GRID.line(out[-1], h)[1:]:
            out.append(step)
    # drop immediate returns (a, b, a) and doubled hexes
    cleaned: list[str] = []
    for h in out:
        if cleaned and cleaned[-1] == h:
            continue
        if len(cleaned) >= 2 and cleaned[-2] == h:
            cleaned.pop()
            continue
        cleaned.append(h)
    return cleaned


def _smooth(path: list[str], keep: set[str]) -> list[str]:
    """Remove hexes that make a 120-degree turn (a, b, c with a adjacent to c), except waypoints in ``keep``."""
    changed = True
    while changed:
        changed = False
        for i in range(1, len(path) - 1):
            if path[i] not in keep and GRID.is_adjacent(path[i - 1], path[i + 1]):
                del path[i]
                changed = True
                break
    return path


def _direction(a: str, b: str) -> int:
    ca, cb = GRID.to_cube(a), GRID.to_cube(b)
    d = (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2])
    return _DIRS.index(d)


def _neighbour(h: str, d: int) -> str | None:
    c = GRID.to_cube(h)
    dq, dr, ds = _DIRS[d % 6]
    n = GRID.from_cube((c[0] + dq, c[1] + dr, c[2] + ds))
    return n if GRID.contains(n) else None


def bank_sides(path: list[str], bank: str) -> list[tuple[str, str]]:
    """The hexsides along one bank of a hex path: a continuous line of sides, in downstream order."""
    sides: list[tuple[str, str]] = []
    step = 1 if bank == "right" else -1
    for i, h in enumerate(path):
        fwd = _direction(h, path[i + 1]) if i + 1 < len(path) else None
        back = _direction(h, path[i - 1]) if i > 0 else None
        if fwd is None and back is None:
            continue
        if fwd is None:
            assert back is not None
            dirs = [back - step]
        elif back is None:
            dirs = [fwd + step]
        else:
            dirs = []
            d = fwd + step
            while d % 6 != back % 6:
                dirs.append(d)
                d += step
        for d in dirs:
            n = _neighbour(h, d)
            if n is not None and n not in path:
                sides.append((h, n))
    return sides


def river_paths(places: dict[str, str]) -> dict[str, list[str]]:
    return {key: _smooth(chain(wps, places), {_resolve(w, places) for w in wps if w in places})
            for key, _en, _ja, _bank, wps, _major in RIVERS}


def build() -> tuple[str, dict[str, object]]:
    places = place_hexes()
    # --- rivers ---
    named_rivers: dict[str, dict[str, object]] = {}
    rivers: list[list[str]] = []
    majors: list[list[str]] = []
    seen: set[tuple[str, str]] = set()
    paths = river_paths(places)
    for key, en, ja, bank, wps, major in RIVERS:
        path = paths[key]
        sides = bank_sides(path, bank)
        major_hexes: set[str] = set()
        if major is not None:
            first = _resolve(wps[major[0]], places)
            last = _resolve(wps[major[1]], places)
            major_hexes = set(path[path.index(first): path.index(last) + 1])
        entry_sides: list[list[str]] = []
        entry_major: list[list[str]] = []
        for h, n in sides:
            pair = (min(h, n), max(h, n))
            is_major = h in major_hexes
            if pair in seen:
                continue
            seen.add(pair)
            (entry_major if is_major else entry_sides).append([h, n])
            (majors if is_major else rivers).append([h, n])
        named_rivers[key] = {"name": {"en": en, "ja": ja}, "hexsides": entry_sides, "major_hexsides": entry_major}

    # --- West Wall and Germany ---
    segments = [chain(WEST_WALL_NORTH, places)]
    banks = {key: bank for key, _en, _ja, bank, _w, _m in RIVERS}
    for key, first, last in WEST_WALL_RIVERS:
        path = paths[key]
        part = path[path.index(_resolve(first, places)): path.index(_resolve(last, places)) + 1]
        segments.append([n for _h, n in bank_sides(part, banks[key])])
    west_wall = sorted({h for seg in segments for h in seg})
    ww = set(west_wall)
    germany: set[str] = set()
    queue = deque(GRID.label(COLS, r) for r in range(1, ROWS + 1))
    queue = deque(h for h in queue if h not in ww)
    germany.update(queue)
    while queue:
        h = queue.popleft()
        for n in GRID.neighbours(h):
            if n not in ww and n not in germany:
                germany.add(n)
                queue.append(n)
    if any(GRID.parse(h)[0] == 1 for h in germany):
        raise ValueError("the West Wall does not close: Germany leaks to the west edge")

    # --- terrain ---
    terrain: dict[str, str] = {}
    for h in GRID.all_hexes():
        t = "."
        pt = _centre(h)
        for _name, spec, poly in TERRAIN_RULES:
            if _inside(pt, poly):
                t = _paint(spec, h)
        terrain[h] = t
    for key in CLEAR_PLACES:
        terrain[places[key]] = "."
    terrain.update(TERRAIN_OVERRIDES)
    lines = ["# バルジ大作戦 terrain: rows 01..42 (north to south), columns 01..40 (west to east).",
             "# . clear  h hills  f light forest  F deep forest.  Generated by server/games/bulge/tools/make_map.py"]
    for r in range(1, ROWS + 1):
        lines.append("".join(terrain[GRID.label(c, r)] for c in range(1, COLS + 1)))
    terrain_txt = "\n".join(lines) + "\n"

    # --- roads ---
    roads = [chain(r, places) for r in ROADS]
    main_roads = [chain(r, places) for r in MAIN_ROADS]
    road_hexes = {h for r in roads + main_roads for h in r}
    missing = [k for k, h in places.items() if h not in road_hexes]
    if missing:
        raise ValueError(f"places off the road net: {missing}")

    # --- entries ---
    entries: dict[str, dict[str, str]] = {}
    for code, (h, side, letter, colour, _note) in ENTRIES.items():
        if h not in road_hexes:
            raise ValueError(f"entry {code} {h} is not on a road")
        e = {"hex": h, "side": side, "code": letter}
        if colour:
            e["colour"] = colour
        entries[code] = e

    # --- army lines and zones ---
    army_lines = {name: chain(wps, places) for name, wps in ARMY_LINES.items()}
    zones: dict[str, list[str]] = {}
    for name, (r0, r1) in GERMAN_ZONE_ROWS.items():
        zones[name] = sorted(h for h in germany if r0 <= GRID.parse(h)[1] <= r1)
    dist: dict[str, int] = dict.fromkeys(ww, 0)
    queue = deque(sorted(ww))
    while queue:
        h = queue.popleft()
        for n in GRID.neighbours(h):
            if n not in dist and n not in germany:
                dist[n] = dist[h] + 1
                queue.append(n)
    for name, (r0, r1) in US_ZONE_ROWS.items():
        zones[name] = sorted(h for h, d in dist.items()
                             if 1 <= d <= US_ZONE_DEPTH and r0 <= GRID.parse(h)[1] <= r1)

    data: dict[str, object] = {
        "grid": {"cols": COLS, "rows": ROWS, "top": "pointy", "shift": "odd"},
        "places": {places[k]: {"name": {"en": en, "ja": ja}, "kind": kind, "key": k}
                   for k, (en, ja, kind, _la, _lo, _o) in sorted(PLACES.items(), key=lambda kv: places[kv[0]])},
        "rivers": rivers,
        "major_rivers": majors,
        "named_rivers": named_rivers,
        "roads": roads,
        "main_roads": main_roads,
        "west_wall": sorted(ww),
        "germany": sorted(germany),
        "entries": entries,
        "army_lines": army_lines,
        "zones": zones,
    }
    return terrain_txt, data


def dump_json(data: dict[str, object]) -> str:
    """Stable JSON with one line per place, hexside, road, zone or entry."""
    def one(v: object) -> str:
        return json.dumps(v, ensure_ascii=False)

    parts: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict) and key != "grid":
            inner = ",\n".join(f"    {one(k)}: {one(v)}" for k, v in value.items())
            parts.append(f"  {one(key)}: {{\n{inner}\n  }}")
        elif isinstance(value, list) and value and isinstance(value[0], list):
            inner = ",\n".join(f"    {one(v)}" for v in value)
            parts.append(f"  {one(key)}: [\n{inner}\n  ]")
        else:
            parts.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv: list[str]) -> None:
    out_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "server" / "games" / "bulge" / "data"
    out_dir.mkdir(parents=True, exist_ok=True)
    terrain_txt, data = build()
    (out_dir / "terrain.txt").write_text(terrain_txt, encoding="utf-8")
    (out_dir / "map.json").write_text(dump_json(data), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv)
