// Pure SVG path builders for hex boards (no DOM): terrain and region outlines, the grid with each
// hexside once, hexside features, chains through hex centres (roads, lines). Shared by map.js and
// the games' map plugins (games/<id>/map.js).

import { allHexes, centre, corners } from "./hexgeom.js";

export const f2 = (n) => n.toFixed(1);
export const pts = (list) => list.map(([x, y]) => `${f2(x)},${f2(y)}`).join(" ");

/** One path "M..Z" outlining every hex of `ids` (for a terrain's fill, a region, the grid). */
export function hexPath(grid, ids, size) {
  let d = "";
  for (const id of ids) {
    const c = corners(grid, id, size);
    d += `M${f2(c[0][0])} ${f2(c[0][1])}`;
    for (let i = 1; i < 6; i++) d += `L${f2(c[i][0])} ${f2(c[i][1])}`;
    d += "Z";
  }
  return d;
}

/** Every hexside of `ids` once (shared edges are not drawn twice): a path of segments. */
export function gridPath(grid, ids, size) {
  const seen = new Set();
  let d = "";
  for (const id of ids) {
    const c = corners(grid, id, size);
    for (let i = 0; i < 6; i++) {
      const a = c[i], b = c[(i + 1) % 6];
      const ka = `${f2(a[0])} ${f2(a[1])}`, kb = `${f2(b[0])} ${f2(b[1])}`;
      const k = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
      if (seen.has(k)) continue;
      seen.add(k);
      d += `M${ka}L${kb}`;
    }
  }
  return d;
}

/** "a/b" (sorted) for a hexside given as a pair, an "a/b" string or {a, b}. */
export function hexsideId(side) {
  const pair = typeof side === "string" ? side.split("/") : Array.isArray(side) ? side : [side?.a, side?.b];
  return [String(pair[0]), String(pair[1])].sort().join("/");
}

/**
 * Every drawn hexside: the `hexsides` dict ({"a/b": {river, major_river|major, bridge}}) merged
 * with the lists `rivers` and `major_rivers` (pairs or "a/b"). -> Map<id, {a, b, river, major, bridge}>.
 */
export function hexsidesOf(board) {
  const out = new Map();
  const get = (side) => {
    const id = hexsideId(side);
    if (!out.has(id)) {
      const [a, b] = id.split("/");
      out.set(id, { id, a, b, river: false, major: false, bridge: false });
    }
    return out.get(id);
  };
  for (const [side, info] of Object.entries(board.hexsides ?? {})) {
    const e = get(side);
    e.river ||= !!info.river;
    e.major ||= !!(info.major_river || info.major);
    e.bridge ||= !!info.bridge;
  }
  for (const side of board.rivers ?? []) get(side).river = true;
  for (const side of board.major_rivers ?? []) get(side).major = true;
  return out;
}

/** A path through the centres of each chain of hexes (roads, army lines). */
export function chainsPath(grid, chains, size, has = () => true) {
  let d = "";
  for (const chain of chains ?? []) {
    const cs = (chain ?? []).filter(has).map((id) => centre(grid, id, size));
    if (cs.length < 2) continue;
    d += cs.map(([x, y], i) => `${i ? "L" : "M"}${f2(x)} ${f2(y)}`).join("");
  }
  return d;
}

const key = ([x, y]) => `${Math.round(x * 4)},${Math.round(y * 4)}`;

/**
 * The outline of a set of hexes: [{a: [x,y], b: [x,y], out: [nx,ny]}], each edge whose far side is
 * not in the set, with its outward unit normal.
 */
export function regionEdges(grid, ids, size) {
  const set = new Set(ids);
  const at = new Map(allHexes(grid).map((id) => [key(centre(grid, id, size)), id]));
  const out = [];
  for (const id of set) {
    const [cx, cy] = centre(grid, id, size);
    const cs = corners(grid, id, size);
    for (let i = 0; i < 6; i++) {
      const a = cs[i], b = cs[(i + 1) % 6];
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      const n = at.get(key([2 * mx - cx, 2 * my - cy]));
      if (n && set.has(n)) continue;
      const len = Math.hypot(mx - cx, my - cy);
      out.push({ a, b, out: [(mx - cx) / len, (my - cy) / len] });
    }
  }
  return out;
}
