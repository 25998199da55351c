// The board's side of a move to a destination and of the keyboard (board.js owns the state): the
// move bar under the buttons (the selected unit, its MP left, the ways it may move — alone, with its
// stack, strategic —, the waypoints, the waypoint mode for touch), the path drawn to the hovered
// destination, waypoint clicks (Shift-click, or a click in waypoint mode) and the keys on the map
// (arrows go to the nearest choice that way, Enter chooses, Shift+Enter adds a waypoint, Escape
// cancels). The logic is actions.js's; the drawing routemarks.js's.

import { h, fill } from "./dom.js";
import { t, tTouch } from "./i18n.js";
import { destinations, destinationInfo, routeLegs, toggleWaypoint, withVia, mpText, keyRing, ringStep, ringNearest, moveWays } from "./actions.js";
import { hasKey } from "./i18n.js";
import { RouteMarks } from "./routemarks.js";

const cssEscape = (v) => (globalThis.CSS?.escape ?? ((x) => String(x).replace(/["\\]/g, "\\$&")))(v);

export class MoveControl {
  /** board: the BoardView (its ui state, actions(), map, setState, unitName, msg). */
  constructor(board) {
    this.board = board;
    this.el = h("div", { class: "move-bar", "data-testid": "move-bar", hidden: true });
    this.marks = board.map?.svg ? new RouteMarks(board.map) : null;
    this.hovered = null;
    this.keyed = null; // the choice the keyboard is on: {kind, ref?, hex}
    board.map?.svg?.addEventListener("keydown", (e) => this.onKey(e), true);
  }

  /** The selected unit's destinations (none without a selection). */
  mine() {
    const sel = this.board.selected;
    return sel ? destinations(this.board.actions(), sel) : new Map();
  }

  /** The move bar, the waypoints, the route: after any change of the selection, waypoints or view. */
  paint() {
    const b = this.board, sel = b.selected;
    const dest = this.mine();
    const counter = sel ? b.view?.counters?.find((c) => c.ref === sel) : null;
    this.marks?.showWaypoints(dest.size ? b.ui.via : []);
    this.describe(dest);
    this.marks?.showCosts(new Map([...dest].map(([hex, a]) => [hex, `${mpText(a.cost)}${a.stacking ? "!" : ""}`])));
    if (this.hovered && !dest.has(this.hovered)) this.hover(null);
    else if (this.hovered) this.hover(this.hovered);
    if (!sel || (!dest.size && typeof counter?.mp_left !== "number")) {
      this.el.hidden = true;
      return;
    }
    const via = b.ui.via;
    const parts = [h("b", { class: "move-unit" }, b.unitName(sel))];
    if (typeof counter?.mp_left === "number") parts.push(h("span", { class: "move-mp", "data-testid": "mp-left" }, t("move.mp_left", { n: mpText(counter.mp_left) })));
    const ways = moveWays(b.view?.actions ?? [], sel);
    if (ways.length > 1) {
      const chosen = ways.some((w) => w.way === b.ui.way) ? b.ui.way : ways[0].way;
      parts.push(h("span", { class: "move-ways", role: "group", "aria-label": t("move.ways") }, ...ways.map((w) =>
        h("button", { type: "button", class: `move-way${w.way === chosen ? " on" : ""}`, "aria-pressed": String(w.way === chosen),
          "data-testid": "move-way", onclick: () => b.setState({ way: w.way, via: [] }) }, this.wayName(w.action)))));
    }
    if (dest.size) {
      parts.push(h("span", { class: "move-count" }, t("move.destinations", { n: dest.size })));
      parts.push(h("span", { class: "move-hint" }, b.ui.waymode ? t("move.hint_waymode") : tTouch("move.hint")));
      parts.push(h("button", { type: "button", class: `move-waymode${b.ui.waymode ? " on" : ""}`, "aria-pressed": String(b.ui.waymode),
        "data-testid": "waymode", onclick: () => b.setState({ waymode: !b.ui.waymode }) }, t("move.waymode")));
    }
    if (via.length) {
      parts.push(h("span", { class: "move-via", "data-testid": "via" }, t("move.via", { hexes: via.map((x) => b.map?.placeName?.(x) ?? x).join(" → ") })));
      parts.push(h("button", { type: "button", class: "link", onclick: () => b.setState({ via: [] }) }, t("move.clear_via")));
    }
    fill(this.el, ...parts);
    this.el.hidden = false;
  }

  /** A way of moving in words: with its stack (`units`), a mode (`mode.<v>` of the game's catalogue), or alone. */
  wayName(a) {
    const cat = this.board.catalogue ?? {};
    const parts = [];
    if (Array.isArray(a.units) && a.units.length > 1) parts.push(t("move.way_stack", { n: a.units.length }));
    for (const [k, v] of Object.entries(a)) {
      if (["type", "unit", "units", "to", "via", "cost", "left", "prev", "stacking"].includes(k)) continue;
      parts.push(hasKey(cat, `${k}.${v}`) ? this.board.msg({ key: `${k}.${v}` }) : String(v));
    }
    return parts.length ? parts.join(", ") : t("move.way_alone");
  }

  /** What a stacking note (a code) says: the game's `stacking.<code>`, else the code. */
  stackingText(code) {
    const cat = this.board.catalogue ?? {};
    return typeof code === "string" && hasKey(cat, `stacking.${code}`) ? this.board.msg({ key: `stacking.${code}` }) : String(code);
  }

  /** Each destination's hex says its cost and what is left to a screen reader (aria-description). */
  describe(dest) {
    const svg = this.board.map?.svg;
    if (!svg) return;
    for (const node of this.described ?? []) node.removeAttribute("aria-description");
    this.described = [];
    for (const [hex, a] of dest) {
      const node = svg.querySelector(`[data-hex="${cssEscape(hex)}"]`);
      if (!node) continue;
      const left = typeof a.left === "number" ? `, ${t("move.left", { n: mpText(a.left) })}` : "";
      const stack = a.stacking ? `, ${t("move.stacking", { problem: this.stackingText(a.stacking) })}` : "";
      node.setAttribute("aria-description", `${t("move.cost", { n: mpText(a.cost) })}${left}${stack}`);
      this.described.push(node);
    }
  }

  /**
   * Hovering (or the keyboard on) `hex`: the path to it when it is a destination of the selected
   * unit; returns {cost, left, steps} for the tooltip, or null.
   */
  hover(hex) {
    const b = this.board, sel = b.selected;
    const info = sel && hex ? destinationInfo(b.actions(), sel, hex) : null;
    this.hovered = info ? hex : null;
    if (!info) {
      this.marks?.showRoute(null, []);
      return null;
    }
    const start = b.view?.counters?.find((c) => c.ref === sel)?.hex ?? null;
    this.marks?.showRoute(start, routeLegs(b.actions(), sel, b.ui.via, hex));
    return info;
  }

  /** The tooltip's lines for a destination. */
  tipLines(hex, info) {
    const lines = [h("p", { class: "tip-title" }, h("b", {}, this.board.map?.placeName?.(hex) ?? hex))];
    lines.push(h("p", { class: "tip-lines" }, h("span", { class: "tip-cost", "data-testid": "move-cost" }, t("move.cost", { n: mpText(info.cost) })),
      info.left !== null ? h("span", { class: "tip-left" }, t("move.left", { n: mpText(info.left) })) : null));
    if (info.stacking) lines.push(h("p", { class: "tip-stacking", "data-testid": "move-stacking" }, t("move.stacking", { problem: this.stackingText(info.stacking) })));
    if (this.board.ui.via.length) lines.push(h("p", { class: "tip-hex" }, t("move.via_note")));
    return lines;
  }

  /**
   * A click on `hex` that adds or drops a waypoint (Shift-click, or any click in waypoint mode on a
   * destination of the selected unit). Returns whether it was one.
   */
  waypointClick(hex, e) {
    const b = this.board, sel = b.selected;
    if (!sel || !(e?.shiftKey || b.ui.waymode)) return false;
    const dest = this.mine();
    if (!dest.has(hex) && !b.ui.via.includes(hex)) return false;
    b.setState({ via: toggleWaypoint(b.actions(), sel, b.ui.via, hex) });
    return true;
  }

  /** The action sent for a map click: the selected unit's destination move carries the waypoints. */
  shape(action) {
    const b = this.board;
    return action?.unit === b.selected ? withVia(action, b.ui.via) : action;
  }

  /** Escape: drop the waypoints first, then the rest (board.cancel). Returns whether it did something. */
  escape() {
    const b = this.board;
    if (b.ui.via.length) {
      b.setState({ via: [] });
      return true;
    }
    if (b.ui.waymode) {
      b.setState({ waymode: false });
      return true;
    }
    return false;
  }

  /** The node of a keyboard choice on the map. */
  node(choice) {
    const svg = this.board.map?.svg;
    if (!svg || !choice) return null;
    const q = choice.kind === "unit" ? `[data-ref="${cssEscape(choice.ref)}"]` : `[data-hex="${cssEscape(choice.hex)}"]`;
    return svg.querySelector(q);
  }

  /** The choice a node on the map stands for (a counter, else its hex), or null. */
  choiceOf(node) {
    const ring = this.ring();
    const ref = node?.closest?.("[data-ref]")?.dataset.ref;
    const hex = node?.closest?.("[data-hex]")?.dataset.hex ?? node?.closest?.("[data-at]")?.dataset.at;
    return (ref && ring.find((x) => x.ref === ref)) || ring.find((x) => x.kind === "hex" && x.hex === hex) || null;
  }

  ring() {
    const b = this.board;
    return keyRing(b.actions(), b.selected, (ref) => b.map?.counterHex?.get?.(ref) ?? b.view?.counters?.find((c) => c.ref === ref)?.hex ?? null, b.origin);
  }

  /** Moves the keyboard (focus) to a choice, keeping it in sight. */
  focus(choice) {
    const node = this.node(choice);
    this.keyed = choice;
    this.marks?.showFocus(choice?.hex ?? null);
    if (!node) return;
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
    node.focus({ preventScroll: true });
    const p = this.board.map?.centre?.(choice.hex);
    const pz = this.board.map?.panzoom;
    if (p && pz?.vb) {
      const { x, y, w, h: hh } = pz.vb;
      if (p[0] < x || p[0] > x + w || p[1] < y || p[1] > y + hh) {
        pz.centreOn(p[0], p[1]);
        // the view box changes on the next frame: the tooltip follows the choice there
        const raf = globalThis.requestAnimationFrame ?? ((fn) => setTimeout(fn, 16));
        raf(() => raf(() => {
          if (document.activeElement === node) this.board.onHover({ hex: choice.hex, ref: choice.ref ?? null }, { target: node });
        }));
      }
    }
  }

  /**
   * Arrow keys on the map go to the nearest choice that way (units, targets), else to the next one in
   * order (wrapping); Tab reaches every one in document order. With no choice the map's keys pan.
   */
  onKey(e) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
    const ring = this.ring();
    if (!ring.length) return;
    const current = this.choiceOf(document.activeElement) ?? this.keyed;
    e.preventDefault();
    e.stopPropagation();
    const dir = { ArrowRight: [1, 0], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowUp: [0, -1] }[e.key];
    const at = (c) => this.board.map?.centre?.(c.hex) ?? null;
    this.focus(ringNearest(ring, current, dir, at) ?? ringStep(ring, current, step));
  }

  /** After a new view: the keyboard stays on the map, on the first choice when its own is gone. */
  afterView() {
    const svg = this.board.map?.svg;
    if (!svg || !svg.contains(document.activeElement)) return this.marks?.showFocus(null);
    const ring = this.ring();
    const still = this.choiceOf(document.activeElement);
    if (still) return this.marks?.showFocus(still.hex);
    if (ring.length) this.focus(ring[0]);
    else this.marks?.showFocus(null);
  }
}
