// Shimada on the common hex map (common/map.js): its hex features (the British positions' barbed
// wire, towns, the entry and exit hexes), the jungle's pattern, its counters' colours, short names
// and backs (disrupted). Drawing only.

import { s } from "../../common/dom.js";

const FEATURE_TEXT = {
  entry: { en: "ENTRY", ja: "登場" },
  exit: { en: "EXIT", ja: "退出" },
};
/** Features a screen reader names that have no tag on the map (the town and Slim are said by terrain and name). */
const SPOKEN = { position: { en: "Position", ja: "陣地" } };
const PATTERNS = { jungle: "trees" };
/** The names printed on the counters, short enough to read on the map (the full ones: the catalogue's). */
const SHORT = {
  "B-AC": { en: "Arm. cars", ja: "装甲車" },
  "B-ARG": { en: "2 Argylls", ja: "アーガイル" },
  "B-ART": { en: "137 Fd Rgt", ja: "野砲" },
  "B-HQ": { en: "12 Bde HQ", ja: "旅団司令部" },
  "B-PUN": { en: "5/2 Punjab", ja: "パンジャブ" },
  "B-UC": { en: "Carriers", ja: "UC" },
  "J-I1": { en: "Ando 42", ja: "安藤支隊" },
  "J-I2": { en: "Engineers", ja: "工兵隊" },
  "J-T1": { en: "Shimada", ja: "島田" },
  "J-T2": { en: "Watanabe", ja: "渡辺" },
  "J-T3": { en: "1 Coy T95", ja: "第1中隊" },
};
/** §3: a counter's back means disrupted; its back says so. */
const BACK_MARK = { en: "DISRUPTED", ja: "混乱" };
/** Counter colours by side; the Japanese counters have a red band on top. */
const SIDE_STYLE = {
  japanese: { face: "#f4f1e8", back: "#fbfaf6", ink: "#1d1d1d", accent: "#c8102e", edge: "#8a8170", band: true, backInk: "#fff" },
  british: { face: "#c9a55a", back: "#c9a55a", ink: "#1d1a10", accent: "#5a4312", edge: "#6f5722", backInk: "#fbe9c0" },
};

/** Barbed wire: a strand with crossed barbs, along the foot of the hex. */
function position(map, x, low) {
  const size = map.size;
  const w = size * 0.42;
  let d = `M ${x - w} ${low} L ${x + w} ${low}`;
  for (let i = -2; i <= 2; i++) {
    const cx = x + (i * w) / 2.5, r = size * 0.07;
    d += ` M ${cx - r} ${low - r} L ${cx + r} ${low + r} M ${cx - r} ${low + r} L ${cx + r} ${low - r}`;
  }
  return s("path", { class: "feature-position", d, "stroke-width": size * 0.04 });
}

function town(map, x, y) {
  const b = map.size * 0.13;
  const g = s("g", { class: "feature-town" });
  for (const [dx, dy] of [[-0.3, -0.05], [0.05, -0.2], [0.28, 0.05], [-0.08, 0.22]]) {
    g.append(s("rect", { x: x + dx * map.size - b / 2, y: y + dy * map.size - b / 2, width: b, height: b }));
  }
  return g;
}

/** The entry and exit hexes: a labelled tag along the foot of the hex. */
function tag(map, f, x, low, lang) {
  const size = map.size;
  const text = featureName(f, lang);
  const fs = size * 0.19;
  const w = Math.max(text.length * fs * (lang === "ja" ? 1.05 : 0.68), size * 0.5) + size * 0.12;
  const g = s("g", { class: `feature-${f}` });
  g.append(s("rect", { x: x - w / 2, y: low - fs * 0.85, width: w, height: fs * 1.3, rx: fs * 0.3 }));
  g.append(s("text", { x, y: low + fs * 0.3, "font-size": fs, "text-anchor": "middle" }, text));
  return g;
}

function featureName(f, lang) {
  const name = FEATURE_TEXT[f] ?? SPOKEN[f];
  return name ? name[lang] ?? name.en : "";
}

/** The map plugin (see common/map.js). */
export const mapPlugin = {
  pattern: (terrain) => PATTERNS[terrain] ?? null,
  counterLook: (info) => (SIDE_STYLE[info.side] ? { kind: "plain", ...SIDE_STYLE[info.side], short: SHORT, backMark: BACK_MARK } : null),
  featureName,
  feature(map, f, x, y, lang) {
    const low = y + map.size * 0.64;
    if (f === "position") return position(map, x, low);
    if (f === "town") return town(map, x, y);
    if (FEATURE_TEXT[f]) return tag(map, f, x, low, lang);
    return null;
  },
};
