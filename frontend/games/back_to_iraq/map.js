// Back to Iraq on the common hex map (common/map.js): its overlays (the country borders, the
// escarpments' toothed lines, the Kurdish area, the Saddam Line, the supply sources), the control
// flags of the places (view.control), and its counters' look: each nation's printed colours
// ("olive drab/black": background/print, static `nations[...].colours`), a short designation
// and a NATO symbol by unit type; the strategic targets' tokens (view.targets, §G1: "?" for what the
// viewer may not see). Drawing only: which hex is what is the board's static data.

import { s } from "../../common/dom.js";
import { f2, hexPath, regionEdges } from "../../common/hexpaths.js";
import { hexsideSegment, centre } from "../../common/hexgeom.js";
import { isStepUnit } from "../../common/stacks.js";
import { getLang } from "../../common/i18n.js";

/** The colour words of counters.json as hex colours (a shade chosen so the print stays legible). */
export const COLOUR_WORDS = {
  "olive drab": "#8a9346", khaki: "#cdb887", "light blue": "#a8cdea", green: "#52a35a", "light green": "#4f9a4b",
  grey: "#b4b4b0", yellow: "#f4d53c", white: "#f6f5f0", red: "#c42a2a", black: "#1f1f1f", orange: "#f2892a", blue: "#1f4fb4",
};
/**
 * Where a nation's words give a poor contrast or the same colours as a nation of the other side, the
 * shade the counters use instead: the European Corps' yellow and NATO's white print on a deeper blue,
 * the Iraqi Army's black print on a lighter red, the Iranian Army's grey (Turkey's too) a darker one.
 */
const NATION_SHADES = {
  ec: { bg: "#2f62b0" }, nato: { bg: "#3f74bd" }, iraq_army: { bg: "#e07366" }, iran_army: { bg: "#8c8f86" },
};

/** "olive drab/black" -> {bg, print} in hex (unknown words: neutral grey on black). */
export function parseColours(text) {
  const [bg, print] = String(text ?? "").split("/").map((w) => w.trim().toLowerCase());
  return { bg: COLOUR_WORDS[bg] ?? "#c8c8c8", print: COLOUR_WORDS[print] ?? "#111111" };
}

/** counters.json's nations' colours (kept here: the plugin sees the board, not the statics). */
export const NATION_COLOURS = {
  us: "olive drab/black", uk: "khaki/black", france: "light blue/black", ec: "light blue/yellow", nato: "light blue/white",
  kuwait: "green/black", saudi: "light green/white", turkey: "grey/black", syria: "yellow/green", jfc: "olive drab/white",
  israel: "white/blue", iraq_rg: "red/white", iraq_army: "red/black", iran_rg: "black/white", iran_army: "grey/black",
  al_qaeda: "orange/black",
};

/** A colour darker by `k` (0..1), for the functional band of mechanised units. */
export function darker(hex, k = 0.35) {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * (1 - k)));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** A nation's counter colours: {band, body, dark, ink} for common/counters.js's step look. */
export function nationStyle(nation) {
  const { bg, print } = parseColours(NATION_COLOURS[nation]);
  const shade = NATION_SHADES[nation]?.bg ?? bg;
  return { band: shade, body: shade, dark: darker(shade, nation === "iran_rg" ? -0.9 : 0.38), ink: print };
}

/** NATO symbols (common/counters.js) by unit type; a name's "Armo(u)red" makes a mixed type armour. */
const TYPE_SYMBOL = {
  us_heavy: "carrier", us_mef: "infantry", us_101: "airborne", us_82: "airborne", us_10mtn: "infantry", us_acr: "armoured_car",
  us_173: "airborne", uk_armd: "armour", uk_aa: "airborne", uk_cdo: "commando", fr_dlb: "armour", fr_dp: "airborne",
  fr_dim: "infantry", ec_div: "carrier", nato_amf: "infantry", gulf_bde: "carrier", kcg: "infantry", tr_mech: "carrier",
  tr_cdo: "commando", sy_div: "armour", jfc_div: "carrier", il_abn: "airborne", hq: "hq", sof: "commando",
  iq_inf: "infantry", iq_armd: "carrier", rg_armd: "armour", rg_mech: "carrier", rg_inf: "infantry", srg: "infantry",
  pg: "infantry", iq_cdo: "commando", militia: "infantry", iq_999: "commando", adc: "artillery", ir_armd: "armour",
  ir_inf: "infantry", ir_sf: "commando", ir_abn: "airborne", irgc_inf: "infantry", irgc_armd: "armour", badr: "infantry",
  aq_bde: "infantry", aq_ivd: "infantry",
};

/** The NATO symbol of a unit of this type and (English) name. */
export function symbolFor(type, name = "") {
  if (/armou?red|cavalry division/i.test(name) && ["us_heavy", "iq_armd", "gulf_bde", "jfc_div"].includes(type)) return "armour";
  return TYPE_SYMBOL[type] ?? "infantry";
}

/** Designations printed on the counters where the rule below would not do (names of divisions, HQs). */
const SHORT = {
  us_3id: "3 ID", us_4id: "4 ID", us_1ad: "1 AD", us_1id: "1 ID", us_1cav: "1 Cav", us_1mardiv: "1 MarDiv",
  us_2mardiv: "2 MarDiv", us_101: "101 AA", us_82: "82 Abn", us_10mtn: "10 Mtn", us_3acr: "3 ACR", us_173: "173 Abn",
  uk_1ad: "1 Armd", uk_16aa: "16 AA", uk_3cdo: "3 Cdo", fr_6dlb: "6 DLB", fr_11dp: "11 DP", fr_27dim: "27 DIM",
  ec_corps: "EuroCorps", nato_amf: "AMF(L)", kw_kcg: "KC Guard", sa_2: "2 SANG", tr_mech_a: "Silopi", tr_mech_b: "Şırnak",
  tr_cdo_bolu: "Bolu", tr_cdo_hakkari: "Hakkari", jfc_3: "3 Egypt", jfc_4: "4 Egypt", il_abn: "IDF Abn",
  us_hq_v: "V Corps", us_hq_mef: "I MEF", jfc_hq: "JFC", tr_hq_7: "7 Corps", us_sf5: "5 SFG", us_socpg: "SOCPG", uk_sas: "SAS",
  rg_medina: "Medina", rg_hammurabi: "Hammurabi", rg_nida: "Al Nida", rg_adnan: "Adnan", rg_abed: "Al Abed",
  rg_baghdad: "Baghdad", rg_nebuchadnezzar: "Nebuchad.", iq_srg: "SRG", iq_pg: "Pres. Gd", iq_cdo_a: "Cdo N",
  iq_cdo_b: "Cdo S", iq_sdfe_a: "Fed. Bagh", iq_sdfe_b: "Fed. Basra", iq_sdfe_c: "Fed. Nas", iq_sdfe_d: "Fed. Mosul",
  iq_gss: "GSS", iq_mir: "MIRI", iq_sm: "MI Sec", iq_ri: "RIF", iq_999: "999", iq_adc: "ADC", iq_hq_ghq: "GHQ",
  iq_hq_1: "I Corps", iq_hq_2: "II Corps", iq_hq_3: "III Corps", iq_hq_4: "IV Corps", iq_hq_5: "V Corps",
  iq_hq_rgn: "RG North", iq_hq_rgs: "RG South", iq_999_sof: "999 SOF", ir_23sf: "23 SF", ir_29sf: "29 SF",
  ir_55abn: "55 Abn", irgc_8: "IRGC 8", ir_badr: "Badr", ir_hq_north: "N Front", ir_hq_centre: "C Front",
  ir_hq_south: "S Front", ir_29sf_sof: "29 SOF", aq_55: "55 Bde", aq_ivd: "IVD", aq_nida_1: "Nida 1",
  aq_nida_2: "Nida 2", aq_nida_3: "Nida 3",
};
const TYPE_WORD = { armour: "Armd", carrier: "Mech", infantry: "Inf", commando: "Cdo", airborne: "Abn" };

/**
 * The designation printed on a counter: the table's, else "IRGC 5" for Revolutionary Guard divisions
 * and "<number> <Inf|Armd|Mech|Bde>" from the id's number, else the English name.
 */
export function shortName(id, type, name = "") {
  if (SHORT[id]) return SHORT[id];
  const n = /(\d+)/.exec(String(id))?.[1];
  if (!n) return name;
  if (String(id).startsWith("irgc_")) return `IRGC ${n}`;
  if (type === "gulf_bde") return `${n} Bde`;
  const sym = symbolFor(type, name);
  return `${n} ${/mechani[sz]ed/i.test(name) ? "Mech" : TYPE_WORD[sym] ?? ""}`.trim();
}

const MARKERS = {
  out_of_supply: { text: "OoS", fill: "#f08a24", ink: "#111" },
  dismounted: { text: "DSM", fill: "#5b4a2a", ink: "#fff" },
  no_zoc: { text: "NoZ", fill: "#6a3fa0", ink: "#fff" },
  suppressed: { text: "SUP", fill: "#b3131b", ink: "#fff" }, // §G4.6: an HQ on its suppressed back
  out_of_command: { text: "OoC", fill: "#2f62b0", ink: "#fff" }, // §G4.2
};

/** A unit's look (common/counters.js step look): its nation's colours, designation, symbol, mech band. */
export function counterLook(info) {
  if (!isStepUnit(info) || !NATION_COLOURS[info.nation]) return null;
  const en = typeof info.name === "object" ? info.name?.en ?? "" : "";
  return {
    kind: "step", ...nationStyle(info.nation), line: null, markers: MARKERS,
    designation: shortName(info.id, info.type, en || String(info.id ?? "")),
    symbol: symbolFor(info.type, en),
    mechanised: info.movement_class === "mech",
  };
}

// --- the board's overlays ---

/** The control flags' colours: the Coalition blue with a star, the Islamic side green with a crescent. */
const SIDE_FLAG = { coalition: { colour: "#2a5caa", emblem: "★" }, islamic: { colour: "#1f7a3a", emblem: "☾" } };
const FLAG_TITLE = {
  en: { coalition: "controlled by the Coalition", islamic: "controlled by the Islamic side" },
  ja: { coalition: "連合軍支配", islamic: "イスラム軍支配" },
};
const FEATURE_NAMES = {
  supply_source: { en: "supply source", ja: "補給源" },
  kurdish_area: { en: "Kurdish area", ja: "クルド人地域" },
  saddam_line: { en: "Saddam Line", ja: "サダムライン" },
};
const AREA_TEXT = { kurdish_area: FEATURE_NAMES.kurdish_area, saddam_line: FEATURE_NAMES.saddam_line };

/** Supply sources by owner (static supply_sources {hex: "coalition" | "iraq_general" | "iran_edge"...}). */
export function sourceStyle(kind) {
  const k = String(kind ?? "");
  if (k === "coalition") return { fill: "#2a5caa", ink: "#fff", general: true };
  return { fill: k.startsWith("iran") ? "#1f7a3a" : "#b3131b", ink: "#fff", general: k.endsWith("general") || k.endsWith("edge") };
}

/** The hexsides flagged `flag` as one path of segments. */
export function hexsidePath(map, flag) {
  let d = "";
  for (const [id, info] of Object.entries(map.board.hexsides ?? {})) {
    if (!info?.[flag]) continue;
    const [a, b] = id.split("/");
    if (!map.has(a) || !map.has(b)) continue;
    const seg = hexsideSegment(map.grid, a, b, map.size);
    if (!seg) continue;
    d += `M${f2(seg[0][0])} ${f2(seg[0][1])}L${f2(seg[1][0])} ${f2(seg[1][1])}`;
  }
  return d;
}

/**
 * An escarpment's teeth: along each hexside, small triangles pointing into the second hex of the
 * pair ("a/b": towards b; the static data does not say which side is the foot).
 */
export function escarpmentTeeth(grid, sides, size, perSide = 3) {
  let d = "";
  const depth = size * 0.2;
  for (const id of sides) {
    const [a, b] = id.split("/");
    const seg = hexsideSegment(grid, a, b, size);
    if (!seg) continue;
    const [[x1, y1], [x2, y2]] = seg;
    const [bx, by] = centre(grid, b, size);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    const len = Math.hypot(bx - mx, by - my) || 1;
    const nx = (bx - mx) / len, ny = (by - my) / len;
    for (let k = 0; k < perSide; k++) {
      const p = (t) => [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
      const [ax, ay] = p((k + 0.1) / perSide), [cx, cy] = p((k + 0.9) / perSide), [tx, ty] = p((k + 0.5) / perSide);
      d += `M${f2(ax)} ${f2(ay)}L${f2(tx + nx * depth)} ${f2(ty + ny * depth)}L${f2(cx)} ${f2(cy)}Z`;
    }
  }
  return d;
}

function drawBorders(map, layer) {
  const d = hexsidePath(map, "border");
  if (!d) return;
  layer.append(s("path", { class: "bti-border-casing", d, "stroke-width": map.size * 0.2 }));
  layer.append(s("path", { class: "bti-border", d, "stroke-width": map.size * 0.09, "stroke-dasharray": `${f2(map.size * 0.34)} ${f2(map.size * 0.12)} ${f2(map.size * 0.06)} ${f2(map.size * 0.12)}` }));
}

function drawEscarpments(map, layer) {
  const sides = Object.entries(map.board.hexsides ?? {}).filter(([id, i]) => i?.escarpment && id.split("/").every((h) => map.has(h))).map(([id]) => id);
  if (!sides.length) return;
  layer.append(s("path", { class: "bti-escarpment", d: hexsidePath(map, "escarpment"), "stroke-width": map.size * 0.07 }));
  layer.append(s("path", { class: "bti-escarpment-teeth", d: escarpmentTeeth(map.grid, sides, map.size) }));
}

/** A region (Kurdish area, Saddam Line): a hatch over its hexes, its outline, its name once. */
function region(map, layer, name, ids, { pattern, stroke, dash, width }) {
  const hexes = (ids ?? []).filter((id) => map.has(id));
  if (!hexes.length) return;
  const g = s("g", { class: `bti-region bti-${name.replace(/_/g, "-")}` });
  g.append(s("path", { class: "bti-region-fill", d: hexPath(map.grid, hexes, map.size), fill: `url(#${pattern})` }));
  const d = regionEdges(map.grid, hexes, map.size).map(({ a, b }) => `M${f2(a[0])} ${f2(a[1])}L${f2(b[0])} ${f2(b[1])}`).join("");
  g.append(s("path", { class: "bti-region-edge", d, stroke, "stroke-width": map.size * width, "stroke-dasharray": dash, fill: "none" }));
  // the name at the region's top-most hex, above its centre
  const top = hexes.map((id) => [id, map.centre(id)]).sort((p, q) => p[1][1] - q[1][1] || p[1][0] - q[1][0])[0];
  const lang = getLang();
  const [x, y] = top[1];
  g.append(s("text", { class: "bti-region-name", x, y: y - map.size * 0.5, "font-size": map.size * 0.26, "text-anchor": "middle", fill: stroke },
    AREA_TEXT[name]?.[lang] ?? AREA_TEXT[name]?.en ?? name));
  layer.append(g);
}

function drawKurdish(map, layer) {
  region(map, layer, "kurdish_area", map.board.kurdish_area, { pattern: "bti-pat-kurd", stroke: "#7a3d8c", dash: `${f2(map.size * 0.25)} ${f2(map.size * 0.12)}`, width: 0.09 });
}

function drawSaddam(map, layer) {
  region(map, layer, "saddam_line", map.board.saddam_line, { pattern: "bti-pat-saddam", stroke: "#a3121a", dash: "none", width: 0.12 });
}

/** Supply sources: a roundel with "S" in its owner's colour (a double ring for general and edge sources). */
function drawSources(map, layer) {
  for (const [hex, kind] of Object.entries(map.board.supply_sources ?? {})) {
    if (!map.has(hex)) continue;
    const [x, y] = map.centre(hex);
    const st = sourceStyle(kind);
    const r = map.size * 0.17, cx = x + map.size * 0.52, cy = y - map.size * 0.42;
    const g = s("g", { class: `bti-source source-${kind}`, "data-source": hex });
    if (st.general) g.append(s("circle", { cx, cy, r: r * 1.3, fill: "#fff", stroke: st.fill, "stroke-width": map.size * 0.04 }));
    g.append(s("circle", { cx, cy, r, fill: st.fill, stroke: "#111", "stroke-width": map.size * 0.02 }));
    g.append(s("text", { x: cx, y: cy + r * 0.42, "font-size": r * 1.25, "text-anchor": "middle", fill: st.ink, "font-weight": 800 }, "S"));
    layer.append(g);
  }
}

/** §G1 strategic targets: a kind's letters on its token (the board's `markers` names it in full). */
export const MARKER_CODES = {
  deception: "DEC", c3i: "C3I", adc: "ADC", ssm: "SSM", wmd: "WMD", terrorist_base: "TB", hostages: "HOS",
  war_information: "INF", military_installation: "MIL", rebellion: "REB",
};

/**
 * The tokens of view.targets.markers on the map, {hex: [{id, text, face, known, risen}]}: "?" for a marker
 * whose kind the viewer may not see; the removed ones are not on the map.
 */
export function markerTokens(targets) {
  const out = {};
  for (const t of targets?.markers ?? []) {
    if (t.status !== "map" || !t.hex) continue;
    (out[t.hex] ??= []).push({ id: t.id, text: t.kind ? MARKER_CODES[t.kind] ?? t.kind : "?", face: t.face, known: !!t.kind, risen: !!t.risen, kind: t.kind });
  }
  return out;
}

/** The strategic-target tokens, at each hex's lower right (two at most a hex, side by side). */
function drawMarkers(map, view) {
  const want = markerTokens(view?.targets);
  map.markerNodes ??= new Map();
  for (const [hex, node] of map.markerNodes) if (!want[hex]) { node.remove(); map.markerNodes.delete(hex); }
  const names = map.board.markers ?? {};
  const lang = getLang();
  for (const [hex, tokens] of Object.entries(want)) {
    if (!map.has(hex)) continue;
    const sig = JSON.stringify(tokens);
    let node = map.markerNodes.get(hex);
    if (node?.dataset.sig === sig) continue;
    node?.remove();
    node = s("g", { class: "bti-markers", "data-markers-hex": hex });
    node.dataset.sig = sig;
    const [x, y] = map.centre(hex);
    const w = map.size * 0.42, hgt = map.size * 0.24;
    tokens.forEach((t, i) => {
      const tx = x + map.size * 0.05 + (i - (tokens.length - 1) / 2) * (w + map.size * 0.04) - w / 2, ty = y + map.size * 0.5;
      const g = s("g", { class: `bti-marker face-${t.face}${t.risen ? " risen" : ""}`, "data-target": t.id });
      const title = t.kind ? names[t.kind]?.[lang] ?? names[t.kind]?.en ?? t.kind : "?";
      g.append(s("title", {}, `${t.id}: ${title}${t.face === "down" && t.known ? " (↓)" : ""}`));
      g.append(s("rect", { x: tx, y: ty, width: w, height: hgt, rx: map.size * 0.03 }));
      g.append(s("text", { x: tx + w / 2, y: ty + hgt * 0.74, "font-size": hgt * 0.68, "text-anchor": "middle" }, t.text));
      node.append(g);
    });
    map.badgeLayer.append(node);
    map.markerNodes.set(hex, node);
  }
}

/** The map plugin (see common/map.js). */
export const mapPlugin = {
  defs: (size) => `<pattern id="bti-pat-kurd" width="${size * 0.32}" height="${size * 0.32}" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
    <rect width="${size * 0.05}" height="${size * 0.32}" fill="#7a3d8c" opacity="0.28"/></pattern>
    <pattern id="bti-pat-saddam" width="${size * 0.24}" height="${size * 0.24}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="${size * 0.07}" height="${size * 0.24}" fill="#a3121a" opacity="0.35"/></pattern>`,
  overlays: [
    { name: "kurdish_area", layer: "bti-kurdish", slot: "under", offered: (b) => (b.kurdish_area ?? []).length > 0, draw: drawKurdish },
    { name: "saddam_line", layer: "bti-saddam", slot: "under", offered: (b) => (b.saddam_line ?? []).length > 0, draw: drawSaddam },
    { name: "borders", layer: "bti-borders", slot: "under", offered: (b) => Object.values(b.hexsides ?? {}).some((i) => i?.border), draw: drawBorders },
    { name: "escarpments", layer: "bti-escarpments", slot: "under", offered: (b) => Object.values(b.hexsides ?? {}).some((i) => i?.escarpment), draw: drawEscarpments },
    { name: "supply_sources", layer: "bti-sources", slot: "over", offered: (b) => Object.keys(b.supply_sources ?? {}).length > 0, draw: drawSources },
  ],
  // cities and towns are drawn by the common map from `places`; the areas and sources by the overlays
  feature: () => null,
  featureName: (f, lang) => FEATURE_NAMES[f]?.[lang] ?? FEATURE_NAMES[f]?.en ?? "",
  flag: (side) => ({ ...(SIDE_FLAG[side] ?? { colour: "#888", emblem: "?" }),
    title: FLAG_TITLE[getLang()]?.[side] ?? FLAG_TITLE.en[side] ?? side }),
  // view.control {hex: side}: the places each side controls, as flags (the occupation overlay)
  view: (map, view) => {
    map.setOccupation(view?.control ?? null);
    drawMarkers(map, view);
  },
  counterLook,
};
