// Stacks and unit details, pure: grouping counters by hex, the offsets of a drawn stack, the
// lines of a unit's tooltip or inspector row. No DOM.

/** Counters on the map grouped by hex, in the given (stacking) order: Map<hex, counter[]>. */
export function groupStacks(counters) {
  const out = new Map();
  for (const c of counters ?? []) {
    if (!c?.hex) continue;
    if (!out.has(c.hex)) out.set(c.hex, []);
    out.get(c.hex).push(c);
  }
  return out;
}

/**
 * Offsets [dx, dy] of the n counters of a stack, bottom first, for a hex of `size`: each counter
 * steps up-right, and the whole stack stays within about a third of the hex whatever its height.
 */
export function stackOffsets(n, size) {
  if (n <= 1) return [[0, 0]];
  const step = Math.min(0.14, 0.36 / (n - 1)) * size;
  const shift = ((n - 1) * step) / 2; // centre the stack on the hex
  return Array.from({ length: n }, (_, k) => [k * step - shift, shift - k * step]);
}

/** Whether a counter shows steps (attack-defence units) rather than Shimada-style cf-ma. */
export const isStepUnit = (c) => c?.attack !== undefined || c?.defence !== undefined || c?.steps !== undefined;

/** True when a counter is on its reduced face (a view's own `reduced: false` wins: a one-step unit at full strength). */
export const isReduced = (c) => c?.reduced === true || c?.face === "back" || (c?.reduced === undefined && c?.steps === 1);

/** A face-down counter: nothing but its side is known. */
export const isHidden = (c) => c?.face === "down" || c?.face === "hidden";

const text = (v, lang) => (v && typeof v === "object" ? v[lang] ?? v.en ?? "" : v ?? "");

/** "10-10" (attack-defence), "6-6" (cf-ma) or "" when the counter shows neither. */
export function factorsText(c) {
  if (isHidden(c)) return "";
  if (c.attack !== undefined || c.defence !== undefined) return `${c.attack ?? "?"}-${c.defence ?? "?"}`;
  if (c.cf !== undefined || c.ma !== undefined) return `${c.cf ?? ""}-${c.ma ?? ""}`;
  if (c.fire !== undefined || c.melee !== undefined) return `${c.fire ?? "–"}-${c.melee ?? "–"}`;
  return "";
}

/**
 * What the tooltip and the stack inspector say about a counter:
 * {title, name, side, factors, steps: "full"|"reduced"|null, markers: [], division, hex, mp} (mp: the
 * movement points left, where the view gives them as `mp_left`).
 * `words(key)` translates "full", "reduced" and marker names.
 */
export function unitSummary(c, { lang = "en", sideName = (s) => s } = {}) {
  const hidden = isHidden(c);
  const name = hidden ? "" : text(c.name, lang);
  const designation = hidden ? "" : text(c.designation, lang) || text(c.short, lang);
  return {
    ref: c.ref,
    title: designation || name || c.kind || "",
    name: designation && name !== designation ? name : "",
    side: sideName(c.side) ?? c.side ?? "",
    factors: factorsText(c),
    steps: hidden ? null : isStepUnit(c) ? (isReduced(c) ? "reduced" : "full") : c.reduced === true ? "reduced" : null,
    markers: hidden ? [] : [...(c.markers ?? [])],
    division: hidden ? "" : text(c.division, lang),
    hex: c.hex ?? null,
    hits: hidden ? 0 : Number(c.hits) || 0,
    status: c.status ?? null,
    mp: !hidden && typeof c.mp_left === "number" ? c.mp_left : null,
    hidden,
  };
}

/** A unit's actions grouped for the inspector: {select: bool, direct: [actions]}. */
export function unitActions(actions, ref, { isTwoClick, isUnitOnly }) {
  const mine = (actions ?? []).filter((a) => a.unit === ref);
  return { select: mine.some(isTwoClick), direct: mine.filter(isUnitOnly) };
}
