// SVG counters: a square in the side's colour, its short name, a NATO symbol, "cf-ma" factors, a
// stripe for tanks; face-down counters show a designed back: the side's colours, a turned corner
// and the look's word for it (Shimada: disrupted), as the view holds nothing else about them.
// Step units (with attack/defence) are drawn like a printed wargame counter: the national colour
// band on top with the designation, an identification line, a darker functional band with white
// numerals for mechanised units, "attack-defence" at the bottom, a stripe when reduced, and
// marker chips. Platoons (LZ Albany's kind of counter) have their own picture. The colours, the
// lines and the markers' chips are the game's (`info.look`, below).
// counterMarkup is a pure string function; CounterTray keeps keyed nodes in an HTML container.

import { esc, s, SVG_NS } from "./dom.js";
import { getLang, renderArg, t } from "./i18n.js";
import { isStepUnit, isReduced, isHidden } from "./stacks.js";

// A game gives its counters' colours as `info.look` (its map plugin's counterLook, added by the
// board): {kind: "plain", face, back, ink, accent, edge, band?, short?: {id: {en, ja}}, backMark?: {en, ja}} | {kind: "step", band, body, dark,
// ink, line?, markers, designation?, symbol?, mechanised?} (the last three, when given, are the counter's own:
// Back to Iraq's short designations and type symbols) | {kind: "platoon", body, band, ink, bandInk, edge, markers}; markers:
// {name: {text, fill, ink?}} | {kind: "custom", markup(info, size, lang), sig} (the game draws the whole
// counter: Conflict of Heroes' facing arrow, used line and hit counter; `sig`: what changes its picture).
// Without a look a counter is drawn in neutral greys.
const PLAIN = { kind: "plain", face: "#dddddd", back: "#eeeeee", ink: "#111", accent: "#444", edge: "#666" };
const STEP = { kind: "step", band: "#9a9a9a", body: "#dddddd", dark: "#4a4a4a", ink: "#111", line: null, markers: {} };
const PLATOON = { kind: "platoon", body: "#cccccc", band: "#666666", ink: "#111", bandInk: "#fff", edge: "#333", markers: {} };
const lookOf = (info, kind, neutral) => (info.look?.kind === kind ? info.look : neutral);
export const isPlatoon = (info) => info?.look?.kind === "platoon";

const KIND_SYMBOL = {
  tank: "armour", armour: "armour", infantry: "infantry", artillery: "artillery", hq: "hq",
  engineer: "engineer", recce: "recce", armoured_car: "armoured_car", carrier: "carrier", uc: "carrier",
  panzergrenadier: "carrier", mechanised_infantry: "carrier", armored_infantry: "carrier", cavalry: "recce",
  paratroop: "airborne", airborne: "airborne", volksgrenadier: "infantry", commando: "commando", tank_destroyer: "armour",
};

export function symbolOf(counter, statics) {
  return counter.symbol ?? statics?.symbol ?? KIND_SYMBOL[counter.kind] ?? KIND_SYMBOL[counter.branch] ?? KIND_SYMBOL[statics?.kind] ?? KIND_SYMBOL[statics?.branch] ?? "infantry";
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
    airborne: cross + `<path d="M ${-w * 0.22} ${b - h * 0.12} q ${w * 0.11} ${-h * 0.25} ${w * 0.22} 0 q ${w * 0.11} ${-h * 0.25} ${w * 0.22} 0" fill="none"/>`,
    commando: `<text x="0" y="${cy + h * 0.3}" font-size="${h * 0.8}" text-anchor="middle" fill="${ink}" stroke="none" font-weight="700">C</text>`,
  };
  return parts[symbol] ?? "";
}

/**
 * The inner SVG of a counter centred at (0, 0), `size` wide.
 * info: {side, face: "up"|"down", kind?, cf?, ma?, name?, symbol?}
 */
export function counterMarkup(info, size, lang = "en") {
  if (info.look?.kind === "custom") return info.look.markup(info, size, lang);
  if (!isHidden(info) && isPlatoon(info)) return platoonMarkup(info, size, lang);
  if (!isHidden(info) && isStepUnit(info)) return stepMarkup(info, size, lang);
  const st = lookOf(info, "plain", PLAIN);
  const half = size / 2;
  const r = size * 0.07;
  const sw = Math.max(size * 0.025, 0.5);
  if (info.face !== "up" && (isHidden(info) || !isStepUnit(info))) return backMarkup(st, size, lang);
  const out = [];
  out.push(`<rect class="counter-body" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="${st.face}" stroke="${st.edge}" stroke-width="${sw}"/>`);
  if (st.band) {
    out.push(`<rect x="${-half + sw}" y="${-half + sw}" width="${size - 2 * sw}" height="${size * 0.07}" fill="${st.accent}"/>`);
  }
  if (info.kind === "tank" || info.symbol === "armour") {
    out.push(`<rect class="tank-stripe" x="${-half + sw}" y="${half - size * 0.1}" width="${size - 2 * sw}" height="${size * 0.1 - sw}" fill="${st.accent}"/>`);
  }
  // the short name (the look's, else the name) large enough to read at the opening zoom
  const name = plain(st.short?.[info.id], lang) || plain(info.name, lang);
  if (name) {
    const fs = size * (lang === "ja" ? 0.19 : 0.2);
    out.push(`<text class="counter-name" x="0" y="${-half + size * 0.26}" font-size="${f(fs)}" font-weight="700" text-anchor="middle" fill="${st.ink}"${fitText(name, fs, size * 0.88)}>${esc(name)}</text>`);
  }
  const w = size * 0.46, h = size * 0.26, cy = size * 0.03;
  out.push(`<g stroke="${st.ink}" stroke-width="${sw}" fill="none"><rect x="${-w / 2}" y="${cy - h / 2}" width="${w}" height="${h}"/>${natoSymbol(info.symbol ?? KIND_SYMBOL[info.kind] ?? "", w, h, cy, st.ink)}</g>`);
  if (info.cf !== undefined || info.ma !== undefined) {
    out.push(`<text class="counter-factors" x="0" y="${half - size * 0.1}" font-size="${f(size * 0.27)}" font-weight="800" text-anchor="middle" fill="${st.ink}">${esc(info.cf ?? "")}-${esc(info.ma ?? "")}</text>`);
  }
  return out.join("");
}

const plain = (v, lang) => (v && typeof v === "object" ? v[lang] ?? v.en ?? "" : v ?? "");
const f = (n) => Number(n.toFixed(2));

/**
 * A face-down counter's back: the side's colour, a band of the side's accent, a turned corner
 * (the face-down mark) and, when the look names it (`backMark`, e.g. Shimada's disrupted), the
 * word across the middle.
 */
function backMarkup(st, size, lang) {
  const half = size / 2, r = size * 0.07, sw = Math.max(size * 0.025, 0.5), k = size * 0.26;
  const out = [`<rect class="counter-body back" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${f(r)}" fill="${st.back}" stroke="${st.edge}" stroke-width="${f(sw)}"/>`];
  out.push(`<rect class="back-frame" x="${f(-half + size * 0.1)}" y="${f(-half + size * 0.1)}" width="${f(size * 0.8)}" height="${f(size * 0.8)}" rx="${f(r * 0.6)}" fill="none" stroke="${st.accent}" stroke-width="${f(sw * 0.9)}" stroke-dasharray="${f(size * 0.06)} ${f(size * 0.04)}" opacity="0.75"/>`);
  // the turned corner: the counter lies on its back
  out.push(`<path class="back-corner" d="M ${f(half - k)} ${f(-half)} L ${f(half)} ${f(-half + k)} L ${f(half - k)} ${f(-half + k)} Z" fill="${st.accent}" stroke="${st.edge}" stroke-width="${f(sw * 0.6)}"/>`);
  const word = plain(st.backMark, lang);
  if (word) {
    const fs = size * (lang === "ja" ? 0.3 : 0.17), bh = size * 0.34;
    out.push(`<rect x="${f(-half + sw)}" y="${f(-bh / 2 + size * 0.06)}" width="${f(size - 2 * sw)}" height="${f(bh)}" fill="${st.accent}"/>`);
    out.push(`<text class="back-mark" x="0" y="${f(size * 0.06 + fs * 0.36)}" font-size="${f(fs)}" font-weight="800" text-anchor="middle" fill="${st.backInk ?? "#fff"}"${fitText(word, fs, size * 0.86)}>${esc(word)}</text>`);
  }
  return out.join("");
}

/** Marker chips along the counter's left edge (class counter-marker, hidden by the supply overlay). */
function markerChips(markers, size, styles) {
  const out = [];
  const half = size / 2;
  (markers ?? []).forEach((m, i) => {
    const st = styles[m] ?? { text: String(m).slice(0, 3).toUpperCase(), fill: "#333", ink: "#fff" };
    const w = size * 0.42, hgt = size * 0.2, x = -half - size * 0.08, y = -half + size * 0.3 + i * (hgt + size * 0.03);
    out.push(`<g class="counter-marker marker-${esc(m)}"><rect x="${x}" y="${y}" width="${w}" height="${hgt}" rx="${size * 0.03}" fill="${st.fill}" stroke="#111" stroke-width="${size * 0.015}"/><text x="${x + w / 2}" y="${y + hgt * 0.78}" font-size="${hgt * 0.82}" font-weight="800" text-anchor="middle" fill="${st.ink}">${esc(st.text)}</text></g>`);
  });
  return out.join("");
}

/**
 * A step unit (attack-defence): national band + designation on top, German army line, NATO
 * symbol, functional band (mechanised: darker, white numerals), reduced stripe, marker chips.
 */
export function stepMarkup(info, size, lang = "en") {
  const st = lookOf(info, "step", STEP);
  const half = size / 2;
  const r = size * 0.06;
  const sw = Math.max(size * 0.025, 0.5);
  const reduced = isReduced(info);
  const mech = !!(st.mechanised ?? info.mechanised);
  const out = [];
  out.push(`<rect class="counter-shadow" x="${-half + size * 0.05}" y="${-half + size * 0.06}" width="${size}" height="${size}" rx="${r}" fill="rgba(0,0,0,.35)"/>`);
  out.push(`<rect class="counter-body${reduced ? " reduced" : ""}" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="${st.body}" stroke="#222" stroke-width="${sw}"/>`);
  // national colour band with the designation
  const bandH = size * 0.27;
  out.push(`<rect class="nation-band" x="${-half + sw}" y="${-half + sw}" width="${size - 2 * sw}" height="${bandH}" fill="${st.band}"/>`);
  const designation = plain(st.designation, lang) || plain(info.designation, lang) || plain(info.name, lang);
  if (designation) {
    const fs = size * 0.195; // ~8.5 px on a counter 44 px wide, the opening zoom's least
    const fit = designation.length * fs * 0.56 > size * 0.92 ? ` textLength="${(size * 0.92).toFixed(2)}" lengthAdjust="spacingAndGlyphs"` : "";
    out.push(`<text class="counter-designation" x="0" y="${-half + sw + bandH * 0.74}" font-size="${f(fs)}" font-weight="700" text-anchor="middle" fill="${st.ink}"${fit}>${esc(designation)}</text>`);
  }
  // an identification line under the band (the Bulge: the German army's)
  const lineY = -half + sw + bandH;
  if (st.line) {
    out.push(`<rect class="army-line-band army-${esc(info.army)}" x="${-half + sw}" y="${lineY}" width="${size - 2 * sw}" height="${size * 0.07}" fill="${st.line}" stroke="#333" stroke-width="${sw * 0.3}"/>`);
  }
  // the NATO symbol
  const w = size * 0.42, h = size * 0.22, cy = -size * 0.02;
  const symbol = st.symbol ?? info.symbol ?? KIND_SYMBOL[info.branch] ?? KIND_SYMBOL[info.kind] ?? "infantry";
  out.push(`<g stroke="${st.ink}" stroke-width="${sw}" fill="none"><rect x="${-w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" fill="${st.body}"/>${natoSymbol(symbol, w, h, cy, st.ink)}</g>`);
  // functional band (mechanised): darker, white numerals
  const botH = size * 0.33;
  const botY = half - sw - botH;
  let ink = st.ink;
  if (mech) {
    out.push(`<rect class="functional-band" x="${-half + sw}" y="${botY}" width="${size - 2 * sw}" height="${botH}" fill="${info.functional_colour ?? st.dark}"/>`);
    ink = "#fff";
  }
  if (info.attack !== undefined || info.defence !== undefined) {
    const text = `${info.attack ?? "?"}-${info.defence ?? "?"}`;
    const fs = size * 0.25;
    const fit = text.length * fs * 0.6 > size * 0.92 ? ` textLength="${(size * 0.9).toFixed(2)}" lengthAdjust="spacingAndGlyphs"` : "";
    out.push(`<text class="counter-factors" x="0" y="${half - sw - botH * 0.22}" font-size="${fs}" font-weight="800" text-anchor="middle" fill="${ink}"${fit}>${esc(text)}</text>`);
  }
  if (reduced) {
    // a diagonal stripe across the upper-right corner and a paler face
    const k = size * 0.34;
    out.push(`<path class="reduced-stripe" d="M ${half - k} ${-half} L ${half - k * 0.55} ${-half} L ${half} ${-half + k * 0.45} L ${half} ${-half + k} Z" fill="#fff" stroke="#b3131b" stroke-width="${sw}"/>`);
    out.push(`<rect x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="#fff" opacity="0.22" pointer-events="none"/>`);
  }
  out.push(markerChips(info.markers, size, st.markers ?? {}));
  return out.join("");
}

/** The NATO-style type symbol of a platoon inside a box w x h centred at (0, cy). */
function platoonSymbol(type, w, h, cy, ink, sw) {
  const l = -w / 2, r = w / 2, t = cy - h / 2, b = cy + h / 2;
  const box = `<rect x="${l}" y="${t}" width="${w}" height="${h}" fill="none"/>`;
  const cross = `<line x1="${l}" y1="${t}" x2="${r}" y2="${b}"/><line x1="${l}" y1="${b}" x2="${r}" y2="${t}"/>`;
  switch (type) {
    case "weapons": // infantry with a machine-gun arrow up the middle
      return box + cross + `<path d="M 0 ${b} V ${t + h * 0.12} M ${-w * 0.1} ${t + h * 0.3} L 0 ${t + h * 0.08} L ${w * 0.1} ${t + h * 0.3}" fill="none"/>`;
    case "recon":
      return box + `<line x1="${l}" y1="${b}" x2="${r}" y2="${t}"/>`;
    case "mortar": // a circle with an arrow up
      return box + `<circle cx="0" cy="${b - h * 0.22}" r="${h * 0.13}" fill="none"/><path d="M 0 ${b - h * 0.35} V ${t + h * 0.12} M ${-w * 0.1} ${t + h * 0.32} L 0 ${t + h * 0.1} L ${w * 0.1} ${t + h * 0.32}" fill="none"/>`;
    case "artillery":
      return box + `<circle cx="0" cy="${cy}" r="${h * 0.2}" fill="${ink}" stroke="none"/>`;
    case "hq": // box with the staff down the left
      return box + cross + `<line x1="${l}" y1="${t}" x2="${l}" y2="${b + h * 0.55}" stroke-width="${sw * 1.4}"/>`;
    default:
      return box + cross;
  }
}

/** A five-pointed star centred at (cx, cy) of outer radius r. */
function star(cx, cy, r, attrs) {
  const p = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2, rr = i % 2 ? r * 0.42 : r;
    p.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon points="${p.join(" ")}" ${attrs}/>`;
}

/**
 * A platoon counter: its side's colours (the look), the short designation in a
 * band on top, the type symbol (officers: stars), "fire-melee" at the bottom, red pips for hits,
 * a red-edged corner stripe and paler face when reduced, a casualty marker (white, red cross) or
 * a wounded officer (red "W" band), Choi Oi marker chips.
 */
export function platoonMarkup(info, size, lang = "en") {
  const st = lookOf(info, "platoon", PLATOON);
  const half = size / 2, r = size * 0.07, sw = Math.max(size * 0.03, 0.5);
  const out = [];
  const casualty = info.casualty || info.status === "casualty";
  const officer = info.type === "officer" || info.type === "senior_officer";
  const wounded = info.status === "wounded" || (officer && info.hits > 0);
  const short = plain(info.short, lang) || plain(info.designation, lang) || "";
  out.push(`<rect class="counter-shadow" x="${-half + size * 0.05}" y="${-half + size * 0.06}" width="${size}" height="${size}" rx="${r}" fill="rgba(0,0,0,.35)"/>`);
  if (casualty) {
    out.push(`<rect class="counter-body casualty" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="#f7f5ee" stroke="${st.edge}" stroke-width="${sw}"/>`);
    out.push(`<rect x="${-half + sw}" y="${-half + sw}" width="${size - 2 * sw}" height="${size * 0.2}" fill="${st.band}"/>`);
    const k = size * 0.13;
    out.push(`<path d="M ${-k / 2} ${-k * 1.2} h ${k} v ${k} h ${k} v ${k} h ${-k} v ${k} h ${-k} v ${-k} h ${-k} v ${-k} h ${k} Z" fill="#c8102e" transform="translate(0 ${size * 0.06})"/>`);
    if (short) out.push(`<text class="counter-designation" x="0" y="${half - size * 0.1}" font-size="${size * 0.15}" text-anchor="middle" fill="#333"${fitText(short, size * 0.15, size * 0.9)}>${esc(short)}</text>`);
    return out.join("");
  }
  const reduced = !!info.reduced;
  out.push(`<rect class="counter-body${reduced ? " reduced" : ""}" x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="${st.body}" stroke="${st.edge}" stroke-width="${sw}"/>`);
  const bandH = size * 0.24;
  out.push(`<rect class="nation-band" x="${-half + sw}" y="${-half + sw}" width="${size - 2 * sw}" height="${bandH}" fill="${st.band}"/>`);
  if (short) {
    const fs = size * 0.17;
    out.push(`<text class="counter-designation" x="0" y="${-half + sw + bandH * 0.76}" font-size="${fs}" font-weight="700" text-anchor="middle" fill="${st.bandInk}"${fitText(short, fs, size * 0.9)}>${esc(short)}</text>`);
  }
  if (officer) {
    const senior = info.type === "senior_officer";
    const sr = size * (senior ? 0.15 : 0.2);
    const cy = size * 0.06;
    const attrs = wounded ? `fill="none" stroke="${st.ink}" stroke-width="${sw}"` : `fill="${senior ? "#b8860b" : st.ink}" stroke="${st.ink}" stroke-width="${sw * 0.5}"`;
    out.push(senior ? star(-sr * 1.05, cy, sr, attrs) + star(sr * 1.05, cy, sr, attrs) : star(0, cy, sr, attrs));
    if (wounded) {
      out.push(`<rect class="wounded-band" x="${-half + sw}" y="${half - size * 0.26}" width="${size - 2 * sw}" height="${size * 0.22}" fill="#c8102e"/>`);
      out.push(`<text x="0" y="${half - size * 0.09}" font-size="${size * 0.16}" font-weight="800" text-anchor="middle" fill="#fff">${esc(t("a11y.wounded_band", undefined, lang))}</text>`);
    }
  } else {
    const w = size * 0.44, h = size * 0.26, cy = -size * 0.02;
    out.push(`<g stroke="${st.ink}" stroke-width="${sw}" fill="none">${platoonSymbol(info.type, w, h, cy, st.ink, sw)}</g>`);
    if (info.fire !== undefined || info.melee !== undefined) {
      const text = `${info.fire ?? "–"}-${info.melee ?? "–"}`;
      out.push(`<text class="counter-factors" x="0" y="${half - size * 0.09}" font-size="${size * 0.26}" font-weight="800" text-anchor="middle" fill="${reduced ? "#8a0c0c" : st.ink}">${esc(text)}</text>`);
    }
  }
  if (reduced) {
    const k = size * 0.34;
    out.push(`<path class="reduced-stripe" d="M ${half - k} ${-half} L ${half - k * 0.55} ${-half} L ${half} ${-half + k * 0.45} L ${half} ${-half + k} Z" fill="#fff" stroke="#b3131b" stroke-width="${sw}"/>`);
    out.push(`<rect x="${-half}" y="${-half}" width="${size}" height="${size}" rx="${r}" fill="#fff" opacity="0.25" pointer-events="none"/>`);
  }
  const hits = officer ? 0 : Number(info.hits) || 0;
  for (let i = 0; i < hits; i++) {
    const pr = size * 0.075;
    out.push(`<circle class="hit-pip" cx="${half - pr * 1.3}" cy="${-half + bandH + pr * 1.5 + i * pr * 2.3}" r="${pr}" fill="#d0101c" stroke="#fff" stroke-width="${sw * 0.6}"/>`);
  }
  (info.markers ?? []).forEach((m, i) => {
    const ms = st.markers[m] ?? { text: { en: String(m) }, fill: "#333" };
    const text = plain(ms.text, lang);
    const mh = size * 0.2, my = -half - mh * 0.6 + i * (mh + 1);
    out.push(`<g class="counter-marker marker-${esc(m)}"><rect x="${-half - size * 0.06}" y="${my}" width="${size * 1.12}" height="${mh}" rx="${size * 0.03}" fill="${ms.fill}" stroke="#111" stroke-width="${size * 0.015}"/><text x="0" y="${my + mh * 0.78}" font-size="${mh * 0.78}" font-weight="800" text-anchor="middle" fill="#fff"${fitText(text, mh * 0.78, size * 1.05)}>${esc(text)}</text></g>`);
  });
  return out.join("");
}

/** Squeezes a text wider than `max` into it (Japanese glyphs are about one em wide, Latin ones 0.58). */
function fitText(text, fs, max) {
  const em = /[\u3000-\u9fff\uff00-\uffef]/.test(String(text)) ? 1 : 0.58;
  return String(text).length * fs * em > max ? ` textLength="${max.toFixed(2)}" lengthAdjust="spacingAndGlyphs"` : "";
}

/** Everything that changes a counter's picture; the node is redrawn only when this changes. */
export function counterSignature(info, lang) {
  return [info.id, info.side, info.face, info.kind, info.cf, info.ma, info.symbol, JSON.stringify(info.name ?? ""), lang,
    info.attack, info.defence, info.steps, info.nation, info.army, info.mechanised, JSON.stringify(info.designation ?? ""),
    (info.markers ?? []).join(","), info.look?.kind, info.branch, info.functional_colour, info.type, info.fire, info.melee, info.hits,
    info.reduced, info.casualty, info.status, JSON.stringify(info.short ?? ""), info.look?.sig ?? ""].join("|");
}

/** A spoken description for aria-label. */
export function counterLabel(info, sideName, lang = "en") {
  const name = typeof info.name === "object" && info.name ? info.name[lang] ?? info.name.en : info.name;
  if (!isHidden(info) && isPlatoon(info)) {
    const word = (key, args) => t(key, args, lang);
    const words = [plain(info.short, lang), name && name !== plain(info.short, lang) ? name : "",
      info.fire !== undefined ? `${info.fire}-${info.melee}` : "",
      info.casualty || info.status === "casualty" ? `(${word("unit.casualty")})` : "",
      info.status === "wounded" ? `(${word("unit.wounded")})` : "",
      info.reduced ? `(${word("unit.reduced")})` : "",
      info.hits && info.status !== "wounded" && !info.casualty ? word(info.hits > 1 ? "a11y.hits" : "a11y.hit", { n: info.hits }) : ""].filter(Boolean);
    return `${sideName}: ${words.join(" ")}`;
  }
  if (isHidden(info) || (info.face !== "up" && !isStepUnit(info))) return `${sideName}: ${t("a11y.face_down", undefined, lang)}`;
  if (isStepUnit(info)) {
    const des = plain(info.designation, lang);
    const words = [des, name && name !== des ? name : "", `${info.attack ?? "?"}-${info.defence ?? "?"}`,
      isReduced(info) ? `(${t("unit.reduced", undefined, lang)})` : ""].filter(Boolean);
    return `${sideName}: ${words.join(" ")}`;
  }
  return `${sideName}: ${name ?? info.kind ?? ""} ${info.cf ?? ""}-${info.ma ?? ""}`.trim();
}

/**
 * Merges a view counter with its static data: the NATO symbol, and the name as plain text
 * (the view's name may be a message {key, args}; the static one is {en, ja}).
 */
export function counterInfo(counter, staticCounters, catalogue, lang = getLang()) {
  const up = counter.face === "up" || (!isHidden(counter) && (counter.face !== undefined || isStepUnit(counter)));
  const statics = up && counter.id ? staticCounters?.[counter.id] : undefined;
  const name = up ? counter.name ?? statics?.name : undefined;
  const out = {
    ...counter,
    symbol: up ? symbolOf(counter, statics) : undefined,
    name: name === undefined ? undefined : renderArg(name, catalogue, lang),
  };
  if (up && statics) {
    // step units: fill what the view leaves out from the static order of battle
    for (const k of ["nation", "army", "mechanised", "designation", "division", "branch", "functional_colour"]) {
      if (out[k] === undefined && statics[k] !== undefined) out[k] = statics[k];
    }
    const faceData = isReduced(counter) ? statics.back : statics.front;
    if (faceData && out.attack === undefined && out.defence === undefined) {
      out.attack = faceData.attack;
      out.defence = faceData.defence;
    }
  }
  if (out.designation !== undefined && typeof out.designation === "object") out.designation = renderArg(out.designation, catalogue, lang);
  if (out.division !== undefined && out.division !== null && typeof out.division === "object") out.division = renderArg(out.division, catalogue, lang);
  return out;
}

/** Updates a keyed counter <g> in place (redraws its picture only if it changed). */
export function drawCounterNode(g, info, size, lang, sideName) {
  const sig = counterSignature(info, lang) + "|" + size;
  if (g.dataset.sig !== sig) {
    g.innerHTML = counterMarkup(info, size, lang);
    g.dataset.sig = sig;
  }
  g.setAttribute("aria-label", counterLabel(info, sideName, lang));
  g.classList.toggle("face-down", isHidden(info) || (info.face !== "up" && !isStepUnit(info)));
  g.classList.toggle("reduced", !isHidden(info) && isStepUnit(info) && isReduced(info));
}

/**
 * A row of small counters outside the map (off-map, eliminated, exited), keyed by ref.
 * update(counters) with counters already merged by counterInfo.
 */
export class CounterTray {
  constructor(container, { size = 50, onCounter, sideName = (s) => s } = {}) {
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
