// The client's side of the view contract: every game's panel and the common view readers fed the
// real views the server sends (fixtures written by tests/contract; see views.mjs).

import { test } from "node:test";
import assert from "node:assert/strict";
import { installMarkupDom, MarkupElement } from "./fakedom.mjs";
import { GAMES, allViews, moment, statics, view } from "./views.mjs";
import { render } from "../common/i18n.js";
import { counterInfo, counterMarkup } from "../common/counters.js";
import { buttonActions, highlights } from "../common/actions.js";
import { candidatesOf, hasDetail, oddsDetail, oddsLabels } from "../common/odds.js";
import { airText, resultText, thresholdsOf } from "../games/bulge/panel.js";
import { activatedRefs, cupCounts } from "../games/lz_albany/panel.js";
import { loadMapPlugin } from "../games/index.js";
import { isHidden } from "../common/stacks.js";

installMarkupDom();

const texts = (el) => [el, ...el.elements()].map((e) => e.textContent);

/** A game's panel as the board makes it, on the fake DOM. */
async function panelOf(game) {
  const st = statics(game);
  const { createPanel } = await import(`../games/${game}/panel.js`);
  const el = new MarkupElement("div");
  const msg = (m) => render(m, st.messages);
  const panel = createPanel(el, {
    msg, statics: st, interactive: true, send: () => {}, actionLabel: (a) => a.type,
    roleName: (r) => String(r), counterInfo: (c) => counterInfo(c, st.counters, st.messages),
  });
  return { el, panel };
}

for (const game of GAMES) {
  test(`${game}: the panel shows every fixture view of every viewer`, async () => {
    const { el, panel } = await panelOf(game);
    for (const { moment: m, viewer, view: v } of allViews(game)) {
      const role = viewer === "spectator" ? null : viewer;
      assert.doesNotThrow(() => panel.update(v, { role, lang: "en" }), `${game}/${m} (${viewer})`);
      assert.ok(el.textContent.length > 0, `${game}/${m} (${viewer}): an empty panel`);
      assert.equal(typeof panel.claims({ type: "x" }), "boolean");
      for (const refs of Object.values(panel.counterMarks?.(v) ?? {})) assert.ok(Array.isArray(refs));
    }
  });

  test(`${game}: counters, actions and odds of the fixture views`, async () => {
    const st = statics(game);
    const plugin = await loadMapPlugin(game);
    for (const { moment: m, viewer, view: v } of allViews(game)) {
      const where = `${game}/${m} (${viewer})`;
      assert.ok(Array.isArray(v.counters) && Array.isArray(v.actions) && Array.isArray(v.active), where);
      for (const c of v.counters) {
        const info = counterInfo(c, st.counters, st.messages, "en");
        info.look = plugin.counterLook?.(info) ?? null; // as the board adds it
        assert.equal(info.ref, c.ref, where);
        assert.equal(typeof counterMarkup(info, 44, "en"), "string", where);
        if (!isHidden(info)) assert.equal(info.look?.kind, LOOK[game], `${where}: ${c.ref}'s look`);
      }
      if (role(viewer) && !v.active.includes(viewer)) assert.deepEqual(v.actions, [], `${where}: actions while waiting`);
      const shown = buttonActions(v.actions);
      for (const a of shown) assert.ok(v.actions.includes(a), where);
      const { targets } = highlights(v.actions, null);
      assert.ok(targets instanceof Set, where);
      for (const c of candidatesOf(v)) assert.ok(c.at && (c.odds ?? c.column), `${where}: a candidate without odds`);
    }
  });
}

const LOOK = { shimada: "plain", bulge: "step", lz_albany: "platoon" }; // every face-up counter of each game

const role = (viewer) => (viewer === "spectator" ? null : viewer);

test("Bulge: the FB markers left on an air turn (the server sends air.fb_left)", async () => {
  const v = view("bulge", "air", "german");
  const turn = statics("bulge").tables.turns[String(v.turn)];
  assert.equal(airText(v.air, turn), `${v.air.fb_left}/${turn.fb_markers}`);
  const { el, panel } = await panelOf("bulge");
  panel.update(v, { role: "german", lang: "en" });
  const line = [...el.elements()].find((e) => e.getAttribute("data-testid") === "air");
  assert.ok(line && !line.hidden);
  assert.match(line.textContent, /Air support markers left: 6\/6/);
  // before the air turns: no line
  const early = view("bulge", "start", "german");
  assert.equal(airText(early.air, statics("bulge").tables.turns[String(early.turn)]), null);
  panel.update(early, { role: "german", lang: "en" });
  assert.equal(line.hidden, true);
});

test("Bulge: the combat being resolved, its result and thresholds", async () => {
  const v = view("bulge", "combat", "german");
  assert.ok(v.combat.task && v.combat.result);
  assert.notEqual(resultText(v.combat.result, statics("bulge").tables), "");
  const th = thresholdsOf(v);
  assert.ok(Object.keys(th).length >= 10);
  for (const x of Object.values(th)) assert.deepEqual(Object.keys(x).sort(), ["allied_win", "german_win"]);
  const { el, panel } = await panelOf("bulge");
  panel.update(v, { role: "german", lang: "en" });
  assert.ok(texts(el).some((t) => t.startsWith(`Combat in ${v.combat.at}`)));
  assert.ok(texts(el).some((t) => t.startsWith("Now: retreat")));
  assert.deepEqual(panel.counterMarks(v).defending, v.combat.defenders);
});

test("Bulge: odds candidates of declared attacks label their hexes", () => {
  const v = moment("bulge", "declare").views.german;
  const labels = oddsLabels(v);
  assert.ok(candidatesOf(v).length > 0);
  for (const c of candidatesOf(v)) assert.equal(labels[c.at], String(c.column ?? c.odds));
  // the odds box's detail: raw odds, each shift with its reason, the column, the chances
  const [first] = candidatesOf(v);
  assert.equal(hasDetail([first]), true);
  const d = oddsDetail(first, (m) => `[${m.key}]`);
  assert.equal(d.raw, first.raw);
  assert.equal(d.column, first.column);
  assert.deepEqual(d.shifts.map((x) => x.text), first.shifts.map((x) => `[${x.reason.key}]`));
  assert.ok(Math.abs(d.chances.reduce((n, x) => n + x.pct, 0) - 100) < 1);
});

test("Shimada: the attack being combined labels its target with the odds", () => {
  const v = view("shimada", "attack", "japanese");
  assert.deepEqual(oddsLabels(v), Object.fromEntries(v.attack.candidates.map((c) => [c.at, c.odds])));
  assert.ok(Object.keys(oddsLabels(v)).length > 0);
});

test("LZ Albany: the activated group's units, the chit cup", () => {
  const v = view("lz_albany", "activate", "spectator");
  assert.equal(v.step.kind, "act");
  const refs = activatedRefs(v);
  assert.ok(refs.length > 0);
  for (const r of refs) assert.equal(v.counters.find((c) => c.ref === r).group, v.step.group);
  for (const list of Object.values(v.cup ?? {})) {
    const counted = cupCounts(list);
    assert.equal(counted.reduce((n, [, k]) => n + k, 0), list.length);
  }
});
