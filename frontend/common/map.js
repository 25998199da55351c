// A hex board drawn as SVG from the game's static data. The board is drawn once: one <path> per
// terrain (fills, patterns, grid), one per road/river class; each hex keeps one keyed transparent
// hit polygon (<polygon id="hex-0305" data-hex="0305" class="hex">) for clicks, keyboard and
// highlights. Counters, stack badges, highlights, labels and flags are keyed nodes updated in place
// (<g id="c-REF" data-ref="REF" data-at="HEX">). The map draws what it is given: it knows no rules
// and no game. Pan and zoom: zoom.js. Overlays (checkboxes): hex numbers, occupation, markers, and
// those of the game's plugin.
//
// A game adds its own drawing through a plugin (games/<id>/map.js, registered in games/index.js),
// every field optional:
// - overlays: [{name, layer, slot: "under" | "over", offered(board), draw(map, layer)}]: a toggled
//   layer drawn once, under the features (regions) or over them (lines);
// - defs(size): extra <defs> markup (patterns the overlays use);
// - pattern(terrain): "trees" | "dense" | null, the tree pattern over a terrain's fill;
// - feature(map, name, x, y, lang): the node of a hex feature (board.hexes[id].features), and
//   featureName(name, lang) its words for screen readers;
// - flag(side): {colour, emblem} of an occupation flag; entryFill(entry): an entry badge's colour;
// - view(map, view): called with each new view (as on the area map), e.g. Back to Iraq's control flags.
// `map` gives plugins board, grid, size, has(id) and centre(id); paths: hexpaths.js.

import { s, h } from "./dom.js";
import { makeGrid, allHexes, centre, corners, hexsideSegment, bounds } from "./hexgeom.js";
import { f2, pts, hexPath, gridPath, hexsidesOf, chainsPath } from "./hexpaths.js";
import { drawNames, setHexRole } from "./hexnames.js";
import { keyedNode, dropUnwanted, redraw, badgeMarkup, flagMarkup, labelMarkup, markPoints, numbersMarkup } from "./mapmarks.js";
import { drawCounterNode } from "./counters.js";
import { CounterMotion, placeOf } from "./anim.js";
import { groupStacks, stackOffsets } from "./stacks.js";
import { PanZoom, bindLongPress } from "./zoom.js";
import { Viewport, Overview, mapBar, overviewShown } from "./viewport.js";
import { t, tTouch } from "./i18n.js";

const FALLBACK_FILL = "#dde5c4";
const PATTERN_FILL = { trees: "url(#pat-trees)", dense: "url(#pat-dense)" };
const NO_FLAG = { colour: "#888", emblem: "★" };

/** The overlays a map offers, in toolbar order: hex numbers, the plugin's, occupation, markers. */
export function overlaysOf(plugin = {}) {
  return ["numbers", ...(plugin.overlays ?? []).map((o) => o.name), "occupation", "supply"];
}

function loadOverlays() {
  try {
    return JSON.parse(globalThis.localStorage?.getItem("map.overlays") ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/** The shared tree patterns (size-relative) and the plugin's own defs. */
function defsMarkup(size, plugin) {
  const tree = (id, step, fillColour, opacity, [ax, ay, bx, by]) => `<pattern id="${id}" width="${size * step}" height="${size * step}" patternUnits="userSpaceOnUse">
    <path d="M ${size * ax} ${size * ay} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z M ${size * bx} ${size * by} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z" fill="${fillColour}" opacity="${opacity}"/></pattern>`;
  return `<defs>${tree("pat-trees", 0.5, "#1f4d1a", 0.45, [0.12, 0.2, 0.35, 0.45])}${tree("pat-dense", 0.34, "#143d12", 0.55, [0.05, 0.16, 0.2, 0.32])}${plugin.defs?.(size) ?? ""}</defs>`;
}

export class HexMap {
  /**
   * board: static data (kind "hex"); options: {onHex(hex, event), onCounter(ref, hex, event),
   * onHover({hex, ref} | null, event), onLongPress({hex, ref}, event), lang, size, sideName(side),
   * plugin (the game's, see above), viewKey (the match: its pan and zoom are kept, viewport.js)}.
   */
  constructor(container, board, options = {}) {
    this.board = board;
    this.grid = makeGrid(board.grid);
    this.size = options.size ?? 40;
    this.counterUnits = this.size * 0.92; // a counter's width in map units
    this.focusPad = this.size * 2.5; // the margin (map units) around the hexes a match opens on: their surroundings
    this.lang = options.lang ?? "en";
    this.options = options;
    this.plugin = options.plugin ?? {};
    this.hexNodes = new Map();
    this.targetMarks = new Map();
    this.counterNodes = new Map();
    this.labelNodes = new Map();
    this.badgeNodes = new Map();
    this.flagNodes = new Map();
    this.counterHex = new Map();
    this.targets = new Set();
    this.motion = new CounterMotion();
    this.ids = allHexes(this.grid);
    this.big = this.ids.length > 400;
    this.overlayNames = overlaysOf(this.plugin);
    const stored = loadOverlays();
    this.overlay = Object.fromEntries(this.overlayNames.map((name) => [name, stored[name] ?? (name === "numbers" ? !this.big : true)]));
    this.available = new Set(["numbers", ...(this.plugin.overlays ?? []).filter((o) => o.offered?.(board) ?? true).map((o) => o.name)]);
    this.build(container);
  }

  centre(hex) {
    return centre(this.grid, hex, this.size);
  }

  /** Whether the board has this hex. */
  has(id) {
    return this.hexNodes.has(id);
  }

  /** The board, drawn once: terrain, hit polygons, roads, hexsides, the plugin's overlays, names. */
  build(container) {
    this.drawSvg();
    this.drawTerrain();
    this.drawHits();
    this.drawRoads();
    this.drawHexsides();
    this.drawPluginOverlays();
    this.drawTexts();
    this.applyOverlays();
    this.mount(container);
    this.bindPanZoom(container);
    this.bindEvents();
  }

  /** The <svg> with its defs, paper and layers (in drawing order). */
  drawSvg() {
    const size = this.size;
    const b = bounds(this.grid, size);
    const pad = size * 0.3;
    const W = (this.world = { x: b.minX - pad, y: b.minY - pad, w: b.width + 2 * pad, h: b.height + 2 * pad });
    this.svg = s("svg", {
      class: `hexmap${this.big ? " big" : ""}`,
      viewBox: `${f2(W.x)} ${f2(W.y)} ${f2(W.w)} ${f2(W.h)}`,
      role: "group",
      "aria-label": "map",
      "data-testid": "map",
      style: `aspect-ratio: ${f2(W.w)} / ${f2(W.h)}`,
    });
    this.svg.innerHTML = `${defsMarkup(size, this.plugin)}<rect class="paper" x="${W.x}" y="${W.y}" width="${W.w}" height="${W.h}"/>`;
    const layer = (name) => this.svg.appendChild(s("g", { class: `layer ${name}` }));
    this.terrainLayer = layer("terrain");
    this.hitLayer = layer("hits");
    this.roadLayer = layer("roads");
    this.hexsideLayer = layer("hexsides");
    this.underLayer = layer("plugin-under");
    this.featureLayer = layer("features");
    this.overLayer = layer("plugin-over");
    this.textLayer = layer("texts");
    this.numberLayer = layer("numbers overlay-numbers");
    this.markLayer = layer("marks");
    this.flagLayer = layer("flags overlay-occupation");
    this.counterLayer = layer("counters");
    this.badgeLayer = layer("badges");
    this.labelLayer = layer("labels");
  }

  /** One fill path (and one pattern path) per terrain type, then the grid lines. */
  drawTerrain() {
    const terrains = this.board.terrain;
    const defaultTerrain = terrains?.clear || !terrains ? "clear" : Object.keys(terrains)[0];
    const byTerrain = new Map();
    this.terrainOf = new Map();
    for (const id of this.ids) {
      const tt = this.board.hexes?.[id]?.terrain ?? defaultTerrain;
      this.terrainOf.set(id, tt);
      if (!byTerrain.has(tt)) byTerrain.set(tt, []);
      byTerrain.get(tt).push(id);
    }
    for (const [tt, ids] of byTerrain) {
      const d = hexPath(this.grid, ids, this.size);
      this.terrainLayer.append(s("path", { class: `terrain-fill terrain-${tt}`, d, fill: terrains?.[tt]?.fill ?? FALLBACK_FILL }));
      const pattern = PATTERN_FILL[this.plugin.pattern?.(tt)];
      if (pattern) this.terrainLayer.append(s("path", { class: "pattern", d, fill: pattern }));
    }
    this.terrainLayer.append(s("path", { class: "grid", d: gridPath(this.grid, this.ids, this.size) }));
  }

  /** The keyed hexes: a transparent polygon per hex, for clicks, keys and highlights. */
  drawHits() {
    for (const id of this.ids) {
      const g = s("polygon", { id: `hex-${id}`, class: `hex terrain-${this.terrainOf.get(id)}`, "data-hex": id, points: pts(corners(this.grid, id, this.size)) });
      this.hitLayer.append(g);
      this.hexNodes.set(id, g);
    }
  }

  /** Roads: casing then road, main roads wider. */
  drawRoads() {
    const size = this.size;
    const has = (id) => this.has(id);
    const road = chainsPath(this.grid, this.board.roads, size, has);
    const main = chainsPath(this.grid, this.board.main_roads, size, has);
    if (main) this.roadLayer.append(s("path", { class: "road-casing main", d: main, "stroke-width": size * 0.34 }));
    if (road) this.roadLayer.append(s("path", { class: "road-casing", d: road, "stroke-width": size * 0.22 }));
    if (main) this.roadLayer.append(s("path", { class: "road main", d: main, "stroke-width": size * 0.2 }));
    if (road) this.roadLayer.append(s("path", { class: "road", d: road, "stroke-width": size * 0.12 }));
  }

  /** Rivers (one path per class, major thicker) and bridges on hexsides. */
  drawHexsides() {
    let river = "", major = "";
    for (const side of hexsidesOf(this.board).values()) {
      if (!this.has(side.a) || !this.has(side.b)) continue;
      const seg = hexsideSegment(this.grid, side.a, side.b, this.size);
      if (!seg) continue;
      const [[x1, y1], [x2, y2]] = seg;
      const d = `M${f2(x1)} ${f2(y1)}L${f2(x2)} ${f2(y2)}`;
      if (side.major) major += d;
      else if (side.river) river += d;
      if (side.bridge) this.hexsideLayer.append(this.bridge(side, seg));
    }
    if (river) this.hexsideLayer.prepend(s("path", { class: "river", d: river, "stroke-width": this.size * 0.2 }));
    if (major) this.hexsideLayer.prepend(s("path", { class: "river major", d: major, "stroke-width": this.size * 0.36 }));
  }

  /** A bridge across a hexside: a small rect along the line between the two hex centres. */
  bridge(side, [[x1, y1], [x2, y2]]) {
    const size = this.size;
    const [ax, ay] = this.centre(side.a);
    const [bx, by] = this.centre(side.b);
    const angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    const len = size * 0.6, wid = size * 0.26;
    return s("rect", {
      class: "bridge", x: -len / 2, y: -wid / 2, width: len, height: wid, rx: size * 0.03,
      transform: `translate(${f2(mx)} ${f2(my)}) rotate(${angle.toFixed(1)})`,
      "data-hexside": side.id,
    });
  }

  /** The game's overlays, each in its own toggled layer under or over the features. */
  drawPluginOverlays() {
    for (const o of this.plugin.overlays ?? []) {
      const slot = o.slot === "under" ? this.underLayer : this.overLayer;
      const layer = s("g", { class: `layer ${o.layer ?? o.name} overlay-${o.name}` });
      slot.append(layer);
      o.draw?.(this, layer);
    }
  }

  /** The bar (overlay toggles, zoom buttons) above the svg, the overview of a big map, in the container. */
  mount(container) {
    container.classList.add("map-wrap-zoom");
    if (!container.hasAttribute("tabindex")) container.setAttribute("tabindex", "0");
    container.setAttribute("aria-label", tTouch("map.keys"));
    container.append(this.svg);
  }

  /**
   * Pan and zoom (zoom.js), the viewport (viewport.js: the opening view, kept per match, the
   * overview); while a big map moves it draws fast (no anti-aliasing, no tree patterns).
   */
  bindPanZoom(container) {
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
    this.viewport = new Viewport(this, this.options.viewKey ?? null);
    if (this.big) {
      this.overview = new Overview(this, [this.terrainLayer, this.counterLayer], { label: t("map.overview") });
      this.overview.show(overviewShown(globalThis.innerWidth ?? 1000));
      container.append(this.overview.svg);
    }
    this.controls = this.buildControls();
    container.prepend(mapBar(this, this.controls.layers, { toggles: this.overlayNames.length > 1 }));
  }

  /** The overlay toggles (the bar above the map holds them). */
  buildControls() {
    this.overlayBoxes = new Map();
    const layers = h("div", { class: "map-layers", "data-testid": "map-layers" });
    for (const name of this.overlayNames) {
      const box = h("input", { type: "checkbox", "data-overlay": name, onchange: (e) => this.setOverlay(name, e.target.checked) });
      box.checked = this.overlay[name];
      const text = h("span", {}, t(`map.overlay.${name}`));
      const label = h("label", { class: "overlay-toggle", hidden: !this.available.has(name) }, box, text);
      this.overlayBoxes.set(name, { box, label, text });
      layers.append(label);
    }
    return { layers };
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
    for (const name of this.overlayNames) this.svg.classList.toggle(`hide-${name}`, !this.overlay[name]);
    if (this.overlay.numbers && !this.numbersDrawn) this.drawNumbers();
  }

  drawNumbers() {
    this.numbersDrawn = true;
    this.numberLayer.innerHTML = numbersMarkup(this.grid, this.ids, this.size);
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
      if (e.pointerType !== "touch") this.options.onHover?.(null, e); // a long press's details stay after the finger lifts
    });
    this.svg.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "touch") this.options.onHover?.(null, e); // the next touch closes them
    });
    this.svg.addEventListener("focusin", (e) => {
      const tg = targetOf(e);
      if (tg) this.options.onHover?.(tg, e);
    });
    bindLongPress(this.svg, this.panzoom, targetOf, (tg, e) => this.options.onLongPress?.(tg, e));
  }

  /** Language-dependent drawing: names, places, entries, features, aria-labels (hexnames.js). */
  drawTexts() {
    drawNames(this);
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
    this.motion.finish();
    const size = this.size * 0.92;
    const places = new Map();
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
        places.set(c.ref, placeOf(c, x + dx, y + dy));
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
    dropUnwanted(this.badgeNodes, badges);
    const removed = [...this.counterNodes].filter(([ref]) => !seen.has(ref));
    for (const [ref] of removed) { this.counterNodes.delete(ref); this.counterHex.delete(ref); }
    this.motion.update(places, (ref) => this.counterNodes.get(ref), removed); // slides, then removes
  }

  setBadge(hex, x, y, n) {
    const node = keyedNode(this.badgeNodes, hex, this.badgeLayer, () => s("g", { class: "stack-badge", "data-stack-hex": hex }));
    redraw(node, `${f2(x)},${f2(y)},${n}`, () => badgeMarkup(x, y, n, this.size));
  }

  /** The counters in a hex, bottom first (as last given to setCounters). */
  stackAt(hex) {
    return this.stacks?.get(hex) ?? [];
  }

  /** Toggles highlight state: hexes in `targets` get "target", counters in `selectable` "selectable". */
  highlight({ targets = new Set(), selectable = new Set(), selected = null } = {}) {
    const fresh = [...targets].some((id) => !this.targets.has(id));
    for (const id of this.targets) {
      if (targets.has(id)) continue;
      const g = this.hexNodes.get(id);
      g.classList.remove("target");
      g.removeAttribute("tabindex");
      setHexRole(this, id, false);
      this.targetMarks.get(id)?.remove();
      this.targetMarks.delete(id);
    }
    for (const id of targets) {
      const g = this.hexNodes.get(id);
      if (!g || this.targets.has(id)) continue;
      g.classList.add("target");
      g.setAttribute("tabindex", "0");
      setHexRole(this, id, true);
      const mark = s("polygon", { class: "mark target", points: markPoints(this.grid, id, this.size) });
      this.markLayer.append(mark);
      this.targetMarks.set(id, mark);
    }
    this.targets = new Set([...targets].filter((id) => this.hexNodes.has(id)));
    if (fresh && selected) this.viewport?.reveal(this.targets); // a chosen unit's targets, off screen
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
      this.originMark.setAttribute("points", markPoints(this.grid, sel, this.size));
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

  /** Each new view, for the plugin's `view` hook (board.js calls it after the counters and flags). */
  setView(view) {
    this.plugin.view?.(this, view);
  }

  /** Occupation flags: {hex: side} (view.occupied), coloured by the plugin. */
  setOccupation(occupied) {
    const want = occupied && typeof occupied === "object" ? occupied : {};
    if (Object.keys(want).length) this.offer("occupation");
    dropUnwanted(this.flagNodes, want);
    for (const [hex, side] of Object.entries(want)) {
      if (!this.has(hex)) continue;
      const node = keyedNode(this.flagNodes, hex, this.flagLayer, () => s("g", { class: "flag", "data-flag-hex": hex }));
      redraw(node, side, () => {
        node.setAttribute("class", `flag flag-${side}`);
        return flagMarkup(this.centre(hex), this.size, side, this.plugin.flag?.(side) ?? NO_FLAG);
      });
    }
  }

  /** Small labels on hexes (e.g. odds of candidate attacks): {hex: text}. */
  setLabels(labels = {}) {
    dropUnwanted(this.labelNodes, labels);
    for (const [hex, text] of Object.entries(labels)) {
      if (!this.has(hex)) continue;
      const node = keyedNode(this.labelNodes, hex, this.labelLayer, () => s("g", { class: "hex-label", id: `label-${hex}` }));
      redraw(node, text, () => labelMarkup(this.centre(hex), this.size, text));
    }
  }

  /** Marks the label of the candidate being inspected. */
  focusLabel(hex) {
    for (const [id, node] of this.labelNodes) node.classList.toggle("focus", id === hex);
  }
}
