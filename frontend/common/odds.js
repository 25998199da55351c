// The odds preview, generic: view.attack (or view.combat) may list "candidates":
// [{at, odds, raw?, shifts?: [{reason: message, shift}], column?, attack, defence, chances?: {result: p},
// notes?: [message]}], and, before a declaration, "previews": the same with the `unit` whose declaration
// would give them. oddsDetail shapes one for display (pure); OddsPanel draws it with a legend of the
// table's codes. Absent fields are not shown.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

/** The candidate attacks of a view, or []. */
export function candidatesOf(view) {
  const list = view?.attack?.candidates ?? view?.combat?.candidates;
  return Array.isArray(list) ? list.filter((c) => c && typeof c.at === "string") : [];
}

/** The odds `unit` would give by declaring an attack on `hex` (view.attack.previews), or null. */
export function previewOf(view, unit, hex) {
  const list = view?.attack?.previews;
  if (!Array.isArray(list) || !unit) return null;
  return list.find((c) => c && c.unit === unit && c.at === hex) ?? null;
}

/** {hex: column} of the previews of `unit`'s declarations, for the map. */
export function previewLabels(view, unit) {
  const list = Array.isArray(view?.attack?.previews) ? view.attack.previews : [];
  return Object.fromEntries(list.filter((c) => c && c.unit === unit && typeof c.at === "string").map((c) => [c.at, finalColumn(c)]));
}

/**
 * The legend of a table's result codes: [{code, text}], in `order` (else as first met in the
 * chances), the text from `resultName(code)` without a leading "code:" the catalogue may repeat.
 */
export function legendOf(codes, resultName = (r) => r) {
  return [...new Set(codes)].map((code) => {
    const name = String(resultName(code) ?? "");
    const text = name.startsWith(`${code}:`) ? name.slice(code.length + 1).trim() : name;
    return { code, text: text === code ? "" : text };
  });
}

/** The text drawn on a candidate's hex: the final column, else the odds. */
export const finalColumn = (c) => String(c.column ?? c.odds ?? "");

/** {hex: column} for the map. */
export function oddsLabels(view) {
  return Object.fromEntries(candidatesOf(view).map((c) => [c.at, finalColumn(c)]));
}

/** Whether any candidate carries more than Shimada's at/odds/attack/defence. */
export function hasDetail(candidates) {
  return candidates.some((c) => c.raw !== undefined || c.shifts !== undefined || c.column !== undefined || c.chances !== undefined);
}

/** "+1" / "−2" / "0". */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/**
 * One candidate shaped for display. `msg(message)` renders a catalogue message.
 * Returns {at, attack, defence, raw, shifts: [{text, shift, sign, dir}], total, column,
 * chances: [{result, p, pct}]} with absent parts null.
 */
export function oddsDetail(c, msg = (m) => (typeof m === "string" ? m : m?.key ?? "")) {
  const shifts = Array.isArray(c.shifts)
    ? c.shifts.map((s) => ({
      text: s.reason === undefined || s.reason === null ? "" : msg(s.reason),
      shift: Number(s.shift ?? 0),
      sign: signed(Number(s.shift ?? 0)),
      dir: s.shift > 0 ? "attacker" : s.shift < 0 ? "defender" : "none",
    }))
    : null;
  const total = shifts ? shifts.reduce((n, s) => n + s.shift, 0) : null;
  let chances = null;
  if (c.chances && typeof c.chances === "object") {
    const entries = Array.isArray(c.chances) ? c.chances.map((e) => [e.result, e.p ?? e.chance]) : Object.entries(c.chances);
    chances = entries.map(([result, p]) => ({ result, p: Number(p), pct: Math.round(Number(p) * 1000) / 10 }));
  }
  return {
    at: c.at,
    unit: c.unit ?? null,
    notes: Array.isArray(c.notes) ? c.notes.map((n) => msg(n)) : null,
    attackers: Array.isArray(c.attackers) ? c.attackers : null,
    attack: c.attack ?? null,
    defence: c.defence ?? null,
    odds: c.odds ?? null,
    raw: c.raw ?? null,
    shifts,
    total,
    column: c.column ?? c.odds ?? null,
    chances,
  };
}

/** Pairs (result, share) as text, e.g. for aria-label: "DR1 8.3%". */
export const chanceText = (ch) => `${ch.result} ${ch.pct}%`;

/**
 * A side-panel box: the list of candidates and the detail of the one hovered or chosen.
 * update(view) refreshes; show(hex) picks the candidate on that hex (null: keep the last one).
 */
export class OddsPanel {
  constructor(container, { msg, resultName = (r) => r, resultTitle = () => "", unitName = (r) => String(r), resultOrder = () => null } = {}) {
    this.resultOrder = resultOrder;
    this.msg = msg;
    this.resultName = resultName;
    this.resultTitle = resultTitle;
    this.unitName = unitName;
    this.el = h("section", { class: "odds-panel", "data-testid": "odds", hidden: true });
    container.append(this.el);
    this.candidates = [];
    this.current = null;
    this.previewing = null; // a not yet declared attack shown on hover (view.attack.previews)
  }

  update(view) {
    this.candidates = candidatesOf(view);
    this.previewing = null;
    if (!hasDetail(this.candidates)) {
      this.el.hidden = true;
      this.current = null;
      return;
    }
    if (!this.candidates.some((c) => c.at === this.current)) this.current = this.candidates[0]?.at ?? null;
    this.draw();
  }

  show(hex) {
    if (!hex || (hex === this.current && !this.previewing) || !this.candidates.some((c) => c.at === hex)) return;
    this.current = hex;
    this.previewing = null;
    this.draw();
  }

  /** Shows the odds of an attack not yet declared (a preview); null goes back to the declared ones. */
  preview(c) {
    if (c === this.previewing) return;
    this.previewing = c;
    if (!c && !hasDetail(this.candidates)) {
      this.el.hidden = true;
      return;
    }
    this.draw();
  }

  draw() {
    if (this.previewing) {
      fill(this.el, h("h3", {}, t("odds.title")),
        h("p", { class: "odds-preview-of" }, t("odds.preview", { unit: this.unitName(this.previewing.unit) })),
        this.detail(oddsDetail(this.previewing, this.msg), true), this.legend());
      this.el.hidden = false;
      return;
    }
    this.el.hidden = this.candidates.length === 0;
    if (this.el.hidden) return;
    const list = h("div", { class: "odds-list", role: "tablist" }, ...this.candidates.map((c) =>
      h("button", { type: "button", role: "tab", class: c.at === this.current ? "on" : "", "aria-selected": String(c.at === this.current),
        "data-at": c.at, onclick: () => this.show(c.at) }, `${c.at} ${finalColumn(c)}`)));
    const c = this.candidates.find((x) => x.at === this.current);
    fill(this.el, h("h3", {}, t("odds.title")), list, c ? this.detail(oddsDetail(c, this.msg)) : null, this.legend());
  }

  /** Every code of the table with what it does, in the reader's language (collapsed). */
  legend() {
    const order = this.resultOrder();
    const seen = [...this.candidates, ...(this.previewing ? [this.previewing] : [])]
      .flatMap((c) => (c.chances && typeof c.chances === "object" && !Array.isArray(c.chances) ? Object.keys(c.chances) : []));
    const items = legendOf([...(Array.isArray(order) ? order : []), ...seen], (r) => this.resultName(r));
    if (!items.length) return null;
    return h("details", { class: "odds-legend", "data-testid": "odds-legend" }, h("summary", {}, t("odds.legend")),
      h("dl", {}, ...items.flatMap((x) => [h("dt", {}, x.code), h("dd", {}, x.text || x.code)])));
  }

  detail(d, preview = false) {
    const rows = [];
    if (d.attackers && d.attackers.length) {
      rows.push(h("ul", { class: "odds-attackers", "aria-label": t("odds.attackers") }, ...d.attackers.map((ref) =>
        h("li", { "data-ref": ref }, this.unitName(ref)))));
    }
    if (d.attack !== null || d.defence !== null) {
      rows.push(h("p", { class: "odds-strengths" }, h("b", {}, String(d.attack ?? "?")), ` ${t("odds.vs")} `, h("b", {}, String(d.defence ?? "?"))));
    }
    if (d.raw !== null) rows.push(h("p", { class: "odds-raw" }, `${t("odds.raw")}: `, h("b", {}, String(d.raw))));
    if (d.shifts && d.shifts.length) {
      rows.push(h("ul", { class: "odds-shifts" }, ...d.shifts.map((s) =>
        h("li", { class: `shift-${s.dir}` }, h("span", { class: "shift-sign" }, s.sign), " ", s.text))));
    }
    if (d.column !== null) rows.push(h("p", { class: "odds-column" }, `${t("odds.column")}: `, h("b", {}, String(d.column))));
    if (d.notes && d.notes.length) rows.push(h("ul", { class: "odds-notes" }, ...d.notes.map((n) => h("li", {}, n))));
    const order = this.resultOrder();
    if (d.chances && Array.isArray(order)) {
      const rank = (r) => (order.indexOf(r) < 0 ? order.length : order.indexOf(r));
      d.chances = [...d.chances].sort((a, b) => rank(a.result) - rank(b.result));
    }
    if (d.chances && d.chances.length) {
      const max = Math.max(...d.chances.map((x) => x.p), 0.0001);
      rows.push(h("table", { class: "odds-chances" }, h("tbody", {}, ...d.chances.map((ch) =>
        h("tr", { "aria-label": chanceText(ch) },
          // The CRT's own code, as printed; its name and effect in the tooltip.
          h("th", { scope: "row", title: [this.resultName(ch.result), this.resultTitle(ch.result)]
            .filter((x) => x && x !== ch.result).join(" — ") || null }, String(ch.result)),
          h("td", { class: "bar" }, h("span", { style: `width:${((ch.p / max) * 100).toFixed(1)}%` })),
          h("td", { class: "pct" }, `${ch.pct}%`))))));
    }
    return h("div", { class: `odds-detail${preview ? " preview" : ""}`, "data-at": d.at, ...(preview ? { "data-preview": d.unit ?? "" } : {}) },
      h("p", { class: "odds-at" }, `${t("odds.target")}: ${d.at}`), ...rows);
  }
}
