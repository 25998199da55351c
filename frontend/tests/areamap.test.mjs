// The pure parts of the area map: polygon geometry, the layout of counters in an area, the LOS
// shading set, and the from-at clicks (fire, mortar) of actions.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { polygonArea, polygonCentroid, pointInPolygon, areaSlots, columnsFor, anchorOf, adjacency, boardBounds } from "../common/areageom.js";
import { visibleAreas } from "../games/lz_albany/sight.js";
import { clickFromAt, fromHexes, fromTargets, buttonActions, isHexOnly, isFromAt } from "../common/actions.js";
import { flareMarkup, flareLegend, flareSpot, flareMarks } from "../games/lz_albany/flares.js";
import { cupCounts, vpScale, groupsBySide, activatedRefs, flareItem } from "../games/lz_albany/panel.js";
import { installFakeDom } from "./fakedom.mjs";
import { view } from "./views.mjs";

installFakeDom();

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

test("LOS shading at night: a lit target area is seen as by day, a lit observer's area helps nothing (AMBIG-32)", () => {
  // B sees A, C, D by day; at night the adjacent A and C; with D lit by a flare of this action, D too.
  assert.deepEqual([...visibleAreas(board, "B", { night: true, lit: ["D"] })].sort(), ["A", "C", "D"]);
  // A sees B, C by day; at night only B, and a flare over A itself does not bring C back.
  assert.deepEqual([...visibleAreas(board, "A", { night: true, lit: ["A"] })].sort(), ["B"]);
  assert.deepEqual([...visibleAreas(board, "A", { night: true, lit: new Set(["C"]) })].sort(), ["B", "C"]);
  // a lit area out of the LOS table stays unseen; a wounded officer sees nothing, lit or not
  assert.deepEqual([...visibleAreas(board, "A", { night: true, lit: ["D"] })].sort(), ["B"]);
  assert.deepEqual([...visibleAreas(board, "B", { night: true, lit: ["D"], wounded: true })], []);
});

test("flares: one lit for the current chit's action is drawn apart from a spent marker waiting for Admin", () => {
  assert.deepEqual(flareMarks({ night: true, flares: ["C", "A"], flares_lit: ["C"] }),
    [{ area: "A", lit: false }, { area: "C", lit: true }]);
  assert.deepEqual(flareMarks({ flares: ["A", "A"] }), [{ area: "A", lit: false }]); // no flares_lit: all spent
  assert.deepEqual(flareMarks({}), []);
  assert.deepEqual(flareMarks(null), []);
  const lit = flareMarkup(square, [5, 5], true, "Lit flare");
  const spent = flareMarkup(square, [5, 5], false, "Spent <flare>");
  // the lit one lights its area (the glow) under a bright star; the spent one is a dim star only
  assert.match(lit, /<title>Lit flare<\/title>/);
  assert.match(lit, /class="flare-light"[^>]*fill="url\(#flare-glow\)"/);
  assert.match(lit, /class="flare-star flare-star-lit"/);
  assert.doesNotMatch(spent, /flare-glow|flare-light|flare-star-lit/);
  assert.match(spent, /class="flare-disc"[^>]*\/><path class="flare-star flare-star-spent"/);
  // the star sits inside its area, even when the bounds' corner is outside it (a triangle here)
  const tri = [[0, 0], [100, 0], [0, 100]];
  const [fx, fy] = flareSpot([[100, 0], [100, 100], [0, 100]], [70, 70]);
  assert.ok(pointInPolygon([fx, fy], [[100, 0], [100, 100], [0, 100]]) && fx > 0 && fy > 0);
  assert.ok(pointInPolygon(flareSpot(tri, [30, 30]), tri));
  assert.match(spent, /<title>Spent &lt;flare&gt;<\/title>/); // escaped: catalogue text is never markup
});

test("flare legend under the map: the two kinds with their names, only those on the map", () => {
  const text = (key) => ({ "map.flare_lit": "Lit flare", "map.flare_spent": "Spent flare",
    "map.flare_lit_tip": "lights its area", "map.flare_spent_tip": "waits for Admin" })[key] ?? null;
  const both = flareLegend([{ area: "A", lit: false }, { area: "C", lit: true }], text).outerHTML;
  assert.match(both, /data-flare-legend="lit"[^>]*title="lights its area"/);
  assert.match(both, /data-flare-legend="spent"[^>]*title="waits for Admin"/);
  assert.ok(both.indexOf("Lit flare") >= 0 && both.indexOf("Spent flare") > both.indexOf("Lit flare"));
  const spentOnly = flareLegend([{ area: "A", lit: false }], text).outerHTML;
  assert.doesNotMatch(spentOnly, /data-flare-legend="lit"/);
  assert.equal(flareLegend([], text).outerHTML.includes("data-flare-legend="), false);
});

test("LZ Albany panel: the flares left, then the lit and the spent flare areas, each with its tooltip", () => {
  const text = (key) => `<${key}>`;
  const area = (id) => `area ${id}`;
  const li = flareItem({ flares_left: 6, flares: ["E", "Y"], flares_lit: ["Y"] }, text, area, "Flares left").outerHTML;
  assert.match(li, /^<li data-testid="flares">/);
  assert.match(li, /<b>Flares left: <\/b>6/);
  // each kind: its tooltip, the map's symbol (a bright star; a dim star on a dark disc), its name and areas
  assert.match(li, /data-flares="lit" title="&lt;map.flare_lit_tip&gt;">[^<]*<svg class="flare-icon flare-icon-lit"[^>]*><path class="flare-star flare-star-lit"[^>]*><\/path><\/svg>&lt;map.flare_lit&gt;: area Y</);
  assert.match(li, /data-flares="spent" title="&lt;map.flare_spent_tip&gt;">[^<]*<svg class="flare-icon flare-icon-spent"[^>]*><circle class="flare-disc"[^>]*><\/circle><path class="flare-star flare-star-spent"[^>]*><\/path><\/svg>&lt;map.flare_spent&gt;: area E</);
  const none = flareItem({ flares_left: 8, flares: [] }, text, area, "Flares left").outerHTML;
  assert.doesNotMatch(none, /data-flares=/);
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
  assert.deepEqual(activatedRefs(view("lz_albany", "start")), []); // the activated group's: contract.test.mjs
  assert.deepEqual(activatedRefs({}), []);
});

test("LZ Albany's sight on the real board: an officer in a fixture view sees on-map areas, not its own; wounded nothing", async () => {
  const { officerSight } = await import("../games/lz_albany/sight.js");
  const { mapPlugin } = await import("../games/lz_albany/map.js");
  const { losTable } = await import("../common/areageom.js");
  const { statics } = await import("./views.mjs");
  const board = statics("lz_albany").board;
  const map = { board, night: false, lit: new Set(), los: losTable(board), adj: adjacency(board) };
  const officer = view("lz_albany", "start").counters.find((c) => c.hex && mapPlugin.observer(c) && !c.hits);
  assert.ok(officer);
  const seen = officerSight(map, officer);
  assert.ok(seen.size > 0 && !seen.has(officer.hex));
  for (const a of seen) assert.ok(!board.areas[a].off_map);
  assert.equal(officerSight(map, { ...officer, status: "wounded" }).size, 0);
  const dark = officerSight({ ...map, night: true }, officer);
  assert.ok(dark.size <= seen.size);
});
