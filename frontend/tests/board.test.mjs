// The board's interface state (uistate.js: one funnel, repainting once) and the games' map plugins
// (common/ holds no game).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { INITIAL, nextState, changedFields, repaints } from "../common/uistate.js";
import { overlaysOf } from "../common/map.js";
import { mapPlugin as bulge } from "../games/bulge/map.js";
import { mapPlugin as shimada } from "../games/shimada/map.js";
import { loadMapPlugin } from "../games/index.js";
import { view } from "./views.mjs";

test("interface state: choosing a unit drops the firing area; a firing area drops the unit; no unit, no group", () => {
  const withOrigin = nextState(INITIAL, { origin: "A" });
  assert.equal(withOrigin.origin, "A");
  const unit = nextState(withOrigin, { selected: "u1" });
  assert.deepEqual([unit.selected, unit.origin], ["u1", null]);
  const grouped = nextState(unit, { group: ["u2"] });
  assert.deepEqual(grouped.group, ["u2"]);
  assert.deepEqual(nextState(grouped, { selected: null }).group, []);
  const fire = nextState(grouped, { origin: "B", group: [] });
  assert.deepEqual([fire.selected, fire.origin, fire.group], [null, "B", []]);
  // the patch may set both
  assert.deepEqual(nextState(INITIAL, { selected: "u", origin: "C" }).origin, "C");
  assert.equal(Object.isFrozen(INITIAL), true);
});

test("interface state: each painter runs once, only when a field it reads changed", () => {
  const changed = (a, b) => changedFields(a, b);
  assert.deepEqual(repaints(changed(INITIAL, INITIAL)), []);
  assert.deepEqual(repaints(changed(INITIAL, nextState(INITIAL, { selected: "u" }))), ["highlights", "buttons", "stack", "moves"]);
  assert.deepEqual(repaints(changed(INITIAL, nextState(INITIAL, { stackHex: "0101" }))), ["stack"]);
  const g = nextState(INITIAL, { selected: "u" });
  assert.deepEqual(repaints(changed(g, nextState(g, { group: ["v"] }))), ["highlights", "stack", "moves"]);
  // an equal group (a new array, same units) is no change
  assert.deepEqual(repaints(changed(g, nextState(g, { group: [] }))), []);
  assert.deepEqual(repaints(new Set(["view"])), ["highlights", "buttons", "stack", "moves"]);
});

test("interface state: waypoints belong to the selected unit; no unit, no waypoint mode", () => {
  const u = nextState(INITIAL, { selected: "u", via: ["0101"], waymode: true });
  assert.deepEqual([u.via, u.waymode], [["0101"], true]);
  assert.deepEqual(nextState(u, { busy: true }).via, ["0101"], "sending keeps them until the view comes");
  assert.deepEqual(nextState(u, { selected: "v" }).via, [], "another unit starts without waypoints");
  assert.equal(nextState(nextState(u, { way: "w" }), { selected: "v" }).way, null, "and in its first way");
  const none = nextState(u, { selected: null });
  assert.deepEqual([none.via, none.waymode], [[], false]);
  assert.deepEqual(repaints(changedFields(u, nextState(u, { via: [] }))), ["moves"]);
});

test("map plugins: the Bulge's overlays in toolbar order, offered by the board's data", async () => {
  assert.deepEqual(overlaysOf(bulge), ["numbers", "army_lines", "west_wall", "occupation", "supply"]);
  assert.deepEqual(overlaysOf({}), ["numbers", "occupation", "supply"]);
  assert.equal(bulge.overlays.every((o) => o.offered({})), false);
  assert.equal(bulge.pattern("deep_forest"), "dense");
  assert.equal(bulge.flag("german").emblem, "✠");
  assert.equal(shimada.pattern("jungle"), "trees");
  assert.equal(shimada.featureName("entry", "ja"), "登場");
  assert.equal((await loadMapPlugin("bulge")).overlays.length, 2);
  const lz = await loadMapPlugin("lz_albany");
  assert.deepEqual(Object.keys(lz).sort(), ["counterLook", "defs", "observer", "sight", "terrain", "view"]);
  assert.equal(lz.observer({ type: "officer" }), true);
  assert.equal(lz.terrain("lz_albany").strong, true);
  assert.equal(lz.counterLook({ type: "rifle", side: "nva" }).kind, "platoon");
  assert.deepEqual(await loadMapPlugin("no_such_game"), {});
  // the real view's occupation sides all have a flag colour of their own
  for (const side of new Set(Object.values(view("bulge", "start").occupied))) assert.notEqual(bulge.flag(side).colour, "#888");
});

test("common/ holds no game: no game's words in the hex map's modules", () => {
  const dir = new URL("../common/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".js") && f !== "i18n.js"); // i18n: the platform's words in every language
  for (const f of files) {
    const src = readFileSync(new URL(f, dir), "utf8");
    for (const word of ["west_wall", "army_lines", "6SS", "5Pz", "german", "allied", "british", "japanese", "jungle", "barbed", "nva", "6SS", "rifle"]) {
      assert.doesNotMatch(src, new RegExp(`\\b${word}\\b`), `${f} names ${word}`);
    }
  }
});
