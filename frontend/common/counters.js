// SVG counters: a square in the side's colour, a NATO symbol, "cf-ma" factors, a stripe for
// tanks; face-down counters are a plain back (the view holds nothing else about them).
// counterMarkup is a pure string function; CounterTray keeps keyed nodes in an HTML container.

import { esc, s, SVG_NS } from "./dom.js";
import { getLang, renderArg } from "./i18n.js";

export const SIDE_STYLE = {
  japanese: { face: "#f4f1e8", back: "#fbfaf6", ink: "#1d1d1d", accent: "#c8102e", edge: "#8a8170" },
  british: { face: "#c9a55a", back: "#c9a55a", ink: "#1d1a10", accent: "#5a4312", edge: "#6f5722" },
};
const DEFAULT_STYLE = { face: "#dddddd", back: "#eeeeee", ink: "#111", accent: "#444", edge: "#666" };

const KIND_SYMBOL = {
  tank: "armour", armour: "armour", infantry: "infantry", artillery: "artillery", hq: "hq",
  engineer: "engineer", recce: "recce", armoured_car: "armoured_car", carrier: "carrier", uc: "carrier",
};

export function symbolOf(counter, statics) {
  return statics?.symbol ?? KIND_SYMBOL[counter.kind] ?? KIND_SYMBOL[statics?.kind] ?? "infantry";
}

/** Lines of the NATO symbol inside a box of w x h centred at (0, cy). */
function natoSymbol(symbol, w, h, cy, ink) {
  const l = -w / 2, r = w / 2, t = cy - h / 2, b = cy + h / 2;
  const line = (x1, y1, x2, y2) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
  const oval = `<ellipse cx="0" cy="${cy}" rx="${w * 0.33}" ry="${h * 0.28}" fill="none"/>`;
  const cross = line(l, t, r, b) + line(l, b, r, t);
  const parts = {
    infantry: cross,
    armour: oval,
    carrier: oval + cross,
    armoured_car: oval + line(l, b, r, t),
    recce: line(l, b, r, t),
    artillery: `<circle cx="0" cy="${cy}" r="${h * 0.16}" fill="${ink}" stroke="none"/>`,
    engineer: `<path d="M ${-w * 0.28} ${cy + h * 0.22} V ${cy - h * 0.18} H ${w * 0.28} V ${cy + h * 0.22} M 0 ${cy - h * 0.18} V ${cy + h * 0.22}" fill="none"/>`,
    hq: line(l, t, l, b + h * 0.7),
  };
  return parts[symbol] ?? "";
}

/**
 * The inner SVG of a counter centred at (0, 0), `size` wide.
 * info: {side, face: "up"|"down", kind?, cf?, ma?, name?, symbol?}
 */
export function counterMarkup(info, size, lang = "en") {
  const st = SIDE_STYLE[info.side] ?? DEFAULT_STYLE;
  const half = size / 2;
  const r = size * 0.07;
  const sw = Math.max(size * 0.025, 0.5);
  if (info.face !== "up") {
    return `<rect class="counter-body back" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="${st.back}" stroke="${st.edge}" stroke-width="${sw}"/>`;
  }
  const out = [];
  out.push(`<rect class="counter-body" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="${st.face}" stroke="${st.edge}" stroke-width="${sw}"/>`);
  if (info.side === "japanese") {
    out.push(`<rect x="${-half + sw}" y="${-half + sw}" width="${size - 2 * sw}" height="${size * 0.07}" fill="${st.accent}"/>`);
  }
  if (info.kind === "tank" || info.symbol === "armour") {
    out.push(`<rect class="tank-stripe" x="${-half + sw}" y="${half - size * 0.1}" width="${size - 2 * sw}" height="${size * 0.1 - sw}" fill="${st.accent}"/>`);
  }
  const name = typeof info.name === "object" && info.name ? info.name[lang] ?? info.name.en ?? "" : info.name ?? "";
  if (name) {
    const fs = size * 0.13;
    const fit = name.length * fs * 0.55 > size * 0.9 ? ` textLength="${size * 0.88}" lengthAdjust="spacingAndGlyphs"` : "";
    out.push(`<text class="counter-name" x="0" y="${-half + size * 0.22}" font-size="${fs}" text-anchor="middle" fill="${st.ink}"${fit}>${esc(name)}</text>`);
  }
  const w = size * 0.5, h = size * 0.3, cy = -size * 0.03;
  out.push(`<g stroke="${st.ink}" stroke-width="${sw}" fill="none"><rect x="${-w / 2}" y="${cy - h / 2}" width="${w}" height="${h}"/>${natoSymbol(info.symbol ?? KIND_SYMBOL[info.kind] ?? "", w, h, cy, st.ink)}</g>`);
  if (info.cf !== undefined || info.ma !== undefined) {
    out.push(`<text class="counter-factors" x="0" y="${half - size * 0.15}" font-size="${size * 0.22}" font-weight="700" text-anchor="middle" fill="${st.ink}">${esc(info.cf ?? "")}-${esc(info.ma ?? "")}</text>`);
  }
  return out.join("");
}

/** Everything that changes a counter's picture; the node is redrawn only when this changes. */
export function counterSignature(info, lang) {
  return [info.side, info.face, info.kind, info.cf, info.ma, info.symbol, JSON.stringify(info.name ?? ""), lang].join("|");
}

/** A spoken description for aria-label. */
export function counterLabel(info, sideName, lang = "en") {
  const name = typeof info.name === "object" && info.name ? info.name[lang] ?? info.name.en : info.name;
  if (info.face !== "up") return `${sideName}: ${lang === "ja" ? "混乱(裏向き)" : "disrupted (face down)"}`;
  return `${sideName}: ${name ?? info.kind ?? ""} ${info.cf ?? ""}-${info.ma ?? ""}`.trim();
}

/**
 * Merges a view counter with its static data: the NATO symbol, and the name as plain text
 * (the view's name may be a message {key, args}; the static one is {en, ja}).
 */
export function counterInfo(counter, staticCounters, catalogue, lang = getLang()) {
  const up = counter.face === "up";
  const statics = up && counter.id ? staticCounters?.[counter.id] : undefined;
  const name = up ? counter.name ?? statics?.name : undefined;
  return {
    ...counter,
    symbol: up ? symbolOf(counter, statics) : undefined,
    name: name === undefined ? undefined : renderArg(name, catalogue, lang),
  };
}

/** Updates a keyed counter <g> in place (redraws its picture only if it changed). */
export function drawCounterNode(g, info, size, lang, sideName) {
  const sig = counterSignature(info, lang) + "|" + size;
  if (g.dataset.sig !== sig) {
    g.innerHTML = counterMarkup(info, size, lang);
    g.dataset.sig = sig;
  }
  g.setAttribute("aria-label", counterLabel(info, sideName, lang));
  g.classList.toggle("face-down", info.face !== "up");
}

/**
 * A row of small counters outside the map (off-map, eliminated, exited), keyed by ref.
 * update(counters) with counters already merged by counterInfo.
 */
export class CounterTray {
  constructor(container, { size = 44, onCounter, sideName = (s) => s } = {}) {
    this.el = container;
    this.size = size;
    this.nodes = new Map();
    this.sideName = sideName;
    this.el.classList.add("tray");
    if (onCounter) {
      this.el.addEventListener("click", (e) => {
        const node = e.target.closest("[data-ref]");
        if (node) onCounter(node.dataset.ref, null, e);
      });
      this.el.addEventListener("keydown", (e) => {
        const node = e.target.closest("[data-ref]");
        if (node && (e.key === "Enter" || e.key === " ")) {
          e.preventDefault();
          onCounter(node.dataset.ref, null, e);
        }
      });
    }
  }

  update(counters, lang) {
    const seen = new Set();
    for (const c of counters) {
      seen.add(c.ref);
      let svg = this.nodes.get(c.ref);
      if (!svg) {
        const p = this.size * 0.06;
        svg = s("svg", { class: "tray-counter", viewBox: `${-this.size / 2 - p} ${-this.size / 2 - p} ${this.size + 2 * p} ${this.size + 2 * p}`, width: this.size, height: this.size, "data-ref": c.ref, role: "img" });
        svg.append(document.createElementNS(SVG_NS, "g"));
        this.nodes.set(c.ref, svg);
      }
      drawCounterNode(svg.firstChild, c, this.size, lang, this.sideName(c.side));
      svg.setAttribute("aria-label", svg.firstChild.getAttribute("aria-label"));
      this.el.append(svg); // keeps the given order
    }
    for (const [ref, node] of this.nodes) {
      if (!seen.has(ref)) {
        node.remove();
        this.nodes.delete(ref);
      }
    }
  }

  /** Toggles highlight classes; `selectable` and `selected` are refs. */
  highlight(selectable, selected) {
    for (const [ref, node] of this.nodes) {
      node.classList.toggle("selectable", selectable.has(ref));
      node.classList.toggle("selected", ref === selected);
      if (selectable.has(ref)) node.setAttribute("tabindex", "0");
      else node.removeAttribute("tabindex");
      node.setAttribute("role", selectable.has(ref) ? "button" : "img");
    }
  }
}
