// Pan and zoom of an SVG map by its viewBox. The math is pure (a view box is {x, y, w, h} in
// map units); PanZoom wires it to wheel, pointer (mouse, pen, touch: one finger pans, two pinch),
// keyboard and buttons, and tells a click from a drag by a small movement threshold.
// Nothing touches the DOM at import time.

/** Movement (CSS px) beyond which a press is a drag, not a click. */
export const DRAG_THRESHOLD = 6;

/** The view box showing all of `world` ({x, y, w, h}) with a margin. */
export function fitBox(world, margin = 0) {
  return { x: world.x - margin, y: world.y - margin, w: world.w + 2 * margin, h: world.h + 2 * margin };
}

/** Scale factor of a view box relative to the fitted one (1 = whole map, 2 = twice as large). */
export function zoomLevel(vb, fit) {
  return fit.w / vb.w;
}

/** Keeps the zoom within [minZoom, maxZoom] (relative to `fit`), scaling about (px, py). */
function clampZoom(vb, fit, px, py, { minZoom = 0.5, maxZoom = 12 } = {}) {
  const z = zoomLevel(vb, fit);
  const target = Math.min(maxZoom, Math.max(minZoom, z));
  if (target === z) return vb;
  const k = z / target;
  return { x: px - (px - vb.x) * k, y: py - (py - vb.y) * k, w: vb.w * k, h: vb.h * k };
}

/** Keeps the view box's centre inside the map (`fit`), so the map cannot be lost off screen. */
export function clampPan(vb, fit) {
  const cx = Math.min(fit.x + fit.w, Math.max(fit.x, vb.x + vb.w / 2));
  const cy = Math.min(fit.y + fit.h, Math.max(fit.y, vb.y + vb.h / 2));
  return { x: cx - vb.w / 2, y: cy - vb.h / 2, w: vb.w, h: vb.h };
}

/**
 * Zooms by `factor` (> 1 zooms in) about the map point (px, py), which stays where it is on
 * screen. Clamped to the zoom limits and to the map.
 */
export function zoomAt(vb, factor, px, py, fit, limits) {
  const next = { x: px - (px - vb.x) / factor, y: py - (py - vb.y) / factor, w: vb.w / factor, h: vb.h / factor };
  return fit ? clampPan(clampZoom(next, fit, px, py, limits), fit) : next;
}

/** Moves the view box by (dx, dy) map units (positive: the view moves right/down). */
export function panBy(vb, dx, dy, fit) {
  const next = { ...vb, x: vb.x + dx, y: vb.y + dy };
  return fit ? clampPan(next, fit) : next;
}

/** Converts a screen delta (CSS px) to map units for an element `width` x `height` px (meet). */
export function pxToUnits(vb, width, height) {
  return Math.max(vb.w / Math.max(width, 1), vb.h / Math.max(height, 1));
}

/**
 * One pinch step: the two pointers moved from (a0, b0) to (a1, b1) (map units, measured in the
 * view box before the step). Zooms by the distance ratio about the old midpoint, then pans by
 * the midpoint's movement.
 */
export function pinch(vb, a0, b0, a1, b1, fit, limits) {
  const d0 = Math.hypot(b0[0] - a0[0], b0[1] - a0[1]);
  const d1 = Math.hypot(b1[0] - a1[0], b1[1] - a1[1]);
  const m0 = [(a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2];
  const m1 = [(a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2];
  const factor = d0 > 0 && d1 > 0 ? d1 / d0 : 1;
  let next = zoomAt(vb, factor, m0[0], m0[1], null);
  // the midpoint's new position, in the zoomed box: keep it under the fingers
  const k = next.w / vb.w;
  next = { ...next, x: next.x - (m1[0] - m0[0]) * k, y: next.y - (m1[1] - m0[1]) * k };
  return fit ? clampPan(clampZoom(next, fit, m0[0], m0[1], limits), fit) : next;
}

/** Whether a pointer that went from (x0, y0) to (x1, y1) has become a drag. */
export function isDrag(x0, y0, x1, y1, threshold = DRAG_THRESHOLD) {
  return Math.hypot(x1 - x0, y1 - y0) > threshold;
}

/** A wheel event's zoom factor: pinch gestures arrive as ctrl+wheel with small deltas. */
export function wheelFactor(deltaY, deltaMode = 0, ctrlKey = false) {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const k = ctrlKey ? 0.01 : 0.0025;
  return Math.exp(-Math.max(-300, Math.min(300, px)) * k);
}

/**
 * A long press on touch calls ``onLongPress(target, event)`` (the tooltip) and swallows the click
 * that would follow; moving the finger past the drag threshold cancels it.
 */
export function bindLongPress(svg, panzoom, targetOf, onLongPress) {
  let press = null;
  svg.addEventListener("pointerdown", (e) => {
    clearTimeout(press?.timer);
    if (e.pointerType !== "touch") return;
    const tg = targetOf(e);
    if (!tg) return;
    press = { x: e.clientX, y: e.clientY, timer: setTimeout(() => {
      panzoom.suppressClick = true;
      onLongPress(tg, e);
    }, 550) };
  });
  const cancel = (e) => {
    if (!press) return;
    if (e.type === "pointermove" && !isDrag(press.x, press.y, e.clientX, e.clientY, DRAG_THRESHOLD)) return;
    clearTimeout(press.timer);
    press = null;
  };
  for (const type of ["pointermove", "pointerup", "pointercancel"]) svg.addEventListener(type, cancel);
}

export const boxString = (vb) => `${vb.x.toFixed(2)} ${vb.y.toFixed(2)} ${vb.w.toFixed(2)} ${vb.h.toFixed(2)}`;

/**
 * Wires pan and zoom to `svg`, whose full extent is `world` ({x, y, w, h} in map units).
 * `keyTarget` receives +/-/0/arrow keys. The zoom survives view updates: nothing here redraws.
 * Clicks that end a drag are swallowed (capture phase), so the map's click handler never sees them.
 */
export class PanZoom {
  constructor(svg, world, { keyTarget = null, limits = { minZoom: 0.6, maxZoom: 14 }, onChange = null } = {}) {
    this.svg = svg;
    this.fit = world;
    this.limits = limits;
    this.listeners = onChange ? [onChange] : [];
    this.vb = { ...world };
    this.pointers = new Map(); // id -> {x, y, x0, y0}
    this.dragging = false;
    this.suppressClick = false;
    this.frame = 0;
    this.apply();

    svg.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    svg.addEventListener("pointerdown", (e) => this.onDown(e));
    svg.addEventListener("pointermove", (e) => this.onMove(e));
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(type, (e) => this.onUp(e));
    svg.addEventListener("click", (e) => {
      if (this.suppressClick) {
        e.stopPropagation();
        e.preventDefault();
        this.suppressClick = false;
      }
    }, true);
    keyTarget?.addEventListener("keydown", (e) => this.onKey(e));
  }

  /** Screen (client) point to map units, using the current view box. */
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const u = pxToUnits(this.vb, r.width, r.height);
    // meet: the view box is centred in the element
    const ox = (r.width - this.vb.w / u) / 2, oy = (r.height - this.vb.h / u) / 2;
    return [this.vb.x + (clientX - r.left - ox) * u, this.vb.y + (clientY - r.top - oy) * u];
  }

  set(vb) {
    this.vb = vb;
    if (!this.frame) {
      const raf = globalThis.requestAnimationFrame ?? ((fn) => setTimeout(fn, 16));
      this.frame = raf(() => {
        this.frame = 0;
        this.apply();
      });
    }
  }

  apply() {
    this.svg.setAttribute("viewBox", boxString(this.vb));
    this.svg.classList.toggle("zoomed", zoomLevel(this.vb, this.fit) > 1.05);
    for (const fn of this.listeners) fn(this.vb, zoomLevel(this.vb, this.fit));
  }

  /** Calls fn(viewBox, zoomLevel) after every change shown. */
  listen(fn) {
    this.listeners.push(fn);
  }

  zoom(factor, clientX, clientY) {
    let p;
    if (clientX === undefined) p = [this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2];
    else p = this.toMap(clientX, clientY);
    this.set(zoomAt(this.vb, factor, p[0], p[1], this.fit, this.limits));
  }

  pan(dxPx, dyPx) {
    const r = this.svg.getBoundingClientRect();
    const u = pxToUnits(this.vb, r.width, r.height);
    this.set(panBy(this.vb, dxPx * u, dyPx * u, this.fit));
  }

  reset() {
    this.set({ ...this.fit });
  }

  /** Centres the view on a map point without changing the zoom. */
  centreOn(x, y) {
    this.set(clampPan({ ...this.vb, x: x - this.vb.w / 2, y: y - this.vb.h / 2 }, this.fit));
  }

  onWheel(e) {
    e.preventDefault();
    if (e.shiftKey && !e.ctrlKey) return this.pan(e.deltaY || e.deltaX, 0);
    this.zoom(wheelFactor(e.deltaY, e.deltaMode, e.ctrlKey), e.clientX, e.clientY);
  }

  onDown(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    if (this.pointers.size === 1) {
      this.dragging = false;
      this.suppressClick = false;
    }
  }

  onMove(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    if (this.pointers.size >= 2) {
      const [ia, ib] = [...this.pointers.keys()];
      const a = this.pointers.get(ia), b = this.pointers.get(ib);
      const before = [this.toMap(a.x, a.y), this.toMap(b.x, b.y)];
      p.x = e.clientX;
      p.y = e.clientY;
      const after = [this.toMap(a.x, a.y), this.toMap(b.x, b.y)];
      this.dragging = true;
      this.vb = pinch(this.vb, before[0], before[1], after[0], after[1], this.fit, this.limits);
      this.set(this.vb);
      return;
    }
    if (!this.dragging && !isDrag(p.x0, p.y0, e.clientX, e.clientY)) return;
    if (!this.dragging) {
      this.dragging = true;
      try { this.svg.setPointerCapture(e.pointerId); } catch { /* already gone */ }
      this.svg.classList.add("panning");
    }
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    this.pan(-dx, -dy);
  }

  onUp(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    if (this.dragging) this.suppressClick = this.suppressClick || e.type === "pointerup";
    if (this.pointers.size === 0) {
      this.dragging = false;
      this.svg.classList.remove("panning");
      // a click after a drag (or a long press) comes right after pointerup; forget the flag if none does
      if (this.suppressClick) setTimeout(() => (this.suppressClick = false), 80);
    } else {
      for (const q of this.pointers.values()) { q.x0 = q.x; q.y0 = q.y; }
    }
  }

  onKey(e) {
    if (e.target?.closest?.("input, select, textarea")) return;
    const step = 60;
    const keys = {
      "+": () => this.zoom(1.25), "=": () => this.zoom(1.25), "-": () => this.zoom(0.8), "_": () => this.zoom(0.8),
      "0": () => this.reset(), ArrowLeft: () => this.pan(-step, 0), ArrowRight: () => this.pan(step, 0),
      ArrowUp: () => this.pan(0, -step), ArrowDown: () => this.pan(0, step),
    };
    const fn = keys[e.key];
    if (fn && !e.altKey && !e.metaKey && !e.ctrlKey) {
      e.preventDefault();
      fn();
    }
  }
}
