// A hex board drawn as SVG from the game's static data; counters, highlights and labels are
// keyed nodes updated in place (<g id="hex-0305" data-hex="0305">, <g id="c-REF" data-ref="REF">).
// The map draws what it is given: it knows nothing of rules.

import { s, esc } from "./dom.js";
import { makeGrid, allHexes, centre, corners, hexsideSegment, bounds } from "./hexgeom.js";
import { drawCounterNode } from "./counters.js";

const PATTERNED = new Set(["jungle", "forest", "woods", "rough", "swamp", "plantation", "rubber"]);
const FEATURE_TEXT = {
  entry: { en: "ENTRY", ja: "登場" },
  exit: { en: "EXIT", ja: "退出" },
};

const pts = (list) => list.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");
const localised = (v, lang) => (v && typeof v === "object" ? v[lang] ?? v.en ?? "" : v ?? "");

export class HexMap {
  /**
   * board: static data (kind "hex"); options: {onHex(hex, event), onCounter(ref, hex, event),
   * lang, size, sideName(side)}.
   */
  constructor(container, board, options = {}) {
    this.board = board;
    this.grid = makeGrid(board.grid);
    this.size = options.size ?? 40;
    this.lang = options.lang ?? "en";
    this.options = options;
    this.hexNodes = new Map();
    this.markNodes = new Map();
    this.counterNodes = new Map();
    this.labelNodes = new Map();
    this.counterHex = new Map();
    this.build(container);
  }

  centre(hex) {
    return centre(this.grid, hex, this.size);
  }

  build(container) {
    const size = this.size;
    const b = bounds(this.grid, size);
    const pad = size * 0.3;
    this.svg = s("svg", {
      class: "hexmap",
      viewBox: `${(b.minX - pad).toFixed(1)} ${(b.minY - pad).toFixed(1)} ${(b.width + 2 * pad).toFixed(1)} ${(b.height + 2 * pad).toFixed(1)}`,
      role: "group",
      "aria-label": "map",
      "data-testid": "map",
    });
    this.svg.innerHTML = `<defs>
      <pattern id="pat-trees" width="${size * 0.5}" height="${size * 0.5}" patternUnits="userSpaceOnUse">
        <path d="M ${size * 0.12} ${size * 0.2} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z M ${size * 0.35} ${size * 0.45} l ${size * 0.06} -${size * 0.1} l ${size * 0.06} ${size * 0.1} z" fill="#1f4d1a" opacity="0.45"/>
      </pattern></defs>
      <rect class="paper" x="${b.minX - pad}" y="${b.minY - pad}" width="${b.width + 2 * pad}" height="${b.height + 2 * pad}"/>`;
    const layer = (name) => this.svg.appendChild(s("g", { class: `layer ${name}` }));
    const terrain = layer("terrain");
    const roads = layer("roads");
    const hexsides = layer("hexsides");
    const features = layer("features");
    this.textLayer = layer("texts");
    const marks = layer("marks");
    this.counterLayer = layer("counters");
    this.labelLayer = layer("labels");

    const defaultTerrain = this.board.terrain?.clear ? "clear" : Object.keys(this.board.terrain ?? {})[0];
    for (const id of allHexes(this.grid)) {
      const info = this.board.hexes?.[id] ?? {};
      const t = info.terrain ?? defaultTerrain;
      const poly = pts(corners(this.grid, id, size));
      const g = s("g", { id: `hex-${id}`, class: `hex terrain-${t}`, "data-hex": id });
      g.append(s("polygon", { points: poly, fill: this.board.terrain?.[t]?.fill ?? "#dde5c4" }));
      if (PATTERNED.has(t)) g.append(s("polygon", { points: poly, fill: "url(#pat-trees)", class: "pattern" }));
      terrain.append(g);
      this.hexNodes.set(id, g);
      const inner = corners(this.grid, id, size * 0.9);
      const mark = s("polygon", { class: "mark", points: pts(inner) });
      marks.append(mark);
      this.markNodes.set(id, mark);
    }

    for (const road of this.board.roads ?? []) {
      const line = pts(road.filter((h) => this.hexNodes.has(h)).map((h) => this.centre(h)));
      roads.append(s("polyline", { class: "road-casing", points: line, "stroke-width": size * 0.22 }));
      roads.append(s("polyline", { class: "road", points: line, "stroke-width": size * 0.12 }));
    }

    for (const [side, info] of Object.entries(this.board.hexsides ?? {})) {
      const [a, b2] = side.split("/");
      if (!this.hexNodes.has(a) || !this.hexNodes.has(b2)) continue;
      const seg = hexsideSegment(this.grid, a, b2, size);
      if (!seg) continue;
      const [[x1, y1], [x2, y2]] = seg;
      if (info.river) {
        hexsides.append(s("line", { class: "river", x1, y1, x2, y2, "stroke-width": size * 0.2, "data-hexside": side }));
      }
      if (info.bridge) {
        const [ax, ay] = this.centre(a);
        const [bx, by] = this.centre(b2);
        const angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
        const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
        const len = size * 0.6, wid = size * 0.26;
        hexsides.append(s("rect", {
          class: "bridge", x: -len / 2, y: -wid / 2, width: len, height: wid, rx: size * 0.03,
          transform: `translate(${mx.toFixed(2)} ${my.toFixed(2)}) rotate(${angle.toFixed(1)})`,
          "data-hexside": side,
        }));
      }
    }

    this.featureLayer = features;
    this.drawTexts();
    container.append(this.svg);

    const pick = (e) => {
      const counter = e.target.closest?.("[data-ref]");
      if (counter && this.svg.contains(counter)) {
        this.options.onCounter?.(counter.dataset.ref, this.counterHex.get(counter.dataset.ref) ?? null, e);
        return true;
      }
      const hex = e.target.closest?.("[data-hex]");
      if (hex && this.svg.contains(hex)) {
        this.options.onHex?.(hex.dataset.hex, e);
        return true;
      }
      return false;
    };
    this.svg.addEventListener("click", pick);
    this.svg.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && pick(e)) e.preventDefault();
    });
  }

  /** Language-dependent drawing: hex names, feature words, aria-labels. */
  drawTexts() {
    const size = this.size;
    const lang = this.lang;
    this.textLayer.replaceChildren();
    this.featureLayer.replaceChildren();
    for (const [id, g] of this.hexNodes) {
      const info = this.board.hexes?.[id] ?? {};
      const [x, y] = this.centre(id);
      const top = -size * 0.866;
      this.textLayer.append(s("text", { class: "hex-number", x, y: y + top + size * 0.2, "font-size": size * 0.17, "text-anchor": "middle" }, id));
      const name = localised(info.name, lang);
      if (name) {
        const fs = size * 0.2;
        const fit = name.length * fs * (lang === "ja" ? 1 : 0.55) > size * 1.2 ? { textLength: size * 1.2, lengthAdjust: "spacingAndGlyphs" } : {};
        this.textLayer.append(s("text", { class: "hex-name", x, y: y + top + size * 0.4, "font-size": fs, "text-anchor": "middle", ...fit }, name));
      }
      for (const f of info.features ?? []) this.drawFeature(f, x, y);
      const tname = localised(this.board.terrain?.[info.terrain]?.name, lang) || info.terrain || "";
      const words = [id, tname, name, ...(info.features ?? []).map((f) => localised(FEATURE_TEXT[f], lang) || f)].filter(Boolean);
      g.setAttribute("aria-label", words.join(", "));
    }
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
    if (this.lastCounters) this.setCounters(this.lastCounters);
  }

  /** counters: [{ref, hex, side, face, ...}] merged with static data; those without hex are skipped. */
  setCounters(counters) {
    this.lastCounters = counters;
    const size = this.size * 0.92;
    const perHex = new Map();
    const seen = new Set();
    for (const c of counters) {
      if (!c.hex || !this.hexNodes.has(c.hex)) continue;
      seen.add(c.ref);
      let g = this.counterNodes.get(c.ref);
      if (!g) {
        g = s("g", { id: `c-${c.ref}`, class: "counter", "data-ref": c.ref, role: "img" });
        this.counterNodes.set(c.ref, g);
      }
      const k = perHex.get(c.hex) ?? 0;
      perHex.set(c.hex, k + 1);
      const [x, y] = this.centre(c.hex);
      const off = k * this.size * 0.14;
      g.setAttribute("transform", `translate(${(x + off).toFixed(2)} ${(y - off).toFixed(2)})`);
      g.setAttribute("data-at", c.hex);
      this.counterHex.set(c.ref, c.hex);
      drawCounterNode(g, c, size, this.lang, this.options.sideName?.(c.side) ?? c.side);
      g.classList.add(`side-${c.side}`);
      this.counterLayer.append(g); // document order = stacking order
    }
    for (const [ref, g] of this.counterNodes) {
      if (!seen.has(ref)) {
        g.remove();
        this.counterNodes.delete(ref);
        this.counterHex.delete(ref);
      }
    }
  }

  /** Toggles CSS classes: hexes in `targets` get "target", counters in `selectable` "selectable". */
  highlight({ targets = new Set(), selectable = new Set(), selected = null } = {}) {
    for (const [id, g] of this.hexNodes) {
      const on = targets.has(id);
      g.classList.toggle("target", on);
      this.markNodes.get(id).classList.toggle("target", on);
      if (on) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
    }
    for (const [ref, g] of this.counterNodes) {
      const on = selectable.has(ref) || targets.has(this.counterHex.get(ref));
      g.classList.toggle("selectable", selectable.has(ref));
      g.classList.toggle("selected", ref === selected);
      g.setAttribute("role", on ? "button" : "img");
      if (on) g.setAttribute("tabindex", "0");
      else g.removeAttribute("tabindex");
    }
    const sel = selected ? this.counterHex.get(selected) : null;
    for (const [id, mark] of this.markNodes) mark.classList.toggle("origin", id === sel);
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
}
