// What a move to a destination draws on a map (hex or area, anything with svg, centre(id) and
// size): the cost of each destination, the path to the hovered destination (solid where the notes give it, dashed after a
// waypoint, where the server finds the way), the numbered waypoints, and a ring around the choice
// the keyboard is on. The path in a layer under the counters, the rest over them; presentation
// attributes inline, so it needs no stylesheet; the path logic is actions.js's (routeLegs).

import { s } from "./dom.js";
import { f2 } from "./hexpaths.js";

const INK = "#c8102e";

export class RouteMarks {
  constructor(map) {
    this.map = map;
    this.size = map.size ?? 40;
    // the path under the counters; the waypoints and the keyboard's ring over them
    this.layer = s("g", { class: "layer route-marks", "pointer-events": "none", "aria-hidden": "true" });
    this.over = s("g", { class: "layer route-marks over", "pointer-events": "none", "aria-hidden": "true" });
    if (map.counterLayer?.parentNode === map.svg) map.svg.insertBefore(this.layer, map.counterLayer);
    else map.svg?.append(this.layer);
    map.svg?.append(this.over);
    this.costEl = s("g", { class: "costs" });
    this.routeEl = s("g", { class: "route" });
    this.wayEl = s("g", { class: "waypoints" });
    this.focusEl = s("circle", { class: "key-focus", fill: "none", stroke: "#0b5cad", "stroke-width": f2(this.size * 0.08), display: "none" });
    this.layer.append(this.costEl, this.routeEl);
    this.over.append(this.wayEl, this.focusEl);
  }

  point(id) {
    const p = this.map.has?.(id) === false ? null : this.map.centre?.(id);
    return p && Number.isFinite(p[0]) ? p : null;
  }

  /** Draws the legs [{hexes, exact}] of a route from `start` (null: none). */
  showRoute(start, legs) {
    this.routeEl.innerHTML = "";
    if (!start || !legs?.length) return;
    const w = this.size * 0.12;
    let from = start;
    for (const leg of legs) {
      const ids = leg.exact ? [from, ...leg.hexes] : leg.hexes;
      const points = ids.map((id) => this.point(id)).filter(Boolean);
      if (points.length > 1) {
        this.routeEl.append(s("polyline", {
          class: leg.exact ? "route-leg exact" : "route-leg free", fill: "none", stroke: INK, "stroke-width": f2(w),
          "stroke-linecap": "round", "stroke-linejoin": "round", opacity: "0.85",
          ...(leg.exact ? {} : { "stroke-dasharray": `${f2(w * 1.5)} ${f2(w * 1.2)}` }),
          points: points.map(([x, y]) => `${f2(x)},${f2(y)}`).join(" "),
        }));
      }
      from = leg.hexes[leg.hexes.length - 1];
    }
    const end = this.point(from);
    if (end) this.routeEl.append(s("circle", { class: "route-end", cx: f2(end[0]), cy: f2(end[1]), r: f2(w * 1.4), fill: INK }));
  }

  /**
   * The cost of each destination, small in the hex's lower part, under the counters (whose factors
   * stand at their foot, above it): Map<hex, text>; empty clears them.
   */
  showCosts(costs) {
    const sig = [...costs].map(([k, v]) => `${k}:${v}`).join(",");
    if (sig === this.costSig) return;
    this.costSig = sig;
    const fs = this.size * 0.26, out = [];
    for (const [id, text] of costs) {
      const p = this.point(id);
      if (!p) continue;
      out.push(`<text class="cost" data-cost-hex="${id}" x="${f2(p[0])}" y="${f2(p[1] + this.size * 0.8)}" font-size="${f2(fs)}" text-anchor="middle" fill="#3b2a00" stroke="#fff8d0" stroke-width="${f2(fs * 0.22)}" paint-order="stroke" font-weight="700">${text}</text>`);
    }
    this.costEl.innerHTML = out.join("");
  }

  /** The waypoints, numbered in order. */
  showWaypoints(via) {
    this.wayEl.innerHTML = "";
    (via ?? []).forEach((id, k) => {
      const p = this.point(id);
      if (!p) return;
      const r = this.size * 0.2;
      const g = s("g", { class: "waypoint", "data-waypoint": id });
      g.append(s("circle", { cx: f2(p[0]), cy: f2(p[1]), r: f2(r), fill: "#fff", stroke: INK, "stroke-width": f2(r * 0.25) }));
      const tx = s("text", { x: f2(p[0]), y: f2(p[1] + r * 0.4), "font-size": f2(r * 1.1), "text-anchor": "middle", fill: INK, "font-weight": "700" });
      tx.textContent = String(k + 1);
      g.append(tx);
      this.wayEl.append(g);
    });
  }

  /** A ring around the hex (or the unit's hex) the keyboard is on; null hides it. */
  showFocus(id) {
    const p = id ? this.point(id) : null;
    if (!p) return this.focusEl.setAttribute("display", "none");
    this.focusEl.setAttribute("cx", f2(p[0]));
    this.focusEl.setAttribute("cy", f2(p[1]));
    this.focusEl.setAttribute("r", f2(this.size * 0.78));
    this.focusEl.removeAttribute("display");
  }
}
