// Conflict of Heroes in the browser (games/conflict_of_heroes) fed the real views the server sends
// (fixtures of tests/contract): the geomorphic board as a hex board with its own centres, the units as
// counters (facing, used, hit counter, activated), the fire targets' labels from the actions' odds, and
// the panel: firefight, turn, whose action or reaction, AP, CAP and VP, and its buttons.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installMarkupDom, MarkupElement } from "./fakedom.mjs";
import { allViews, view, statics } from "./views.mjs";
import { render } from "../common/i18n.js";
import { counterInfo, counterMarkup } from "../common/counters.js";
import { makeGrid, allHexes, centre, hexsideSegment } from "../common/hexgeom.js";
import { highlights, buttonActions } from "../common/actions.js";
import { hexBoard, unitsAsCounters, unitMarkup, mapPlugin, shortName, hitShort, FACING_ANGLE, facingChoices } from "../games/conflict_of_heroes/map.js";
import { createPanel, fireLabels, decider, bestOdds, pivotGroups, costText } from "../games/conflict_of_heroes/panel.js";
import { loadMapPlugin } from "../games/index.js";

installMarkupDom();
const GAME = "conflict_of_heroes";
const st = statics(GAME);

function panelOf() {
  const el = new MarkupElement("div");
  const sent = [];
  const panel = createPanel(el, { msg: (m) => render(m, st.messages), statics: st, interactive: true, send: (a) => sent.push(a),
    actionLabel: (a) => a.type, roleName: (r) => render({ key: `side.${r}` }, st.messages), counterInfo: (c) => counterInfo(c, st.counters, st.messages) });
  return { el, panel, sent };
}
const byTestId = (el, id) => [...el.elements()].find((e) => e.getAttribute("data-testid") === id);

test("the geomorphic board becomes a hex board whose hexes keep their own centres", () => {
  const board = hexBoard(st.board);
  const grid = makeGrid(board.grid);
  const ids = allHexes(grid);
  assert.equal(ids.length, Object.keys(st.board.maps.firefight_1.hexes).length);
  assert.deepEqual(centre(grid, "1-B1", 10).map((n) => Number(n.toFixed(2))), [15, 8.66]);
  assert.ok(hexsideSegment(grid, "1-A1", "1-B1", 1), "neighbours share a hexside");
  for (const [a, b] of board.roads) assert.ok(grid.centres[a] && grid.centres[b], `${a}/${b}`);
  for (const hx of Object.values(board.hexes)) assert.ok(board.terrain[hx.terrain]?.fill, hx.terrain);
  assert.equal(board.hexes["1-I6"].name.en, "crossroads");
});

test("every unit of every view is a counter with the game's own picture", async () => {
  assert.equal((await loadMapPlugin(GAME)).board, hexBoard, "registered in games/index.js");
  mapPlugin.units = st.units;
  for (const { moment, viewer, view: v } of allViews(GAME)) {
    const counters = unitsAsCounters(v);
    assert.equal(counters.length, v.units.length);
    for (const c of counters) {
      const info = counterInfo(c, st.counters, st.messages, "en");
      info.look = mapPlugin.counterLook(info);
      assert.equal(info.look.kind, "custom", `${moment}/${viewer}`);
      const svg = counterMarkup(info, 44, "en");
      assert.equal(/coh-facing/.test(svg), Boolean(c.facing), `${c.ref}: a facing arrow`);
      assert.equal(/coh-used/.test(svg), Boolean(c.used), `${c.ref}: used`);
      assert.equal(/coh-hit/.test(svg), Boolean(c.counter), `${c.ref}: hit counter`);
      assert.equal(/coh-activated/.test(svg), Boolean(c.activated), `${c.ref}: activated`);
      assert.equal(c.hex !== null, c.status === "map");
    }
  }
  assert.ok(allViews(GAME).some(({ view: v }) => v.units.some((u) => u.counter)), "a fixture shows a hit counter");
  assert.equal(shortName("ger_rifles"), "Rifles");
  assert.equal(hitShort("stunned", "en"), "STN");
  assert.deepEqual(Object.keys(FACING_ANGLE).sort(), Object.keys(st.messages.en).filter((k) => k.startsWith("facing.")).map((k) => k.slice(7)).sort());
  assert.match(unitMarkup({ side: "soviet", type: "sov_rifles", facing: "S", used: true }, 44, "ja", st.units), /小銃/);
});

test("a fire target is labelled with the number needed and the chance of one and two hits", () => {
  const v = view(GAME, "activated", "german").actions.length ? view(GAME, "activated", "german") : view(GAME, "activated", "soviet");
  const fires = v.actions.filter((a) => a.type === "fire");
  assert.ok(fires.length > 0);
  const labels = fireLabels(v.actions);
  for (const a of fires) {
    assert.match(labels[a.at], /^\d+\+ \d+%\/\d+%$/, a.at);
    assert.ok(bestOdds(a).needed <= Math.min(...a.cost.odds.map((o) => o.needed)));
  }
  // a move is one click on its destination once the activated unit is selected
  const unit = v.units.find((u) => u.activated).id;
  const { targets } = highlights(v.actions, unit);
  for (const a of v.actions.filter((x) => x.type === "move" && x.unit === unit)) assert.ok(targets.has(a.to), a.to);
});

test("the panel: firefight, turn, whose action, AP, CAP and VP, and the buttons the actions offer", () => {
  const { el, panel, sent } = panelOf();
  for (const { moment, viewer, view: v } of allViews(GAME)) {
    assert.doesNotThrow(() => panel.update(v, { role: viewer, lang: "en" }), `${moment}/${viewer}`);
    assert.match(byTestId(el, "firefight").textContent, /Firefight 1/);
    assert.match(byTestId(el, "coh-turn").textContent, new RegExp(`Turn ${v.turn}/${v.turns}`));
    for (const side of ["german", "soviet"]) assert.equal(byTestId(el, `cap-${side}`).textContent, String(v.cap[side]));
    const lost = v.units.filter((u) => u.status === "destroyed");
    const hit = v.units.find((u) => u.counter && u.status === "map");
    if (hit) assert.match(byTestId(el, "coh-hits").textContent, new RegExp(`Hit counters: .*${render({ key: `counter.infantry.${hit.counter}` }, st.messages)}`));
    assert.equal(byTestId(el, "coh-destroyed").hidden, lost.length === 0, `${moment}/${viewer}`);
  }
  const act = ["german", "soviet"].map((r) => view(GAME, "activated", r)).find((v) => v.actions.length);
  panel.update(act, {});
  const active = act.units.find((u) => u.activated);
  assert.match(byTestId(el, "coh-activated").textContent, new RegExp(`AP left ${active.ap}`));
  assert.match(byTestId(el, "coh-whose").textContent, /action/);

  const react = ["german", "soviet"].map((r) => view(GAME, "reaction", r)).find((v) => v.actions.some((a) => a.type === "decline"));
  panel.update(react, {});
  assert.equal(decider(react), react.period.player === "german" ? "soviet" : "german");
  assert.match(byTestId(el, "coh-whose").textContent, /reaction/);
  const decline = byTestId(el, "coh-decline");
  assert.ok(decline, "a decline button");
  decline.click?.() ?? decline.onclick?.();
  assert.ok(panel.claims({ type: "decline" }) && panel.claims({ type: "pass" }) && !panel.claims({ type: "move", unit: "x", to: "1-A1" }));
  assert.ok(buttonActions(react.actions, panel.claims).every((a) => a.type !== "decline"));

  const face = ["german", "soviet"].map((r) => view(GAME, "face", r)).find((v) => v.actions.length);
  panel.update(face, {});
  assert.equal([...el.elements()].filter((e) => e.getAttribute("data-action-type") === "face").length, face.actions.length);
  panel.update(face, {});
  assert.ok(sent.length <= 1);
});

test("pivots are grouped by unit and mode, the activated unit's first, each with its cost", () => {
  const v = ["german", "soviet"].map((r) => view(GAME, "activated", r)).find((x) => x.actions.length);
  const groups = pivotGroups(v.actions);
  assert.ok(groups.length > 0);
  assert.equal(groups.flatMap((g) => g.actions).length, v.actions.filter((a) => a.type === "pivot").length);
  for (const g of groups) for (const a of g.actions) assert.ok(a.unit === g.unit && a.mode === g.mode);
  const active = v.units.find((u) => u.activated).id;
  if (groups.some((g) => g.unit === active && g.mode === "activate")) assert.equal(groups[0].mode, "activate");
  assert.equal(costText({ ap: 1, cap: 0 }), "1 AP");
  assert.equal(costText({ ap: 0, cap: 2 }), "2 CAP");
  assert.equal(costText({ ap: 0, cap: 0 }), "free");
});

test("the facing choice after a move is drawn round the unit's hex, one arrow per offered facing", () => {
  const v = ["german", "soviet"].map((r) => view(GAME, "face", r)).find((x) => x.actions.length);
  const choice = facingChoices(v);
  const unit = v.units.find((u) => u.id === v.actions[0].unit);
  assert.equal(choice.hex, unit.hex);
  assert.deepEqual(choice.actions.map((a) => a.facing).sort(), v.actions.filter((a) => a.type === "face").map((a) => a.facing).sort());
  assert.equal(facingChoices(view(GAME, "start", "spectator")), null);
});
