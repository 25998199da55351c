"""Generate ``counters.json`` and ``scenarios.json`` of Back to Iraq from the order-of-battle tables below.

Usage: ``python server/games/back_to_iraq/tools/make_forces.py`` (after ``make_map.py``). Deterministic.

Counters: the history brief's §5.5 values per type, one line per unit of the 2002 orders of battle (brief §3).
Set-up: each unit has an anchor (a place or hex) per scenario; the generator puts it on the nearest hex that
its scenario's set-up rule allows (country, Kurdish area, terrain it may enter, stacking), nearest first, so
the default deployment is legal by construction and the loader re-checks it. Reasons: ``PROVENANCE.md``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.games.back_to_iraq.board import Board  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"

# nation -> (side, power, en, ja, background/print colours; §2.4)
NATIONS = {
    "us": ("coalition", "great", "United States", "アメリカ", "olive drab/black"),
    "uk": ("coalition", "great", "United Kingdom", "イギリス", "khaki/black"),
    "france": ("coalition", "great", "France", "フランス", "light blue/black"),
    "ec": ("coalition", "minor", "European Corps", "ヨーロッパ軍", "light blue/yellow"),
    "nato": ("coalition", "minor", "NATO", "NATO", "light blue/white"),
    "kuwait": ("coalition", "minor", "Kuwait", "クェート", "green/black"),
    "saudi": ("coalition", "minor", "Saudi Arabia", "サウジアラビア", "light green/white"),
    "turkey": ("coalition", "minor", "Turkey", "トルコ", "grey/black"),
    "syria": ("coalition", "minor", "Syria", "シリア", "yellow/green"),
    "jfc": ("coalition", "minor", "Joint Forces Command", "統合作戦司令部", "olive drab/white"),
    "israel": ("coalition", "minor", "Israel", "イスラエル", "white/blue"),
    "iraq_rg": ("islamic", "iraq", "Iraqi Republican Guard", "イラク共和国親衛隊", "red/white"),
    "iraq_army": ("islamic", "iraq", "Iraqi Army", "イラク陸軍", "red/black"),
    "iran_rg": ("islamic", "iran", "Iranian Revolutionary Guard", "イラン革命親衛隊", "black/white"),
    "iran_army": ("islamic", "iran", "Iranian Army", "イラン陸軍", "grey/black"),
    "al_qaeda": ("islamic", "al_qaeda", "Al Qaeda", "アルカイダ", "orange/black"),
}

# type -> (movement class, attack, defence, MA, steps, tags); the brief's §5.5 values
TYPES = {
    "us_heavy": ("mech", 12, 12, 10, 2, []),
    "us_mef": ("nonmech", 10, 10, 8, 2, ["marine", "mef"]),
    "us_101": ("airmobile", 8, 6, 12, 2, ["airborne", "101st"]),
    "us_82": ("nonmech", 5, 6, 5, 2, ["airborne"]),
    "us_10mtn": ("nonmech", 4, 6, 5, 2, ["mountain", "light"]),
    "us_acr": ("mech", 6, 5, 12, 2, []),
    "us_173": ("nonmech", 2, 3, 5, 1, ["airborne"]),
    "uk_armd": ("mech", 10, 10, 10, 2, []),
    "uk_aa": ("airmobile", 3, 3, 10, 1, ["airborne"]),
    "uk_cdo": ("nonmech", 3, 4, 5, 1, ["marine", "light"]),
    "fr_dlb": ("mech", 6, 6, 12, 2, []),
    "fr_dp": ("nonmech", 4, 5, 5, 2, ["airborne"]),
    "fr_dim": ("nonmech", 4, 5, 5, 2, ["mountain"]),
    "ec_div": ("mech", 8, 8, 10, 2, []),
    "nato_amf": ("nonmech", 2, 3, 6, 1, ["light"]),
    "gulf_bde": ("mech", 2, 3, 10, 1, []),
    "kcg": ("static", 0, 2, 0, 1, ["no_stacking"]),
    "tr_mech": ("mech", 3, 4, 8, 1, []),
    "tr_cdo": ("nonmech", 2, 4, 5, 1, ["mountain"]),
    "sy_div": ("mech", 5, 5, 8, 1, []),
    "jfc_div": ("mech", 6, 6, 10, 1, []),
    "il_abn": ("nonmech", 8, 8, 6, 1, ["airborne"]),
    "iq_inf": ("nonmech", 2, 3, 4, 1, []),
    "iq_armd": ("mech", 3, 3, 8, 1, []),
    "rg_armd": ("mech", 5, 5, 8, 1, ["rg"]),
    "rg_mech": ("mech", 4, 5, 8, 1, ["rg"]),
    "rg_inf": ("nonmech", 3, 4, 5, 1, ["rg"]),
    "srg": ("nonmech", 6, 8, 5, 1, ["srg"]),
    "pg": ("nonmech", 2, 3, 5, 1, []),
    "iq_cdo": ("nonmech", 2, 2, 6, 1, []),
    "militia": ("nonmech", 1, 2, 4, 1, []),
    "iq_999": ("nonmech", 2, 2, 6, 1, []),
    "adc": ("static", 0, 1, 0, 1, ["no_stacking"]),
    "ir_armd": ("mech", 4, 4, 8, 1, []),
    "ir_inf": ("nonmech", 2, 3, 4, 1, []),
    "ir_sf": ("nonmech", 3, 3, 5, 1, []),
    "ir_abn": ("nonmech", 2, 2, 5, 1, ["airborne"]),
    "irgc_inf": ("nonmech", 3, 3, 5, 1, []),
    "irgc_armd": ("mech", 3, 3, 8, 1, []),
    "badr": ("nonmech", 1, 2, 4, 1, []),
    "aq_bde": ("nonmech", 2, 2, 4, 1, []),
    "aq_ivd": ("nonmech", 2, 3, 4, 1, []),
    # advanced-rule counters (§G3, §G4): SOF (boxed strengths) and HQs (mechanised, 1 step, command range)
    "sof": ("sof", 1, 1, 0, 1, ["sof"]),
    "hq": ("mech", 0, 1, 10, 1, ["hq", "no_stacking"]),
}

# id -> (nation, type, size, en, ja, scenarios, anchor s1, anchor s2, extra)
# scenarios: "12" both, "2" only 2, "1" only 1; anchors: place key or hex ("" = not in that scenario);
# extra: {"advanced": True} for advanced-only counters, "range" for HQs, "condition" for Israel
U: list[tuple[str, str, str, str, str, str, str, str, str, dict[str, object]]] = []


def u(uid: str, nation: str, typ: str, size: str, en: str, ja: str, sc: str, a1: str, a2: str, **extra: object) -> None:
    U.append((uid, nation, typ, size, en, ja, sc, a1, a2, dict(extra)))


# --- Coalition (§3.3: every US, UK, Kuwaiti, Saudi, Turkish and JFC unit carries the "*", brief §5.5) ---
for uid, en, ja, a1, a2 in (
    ("us_3id", "3rd Infantry Division (Mech)", "第3歩兵師団", "jahra", "hafar_al_batin"),
    ("us_4id", "4th Infantry Division (Mech)", "第4歩兵師団", "cizre", "cizre"),
    ("us_1ad", "1st Armored Division", "第1機甲師団", "jahra", "hafar_al_batin"),
    ("us_1id", "1st Infantry Division", "第1歩兵師団", "3530", "kkmc"),
    ("us_1cav", "1st Cavalry Division", "第1騎兵師団", "3432", "kkmc"),
):
    u(uid, "us", "us_heavy", "XX", en, ja, "12", a1, a2, **({"four_id": True} if uid == "us_4id" else {}))
u("us_1mardiv", "us", "us_mef", "XX", "1st Marine Division (I MEF)", "第1海兵師団", "12", "kuwait_city", "khafji")
u("us_2mardiv", "us", "us_mef", "XX", "2nd Marine Division (II MEF)", "第2海兵師団", "12", "kuwait_city", "khafji")
u(
    "us_101",
    "us",
    "us_101",
    "XX",
    "101st Airborne Division (Air Assault)",
    "第101空挺師団",
    "12",
    "3432",
    "hafar_al_batin",
)
u("us_82", "us", "us_82", "XX", "82nd Airborne Division", "第82空挺師団", "12", "3432", "rafha")
u("us_10mtn", "us", "us_10mtn", "XX", "10th Mountain Division", "第10山岳師団", "12", "cizre", "cizre")
u("us_3acr", "us", "us_acr", "XXX", "3rd Armored Cavalry Regiment", "第3機甲騎兵連隊", "12", "3432", "ar_ar")
u("us_173", "us", "us_173", "X", "173rd Airborne Brigade", "第173空挺旅団", "12", "cizre", "cizre")
u("uk_1ad", "uk", "uk_armd", "XX", "1st Armoured Division", "第1機甲師団", "12", "3630", "khafji")
u("uk_16aa", "uk", "uk_aa", "X", "16 Air Assault Brigade", "第16空中強襲旅団", "12", "3630", "khafji")
u("uk_3cdo", "uk", "uk_cdo", "X", "3 Commando Brigade", "第3コマンドー旅団", "12", "3630", "khafji")
u("fr_6dlb", "france", "fr_dlb", "XX", "6e Division Légère Blindée", "第6軽機甲師団", "2", "", "rafha")
u("fr_11dp", "france", "fr_dp", "XX", "11e Division Parachutiste", "第11空挺師団", "2", "", "rafha")
u("fr_27dim", "france", "fr_dim", "XX", "27e Division d'Infanterie de Montagne", "第27山岳歩兵師団", "2", "", "cizre")
u("ec_corps", "ec", "ec_div", "XX", "European Corps", "ヨーロッパ軍団", "2", "", "ar_ar")
u("nato_amf", "nato", "nato_amf", "X", "ACE Mobile Force (Land)", "欧州連合軍機動部隊", "2", "", "cizre")
for n, en in ((6, "6th Mechanized Brigade"), (15, "15th Armored Brigade"), (35, "35th Armored Brigade")):
    u(f"kw_{n}", "kuwait", "gulf_bde", "X", en, f"第{n}旅団", "12", "kuwait_city", "kuwait_city")
u("kw_kcg", "kuwait", "kcg", "[X]", "Kuwait City Guard", "クェート市防衛隊", "12", "kuwait_city", "kuwait_city")
for n, en in (
    (4, "4th Armored Brigade"),
    (8, "8th Mechanized Brigade"),
    (20, "20th Mechanized Brigade"),
    (2, "2nd SANG Brigade"),
):
    u(f"sa_{n}", "saudi", "gulf_bde", "X", en, f"第{n}旅団", "12", "khafji", "hafar_al_batin")
for uid, typ, en, ja in (
    ("tr_mech_a", "tr_mech", "2nd Army Mechanized Brigade (Silopi)", "第2軍機械化旅団(シロピ)"),
    ("tr_mech_b", "tr_mech", "2nd Army Mechanized Brigade (Şırnak)", "第2軍機械化旅団(シルナク)"),
    ("tr_cdo_bolu", "tr_cdo", "Bolu Commando Brigade", "ボル・コマンドー旅団"),
    ("tr_cdo_hakkari", "tr_cdo", "Hakkari Mountain Commando Brigade", "ハッカリ山岳コマンドー旅団"),
):
    u(uid, "turkey", typ, "X", en, ja, "12", "cizre", "cizre")
u("sy_9", "syria", "sy_div", "XX", "9th Armoured Division", "第9機甲師団", "2", "", "rafha")
u("jfc_3", "jfc", "jfc_div", "XX", "Egyptian 3rd Mechanized Division", "エジプト第3機械化師団", "12", "khafji", "kkmc")
u("jfc_4", "jfc", "jfc_div", "XX", "Egyptian 4th Armored Division", "エジプト第4機甲師団", "12", "khafji", "kkmc")
u(
    "il_abn",
    "israel",
    "il_abn",
    "XX",
    "Israeli Airborne Division",
    "イスラエル空挺師団",
    "12",
    "",
    "",
    advanced=True,
    condition="israeli_retaliation",
)
# Coalition advanced: HQs (range: US 5, JFC and Turkey 4) and SOF (§G3)
u("us_hq_v", "us", "hq", "HQ", "V Corps HQ", "第5軍団司令部", "12", "3432", "hafar_al_batin", advanced=True, range=5)
u(
    "us_hq_mef",
    "us",
    "hq",
    "HQ",
    "I MEF HQ",
    "第1海兵遠征軍司令部",
    "12",
    "kuwait_city",
    "khafji",
    advanced=True,
    range=5,
)
u("jfc_hq", "jfc", "hq", "HQ", "JFC HQ", "統合作戦司令部", "12", "khafji", "kkmc", advanced=True, range=4)
# The northern front's HQ (PROVENANCE): Turkey's 7th Corps (Diyarbakır) holds the border with Iraq; it takes the
# place of a second US Special Forces group, which keeps LOST-1 at 127
u("tr_hq_7", "turkey", "hq", "HQ", "7th Corps HQ", "第7軍団司令部", "12", "cizre", "cizre", advanced=True, range=4)
for uid, nation, en, ja in (
    ("us_sf5", "us", "5th Special Forces Group", "第5特殊部隊群"),
    ("us_socpg", "us", "SOCPG", "ペルシャ湾特殊作戦司令部"),
    ("uk_sas", "uk", "Special Air Service", "特殊空挺部隊"),
):
    u(
        uid,
        nation,
        "sof",
        "[II]",
        en,
        ja,
        "12",
        "3432",
        "ar_ar",
        advanced=True,
    )

# --- Iraq (§3.4, §3.8): 17 regular divisions in 5 corps, 7 RG divisions, SRG, paramilitary ---
CORPS = {"I": "kirkuk", "II": "baqubah", "III": "nasiriyah", "IV": "amarah", "V": "mosul"}
for n, typ, corps in (
    (2, "iq_inf", "I"),
    (5, "iq_armd", "I"),
    (8, "iq_inf", "I"),
    (38, "iq_inf", "I"),
    (3, "iq_armd", "II"),
    (15, "iq_inf", "II"),
    (34, "iq_inf", "II"),
    (6, "iq_armd", "III"),
    (11, "iq_inf", "III"),
    (51, "iq_armd", "III"),
    (10, "iq_armd", "IV"),
    (14, "iq_inf", "IV"),
    (18, "iq_inf", "IV"),
    (1, "iq_armd", "V"),
    (4, "iq_inf", "V"),
    (7, "iq_inf", "V"),
    (16, "iq_inf", "V"),
):
    kind = {"iq_inf": "Infantry", "iq_armd": "Armoured" if n in (3, 6, 10) else "Mechanised"}[typ]
    a = CORPS[corps] if n not in (51,) else "basra"
    u(
        f"iq_{n}",
        "iraq_army",
        typ,
        "XX",
        f"{n}th {kind} Division ({corps} Corps)".replace("1th", "1st")
        .replace("2th", "2nd")
        .replace("3th", "3rd")
        .replace("11st", "11th"),
        f"第{n}師団",
        "12",
        a,
        {51: "3633", 6: "3533", 11: "3333"}.get(n, a),
    )
for uid, typ, en, ja in (
    ("rg_medina", "rg_armd", "Medina Armoured Division", "メディナ機甲師団"),
    ("rg_hammurabi", "rg_armd", "Hammurabi Armoured Division", "ハンムラビ機甲師団"),
    ("rg_nida", "rg_armd", "Al Nida Armoured Division", "アルナイダー機甲師団"),
    ("rg_adnan", "rg_mech", "Adnan Mechanised Division", "アドナン機械化師団"),
    ("rg_abed", "rg_mech", "Al Abed Mechanised Division", "アルアベド機械化師団"),
    ("rg_baghdad", "rg_inf", "Baghdad Infantry Division", "バグダッド歩兵師団"),
    ("rg_nebuchadnezzar", "rg_inf", "Nebuchadnezzar Infantry Division", "ネブカドネザル歩兵師団"),
):
    u(uid, "iraq_rg", typ, "XX", en, ja, "12", "baghdad", "baghdad")
u("iq_srg", "iraq_rg", "srg", "[XXXX]", "Special Republican Guard", "特別共和国親衛隊", "12", "baghdad", "baghdad")
u("iq_pg", "iraq_rg", "pg", "X", "Presidential Guard", "共和国防衛隊", "12", "baghdad", "baghdad")
u("iq_cdo_a", "iraq_army", "iq_cdo", "X", "Commando Brigade (north)", "コマンド旅団(北)", "12", "tikrit", "tikrit")
u("iq_cdo_b", "iraq_army", "iq_cdo", "X", "Commando Brigade (south)", "コマンド旅団(南)", "12", "basra", "3433")
for uid, en, ja, a1, a2 in (
    ("iq_sdfe_a", "Saddam Fedayeen (Baghdad)", "サダムゲリラ部隊(バグダッド)", "baghdad", "baghdad"),
    ("iq_sdfe_b", "Saddam Fedayeen (Basra)", "サダムゲリラ部隊(バスラ)", "basra", "3733"),
    ("iq_sdfe_c", "Saddam Fedayeen (Nasiriyah)", "サダムゲリラ部隊(ナシリヤ)", "nasiriyah", "3232"),
    ("iq_sdfe_d", "Saddam Fedayeen (Mosul)", "サダムゲリラ部隊(モスル)", "mosul", "mosul"),
    ("iq_gss", "General Security Service", "総合警備部隊", "baghdad", "baghdad"),
    ("iq_mir", "Military Intelligence Rapid Intervention", "軍情報部緊急介入軍", "kirkuk", "kirkuk"),
    ("iq_sm", "Military Intelligence Security Battalion", "軍情報部保安大隊", "tikrit", "tikrit"),
    ("iq_ri", "Rapid Intervention Force", "緊急介入軍", "karbala", "karbala"),
):
    u(uid, "iraq_army", "militia", "[X]" if uid != "iq_sm" else "II", en, ja, "12", a1, a2)
u("iq_999", "iraq_army", "iq_999", "X", "999th Brigade", "第999旅団", "12", "fallujah", "fallujah")
u("iq_adc", "iraq_army", "adc", "[X]", "Air Defense Command", "防空司令部", "12", "baghdad", "baghdad")
for uid, en, ja, a1 in (
    ("iq_hq_ghq", "General HQ", "総司令部", "baghdad"),
    ("iq_hq_1", "I Corps HQ", "第1軍団司令部", "kirkuk"),
    ("iq_hq_2", "II Corps HQ", "第2軍団司令部", "baqubah"),
    ("iq_hq_3", "III Corps HQ", "第3軍団司令部", "nasiriyah"),
    ("iq_hq_4", "IV Corps HQ", "第4軍団司令部", "amarah"),
    ("iq_hq_5", "V Corps HQ", "第5軍団司令部", "mosul"),
    ("iq_hq_rgn", "RG Northern Corps HQ", "共和国親衛隊北部軍団司令部", "tikrit"),
    ("iq_hq_rgs", "RG Southern Corps HQ", "共和国親衛隊南部軍団司令部", "hillah"),
):
    u(uid, "iraq_army" if "rg" not in uid else "iraq_rg", "hq", "HQ", en, ja, "12", a1, a1, advanced=True, range=3)
u(
    "iq_999_sof",
    "iraq_army",
    "sof",
    "[X]",
    "999th Brigade (SOF)",
    "第999旅団(SOF)",
    "12",
    "",
    "",
    advanced=True,
    replaces="iq_999",
)

# --- Iran (§3.8, Scenario 2 only) ---
for n, en, a in (
    (16, "16th Armoured Division", "kermanshah"),
    (81, "81st Armoured Division", "kermanshah"),
    (88, "88th Armoured Division", "ahvaz"),
    (92, "92nd Armoured Division", "ahvaz"),
):
    u(f"ir_{n}", "iran_army", "ir_armd", "XX", en, f"第{n}機甲師団", "2", "", a)
for n, en, a in (
    (21, "21st Infantry Division", "dezful"),
    (28, "28th Infantry Division", "kermanshah"),
    (30, "30th Infantry Division", "ilam"),
    (64, "64th Infantry Division", "qasr_e_shirin"),
    (77, "77th Infantry Division", "khorramshahr"),
    (84, "84th Infantry Division", "khorramabad"),
):
    u(f"ir_{n}", "iran_army", "ir_inf", "XX", en, f"第{n}歩兵師団", "2", "", a)
u("ir_58", "iran_army", "ir_sf", "XX", "58th Commando Division", "第58コマンド師団", "2", "", "ilam")
u("ir_23sf", "iran_army", "ir_sf", "XX", "23rd Special Forces Division", "第23特殊部隊師団", "2", "", "kermanshah")
u("ir_29sf", "iran_army", "ir_sf", "XX", "29th Special Forces Division", "第29特殊師団", "2", "", "abadan")
u("ir_55abn", "iran_army", "ir_abn", "X", "55th Airborne Brigade", "第55空挺旅団", "2", "", "dezful")
for n, en, a in (
    (5, "5th Nasr", "ahvaz"),
    (7, "7th Vali-Asr", "dezful"),
    (10, "10th Seyyed ol-Shohada", "mehran"),
    (14, "14th Imam Hossein", "khorramshahr"),
    (17, "17th Ali ibn Abi Talib", "ilam"),
    (19, "19th Fajr", "abadan"),
    (25, "25th Karbala", "ahvaz"),
    (27, "27th Mohammad Rasulallah", "kermanshah"),
    (31, "31st Ashura", "qasr_e_shirin"),
    (33, "33rd Al-Mahdi", "khorramshahr"),
    (41, "41st Tharallah", "dezful"),
    (21, "21st Imam Reza", "kermanshah"),
):
    u(f"irgc_{n}", "iran_rg", "irgc_inf", "XX", f"IRGC {en} Division", f"革命防衛隊第{n}師団", "2", "", a)
u(
    "irgc_8",
    "iran_rg",
    "irgc_armd",
    "XX",
    "IRGC 8th Najaf Ashraf Armoured Division",
    "革命防衛隊第8機甲師団",
    "2",
    "",
    "ahvaz",
)
u("ir_badr", "iran_rg", "badr", "[X]", "Badr Corps (SCIRI)", "バドル軍団(SIR)", "2", "", "amarah")
for uid, en, a in (
    ("ir_hq_north", "Northern Front HQ", "kermanshah"),
    ("ir_hq_centre", "Central Front HQ", "ilam"),
    ("ir_hq_south", "Southern Front HQ", "ahvaz"),
):
    u(
        uid,
        "iran_army",
        "hq",
        "HQ",
        en,
        {"ir_hq_north": "北部戦線司令部", "ir_hq_centre": "中部戦線司令部", "ir_hq_south": "南部戦線司令部"}[uid],
        "2",
        "",
        a,
        advanced=True,
        range=3,
    )
u(
    "ir_29sf_sof",
    "iran_army",
    "sof",
    "[XX]",
    "29th Special Forces Division (SOF)",
    "第29特殊師団(SOF)",
    "2",
    "",
    "",
    advanced=True,
    replaces="ir_29sf",
)

# --- Al Qaeda (§G5.4, advanced): the 55th Brigade, the IVD and the Al Nida SOF (one per terrorist base) ---
u(
    "aq_55",
    "al_qaeda",
    "aq_bde",
    "X",
    "55th Brigade",
    "第55旅団",
    "12",
    "ramadi",
    "ramadi",
    advanced=True,
    condition="al_qaeda_arrival",
)
u(
    "aq_ivd",
    "al_qaeda",
    "aq_ivd",
    "[XX]",
    "Islamic Volunteer Division",
    "イスラム義勇兵師団",
    "12",
    "fallujah",
    "fallujah",
    advanced=True,
    condition="al_qaeda_arrival",
)
for i in (1, 2, 3):
    u(
        f"aq_nida_{i}",
        "al_qaeda",
        "sof",
        "[II]",
        f"Al Nida SOF {i}",
        f"アルナイダーSOF {i}",
        "12",
        "",
        "",
        advanced=True,
        condition="terrorist_base",
    )

IRAQ_RG_NEAR_BAGHDAD = {"rg_armd", "rg_mech", "rg_inf", "srg"}


def counters() -> dict[str, object]:
    units = {}
    for uid, nation, typ, size, en, ja, sc, _a1, _a2, extra in U:
        mc, a, d, ma, steps, tags = TYPES[typ]
        c: dict[str, object] = {
            "nation": nation,
            "type": typ,
            "size": size,
            "class": mc,
            "attack": a,
            "defense": d,
            "movement": ma,
            "steps": steps,
            "name": {"en": en, "ja": ja},
            "scenarios": [int(x) for x in sc],
            "tags": sorted(tags),
        }
        if steps == 2:  # the striped back: about half (brief §5.5), movement unchanged
            c["reduced"] = {"attack": max(1, a // 2), "defense": max(1, d // 2), "movement": ma}
        c.update(extra)
        units[uid] = c
    return {
        "nations": {
            k: {"side": v[0], "power": v[1], "name": {"en": v[2], "ja": v[3]}, "colours": v[4]}
            for k, v in NATIONS.items()
        },
        "units": units,
    }


def _allowed(board: Board, scen: int, uid: str, nation: str, typ: str) -> set[str]:
    side = NATIONS[nation][0]
    kc = board.hex_of("kuwait_city")
    if uid in ("kw_kcg",) or (scen == 2 and nation == "kuwait"):
        return {kc}
    if nation == "kuwait":
        return set(board.hexes_of("kuwait"))
    if nation == "saudi":
        return set(board.hexes_of("saudi"))
    if side == "coalition":
        return {
            h for c in (("kuwait", "saudi", "turkey") if scen == 1 else ("saudi", "turkey")) for h in board.hexes_of(c)
        }
    if typ == "adc":
        return {board.hex_of("baghdad")}
    if typ in IRAQ_RG_NEAR_BAGHDAD:
        b = board.hex_of("baghdad")
        return {b, *board.neighbours(b)}
    if scen == 1:
        return {h for h in board.hexes_of("iraq") if h not in board.kurdish_area}
    countries = ("iran", "iraq", "kuwait")
    return {h for c in countries for h in board.hexes_of(c) if h != kc}


def _enterable(board: Board, h: str, mc: str) -> bool:
    """§10: mech units never in desert, nor in mountain or marsh off a road."""
    t = board.terrain[h]
    if mc == "mech":
        return t != "desert" and (t not in ("mountain", "marsh") or h in board.road_hexes)
    return True


def scenarios(board: Board) -> dict[str, object]:
    out: dict[str, object] = {}
    for scen in (1, 2):
        placed: dict[str, str] = {}
        load: dict[str, float] = {}
        group: dict[str, str] = {}
        sof_hexes: set[str] = set()
        for uid, nation, typ, _size, _en, _ja, sc, a1, a2, _extra in U:
            anchor = a1 if scen == 1 else a2
            if str(scen) not in sc or not anchor:
                continue
            mc = TYPES[typ][0]
            start = board.hex_of(anchor) if not anchor.isdigit() else anchor
            side = NATIONS[nation][0]
            weight = (
                0.0
                if "no_stacking" in TYPES[typ][5] or mc == "sof"
                else (
                    1.0
                    if side == "coalition"
                    else 2.0
                    if typ == "srg"
                    else 1.0
                    if _size.endswith("XX]") or _size == "XX"
                    else 0.5
                )
            )
            # §3.8: Iranian and Iraqi units never stack together, nor the Iranian Army with the IRGC
            key = (
                nation
                if nation in ("iran_rg", "iran_army", "al_qaeda")
                else ("iraq" if side == "islamic" else "coalition")
            )
            ok = _allowed(board, scen, uid, nation, typ)
            cands = sorted(
                (h for h in board.hexes if h in ok and board.is_land(h) and _enterable(board, h, mc)),
                key=lambda h: (board.grid.distance(start, h), h),
            )
            for h in cands:
                if (
                    load.get(h, 0) + weight <= 3
                    and group.get(h, key) == key
                    and (mc != "sof" or h not in sof_hexes)  # §G3.4: one SOF a hex
                ):
                    placed[uid] = h
                    load[h] = load.get(h, 0) + weight
                    group[h] = key
                    if mc == "sof":
                        sof_hexes.add(h)
                    break
            else:
                raise SystemExit(f"no set-up hex for {uid} in scenario {scen}")
        out[str(scen)] = {"setup": placed}
    out["1"]["name"] = {"en": "To Baghdad", "ja": "バグダットへ"}  # type: ignore[index]
    out["2"]["name"] = {"en": "Islamic Confederation", "ja": "イスラム共同連邦軍"}  # type: ignore[index]
    return out


def main() -> None:
    board = Board.from_data(
        json.loads((DATA / "map.json").read_text(encoding="utf-8")),
        (DATA / "terrain.txt").read_text(encoding="utf-8").splitlines(),
    )
    (DATA / "counters.json").write_text(json.dumps(counters(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (DATA / "scenarios.json").write_text(
        json.dumps(scenarios(board), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
