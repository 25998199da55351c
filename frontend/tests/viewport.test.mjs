// The map's geometry as the reader sees it: marks centred on their hexes, and (viewport.js) the
// opening view, the zoom kept per match, the overview's box.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { makeGrid, allHexes, centre, corners } from "../common/hexgeom.js";
import { markPoints, MARK_SCALE } from "../common/mapmarks.js";

const statics = (game) => JSON.parse(readFileSync(new URL(`./fixtures/statics/${game}.json`, import.meta.url)));
const parse = (points) => points.split(" ").map((p) => p.split(",").map(Number));
const mean = (list, i) => list.reduce((a, p) => a + p[i], 0) / list.length;

test("every mark is centred on its hex, on the Bulge's and Shimada's grids", () => {
  for (const game of ["bulge", "shimada"]) {
    const grid = makeGrid(statics(game).board.grid);
    const size = 40;
    for (const id of allHexes(grid)) {
      const mark = parse(markPoints(grid, id, size));
      const [x, y] = centre(grid, id, size);
      assert.ok(Math.abs(mean(mark, 0) - x) < 0.06 && Math.abs(mean(mark, 1) - y) < 0.06, `${game} ${id}: mark at ${mean(mark, 0)},${mean(mark, 1)}, hex at ${x},${y}`);
      // the mark lies inside its hex: each corner at MARK_SCALE of the hex's radius
      for (const [mx, my] of mark) assert.ok(Math.abs(Math.hypot(mx - x, my - y) - size * MARK_SCALE) < 0.1);
    }
  }
});

test("a far hex's mark is not pulled towards the map's origin (the old bug: 90% of the position)", () => {
  const grid = makeGrid(statics("bulge").board.grid);
  const far = "4040";
  const mark = parse(markPoints(grid, far, 40));
  const hex = corners(grid, far, 40);
  assert.ok(Math.abs(mean(mark, 0) - mean(hex, 0)) < 0.06);
  assert.ok(Math.abs(mean(mark, 1) - mean(hex, 1)) < 0.06);
  assert.ok(mean(hex, 0) > 2000); // far from (0, 0): a shrunk position would miss it by hexes
});
