// The board's interface state: what the player has chosen on the page, not what the server sent —
// the selected unit, the units chosen with it (a group), the firing area of from-at actions, the
// open stack inspector, whether an action is being sent, and the waypoints of the selected unit's
// move (`via`) with the touch mode where a click adds one (`waymode`), and the way it moves (`way`:
// alone, with its stack, strategic; actions.js moveWay). One funnel changes it
// (BoardView.setState(patch)): `nextState` applies the patch with its invariants, `repaints` says
// which painters read a changed field, and each runs once. Pure: tested in node.

export const INITIAL = Object.freeze({ selected: null, group: Object.freeze([]), origin: null, stackHex: null, busy: false,
  via: Object.freeze([]), waymode: false, way: null });

/** What each painter reads of the state; "view" stands for a new view from the server. In paint order. */
export const READS = {
  highlights: ["selected", "group", "origin", "busy", "view", "way"],
  buttons: ["selected", "origin", "busy", "view"],
  stack: ["stackHex", "selected", "group", "busy", "view"],
  moves: ["selected", "group", "via", "waymode", "busy", "view", "way"],
};

/**
 * The state after `patch`: choosing a unit drops the firing area, choosing a firing area drops the
 * unit, and without a selected unit there is no group; waypoints belong to the selected unit (another
 * unit, none, starts without them, and in its first way), and without a unit there is no waypoint mode.
 */
export function nextState(state, patch) {
  const next = { ...state, ...patch };
  if (patch.selected != null && !("origin" in patch)) next.origin = null;
  if (patch.origin != null && !("selected" in patch)) next.selected = null;
  if (next.selected === null && next.group.length) next.group = [];
  if (next.selected !== state.selected && !("via" in patch)) next.via = [];
  if (next.selected !== state.selected && !("way" in patch)) next.way = null;
  if (next.selected === null) next.waymode = false;
  return next;
}

const same = (a, b) => a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]));

/** The fields whose value differs between two states. */
export function changedFields(before, after) {
  return new Set(Object.keys(after).filter((k) => !same(before[k], after[k])));
}

/** The painters to run for these changed fields, each once, in paint order. */
export function repaints(changed) {
  return Object.entries(READS).filter(([, reads]) => reads.some((k) => changed.has(k))).map(([name]) => name);
}
