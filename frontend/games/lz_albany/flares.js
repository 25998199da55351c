// LZ Albany's flares on the area map (common/areamap.js, through the map plugin's `view` hook): the
// flare markers (view.flares) with those lit for the current chit's action (view.flares_lit) — a lit
// flare lights its area, a spent one waits on the map for Admin (AMBIG-20) — their legend above the
// map, the areas' tooltips, and the lit areas the officers' line of sight reads (AMBIG-32).

import { h, s, esc } from "../../common/dom.js";
import { polygonBounds, pointInPolygon } from "../../common/areageom.js";

const FLARE = { en: "flare", ja: "フレア" }; // a flare's name when the catalogue has none

const f2 = (n) => Number(n).toFixed(1);
const pts = (list) => list.map(([x, y]) => `${f2(x)},${f2(y)}`).join(" ");

/**
 * The flare markers of a view, one per area, sorted: [{area, lit}]. `lit`: placed with the current
 * chit, the flare lights its area for that action only (view.flares_lit); otherwise the marker is
 * spent and waits on the map for the Admin Phase (view.flares; LZ Albany AMBIG-20).
 */
export function flareMarks(view) {
  const lit = new Set(view?.flares_lit ?? []);
  const areas = new Set([...(view?.flares ?? []), ...lit]);
  return [...areas].sort().map((area) => ({ area, lit: lit.has(area) }));
}

/** The glow a lit flare fills its area with (the map's <defs>). */
export const FLARE_DEFS = `<radialGradient id="flare-glow"><stop offset="0" stop-color="#fff8b0" stop-opacity=".85"/><stop offset="1" stop-color="#fff8b0" stop-opacity="0"/></radialGradient>`;

/**
 * The flare markers (view.flares) with those lit for the current chit's action (view.flares_lit):
 * a lit flare lights its area; a spent one is a dim star on a dark disc, its marker waiting for Admin. The
 * names and tooltips come from the game's catalogue (map.flare_lit, map.flare_spent and their
 * _tip), else the platform's "flare"; the area's hit polygon carries the tooltip too.
 */
export function paintFlares(map, view) {
  const marks = flareMarks(view ?? {}).filter((m) => map.areas[m.area]);
  map.lit = new Set(marks.filter((m) => m.lit).map((m) => m.area));
  const sig = `${marks.map((m) => `${m.area}${m.lit ? "*" : ""}`).join(",")}|${map.lang}`;
  if (sig === map.flareSig) return;
  map.flareSig = sig;
  map.gameLayer.replaceChildren();
  for (const node of map.hexNodes.values()) node.querySelector?.(":scope > title.flare-tip")?.remove();
  const tip = (lit) => map.text(lit ? "map.flare_lit_tip" : "map.flare_spent_tip") ?? (FLARE[map.lang] ?? FLARE.en);
  for (const { area, lit } of marks) {
    const g = s("g", { class: `flare ${lit ? "flare-lit" : "flare-spent"}`, "data-flare": area, "data-flare-state": lit ? "lit" : "spent" });
    g.innerHTML = flareMarkup(map.areas[area].shape, map.centre(area), lit, tip(lit));
    map.gameLayer.append(g);
    const hit = map.hexNodes.get(area);
    if (hit) hit.append(s("title", { class: "flare-tip" }, `${map.placeName(area)} — ${tip(lit)}`));
  }
  if (map.legendEl) {
    map.legendEl.replaceWith(map.legendEl = flareLegend(marks, (key) => map.text(key) ?? (key.endsWith("_tip") ? null : (FLARE[map.lang] ?? FLARE.en))));
  }
}


/**
 * Where a flare's star goes in an area: from the top-left corner of its bounds towards its anchor,
 * the first point whose star (radius r) lies inside the area; the anchor's top if none.
 */
export function flareSpot(shape, [x, y], r = 10) {
  const b = polygonBounds(shape);
  const inside = (px, py) => [[0, 0], [r, 0], [-r, 0], [0, r], [0, -r]].every(([dx, dy]) => pointInPolygon([px + dx, py + dy], shape));
  for (let k = 1; k < 10; k++) {
    const px = b.minX + (x - b.minX) * k / 10, py = b.minY + (y - b.minY) * k / 10;
    if (inside(px, py)) return [px, py];
  }
  return [x, y - 2 * r];
}

/**
 * The SVG markup of one flare marker in an area of `shape` with its anchor `centre`: a lit flare
 * (the current chit's action) fills the area with light and shows a bright star; a spent one, its
 * marker waiting on the map for Admin, is a dark disc with a dim star. `title` (plain text) is its
 * tooltip.
 */
export function flareMarkup(shape, centre, lit, title) {
  const b = polygonBounds(shape);
  const [x, y] = centre;
  const [fx, fy] = flareSpot(shape, centre);
  return `<title>${esc(title)}</title>` + (lit
    ? `<polygon class="flare-light" points="${pts(shape)}" fill="url(#flare-glow)"/>`
      + `<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(Math.min(b.width, b.height) * 0.45)}" fill="url(#flare-glow)"/>`
      + flareIconMarkup("lit", fx, fy)
    : flareIconMarkup("spent", fx, fy));
}

/** The flare symbol at (x, y) as [tag, attributes]: a bright starburst (lit), or a dim star on a dark disc (spent). */
function flareParts(kind, x, y) {
  return kind === "lit"
    ? [["path", { class: "flare-star flare-star-lit", d: starburst(x, y, 10, 4) }]]
    : [["circle", { class: "flare-disc", cx: f2(x), cy: f2(y), r: 9 }], ["path", { class: "flare-star flare-star-spent", d: starburst(x, y, 7, 3) }]];
}

/** The flare symbol at (x, y) as SVG markup (the map's flare layer). */
export function flareIconMarkup(kind, x = 0, y = 0) {
  return flareParts(kind, x, y).map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).map(([k, v]) => `${k}="${esc(v)}"`).join(" ")}/>`).join("");
}

/** The flare symbol as a small inline SVG for a legend: the same drawing as on the map. */
export function flareIcon(kind) {
  return s("svg", { class: `flare-icon flare-icon-${kind}`, viewBox: "-11 -11 22 22", width: 16, height: 16, "aria-hidden": "true" },
    ...flareParts(kind, 0, 0).map(([tag, attrs]) => s(tag, attrs)));
}

/**
 * The flare legend above the map: a swatch and a name for each kind on the map (lit, spent), its
 * tooltip as title. `text(key)`: the game's catalogue text or null.
 */
export function flareLegend(marks, text) {
  const kinds = ["lit", "spent"].filter((kind) => marks.some((m) => m.lit === (kind === "lit")));
  return h("span", { class: "flare-legend", "data-testid": "flare-legend", hidden: kinds.length ? null : true },
    ...kinds.map((kind) => h("span", { class: `flare-key flare-key-${kind}`, "data-flare-legend": kind, title: text(`map.flare_${kind}_tip`) },
      flareIcon(kind), text(`map.flare_${kind}`) ?? kind)));
}

/** A starburst path (a flare) of `n` rays around (x, y). */
function starburst(x, y, r, inner) {
  const p = [];
  for (let i = 0; i < 16; i++) {
    const a = (Math.PI / 8) * i, rr = i % 2 ? inner : r;
    p.push(`${i ? "L" : "M"}${f2(x + rr * Math.cos(a))} ${f2(y + rr * Math.sin(a))}`);
  }
  return p.join("") + "Z";
}
