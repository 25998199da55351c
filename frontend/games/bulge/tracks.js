// The Bulge panel's track widgets: a turn track (dates, the current turn, reinforcements to come,
// air turns, the victory thresholds of each turn) and a victory-point track. The data shaping is
// pure (turnTrackData, vpTrackData); turnTrackEl / vpTrackEl build the DOM. Every field is optional.
//
// Sources, first found wins:
//   turns: view.turns (a count) or the largest turn named anywhere below;
//   per-turn info: view.turn_track | view.turn_info | statics.board.turns | statics.turns,
//     each {n: {date?, german_win?, allied_win?, air?}} (or a list indexed from turn 1);
//   view.dates {n: "1944-12-16"}; view.thresholds {n: {german_win, allied_win}};
//   view.reinforcements {n: [ref | {designation?, name?, ...}]}; view.vp (number or {side: n}).

import { h } from "../../common/dom.js";
import { getLang } from "../../common/i18n.js";

export const WORDS = {
  en: { turn: "Turn", vp: "Victory points", german_win: "German win at", allied_win: "Allied win at", reinforcements: "Reinforcements", air: "Air turn" },
  ja: { turn: "ターン", vp: "勝利得点", german_win: "ドイツ軍勝利", allied_win: "連合軍勝利", reinforcements: "増援", air: "航空ターン" },
};
const w = (key) => WORDS[getLang()]?.[key] ?? WORDS.en[key];

const asTable = (v) => {
  if (!v || typeof v !== "object") return {};
  if (Array.isArray(v)) return Object.fromEntries(v.map((x, i) => [String(i + 1), x]));
  return v;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "1944-12-16" -> "16 Dec" (en) or "12/16" (ja); anything else as given. */
export function shortDate(date, lang = "en") {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(date ?? ""));
  if (!m) return date ? String(date) : "";
  const mo = Number(m[2]), d = Number(m[3]);
  return lang === "ja" ? `${mo}/${d}` : `${d} ${MONTHS[mo - 1]}`;
}

/** The per-turn table: {n: {...}} merged from the sources above. */
export function turnInfo(view, statics) {
  const base = asTable(view?.turn_track ?? view?.turn_info ?? statics?.board?.turns ?? statics?.turns);
  const out = {};
  for (const [n, info] of Object.entries(base)) out[n] = { ...(info ?? {}) };
  for (const [n, date] of Object.entries(asTable(view?.dates))) (out[n] ??= {}).date = date;
  for (const [n, th] of Object.entries(asTable(view?.thresholds))) Object.assign((out[n] ??= {}), th ?? {});
  return out;
}

/**
 * The turn track: [{n, date, current, past, air, german_win, allied_win, reinforcements: [text]}].
 * `unitName(refOrObject)` turns a reinforcement entry into text.
 */
export function turnTrackData(view, statics, unitName = (u) => (typeof u === "string" ? u : u?.designation ?? u?.name ?? "?")) {
  const info = turnInfo(view, statics);
  const reinf = asTable(view?.reinforcements);
  const named = [...Object.keys(info), ...Object.keys(reinf)].map(Number).filter(Number.isFinite);
  const count = Number.isInteger(view?.turns) ? view.turns : Math.max(0, ...named, view?.turn ?? 0);
  const cur = Number(view?.turn);
  const out = [];
  for (let n = 1; n <= count; n++) {
    const i = info[String(n)] ?? {};
    out.push({
      n,
      date: i.date ?? null,
      current: n === cur,
      past: Number.isFinite(cur) && n < cur,
      air: i.air ?? null,
      german_win: i.german_win ?? null,
      allied_win: i.allied_win ?? null,
      reinforcements: (reinf[String(n)] ?? []).map(unitName),
    });
  }
  return out;
}

/** A single number from view.vp (a number, or {german: n} / the first value). */
export function vpValue(vp) {
  if (typeof vp === "number") return vp;
  if (vp && typeof vp === "object") {
    if (typeof vp.german === "number") return vp.german;
    const first = Object.values(vp).find((v) => typeof v === "number");
    return first ?? null;
  }
  return null;
}

/**
 * The VP track: {vp, german_win, allied_win, max, marks: [{at, kind}]} for the current turn's
 * thresholds, or null when the view has no VP. The scale runs from 0 to a round number above
 * the largest value shown.
 */
export function vpTrackData(view, statics) {
  const vp = vpValue(view?.vp);
  if (vp === null) return null;
  const info = turnInfo(view, statics)[String(view?.turn)] ?? {};
  const gw = info.german_win ?? null, aw = info.allied_win ?? null;
  const top = Math.max(vp, gw ?? 0, aw ?? 0, 10);
  const max = Math.ceil((top * 1.1) / 10) * 10;
  const marks = [];
  if (aw !== null) marks.push({ at: aw, kind: "allied_win" });
  if (gw !== null) marks.push({ at: gw, kind: "german_win" });
  return { vp, german_win: gw, allied_win: aw, max, marks };
}

/** The turn track as an <ol> (class "track turns"). */
export function turnTrackEl(data, { lang = "en", airLabel = "✈" } = {}) {
  return h("ol", { class: "track turns", "data-testid": "turn-track", "aria-label": w("turn") }, ...data.map((d) => {
    const cls = ["track-turn", d.current ? "current" : "", d.past ? "past" : "", d.air ? "air" : ""].filter(Boolean).join(" ");
    const title = [`${w("turn")} ${d.n}`, d.date ? shortDate(d.date, lang) : "",
      d.german_win !== null ? `${w("german_win")} ${d.german_win}` : "",
      d.allied_win !== null ? `${w("allied_win")} ${d.allied_win}` : "",
      d.reinforcements.length ? `${w("reinforcements")}: ${d.reinforcements.join(", ")}` : ""].filter(Boolean).join(" · ");
    return h("li", { class: cls, title, "aria-current": d.current ? "step" : undefined, "data-turn": d.n },
      h("span", { class: "n" }, String(d.n)),
      d.date ? h("span", { class: "date" }, shortDate(d.date, lang)) : null,
      d.air ? h("span", { class: "air", title: w("air") }, airLabel) : null,
      d.german_win !== null || d.allied_win !== null
        ? h("span", { class: "thr" }, d.german_win !== null ? h("span", { class: "gw" }, String(d.german_win)) : null,
          d.allied_win !== null ? h("span", { class: "aw" }, String(d.allied_win)) : null)
        : null,
      d.reinforcements.length ? h("span", { class: "reinf", "aria-label": w("reinforcements") }, `+${d.reinforcements.length}`) : null);
  }));
}

/** The list of reinforcements still to come (turns after the current one). */
export function reinforcementsEl(data) {
  const rows = data.filter((d) => !d.past && d.reinforcements.length);
  if (!rows.length) return null;
  return h("dl", { class: "track reinforcements", "data-testid": "reinforcements" }, ...rows.flatMap((d) => [
    h("dt", {}, `${w("turn")} ${d.n}`), h("dd", {}, d.reinforcements.join(", "))]));
}

/** The VP track: a bar from 0 to max with the score and the thresholds marked. */
export function vpTrackEl(d) {
  if (!d) return null;
  const pct = (v) => `${Math.max(0, Math.min(100, (v / d.max) * 100)).toFixed(1)}%`;
  return h("div", { class: "track vp", "data-testid": "vp-track" },
    h("div", { class: "vp-head" }, `${w("vp")}: `, h("b", { "data-testid": "vp" }, String(d.vp))),
    h("div", { class: "vp-bar", role: "meter", "aria-valuemin": "0", "aria-valuemax": String(d.max), "aria-valuenow": String(d.vp), "aria-label": w("vp") },
      h("span", { class: "vp-fill", style: `width:${pct(d.vp)}` }),
      ...d.marks.map((m) => h("span", { class: `vp-mark ${m.kind}`, style: `left:${pct(m.at)}`, title: `${w(m.kind)} ${m.at}` }))),
    d.marks.length ? h("div", { class: "vp-legend" }, ...d.marks.map((m) => h("span", { class: m.kind }, `${w(m.kind)} ${m.at}`))) : null);
}
