// The language-dependent drawing of a hex map (map.js): hex and place names, place symbols, entry
// badges, the game's hex features (its plugin's), and each hex's role and name for assistive technology.
// Redrawn on a language change.

import { s } from "./dom.js";
import { pts } from "./hexpaths.js";
import { t } from "./i18n.js";

const localised = (v, lang) => (v && typeof v === "object" ? v[lang] ?? v.en ?? "" : v ?? "");

/** board.entries by hex: Map<hex, [{id, ...entry}]>. */
function entriesByHex(board) {
  const out = new Map();
  for (const [eid, e] of Object.entries(board.entries ?? {})) {
    if (!e?.hex) continue;
    if (!out.has(e.hex)) out.set(e.hex, []);
    out.get(e.hex).push({ id: eid, ...e });
  }
  return out;
}

/** A hex's or place's name: over the place symbol, else near the top of the hex; squeezed to fit. */
function nameNode(map, name, place, x, y) {
  const size = map.size, lang = map.lang;
  const top = map.grid.top === "flat" ? -size * 0.866 : -size;
  const fs = size * (place?.kind === "important" || place?.kind === "fortress" ? 0.24 : 0.2);
  const ny = place ? y + size * 0.5 : y + top + size * 0.4;
  const fit = name.length * fs * (lang === "ja" ? 1 : 0.55) > size * 1.5 ? { textLength: size * 1.5, lengthAdjust: "spacingAndGlyphs" } : {};
  return s("text", { class: `hex-name${place ? ` place-${place.kind}` : ""}`, x, y: ny, "font-size": fs, "text-anchor": "middle", ...fit }, name);
}

/**
 * What a screen reader says of a hex: number, terrain, name, place kind, entries, features. A feature
 * the plugin gives no name is left out (its code is no word), as is one the place kind already says.
 */
function hexWords(map, id, name, place, entries) {
  const lang = map.lang;
  const info = map.board.hexes?.[id] ?? {};
  const terrain = info.terrain ?? map.terrainOf?.get(id);
  const tname = localised(map.board.terrain?.[terrain]?.name, lang) || "";
  const features = (info.features ?? []).filter((f) => f !== place?.kind && !(f === "entry" && entries.length));
  return [id, tname, name, place ? t(`map.place.${place.kind}`, undefined, lang) : "",
    ...entries.map((e) => `${t("map.entry", undefined, lang)} ${e.code ?? e.id}`),
    ...features.map((f) => map.plugin.featureName?.(f, lang))].filter(Boolean).join(", ");
}

/**
 * A hex's role and name: a button while it is a target, a picture where it has a name, a place or a
 * feature, else none (plain terrain is part of the map's picture: 1,680 unnamed pictures would bury
 * the named ones). An aria-label needs a role (axe-core: aria-prohibited-attr).
 */
export function setHexRole(map, id, target) {
  const g = map.hexNodes.get(id);
  if (!g) return;
  const role = target ? "button" : map.namedHexes?.has(id) ? "img" : null;
  if (role) {
    g.setAttribute("role", role);
    g.setAttribute("aria-label", map.hexLabels?.get(id) ?? hexWords(map, id, "", null, []));
  } else {
    g.removeAttribute("role");
    g.removeAttribute("aria-label");
  }
}

/** Draws the names, places, entries and features of every named hex, and the hexes' roles and names. */
export function drawNames(map) {
  const lang = map.lang;
  map.svg?.setAttribute("aria-label", t("a11y.map", undefined, lang));
  map.textLayer.replaceChildren();
  map.featureLayer.replaceChildren();
  const places = map.board.places ?? {};
  const entriesAt = entriesByHex(map.board);
  const named = new Set([...Object.keys(map.board.hexes ?? {}), ...Object.keys(places), ...entriesAt.keys()]);
  const labels = new Map(), notable = new Set();
  for (const id of named) {
    const g = map.hexNodes.get(id);
    if (!g) continue;
    const info = map.board.hexes?.[id] ?? {};
    const place = places[id];
    const entries = entriesAt.get(id) ?? [];
    const [x, y] = map.centre(id);
    const name = localised(info.name, lang) || localised(place?.name, lang);
    if (place) map.featureLayer.append(placeNode(place.kind, x, y, map.size));
    if (name) map.textLayer.append(nameNode(map, name, place, x, y));
    for (const f of info.features ?? []) {
      const node = map.plugin.feature?.(map, f, x, y, lang);
      if (node) map.featureLayer.append(node);
    }
    for (const e of entries) map.featureLayer.append(entryNode(map, e, x, y));
    labels.set(id, hexWords(map, id, name, place, entries));
    if (name || place || entries.length || (info.features ?? []).some((f) => map.plugin.featureName?.(f, lang))) notable.add(id);
  }
  map.hexLabels = labels;
  map.namedHexes = notable;
  for (const [id, g] of map.hexNodes) setHexRole(map, id, g.classList.contains("target"));
}

/** A place's symbol: a fortress's bastion, an important city's square, a city's blocks, a town's block. */
function placeNode(kind, x, y, size) {
  const g = s("g", { class: `place place-${kind}` });
  if (kind === "fortress") {
    // a bastion: a star-shaped fort
    const r1 = size * 0.3, r2 = size * 0.17, p = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2, r = i % 2 ? r2 : r1;
      p.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
    }
    g.append(s("polygon", { points: pts(p) }));
  } else if (kind === "important") {
    const w = size * 0.5;
    g.append(s("rect", { x: x - w / 2, y: y - w / 2, width: w, height: w, rx: size * 0.04 }));
    g.append(s("circle", { cx: x, cy: y, r: size * 0.1, class: "dot" }));
  } else if (kind === "city") {
    const b = size * 0.16;
    for (const [dx, dy] of [[-0.12, -0.12], [0.12, -0.12], [-0.12, 0.12], [0.12, 0.12]]) {
      g.append(s("rect", { x: x + dx * size - b / 2, y: y + dy * size - b / 2, width: b, height: b }));
    }
  } else {
    const b = size * 0.18;
    g.append(s("rect", { x: x - b / 2, y: y - b / 2, width: b, height: b }));
  }
  return g;
}

/** An entry badge: its code on the colour the game gives it. */
function entryNode(map, e, x, y) {
  const size = map.size;
  const text = String(e.code ?? e.id);
  const fs = size * 0.24;
  const w = Math.max(text.length * fs * 0.7, size * 0.4) + size * 0.12;
  const ly = y - size * 0.45;
  const fillColour = map.plugin.entryFill?.(e) ?? "#777";
  const g = s("g", { class: `entry entry-${e.side ?? "any"}${e.colour ? ` entry-${e.colour}` : ""}`, "data-entry": e.id });
  g.append(s("rect", { x: x - w / 2, y: ly - fs * 0.85, width: w, height: fs * 1.3, rx: fs * 0.3, fill: fillColour }));
  g.append(s("text", { x, y: ly + fs * 0.3, "font-size": fs, "text-anchor": "middle" }, text));
  return g;
}
