// The pure parts of the area map: polygon geometry, the layout of counters in an area, the LOS
// shading set, and the from-at clicks (fire, mortar) of actions.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { polygonArea, polygonCentroid, pointInPolygon, areaSlots, columnsFor, anchorOf, adjacency, visibleAreas, boardBounds } from "../common/areageom.js";
import { clickFromAt, fromHexes, fromTargets, buttonActions, isHexOnly, isFromAt } from "../common/actions.js";
import { cupCounts, vpScale, groupsBySide, activatedRefs } from "../games/lz_albany/panel.js";

const square = [[0, 0], [10, 0], [10, 10], [0, 10]];

test("polygon area and centroid", () => {
  assert.equal(Math.abs(polygonArea(square)), 100);
  assert.deepEqual(polygonCentroid(square), [5, 5]);
  const l = [[0, 0], [20, 0], [20, 10], [10, 10], [10, 20], [0, 20]];
  const [cx, cy] = polygonCentroid(l);
  assert.ok(Math.abs(cx - 8.333) < 0.01 && Math.abs(cy - 8.333) < 0.01);
  assert.ok(pointInPolygon([cx, cy], l));
  assert.ok(!pointInPolygon([15, 15], l));
  assert.deepEqual(anchorOf({ shape: square }), [5, 5]);
  assert.deepEqual(anchorOf({ shape: square, label: [2, 3] }), [2, 3]);
});

test("counters in an area: a centred grid, rows closed up when crowded", () => {
  assert.deepEqual(areaSlots(0, 30).slots, []);
  assert.deepEqual(areaSlots(1, 30).slots, [[0, 0]]);
  const three = areaSlots(3, 30, { maxCols: 4 }).slots;
  assert.deepEqual(three.map(([x]) => Math.round(x)), [-34, 0, 34]);
  const five = areaSlots(5, 30, { maxCols: 3 });
  assert.equal(five.rows, 2);
  assert.equal(five.crowded, false);
  // the second row (2 counters) is centred too, one step down
  assert.deepEqual(five.slots.slice(3).map(([x, y]) => [Math.round(x), Math.round(y)]), [[-17, 34], [17, 34]]);
  // no two slots overlap up to maxRows rows
  const nine = areaSlots(9, 30, { maxCols: 3, maxRows: 3 }).slots;
  for (let i = 0; i < nine.length; i++) for (let j = i + 1; j < nine.length; j++) {
    assert.ok(Math.max(Math.abs(nine[i][0] - nine[j][0]), Math.abs(nine[i][1] - nine[j][1])) >= 30);
  }
  const many = areaSlots(14, 30, { maxCols: 3, maxRows: 3 });
  assert.equal(many.crowded, true);
  assert.ok(Math.max(...many.slots.map(([, y]) => y)) <= 2 * 30 * 1.12 + 1e-9);
  assert.equal(columnsFor(150, 33), 3);
  assert.equal(columnsFor(80, 33), 1);
  assert.equal(columnsFor(1000, 33), 4);
});

const board = {
  areas: { A: { shape: square }, B: { shape: square }, C: { shape: square }, D: { shape: square }, X: { shape: square, off_map: true } },
  edges: [["A", "B", { border: 1 }], ["B", "C", { border: 1 }], ["C", "D", { border: 1 }], ["D", "X", { link: "transit" }]],
  los: [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"], ["B", "D"]],
};

test("LOS shading: the static table, adjacent only at night, nothing when wounded or off the map", () => {
  assert.deepEqual([...adjacency(board).get("D")].sort(), ["C", "X"]);
  assert.deepEqual([...visibleAreas(board, "A")].sort(), ["B", "C"]);
  assert.deepEqual([...visibleAreas(board, "B")].sort(), ["A", "C", "D"]);
  assert.deepEqual([...visibleAreas(board, "B", { night: true })].sort(), ["A", "C"]);
  assert.deepEqual([...visibleAreas(board, "A", { wounded: true })], []);
  assert.deepEqual([...visibleAreas(board, "X")], []);
  assert.deepEqual([...visibleAreas(board, null)], []);
  const b = boardBounds(board, 0);
  assert.deepEqual([b.x, b.y, b.w, b.h], [0, 0, 10, 10]);
});

test("from-at actions: click the firing area, then the target; buttons when few", () => {
  const fire = (from, at) => ({ type: "fire", from, at });
  const acts = [fire("A", "B"), fire("A", "C"), fire("D", "C"), { type: "mortar", from: "D", at: "C" }, { type: "end_activation" }];
  assert.ok(isFromAt(acts[0]) && !isHexOnly(acts[0]));
  assert.deepEqual([...fromHexes(acts)].sort(), ["A", "D"]);
  assert.deepEqual([...fromTargets(acts, "A")].sort(), ["B", "C"]);
  assert.deepEqual(clickFromAt(acts, null, "A"), { kind: "origin", hex: "A" });
  assert.deepEqual(clickFromAt(acts, "A", "A"), { kind: "origin", hex: null });
  assert.deepEqual(clickFromAt(acts, "A", "B"), { kind: "send", action: acts[0] });
  assert.equal(clickFromAt(acts, "D", "C").kind, "choose");
  assert.deepEqual(clickFromAt(acts, null, "B"), { kind: "none" });
  // a single firing area is chosen by itself: one click on the target fires
  assert.deepEqual(clickFromAt([fire("A", "B")], null, "B"), { kind: "send", action: { type: "fire", from: "A", at: "B" } });
  assert.equal(buttonActions(acts).length, 5);
  const lots = [...acts, fire("A", "D"), fire("D", "A"), fire("D", "B")];
  assert.deepEqual(buttonActions(lots).map((a) => a.type), ["end_activation"]);
  assert.deepEqual(buttonActions(lots, () => false, null, "A").filter(isFromAt).map((a) => a.at), ["B", "C", "D"]);
});

test("panel helpers: cup counts, VP scale, groups, activated units", () => {
  assert.deepEqual(cupCounts(["nva_adr", "nva_fm", "nva_fm"]), [["nva_adr", 1], ["nva_fm", 2]]);
  assert.deepEqual(cupCounts(undefined), []);
  const sc = vpScale({ us: 3, nva: 41 }, { nva_retreat_at_us_vp: 30, nva_automatic_victory_at: 35 });
  assert.equal(sc.us.mark, 30);
  assert.equal(sc.nva.mark, 35);
  assert.equal(sc.max, 42);
  assert.deepEqual(groupsBySide({ a: { side: "us" }, b: { side: "nva" }, c: { side: "us" } }), { us: ["a", "c"], nva: ["b"] });
  const view = { step: { kind: "act", group: "g" }, counters: [{ ref: "x", group: "g", status: "map" }, { ref: "y", group: "h", status: "map" }] };
  assert.deepEqual(activatedRefs(view), ["x"]);
  assert.deepEqual(activatedRefs({}), []);
});
