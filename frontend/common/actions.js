// Which clicks play which of view.actions. Pure: no DOM, no rules; it only reads the fields
// every client understands (docs/DESIGN.md "Actions and the client"): unit, to, at.

export const targetOf = (a) => a.to ?? a.at;
const isHex = (v) => typeof v === "string";

/** An action with a unit and a hex: click the counter, then the hex. */
export const isTwoClick = (a) => a.unit !== undefined && isHex(targetOf(a));
/** An action with only a unit: one click on the counter. */
export const isUnitOnly = (a) => a.unit !== undefined && !isHex(targetOf(a));
/** An action from one hex (area) at another, without a unit (LZ Albany fire, mortar): click both. */
export const isFromAt = (a) => a.unit === undefined && isHex(a.from) && isHex(a.at);
/** An action with only a hex: one click on the hex. */
export const isHexOnly = (a) => a.unit === undefined && isHex(targetOf(a)) && !isFromAt(a);
export const isMapAction = (a) => isTwoClick(a) || isUnitOnly(a) || isHexOnly(a);

/** The hexes some from-at action starts from. */
export function fromHexes(actions) {
  return new Set(actions.filter(isFromAt).map((a) => a.from));
}

/** The targets of the from-at actions starting in `from`. */
export function fromTargets(actions, from) {
  return new Set(actions.filter((a) => isFromAt(a) && a.from === from).map((a) => a.at));
}

/**
 * A click on `hex` for the from-at actions, with `origin` the chosen firing hex (or null):
 * {kind: "send", action} | {kind: "choose", actions} | {kind: "origin", hex} (choose the firing
 * hex; null to clear it) | {kind: "none"}. The firing hex is chosen by itself when it is the only one.
 */
export function clickFromAt(actions, origin, hex) {
  const sources = fromHexes(actions);
  const from = origin ?? (sources.size === 1 ? [...sources][0] : null);
  if (from !== null && hex !== from) {
    const m = actions.filter((a) => isFromAt(a) && a.from === from && a.at === hex);
    if (m.length === 1) return { kind: "send", action: m[0] };
    if (m.length > 1) return { kind: "choose", actions: m };
  }
  if (hex === origin) return { kind: "origin", hex: null };
  if (sources.has(hex)) return { kind: "origin", hex };
  return { kind: "none" };
}

/**
 * What to highlight: {targets: Set<hex>, selectable: Set<ref>}.
 * With a unit selected, the hexes its actions go to; otherwise every unit that can act and
 * every hex that a hex-only action names.
 */
export function highlights(actions, selected) {
  const targets = new Set();
  const selectable = new Set();
  for (const a of actions) {
    if (isTwoClick(a) || isUnitOnly(a)) selectable.add(a.unit);
    if (selected !== null && selected !== undefined) {
      if (isTwoClick(a) && a.unit === selected) targets.add(targetOf(a));
    } else if (isHexOnly(a)) {
      targets.add(targetOf(a));
    }
  }
  return { targets, selectable };
}

/**
 * The result of a click on a hex: {kind: "send", action} | {kind: "choose", actions} |
 * {kind: "none"}. `selected` is the selected unit's ref or null.
 */
export function clickHex(actions, selected, hex) {
  let matches = [];
  if (selected !== null && selected !== undefined) {
    matches = actions.filter((a) => isTwoClick(a) && a.unit === selected && targetOf(a) === hex);
  }
  if (matches.length === 0) matches = actions.filter((a) => isHexOnly(a) && targetOf(a) === hex);
  if (matches.length === 1) return { kind: "send", action: matches[0] };
  if (matches.length > 1) return { kind: "choose", actions: matches };
  return { kind: "none" };
}

/**
 * The result of a click on a counter `ref` standing in `hex` (null off the map):
 * {kind: "select", ref} | {kind: "deselect"} | {kind: "send", action} |
 * {kind: "choose", actions} | {kind: "none"}.
 * A counter on a hex that the selected unit (or a hex-only action) targets counts as that hex.
 * A unit that can go somewhere is selected; its one-click actions then show as buttons.
 */
export function clickCounter(actions, selected, ref, hex) {
  if (ref === selected) return { kind: "deselect" };
  const own = actions.some((a) => a.unit === ref);
  if (hex && (selected || !own)) {
    const asHex = clickHex(actions, selected, hex);
    if (asHex.kind !== "none") return asHex;
  }
  if (actions.some((a) => isTwoClick(a) && a.unit === ref)) return { kind: "select", ref };
  const single = actions.filter((a) => isUnitOnly(a) && a.unit === ref);
  if (single.length === 1) return { kind: "send", action: single[0] };
  if (single.length > 1) return { kind: "choose", actions: single };
  return selected ? { kind: "deselect" } : { kind: "none" };
}

/**
 * Actions shown as buttons: those the map does not play (and no panel claims), plus the
 * one-click actions of the selected unit (e.g. "end the move of", "leave the map").
 */
export function buttonActions(actions, claimed = () => false, selected = null, origin = null, maxFromAt = 6) {
  const many = actions.filter(isFromAt).length > maxFromAt;
  return actions.filter((a) => (!isMapAction(a) || (isUnitOnly(a) && a.unit === selected && selected !== null)) && !claimed(a)
    && (!isFromAt(a) || !many || a.from === origin));
}

/** The unit to select by itself: the only one with somewhere to go (a mover, a retreat). */
export function soleUnit(actions) {
  const units = new Set(actions.filter(isTwoClick).map((a) => a.unit));
  return units.size === 1 ? [...units][0] : null;
}

/**
 * Several units chosen together (e.g. the attackers of one combat): the hexes every one of them
 * can go to with a two-click action. `refs` holds the selected unit first.
 */
export function groupTargets(actions, refs) {
  let out = null;
  for (const ref of refs) {
    const mine = new Set(actions.filter((a) => isTwoClick(a) && a.unit === ref).map(targetOf));
    out = out === null ? mine : new Set([...out].filter((x) => mine.has(x)));
  }
  return out ?? new Set();
}

/**
 * A click on `hex` with several units chosen: {kind: "send_all", actions} when each of them has
 * exactly one two-click action to that hex, else {kind: "none"}.
 */
export function clickHexGroup(actions, refs, hex) {
  const out = [];
  for (const ref of refs) {
    const m = actions.filter((a) => isTwoClick(a) && a.unit === ref && targetOf(a) === hex);
    if (m.length !== 1) return { kind: "none" };
    out.push(m[0]);
  }
  return out.length ? { kind: "send_all", actions: out } : { kind: "none" };
}

/**
 * Actions shown to the player as if they had only a unit (played by one click on the counter),
 * e.g. withdrawing an attacker whose action also names the target. `oneClick(action)` decides;
 * returns [shown, original] pairs (shown === original when nothing changes).
 */
export function asOneClick(actions, oneClick = () => false) {
  return actions.map((a) => (a.unit !== undefined && isHex(targetOf(a)) && oneClick(a) ? [{ type: a.type, unit: a.unit }, a] : [a, a]));
}

// === Moves to a destination (docs/DESIGN.md "The rules protocol") ===
// An offered move carries notes: `cost` (movement points spent), `left` (what remains), `prev` (the
// hex before `to` on the cheapest path; absent when `to` is one step from the start). The client
// may add `via` (waypoints, in order) to an offered move that carries `cost`.

/** A move to a destination: a unit+hex action with its cost noted. */
export const isDestination = (a) => isTwoClick(a) && typeof a.cost === "number";

/** The notes of an offered move (engine.core.NOTES: the engine ignores them when it compares actions). */
export const NOTES = ["cost", "left", "prev", "stacking"];

/**
 * The way a destination move goes, as a key: the action without its hex, notes and waypoints, so
 * that a unit alone, its whole stack (`units`) or a strategic move (`mode`) are ways of their own.
 */
export function moveWay(a) {
  return JSON.stringify(Object.keys(a).filter((k) => k !== "to" && k !== "via" && !NOTES.includes(k)).sort().map((k) => [k, a[k]]));
}

/** The ways `unit` may move to a destination, in the order offered: [{way, action}] (an action as a sample). */
export function moveWays(actions, unit) {
  const out = new Map();
  for (const a of actions) if (isDestination(a) && a.unit === unit && !out.has(moveWay(a))) out.set(moveWay(a), a);
  return [...out].map(([way, action]) => ({ way, action }));
}

/**
 * The actions with `unit`'s destination moves of one way only (`way`, else the first offered), so that
 * its highlights, paths and clicks are those of one way; the rest as they are.
 */
export function onlyWay(actions, unit, way) {
  if (!unit) return actions;
  const ways = moveWays(actions, unit).map((w) => w.way);
  if (ways.length < 2) return actions;
  const chosen = ways.includes(way) ? way : ways[0];
  return actions.filter((a) => !(isDestination(a) && a.unit === unit) || moveWay(a) === chosen);
}

/**
 * The destinations of `unit`: Map<hex, action> of its moves that carry a cost (the cheapest when
 * several types go to one hex; the first type offered wins a tie).
 */
export function destinations(actions, unit) {
  const out = new Map();
  for (const a of actions) {
    if (!isDestination(a) || a.unit !== unit) continue;
    const old = out.get(a.to);
    if (!old || a.cost < old.cost) out.set(a.to, a);
  }
  return out;
}

/**
 * The cheapest path to `hex` as the notes give it: the hexes stepped into, `hex` last, following
 * `prev` through the same unit's other moves of the same way (moveWay). null when `hex` is no destination
 * (or a `prev` leads nowhere offered: the notes are then not a path, and nothing is drawn).
 */
export function routeTo(actions, unit, hex) {
  const mine = destinations(actions, unit);
  const last = mine.get(hex);
  if (!last) return null;
  const way = moveWay(last);
  const same = new Map(actions.filter((a) => isDestination(a) && a.unit === unit && moveWay(a) === way).map((a) => [a.to, a]));
  const path = [hex];
  let at = last;
  while (at.prev !== undefined && at.prev !== null) {
    if (path.includes(at.prev) || path.length > same.size) return null; // a loop: not a path
    path.unshift(at.prev);
    at = same.get(at.prev);
    if (!at) return null;
  }
  return path;
}

/**
 * The route drawn for a move to `hex` through the waypoints `via`: legs [{hexes, exact}] from the
 * start. The first leg follows the notes exactly; after a waypoint the server finds the cheapest
 * path itself, so the client draws a straight leg (exact false) between stops.
 */
export function routeLegs(actions, unit, via, hex) {
  const stops = [...(via ?? []), hex];
  const first = routeTo(actions, unit, stops[0]);
  if (!first) return [];
  const legs = [{ hexes: first, exact: true }];
  for (let k = 1; k < stops.length; k += 1) legs.push({ hexes: [stops[k - 1], stops[k]], exact: false });
  return legs;
}

/** The move sent for `action` with the waypoints `via` (none: the action as offered). */
export function withVia(action, via) {
  return via && via.length && isDestination(action) ? { ...action, via: [...via] } : action;
}

/**
 * The waypoints after a waypoint click on `hex` (Shift-click, or a click in waypoint mode): a
 * waypoint clicked again is dropped with those after it; a destination of `unit` not yet a
 * waypoint is added at the end; any other hex leaves them as they are.
 */
export function toggleWaypoint(actions, unit, via, hex) {
  const list = via ?? [];
  const k = list.indexOf(hex);
  if (k >= 0) return list.slice(0, k);
  if (!destinations(actions, unit).has(hex)) return list;
  return [...list, hex];
}

/** "3" / "1.5": a movement-point amount as the notes give it (fractions to one or two decimals). */
export const mpText = (n) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

/**
 * What a destination says about itself: {cost, left, steps, type, stacking} (steps: the hexes the
 * cheapest path enters; stacking: the stacking limit the move would break there, a code, or null), or
 * null when `hex` is no destination of `unit`.
 */
export function destinationInfo(actions, unit, hex) {
  const a = destinations(actions, unit).get(hex);
  if (!a) return null;
  const path = routeTo(actions, unit, hex);
  return { cost: a.cost, left: typeof a.left === "number" ? a.left : null, steps: path ? path.length : null, type: a.type,
    stacking: a.stacking ?? null };
}

// === The keyboard: every map choice in one ring ===

/**
 * The map's choices in keyboard order: with a unit selected, its targets then the other
 * selectable units; otherwise the selectable units, the hex-only targets, then the firing hexes of
 * from-at actions (with one chosen, `origin`, or only one, its targets). Each is
 * {kind: "unit", ref, hex} or {kind: "hex", hex}; `hexOf(ref)` places a unit (null: not on the map,
 * skipped). Hexes sort by their label ("CCRR": column then row), units by hex then ref.
 */
export function keyRing(actions, selected, hexOf, origin = null) {
  const { targets, selectable } = highlights(actions, selected);
  const units = [...selectable].map((ref) => ({ kind: "unit", ref, hex: hexOf(ref) }))
    .filter((u) => u.hex).sort((a, b) => (a.hex + a.ref < b.hex + b.ref ? -1 : 1));
  const asHexes = (set) => [...set].sort().map((hex) => ({ kind: "hex", hex }));
  if (selected) return [...asHexes(targets), ...units.filter((u) => u.ref !== selected)];
  const sources = fromHexes(actions);
  const from = origin ?? (sources.size === 1 ? [...sources][0] : null);
  const fire = from ? fromTargets(actions, from) : new Set();
  const hexes = new Set([...targets, ...sources, ...fire]);
  return [...units, ...asHexes(hexes)];
}

/** The choice `step` places after `current` in the ring (wrapping), or the first when none is current. */
export function ringStep(ring, current, step) {
  if (!ring.length) return null;
  const same = (x) => current && x.kind === current.kind && x.hex === current.hex && x.ref === current.ref;
  const k = ring.findIndex(same);
  if (k < 0) return step < 0 ? ring[ring.length - 1] : ring[0];
  return ring[(k + step + ring.length) % ring.length];
}

/**
 * The choice nearest to `current` in the direction of an arrow key (`dir` [dx, dy] on the map, y down),
 * or null when none lies that way: among the choices within 60° of the direction, the one nearest,
 * counting a sideways offset twice. `at(choice)` is its point on the map ([x, y]) or null.
 */
export function ringNearest(ring, current, dir, at) {
  const from = current ? at(current) : null;
  if (!from) return null;
  let best = null, bestScore = Infinity;
  for (const c of ring) {
    if (c.kind === current.kind && c.hex === current.hex && c.ref === current.ref) continue;
    const p = at(c);
    if (!p) continue;
    const dx = p[0] - from[0], dy = p[1] - from[1];
    const along = dx * dir[0] + dy * dir[1];
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    if (along <= 0 || across > along * Math.tan(Math.PI / 3)) continue;
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}
