// Each game's side panel (tracks, tables, odds preview), loaded on demand by game id.

const PANELS = {
  shimada: () => import("./shimada/panel.js"),
  bulge: () => import("./bulge/panel.js"),
  lz_albany: () => import("./lz_albany/panel.js"),
};

/** The game's panel module ({createPanel}), or null for a game without one. */
export async function loadPanel(gameId) {
  const load = PANELS[gameId];
  return load ? load() : null;
}
