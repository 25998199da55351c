// The board's side of a move to a destination (moves.js MoveControl, routemarks.js) on a fake DOM:
// the move bar, the ways of moving, the path to a hovered destination, waypoints, the stacking warning.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installMarkupDom, MarkupElement } from "./fakedom.mjs";
import { onlyWay, moveWays } from "../common/actions.js";
import { INITIAL, nextState } from "../common/uistate.js";

installMarkupDom();
const { MoveControl } = await import("../common/moves.js");

const mv = (to, cost, prev, extra = {}) => ({ type: "move", unit: "L", to, cost, left: 4 - cost, ...(prev ? { prev } : {}), ...extra });
const view = {
  counters: [{ ref: "L", hex: "0101", side: "german", mp_left: 4 }, { ref: "M", hex: "0101", side: "german" }],
  actions: [mv("0102", 1), mv("0103", 2, "0102"), mv("0104", 3, "0103"),
    mv("0202", 1, null, { units: ["L", "M"] }), mv("0203", 2, "0202", { units: ["L", "M"], stacking: "limit" }),
    { type: "end_phase" }],
};

function fakeBoard(selected = "L") {
  const svg = new MarkupElement("svg");
  const board = {
    ui: nextState(INITIAL, { selected }),
    view,
    catalogue: { en: { "stacking.limit": "more than 3 units" } },
    map: { svg, size: 40, centre: (hex) => [Number(hex.slice(0, 2)) * 10, Number(hex.slice(2)) * 10], placeName: (x) => x },
    get selected() { return this.ui.selected; },
    actions() { return onlyWay(view.actions, this.ui.selected, this.ui.way); },
    setState(patch) { this.ui = nextState(this.ui, patch); },
    unitName: (ref) => `unit ${ref}`,
    msg: (m) => board.catalogue.en[m.key] ?? m.key,
  };
  return board;
}

const text = (el) => el.textContent;
const find = (el, pred) => [...el.elements()].find(pred);

test("the move bar: the unit, its MP left, its ways of moving, its reach; none without a selection", () => {
  const b = fakeBoard();
  const mc = new MoveControl(b);
  mc.paint();
  assert.equal(mc.el.hidden, false);
  assert.match(text(mc.el), /unit L/);
  assert.match(text(mc.el), /4 MP left/);
  assert.match(text(mc.el), /3 hexes in reach/, "the first way (alone) by default");
  const ways = [...mc.el.elements()].filter((e) => e.getAttribute("data-testid") === "move-way");
  assert.deepEqual(ways.map(text), ["Alone", "With its stack (2 units)"]);
  ways[1].listeners.click[0]();
  mc.paint();
  assert.match(text(mc.el), /2 hexes in reach/);
  const none = new MoveControl(fakeBoard(null));
  none.paint();
  assert.equal(none.el.hidden, true);
});

test("hovering a destination draws its path from the unit and tells its cost, MP left and a stacking warning", () => {
  const b = fakeBoard();
  const mc = new MoveControl(b);
  const info = mc.hover("0104");
  assert.deepEqual([info.cost, info.left, info.steps], [3, 1, 3]);
  assert.match(mc.marks.routeEl.innerHTML, /polyline/);
  const leg = find(mc.marks.routeEl, (e) => e.tagName === "POLYLINE");
  assert.equal(leg.getAttribute("points"), "10.0,10.0 10.0,20.0 10.0,30.0 10.0,40.0", "0101 → 0102 → 0103 → 0104");
  assert.equal(mc.hover("0909"), null);
  assert.equal(mc.marks.routeEl.childNodes.length, 0, "no path off the destinations");
  b.setState({ way: moveWays(view.actions, "L")[1].way });
  const stacked = mc.hover("0203");
  assert.equal(stacked.stacking, "limit");
  const lines = mc.tipLines("0203", stacked).map(text).join(" | ");
  assert.match(lines, /Costs 2 MP/);
  assert.match(lines, /more than 3 units/);
});

test("waypoints: Shift-click or the waypoint mode adds one; the move then carries via; Escape drops them first", () => {
  const b = fakeBoard();
  const mc = new MoveControl(b);
  assert.equal(mc.waypointClick("0102", { shiftKey: false }), false, "a plain click is the move itself");
  assert.equal(mc.waypointClick("0102", { shiftKey: true }), true);
  assert.deepEqual(b.ui.via, ["0102"]);
  assert.equal(mc.waypointClick("0909", { shiftKey: true }), false, "not a destination");
  b.setState({ waymode: true });
  assert.equal(mc.waypointClick("0103", {}), true);
  assert.deepEqual(b.ui.via, ["0102", "0103"]);
  assert.deepEqual(mc.shape(view.actions[2]).via, ["0102", "0103"]);
  assert.equal(mc.shape(view.actions[5]), view.actions[5], "other actions go as offered");
  mc.paint();
  assert.equal(mc.marks.wayEl.childNodes.length, 2, "the waypoints numbered on the map");
  assert.equal(mc.escape(), true);
  assert.deepEqual(b.ui.via, []);
  assert.equal(mc.escape(), true, "then the waypoint mode");
  assert.equal(b.ui.waymode, false);
  assert.equal(mc.escape(), false, "then the board's own Escape");
});
