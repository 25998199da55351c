"""Generate ``setup.json``: the historical set-up of 16 December 1944 (§9.1–§9.2), from ``counters.json``.

Usage: ``python server/games/bulge/tools/make_setup.py [DATA_DIR]``. Deterministic.

Every unit with ``"entry": null`` is placed. Each division has an anchor hex (its historical sector, history/bulge.md
§1.1–§1.2); a unit whose designation names a regiment with a known position goes there; the others take the
nearest legal hex to the anchor: inside the division's zone (German army zone east of the West Wall; US division
operation zone), never in a West Wall hex, within the stacking rules (3 per hex; Germans: one army per hex, one
division per functional colour; US: no stacking except the 2nd ID and the 9th Armored's own units).
"""

from __future__ import annotations

import json
import re
import sys
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.hexgrid import HexGrid  # noqa: E402

GRID = HexGrid(cols=40, rows=42, top="pointy", shift="odd")

# division (as in counters.json, normalised: upper case, no spaces/dots) -> anchor hex [history §1.1-1.2]
GERMAN_ANCHORS: dict[str, str] = {
    "272VG": "3606", "272VGD": "3606",          # Kesternich
    "326VG": "3708", "326VGD": "3708",          # Monschau–Höfen front
    "277VG": "3711", "277VGD": "3711",          # Hollerath
    "12VG": "3613", "12VGD": "3613",            # Losheimergraben
    "3FJ": "3616", "3FJD": "3616",            # Lanzerath–Manderfeld (Losheim Gap)
    "1SS": "3715", "12SS": "3712",            # I SS Pz Corps behind the infantry
    "2SS": "3911", "9SS": "3913",             # II SS Pz Corps, second echelon
    "3PZG": "3909", "3PG": "3909", "3PZGD": "3909",  # army reserve
    "18VG": "3718", "18VGD": "3718",            # north of the Schnee Eifel
    "62VG": "3722", "62VGD": "3722",            # Winterspelt
    "116PZ": "3424", "116PZD": "3424",           # Ouren–Burg-Reuland
    "560VG": "3325", "560VGD": "3325",          # Kalborn
    "2PZ": "3227", "2PZD": "3227",               # Dasburg
    "PZL": "3229", "PZLEHR": "3229", "PL": "3229", "LEHR": "3229",  # Gemünd
    "26VG": "3330", "26VGD": "3330",            # behind Pz Lehr
    "5FJ": "3331", "5FJD": "3331",            # Stolzembourg–Vianden
    "352VG": "3433", "352VGD": "3433",          # Vianden–Wallendorf
    "276VG": "3634", "276VGD": "3634",          # Wallendorf–Bollendorf
    "212VG": "3835", "212VGD": "3835",          # Echternach
}
ARMY_ANCHORS = {"6SS": "3812", "5Pz": "3524", "7": "3634", "white": "3820"}

US_ANCHORS: dict[str, str] = {
    "US-99": "3412", "99": "3412", "US-2": "3411", "2": "3411", "US-106": "3519", "106": "3519",
    "US-28": "2927", "28": "2927", "US-4": "3737", "4": "3737", "US-9": "3308", "9": "3308",
}
# regiment number -> hex (history §1.2)
US_REGIMENTS: dict[str, str] = {
    "393": "3412", "394": "3414", "395": "3208",             # 99 ID: Krinkelt, Losheimergraben, Höfen
    "9": "3410", "23": "3311", "38": "3411",                 # 2 ID: Wahlerscheid attack, Elsenborn, Rocherath
    "422": "3519", "423": "3520", "424": "3321",             # 106 ID: Schnee Eifel, Winterspelt
    "112": "3124", "110": "2927", "109": "3132",             # 28 ID: Ouren, Clervaux–Marnach, Vianden
    "12": "3736", "8": "3838", "22": "3839",                 # 4 ID: Echternach, on to the Moselle
    "39": "3308", "47": "3206", "60": "3105",                # "9th Infantry Division": Monschau, Kesternich front
}
US_MAX_DISTANCE = 2  # §9.1 "within [1/2] hexes" of the West Wall (AMB-5): 2, or a city within 5
CAV_14_HEX = "3516"  # Manderfeld, adjacent to the West Wall at Losheim, in the 106th's zone
ARMOURED_9 = {"CCA": "2935", "CCB": "2813", "CCR": "2630"}  # Ettelbruck, Malmedy, Wiltz: cities 5+ from the wall


def _norm(s: object) -> str:
    return re.sub(r"[\s.\-_]", "", str(s or "")).upper()


def _is_9ad(u: dict[str, Any]) -> bool:
    d = _norm(u.get("division"))
    formation = json.dumps(u.get("formation", "")).upper()
    return d in ("US9A", "9AD", "US9AD", "9ARMD", "US9ARMD") or "9TH ARMORED" in formation


def _is_14cav(u: dict[str, Any]) -> bool:
    text = (_norm(u.get("designation")) + _norm(u.get("division")) + _norm(u.get("formation", {}).get("en"))
            if isinstance(u.get("formation"), dict) else _norm(u.get("designation")) + _norm(u.get("division")))
    return "14" in text and "CAV" in text


def build(data_dir: Path) -> dict[str, dict[str, str]]:
    m = json.loads((data_dir / "map.json").read_text(encoding="utf-8"))
    units: dict[str, dict[str, Any]] = json.loads((data_dir / "counters.json").read_text(encoding="utf-8"))["units"]
    ww, germany = set(m["west_wall"]), set(m["germany"])
    zones = {k: set(v) for k, v in m["zones"].items()}
    cities = {h for h, p in m["places"].items() if p["kind"] in ("city", "important", "fortress")}
    dist: dict[str, int] = dict.fromkeys(ww, 0)
    queue = deque(sorted(ww))
    while queue:
        h = queue.popleft()
        for n in GRID.neighbours(h):
            if n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)

    placed: dict[str, dict[str, str]] = {"allied": {}, "german": {}}
    stacks: dict[str, list[str]] = {}

    def legal(uid: str, h: str) -> bool:
        u = units[uid]
        if h in ww or not GRID.contains(h):
            return False
        here = [units[o] for o in stacks.get(h, []) if units[o].get("branch") != "commando"]
        if u.get("branch") == "commando":
            return True
        if len(here) >= 3:
            return False
        if u["side"] == "german":
            if h not in germany:
                return False
            if any(o["side"] != "german" for o in here):
                return False
            armies = {o["army"] for o in here} | {u["army"]}
            if len(armies - {"white"}) > 1:
                return False
            for o in here:
                if o["functional"] == u["functional"] and (o["division"] or id(o)) != (u["division"] or id(u)):
                    return False
            return True
        if h in germany or any(o["side"] != "allied" for o in here):
            return False
        if here:
            same = {_norm(o["division"]) for o in here} | {_norm(u["division"])}
            ok_2 = same <= {"US2", "2"}
            ok_9ad = all(_is_9ad(o) for o in here) and _is_9ad(u)
            return ok_2 or ok_9ad
        return True

    def zone_of(uid: str) -> set[str] | None:
        u = units[uid]
        if u["side"] == "german":
            return zones.get(f"army:{u['army']}", germany)
        div = _norm(u.get("division"))
        for key in (f"division:US-{div.removeprefix('US')}", f"division:{u.get('division')}"):
            if key in zones:
                near = {h for h in zones[key] if dist.get(h, 99) <= US_MAX_DISTANCE}
                return near | {c for c in cities if dist.get(c, 99) <= 5 and c not in germany}
        return None

    def put(uid: str, h: str) -> None:
        placed[units[uid]["side"]][uid] = h
        stacks.setdefault(h, []).append(uid)

    def nearest(uid: str, anchor: str, zone: set[str] | None) -> str:
        best: tuple[float, str] | None = None
        for h in [anchor, *GRID.within(anchor, 8)]:
            if zone is not None and h not in zone:
                continue
            if not legal(uid, h):
                continue
            score = GRID.distance(anchor, h) + 1.5 * len(stacks.get(h, []))
            if best is None or (score, h) < best:
                best = (score, h)
        if best is None:
            raise ValueError(f"no legal set-up hex for {uid} near {anchor}")
        return best[1]

    todo = sorted(u for u, c in units.items() if c.get("entry") is None)
    # the special cases first: 14th Cavalry alone next to the wall, the 9th Armored in cities
    for uid in todo:
        u = units[uid]
        if u["side"] == "allied" and _is_14cav(u):
            put(uid, CAV_14_HEX)
    for uid in todo:
        u = units[uid]
        if u["side"] == "allied" and _is_9ad(u) and uid not in placed["allied"]:
            key = next((k for k in ARMOURED_9 if k in _norm(u.get("designation")) + _norm(uid)), None)
            target = ARMOURED_9[key] if key else "2939"
            if not legal(uid, target):
                target = next(c for c in sorted(cities) if dist.get(c, 0) >= 5 and c not in germany and legal(uid, c))
            put(uid, target)
    for uid in todo:
        u = units[uid]
        if uid in placed[u["side"]]:
            continue
        zone = zone_of(uid)
        if u["side"] == "german":
            anchor = GERMAN_ANCHORS.get(_norm(u.get("division")),
                                        ARMY_ANCHORS.get(str(u.get("army")), "3820"))
        else:
            nums = re.findall(r"\d+", str(u.get("designation", "")))
            anchor = next((US_REGIMENTS[n] for n in nums if n in US_REGIMENTS), None) or \
                US_ANCHORS.get(_norm(u.get("division")).removeprefix("US"), "3018")
        put(uid, nearest(uid, anchor, zone))
    return {side: dict(sorted(table.items())) for side, table in placed.items()}


def main(argv: list[str]) -> None:
    data_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "server" / "games" / "bulge" / "data"
    setup = build(data_dir)
    text = "{\n" + ",\n".join(
        f'  "{side}": {{\n' + ",\n".join(f'    "{u}": "{h}"' for u, h in table.items()) + "\n  }"
        for side, table in setup.items()) + "\n}\n"
    (data_dir / "setup.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv)
