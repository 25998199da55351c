"""Build ``data/counters.json``, ``data/tables.json`` and ``data/messages.json`` for LZ Albany.

Run from the repository root after ``build_map.py`` (area names are read from ``data/map.json``):

    python server/games/lz_albany/tools/build_data.py

The dictionaries below are the source of truth; every value is either cited to the rules digest
(``shared/rules/lz_albany.md``, §n) or reconstructed with its reason in ``PROVENANCE.md``.
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"

# --- counters ---------------------------------------------------------------------------------
# Values "fire-melee": full / reduced (history §F proposal; R9 example: US rifle fire 2, mortar 1).
V = {
    "us_rifle": ({"fire": 2, "melee": 2}, {"fire": 1, "melee": 1}),
    "us_weapons": ({"fire": 3, "melee": 2}, {"fire": 2, "melee": 1}),
    "us_mortar": ({"fire": 1, "melee": 1}, {"fire": 1, "melee": 0}),
    "us_mortar81": ({"fire": 2, "melee": 1}, {"fire": 1, "melee": 0}),
    "us_hhc": ({"fire": 1, "melee": 1}, {"fire": 1, "melee": 0}),
    "us_art": ({"fire": 3, "melee": 0}, {"fire": 1, "melee": 0}),
    "nva66_rifle": ({"fire": 2, "melee": 3}, {"fire": 1, "melee": 2}),
    "nva33_rifle": ({"fire": 2, "melee": 2}, {"fire": 1, "melee": 1}),
    "nva_mg": ({"fire": 3, "melee": 2}, {"fire": 2, "melee": 1}),
    "nva_mortar": ({"fire": 2, "melee": 1}, {"fire": 1, "melee": 0}),
    "nva_hq": ({"fire": 1, "melee": 1}, {"fire": 1, "melee": 0}),
}
ORD = {1: ("1st", "第1"), 2: ("2nd", "第2"), 3: ("3rd", "第3"), 4: ("4th", "第4")}


def unit(side, group, formation, utype, values, name_en, name_ja, short, setup, turn, hist=None, **extra):
    full, reduced = V[values] if values else (None, None)
    officer = utype in ("officer", "senior_officer")
    return {
        "side": side, "group": group, "formation": formation, "type": utype,
        "combat": not officer, "infantry": utype in ("rifle", "weapons", "recon", "hq"),
        "stacks": not officer, "moves": utype != "artillery",
        "full": full, "reduced": reduced,
        "name": {"en": name_en, "ja": name_ja}, "short": short,
        "setup": setup, "entry_turn": turn, "historical_area": hist, **extra,
    }


def us_company(cid, bn, group, setup, turn, commander, places=None):
    """A US rifle company: commander, 1st-3rd rifle platoons, 4th (weapons) platoon, mortar (6 counters)."""
    places = places or {}
    f = f"{cid}/{bn}"
    key = f"US-{cid}{bn.replace('-', '')}"
    out = {f"{key}-CO": unit("us", group, f, "officer", None, f"{commander[0]} ({f} commander)",
                             f"{commander[1]}({f}中隊長)", f"CO {f}", setup, turn, places.get("CO"),
                             person=commander[0])}
    for n in (1, 2, 3):
        out[f"{key}-{n}"] = unit("us", group, f, "rifle", "us_rifle", f"{ORD[n][0]} Platoon, {f}",
                                 f"{f} {ORD[n][1]}小隊", f"{n}/{f}", setup, turn, places.get(str(n)))
    out[f"{key}-4"] = unit("us", group, f, "weapons", "us_weapons", f"4th (Weapons) Platoon, {f}",
                           f"{f} 第4(火器)小隊", f"4/{f}", setup, turn, places.get("4"))
    out[f"{key}-MTR"] = unit("us", group, f, "mortar", "us_mortar", f"Mortar section, {f}",
                             f"{f} 迫撃砲班", f"Mtr {f}", setup, turn, places.get("MTR"))
    return out


def counters() -> dict:
    u: dict[str, dict] = {}
    u["US-MCDADE"] = unit("us", None, "2-7", "senior_officer", None, "Lt Col Robert McDade",
                          "ロバート・マクデイド中佐", "McDade", "us_setup", 1, "LZ_ALBANY", person="Robert McDade")
    u |= us_company("A", "2-7", "27ab", "us_setup", 1, ("Capt. Joel Sugdinis", "ジョエル・サグディニス大尉"),
                    {"CO": "LZ_ALBANY", "1": "N1", "2": "S1", "3": "LZ_ALBANY", "4": "LZ_ALBANY", "MTR": "S1"})
    u |= us_company("C", "2-7", "27cd", "us_setup", 1,
                    ("Capt. John \"Skip\" Fesmire", "ジョン・\"スキップ\"・フェスマイア大尉"),
                    {"CO": "LZ_ALBANY", "1": "T3", "2": "T3", "3": "T3", "4": "T4", "MTR": "T4"})
    d = "D/2-7"
    u["US-D27-CO"] = unit("us", "27cd", d, "officer", None, "Capt. Henry Thorpe (D/2-7 commander)",
                          "ヘンリー・ソープ大尉(D/2-7中隊長)", "CO D/2-7", "us_setup", 1, "LZ_ALBANY",
                          person="Henry Thorpe")
    u["US-D27-RCN"] = unit("us", "27cd", d, "recon", "us_rifle", "Recon Platoon (Lt. Pat Payne), 2-7",
                           "2-7 偵察小隊(ペイン中尉)", "Rcn 2-7", "us_setup", 1, "LZ_ALBANY")
    u["US-D27-MG"] = unit("us", "27cd", d, "weapons", "us_weapons", "Machine-gun platoon, D/2-7",
                          "D/2-7 機関銃小隊", "MG D/2-7", "us_setup", 1, "T2")
    for n in (1, 2):
        u[f"US-D27-MTR{n}"] = unit("us", "27cd", d, "mortar", "us_mortar81", f"81 mm mortars ({n}), D/2-7",
                                   f"D/2-7 81mm迫撃砲({n})", f"81mm-{n} D/2-7", "us_setup", 1, "T2")
    u["US-D27-HHC"] = unit("us", "27cd", d, "hq", "us_hhc", "HHC element, 2-7 (staff, signal, medics)",
                           "2-7 本部中隊(幕僚・通信・衛生)", "HHC 2-7", "us_setup", 1, "T5")
    u |= us_company("B", "2-7", "27ab", "b27_entry", 2, ("Capt. Myron Diduryk", "マイロン・ディドゥリク大尉"))
    u |= us_company("A", "1-5", "15", "LZ_COLUMBUS", 6, ("Capt. George Forrest", "ジョージ・フォレスト大尉"))
    u |= us_company("B", "1-5", "15", "LZ_COLUMBUS", 7, ("Capt. Walter B. Tully", "ウォルター・B・タリー大尉"),
                    None)
    for k in [k for k in u if k.startswith("US-B15")]:
        u[k]["airlift_option"] = True
    for n, (bty, half) in enumerate((("B/1-21", 1), ("B/1-21", 2), ("C/2-17", 1), ("C/2-17", 2)), 1):
        u[f"US-ART-{n}"] = unit("us", None, bty, "artillery", "us_art", f"{bty} Artillery, section {half} (105 mm)",
                                f"{bty}砲兵 第{half}分隊(105mm)", f"Art {bty}-{half}", "LZ_COLUMBUS", 2)
    # NVA
    u["NVA-AN"] = unit("nva", None, "B3", "senior_officer", None, "Sr Lt Col Nguyễn Hữu An",
                       "グエン・フー・アン上級中佐", "An", "nva_setup", 1, "N2", person="Nguyễn Hữu An")
    u["NVA-BAMAN"] = unit("nva", None, "B3", "senior_officer", None, "Commander Ba Man",
                          "指揮官 バ・マン", "Ba Man", "nva_setup", 1, "R1", person="Ba Man", vp_commander=True)
    for c, area in ((1, "N0"), (2, "S2")):
        f = f"{c}/1/33"
        u[f"NVA-33-C{c}-CO"] = unit("nva", "33", "1/33", "officer", None, f"Commander, {ORD[c][0]} Company 1/33",
                                    f"1/33 {ORD[c][1]}中隊長", f"CO {f}", "nva_setup", 1, area)
        for p in (1, 2, 3):
            u[f"NVA-33-C{c}-{p}"] = unit("nva", "33", "1/33", "rifle", "nva33_rifle",
                                         f"{ORD[p][0]} Platoon, {ORD[c][0]} Company 1/33",
                                         f"1/33 {ORD[c][1]}中隊 {ORD[p][1]}小隊", f"{p}/{f}", "nva_setup", 1, area)
    u["NVA-33-MTR"] = unit("nva", "33", "1/33", "mortar", "nva_mortar", "Mortars (82 mm), 1/33",
                           "1/33 迫撃砲(82mm)", "Mtr 1/33", "nva_setup", 1, "R1")
    u["NVA-33-HQ"] = unit("nva", "33", "1/33", "hq", "nva_hq", "HQ, 1/33", "1/33 本部", "HQ 1/33",
                          "nva_setup", 1, "R1")
    for c, area in ((6, "N2"), (7, "N3"), (8, "N4")):
        f = f"{c}/8/66"
        u[f"NVA-66-C{c}-CO"] = unit("nva", "66a", "8/66", "officer", None, f"Commander, {c}th Company 8/66",
                                    f"8/66 第{c}中隊長", f"CO {f}", "nva_setup", 1, area)
        for p in (1, 2, 3):
            u[f"NVA-66-C{c}-{p}"] = unit("nva", "66a", "8/66", "rifle", "nva66_rifle",
                                         f"{ORD[p][0]} Platoon, {c}th Company 8/66",
                                         f"8/66 第{c}中隊 {ORD[p][1]}小隊", f"{p}/{f}", "nva_setup", 1,
                                         area if p < 3 or c == 6 else "N5")
    u["NVA-66-PHOI"] = unit("nva", "66b", "8/66", "officer", None, "Lê Xuân Phôi (8/66 commander)",
                            "レ・スアン・フォイ(8/66大隊長)", "Phôi", "nva_entry_2", 2, "R4", person="Lê Xuân Phôi")
    for p, area in ((1, "R2"), (2, "R2")):
        u[f"NVA-66-C10-{p}"] = unit("nva", "66b", "8/66", "rifle", "nva66_rifle",
                                    f"{ORD[p][0]} Platoon, 10th Company 8/66",
                                    f"8/66 第10中隊 {ORD[p][1]}小隊", f"{p}/10/8/66", "nva_entry_2", 2, area)
    u["NVA-66-C10-MG"] = unit("nva", "66b", "8/66", "weapons", "nva_mg", "Machine-gun platoon, 10th Company 8/66",
                              "8/66 第10中隊 機関銃小隊", "MG/10/8/66", "nva_entry_2", 2, "R3")
    u["NVA-66-HQ"] = unit("nva", "66b", "8/66", "hq", "nva_hq", "HQ, 8/66", "8/66 本部", "HQ 8/66",
                          "nva_entry_2", 2, "R4")
    groups = {
        "15": {"side": "us", "name": {"en": "A/1-5 and B/1-5", "ja": "A/1-5・B/1-5"},
               "formations": ["A/1-5", "B/1-5"]},
        "27ab": {"side": "us", "name": {"en": "A/2-7 and B/2-7", "ja": "A/2-7・B/2-7"},
                 "formations": ["A/2-7", "B/2-7"]},
        "27cd": {"side": "us", "name": {"en": "C/2-7 and D/2-7", "ja": "C/2-7・D/2-7"},
                 "formations": ["C/2-7", "D/2-7"]},
        "33": {"side": "nva", "name": {"en": "33 (1, Mtr, HQ)", "ja": "33(1・迫・本部)"}, "formations": ["1/33"]},
        "66a": {"side": "nva", "name": {"en": "66 (6, 7, 8)", "ja": "66(6・7・8)"}, "formations": ["8/66"]},
        "66b": {"side": "nva", "name": {"en": "66 (10, HQ)", "ja": "66(10・本部)"}, "formations": ["8/66"]},
    }
    return {"groups": groups, "units": u}


# --- tables -----------------------------------------------------------------------------------

CHITS = {
    "nva_fm": {"side": "nva", "kind": "fire_move", "name": {"en": "NVA Fire/Move", "ja": "北ベトナム軍射撃/移動"}},
    "nva_adr": {"side": "nva", "kind": "adrenaline",
                "name": {"en": "NVA Adrenaline", "ja": "北ベトナム軍アドレナリン"}},
    "us_fm": {"side": "us", "kind": "fire_move", "name": {"en": "US Fire/Move", "ja": "アメリカ軍射撃/移動"}},
    "us_adr": {"side": "us", "kind": "adrenaline", "name": {"en": "US Adrenaline", "ja": "アメリカ軍アドレナリン"}},
    "us_art": {"side": "us", "kind": "artillery", "name": {"en": "US Artillery", "ja": "アメリカ軍砲兵"}},
    "gunship": {"side": "us", "kind": "gunship", "air": True, "fire": 4, "damaged_fire": 2,
                "name": {"en": "Gunship", "ja": "ガンシップ"}},
    "visibility": {"side": "us", "kind": "visibility", "name": {"en": "Visibility", "ja": "視界"}},
    "skyraider": {"side": "us", "kind": "skyraider", "air": True, "bomb_dice": 6,
                  "name": {"en": "Skyraider", "ja": "スカイレーダー"}},
    "dustoff": {"side": "us", "kind": "dustoff", "air": True, "name": {"en": "Dustoff", "ja": "ダストオフ"}},
}
SCHEDULE = {  # §1.4 / §3.2B, D, F: chits added in the Reinforcement Phase of that turn
    "1": {"nva_fm": 4},
    "2": {"nva_fm": 2, "nva_adr": 1, "us_fm": 4, "us_art": 1},
    "3": {"us_adr": 1},
    "4": {"gunship": 2},
    "5": {"visibility": 1},
    "6": {"us_fm": 2, "skyraider": 1, "dustoff": 1},
}
TIMES = ["13:15", "14:00", "14:45", "15:30", "16:15", "17:00", "17:45", "18:30", "19:15", "20:00", "20:45"]


def tables() -> dict:
    turns = {str(t): {"start": TIMES[t - 1], "end": TIMES[t], "date": "1965-11-17", "night": t >= 9,
                      "reinforcements": {}}
             for t in range(1, 11)}
    return {
        "turns": turns,
        "game": {"turns": 10, "minutes_per_turn": 45, "night_turns": [9, 10], "first_side_event_turn1": "nva",
                 "us_skips_turn1": ["event", "recovery"], "area_width_m": [200, 300], "sides": ["us", "nva"]},
        "chits": CHITS,
        "chit_schedule": SCHEDULE,
        "chit_pool_size": {"nva": {"1": 4, "2": 7}, "us": {"1": 0, "2": 5, "3": 6, "4": 8, "5": 9, "6": 13}},
        "spare_fire_move_chits": {"per_side": 6, "used": False,
                                  "variant_q2": {"nva_start_fm": 6, "us_extra_fm": 6,
                                                 "ignore_after": "4 Fire/Move chits and the Adrenaline are used"}},
        "activation": {"boxes_per_group": 2, "adrenaline_on_activation": 2, "adrenaline_actions": 2,
                       "senior_officer_joins_per_turn": 2, "lone_officer_activations_per_turn": 1},
        "stacking": {"units_per_side": 3, "officers_count": False, "casualties_count": False,
                     "overstack_fire_per_unit_over": -1, "target_concentration_per_unit_over": 1,
                     "overstack_mode": {"default": "units", "options": ["units", "dice"]}},
        "combat": {"hit_on": [6], "officer_bonus": 1, "officer_bonus_units": 1, "jungle_fire_per_unit": -1,
                   "night_dice": -1, "mortar_range": 6, "los_max_areas": 3, "night_los_max_areas": 1,
                   "nva_mortar_friendly_hit_on": [1], "mortar_max_hits_per_unit": 2,
                   "artillery_max_hits_per_us_unit": 2, "artillery_blocked_at_hits": 2},
        "hit_ladder": {
            "max_hits": {"nva": 4, "us": 5},
            "steps": [
                {"hits": 1, "marker": "hit_1", "effect": "needs_officer_to_move", "recoverable": True},
                {"hits": 2, "marker": "hit_2", "effect": "needs_officer_to_move", "recoverable": True},
                {"hits": 3, "marker": None, "effect": "flip_reduced", "recoverable": False,
                 "vp": {"nva_unit": {"us": 1}, "us_unit": {"nva": 2}}},
                {"hits": 4, "marker": None, "effect": "eliminated", "us_becomes": "casualty",
                 "vp": {"nva_unit": {"us": 2}, "us_unit": {"nva": 2}}},
                {"hits": 5, "marker": None, "effect": "casualty_removed", "applies_to": "us_casualty",
                 "vp": {"nva": 2}},
            ],
        },
        "officers": {"damage_check_on": [6], "wounded_at": 1, "killed_at": 2, "bonus": 1, "recover_hits": 1,
                     "flare_range": 1, "targetable_first_hit": {"nva": [1], "us": []}},
        "artillery": {"deviation_on": [1], "on_target": [2, 3, 4, 5, 6], "single_random_target": True,
                      "officer_check": "each", "no_fire_if_columbus_held_by_nva": True},
        "gunship": {"fire": 4, "damaged_fire": 2, "damage_check_on": [6], "damage_check_per": "nva_infantry_unit",
                    "repairs_next_turn": True, "officer_check": "one"},
        "skyraider": {"bomb_dice": 6, "collateral_areas": 1, "collateral_hit_on": [6], "officer_check_bombs": "one",
                      "napalm": {"sets_hits_to": 2, "unaffected_from_hits": 2, "removes_casualties": True,
                                 "officer_check": "each", "collateral_on": [6], "collateral_per": "adjacent_area"}},
        "dustoff": {"capacity": {"jungle": 1, "grass": 2, "lz_albany": 3, "transit": 1, "lz_columbus": 1},
                    "damaged_capacity_minus": 1, "min_capacity": 1, "wounded_officers": "any",
                    "hot_zone_damage_on": [5, 6], "hot_zone_roll_per": "adjacent_nva_unit",
                    "evacuation_vp_us": 2},
        "airlift": {"capacity": {"jungle": 1, "grass": 2, "lz_albany": 3}, "hot_zone_hit_on": [6],
                    "eligible": "held_reinforcements", "no_nva_in_area": True},
        "casualties": {"carry_per_platoon": 1, "night_removal_on": [1, 2, 3],
                       "day_removal": "nva_platoon_and_no_us_platoon", "flare_removal": True},
        "recovery": {"eligible_hits": [1, 2], "without_officer_on": [6], "with_officer_hits": 1,
                     "officer_and_roll": False},
        "night": {"turns": [9, 10], "dice": -1, "los_max_areas": 1, "no_air_or_artillery": True,
                  "us_melee_search_found_on": [1, 2, 3]},
        "flares": {"total": 8, "per_us_fire_move_chit": 2, "placement_range": 1, "removed_in": "admin",
                   "reusable": False},
        "choi_oi": {
            "roll": "1d6", "target": "area_with_enemy_units", "platoon_only": True, "markers_removed_in": "admin",
            "results": {
                "1": {"effect": "marker", "marker": "no_fire", "units": 1, "duration": "turn"},
                "2": {"effect": "marker", "marker": "no_move", "units": 1, "duration": "turn"},
                "3": {"effect": "displace", "units": 1, "to": "adjacent_area", "friendly_required": False},
                "4": {"effect": "marker", "marker": "no_fire_move", "units": 1, "duration": "turn"},
                "5": {"effect": "mortar_misfire", "mortars": 1, "range": 6, "los_required": False,
                      "strength": "fire", "mortar_hit_caps": True},
                "6": {"effect": "friendly_fire", "min_platoons": 2, "platoons": 2, "strength": "fire",
                      "simultaneous": True, "jungle_modifier": False},
            },
        },
        "victory": {
            "nva_retreat_at_us_vp": 30, "nva_automatic_victory_at": 35, "automatic_victory_check": "instant",
            "vp_track": {"min": 0, "max": 50, "cap": False},
            "us": {"ba_man_killed": 2, "nva_unit_eliminated": 2, "nva_unit_reduced": 1, "casualty_evacuated": 2,
                   "lz_albany_control": 2, "nva_retreat": 3},
            "nva": {"mcdade_killed": 2, "us_officer_killed": 1, "us_unit_eliminated": 2, "us_unit_reduced": 2,
                    "casualty_removed": 2, "casualty_on_map_at_end": 1, "air_unit_damaged": 2,
                    "lz_albany_control": 2, "melee_in_lz_columbus": 2},
            "lz_albany_control": {"measure": "melee", "officers_count": False, "at": "game_end"},
            "tie_breaks": ["lz_albany_control", "fewer_officer_losses"],
            "once_per_game": ["nva_retreat", "melee_in_lz_columbus"], "end_only": ["lz_albany_control",
                                                                                 "casualty_on_map_at_end"],
            "retreat_exit_is_elimination": False,
        },
        "terrain": {
            "jungle": {"fire_into_per_unit": -1, "los": "enter_only", "airlift": 1, "dustoff": 1},
            "grass": {"fire_into_per_unit": 0, "los": "clear", "airlift": 2, "dustoff": 2},
            "lz_albany": {"fire_into_per_unit": 0, "los": "clear", "airlift": 3, "dustoff": 3, "vp_control": True},
            "lz_columbus": {"combat": True, "us_artillery_base": True, "stacking_limit": None,
                            "nva_melee_vp": 2, "nva_adrenaline_entry": False, "us_exit_blocked_by_nva": True},
            "transit": {"combat": False, "links": "lz_columbus_and_east_edge"},
        },
        "markers": {
            "binding": False,
            "counts": {"turn": 1, "flare": 8, "vp": 2, "hit_1": 16, "hit_2": 12, "casualty": 20,
                       "no_fire": 2, "no_move": 2, "no_fire_move": 2, "melee": 6},
        },
        "zones": {
            "us_setup": {"side": "us", "turn": 1, "circle": {"fill": "green", "text": "white", "number": 1}},
            "b27_entry": {"side": "us", "turn": 2, "circle": {"fill": "green", "text": None, "number": None},
                          "terrain": "grass"},
            "nva_setup": {"side": "nva", "turn": 1, "circle": {"fill": "tan", "text": "green", "number": 1}},
            "nva_entry_2": {"side": "nva", "turn": 2, "circle": {"fill": "tan", "text": "green", "number": 2}},
        },
    }


def fill_reinforcements(t: dict, c: dict) -> None:
    for uid, u in c["units"].items():
        if u["entry_turn"] > 1:
            t["turns"][str(u["entry_turn"])]["reinforcements"].setdefault(u["side"], []).append(uid)
    for turn, chits in SCHEDULE.items():
        t["turns"][turn]["chits"] = chits


# --- messages ---------------------------------------------------------------------------------

def messages(m: dict, c: dict) -> dict:
    en = {"game.title": "LZ Albany: Ia Drang Valley, 17-18 November 1965", "side.us": "US", "side.nva": "NVA"}
    ja = {"game.title": "LZアルバニー:イアドラン渓谷 1965年11月17-18日",
          "side.us": "アメリカ軍", "side.nva": "北ベトナム軍"}
    for k, a in m["areas"].items():
        en[f"area.{k}"], ja[f"area.{k}"] = a["name"]["en"], a["name"]["ja"]
    for k, u in c["units"].items():
        en[f"counter.{k}"], ja[f"counter.{k}"] = u["name"]["en"], u["name"]["ja"]
    for k, g in c["groups"].items():
        en[f"group.{k}"], ja[f"group.{k}"] = g["name"]["en"], g["name"]["ja"]
    for k, ch in CHITS.items():
        en[f"chit.{k}"], ja[f"chit.{k}"] = ch["name"]["en"], ch["name"]["ja"]
    words = {
        "terrain.jungle": ("Jungle", "ジャングル"), "terrain.grass": ("Tall grass", "草地"),
        "terrain.lz_albany": ("LZ Albany (clearing)", "LZアルバニー(空地)"),
        "terrain.lz_columbus": ("LZ Columbus (base)", "LZコロンバス(基地)"),
        "terrain.transit": ("Transit area", "中継エリア"),
        "zone.us_setup": ("US set-up area", "アメリカ軍配置エリア"),
        "zone.b27_entry": ("B/2-7 entry area", "B/2-7 登場エリア"),
        "zone.nva_setup": ("NVA set-up area", "北ベトナム軍配置エリア"),
        "zone.nva_entry_2": ("NVA turn-2 entry area", "北ベトナム軍第2ターン登場エリア"),
        "unit_type.rifle": ("Rifle platoon", "歩兵小隊"), "unit_type.weapons": ("Weapons platoon", "火器小隊"),
        "unit_type.recon": ("Recon platoon", "偵察小隊"), "unit_type.mortar": ("Mortar", "迫撃砲"),
        "unit_type.hq": ("HQ", "本部"), "unit_type.artillery": ("Artillery platoon", "砲兵小隊"),
        "unit_type.officer": ("Officer", "将校"), "unit_type.senior_officer": ("Senior officer", "上級将校"),
        "chit_face.fire": ("Fire", "射撃"), "chit_face.move": ("Move", "移動"),
        "marker.hit_1": ("1 hit", "ヒット1"), "marker.hit_2": ("2 hits", "ヒット2"),
        "marker.casualty": ("Casualty", "負傷者"), "marker.no_fire": ("No Fire", "射撃不可"),
        "marker.no_move": ("No Move", "移動不可"), "marker.no_fire_move": ("No Fire/Move", "射撃/移動不可"),
        "marker.melee": ("Melee", "混戦"), "marker.flare": ("Flare", "フレア"), "marker.turn": ("Turn", "ターン"),
        "marker.vp": ("VP", "VP"),
        "event.choi_oi": ("Choi Oi!", "チョイオイ!"),
        "event.choi_oi.1": ("No Fire: one enemy platoon cannot fire this turn",
                            "射撃不可:敵1個小隊はこのターン射撃できない"),
        "event.choi_oi.2": ("No Move: one enemy platoon cannot move this turn",
                            "移動不可:敵1個小隊はこのターン移動できない"),
        "event.choi_oi.3": ("Lost: one enemy platoon moves to an adjacent area",
                            "迷走:敵1個小隊を隣接エリアへ移動させる"),
        "event.choi_oi.4": ("No Fire/Move: one enemy platoon can neither fire nor move this turn",
                            "射撃/移動不可:敵1個小隊はこのターン射撃も移動もできない"),
        "event.choi_oi.5": ("Mortar misfire: an enemy mortar in range fires on the area",
                            "迫撃砲の誤爆:射程内の敵迫撃砲1門がこのエリアを攻撃する"),
        "event.choi_oi.6": ("Friendly fire: two enemy platoons in the area fire at each other",
                            "友軍相撃:エリア内の敵2個小隊が互いに射撃する"),
        "phase.reinforcement": ("Reinforcement Phase", "増援フェイズ"),
        "phase.event": ("Event Phase", "イベントフェイズ"),
        "phase.action": ("Action Phase", "アクションフェイズ"), "phase.recovery": ("Recovery Phase", "回復フェイズ"),
        "phase.admin": ("Administration Phase", "管理フェイズ"),
        "word.melee": ("Melee", "混戦"), "word.return_fire": ("Return fire", "応射"),
        "word.artillery": ("Artillery", "砲兵"), "word.napalm": ("Napalm", "ナパーム"), "word.bombs": ("Bombs", "爆弾"),
        "word.airlift": ("Airlift", "空輸"), "word.evacuation": ("Evacuation", "負傷者の避難"),
        "word.los": ("Line of sight", "視認線"), "word.night": ("Night", "夜間"),
        "word.nva_retreat": ("NVA retreat", "北ベトナム軍の退却"), "word.contested": ("Contested area", "抗争エリア"),
        "word.wounded": ("Wounded", "負傷"), "word.killed": ("Killed", "戦死"), "word.reduced": ("Reduced", "減少戦力"),
    }
    for k, (e, j) in words.items():
        en[k], ja[k] = e, j
    return {"en": en, "ja": ja}


def main() -> None:
    m = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    c = counters()
    t = tables()
    fill_reinforcements(t, c)
    for name, obj in (("counters", c), ("tables", t), ("messages", messages(m, c))):
        (DATA / f"{name}.json").write_text(json.dumps(obj, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(c['units'])} counters, {len(t['chits'])} chit kinds")


if __name__ == "__main__":
    main()
