// The generic map parts on a synthetic Bulge-sized board (frontend/dev/fakeboard.js): zoom math,
// stack grouping, counter drawing, odds shaping, tracks, and the pure drawing helpers of map.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fakeBulge, neighbourMap } from "../dev/fakeboard.js";
import { view as fixtureView } from "./views.mjs";
import { fitBox, zoomAt, panBy, clampPan, pinch, isDrag, wheelFactor, zoomLevel, pxToUnits } from "../common/zoom.js";
import { groupStacks, stackOffsets, unitSummary, isReduced, factorsText, unitActions } from "../common/stacks.js";
import { counterMarkup, counterInfo, counterLabel, counterSignature } from "../common/counters.js";
import { candidatesOf, oddsLabels, oddsDetail, hasDetail, signed } from "../common/odds.js";
import { turnTrackData, vpTrackData, shortDate, vpValue } from "../games/bulge/tracks.js";
import { hexPath, hexsidesOf, chainsPath, regionEdges, hexsideId } from "../common/hexpaths.js";
import { teethPath, lineColours, counterLook } from "../games/bulge/map.js";
import { makeGrid, allHexes, centre } from "../common/hexgeom.js";
import { isTwoClick, isUnitOnly } from "../common/actions.js";

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} != ${b}`);
const { statics, view } = fakeBulge(7);

test("zoom about a point keeps that point fixed and respects the limits", () => {
  const fit = { x: 0, y: 0, w: 1000, h: 800 };
  const vb = zoomAt(fit, 2, 250, 200, fit);
  close(vb.w, 500); close(vb.h, 400);
  // the map point (250, 200) sits at the same fraction of the box before and after
  close((250 - vb.x) / vb.w, 250 / 1000); close((200 - vb.y) / vb.h, 200 / 800);
  assert.equal(zoomLevel(vb, fit), 2);
  const deep = zoomAt(fit, 1000, 500, 400, fit, { minZoom: 0.5, maxZoom: 8 });
  close(zoomLevel(deep, fit), 8);
  const far = zoomAt(fit, 0.001, 500, 400, fit, { minZoom: 0.5, maxZoom: 8 });
  close(zoomLevel(far, fit), 0.5);
  // zooming in then out by the same factor about the same point comes back
  const back = zoomAt(zoomAt(fit, 1.7, 123, 456, null), 1 / 1.7, 123, 456, null);
  close(back.x, 0); close(back.y, 0); close(back.w, 1000);
});

test("pan is clamped so the centre stays on the map; pinch zooms about the fingers", () => {
  const fit = fitBox({ x: 0, y: 0, w: 100, h: 100 });
  const vb = { x: 0, y: 0, w: 50, h: 50 };
  assert.deepEqual(panBy(vb, 10, 5, fit), { x: 10, y: 5, w: 50, h: 50 });
  const lost = panBy(vb, 1000, -1000, fit);
  close(lost.x + lost.w / 2, 100); close(lost.y + lost.h / 2, 0);
  assert.deepEqual(clampPan({ x: -10, y: 0, w: 50, h: 50 }, fit), { x: -10, y: 0, w: 50, h: 50 });
  // fingers spread from 20 to 40 units apart around (50, 50): twice the zoom, midpoint fixed
  const p = pinch({ x: 0, y: 0, w: 100, h: 100 }, [40, 50], [60, 50], [30, 50], [70, 50], fit);
  close(p.w, 50); close((50 - p.x) / p.w, 0.5);
  // two fingers moving right by 10 units pan the map left
  const q = pinch({ x: 0, y: 0, w: 100, h: 100 }, [40, 50], [60, 50], [50, 50], [70, 50], null);
  close(q.x, -10); close(q.w, 100);
  close(pxToUnits({ x: 0, y: 0, w: 200, h: 100 }, 100, 100), 2);
});

test("a click is not a drag; wheel and pinch factors", () => {
  assert.equal(isDrag(0, 0, 3, 4), false);
  assert.equal(isDrag(0, 0, 6, 6), true);
  assert.ok(wheelFactor(-100) > 1 && wheelFactor(100) < 1);
  assert.ok(wheelFactor(10, 0, true) < wheelFactor(10, 0, false)); // pinch deltas are small: stronger
  close(wheelFactor(100) * wheelFactor(-100), 1);
  assert.ok(wheelFactor(3, 1) < 1); // lines
});

test("the synthetic board is Bulge-sized and consistent", () => {
  const grid = makeGrid(statics.board.grid);
  assert.equal(allHexes(grid).length, 1680);
  assert.ok(view.counters.length >= 150);
  const nb = neighbourMap(grid);
  // pointy/odd: 3734 has 3635 to its SW and 3735 to its SE (docs/bulge-data.md)
  assert.ok(nb.get("3734").includes("3635") && nb.get("3734").includes("3735"));
  const stacks = groupStacks(view.counters);
  assert.ok([...stacks.values()].some((l) => l.length >= 3));
  assert.ok(Math.max(...[...stacks.values()].map((l) => l.length)) <= 5);
});

test("stacks: grouping keeps order, offsets stay inside the hex", () => {
  const counters = [{ ref: "a", hex: "0101" }, { ref: "b", hex: "0202" }, { ref: "c", hex: "0101" }, { ref: "d" }];
  const g = groupStacks(counters);
  assert.deepEqual([...g.keys()], ["0101", "0202"]);
  assert.deepEqual(g.get("0101").map((c) => c.ref), ["a", "c"]);
  assert.deepEqual(stackOffsets(1, 40), [[0, 0]]);
  for (const n of [2, 3, 4, 5]) {
    const offs = stackOffsets(n, 40);
    assert.equal(offs.length, n);
    const span = Math.abs(offs[n - 1][0] - offs[0][0]);
    assert.ok(span <= 0.37 * 40, `stack of ${n} spans ${span}`);
    close(offs[0][0] + offs[n - 1][0], 0); // centred
    assert.ok(offs[n - 1][0] > offs[0][0] && offs[n - 1][1] < offs[0][1]); // up and right
  }
});

test("step counters: bands, army line, mechanised white numerals, reduced stripe, markers", () => {
  const bulge = (info) => ({ ...info, look: counterLook(info) }); // the Bulge's look (games/bulge/map.js), as the board adds it
  const full = counterMarkup(bulge({ side: "german", face: "front", nation: "german", army: "6SS", mechanised: true, designation: "1SS PzR", attack: 10, defence: 10, steps: 2, branch: "armour", markers: [] }), 40);
  assert.match(full, /10-10/);
  assert.match(full, /nation-band/);
  assert.match(full, /army-6SS/);
  assert.match(full, /functional-band/);
  assert.match(full, /fill="#fff"[^>]*>10-10|counter-factors[^>]*fill="#fff"/);
  assert.match(full, /1SS PzR/);
  assert.doesNotMatch(full, /reduced-stripe/);
  const reduced = counterMarkup(bulge({ side: "allied", nation: "us", designation: "CCA/9", attack: 4, defence: 5, steps: 1, mechanised: false, markers: ["out_of_supply", "isolated"] }), 40);
  assert.match(reduced, /reduced-stripe/);
  assert.match(reduced, /4-5/);
  assert.doesNotMatch(reduced, /functional-band|army-line-band/);
  assert.match(reduced, /OoS/);
  assert.match(reduced, /ISO/);
  assert.match(reduced, /#7b8837/); // olive band
  const brit = counterMarkup(bulge({ side: "allied", nation: "british", attack: 5, defence: 5, steps: 2 }), 40);
  assert.match(brit, /#c4953b/); // ochre
  // without a game's look: the same picture in neutral greys
  const plainStep = counterMarkup({ side: "allied", nation: "british", attack: 5, defence: 5, steps: 2 }, 40);
  assert.match(plainStep, /nation-band/);
  assert.doesNotMatch(plainStep, /#c4953b/);
  // Shimada counters are unchanged: cf-ma, no bands
  const sh = counterMarkup({ side: "japanese", face: "up", kind: "tank", symbol: "armour", cf: 6, ma: 6, name: "Shimada" }, 40);
  assert.match(sh, /6-6/);
  assert.doesNotMatch(sh, /nation-band/);
  assert.doesNotMatch(counterMarkup({ side: "british", face: "down" }, 40), /nation-band|counter-factors/);
  assert.match(counterLabel({ side: "german", designation: "1SS PzR", attack: 5, defence: 5, steps: 1 }, "German"), /1SS PzR 5-5 \(reduced\)/);
  assert.notEqual(counterSignature({ steps: 2, markers: [] }, "en"), counterSignature({ steps: 1, markers: [] }, "en"));
});

test("counterInfo fills step-unit fields from the static order of battle", () => {
  const st = { "G-1": { side: "german", nation: "german", army: "6SS", designation: "1SS PzR", mechanised: true, front: { attack: 10, defence: 10 }, back: { attack: 5, defence: 5 }, branch: "armour" } };
  const full = counterInfo({ ref: "G-1", id: "G-1", side: "german", face: "front", steps: 2 }, st, {}, "en");
  assert.equal(full.attack, 10);
  assert.equal(full.army, "6SS");
  assert.equal(full.symbol, "armour");
  const red = counterInfo({ ref: "G-1", id: "G-1", side: "german", face: "back", steps: 1 }, st, {}, "en");
  assert.equal(red.defence, 5);
  assert.ok(isReduced(red));
  const hidden = counterInfo({ ref: "x", id: "G-1", side: "german", face: "down" }, st, {}, "en");
  assert.equal(hidden.attack, undefined);
  assert.equal(hidden.name, undefined);
});

test("unit summaries and per-unit actions for the inspector", () => {
  const u = unitSummary({ ref: "G-1", side: "german", designation: "1SS PzR", name: "1st SS Panzer Regiment", attack: 5, defence: 5, steps: 1, markers: ["isolated"], division: "1SS", hex: "3010" }, { sideName: (s) => s.toUpperCase() });
  assert.equal(u.title, "1SS PzR");
  assert.equal(u.name, "1st SS Panzer Regiment");
  assert.equal(u.side, "GERMAN");
  assert.equal(u.factors, "5-5");
  assert.equal(u.steps, "reduced");
  assert.deepEqual(u.markers, ["isolated"]);
  const hidden = unitSummary({ ref: "x", side: "allied", face: "down", name: "secret" });
  assert.equal(hidden.name, "");
  assert.equal(hidden.steps, null);
  assert.equal(factorsText({ cf: 6, ma: 4 }), "6-4");
  const acts = unitActions([{ type: "move", unit: "a", to: "0101" }, { type: "hold", unit: "a" }, { type: "hold", unit: "b" }], "a", { isTwoClick, isUnitOnly });
  assert.equal(acts.select, true);
  assert.deepEqual(acts.direct.map((a) => a.type), ["hold"]);
});

test("odds: labels show the final column; details keep only what is given", () => {
  assert.deepEqual(candidatesOf({}), []);
  assert.deepEqual(oddsLabels({ combat: { candidates: [{ at: "0101", odds: "2:1", column: "1:1" }] } }), { "0101": "1:1" });
  const shimada = fixtureView("shimada", "attack", "japanese"); // the server's view (tests/contract)
  assert.deepEqual(oddsLabels(shimada), { "0203": "1:2" });
  // Shimada's candidates carry the column and the chances (one die), no raw odds and no shifts
  assert.equal(hasDetail(candidatesOf(shimada)), true);
  const d0 = oddsDetail(candidatesOf(shimada)[0], (m) => `[${m.key}]`);
  assert.equal(d0.shifts, null);
  assert.equal(d0.raw, null);
  assert.equal(d0.column, "1:2");
  assert.deepEqual(d0.notes, ["[mod.position]"], "the defence doubled in a position");
  assert.ok(Math.abs(d0.chances.reduce((n, x) => n + x.p, 0) - 1) < 0.001);
  const c = view.attack.candidates[2];
  assert.equal(hasDetail(view.attack.candidates), true);
  const d = oddsDetail(c, (m) => `[${m.key}]`);
  assert.equal(d.raw, "7:1");
  assert.equal(d.column, "5:1");
  assert.deepEqual(d.shifts.map((s) => s.sign), ["−1", "+1", "−2"]);
  assert.deepEqual(d.shifts.map((s) => s.dir), ["defender", "attacker", "defender"]);
  assert.equal(d.shifts[0].text, "[shift.terrain]");
  assert.equal(d.total, -2);
  const dr1 = d.chances.find((x) => x.result === "DR1");
  assert.equal(dr1.pct, 16.7);
  assert.equal(signed(0), "0");
});

test("tracks: dates, thresholds, reinforcements and VP, tolerant of missing fields", () => {
  assert.deepEqual(turnTrackData({}, {}), []);
  assert.equal(vpTrackData({}, {}), null);
  const data = turnTrackData(view, statics, (u) => (typeof u === "string" ? `ref:${u}` : u.designation));
  assert.equal(data.length, 15);
  assert.equal(data[5].current, true);
  assert.equal(data[4].past, true);
  assert.equal(data[0].date, "1944-12-16");
  assert.deepEqual(data[6].reinforcements, ["ref:G-1", "FB Bde"]);
  assert.equal(data[7].air, true);
  const vp = vpTrackData(view, statics);
  assert.equal(vp.vp, 37);
  assert.equal(vp.german_win, statics.board.turns[6].german_win);
  assert.ok(vp.max >= 52 && vp.max % 10 === 0);
  assert.deepEqual(vpTrackData({ vp: 3, turn: 2, thresholds: { 2: { german_win: 30, allied_win: 5 } } }, {}).marks.map((m) => m.at), [5, 30]);
  assert.equal(shortDate("1944-12-16"), "16 Dec");
  assert.equal(shortDate("1944-12-16", "ja"), "12/16");
  assert.equal(vpValue({ german: 4 }), 4);
});

test("map drawing helpers: terrain paths, hexsides, chains, the West Wall outline", () => {
  const board = statics.board;
  const grid = makeGrid(board.grid);
  const d = hexPath(grid, ["0101", "0102"], 10);
  assert.equal((d.match(/M/g) || []).length, 2);
  assert.equal((d.match(/Z/g) || []).length, 2);
  assert.equal(hexsideId(["0512", "0412"]), "0412/0512");
  assert.equal(hexsideId("0612/0512"), "0512/0612");
  const sides = hexsidesOf({ hexsides: { "0101/0102": { river: true, bridge: true } }, rivers: [["0202", "0201"]], major_rivers: ["0301/0302"] });
  assert.deepEqual([...sides.keys()].sort(), ["0101/0102", "0201/0202", "0301/0302"]);
  assert.equal(sides.get("0301/0302").major, true);
  assert.equal(sides.get("0101/0102").bridge, true);
  const all = hexsidesOf(board);
  assert.equal(all.size > 0, true);
  assert.equal(chainsPath(grid, [["0101"]], 10), "");
  assert.match(chainsPath(grid, [["0101", "0201", "9999"]], 10, (id) => id !== "9999"), /^M8\.7 0\.0L26\.0 0\.0$/);
  // one hex: six outward edges; two neighbours: ten
  assert.equal(regionEdges(grid, ["2020"], 10).length, 6);
  assert.equal(regionEdges(grid, ["2020", "2120"], 10).length, 10);
  const ww = regionEdges(grid, board.west_wall, 10);
  assert.ok(ww.length > board.west_wall.length);
  for (const e of ww) close(Math.hypot(...e.out), 1, 1e-6);
  assert.equal((teethPath(ww, 10).match(/Z/g) || []).length, ww.length * 3);
  assert.deepEqual(lineColours("6SS/5Pz"), ["#f0c400", "#d3202a"]);
  assert.deepEqual(lineColours("nothing"), ["#555"]);
  // the whole board: one path per terrain covers every hex exactly once
  const byTerrain = {};
  for (const id of allHexes(grid)) (byTerrain[board.hexes[id].terrain] ??= []).push(id);
  const subpaths = Object.values(byTerrain).reduce((n, ids) => n + (hexPath(grid, ids, 40).match(/Z/g) || []).length, 0);
  assert.equal(subpaths, 1680);
  assert.ok(centre(grid, "0101", 1)[0] > centre(grid, "0102", 1)[0]); // odd rows sit half a hex east
});
