// The map's geometry as the reader sees it: marks centred on their hexes, and (viewport.js) the
// opening view, the zoom kept per match, the overview's box.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { makeGrid, allHexes, centre, corners } from "../common/hexgeom.js";
import { markPoints, MARK_SCALE, numbersMarkup } from "../common/mapmarks.js";

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

test("hex numbers stand over their own hexes", () => {
  const grid = makeGrid(statics("shimada").board.grid);
  const ids = allHexes(grid);
  const xs = [...numbersMarkup(grid, ids, 40).matchAll(/x="([-\d.]+)" y="([-\d.]+)"[^>]*>(\d+)</g)];
  assert.equal(xs.length, ids.length);
  for (const [, x, y, id] of xs) {
    const [cx, cy] = centre(grid, id, 40);
    assert.ok(Math.abs(Number(x) - cx) < 0.01 && Number(y) < cy && Number(y) > cy - 40, id);
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

// --- viewport.js: the opening view, the view kept per match ---
import { openingBox, within, boxAround, focusHexes, viewOf, boxOf, storeView, storedView, readablePx, READABLE_PX } from "../common/viewport.js";

const close = (a, b, eps = 1e-6) => assert.ok(Math.abs(a - b) < eps, `${a} != ${b}`);

test("the opening view: a readable zoom at least, centred on the focus, the element's shape", () => {
  const world = { x: 0, y: 0, w: 2800, h: 2600 };
  const desk = { width: 1040, height: 760 }, phone = { width: 378, height: 506 };
  const counter = 36.8;
  // the German front: a long box, too long to show whole at a readable size
  const front = { x: 2000, y: 100, w: 700, h: 2300 };
  for (const [el, px] of [[desk, 40], [phone, 28]]) {
    const vb = openingBox(front, el, counter, readablePx(el.width), world);
    assert.ok((el.width / vb.w) * counter >= px, "a counter at least px wide");
    close(vb.w / vb.h, el.width / el.height); // no letterbox: the box has the element's shape
    // centred on the front, as far as the map's edge allows: no paper beyond the map's edge
    close(vb.y + vb.h / 2, front.y + front.h / 2);
    assert.ok(vb.x + vb.w <= world.x + world.w + 1e-9 && vb.x >= world.x);
  }
  assert.equal(readablePx(1040), READABLE_PX.wide);
  assert.equal(readablePx(378), READABLE_PX.narrow);
  // a small focus is shown whole but not blown up past the cap
  const one = boxAround([[500, 500]], 40);
  const tight = openingBox(one, desk, counter, 44, world);
  assert.ok((desk.width / tight.w) * counter <= 1.35 * READABLE_PX.wide + 1e-9);
  assert.ok((phone.width / openingBox(one, phone, counter, 30, world).w) * counter <= 1.35 * READABLE_PX.narrow + 1e-9);
  close(tight.x + tight.w / 2, 500); close(tight.y + tight.h / 2, 500);
  // a focus in a corner: the view goes no further than the map's edge
  const corner = openingBox(boxAround([[0, 0]], 100), desk, counter, 44, world);
  assert.deepEqual([corner.x, corner.y], [0, 0]);
  // a map smaller than the view is centred in it
  const small = { x: 0, y: 0, w: 300, h: 900 };
  const c = within({ x: 50, y: 100, w: 600, h: 400 }, small);
  assert.deepEqual([c.x, c.y], [-150, 100]);
  // no readable minimum (a spectator of a small map): the whole focus fits
  const whole = openingBox(world, desk, counter, 0, null);
  assert.ok(whole.w >= world.w - 1e-9 && whole.h >= world.h - 1e-9);
});

test("what a match opens on: the reader's units, else their actions' hexes, else the last log line's", () => {
  const has = (id) => /^\d{4}$/.test(id);
  const view = {
    counters: [{ ref: "a", side: "german", hex: "3226" }, { ref: "b", side: "german", hex: "3225" }, { ref: "c", side: "allied", hex: "3124" },
      { ref: "d", side: "german", hex: null }],
    actions: [{ type: "enter", unit: "x", to: "0201" }],
    log: [{ key: "log.move", args: { unit: { key: "unit.c" }, to: "2919" } }, { key: "log.phase", args: { turn: 1 } }],
  };
  assert.deepEqual(focusHexes(view, "german", { has, big: true }).sort(), ["3225", "3226"]);
  assert.deepEqual(focusHexes({ ...view, counters: [] }, "german", { has, big: true }), ["0201"]); // an entry
  assert.deepEqual(focusHexes({ ...view, counters: [], actions: [] }, "german", { has, big: true }), ["2919"]); // the last place named
  // a spectator: of a small map all of it; of a big one the last place named, else every counter
  assert.deepEqual(focusHexes(view, null, { has, big: false }), []);
  assert.deepEqual(focusHexes(view, null, { has, big: true }), ["2919"]);
  assert.deepEqual(focusHexes({ ...view, log: [] }, null, { has, big: true }).sort(), ["3124", "3225", "3226"]);
});

test("a view is kept per match by centre and scale: another window size keeps the zoom", () => {
  const store = new Map();
  globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)) };
  try {
    const el = { width: 1000, height: 700 };
    const vb = { x: 100, y: 200, w: 500, h: 350 };
    storeView("match:A", viewOf(vb, el));
    storeView("match:B", viewOf({ x: 0, y: 0, w: 1000, h: 700 }, el));
    const kept = storedView("match:A");
    assert.deepEqual(boxOf(kept, el), vb);
    // a narrower window: the same centre, the same pixels per map unit
    const narrow = boxOf(kept, { width: 400, height: 700 });
    close(narrow.x + narrow.w / 2, 350); close(narrow.y + narrow.h / 2, 375);
    close(400 / narrow.w, 2);
    assert.equal(storedView("match:C"), null);
    for (let i = 0; i < 60; i++) storeView(`match:${i}`, viewOf(vb, el));
    assert.equal(JSON.parse(store.get("map.views")).length, 40); // a bounded list, the newest first
    assert.equal(storedView("match:A"), null);
    store.set("map.views", "not json");
    assert.equal(storedView("match:59"), null);
  } finally {
    delete globalThis.localStorage;
  }
});

// --- Viewport: the opening, a resize, a reveal, on a map with a fake element ---
import { Viewport } from "../common/viewport.js";

function fakeMap(width, height) {
  const grid = makeGrid(statics("bulge").board.grid);
  const rect = { width, height };
  const map = {
    world: { x: -40, y: -40, w: 2860, h: 2600 }, counterUnits: 36.8, focusPad: 100, big: true,
    svg: { getBoundingClientRect: () => ({ ...rect }) },
    has: (id) => /^\d{4}$/.test(id), centre: (id) => centre(grid, id, 40),
    panzoom: { vb: null, fns: [], set(vb) { this.vb = vb; for (const fn of this.fns) fn(vb); }, listen(fn) { this.fns.push(fn); },
      centreOn(x, y) { this.set({ ...this.vb, x: x - this.vb.w / 2, y: y - this.vb.h / 2 }); } },
  };
  return { map, rect };
}

test("a viewport opens once, on the reader's units, and keeps centre and zoom when its element changes size", () => {
  const { map, rect } = fakeMap(1000, 760);
  const vp = new Viewport(map, null);
  const view = { counters: [{ ref: "a", side: "german", hex: "3226" }, { ref: "b", side: "german", hex: "3127" }, { ref: "c", side: "allied", hex: "0101" }] };
  vp.open(view, "german");
  const vb = map.panzoom.vb;
  assert.ok((1000 / vb.w) * 36.8 >= 44);
  for (const id of ["3226", "3127"]) {
    const [x, y] = map.centre(id);
    assert.ok(x > vb.x && x < vb.x + vb.w && y > vb.y && y < vb.y + vb.h, id);
  }
  vp.open({ counters: [] }, "allied");
  assert.equal(map.panzoom.vb, vb); // once only: a new view leaves the reader's pan and zoom alone
  // a rotated phone / a resized window: the same centre, the same pixels per unit
  rect.width = 500;
  vp.resized();
  const after = map.panzoom.vb;
  close(after.x + after.w / 2, vb.x + vb.w / 2); close(after.y + after.h / 2, vb.y + vb.h / 2);
  close(500 / after.w, 1000 / vb.w);
  // a chosen unit's targets off screen bring the map to them (as near the centre as the map's edge
  // allows: a corner hex is shown without an empty margin); targets on screen move nothing
  const [tx, ty] = map.centre("0101");
  vp.reveal(new Set(["0101"]));
  const moved = map.panzoom.vb;
  assert.ok(tx > moved.x && tx < moved.x + moved.w && ty > moved.y && ty < moved.y + moved.h);
  const W = map.world;
  if (moved.w <= W.w) assert.ok(moved.x >= W.x - 1e-9 && moved.x + moved.w <= W.x + W.w + 1e-9);
  if (moved.h <= W.h) assert.ok(moved.y >= W.y - 1e-9 && moved.y + moved.h <= W.y + W.h + 1e-9);
  close(moved.w, after.w);
  vp.reveal(new Set(["0101", "3226"]));
  assert.equal(map.panzoom.vb, moved);
});

test("targets that fit in the view but lie partly outside it bring the view the least way that shows them all", () => {
  const { map } = fakeMap(1000, 760);
  const vp = new Viewport(map, null);
  vp.open({ counters: [{ ref: "a", side: "german", hex: "2020" }] }, "german");
  const vb = map.panzoom.vb;
  const inside = ([x, y], v) => x > v.x && x < v.x + v.w && y > v.y && y < v.y + v.h;
  // a column of hexes from the middle of the view to just past its lower edge (a unit's entry hexes, say)
  const col = [];
  for (let r = 1; r <= 42; r++) col.push(`20${String(r).padStart(2, "0")}`);
  const seen = col.filter((id) => inside(map.centre(id), vb));
  const last = seen[seen.length - 1];
  const next = col[col.indexOf(last) + 1];
  const targets = [seen[seen.length - 3], last, next];
  assert.ok(!inside(map.centre(next), vb));
  vp.reveal(new Set(targets));
  const moved = map.panzoom.vb;
  for (const id of targets) assert.ok(inside(map.centre(id), moved), id);
  assert.equal(moved.w, vb.w);
  assert.ok(moved.y - vb.y > 0 && moved.y - vb.y < 2 * 40 * Math.sqrt(3), "moved by about a hex, not re-centred");
  vp.reveal(new Set(targets));
  assert.equal(map.panzoom.vb, moved); // all shown: nothing moves
});
