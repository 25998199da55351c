// Conflict of Heroes on the common hex map (common/map.js): its geomorphic board (hexes "1-A1" with
// their own centres, hexgeom.js `grid.centres`) as a hex board, the terrain's colours, hills shaded by
// level, walls on hexsides, and its counters: the side's colour, the short name, firepower and range,
// the facing arrow (§6.1), the used unit's red line (§3.0), the hit counter under a unit (§7.4) and the
// activated unit's ring. Drawing only: what may be done comes from view.actions.

import { s } from "../../common/dom.js";
import { hexPath } from "../../common/hexpaths.js";
import { hexsideSegment } from "../../common/hexgeom.js";

/** Terrain colours (the boards' print: pale fields, green woods, brown buildings, blue water). */
export const TERRAIN = {
  open: { fill: "#e6e2b8", name: { en: "open", ja: "開豁地" } },
  road: { fill: "#e6e2b8", name: { en: "road", ja: "道路" } },
  light_woods: { fill: "#b5cf8a", name: { en: "light woods", ja: "疎林" } },
  woods: { fill: "#6f9a4f", name: { en: "woods", ja: "森林" } },
  wooden_building: { fill: "#b58a5a", name: { en: "wooden building", ja: "木造建物" } },
  stone_building: { fill: "#9a9590", name: { en: "stone building", ja: "石造建物" } },
  water: { fill: "#8fbfe0", name: { en: "water", ja: "水域" } },
  marsh: { fill: "#b9d3c4", name: { en: "marsh", ja: "湿地" } },
  wall: { fill: "#e6e2b8", name: { en: "wall", ja: "石垣" } },
};
const HALF_H = Math.sqrt(3) / 2;
const PATTERNS = { light_woods: "trees", woods: "dense" };
/** Hill levels: a brown wash, darker for level 2. */
const HILL = { 1: { fill: "#a0703c", opacity: 0.22 }, 2: { fill: "#7a4f22", opacity: 0.38 } };

/** Counter colours by side (the counters' print: German field grey, Soviet khaki). */
export const SIDE_STYLE = {
  german: { face: "#a9b6bd", ink: "#12202a", edge: "#44525b", band: "#5f6f78" },
  soviet: { face: "#c9a66b", ink: "#2a1a08", edge: "#6e5124", band: "#8b2a1e" },
};
/** Facing (flat-topped hexes): the arrow's angle in degrees, y down. */
export const FACING_ANGLE = { N: -90, NE: -30, SE: 30, S: 90, SW: 150, NW: 210 };
/** Short names printed on a counter, by type's class word (the full name: the catalogue's, in the tooltip). */
const SHORT = {
  rifles: { en: "Rifles", ja: "小銃" }, pioneers: { en: "Pioneer", ja: "工兵" }, lmg: { en: "LMG", ja: "軽機" },
  hmg: { en: "HMG", ja: "重機" }, smg: { en: "SMG", ja: "短機" }, maxim: { en: "Maxim", ja: "マキシム" },
};
/** Hit counters' short words (§7.4), by the counter's last word. */
const HIT_SHORT = {
  pinned: { en: "PIN", ja: "釘付" }, suppressed: { en: "SUP", ja: "制圧" }, stunned: { en: "STN", ja: "朦朧" },
  panicked: { en: "PAN", ja: "恐慌" }, cowering: { en: "COW", ja: "萎縮" }, unnerved: { en: "UNV", ja: "動揺" },
  berserk: { en: "BSK", ja: "狂乱" }, killed: { en: "KIA", ja: "戦死" }, immobilized: { en: "IMM", ja: "移動不" },
  light_damage: { en: "DMG", ja: "損傷" }, gun_damage_red: { en: "GUN", ja: "砲損" }, gun_damage_blue: { en: "GUN", ja: "砲損" },
  destroyed: { en: "KO", ja: "撃破" },
};

const esc = (v) => String(v).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const word = (w, lang) => (w ? w[lang] ?? w.en : "");

/** The printed short name of a unit type ("ger_rifles" → Rifles). */
export function shortName(type, lang = "en") {
  const key = String(type ?? "").replace(/^(ger|sov)_/, "");
  return word(SHORT[key], lang) || key.replace(/_/g, " ");
}

/** A hit counter's short word ("infantry.pinned" → PIN). */
export function hitShort(counter, lang = "en") {
  const key = String(counter ?? "").split(".").pop();
  return word(HIT_SHORT[key], lang) || key.slice(0, 3).toUpperCase();
}

/** The geomorphic board as the common map's hex board: one firefight's map (the first: Firefight 1 is the only one). */
export function hexBoard(board) {
  if (board?.kind !== "geomorphic") return board;
  const m = Object.values(board.maps ?? {})[0] ?? { hexes: {}, roads: [], walls: [], places: {} };
  const centres = {}, hexes = {};
  for (const [id, hx] of Object.entries(m.hexes)) {
    // the server's centres are rounded: snapped back to the grid, so that neighbours share their corners exactly
    centres[id] = [Math.round(hx.x / 1.5) * 1.5, Math.round(hx.y / HALF_H) * HALF_H];
    hexes[id] = { terrain: hx.terrain, elevation: hx.elevation ?? 0, ...(m.places?.[id] ? { name: m.places[id] } : {}) };
  }
  return {
    kind: "hex", top: "flat", grid: { top: "flat", centres }, hexes, terrain: TERRAIN,
    roads: (m.roads ?? []).map((side) => side.split("/")), walls: m.walls ?? [], layout: m.layout,
  };
}

/** The view's units as the common board's counters (ref = unit id; a waiting reinforcement is off map). */
export function unitsAsCounters(view) {
  return (view.units ?? []).map((u) => ({
    ref: u.id, id: u.type, type: u.type, side: u.side, face: "up", name: u.name,
    hex: u.status === "map" ? u.hex : null,
    status: u.status === "map" ? "map" : u.status === "waiting" ? "offmap" : "destroyed",
    facing: u.facing, used: u.used, activated: u.activated, counter: u.counter,
    ...(u.ap !== undefined ? { ap: u.ap } : {}), ...(u.enters !== undefined ? { enters: u.enters } : {}),
  }));
}

/** A unit counter's inner SVG, centred at (0, 0), `size` wide. */
export function unitMarkup(info, size, lang = "en", units = {}) {
  const st = SIDE_STYLE[info.side] ?? SIDE_STYLE.german;
  const half = size / 2, sw = Math.max(size * 0.03, 0.6);
  const data = units[info.type] ?? {};
  const out = [];
  if (info.activated) {
    out.push(`<rect class="coh-activated" x="${-half - size * 0.1}" y="${-half - size * 0.1}" width="${size * 1.2}" height="${size * 1.2}" rx="${size * 0.12}" fill="none" stroke="#ffd400" stroke-width="${size * 0.1}"/>`);
  }
  out.push(`<rect class="counter-body" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${size * 0.07}" fill="${st.face}" stroke="${st.edge}" stroke-width="${sw}"/>`);
  // the facing arrow: a wedge from the centre to the edge the unit faces
  const a = ((FACING_ANGLE[info.facing] ?? -90) * Math.PI) / 180;
  if (info.facing) {
    const tip = half * 1.45, base = half * 0.8, wing = size * 0.085;
    const px = (r, off) => [Math.cos(a) * r - Math.sin(a) * off, Math.sin(a) * r + Math.cos(a) * off];
    const [tx, ty] = px(tip, 0), [lx, ly] = px(base, wing), [rx, ry] = px(base, -wing);
    out.push(`<path class="coh-facing" d="M ${tx.toFixed(2)} ${ty.toFixed(2)} L ${lx.toFixed(2)} ${ly.toFixed(2)} L ${rx.toFixed(2)} ${ry.toFixed(2)} Z" fill="${st.band}" stroke="#fff" stroke-width="${sw}"/>`);
  }
  const name = shortName(info.type, lang);
  const fs = size * (lang === "ja" ? 0.24 : 0.25);
  const fit = name.length * fs * (lang === "ja" ? 1 : 0.6) > size * 0.86 ? ` textLength="${(size * 0.86).toFixed(2)}" lengthAdjust="spacingAndGlyphs"` : "";
  out.push(`<text x="0" y="${(-size * 0.02).toFixed(2)}" font-size="${fs.toFixed(2)}" font-weight="700" text-anchor="middle" fill="${st.ink}"${fit}>${esc(name)}</text>`);
  const fp = Object.values(data.fp ?? {})[0];
  if (fp !== undefined && !info.counter) {
    // firepower · range, defence (front), as printed
    const line = `${fp}·${data.range ?? "?"}  ${data.dr_front ?? ""}`;
    out.push(`<text x="0" y="${(size * 0.3).toFixed(2)}" font-size="${(size * 0.22).toFixed(2)}" text-anchor="middle" fill="${st.ink}">${esc(line)}</text>`);
  }
  if (info.used) {
    // §3.0: the used side, a red line along the top of the counter
    out.push(`<rect class="coh-used" x="${-half + sw}" y="${-half + sw}" width="${size - 2 * sw}" height="${(size * 0.13).toFixed(2)}" fill="#d0021b"/>`);
  }
  if (info.counter) {
    // §7.4: the hit counter on the unit, its short word in white on red
    const w = size * 0.84, hh = size * 0.3;
    out.push(`<g class="coh-hit"><rect x="${-w / 2}" y="${half - hh - sw}" width="${w}" height="${hh}" rx="${size * 0.05}" fill="#b3001b" stroke="#fff" stroke-width="${sw}"/>` +
      `<text x="0" y="${half - sw - hh * 0.26}" font-size="${(size * 0.22).toFixed(2)}" font-weight="700" text-anchor="middle" fill="#fff">${esc(hitShort(info.counter, lang))}</text></g>`);
  }
  if (info.enters !== undefined && info.status === "offmap") {
    out.push(`<text class="coh-enters" x="${-half + sw * 2}" y="${-half + size * 0.2}" font-size="${(size * 0.17).toFixed(2)}" text-anchor="start" fill="${st.ink}">T${info.enters}</text>`);
  }
  return out.join("");
}

/** Hills: each level's hexes washed in brown, outlined. */
function drawHills(map, layer) {
  for (const level of [1, 2]) {
    const ids = map.ids.filter((id) => (map.board.hexes?.[id]?.elevation ?? 0) === level);
    if (!ids.length) continue;
    layer.append(s("path", { class: `coh-hill level-${level}`, d: hexPath(map.grid, ids, map.size), fill: HILL[level].fill,
      "fill-opacity": HILL[level].opacity, stroke: HILL[level].fill, "stroke-width": map.size * 0.05 }));
  }
}

/** Walls on hexsides: a thick grey stone line. */
function drawWalls(map, layer) {
  let d = "";
  for (const side of map.board.walls ?? []) {
    const [a, b] = side.split("/");
    if (!map.has(a) || !map.has(b)) continue;
    const seg = hexsideSegment(map.grid, a, b, map.size);
    if (seg) d += `M${seg[0][0].toFixed(2)} ${seg[0][1].toFixed(2)}L${seg[1][0].toFixed(2)} ${seg[1][1].toFixed(2)}`;
  }
  if (d) layer.append(s("path", { class: "coh-wall", d, stroke: "#5b5750", "stroke-width": map.size * 0.14, "stroke-linecap": "round", fill: "none" }));
}

/**
 * The facing choice after a move (§5.1), drawn on the map: one round arrow button per offered facing around the
 * unit's hex, pointing at the hexside it would face; a click sends that face action (`send`, set by the panel).
 */
export function facingChoices(view) {
  const faces = (view.actions ?? []).filter((a) => a.type === "face");
  if (!faces.length) return null;
  const unit = (view.units ?? []).find((u) => u.id === faces[0].unit);
  return unit?.hex ? { hex: unit.hex, actions: faces } : null;
}

function drawFacing(map, view) {
  if (!map.cohFacing) {
    map.cohFacing = s("g", { class: "layer coh-facing-choices" });
    map.svg.append(map.cohFacing);
  }
  const layer = map.cohFacing;
  layer.replaceChildren();
  const choice = mapPlugin.send ? facingChoices(view) : null;
  if (!choice || !map.has(choice.hex)) return;
  const [cx, cy] = map.centre(choice.hex);
  const r = map.size * 0.18;
  for (const a of choice.actions) {
    const ang = ((FACING_ANGLE[a.facing] ?? 0) * Math.PI) / 180;
    const x = cx + Math.cos(ang) * map.size * 0.8, y = cy + Math.sin(ang) * map.size * 0.8;
    const g = s("g", { class: "coh-face-choice", "data-facing": a.facing, role: "button", tabindex: "0",
      "aria-label": mapPlugin.label?.(a) ?? a.facing, transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${FACING_ANGLE[a.facing] ?? 0})` });
    g.append(s("title", {}, mapPlugin.label?.(a) ?? a.facing));
    g.append(s("circle", { r, fill: "#ffd400", stroke: "#1d1d1d", "stroke-width": map.size * 0.03 }));
    g.append(s("path", { d: `M ${r * 0.65} 0 L ${-r * 0.45} ${-r * 0.5} L ${-r * 0.2} 0 L ${-r * 0.45} ${r * 0.5} Z`, fill: "#1d1d1d" }));
    const go = (e) => {
      e.stopPropagation();
      e.preventDefault();
      mapPlugin.send?.(a);
    };
    g.addEventListener("click", go);
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") go(e);
    });
    layer.append(g);
  }
}

/** Builds the plugin; `units` is the static data's unit types (fp, range, defence), set by the panel's first view. */
export const mapPlugin = {
  units: {},
  send: null, // the board's send, given by the panel of an interactive board: the facing arrows play with it
  label: null, // an action's words (the panel's: the catalogue's action.face)
  view: drawFacing,
  board: hexBoard,
  counters: unitsAsCounters,
  pattern: (terrain) => PATTERNS[terrain] ?? null,
  counterLook(info) {
    if (!SIDE_STYLE[info.side]) return null;
    const units = mapPlugin.units;
    return { kind: "custom", sig: [info.facing, info.used, info.activated, info.counter, info.type, info.enters, info.status].join(","),
      markup: (i, size, lang) => unitMarkup(i, size, lang, units) };
  },
  overlays: [
    { name: "hills", layer: "hills", slot: "under", offered: (b) => Object.values(b.hexes ?? {}).some((h) => h.elevation > 0), draw: drawHills },
    { name: "walls", layer: "walls", slot: "over", offered: (b) => (b.walls ?? []).length > 0, draw: drawWalls },
  ],
};
