// A hex board drawn as SVG from the game's static data. The board is drawn once: one <path> per
// terrain (fills, patterns, grid), one per road/river class; each hex keeps one keyed transparent
// hit polygon (<polygon id="hex-0305" data-hex="0305" class="hex">) for clicks, keyboard and
// highlights. Counters, stack badges, highlights, labels and flags are keyed nodes updated in place
// (<g id="c-REF" data-ref="REF" data-at="HEX">). The map draws what it is given: it knows no rules.
// Pan and zoom: zoom.js. Optional overlays (checkboxes): hex numbers, army-zone lines, occupation,
// supply markers, the West Wall.

import { s, h, esc } from "./dom.js";
import { makeGrid, allHexes, centre, corners, hexsideSegment, bounds } from "./hexgeom.js";
import { drawCounterNode } from "./counters.js";
import { groupStacks, stackOffsets } from "./stacks.js";
import { PanZoom, bindLongPress } from "./zoom.js";
import { t } from "./i18n.js";

const PATTERNED = new Set(["jungle", "forest", "woods", "rough", "swamp", "plantation", "rubber", "light_forest", "deep_forest"]);
const DENSE = new Set(["deep_forest"]);
export const DEFAULT_FILLS = {
  clear: "#e4e2bf", hills: "#d5bc8a", light_forest: "#b3cf92", forest: "#a7c687", woods: "#a7c687",
  deep_forest: "#73a05f", jungle: "#8fb872", rough: "#cdbf9a", swamp: "#b9d3c6", town: "#d8d0c0",
};
const FEATURE_TEXT = {
  entry: { en: "ENTRY", ja: "登場" },
  exit: { en: "EXIT", ja: "退出" },
};
export const ARMY_COLOURS = { "6SS": "#f0c400", "5Pz": "#d3202a", "7": "#1f5fd0", white: "#ffffff" };
const ENTRY_COLOURS = { yellow: "#f4d03f", orange: "#f08a24" };
const SIDE_FLAG = { german: "#5b6066", allied: "#6b7a2e", us: "#6b7a2e", british: "#b88a2c" };

/** Overlays a map may offer, in toolbar order. */
export const OVERLAYS = ["numbers", "army_lines", "west_wall", "occupation", "supply"];

const f2 = (n) => n.toFixed(1);
const pts = (list) => list.map(([x, y]) => `${f2(x)},${f2(y)}`).join(" ");
const localised = (v, lang) => (v && typeof v === "object" ? v[lang] ?? v.en ?? "" : v ?? "");

/** One path "M..Z" outlining every hex of `ids` (for a terrain's fill, a region, the grid). */
export function hexPath(grid, ids, size) {
  let d = "";
  for (const id of ids) {
    const c = corners(grid, id, size);
    d += `M${f2(c[0][0])} ${f2(c[0][1])}`;
    for (let i = 1; i < 6; i++) d += `L${f2(c[i][0])} ${f2(c[i][1])}`;
    d += "Z";
  }
  return d;
}

/** Every hexside of `ids` once (shared edges are not drawn twice): a path of segments. */
export function gridPath(grid, ids, size) {
  const seen = new Set();
  let d = "";
  for (const id of ids) {
    const c = corners(grid, id, size);
    for (let i = 0; i < 6; i++) {
      const a = c[i], b = c[(i + 1) % 6];
      const ka = `${f2(a[0])} ${f2(a[1])}`, kb = `${f2(b[0])} ${f2(b[1])}`;
      const k = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
      if (seen.has(k)) continue;
      seen.add(k);
      d += `M${ka}L${kb}`;
    }
  }
  return d;
}

/** "a/b" (sorted) for a hexside given as a pair, an "a/b" string or {a, b}. */
export function hexsideId(side) {
  const pair = typeof side === "string" ? side.split("/") : Array.isArray(side) ? side : [side?.a, side?.b];
  return [String(pair[0]), String(pair[1])].sort().join("/");
}

/**
 * Every drawn hexside: the `hexsides` dict ({"a/b": {river, major_river|major, bridge}}) merged
 * with the lists `rivers` and `major_rivers` (pairs or "a/b"). -> Map<id, {a, b, river, major, bridge}>.
 */
export function hexsidesOf(board) {
  const out = new Map();
  const get = (side) => {
    const id = hexsideId(side);
    if (!out.has(id)) {
      const [a, b] = id.split("/");
      out.set(id, { id, a, b, river: false, major: false, bridge: false });
    }
    return out.get(id);
  };
  for (const [side, info] of Object.entries(board.hexsides ?? {})) {
    const e = get(side);
    e.river ||= !!info.river;
    e.major ||= !!(info.major_river || info.major);
    e.bridge ||= !!info.bridge;
  }
  for (const side of board.rivers ?? []) get(side).river = true;
  for (const side of board.major_rivers ?? []) get(side).major = true;
  return out;
}

/** A path through the centres of each chain of hexes (roads, army lines). */
export function chainsPath(grid, chains, size, has = () => true) {
  let d = "";
  for (const chain of chains ?? []) {
    const cs = (chain ?? []).filter(has).map((id) => centre(grid, id, size));
    if (cs.length < 2) continue;
    d += cs.map(([x, y], i) => `${i ? "L" : "M"}${f2(x)} ${f2(y)}`).join("");
  }
  return d;
}

const key = ([x, y]) => `${Math.round(x * 4)},${Math.round(y * 4)}`;

/**
 * The outline of a set of hexes: [{a: [x,y], b: [x,y], out: [nx,ny]}], each edge whose far side is
 * not in the set, with its outward unit normal.
 */
export function regionEdges(grid, ids, size) {
  const set = new Set(ids);
  const at = new Map(allHexes(grid).map((id) => [key(centre(grid, id, size)), id]));
  const out = [];
  for (const id of set) {
    const [cx, cy] = centre(grid, id, size);
    const cs = corners(grid, id, size);
    for (let i = 0; i < 6; i++) {
      const a = cs[i], b = cs[(i + 1) % 6];
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      const n = at.get(key([2 * mx - cx, 2 * my - cy]));
      if (n && set.has(n)) continue;
      const len = Math.hypot(mx - cx, my - cy);
      out.push({ a, b, out: [(mx - cx) / len, (my - cy) / len] });
    }
  }
  return out;
}

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

function loadOverlays() {
  try {
    return JSON.parse(globalThis.localStorage?.getItem("map.overlays") ?? "{}") ?? {};
  } catch {
    return {};
  }
}

export class HexMap {
  /**
   * board: static data (kind "hex"); options: {onHex(hex, event), onCounter(ref, hex, event),
   * onHover({hex, ref} | null, event), onLongPress({hex, ref}, event), lang, size, sideName(side)}.
   */
  constructor(container, board, options = {}) {
    this.board = board;
    this.grid = makeGrid(board.grid);
    this.size = options.size ?? 40;
    this.lang = options.lang ?? "en";
    this.options = options;
    this.hexNodes = new Map();
    this.targetMarks = new Map();
    this.counterNodes = new Map();
    this.labelNodes = new Map();
    this.badgeNodes = new Map();
    this.flagNodes = new Map();
    this.counterHex = new Map();
    this.targets = new Set();
    this.ids = allHexes(this.grid);
    this.big = this.ids.length > 400;
    const stored = loadOverlays();
    this.overlay = {
      numbers: stored.numbers ?? !this.big,
      army_lines: stored.army_lines ?? true,
      west_wall: stored.west_wall ?? true,
      occupation: stored.occupation ?? true,
      supply: stored.supply ?? true,
    };
    this.available = new Set(["numbers"]);
    if (Object.keys(board.army_lines ?? {}).length) this.available.add("army_lines");
    if ((board.west_wall ?? []).length) this.available.add("west_wall");
    this.build(container);
  }

  centre(hex) {
    return centre(this.grid, hex, this.size);
  }

  build(container) {
    const size = this.size;
    const b = bounds(this.grid, size);
    const pad = size * 0.3;
    this.world = { x: b.minX - pad, y: b.minY - pad, w: b.width + 2 * pad, h: b.height + 2 * pad };
    const W = this.world;
    this.svg = s("svg", {
      class: `hexmap${this.big ? " big" : ""}`,
      viewBox: `${f2(W.x)} ${f2(W.y)} ${f2(W.w)} ${f2(W.h)}`,
      role: "group",
      "aria-label": "map",
      "data-testid": "map",
      style: `aspect-ratio: ${f2(W.w)} / ${f2(W.h)}`,
    });
    this.svg.innerHTML = `<defs>
      <pattern id="pat-trees" width="${size * 0.5}" height="${size * 0.5}" patternUnits="userSpaceOnUse">
        <path d="M ${size * 0.12} ${size * 0.2} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z M ${size * 0.35} ${size * 0.45} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z" fill="#1f4d1a" opacity="0.45"/>
      </pattern>
      <pattern id="pat-dense" width="${size * 0.34}" height="${size * 0.34}" patternUnits="userSpaceOnUse">
        <path d="M ${size * 0.05} ${size * 0.16} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z M ${size * 0.2} ${size * 0.32} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z" fill="#143d12" opacity="0.55"/>
      </pattern>
      <pattern id="pat-ww" width="${size * 0.3}" height="${size * 0.3}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="${size * 0.08}" height="${size * 0.3}" fill="#3a3a3a" opacity="0.35"/>
      </pattern></defs>
      <rect class="paper" x="${W.x}" y="${W.y}" width="${W.w}" height="${W.h}"/>`;
    const layer = (name) => this.svg.appendChild(s("g", { class: `layer ${name}` }));
    const terrain = layer("terrain");
    this.hitLayer = layer("hits");
    const roads = layer("roads");
    const hexsides = layer("hexsides");
    this.wwLayer = layer("west-wall overlay-west_wall");
    this.featureLayer = layer("features");
    this.armyLayer = layer("army-lines overlay-army_lines");
    this.textLayer = layer("texts");
    this.numberLayer = layer("numbers overlay-numbers");
    this.markLayer = layer("marks");
    this.flagLayer = layer("flags overlay-occupation");
    this.counterLayer = layer("counters");
    this.badgeLayer = layer("badges");
    this.labelLayer = layer("labels");

    // terrain: one fill path (and one pattern path) per terrain type, then the grid lines
    const defaultTerrain = this.board.terrain?.clear || !this.board.terrain ? "clear" : Object.keys(this.board.terrain)[0];
    const byTerrain = new Map();
    this.terrainOf = new Map();
    for (const id of this.ids) {
      const tt = this.board.hexes?.[id]?.terrain ?? defaultTerrain;
      this.terrainOf.set(id, tt);
      if (!byTerrain.has(tt)) byTerrain.set(tt, []);
      byTerrain.get(tt).push(id);
    }
    for (const [tt, ids] of byTerrain) {
      const d = hexPath(this.grid, ids, size);
      terrain.append(s("path", { class: `terrain-fill terrain-${tt}`, d, fill: this.board.terrain?.[tt]?.fill ?? DEFAULT_FILLS[tt] ?? "#dde5c4" }));
      if (PATTERNED.has(tt)) terrain.append(s("path", { class: "pattern", d, fill: DENSE.has(tt) ? "url(#pat-dense)" : "url(#pat-trees)" }));
    }
    terrain.append(s("path", { class: "grid", d: gridPath(this.grid, this.ids, size) }));

    // hit polygons: the keyed hexes
    for (const id of this.ids) {
      const g = s("polygon", { id: `hex-${id}`, class: `hex terrain-${this.terrainOf.get(id)}`, "data-hex": id, points: pts(corners(this.grid, id, size)) });
      this.hitLayer.append(g);
      this.hexNodes.set(id, g);
    }

    // roads: casing then road, main roads wider
    const has = (id) => this.hexNodes.has(id);
    const road = chainsPath(this.grid, this.board.roads, size, has);
    const main = chainsPath(this.grid, this.board.main_roads, size, has);
    if (main) roads.append(s("path", { class: "road-casing main", d: main, "stroke-width": size * 0.34 }));
    if (road) roads.append(s("path", { class: "road-casing", d: road, "stroke-width": size * 0.22 }));
    if (main) roads.append(s("path", { class: "road main", d: main, "stroke-width": size * 0.2 }));
    if (road) roads.append(s("path", { class: "road", d: road, "stroke-width": size * 0.12 }));

    // rivers and bridges on hexsides
    let river = "", major = "";
    for (const side of hexsidesOf(this.board).values()) {
      if (!has(side.a) || !has(side.b)) continue;
      const seg = hexsideSegment(this.grid, side.a, side.b, size);
      if (!seg) continue;
      const [[x1, y1], [x2, y2]] = seg;
      const d = `M${f2(x1)} ${f2(y1)}L${f2(x2)} ${f2(y2)}`;
      if (side.major) major += d;
      else if (side.river) river += d;
      if (side.bridge) {
        const [ax, ay] = this.centre(side.a);
        const [bx, by] = this.centre(side.b);
        const angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
        const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
        const len = size * 0.6, wid = size * 0.26;
        hexsides.append(s("rect", {
          class: "bridge", x: -len / 2, y: -wid / 2, width: len, height: wid, rx: size * 0.03,
          transform: `translate(${f2(mx)} ${f2(my)}) rotate(${angle.toFixed(1)})`,
          "data-hexside": side.id,
        }));
      }
    }
    if (river) hexsides.prepend(s("path", { class: "river", d: river, "stroke-width": size * 0.2 }));
    if (major) hexsides.prepend(s("path", { class: "river major", d: major, "stroke-width": size * 0.36 }));

    // the West Wall: hatched hexes, dragon's teeth along the outline
    const ww = (this.board.west_wall ?? []).filter(has);
    if (ww.length) {
      this.wwLayer.append(s("path", { class: "ww-hatch", d: hexPath(this.grid, ww, size), fill: "url(#pat-ww)" }));
      this.wwLayer.append(s("path", { class: "ww-teeth", d: teethPath(regionEdges(this.grid, ww, size), size) }));
    }

    // army-zone lines: dashed, one dash colour per army
    for (const [name, chain] of Object.entries(this.board.army_lines ?? {})) {
      const d = chainsPath(this.grid, [chain], size, has);
      if (!d) continue;
      const colours = lineColours(name);
      const dash = size * 0.35;
      const g = s("g", { class: "army-line", "data-line": name });
      g.append(s("path", { class: "army-casing", d, "stroke-width": size * 0.16 }));
      colours.forEach((colour, i) => g.append(s("path", {
        class: "army-dash", d, stroke: colour, "stroke-width": size * 0.1,
        "stroke-dasharray": `${f2(dash)} ${f2(dash * (colours.length - 1) || dash * 0.6)}`,
        "stroke-dashoffset": f2(-i * dash),
      })));
      const first = chain.find(has);
      if (first) {
        const [x, y] = this.centre(first);
        g.append(s("text", { class: "army-name", x, y: y - size * 0.35, "font-size": size * 0.24, "text-anchor": "middle" }, name));
      }
      this.armyLayer.append(g);
    }

    this.drawTexts();
    this.applyOverlays();

    this.controls = this.buildControls();
    container.classList.add("map-wrap-zoom");
    if (!container.hasAttribute("tabindex")) container.setAttribute("tabindex", "0");
    container.setAttribute("aria-label", t("map.keys"));
    container.append(this.controls.layers, this.svg, this.controls.zoom);
    // while the view moves, draw fast (no anti-aliasing, no tree patterns); full quality when idle
    let idle = 0;
    this.panzoom = new PanZoom(this.svg, this.world, {
      keyTarget: container,
      onChange: () => {
        if (!this.big) return;
        this.svg.classList.add("moving");
        clearTimeout(idle);
        idle = setTimeout(() => this.svg.classList.remove("moving"), 160);
      },
    });
    this.bindEvents();
  }

  buildControls() {
    const btn = (text, label, fn, testid) => h("button", { type: "button", class: "zoom-btn", "aria-label": label, title: label, "data-testid": testid, onclick: (e) => { e.stopPropagation(); fn(); } }, text);
    const zoom = h("div", { class: "zoom-controls" },
      btn("+", t("map.zoom_in"), () => this.panzoom.zoom(1.4), "zoom-in"),
      btn("−", t("map.zoom_out"), () => this.panzoom.zoom(1 / 1.4), "zoom-out"),
      btn("⤢", t("map.fit"), () => this.panzoom.reset(), "zoom-fit"));
    this.overlayBoxes = new Map();
    const layers = h("div", { class: "map-layers", "data-testid": "map-layers" });
    for (const name of OVERLAYS) {
      const box = h("input", { type: "checkbox", "data-overlay": name, onchange: (e) => this.setOverlay(name, e.target.checked) });
      box.checked = this.overlay[name];
      const text = h("span", {}, t(`map.overlay.${name}`));
      const label = h("label", { class: "overlay-toggle", hidden: !this.available.has(name) }, box, text);
      this.overlayBoxes.set(name, { box, label, text });
      layers.append(label);
    }
    return { zoom, layers };
  }

  /** Shows or hides an overlay (and remembers the choice). */
  setOverlay(name, on) {
    this.overlay[name] = !!on;
    const entry = this.overlayBoxes?.get(name);
    if (entry) entry.box.checked = !!on;
    try {
      globalThis.localStorage?.setItem("map.overlays", JSON.stringify(this.overlay));
    } catch { /* private mode */ }
    this.applyOverlays();
  }

  /** Marks an overlay as available (its toggle appears), e.g. once the view has occupation. */
  offer(name) {
    if (this.available.has(name)) return;
    this.available.add(name);
    const entry = this.overlayBoxes?.get(name);
    if (entry) entry.label.hidden = false;
  }

  applyOverlays() {
    for (const name of OVERLAYS) this.svg.classList.toggle(`hide-${name}`, !this.overlay[name]);
    if (this.overlay.numbers && !this.numbersDrawn) this.drawNumbers();
  }

  drawNumbers() {
    this.numbersDrawn = true;
    const size = this.size;
    const flat = this.grid.top === "flat";
    const dy = flat ? -size * 0.866 + size * 0.2 : -size * 0.6;
    const fs = flat ? size * 0.17 : size * 0.2;
    const frag = [];
    for (const id of this.ids) {
      const [x, y] = this.centre(id);
      frag.push(`<text class="hex-number" x="${f2(x)}" y="${f2(y + dy)}" font-size="${f2(fs)}" text-anchor="middle">${id}</text>`);
    }
    this.numberLayer.innerHTML = frag.join("");
  }

  bindEvents() {
    const targetOf = (e) => {
      const counter = e.target.closest?.("[data-ref]");
      if (counter && this.svg.contains(counter)) return { ref: counter.dataset.ref, hex: this.counterHex.get(counter.dataset.ref) ?? null };
      const hex = e.target.closest?.("[data-hex]");
      if (hex && this.svg.contains(hex)) return { ref: null, hex: hex.dataset.hex };
      return null;
    };
    const pick = (e) => {
      const tg = targetOf(e);
      if (!tg) return false;
      if (tg.ref) this.options.onCounter?.(tg.ref, tg.hex, e);
      else this.options.onHex?.(tg.hex, e);
      return true;
    };
    this.svg.addEventListener("click", pick);
    this.svg.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && pick(e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    });
    let last = null;
    this.svg.addEventListener("pointerover", (e) => {
      if (e.pointerType === "touch" || this.svg.classList.contains("panning")) return;
      const tg = targetOf(e);
      const k = tg ? `${tg.ref}|${tg.hex}` : null;
      if (k === last) return;
      last = k;
      this.options.onHover?.(tg, e);
    });
    this.svg.addEventListener("pointerleave", (e) => {
      last = null;
      this.options.onHover?.(null, e);
    });
    this.svg.addEventListener("focusin", (e) => {
      const tg = targetOf(e);
      if (tg) this.options.onHover?.(tg, e);
    });
    bindLongPress(this.svg, this.panzoom, targetOf, (tg, e) => this.options.onLongPress?.(tg, e));
  }

  /** Language-dependent drawing: hex and place names, features, entries, aria-labels. */
  drawTexts() {
    const size = this.size;
    const lang = this.lang;
    const flat = this.grid.top === "flat";
    this.textLayer.replaceChildren();
    this.featureLayer.replaceChildren();
    const places = this.board.places ?? {};
    const entriesAt = new Map();
    for (const [eid, e] of Object.entries(this.board.entries ?? {})) {
      if (!e?.hex) continue;
      if (!entriesAt.has(e.hex)) entriesAt.set(e.hex, []);
      entriesAt.get(e.hex).push({ id: eid, ...e });
    }
    const named = new Set([...Object.keys(this.board.hexes ?? {}), ...Object.keys(places), ...entriesAt.keys()]);
    for (const id of named) {
      const g = this.hexNodes.get(id);
      if (!g) continue;
      const info = this.board.hexes?.[id] ?? {};
      const place = places[id];
      const [x, y] = this.centre(id);
      const top = flat ? -size * 0.866 : -size;
      const name = localised(info.name, lang) || localised(place?.name, lang);
      if (place) this.drawPlace(place.kind, x, y);
      if (name) {
        const fs = size * (place?.kind === "important" || place?.kind === "fortress" ? 0.24 : 0.2);
        const ny = place ? y + size * 0.5 : y + top + size * 0.4;
        const fit = name.length * fs * (lang === "ja" ? 1 : 0.55) > size * 1.5 ? { textLength: size * 1.5, lengthAdjust: "spacingAndGlyphs" } : {};
        this.textLayer.append(s("text", { class: `hex-name${place ? ` place-${place.kind}` : ""}`, x, y: ny, "font-size": fs, "text-anchor": "middle", ...fit }, name));
      }
      for (const f of info.features ?? []) this.drawFeature(f, x, y);
      for (const e of entriesAt.get(id) ?? []) this.drawEntry(e, x, y);
      const tname = localised(this.board.terrain?.[info.terrain]?.name, lang) || info.terrain || "";
      const words = [id, tname, name, place ? t(`map.place.${place.kind}`, undefined, lang) : "",
        ...(entriesAt.get(id) ?? []).map((e) => `${t("map.entry", undefined, lang)} ${e.code ?? e.id}`),
        ...(info.features ?? []).map((f) => localised(FEATURE_TEXT[f], lang) || f)].filter(Boolean);
      g.setAttribute("aria-label", words.join(", "));
    }
    if (!this.labelledAll) {
      // hexes with nothing but terrain: their number and terrain (language-independent enough)
      for (const [id, g] of this.hexNodes) if (!named.has(id)) g.setAttribute("aria-label", `${id}, ${this.terrainOf.get(id) ?? ""}`);
      this.labelledAll = true;
    }
  }

  drawPlace(kind, x, y) {
    const size = this.size;
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
    this.featureLayer.append(g);
  }

  drawEntry(e, x, y) {
    const size = this.size;
    const text = String(e.code ?? e.id);
    const fs = size * 0.24;
    const w = Math.max(text.length * fs * 0.7, size * 0.4) + size * 0.12;
    const ly = y - size * 0.45;
    const fillColour = ENTRY_COLOURS[e.colour] ?? SIDE_FLAG[e.side] ?? "#777";
    const g = s("g", { class: `entry entry-${e.side ?? "any"}${e.colour ? ` entry-${e.colour}` : ""}`, "data-entry": e.id });
    g.append(s("rect", { x: x - w / 2, y: ly - fs * 0.85, width: w, height: fs * 1.3, rx: fs * 0.3, fill: fillColour }));
    g.append(s("text", { x, y: ly + fs * 0.3, "font-size": fs, "text-anchor": "middle" }, text));
    this.featureLayer.append(g);
  }

  drawFeature(f, x, y) {
    const size = this.size;
    const lang = this.lang;
    const low = y + size * 0.64;
    if (f === "position") {
      // barbed wire: a strand with crossed barbs, along the foot of the hex
      const w = size * 0.42;
      let d = `M ${x - w} ${low} L ${x + w} ${low}`;
      for (let i = -2; i <= 2; i++) {
        const cx = x + (i * w) / 2.5, r = size * 0.07;
        d += ` M ${cx - r} ${low - r} L ${cx + r} ${low + r} M ${cx - r} ${low + r} L ${cx + r} ${low - r}`;
      }
      this.featureLayer.append(s("path", { class: "feature-position", d, "stroke-width": size * 0.04 }));
    } else if (f === "town") {
      const b = size * 0.13;
      const g = s("g", { class: "feature-town" });
      for (const [dx, dy] of [[-0.3, -0.05], [0.05, -0.2], [0.28, 0.05], [-0.08, 0.22]]) {
        g.append(s("rect", { x: x + dx * size - b / 2, y: y + dy * size - b / 2, width: b, height: b }));
      }
      this.featureLayer.append(g);
    } else if (FEATURE_TEXT[f]) {
      const text = localised(FEATURE_TEXT[f], lang);
      const fs = size * 0.19;
      const w = Math.max(text.length * fs * (lang === "ja" ? 1.05 : 0.68), size * 0.5) + size * 0.12;
      const g = s("g", { class: `feature-${f}` });
      g.append(s("rect", { x: x - w / 2, y: low - fs * 0.85, width: w, height: fs * 1.3, rx: fs * 0.3 }));
      g.append(s("text", { x, y: low + fs * 0.3, "font-size": fs, "text-anchor": "middle" }, text));
      this.featureLayer.append(g);
    }
  }

  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    this.drawTexts();
    for (const [name, entry] of this.overlayBoxes ?? []) entry.text.textContent = t(`map.overlay.${name}`, undefined, lang);
    if (this.lastCounters) this.setCounters(this.lastCounters);
  }

  /** counters: [{ref, hex, side, face, ...}] merged with static data; those without hex are skipped. */
  setCounters(counters) {
    this.lastCounters = counters;
    const size = this.size * 0.92;
    const seen = new Set();
    const stacks = groupStacks(counters.filter((c) => this.hexNodes.has(c.hex)));
    this.stacks = stacks;
    const badges = new Set();
    let markers = false;
    for (const [hex, list] of stacks) {
      const [x, y] = this.centre(hex);
      const offs = stackOffsets(list.length, this.size);
      list.forEach((c, k) => {
        seen.add(c.ref);
        let g = this.counterNodes.get(c.ref);
        if (!g) {
          g = s("g", { id: `c-${c.ref}`, class: "counter", "data-ref": c.ref, role: "img" });
          this.counterNodes.set(c.ref, g);
        }
        const [dx, dy] = offs[k];
        g.setAttribute("transform", `translate(${f2(x + dx)} ${f2(y + dy)})`);
        g.setAttribute("data-at", c.hex);
        g.setAttribute("data-stack", String(list.length));
        this.counterHex.set(c.ref, c.hex);
        drawCounterNode(g, c, size, this.lang, this.options.sideName?.(c.side) ?? c.side);
        g.classList.add(`side-${c.side}`);
        if (c.markers?.length) markers = true;
        this.counterLayer.append(g); // document order = stacking order
      });
      if (list.length > 1) {
        badges.add(hex);
        const [dx, dy] = offs[list.length - 1];
        this.setBadge(hex, x + dx + size * 0.5, y + dy - size * 0.5, list.length);
      }
    }
    if (markers) this.offer("supply");
    for (const [hex, node] of this.badgeNodes) {
      if (!badges.has(hex)) {
        node.remove();
        this.badgeNodes.delete(hex);
      }
    }
    for (const [ref, g] of this.counterNodes) {
      if (!seen.has(ref)) {
        g.remove();
        this.counterNodes.delete(ref);
        this.counterHex.delete(ref);
      }
    }
  }

  setBadge(hex, x, y, n) {
    let node = this.badgeNodes.get(hex);
    if (!node) {
      node = s("g", { class: "stack-badge", "data-stack-hex": hex });
      this.badgeLayer.append(node);
      this.badgeNodes.set(hex, node);
    }
    const sig = `${f2(x)},${f2(y)},${n}`;
    if (node.dataset.sig === sig) return;
    node.dataset.sig = sig;
    const r = this.size * 0.17;
    node.innerHTML = `<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(r)}"/><text x="${f2(x)}" y="${f2(y + r * 0.42)}" font-size="${f2(r * 1.25)}" text-anchor="middle">${n}</text>`;
  }

  /** The counters in a hex, bottom first (as last given to setCounters). */
  stackAt(hex) {
    return this.stacks?.get(hex) ?? [];
  }

  /** Toggles highlight state: hexes in `targets` get "target", counters in `selectable` "selectable". */
  highlight({ targets = new Set(), selectable = new Set(), selected = null } = {}) {
    for (const id of this.targets) {
      if (targets.has(id)) continue;
      const g = this.hexNodes.get(id);
      g.classList.remove("target");
      g.removeAttribute("tabindex");
      g.removeAttribute("role");
      this.targetMarks.get(id)?.remove();
      this.targetMarks.delete(id);
    }
    for (const id of targets) {
      const g = this.hexNodes.get(id);
      if (!g || this.targets.has(id)) continue;
      g.classList.add("target");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      const mark = s("polygon", { class: "mark target", points: pts(corners(this.grid, id, this.size * 0.9)) });
      this.markLayer.append(mark);
      this.targetMarks.set(id, mark);
    }
    this.targets = new Set([...targets].filter((id) => this.hexNodes.has(id)));
    for (const [ref, g] of this.counterNodes) {
      const on = selectable.has(ref) || targets.has(this.counterHex.get(ref));
      g.classList.toggle("selectable", selectable.has(ref));
      g.classList.toggle("selected", ref === selected);
      g.setAttribute("role", on ? "button" : "img");
      if (on) g.setAttribute("tabindex", "0");
      else g.removeAttribute("tabindex");
    }
    const sel = selected ? this.counterHex.get(selected) : null;
    if (!this.originMark) {
      this.originMark = s("polygon", { class: "mark origin", hidden: true });
      this.markLayer.append(this.originMark);
    }
    if (sel) {
      this.originMark.setAttribute("points", pts(corners(this.grid, sel, this.size * 0.9)));
      this.originMark.removeAttribute("display");
    } else {
      this.originMark.setAttribute("display", "none");
    }
  }

  /** Game-specific marks on counters: {className: [refs]} (e.g. {attacking: [...]}). */
  markCounters(marks = {}) {
    this.marks = marks;
    for (const [ref, g] of this.counterNodes) {
      for (const cls of this.markClasses ?? []) g.classList.remove(cls);
      for (const [cls, refs] of Object.entries(marks)) if (refs.includes(ref)) g.classList.add(cls);
    }
    this.markClasses = Object.keys(marks);
  }

  /** Occupation flags: {hex: "german" | "allied" | ...} (view.occupied). */
  setOccupation(occupied) {
    if (occupied && typeof occupied === "object" && Object.keys(occupied).length) this.offer("occupation");
    const want = occupied && typeof occupied === "object" ? occupied : {};
    for (const [hex, node] of this.flagNodes) {
      if (!(hex in want)) {
        node.remove();
        this.flagNodes.delete(hex);
      }
    }
    for (const [hex, side] of Object.entries(want)) {
      if (!this.hexNodes.has(hex)) continue;
      let node = this.flagNodes.get(hex);
      if (!node) {
        node = s("g", { class: "flag", "data-flag-hex": hex });
        this.flagLayer.append(node);
        this.flagNodes.set(hex, node);
      }
      if (node.dataset.side === side) continue;
      node.dataset.side = side;
      node.setAttribute("class", `flag flag-${side}`);
      const [x, y] = this.centre(hex);
      const sz = this.size;
      const px = x - sz * 0.62, py = y - sz * 0.05;
      const colour = SIDE_FLAG[side] ?? "#888";
      const emblem = side === "german" ? "✠" : "★";
      node.innerHTML = `<title>${esc(t(`map.occupied.${side}`))}</title><line x1="${f2(px)}" y1="${f2(py)}" x2="${f2(px)}" y2="${f2(py - sz * 0.45)}" stroke="#222" stroke-width="${f2(sz * 0.035)}"/>`
        + `<rect x="${f2(px)}" y="${f2(py - sz * 0.45)}" width="${f2(sz * 0.3)}" height="${f2(sz * 0.2)}" fill="${colour}" stroke="#111" stroke-width="${f2(sz * 0.02)}"/>`
        + `<text x="${f2(px + sz * 0.15)}" y="${f2(py - sz * 0.3)}" font-size="${f2(sz * 0.15)}" text-anchor="middle" fill="#fff">${emblem}</text>`;
    }
  }

  /** Small labels on hexes (e.g. odds of candidate attacks): {hex: text}. */
  setLabels(labels = {}) {
    for (const [hex, node] of this.labelNodes) {
      if (!(hex in labels)) {
        node.remove();
        this.labelNodes.delete(hex);
      }
    }
    for (const [hex, text] of Object.entries(labels)) {
      if (!this.hexNodes.has(hex)) continue;
      let node = this.labelNodes.get(hex);
      if (!node) {
        node = s("g", { class: "hex-label", id: `label-${hex}` });
        this.labelLayer.append(node);
        this.labelNodes.set(hex, node);
      }
      if (node.dataset.text === text) continue;
      node.dataset.text = text;
      const [x, y] = this.centre(hex);
      const fs = this.size * 0.26;
      const w = Math.max(text.length * fs * 0.62, this.size * 0.5) + this.size * 0.1;
      const ly = y + this.size * 0.5;
      node.innerHTML = `<rect x="${x - w / 2}" y="${ly - fs * 0.9}" width="${w}" height="${fs * 1.3}" rx="${fs * 0.3}"/><text x="${x}" y="${ly + fs * 0.2}" font-size="${fs}" text-anchor="middle">${esc(text)}</text>`;
    }
  }

  /** Marks the label of the candidate being inspected. */
  focusLabel(hex) {
    for (const [id, node] of this.labelNodes) node.classList.toggle("focus", id === hex);
  }
}
