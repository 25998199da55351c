// The games the browser knows, each from its own folder (games/<id>/), loaded on demand by game id:
// - panel.js: the side panel (tracks, tables, odds preview): {createPanel};
// - map.js: what the game adds to the common hex map (common/map.js): {mapPlugin}.
// common/ holds no game's rules or data; a new game registers its modules here.

const GAMES = {
  shimada: { panel: () => import("./shimada/panel.js"), map: () => import("./shimada/map.js") },
  bulge: { panel: () => import("./bulge/panel.js"), map: () => import("./bulge/map.js") },
  lz_albany: { panel: () => import("./lz_albany/panel.js"), map: () => import("./lz_albany/map.js") },
  back_to_iraq: { panel: () => import("./back_to_iraq/panel.js"), map: () => import("./back_to_iraq/map.js") },
  conflict_of_heroes: { panel: () => import("./conflict_of_heroes/panel.js"), map: () => import("./conflict_of_heroes/map.js") },
};

/** The game's panel module ({createPanel}), or null for a game without one. */
export async function loadPanel(gameId) {
  const load = GAMES[gameId]?.panel;
  return load ? load() : null;
}

/** The game's map plugin (see common/map.js), or an empty one: the map then draws the board's data only. */
export async function loadMapPlugin(gameId) {
  const load = GAMES[gameId]?.map;
  return load ? (await load()).mapPlugin ?? {} : {};
}
