// The view contract's fixtures: real views of every game written by the server's tests
// (tests/contract, `WRITE_FIXTURES=1` rewrites them). A node test that feeds a view reads one of
// these, so a change of what the server sends fails here instead of in a player's browser.

import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("./fixtures/", import.meta.url));
const read = (path) => JSON.parse(readFileSync(ROOT + path, "utf8"));

export const GAMES = ["shimada", "bulge", "lz_albany"];

/** The moments written for a game ("start", "combat", ...). */
export function moments(game) {
  return readdirSync(`${ROOT}views/${game}`).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();
}

/** One moment: {game, moment, about, scenario, options, match, step, views: {viewer: view}}. */
export function moment(game, name) {
  const { shared, views, ...rest } = read(`views/${game}/${name}.json`);
  const whole = Object.fromEntries(Object.entries(views).map(([viewer, own]) => [viewer, { ...shared, ...own }]));
  return { ...rest, views: whole };
}

/** A viewer's view ("spectator" for spectators) at a moment. */
export function view(game, name, viewer = "spectator") {
  const v = moment(game, name).views[viewer];
  if (!v) throw new Error(`no ${viewer} view in ${game}/${name}`);
  return v;
}

/** Every view of every moment of a game: [{moment, viewer, view}]. */
export function allViews(game) {
  return moments(game).flatMap((name) => Object.entries(moment(game, name).views).map(([viewer, v]) => ({ moment: name, viewer, view: v })));
}

/** The game's static data as GET /api/games/{id} sends it (board, counters, messages, tables). */
export function statics(game) {
  return read(`statics/${game}.json`);
}
