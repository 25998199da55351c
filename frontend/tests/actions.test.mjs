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
