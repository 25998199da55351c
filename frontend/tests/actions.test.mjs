import { test } from "node:test";
import assert from "node:assert/strict";
import { highlights, clickHex, clickCounter, buttonActions, soleUnit } from "../common/actions.js";

const move = (unit, to) => ({ type: "move", unit, to });
const actions = [
  move("J-T1", "0202"), move("J-T1", "0301"), move("J-I1", "0201"),
  { type: "end_move", unit: "J-T1" },
  { type: "attack_with", unit: "J-T3" },
  { type: "attack", at: "0203" },
  { type: "end_step" },
];

test("highlights: units that can act, and hex-only targets; with a selection, its destinations", () => {
  const none = highlights(actions, null);
  assert.deepEqual([...none.selectable].sort(), ["J-I1", "J-T1", "J-T3"]);
  assert.deepEqual([...none.targets], ["0203"]);
  const sel = highlights(actions, "J-T1");
  assert.deepEqual([...sel.targets].sort(), ["0202", "0301"]);
});

test("a counter with destinations is selected; a one-click unit action is sent", () => {
  assert.deepEqual(clickCounter(actions, null, "J-T1", "0201"), { kind: "select", ref: "J-T1" });
  assert.deepEqual(clickCounter(actions, null, "J-T3", "0202"), { kind: "send", action: { type: "attack_with", unit: "J-T3" } });
  assert.deepEqual(clickCounter(actions, "J-T1", "J-T1", "0201"), { kind: "deselect" });
});

test("a hex click sends the selected unit's move, or a hex-only action", () => {
  assert.deepEqual(clickHex(actions, "J-T1", "0301"), { kind: "send", action: move("J-T1", "0301") });
  assert.deepEqual(clickHex(actions, null, "0203"), { kind: "send", action: { type: "attack", at: "0203" } });
  assert.deepEqual(clickHex(actions, null, "0707"), { kind: "none" });
});

test("a click on an enemy counter counts as a click on its hex", () => {
  assert.deepEqual(clickCounter(actions, null, "@0203", "0203"), { kind: "send", action: { type: "attack", at: "0203" } });
  assert.deepEqual(clickCounter(actions, "J-T1", "B-X", "0202"), { kind: "send", action: move("J-T1", "0202") });
});

test("several matches open a chooser", () => {
  const two = [{ type: "retreat", unit: "a", to: "0101" }, { type: "advance", unit: "a", to: "0101" }];
  assert.equal(clickHex(two, "a", "0101").kind, "choose");
  const singles = [{ type: "exit", unit: "a" }, { type: "lose", unit: "a" }];
  assert.equal(clickCounter(singles, null, "a", "0101").kind, "choose");
});

test("buttons: non-map actions, plus the selected unit's one-click actions, minus claimed ones", () => {
  assert.deepEqual(buttonActions(actions).map((a) => a.type), ["end_step"]);
  assert.deepEqual(buttonActions(actions, () => false, "J-T1").map((a) => a.type), ["end_move", "end_step"]);
  assert.deepEqual(buttonActions(actions, (a) => a.type === "end_step"), []);
});

test("soleUnit selects a lone mover", () => {
  assert.equal(soleUnit([move("x", "0101"), move("x", "0102"), { type: "end_step" }]), "x");
  assert.equal(soleUnit(actions), null);
});

test("a group of attackers: common targets, and one click on a hex plays each one's action", async () => {
  const { groupTargets, clickHexGroup, asOneClick } = await import("../common/actions.js");
  const decl = (unit, at) => ({ type: "declare", unit, at });
  const acts = [decl("a", "0101"), decl("a", "0102"), decl("b", "0102"), decl("b", "0103"), { type: "end_declarations" }];
  assert.deepEqual([...groupTargets(acts, ["a", "b"])], ["0102"]);
  assert.deepEqual(clickHexGroup(acts, ["a", "b"], "0102"), { kind: "send_all", actions: [decl("a", "0102"), decl("b", "0102")] });
  assert.deepEqual(clickHexGroup(acts, ["a", "b"], "0101"), { kind: "none" });
  const shown = asOneClick([{ type: "undeclare", unit: "a", at: "0102" }, decl("b", "0102")], (x) => x.type === "undeclare");
  assert.deepEqual(shown.map(([s]) => s), [{ type: "undeclare", unit: "a" }, decl("b", "0102")]);
  assert.equal(shown[0][1].at, "0102");
});

// Moves to a destination on the client (docs/DESIGN.md "The rules protocol"): the notes an offered
// move carries (cost, left, prev), the path they draw, waypoints (via), and the keyboard ring.
import { destinations, routeTo, routeLegs, withVia, toggleWaypoint, destinationInfo, isDestination, mpText,
  keyRing, ringStep } from "../common/actions.js";

// A unit in 0101 with 4 MP: 0102 (1), 0103 (2, via 0102), 0203 (3.5, via 0103), 0201 (1), and a
// strategic move to 0103 that costs more. Another unit has a plain move.
const mv = (to, cost, left, prev, type = "move", unit = "B-UC") => ({ type, unit, to, cost, left, ...(prev ? { prev } : {}) });
const A = [
    mv("0102", 1, 3), mv("0103", 2, 2, "0102"), mv("0203", 3.5, 0.5, "0103"), mv("0201", 1, 3),
    mv("0103", 3, 9, "0102", "strategic"),
    { type: "move", unit: "J-T1", to: "0505" },
    { type: "end_move", unit: "B-UC" },
    { type: "end_phase" },
];

test("a destination move is a unit+hex action that carries its cost", () => {
  assert.equal(isDestination(A[0]), true);
  assert.equal(isDestination(A[5]), false);
  assert.deepEqual([...destinations(A, "B-UC").keys()].sort(), ["0102", "0103", "0201", "0203"]);
  assert.equal(destinations(A, "B-UC").get("0103").type, "move", "the cheapest type to a hex wins");
  assert.equal(destinations(A, "J-T1").size, 0);
});

test("the path follows prev through the same unit's moves, the destination last", () => {
  assert.deepEqual(routeTo(A, "B-UC", "0203"), ["0102", "0103", "0203"]);
  assert.deepEqual(routeTo(A, "B-UC", "0201"), ["0201"]);
  assert.equal(routeTo(A, "B-UC", "0909"), null);
  assert.equal(routeTo(A, "J-T1", "0505"), null);
});

test("notes that do not make a path draw nothing (a loop, a prev nobody offers)", () => {
  const loop = [mv("0102", 1, 1, "0103"), mv("0103", 2, 0, "0102")];
  assert.equal(routeTo(loop, "B-UC", "0103"), null);
  assert.equal(routeTo([mv("0104", 2, 0, "0999")], "B-UC", "0104"), null);
});

test("cost and MP left of a destination, fractions kept", () => {
  assert.deepEqual(destinationInfo(A, "B-UC", "0203"), { cost: 3.5, left: 0.5, steps: 3, type: "move", stacking: null });
  assert.equal(destinationInfo(A, "B-UC", "0505"), null);
  assert.equal(mpText(3.5), "3.5");
  assert.equal(mpText(1 / 3), "0.33");
  assert.equal(mpText(2), "2");
});

test("one click on a destination sends its move as offered; with waypoints it carries via", () => {
  const r = clickHex(A, "B-UC", "0203");
  assert.equal(r.kind, "send");
  assert.deepEqual(r.action, mv("0203", 3.5, 0.5, "0103"));
  assert.deepEqual(withVia(r.action, ["0201"]), { ...mv("0203", 3.5, 0.5, "0103"), via: ["0201"] });
  assert.equal(withVia(r.action, []), r.action);
  assert.equal(withVia(A[5], ["0101"]), A[5], "a move without a cost takes no waypoints");
});

test("every destination is highlighted for the selected unit", () => {
  assert.deepEqual([...highlights(A, "B-UC").targets].sort(), ["0102", "0103", "0201", "0203"]);
});

test("waypoints: a destination is added, clicked again it is dropped with those after it", () => {
  let via = toggleWaypoint(A, "B-UC", [], "0201");
  assert.deepEqual(via, ["0201"]);
  via = toggleWaypoint(A, "B-UC", via, "0102");
  assert.deepEqual(via, ["0201", "0102"]);
  assert.deepEqual(toggleWaypoint(A, "B-UC", via, "0909"), via, "a hex the unit cannot reach is no waypoint");
  assert.deepEqual(toggleWaypoint(A, "B-UC", via, "0201"), []);
});

test("the route with waypoints: the notes' path to the first stop, then straight legs", () => {
  assert.deepEqual(routeLegs(A, "B-UC", [], "0203"), [{ hexes: ["0102", "0103", "0203"], exact: true }]);
  assert.deepEqual(routeLegs(A, "B-UC", ["0201"], "0203"), [
    { hexes: ["0201"], exact: true }, { hexes: ["0201", "0203"], exact: false }]);
  assert.deepEqual(routeLegs(A, "B-UC", [], "0909"), []);
});

test("the keyboard ring: units, then targets; with a unit selected its destinations first", () => {
  const hexOf = (ref) => ({ "B-UC": "0101", "J-T1": "0404" })[ref] ?? null;
  const ring = keyRing(A, null, hexOf);
  assert.deepEqual(ring.map((x) => x.ref ?? x.hex), ["B-UC", "J-T1"]);
  const sel = keyRing(A, "B-UC", hexOf);
  assert.deepEqual(sel.map((x) => x.ref ?? x.hex), ["0102", "0103", "0201", "0203", "J-T1"]);
  assert.deepEqual(ringStep(sel, null, 1), sel[0]);
  assert.deepEqual(ringStep(sel, sel[0], -1), sel[4], "backwards wraps round");
  assert.deepEqual(ringStep(sel, sel[4], 1), sel[0]);
  assert.equal(ringStep([], null, 1), null);
});

test("the keyboard ring reaches from-at actions: the firing areas, then the chosen one's targets", () => {
  const fire = [{ type: "fire", from: "A", at: "B" }, { type: "fire", from: "A", at: "C" }, { type: "fire", from: "D", at: "B" }];
  assert.deepEqual(keyRing(fire, null, () => null).map((x) => x.hex), ["A", "D"]);
  assert.deepEqual(keyRing(fire, null, () => null, "A").map((x) => x.hex), ["A", "B", "C", "D"]);
  assert.deepEqual(keyRing(fire.slice(0, 2), null, () => null).map((x) => x.hex), ["A", "B", "C"], "one firing area: its targets at once");
});

test("ways of moving: alone, with the stack, strategic; one way shown at a time, paths kept within it", async () => {
  const { moveWays, onlyWay, moveWay } = await import("../common/actions.js");
  const alone = (to, cost, prev) => ({ type: "move", unit: "L", to, cost, left: 4 - cost, ...(prev ? { prev } : {}) });
  const stack = (to, cost, prev, extra = {}) => ({ type: "move", unit: "L", units: ["L", "M"], to, cost, left: 4 - cost, ...(prev ? { prev } : {}), ...extra });
  const acts = [alone("0102", 1), alone("0103", 2, "0102"), stack("0202", 1), stack("0103", 2, "0202", { stacking: "limit" }),
    { type: "move", unit: "L", to: "0104", cost: 1, left: 11, mode: "strategic" }, { type: "end_phase" }];
  const ways = moveWays(acts, "L");
  assert.equal(ways.length, 3);
  assert.equal(moveWay(alone("0909", 3, "0102")), ways[0].way, "notes and the hex are not the way");
  assert.deepEqual(onlyWay(acts, "L", null).filter(isDestination).map((a) => a.to), ["0102", "0103"], "the first way by default");
  const withStack = onlyWay(acts, "L", ways[1].way);
  assert.deepEqual(withStack.filter(isDestination).map((a) => a.to), ["0202", "0103"]);
  assert.equal(withStack.at(-1).type, "end_phase", "other actions stay");
  assert.deepEqual(routeTo(withStack, "L", "0103"), ["0202", "0103"], "the stack's path, not the lone unit's");
  assert.deepEqual(routeTo(acts, "L", "0103"), ["0102", "0103"], "the cheapest (first) way's path when ways mix");
  assert.equal(destinationInfo(withStack, "L", "0103").stacking, "limit");
  assert.equal(onlyWay(acts, null, null), acts);
  assert.equal(onlyWay(A, "B-UC", null).length, A.length - 1, "move and strategic types are two ways too");
});

test("arrow keys go to the nearest choice that way on the map, none when nothing lies there", async () => {
  const { ringNearest } = await import("../common/actions.js");
  const pts = { a: [0, 0], b: [10, 1], c: [30, 0], d: [0, 10], e: [-10, -10] };
  const ring = Object.keys(pts).map((hex) => ({ kind: "hex", hex }));
  const at = (c) => pts[c.hex];
  const go = (from, dir) => ringNearest(ring, ring.find((c) => c.hex === from), dir, at)?.hex ?? null;
  assert.equal(go("a", [1, 0]), "b");
  assert.equal(go("b", [1, 0]), "c");
  assert.equal(go("c", [1, 0]), null);
  assert.equal(go("a", [0, 1]), "d");
  assert.equal(go("a", [0, -1]), "e", "up and a little left");
  assert.equal(go("a", [-1, 0]), "e");
  assert.equal(ringNearest(ring, null, [1, 0], at), null);
});
