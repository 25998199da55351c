// The Bulge's side panel lists the stacks over the limits (§6.2-§6.3: view.stacking) and, at the end of
// the movement phase, the units to remove from each as buttons; fed a real fixture view.

import { test } from "node:test";
import assert from "node:assert/strict";
import { installMarkupDom, MarkupElement } from "./fakedom.mjs";
import { statics, view } from "./views.mjs";
import { render } from "../common/i18n.js";
import { counterInfo } from "../common/counters.js";

installMarkupDom();

async function panel(sent) {
  const st = statics("bulge");
  const { createPanel } = await import("../games/bulge/panel.js");
  const el = new MarkupElement("div");
  const p = createPanel(el, {
    msg: (m) => render(m, st.messages), statics: st, interactive: true, send: (a) => sent.push(a),
    actionLabel: (a) => `remove ${a.unit}`, roleName: (r) => String(r),
    counterInfo: (c) => counterInfo(c, st.counters, st.messages),
  });
  return { el, p };
}

const box = (el) => [...el.elements()].find((e) => e.getAttribute("data-testid") === "stacking");

test("Bulge: the stacks over the limits, with the limit, and the removals as buttons", async () => {
  const base = view("bulge", "start", "german");
  const [a, b] = base.counters.filter((c) => c.side === "german" && c.status === "map");
  const sent = [];
  const { el, p } = await panel(sent);
  p.update({ ...base, stacking: [] }, { role: "german", lang: "en" });
  assert.ok(box(el).hidden, "no broken stack: no box");
  const v = {
    ...base, stacking: [{ hex: a.hex, problem: "divisions" }],
    actions: [{ type: "remove", unit: a.ref }, { type: "remove", unit: b.ref }],
    counters: base.counters.map((c) => (c.ref === b.ref ? { ...c, hex: a.hex } : c)),
  };
  p.update(v, { role: "german", lang: "en" });
  const shown = box(el);
  assert.ok(!shown.hidden);
  assert.match(shown.textContent, new RegExp(a.hex));
  assert.match(shown.textContent, /two divisions/);
  const buttons = [...shown.elements()].filter((e) => e.getAttribute("data-action-type") === "remove");
  assert.deepEqual(buttons.map((e) => e.getAttribute("data-unit")), [a.ref, b.ref]);
});
