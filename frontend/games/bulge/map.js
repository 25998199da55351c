// The Battle of the Bulge on the common hex map (common/map.js): its overlays (the West Wall, the
// army-zone lines), its forests' patterns, the colours of its sides' flags and of its entry badges,
// and its counters' look (nations' colours, army lines, marker chips).
// Drawing only: which hexes are West Wall or on a line is the board's static data.

import { s } from "../../common/dom.js";
import { f2, hexPath, regionEdges, chainsPath } from "../../common/hexpaths.js";
import { isStepUnit } from "../../common/stacks.js";
import { getLang } from "../../common/i18n.js";

export const ARMY_COLOURS = { "6SS": "#f0c400", "5Pz": "#d3202a", "7": "#1f5fd0", white: "#ffffff" };
const ENTRY_COLOURS = { yellow: "#f4d03f", orange: "#f08a24" };
const SIDE_FLAG = { german: "#5b6066", allied: "#6b7a2e", us: "#6b7a2e", british: "#b88a2c" };
const FLAG_TITLE = {
  en: { german: "occupied by the Germans", allied: "occupied by the Allies" },
  ja: { german: "ドイツ軍占領", allied: "連合軍占領" },
};
const PATTERNS = { light_forest: "trees", forest: "trees", woods: "trees", deep_forest: "dense" };
/** The hex features a screen reader names (towns, cities and entries are said by the place and entry names). */
const FEATURE_NAMES = { west_wall: { en: "West Wall", ja: "西方防壁" }, germany: { en: "Germany", ja: "ドイツ領" } };

/** Dragon's teeth: small triangles along each edge, pointing outward. */
export function teethPath(edges, size, perEdge = 3) {
  let d = "";
  const depth = size * 0.16;
  for (const { a, b, out } of edges) {
    for (let k = 0; k < perEdge; k++) {
      const t0 = (k + 0.15) / perEdge, t1 = (k + 0.85) / perEdge, tm = (k + 0.5) / perEdge;
      const p = (tt) => [a[0] + (b[0] - a[0]) * tt, a[1] + (b[1] - a[1]) * tt];
      const [x0, y0] = p(t0), [x1, y1] = p(t1), [xm, ym] = p(tm);
      d += `M${f2(x0)} ${f2(y0)}L${f2(xm + out[0] * depth)} ${f2(ym + out[1] * depth)}L${f2(x1)} ${f2(y1)}Z`;
    }
  }
  return d;
}

/** The colours of an army-zone line named like "6SS/5Pz" (one per army, else grey). */
export function lineColours(name) {
  const parts = String(name).split(/[/|-]/).map((p) => ARMY_COLOURS[p.replace(/^army:/, "")]).filter(Boolean);
  return parts.length ? parts : ["#555"];
}

/** The West Wall: hatched hexes, dragon's teeth along the outline. */
function drawWestWall(map, layer) {
  const ww = (map.board.west_wall ?? []).filter((id) => map.has(id));
  if (!ww.length) return;
  layer.append(s("path", { class: "ww-hatch", d: hexPath(map.grid, ww, map.size), fill: "url(#pat-ww)" }));
  layer.append(s("path", { class: "ww-teeth", d: teethPath(regionEdges(map.grid, ww, map.size), map.size) }));
}

/** One army-zone line: dashed through hex centres, one dash colour per army, its name at the start. */
function armyLine(map, name, chain) {
  const size = map.size;
  const d = chainsPath(map.grid, [chain], size, (id) => map.has(id));
  if (!d) return null;
  const colours = lineColours(name);
  const dash = size * 0.35;
  const g = s("g", { class: "army-line", "data-line": name });
  g.append(s("path", { class: "army-casing", d, "stroke-width": size * 0.16 }));
  colours.forEach((colour, i) => g.append(s("path", {
    class: "army-dash", d, stroke: colour, "stroke-width": size * 0.1,
    "stroke-dasharray": `${f2(dash)} ${f2(dash * (colours.length - 1) || dash * 0.6)}`,
    "stroke-dashoffset": f2(-i * dash),
  })));
  const first = chain.find((id) => map.has(id));
  if (first) {
    const [x, y] = map.centre(first);
    g.append(s("text", { class: "army-name", x, y: y - size * 0.35, "font-size": size * 0.24, "text-anchor": "middle" }, name));
  }
  return g;
}

function drawArmyLines(map, layer) {
  for (const [name, chain] of Object.entries(map.board.army_lines ?? {})) {
    const g = armyLine(map, name, chain);
    if (g) layer.append(g);
  }
}

/** The map plugin (see common/map.js). */
export const mapPlugin = {
  defs: (size) => `<pattern id="pat-ww" width="${size * 0.3}" height="${size * 0.3}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="${size * 0.08}" height="${size * 0.3}" fill="#3a3a3a" opacity="0.35"/></pattern>`,
  overlays: [
    { name: "army_lines", layer: "army-lines", slot: "over", offered: (b) => Object.keys(b.army_lines ?? {}).length > 0, draw: drawArmyLines },
    { name: "west_wall", layer: "west-wall", slot: "under", offered: (b) => (b.west_wall ?? []).length > 0, draw: drawWestWall },
  ],
  pattern: (terrain) => PATTERNS[terrain] ?? null,
  featureName: (f, lang) => FEATURE_NAMES[f]?.[lang] ?? FEATURE_NAMES[f]?.en ?? "",
  flag: (side) => ({ colour: SIDE_FLAG[side] ?? "#888", emblem: side === "german" ? "✠" : "★",
    title: FLAG_TITLE[getLang()]?.[side] ?? FLAG_TITLE.en[side] ?? side }),
  entryFill: (e) => ENTRY_COLOURS[e.colour] ?? SIDE_FLAG[e.side] ?? "#777",
};

/** Printed colours of step units: national band, light body, darker functional band. */
export const NATION_STYLE = {
  german: { band: "#8e9398", body: "#d3d5d6", dark: "#464b51", ink: "#111" },
  us: { band: "#7b8837", body: "#cfd3a6", dark: "#414b16", ink: "#111" },
  british: { band: "#c4953b", body: "#ead3a0", dark: "#74511a", ink: "#111" },
};
/** German army identification lines on the counters (slightly brighter than the map's). */
const ARMY_LINE = { "6SS": "#f3c800", "5Pz": "#d3202a", "7": "#1f5fd0", white: "#ffffff" };
/** Marker chips: short text and colour. */
const MARKERS = {
  out_of_supply: { text: "OoS", fill: "#f08a24", ink: "#111" },
  isolated: { text: "ISO", fill: "#b3131b", ink: "#fff" },
  option_retreat: { text: "OR", fill: "#6a3fa0", ink: "#fff" },
};

/** The nation whose colours a counter wears: its own field, else guessed from its side. */
export function nationOf(info) {
  if (info.nation && NATION_STYLE[info.nation]) return info.nation;
  if (info.side === "german") return "german";
  if (info.side === "british") return "british";
  return "us";
}

/** A step unit's look (common/counters.js): its nation's colours, the German army line, the markers. */
export function counterLook(info) {
  if (!isStepUnit(info)) return null;
  const nation = nationOf(info);
  return { kind: "step", ...NATION_STYLE[nation], line: nation === "german" ? ARMY_LINE[info.army] ?? null : null, markers: MARKERS };
}

mapPlugin.counterLook = counterLook;
