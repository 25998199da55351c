// Counters slide: the plan from the previous and next places (anim.js), and its playing.

import { test } from "node:test";
import assert from "node:assert/strict";
import { animPlan, shouldAnimate, placeOf, ease, lerp, CounterMotion, DURATION, MAX_MOVES } from "../common/anim.js";
import { makeGrid, centre } from "../common/hexgeom.js";
import { moment, statics } from "./views.mjs";
import { MarkupElement } from "./fakedom.mjs";

const places = (list) => new Map(list.map(([ref, x, y, look = null]) => [ref, { x, y, look }]));

test("plan: moved, appeared and vanished counters by ref", () => {
  const prev = places([["a", 0, 0], ["b", 10, 0], ["c", 20, 0]]);
  const next = places([["a", 0, 0], ["b", 15, 5], ["d", 30, 0]]);
  assert.deepEqual(animPlan(prev, next), {
    moves: [{ ref: "b", from: [10, 0], to: [15, 5] }], appeared: ["d"], vanished: [{ ref: "c", at: [20, 0] }],
  });
  assert.deepEqual(animPlan(next, next), { moves: [], appeared: [], vanished: [] });
});

test("plan: counters without an identity are paired by look with the nearest that vanished", () => {
  // face-down counters named after their hex: "@0101" moving to 0102 is a new ref
  const prev = places([["@0101", 0, 0, "british|down"], ["@0505", 100, 100, "british|down"], ["J-T1", 50, 50]]);
  const next = places([["@0102", 5, 8, "british|down"], ["@0505", 100, 100, "british|down"], ["J-T1", 50, 50]]);
  assert.deepEqual(animPlan(prev, next), { moves: [{ ref: "@0102", from: [0, 0], to: [5, 8] }], appeared: [], vanished: [] });
  // another look is not paired; a counter with an id never is
  const other = places([["@0102", 5, 8, "japanese|down"], ["X", 1, 1]]);
  const plan = animPlan(places([["@0101", 0, 0, "british|down"], ["Y", 1, 1]]), other);
  assert.deepEqual(plan.moves, []);
  assert.deepEqual(plan.appeared, ["@0102", "X"]);
  assert.equal(placeOf({ id: "J-T1", side: "japanese" }, 1, 2).look, null);
  assert.equal(placeOf({ ref: "@0101", side: "british", face: "down" }, 1, 2).look, "british|down");
});

/** The places of a real view's counters on the map: the centres of their hexes. */
function placesOf(game, view) {
  const grid = makeGrid(statics(game).board.grid);
  return new Map(view.counters.filter((c) => c.hex && c.status === "map").map((c) => {
    const [x, y] = centre(grid, c.hex, 40);
    return [c.ref, placeOf(c, x, y)];
  }));
}

test("plan: between two real views of a match, every counter that changed hex slides there", () => {
  let slides = 0;
  for (const [game, from, to] of [["shimada", "attack", "over"], ["bulge", "declare", "combat"], ["bulge", "fog", "air"]]) {
    const a = moment(game, from).views.spectator, b = moment(game, to).views.spectator;
    const plan = animPlan(placesOf(game, a), placesOf(game, b));
    const before = new Map(a.counters.filter((c) => c.status === "map").map((c) => [c.ref, c.hex]));
    const moved = b.counters.filter((c) => c.status === "map" && before.get(c.ref) && before.get(c.ref) !== c.hex).map((c) => c.ref);
    for (const ref of moved) assert.ok(plan.moves.some((m) => m.ref === ref), `${game} ${from}->${to}: ${ref} moved`);
    assert.ok(plan.moves.length >= moved.length, `${game} ${from}->${to}`);
    slides += plan.moves.length;
    for (const m of plan.moves) assert.notDeepEqual(m.from, m.to);
    const gone = a.counters.filter((c) => c.status === "map" && !b.counters.some((x) => x.ref === c.ref && x.status === "map"));
    assert.equal(plan.vanished.length + plan.moves.filter((m) => !before.has(m.ref)).length, gone.length);
  }
  assert.ok(slides > 0);
  // eighty turns of the Bulge at once: too much to slide
  const far = animPlan(placesOf("bulge", moment("bulge", "fog").views.german), placesOf("bulge", moment("bulge", "air").views.german));
  assert.equal(shouldAnimate(far), far.moves.length <= MAX_MOVES);
});

test("when to play: not with reduced motion, nor when nothing or too much moves", () => {
  const some = { moves: [{ ref: "a", from: [0, 0], to: [1, 1] }], appeared: [], vanished: [] };
  assert.equal(shouldAnimate(some), true);
  assert.equal(shouldAnimate(some, { reduced: true }), false);
  assert.equal(shouldAnimate({ moves: [], appeared: ["x"], vanished: [] }), false);
  const many = { moves: Array.from({ length: MAX_MOVES + 1 }, (_, i) => ({ ref: `r${i}`, from: [0, 0], to: [i, 0] })), appeared: [], vanished: [] };
  assert.equal(shouldAnimate(many), false);
  assert.equal(ease(0), 0);
  assert.equal(ease(1), 1);
  assert.equal(ease(0.5), 0.5);
  assert.deepEqual(lerp([0, 0], [10, 20], 0.5), [5, 10]);
});

/** A motion on a fake clock: frames run when the test says. */
function fakeMotion(reduced = false) {
  let clock = 0;
  const queue = [];
  const motion = new CounterMotion({ schedule: (fn) => queue.push(fn), now: () => clock, reduced: () => reduced });
  const advance = (ms) => {
    clock += ms;
    for (const fn of queue.splice(0)) fn();
  };
  return { motion, advance };
}

const nodeAt = (x, y) => {
  const g = new MarkupElement("g");
  g.setAttribute("transform", `translate(${x} ${y})`);
  return g;
};

test("playing: a moved counter starts where it was and ends where it is; a vanished one fades, then goes", () => {
  const { motion, advance } = fakeMotion();
  const a = nodeAt(0, 0);
  const gone = nodeAt(50, 50);
  const layer = new MarkupElement("g");
  layer.append(a, gone);
  assert.equal(motion.update(places([["a", 0, 0], ["g", 50, 50]]), () => a), null); // the first drawing: still
  a.setAttribute("transform", "translate(100.0 0.0)"); // the map sets it at its new place
  const plan = motion.update(places([["a", 100, 0]]), (ref) => (ref === "a" ? a : null), [["g", gone]]);
  assert.deepEqual(plan.moves, [{ ref: "a", from: [0, 0], to: [100, 0] }]);
  assert.equal(a.getAttribute("transform"), "translate(0.0 0.0)");
  assert.equal(gone.getAttribute("data-ref"), null);
  advance(DURATION / 2);
  assert.equal(a.getAttribute("transform"), "translate(50.0 0.0)");
  assert.equal(gone.style.opacity, "0.5");
  advance(DURATION);
  assert.equal(a.getAttribute("transform"), "translate(100.0 0.0)");
  assert.equal(layer.childNodes.includes(gone), false);
});

test("playing: a newer view ends the running slide at once; reduced motion never slides", () => {
  const { motion, advance } = fakeMotion();
  const a = nodeAt(0, 0);
  motion.update(places([["a", 0, 0]]), () => a);
  motion.update(places([["a", 100, 0]]), () => a);
  advance(DURATION / 4);
  motion.finish();
  assert.equal(a.getAttribute("transform"), "translate(100.0 0.0)");
  const still = fakeMotion(true);
  const b = nodeAt(0, 0);
  still.motion.update(places([["b", 0, 0]]), () => b);
  b.setAttribute("transform", "translate(9 9)");
  assert.equal(still.motion.update(places([["b", 9, 9]]), () => b), null);
  assert.equal(b.getAttribute("transform"), "translate(9 9)");
});
