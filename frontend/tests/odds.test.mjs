// The odds before a declaration (view.attack.previews), the legend of the table's codes, and where
// the map's odds label goes (never over a counter's factors).
import { test } from "node:test";
import assert from "node:assert/strict";
import { previewOf, previewLabels, legendOf, oddsDetail } from "../common/odds.js";
import { labelMarkup } from "../common/mapmarks.js";
import { stackOffsets } from "../common/stacks.js";
import { view as fixtureView } from "./views.mjs";

test("previews: the odds a unit's declaration would give, found by unit and hex", () => {
  const view = { attack: { candidates: [], previews: [
    { at: "0604", unit: "G-PZ1", attackers: ["G-PZ1"], raw: "3:1", column: "2:1", chances: { D1: 0.5, A1: 0.5 } },
    { at: "0604", unit: "G-VG1", attackers: ["G-VG1"], raw: "1:1", column: "1:2", chances: {} },
  ] } };
  assert.equal(previewOf(view, "G-PZ1", "0604").raw, "3:1");
  assert.equal(previewOf(view, "G-PZ1", "0605"), null);
  assert.equal(previewOf(view, null, "0604"), null);
  assert.equal(previewOf({}, "G-PZ1", "0604"), null);
  assert.deepEqual(previewLabels(view, "G-VG1"), { "0604": "1:2" });
  assert.deepEqual(previewLabels(view, null), {});
  assert.equal(oddsDetail(view.attack.previews[0]).unit, "G-PZ1");
});

test("the server's Bulge view before a declaration previews every declaration offered", () => {
  const v = fixtureView("bulge", "declare", "german");
  const offered = v.actions.filter((a) => a.type === "declare");
  for (const a of offered) assert.ok(previewOf(v, a.unit, a.at), `${a.unit} → ${a.at}`);
  assert.equal(v.attack.previews.length, offered.length);
});

test("the legend: every code once, the catalogue's text without the code it repeats", () => {
  const names = { Ae: "Ae: all attackers eliminated", Cont: "Contact: no effect", X: "X" };
  assert.deepEqual(legendOf(["Ae", "Cont", "Ae", "X"], (c) => names[c] ?? c), [
    { code: "Ae", text: "all attackers eliminated" }, { code: "Cont", text: "Contact: no effect" }, { code: "X", text: "" }]);
});

test("the odds label sits above the highest counter of a stack, clear of its factors", () => {
  for (const size of [40, 24]) {
    const [x, y] = [100, 200];
    const markup = labelMarkup([x, y], size, "1:1");
    const [, ry, rh] = markup.match(/<rect x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"/).map(Number);
    const highest = Math.min(...stackOffsets(6, size).map(([, dy]) => dy));
    const counterTop = y + highest - (size * 0.92) / 2;
    assert.ok(ry + rh <= counterTop, `label bottom ${ry + rh} below the counter top ${counterTop}`);
  }
});
