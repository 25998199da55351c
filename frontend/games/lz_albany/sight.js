// What an LZ Albany officer sees, shaded on the area map when it is clicked (the map plugin's
// sight hook, common/areamap.js): a display aid from public data only.

import { adjacency, losTable } from "../../common/areageom.js";

/**
 * The areas an officer standing in `from` sees (§5.11): the pairs of the static LOS table (already
 * within 3 areas and not through jungle); at night only the adjacent on-map areas that the table
 * also lists (§5.16A), and the areas `lit` by a flare of the current chit's action, seen as by day
 * (LZ Albany AMBIG-32: the target area lit; a flare over the officer's own area lifts nothing); a
 * wounded officer sees nothing (§5.15). Off-map areas see nothing. The own area is not included.
 * A display aid from public data only (the LOS table, view.flares_lit): it decides nothing.
 */
export function visibleAreas(board, from, { night = false, lit = null, wounded = false, los = null, adj = null } = {}) {
  const out = new Set();
  if (!from || wounded || board?.areas?.[from]?.off_map) return out;
  const table = los ?? losTable(board);
  const seen = table.get(from) ?? new Set();
  const near = night ? (adj ?? adjacency(board)).get(from) ?? new Set() : null;
  const bright = new Set(lit ?? []);
  for (const a of seen) {
    if (a === from || board?.areas?.[a]?.off_map) continue;
    if (near && !near.has(a) && !bright.has(a)) continue;
    out.add(a);
  }
  return out;
}

/** The areas the officer counter `c` sees on `map` now (night, the areas lit this action, its wounds). */
export function officerSight(map, c) {
  const wounded = c.status === "wounded" || (c.hits ?? 0) > 0;
  return visibleAreas(map.board, c.hex ?? null, { night: map.night, lit: map.lit, wounded, los: map.los, adj: map.adj });
}
