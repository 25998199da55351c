// An area map (board.kind "area", docs/lz_albany-data.md) drawn as SVG, with the interface of
// HexMap that board.js uses (setCounters, highlight, markCounters, stackAt, setLabels, focusLabel,
// setOccupation, setLang) plus setView(view) for what only an area game shows: contested areas,
// night, the line of sight of a selected officer, and the game's own marks through its map
// plugin's view(map, view) hook (LZ Albany's flares: games/lz_albany/flares.js, drawn in
// `gameLayer`, with a legend replacing `legendEl` and the lit areas in `lit` for the LOS).
//
// The board is drawn once: each area's polygon with its terrain fill (and tree / grass pattern),
// the trail, river and creek, the off-map boxes (transit area, LZ Columbus) and names. Each area
// keeps a keyed transparent hit polygon <polygon id="hex-AREA" data-hex="AREA" class="hex area">
// (the attribute is shared with hex maps so generic code and tests work). Counters are keyed
// <g id="c-REF" data-ref data-at> laid out in a grid under the area's label point (areageom.js);
// a crowded area closes its rows up and shows a count badge, and the stack inspector lists it.
// The map draws what it is given and knows no game: what a counter sees (the LOS shading, a display
// aid from public data) comes from the plugin's sight(map, counter), LZ Albany's games/lz_albany/sight.js.

import { s, h, esc } from "./dom.js";
import { drawCounterNode } from "./counters.js";
import { CounterMotion, placeOf } from "./anim.js";
import { dropUnwanted } from "./mapmarks.js";
import { groupStacks } from "./stacks.js";
import { PanZoom, bindLongPress } from "./zoom.js";
import { Viewport, mapBar } from "./viewport.js";
import { t, tTouch } from "./i18n.js";
import { anchorOf, areaSlots, columnsFor, polygonBounds, pointInPolygon, boardBounds, adjacency, losTable } from "./areageom.js";

const PLAIN_AREA = { fill: "#ddd", pattern: null, strong: false };
export const COUNTER_SIZE = 33;
/** An area whose counters are at least this many opens the stack inspector when clicked. */
export const INSPECT_AT = 4;

const f2 = (n) => Number(n).toFixed(1);
const pts = (list) => list.map(([x, y]) => `${f2(x)},${f2(y)}`).join(" ");
const localised = (v, lang) => (v && typeof v === "object" ? v[lang] ?? v.en ?? "" : v ?? "");
const line = (list) => list.map(([x, y], i) => `${i ? "L" : "M"}${f2(x)} ${f2(y)}`).join("");

export class AreaMap {
  /**
   * board: static data (kind "area"); options as HexMap's: {onHex(area, event), onCounter(ref,
   * area, event), onHover, onLongPress, lang, sideName(side), areaName(area) (catalogue name)}.
   */
  constructor(container, board, options = {}) {
    this.board = board;
    this.lang = options.lang ?? "en";
    this.options = options;
    this.plugin = options.plugin ?? {}; // the game's (games/<id>/map.js): counterLook, defs, terrain, observer, sight, view
    this.size = COUNTER_SIZE;
    this.counterUnits = COUNTER_SIZE;
    this.focusPad = COUNTER_SIZE * 2.2; // an area's counters spread around its label point
    this.big = false;
    this.areas = board.areas ?? {};
    this.ids = Object.keys(this.areas);
    this.hexNodes = new Map(); // area id -> hit polygon (name kept from HexMap)
    this.counterNodes = new Map();
    this.motion = new CounterMotion();
    this.counterHex = new Map();
    this.counterInfo = new Map();
    this.labelNodes = new Map();
    this.badgeNodes = new Map();
    this.targets = new Set();
    this.adj = adjacency(board);
    this.los = losTable(board);
    this.night = false;
    this.losRef = null;
    this.lit = new Set(); // areas lit this action (the plugin's view hook sets them), for the line of sight
    this.selected = null;
    this.view = null;
    this.build(container);
  }

  /** Whether the board has this area. */
  has(id) {
    return this.hexNodes.has(id);
  }

  /** The area's anchor (label point): where its counters go. */
  centre(id) {
    return anchorOf(this.areas[id]);
  }

  /** The area's name in the reader's language. */
  placeName(id) {
    return this.options.areaName?.(id) || localised(this.areas[id]?.name, this.lang) || id;
  }

  build(container) {
    const W = (this.world = boardBounds(this.board, 12));
    this.svg = s("svg", {
      class: "hexmap areamap",
      viewBox: `${f2(W.x)} ${f2(W.y)} ${f2(W.w)} ${f2(W.h)}`,
      role: "group", "aria-label": "map", "data-testid": "map",
      style: `aspect-ratio: ${f2(W.w)} / ${f2(W.h)}`,
    });
    this.svg.innerHTML = `<defs>${this.plugin.defs?.() ?? ""}</defs><rect class="paper" x="${f2(W.x)}" y="${f2(W.y)}" width="${f2(W.w)}" height="${f2(W.h)}"/>`;
    const layer = (name) => this.svg.appendChild(s("g", { class: `layer ${name}` }));
    const terrain = layer("terrain");
    this.featureLayer = layer("features");
    this.losLayer = layer("los");
    this.hitLayer = layer("hits");
    this.markLayer = layer("marks");
    this.contestLayer = layer("contested");
    this.gameLayer = layer("game-marks"); // the plugin's marks, under the names (a lit area's glow leaves its name legible)
    this.textLayer = layer("texts");
    this.counterLayer = layer("counters");
    this.badgeLayer = layer("badges");
    this.labelLayer = layer("labels");

    const frame = this.board.canvas?.terrain_frame;
    if (frame) terrain.append(s("rect", { class: "frame-bg", x: frame[0], y: frame[1], width: frame[2] - frame[0], height: frame[3] - frame[1] }));
    const offMap = this.ids.filter((id) => this.areas[id].off_map);
    if (offMap.length) {
      const b = polygonBounds(offMap.flatMap((id) => this.areas[id].shape));
      this.offBox = { x: b.minX - 8, y: b.minY - 30, w: b.width + 16, h: b.height + 38 };
      terrain.append(s("rect", { class: "offmap-box", x: this.offBox.x, y: this.offBox.y, width: this.offBox.w, height: this.offBox.h, rx: 6 }));
    }
    for (const id of this.ids) {
      const a = this.areas[id];
      const p = pts(a.shape);
      const look = this.terrain(a.terrain);
      terrain.append(s("polygon", { class: `area-fill terrain-${a.terrain}`, points: p, fill: look.fill }));
      if (look.pattern) terrain.append(s("polygon", { class: "pattern", points: p, fill: look.pattern }));
    }
    for (const id of this.ids) terrain.append(s("polygon", { class: `area-border${this.terrain(this.areas[id].terrain).strong ? " strong" : ""}`, points: pts(this.areas[id].shape) }));
    if (frame) terrain.append(s("rect", { class: "frame", x: frame[0], y: frame[1], width: frame[2] - frame[0], height: frame[3] - frame[1] }));

    // features: river, creek, the march trail; off-map links (transit to the east edge, Columbus)
    const f = this.board.features ?? {};
    if (f.river?.length) this.featureLayer.append(s("path", { class: "river", d: line(f.river) }));
    if (f.creek?.length) this.featureLayer.append(s("path", { class: "creek", d: line(f.creek) }));
    if (f.trail?.length) this.featureLayer.append(s("path", { class: "trail", d: line(f.trail) }));
    for (const [a, b, info] of this.board.edges ?? []) {
      if (!info?.link) continue;
      const [x1, y1] = this.linkPoint(a, b), [x2, y2] = this.linkPoint(b, a);
      this.featureLayer.append(s("path", { class: `link link-${info.link}`, d: `M${f2(x1)} ${f2(y1)}L${f2(x2)} ${f2(y2)}` }));
    }

    for (const id of this.ids) {
      const g = s("polygon", { id: `hex-${id}`, class: `hex area terrain-${this.areas[id].terrain}`, "data-hex": id, points: pts(this.areas[id].shape) });
      this.hitLayer.append(g);
      this.hexNodes.set(id, g);
    }
    this.drawTexts();

    this.controls = this.buildControls();
    container.classList.add("map-wrap-zoom");
    if (!container.hasAttribute("tabindex")) container.setAttribute("tabindex", "0");
    container.setAttribute("aria-label", tTouch("map.keys"));
    container.append(this.svg);
    this.panzoom = new PanZoom(this.svg, this.world, { keyTarget: container });
    this.viewport = new Viewport(this, this.options.viewKey ?? null);
    container.prepend(mapBar(this, this.controls.layers, { toggles: false }));
    this.bindEvents();
    this.paintLos();
  }

  /** Where a link line between an off-map area and an area ends: the area's anchor, or the frame edge. */
  linkPoint(a, b) {
    const A = this.areas[a], B = this.areas[b];
    const [x, y] = this.centre(a);
    if (!A?.off_map && B?.off_map) {
      const frame = this.board.canvas?.terrain_frame;
      return [frame ? frame[2] : x, y];
    }
    if (A?.off_map && B && !B.off_map) {
      const bb = polygonBounds(A.shape);
      return [bb.minX, y + (this.centre(b)[1] - y) * 0.25];
    }
    return [x, y];
  }

  /** The legend of the line of sight and of the plugin's marks (the bar above the map holds it). */
  buildControls() {
    this.losText = h("span", { class: "los-text" });
    this.losClear = h("button", { type: "button", class: "link los-clear", hidden: true, text: t("map.los_clear"), onclick: (e) => { e.stopPropagation(); this.showLos(null); } });
    this.legendEl = h("span", { hidden: true }); // the plugin's legend replaces it
    const layers = h("div", { class: "map-layers los-legend", "data-testid": "los-legend" }, this.losText, this.losClear, this.legendEl);
    return { layers };
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
      if (tg.ref) {
        // an officer's line of sight is shown on any click on it (public information)
        const info = this.counterInfo.get(tg.ref);
        if (info && this.observer(info)) this.showLos(this.losRef === tg.ref ? null : tg.ref);
        this.options.onCounter?.(tg.ref, tg.hex, e);
      } else {
        this.options.onHex?.(tg.hex, e);
      }
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
    bindLongPress(this.svg, this.panzoom, targetOf, (tg, e) => this.options.onLongPress?.(tg, e));
  }

  /** Names (reader's language), the off-map title, aria-labels of the areas. */
  drawTexts() {
    const lang = this.lang;
    this.textLayer.replaceChildren();
    for (const id of this.ids) {
      const a = this.areas[id];
      const [x, y] = this.centre(id);
      const name = this.placeName(id);
      const b = polygonBounds(a.shape);
      const fs = this.terrain(a.terrain).strong ? 13 : 10.5;
      const max = b.width * 0.92;
      const fit = name.length * fs * (lang === "ja" ? 1 : 0.56) > max ? { textLength: f2(max), lengthAdjust: "spacingAndGlyphs" } : {};
      this.textLayer.append(s("text", { class: `area-name terrain-${a.terrain}`, x: f2(x), y: f2(y - this.size * 0.5 - 6), "font-size": fs, "text-anchor": "middle", ...fit }, name));
      const terrain = t(`terrain.${a.terrain}`, undefined, lang);
      const tname = this.options.terrainName?.(a.terrain) || (terrain !== `terrain.${a.terrain}` ? terrain : a.terrain);
      this.hexNodes.get(id)?.setAttribute("aria-label", [name, tname].filter(Boolean).join(", "));
    }
    this.svg.setAttribute("aria-label", t("a11y.map", undefined, lang));
    if (this.offBox) {
      this.textLayer.append(s("text", { class: "offmap-title", x: f2(this.offBox.x + this.offBox.w / 2), y: f2(this.offBox.y + 16), "font-size": 11, "text-anchor": "middle" },
        t("a11y.offmap", undefined, lang)));
    }
    this.paintLos();
  }

  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    this.drawTexts();
    if (this.lastCounters) this.setCounters(this.lastCounters);
    this.plugin.view?.(this, this.view);
  }

  /** counters: [{ref, hex, side, type, hits, ...}] merged with static data; those without an area are skipped. */
  setCounters(counters) {
    this.lastCounters = counters;
    this.motion.finish();
    const size = this.size;
    const seen = new Set();
    const places = new Map();
    const stacks = groupStacks(counters.filter((c) => this.hexNodes.has(c.hex)));
    this.stacks = stacks;
    const badges = new Set();
    for (const [area, list] of stacks) {
      const [x, y] = this.centre(area);
      const b = polygonBounds(this.areas[area].shape);
      const { slots, crowded } = areaSlots(list.length, size, { maxCols: columnsFor(b.width, size), maxRows: 3 });
      list.forEach((c, k) => {
        seen.add(c.ref);
        this.counterInfo.set(c.ref, c);
        let g = this.counterNodes.get(c.ref);
        if (!g) {
          g = s("g", { id: `c-${c.ref}`, class: "counter", "data-ref": c.ref, role: "img" });
          this.counterNodes.set(c.ref, g);
        }
        const [dx, dy] = slots[k];
        places.set(c.ref, placeOf(c, x + dx, y + dy));
        g.setAttribute("transform", `translate(${f2(x + dx)} ${f2(y + dy)})`);
        g.setAttribute("data-at", c.hex);
        g.setAttribute("data-stack", String(list.length));
        this.counterHex.set(c.ref, c.hex);
        drawCounterNode(g, c, size, this.lang, this.options.sideName?.(c.side) ?? c.side);
        g.setAttribute("class", `counter side-${c.side}${c.casualty ? " casualty" : ""}${c.status === "wounded" ? " wounded" : ""}${this.observer(c) ? " officer" : ""}`);
        this.counterLayer.append(g);
      });
      if (crowded) {
        badges.add(area);
        this.setBadge(area, x + (slots[Math.min(list.length - 1, 3)]?.[0] ?? 0) + size * 0.55, y - size * 0.55, list.length);
      }
    }
    dropUnwanted(this.badgeNodes, badges);
    const removed = [...this.counterNodes].filter(([ref]) => !seen.has(ref));
    for (const [ref] of removed) [this.counterNodes, this.counterHex, this.counterInfo].forEach((m) => m.delete(ref));
    this.motion.update(places, (ref) => this.counterNodes.get(ref), removed); // slides, then removes
    if (this.losRef && !this.counterNodes.has(this.losRef)) this.losRef = null;
    this.paintLos();
    if (this.marks) this.markCounters(this.marks);
  }

  setBadge(area, x, y, n) {
    let node = this.badgeNodes.get(area);
    if (!node) {
      node = s("g", { class: "stack-badge", "data-stack-hex": area });
      this.badgeLayer.append(node);
      this.badgeNodes.set(area, node);
    }
    const r = 7;
    node.innerHTML = `<circle cx="${f2(x)}" cy="${f2(y)}" r="${r}"/><text x="${f2(x)}" y="${f2(y + r * 0.42)}" font-size="${f2(r * 1.25)}" text-anchor="middle">${n}</text>`;
  }

  /** The counters in an area, in drawing order (as last given to setCounters). */
  stackAt(area) {
    return this.stacks?.get(area) ?? [];
  }

  /** Whether a click on the area opens the stack inspector. */
  inspectable(area) {
    return this.stackAt(area).length >= INSPECT_AT;
  }

  /** What only an area game shows: contested areas, night (view.contested, .night), the plugin's marks, the LOS. */
  setView(view) {
    this.view = view;
    const night = !!view?.night;
    if (night !== this.night) {
      this.night = night;
      this.svg.classList.toggle("night", night);
    }
    const contested = new Set(view?.contested ?? []);
    const sig = [...contested].sort().join(",");
    if (sig !== this.contestSig) {
      this.contestSig = sig;
      this.contestLayer.replaceChildren();
      for (const id of contested) {
        if (!this.areas[id]) continue;
        this.contestLayer.append(s("polygon", { class: "contested-area", "data-contested": id, points: pts(this.areas[id].shape) }));
        const b = polygonBounds(this.areas[id].shape);
        const [x] = this.centre(id);
        const g = s("g", { class: "contested-tag", "data-contested-tag": id });
        const text = t("map.contested", undefined, this.lang);
        const w = text.length * (this.lang === "ja" ? 11 : 6.4) + 10;
        const ty = b.minY + 4;
        g.innerHTML = `<rect x="${f2(x - w / 2)}" y="${f2(ty)}" width="${f2(w)}" height="14" rx="3"/><text x="${f2(x)}" y="${f2(ty + 10.8)}" font-size="10.5" text-anchor="middle">${esc(text)}</text>`;
        this.contestLayer.append(g);
      }
    }
    this.plugin.view?.(this, view); // the game's marks (LZ Albany: the flares), before the LOS reads `lit`
    this.paintLos();
  }

  /** How an area of this terrain is drawn: {fill, pattern (a fill url), strong (a bold border, a bigger name)}. */
  terrain(name) {
    return { ...PLAIN_AREA, ...(this.plugin.terrain?.(name) ?? {}) };
  }

  /** Whether a counter shows its line of sight when clicked (the plugin says: LZ Albany's officers). */
  observer(counter) {
    return !!counter && !!this.plugin.observer?.(counter);
  }

  /** A text of the game's catalogue (options.text), else null. */
  text(key) {
    return this.options.text?.(key) ?? null;
  }

  /** Shows (ref) or hides (null) the line of sight of an officer counter. */
  showLos(ref) {
    this.losRef = ref;
    this.paintLos();
  }

  /** The officer whose LOS is shaded: the one clicked, else the selected unit if it is an officer. */
  losOfficer() {
    for (const ref of [this.losRef, this.selected]) {
      const c = ref ? this.counterInfo.get(ref) : null;
      if (c && this.observer(c)) return c;
    }
    return null;
  }

  paintLos() {
    if (!this.losLayer || !this.losText) return;
    const c = this.losOfficer();
    const from = c?.hex ?? null;
    const seen = c ? this.plugin.sight?.(this, c) ?? new Set() : new Set(); // the game's rule of sight
    const sig = c ? `${c.ref}|${from}|${[...seen].join(",")}|${this.lang}` : "";
    if (sig === this.losSig) return;
    this.losSig = sig;
    this.losLayer.replaceChildren();
    this.svg.classList.toggle("los-on", !!c);
    for (const [id, node] of this.hexNodes) node.classList.toggle("los", seen.has(id));
    if (c) {
      for (const id of this.ids) {
        if (id === from || seen.has(id) || this.areas[id].off_map) continue;
        this.losLayer.append(s("polygon", { class: "los-blind", "data-los-blind": id, points: pts(this.areas[id].shape) }));
      }
      for (const id of seen) this.losLayer.append(s("polygon", { class: "los-seen", "data-los": id, points: pts(this.areas[id].shape) }));
      if (from && this.areas[from]) this.losLayer.append(s("polygon", { class: "los-origin", points: pts(this.areas[from].shape) }));
      const name = this.options.unitName?.(c.ref) ?? c.short ?? c.ref;
      const wounded = c.status === "wounded" || (c.hits ?? 0) > 0;
      this.losText.textContent = t("map.los", { unit: name }, this.lang) + (wounded ? ` (${t("unit.wounded", undefined, this.lang)})` : "");
      this.losClear.textContent = t("map.los_clear", undefined, this.lang);
      this.losClear.hidden = false;
    } else {
      this.losText.textContent = tTouch("map.los_hint", undefined, this.lang);
      this.losClear.hidden = true;
    }
    this.losSeen = seen;
  }

  /**
   * Highlights: areas in `targets` get "target"; `sources` (areas to fire from) "source"; `origin`
   * (the chosen firing area) is outlined; counters in `selectable` get "selectable".
   */
  highlight({ targets = new Set(), selectable = new Set(), selected = null, sources = new Set(), origin = null } = {}) {
    this.selected = selected;
    const sig = `${[...targets].sort()}|${[...sources].sort()}|${origin}|${selected}`;
    if (sig !== this.markSig) {
      if (selected && [...targets].some((id) => !this.targets.has(id))) this.viewport?.reveal(targets); // a chosen unit's, off screen
      this.markSig = sig;
      this.markLayer.replaceChildren();
      for (const [id, g] of this.hexNodes) {
        const on = targets.has(id) || sources.has(id);
        g.classList.toggle("target", targets.has(id));
        g.classList.toggle("source", sources.has(id) && !targets.has(id));
        if (on) {
          g.setAttribute("tabindex", "0");
          g.setAttribute("role", "button");
        } else {
          g.removeAttribute("tabindex");
          g.setAttribute("role", "img"); // an area is always named: a picture when it cannot be clicked
        }
      }
      for (const id of targets) if (this.areas[id]) this.markLayer.append(s("polygon", { class: "mark target", "data-mark": id, points: pts(this.areas[id].shape) }));
      for (const id of sources) if (this.areas[id] && !targets.has(id)) this.markLayer.append(s("polygon", { class: "mark source", points: pts(this.areas[id].shape) }));
      const from = origin ?? (selected ? this.counterHex.get(selected) : null);
      if (from && this.areas[from]) this.markLayer.append(s("polygon", { class: "mark origin", points: pts(this.areas[from].shape) }));
    }
    this.targets = new Set([...targets].filter((id) => this.hexNodes.has(id)));
    for (const [ref, g] of this.counterNodes) {
      const on = selectable.has(ref) || targets.has(this.counterHex.get(ref)) || this.observer(this.counterInfo.get(ref));
      g.classList.toggle("selectable", selectable.has(ref));
      g.classList.toggle("selected", ref === selected);
      g.setAttribute("role", on ? "button" : "img");
      if (on) g.setAttribute("tabindex", "0");
      else g.removeAttribute("tabindex");
    }
    this.paintLos();
  }

  /** Game-specific marks on counters: {className: [refs]}. */
  markCounters(marks = {}) {
    this.marks = marks;
    for (const [ref, g] of this.counterNodes) {
      for (const cls of this.markClasses ?? []) g.classList.remove(cls);
      for (const [cls, refs] of Object.entries(marks)) if (refs.includes(ref)) g.classList.add(cls);
    }
    this.markClasses = Object.keys(marks);
  }

  setOccupation() {}

  /** Small labels on areas: {area: text}. */
  setLabels(labels = {}) {
    for (const [id, node] of this.labelNodes) {
      if (!(id in labels)) {
        node.remove();
        this.labelNodes.delete(id);
      }
    }
    for (const [id, text] of Object.entries(labels)) {
      if (!this.areas[id]) continue;
      let node = this.labelNodes.get(id);
      if (!node) {
        node = s("g", { class: "hex-label", id: `label-${id}` });
        this.labelLayer.append(node);
        this.labelNodes.set(id, node);
      }
      if (node.dataset.text === text) continue;
      node.dataset.text = text;
      const [x, y] = this.centre(id);
      const fs = 10;
      const w = Math.max(text.length * fs * 0.62, 20) + 6;
      const ly = y - this.size * 0.5 - 20;
      node.innerHTML = `<rect x="${f2(x - w / 2)}" y="${f2(ly - fs * 0.9)}" width="${f2(w)}" height="${f2(fs * 1.3)}" rx="${f2(fs * 0.3)}"/><text x="${f2(x)}" y="${f2(ly + fs * 0.2)}" font-size="${fs}" text-anchor="middle">${esc(text)}</text>`;
    }
  }

  focusLabel(id) {
    for (const [k, node] of this.labelNodes) node.classList.toggle("focus", k === id);
  }
}
