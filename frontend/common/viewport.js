// The map's viewport, shared by the hex and the area map: where a match opens (the reader's units,
// else the hexes the legal actions name, else the last log line's, else every counter; the whole
// map for a spectator of a small map), at a zoom where a counter is readable; the view kept per
// match on the device (localStorage); the overview (minimap) of a big map. The choices are pure
// functions of boxes {x, y, w, h} in map units; Viewport and Overview wire them to a PanZoom.

import { s, h } from "./dom.js";
import { clampPan } from "./zoom.js";
import { t } from "./i18n.js";

/** A counter's smallest width on screen (CSS px) when a match opens: wide screens, phones. */
export const READABLE_PX = { wide: 44, narrow: 30 };
/** Below this width (CSS px) a map is on a phone. */
export const NARROW_PX = 600;
/** The opening zoom never makes counters larger than this many times readable. */
const MAX_OPENING = 1.35;
const STORE = "map.views";
const KEEP = 40; // matches remembered per device

export const readablePx = (width) => (width < NARROW_PX ? READABLE_PX.narrow : READABLE_PX.wide);

/** The box around points [[x, y], ...], `pad` map units wider on each side. */
export function boxAround(points, pad = 0) {
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad;
  return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
}

/**
 * The view box an element `el` ({width, height} px) opens on: centred on `focus`, showing all of
 * it when a counter `counterUnits` wide is then at least `minPx` on screen, else as much as that
 * size allows (never zoomed in past MAX_OPENING times readable). Its shape is the element's; kept on `world`.
 */
export function openingBox(focus, el, counterUnits, minPx, world) {
  const fit = Math.min(el.width / focus.w, el.height / focus.h); // px per map unit showing all of focus
  const most = (MAX_OPENING * readablePx(el.width)) / counterUnits;
  const scale = Math.max(minPx / counterUnits, Math.min(fit, most));
  const w = el.width / scale, h = el.height / scale;
  const box = { x: focus.x + focus.w / 2 - w / 2, y: focus.y + focus.h / 2 - h / 2, w, h };
  return world ? within(box, world) : box;
}

/** A box moved to lie inside `world` along each axis where it is smaller, centred on it where larger. */
export function within(box, world) {
  const axis = (x, w, wx, ww) => (w <= ww ? Math.min(Math.max(x, wx), wx + ww - w) : wx - (w - ww) / 2);
  return { ...box, x: axis(box.x, box.w, world.x, world.w), y: axis(box.y, box.h, world.y, world.h) };
}

/** A view as stored: its centre and scale (px per map unit), so another window size keeps the zoom. */
export function viewOf(vb, el) {
  return { cx: vb.x + vb.w / 2, cy: vb.y + vb.h / 2, ppu: Math.min(el.width / vb.w, el.height / vb.h) };
}

/** The view box of a stored view in an element of that size. */
export function boxOf(view, el) {
  const w = el.width / view.ppu, h = el.height / view.ppu;
  return { x: view.cx - w / 2, y: view.cy - h / 2, w, h };
}

const isHexLike = (v) => typeof v === "string" && v.length <= 24;

/** Every string in a value (args of a log line, fields of an action), depth first. */
function strings(v, out = []) {
  if (isHexLike(v)) out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === "object") for (const x of Object.values(v)) strings(x, out);
  return out;
}

/**
 * The hexes (or areas) a match opens on, for `role` (null: a spectator), on a map that `has(id)`;
 * [] means the whole map. A player sees their units on the map, else where their legal actions
 * point (an entry hex), else where the last log line happened; a spectator of a big map that last
 * place, else every counter; a spectator of a small map all of it.
 */
export function focusHexes(view, role, { has, big }) {
  const onMap = (view?.counters ?? []).filter((c) => c.hex && has(c.hex));
  const mine = role ? onMap.filter((c) => c.side === role).map((c) => c.hex) : [];
  if (mine.length) return [...new Set(mine)];
  if (!role && !big) return [];
  if (role) {
    const acted = new Set();
    for (const a of view?.actions ?? []) for (const k of ["to", "at", "hex", "from"]) if (has(a[k])) acted.add(a[k]);
    if (acted.size) return [...acted];
  }
  for (const entry of [...(view?.log ?? [])].reverse()) {
    const hexes = strings(entry?.args).filter(has);
    if (hexes.length) return [...new Set(hexes)];
  }
  return [...new Set(onMap.map((c) => c.hex))];
}

function loadViews() {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(STORE) ?? "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** The stored view of `key`, or null. */
export function storedView(key) {
  const hit = loadViews().find((e) => e?.key === key);
  return hit && [hit.cx, hit.cy, hit.ppu].every(Number.isFinite) && hit.ppu > 0 ? hit : null;
}

/** Remembers the view of `key`, most recent first, KEEP of them. */
export function storeView(key, view) {
  const list = [{ key, ...view }, ...loadViews().filter((e) => e?.key !== key)].slice(0, KEEP);
  try {
    globalThis.localStorage?.setItem(STORE, JSON.stringify(list));
  } catch { /* private mode: the view is not kept */ }
}

/**
 * The viewport of one map: `map` gives svg, world, panzoom, counterUnits, big, has(id) and
 * centre(id); `key` names the match (none: nothing kept). open(view, role) frames the match once.
 */
export class Viewport {
  constructor(map, key = null) {
    this.map = map;
    this.key = key;
    this.opened = false;
    this.saving = 0;
    map.panzoom.listen((vb) => this.changed(vb));
    this.pending = null;
    if (globalThis.ResizeObserver) new ResizeObserver(() => this.resized()).observe(map.svg);
    globalThis.addEventListener?.("pagehide", () => this.flush());
  }

  size() {
    const r = this.map.svg.getBoundingClientRect();
    return { width: Math.max(r.width, 1), height: Math.max(r.height, 1) };
  }

  /** The first view of the match: the stored view, else the focus of focusHexes at a readable zoom. */
  open(view, role) {
    if (this.opened) return;
    this.opened = true;
    const el = this.size();
    this.last = el;
    const kept = this.key ? storedView(this.key) : null;
    if (kept) return this.map.panzoom.set(clampPan(boxOf(kept, el), this.map.world));
    const hexes = focusHexes(view, role, { has: (id) => typeof id === "string" && this.map.has(id), big: this.map.big });
    const pad = this.map.focusPad ?? this.map.counterUnits;
    const focus = hexes.length ? boxAround(hexes.map((id) => this.map.centre(id)), pad) : this.map.world;
    const minPx = hexes.length || this.map.big ? readablePx(el.width) : 0;
    this.map.panzoom.set(openingBox(focus, el, this.map.counterUnits, minPx, this.map.world));
  }

  /**
   * The targets a chosen unit lights, brought into view at the same zoom: when they all fit, the view moves
   * the least that shows them all (a tank chosen in the tray whose entry hexes lie at the edge); when they
   * do not fit (a long reach), it moves only if none shows, centring on them. Never past the map's edge
   * where the map can fill the view.
   */
  reveal(hexes) {
    const pts = [...hexes].filter((id) => this.map.has(id)).map((id) => this.map.centre(id));
    if (!this.opened || !pts.length) return;
    const vb = this.map.panzoom.vb;
    const b = boxAround(pts, (this.map.counterUnits ?? 0) / 2);
    let x = vb.x, y = vb.y;
    if (b.w <= vb.w && b.h <= vb.h) {
      x = Math.min(Math.max(vb.x, b.x + b.w - vb.w), b.x);
      y = Math.min(Math.max(vb.y, b.y + b.h - vb.h), b.y);
    } else if (!pts.some(([px, py]) => px >= vb.x && px <= vb.x + vb.w && py >= vb.y && py <= vb.y + vb.h)) {
      x = b.x + b.w / 2 - vb.w / 2;
      y = b.y + b.h / 2 - vb.h / 2;
    }
    if (x === vb.x && y === vb.y) return;
    const box = { ...vb, x, y };
    this.map.panzoom.set(this.map.world ? within(box, this.map.world) : box);
  }

  /** After a pan or zoom: keep it, once it rests (or when the page goes away before). */
  changed(vb) {
    if (!this.key || !this.opened) return;
    clearTimeout(this.saving);
    this.pending = vb;
    this.saving = setTimeout(() => this.flush(), 250);
  }

  flush() {
    if (this.pending) storeView(this.key, viewOf(this.pending, this.size()));
    this.pending = null;
  }

  /** The element changed size (a rotated phone, a resized window): keep the centre and the zoom. */
  resized() {
    const el = this.size();
    if (!this.last || !this.opened) return void (this.last = el);
    const view = viewOf(this.map.panzoom.vb, this.last);
    this.last = el;
    this.map.panzoom.set(boxOf(view, el));
  }
}

let overviews = 0;

/**
 * The overview of a big map: the terrain and counters again, small (SVG <use> of the map's own
 * layers, so it follows every update), the visible part framed; a click or drag there centres
 * the map on that point.
 */
export class Overview {
  constructor(map, layers, { label = "" } = {}) {
    this.map = map;
    const W = map.world;
    const n = ++overviews;
    this.svg = s("svg", { class: "map-overview", viewBox: `${W.x} ${W.y} ${W.w} ${W.h}`, "data-testid": "overview", role: "img", "aria-label": label });
    for (const [i, layer] of layers.entries()) {
      if (!layer.id) layer.id = `map-${n}-layer-${i}`;
      this.svg.append(s("use", { href: `#${layer.id}` }));
    }
    this.frame = s("rect", { class: "overview-frame" });
    this.svg.append(this.frame);
    map.panzoom.listen((vb) => this.paint(vb));
    this.paint(map.panzoom.vb);
    let down = false;
    const go = (e) => {
      const r = this.svg.getBoundingClientRect();
      const k = Math.max(W.w / r.width, W.h / r.height);
      const ox = (r.width - W.w / k) / 2, oy = (r.height - W.h / k) / 2;
      map.panzoom.centreOn(W.x + (e.clientX - r.left - ox) * k, W.y + (e.clientY - r.top - oy) * k);
    };
    this.svg.addEventListener("pointerdown", (e) => {
      down = true;
      try { this.svg.setPointerCapture(e.pointerId); } catch { /* gone */ }
      go(e);
    });
    this.svg.addEventListener("pointermove", (e) => down && go(e));
    for (const type of ["pointerup", "pointercancel"]) this.svg.addEventListener(type, () => (down = false));
  }

  /** Whether the overview is shown (an svg has no `hidden` property: the attribute). */
  get shown() {
    return !this.svg.hasAttribute("hidden");
  }

  show(on) {
    this.svg.toggleAttribute("hidden", !on);
  }

  paint(vb) {
    for (const [k, v] of Object.entries({ x: vb.x, y: vb.y, width: vb.w, height: vb.h })) this.frame.setAttribute(k, v.toFixed(1));
  }
}

/**
 * The bar above a map: its layer toggles or legend (`layers`; on a phone behind a "Layers"
 * button), then zoom out, zoom in, fit and, for a big map, the overview's switch. Nothing of it
 * lies over the map, so no button hides a counter.
 */
export function mapBar(map, layers, { toggles = true } = {}) {
  const btn = (text, label, fn, testid) => h("button", { type: "button", class: "zoom-btn", "aria-label": label, title: label, "data-testid": testid,
    onclick: (e) => { e.stopPropagation(); fn(e.currentTarget); } }, text);
  const bar = h("div", { class: "map-bar" });
  if (toggles) {
    bar.append(h("button", { type: "button", class: "layers-toggle", "data-testid": "layers-toggle", "aria-expanded": "false",
      onclick: (e) => e.currentTarget.setAttribute("aria-expanded", String(bar.classList.toggle("layers-open"))) }, t("map.layers")));
  }
  const zoom = h("div", { class: "zoom-controls" },
    btn("−", t("map.zoom_out"), () => map.panzoom.zoom(1 / 1.4), "zoom-out"),
    btn("+", t("map.zoom_in"), () => map.panzoom.zoom(1.4), "zoom-in"),
    btn("⤢", t("map.fit"), () => map.panzoom.reset(), "zoom-fit"));
  if (map.overview) {
    const shown = () => map.overview.shown;
    const sw = btn("▣", t("map.overview"), (b) => {
      map.overview.show(!shown());
      b.setAttribute("aria-pressed", String(shown()));
      try { globalThis.localStorage?.setItem("map.overview", shown() ? "1" : "0"); } catch { /* private mode */ }
    }, "overview-toggle");
    sw.setAttribute("aria-pressed", String(shown()));
    zoom.append(sw);
  }
  bar.append(layers, zoom);
  return bar;
}

/** Whether the overview starts shown: the reader's last choice, else on wide screens only. */
export function overviewShown(width) {
  let kept = null;
  try { kept = globalThis.localStorage?.getItem("map.overview") ?? null; } catch { /* private mode */ }
  return kept === null ? width >= NARROW_PX : kept === "1";
}
