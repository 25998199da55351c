// The Back to Iraq side panel: turn, weather, player and phase; the Coalition's phase order; the
// MIPP track against its victory limit; the turn track with the Regroup marker and whether this is a
// regroup turn; the victory conditions' progress (Kuwait City, the Iraqi and Iranian cities held
// against what is needed); the attack being made and the task of a combat result; overstacked hexes;
// supply sources lost; eliminated units. The odds preview is common/odds.js's (the board's), fed by
// view.attack.candidates with every shift. Words: the game's catalogue (`panel.*`).
// It shows the view; it decides nothing, and every field it reads is optional.

import { h, fill } from "../../common/dom.js";
import { getLang, hasKey } from "../../common/i18n.js";
import { CounterTray } from "../../common/counters.js";
import { candidatesOf, finalColumn } from "../../common/odds.js";

/** The CRT's result codes, worst for the defender first (the odds box's legend). */
export const RESULT_ORDER = ["DE", "DL*", "DR", "DR*", "S*", "S+", "S"];

/**
 * The MIPP track: {value, limit, max, pct, limitPct, near, over}; the bar runs to the limit and a
 * little past it (or to the value when it is higher).
 */
export function mippTrack(mipp, limit) {
  const value = Number.isFinite(mipp) ? mipp : 0;
  const lim = Number.isFinite(limit) && limit > 0 ? limit : null;
  const max = Math.max(lim ? Math.ceil(lim * 1.1) : 10, value);
  const pct = (v) => Math.max(0, Math.min(100, (v / max) * 100));
  return {
    value, limit: lim, max, pct: pct(value), limitPct: lim ? pct(lim) : null,
    near: lim !== null && value < lim && value >= lim * 0.75, over: lim !== null && value >= lim,
  };
}

/**
 * The turn track: [{n, current, past, regroup}] for turns 1..turns; `regroup` marks the box the
 * Regroup marker stands on (it may stand past the last turn: then no box has it).
 */
export function turnTrack(view) {
  const count = Number.isInteger(view?.turns) ? view.turns : Math.max(0, Number(view?.turn) || 0);
  const cur = Number(view?.turn);
  const marker = Number(view?.regroup?.marker);
  const out = [];
  for (let n = 1; n <= count; n++) out.push({ n, current: n === cur, past: Number.isFinite(cur) && n < cur, regroup: n === marker });
  return out;
}

/**
 * The victory conditions' progress (§4.4-§4.5): rows [{key, have, need, ok}] — Kuwait City held (from
 * view.control and the place keyed kuwait_city), the Iraqi cities and, in Scenario 2, the Iranian
 * ones (view.victory.need: s1_needed, or s2_needed_iraqi and s2_needed_iranian), the MIPP below its
 * limit — and whether the server says they all hold (`met`).
 */
export function victoryRows(view, places = {}) {
  const v = view?.victory;
  if (!v) return null;
  const need = v.need ?? {};
  const s2 = String(view.scenario ?? "1") === "2";
  const kuwait = Object.entries(places).find(([, p]) => p?.key === "kuwait_city")?.[0];
  const rows = [];
  if (kuwait) rows.push({ key: "kuwait", have: view.control?.[kuwait] === "coalition" ? 1 : 0, need: 1 });
  rows.push({ key: "iraqi_cities", have: v.iraqi_cities ?? 0, need: (s2 ? need.s2_needed_iraqi : need.s1_needed) ?? need.iraqi_cities ?? null });
  if (s2) rows.push({ key: "iranian_cities", have: v.iranian_cities ?? 0, need: need.s2_needed_iranian ?? need.iranian_cities ?? null });
  if (Number.isFinite(view.mipp_limit)) rows.push({ key: "mipp_below", have: view.mipp ?? 0, need: view.mipp_limit, below: true });
  for (const r of rows) r.ok = r.need === null ? false : r.below ? r.have < r.need : r.have >= r.need;
  return { rows, met: !!v.met };
}

/**
 * The odds labels on the map, {hex: text}: the final odds, and when the table gives its result at once
 * (`auto`: odds off the table's left end) that result too, "1:4 S*" (the column alone would be "S*").
 */
export function mapLabels(view) {
  return Object.fromEntries(candidatesOf(view).map((c) => [c.at, c.auto ? `${c.odds ?? ""} ${c.auto}`.trim() : finalColumn(c)]));
}

const TASK_BUTTONS = new Set(["add", "drop", "take_step", "eliminate"]);

/** §G2: the air-strike pool (view.air): {total, left: [[type, n]], placed: [{at, counters: [[type, n]]}]}. */
export function airPool(air) {
  if (!air) return null;
  const byHex = new Map();
  for (const p of air.placed ?? []) {
    const row = byHex.get(p.at) ?? new Map();
    row.set(p.air, (row.get(p.air) ?? 0) + 1);
    byHex.set(p.at, row);
  }
  return {
    total: (air.strikes ?? 0) + (air.israeli ?? 0),
    left: Object.entries(air.left ?? {}).filter(([, n]) => n > 0),
    placed: [...byHex].map(([at, row]) => ({ at, counters: [...row] })),
  };
}

/**
 * §G1 strategic targets (view.targets): {shown: on the map with a kind the viewer sees, hidden: how many
 * on the map he may not identify, removed, cup, israel}; null without the option.
 */
export function targetRows(targets) {
  if (!targets) return null;
  const onMap = (targets.markers ?? []).filter((t) => t.status === "map");
  return {
    shown: onMap.filter((t) => t.kind), hidden: onMap.filter((t) => !t.kind).length,
    removed: (targets.markers ?? []).filter((t) => t.status === "removed"), cup: targets.cup ?? 0, israel: targets.israel ?? null,
  };
}

export function createPanel(container, ctx) {
  const statics = ctx.statics ?? {};
  const places = statics.board?.places ?? {};
  const lang = () => getLang();
  // the game's catalogue; a key it lacks shows the fallback (never the key)
  const m = (key, args, fallback = "") => (hasKey(statics.messages, key) ? ctx.msg({ key, args }) : fallback);
  const localised = (v) => (v && typeof v === "object" ? v[lang()] ?? v.en ?? "" : v ?? "");
  const placeName = (hex) => (places[hex] ? `${localised(places[hex].name)} (${hex})` : String(hex ?? ""));

  const el = {
    turn: h("p", { class: "bti-turn", "data-testid": "turn-info" }),
    phase: h("p", { class: "bti-phase", "data-testid": "phase" }),
    order: h("p", { class: "bti-order", "data-testid": "order", hidden: true }),
    mipp: h("div", { class: "bti-mipp", "data-testid": "mipp" }),
    track: h("div", { class: "bti-track" }),
    regroup: h("p", { class: "bti-regroup", "data-testid": "regroup" }),
    victory: h("div", { class: "bti-victory", "data-testid": "victory" }),
    attack: h("div", { class: "bti-box bti-attack", "data-testid": "attack", hidden: true }),
    stacking: h("div", { class: "bti-box bti-stacking", "data-testid": "stacking", hidden: true }),
    sources: h("p", { class: "bti-sources", "data-testid": "lost-sources", hidden: true }),
    air: h("p", { class: "bti-air", "data-testid": "air-supply", hidden: true }),
    targets: h("div", { class: "bti-box bti-targets", "data-testid": "targets", hidden: true }),
    air: h("div", { class: "bti-box bti-air-pool", "data-testid": "air-pool", hidden: true }),
    elimTitle: h("h3", {}),
    elim: h("div", { class: "tray-row" }),
  };
  const elimBox = h("div", { class: "bti-box", hidden: true }, el.elimTitle, el.elim);
  container.append(h("section", { class: "bti-panel game-panel-box" }, el.turn, el.phase, el.order, el.attack, el.stacking,
    el.mipp, el.victory, el.air, el.targets, el.track, el.regroup, el.sources, el.air, elimBox));
  const elimTray = new CounterTray(el.elim, { size: 36, sideName: ctx.roleName });

  const counterOf = (view, ref) => (view.counters ?? []).find((c) => c.ref === ref || c.id === ref);
  const unitName = (view, ref) => {
    const c = counterOf(view, ref);
    return c ? ctx.counterInfo(c).name ?? String(ref) : String(ref);
  };
  const button = (a) => h("button", { type: "button", class: "action", "data-action-type": a.type, "data-unit": a.unit, onclick: () => ctx.send(a) },
    ctx.actionLabel ? ctx.actionLabel(a) : `${a.type} ${a.unit ?? ""}`);

  function paintHeader(view) {
    const turn = view.turn !== undefined && view.turn !== null
      ? m("panel.turn", { n: view.turn, of: view.turns ?? "?" }, `Turn ${view.turn}/${view.turns ?? "?"}`) : "";
    const weather = view.weather ? `${m("panel.weather", null, "Weather")}: ${m(`weather.${view.weather}`, null, view.weather)}` : "";
    fill(el.turn, turn, weather ? h("span", { class: `bti-weather weather-${view.weather}`, "data-testid": "weather" }, ` · ${weather}`) : null);
    const phase = view.phase ? m(`phase.${view.phase}`, null, String(view.phase)) : "";
    const step = view.step && view.step !== view.phase && view.step !== "over" ? m(`step.${view.step}`, null, "") : "";
    fill(el.phase, view.player ? h("span", { class: `bti-player side-${view.player}` }, ctx.roleName(view.player)) : null,
      phase ? ` · ${phase}` : "", step ? h("span", { class: "muted" }, ` (${step})`) : null);
    el.order.hidden = !view.order;
    if (view.order) {
      fill(el.order, h("b", {}, `${m("panel.order", null, "Phase order")}: `), m(`order.${view.order}`, null, view.order),
        view.order === "combat_first" ? h("span", { class: "muted" }, ` — ${m("panel.order_combat_first", null, "")}`) : null,
        view.order === "move_first" ? h("span", { class: "muted" }, ` — ${m("panel.order_move_first", null, "")}`) : null);
    }
  }

  function paintMipp(view) {
    const d = mippTrack(view.mipp, view.mipp_limit);
    const state = d.over ? "over" : d.near ? "near" : "ok";
    fill(el.mipp,
      h("div", { class: "bti-mipp-head" }, h("b", {}, m("panel.mipp", null, "MIPP")), " ",
        h("span", { class: `bti-mipp-value ${state}`, "data-testid": "mipp-value" }, d.limit ? `${d.value} / ${d.limit}` : String(d.value))),
      h("div", { class: `bti-bar ${state}`, role: "meter", "aria-valuemin": 0, "aria-valuemax": d.max, "aria-valuenow": d.value,
        "aria-label": m("panel.mipp", null, "MIPP") },
      h("span", { class: "bti-bar-fill", style: `width: ${d.pct.toFixed(1)}%` }),
      d.limitPct !== null ? h("span", { class: "bti-bar-limit", style: `left: ${d.limitPct.toFixed(1)}%`, title: m("panel.mipp_limit", { limit: d.limit }, "") }) : null),
      d.limit ? h("p", { class: "muted bti-mipp-note" }, m("panel.mipp_limit", { limit: d.limit }, "")) : null);
  }

  function paintTrack(view) {
    const data = turnTrack(view);
    const mark = m("panel.regroup_mark", null, "R");
    fill(el.track, data.length ? h("ol", { class: "track turns bti-turns", "data-testid": "turn-track", "aria-label": m("panel.turn_track", null, "Turn track") },
      ...data.map((d) => h("li", {
        class: ["track-turn", d.current ? "current" : "", d.past ? "past" : "", d.regroup ? "regroup" : ""].filter(Boolean).join(" "),
        "data-turn": d.n, "aria-current": d.current ? "step" : undefined,
        title: d.regroup ? m("panel.regroup_at", { n: d.n }, "") : undefined,
      }, h("span", { class: "n" }, String(d.n)), d.regroup ? h("span", { class: "bti-regroup-mark", "data-testid": "regroup-marker" }, mark) : null))) : null);
    const r = view.regroup ?? {};
    const parts = [];
    if (Number.isFinite(r.marker)) {
      parts.push(r.marker > (view.turns ?? Infinity) ? m("panel.regroup_off", null, "") : m("panel.regroup_at", { n: r.marker }, `Regroup marker: turn ${r.marker}`));
    }
    if (r.now) parts.push(h("b", { class: "bti-regroup-now", "data-testid": "regroup-now" }, m("panel.regroup_now", { kind: { key: `regroup.${r.now}` } }, String(r.now))));
    el.regroup.hidden = parts.length === 0;
    fill(el.regroup, ...parts.flatMap((p, i) => (i ? [" · ", p] : [p])));
  }

  function paintVictory(view) {
    const d = victoryRows(view, places);
    el.victory.hidden = !d;
    if (!d) return fill(el.victory);
    fill(el.victory,
      h("h3", {}, m("panel.victory", null, "Coalition victory"), " ",
        h("span", { class: `bti-met ${d.met ? "yes" : "no"}`, "data-testid": "victory-met" }, m(d.met ? "panel.victory_met" : "panel.victory_not_met", null, d.met ? "✓" : "…"))),
      h("ul", { class: "bti-victory-rows" }, ...d.rows.map((r) => h("li", { class: r.ok ? "ok" : "", "data-row": r.key },
        h("span", { class: "bti-tick", "aria-hidden": "true" }, r.ok ? "✓" : "·"), " ",
        r.key === "mipp_below" ? m("panel.mipp_below", { limit: r.need }, "")
          : r.key === "kuwait" ? m("panel.kuwait", null, "Kuwait City")
            : h("span", {}, `${m(`panel.${r.key}`, null, r.key)}: `, h("b", {}, `${r.have}`), r.need !== null ? ` / ${r.need}` : "")))));
  }

  function paintAttack(view) {
    const a = view.attack;
    const task = view.task;
    const choices = ctx.interactive === false ? [] : (view.actions ?? []).filter((x) => TASK_BUTTONS.has(x.type));
    const show = (a && a.current) || task;
    el.attack.hidden = !show;
    if (!show) return fill(el.attack);
    const cand = a?.current ? (a.candidates ?? []).find((c) => c.at === a.current) : null;
    fill(el.attack,
      a?.current ? h("h3", {}, m("panel.attack", { hex: placeName(a.current) }, `Attack on ${a.current}`)) : null,
      cand ? h("p", { class: "bti-attackers" }, (cand.attackers ?? []).map((r) => unitName(view, r)).join(", ")) : null,
      task ? h("p", { class: "bti-task", "data-testid": "task" }, m("panel.task", { step: { key: `step.${task.kind}` }, side: { key: `side.${task.side}` } }, task.kind),
        task.at ? ` — ${placeName(task.at)}` : "") : null,
      choices.length ? h("div", { class: "bti-task-actions", "data-testid": "task-actions" }, ...choices.map(button)) : null);
  }

  const markerName = (kind) => m(`marker.${kind}`, null, String(kind));

  /** §G1: the markers by what the viewer knows of them: face up, his own face down (Islamic), unknown. */
  function paintTargets(view) {
    const d = targetRows(view.targets);
    el.targets.hidden = !d;
    if (!d) return fill(el.targets);
    const row = (t) => h("li", { "data-target": t.id, class: `face-${t.face}` }, `${t.id} · ${placeName(t.hex)}`,
      t.kind ? [": ", h("b", {}, markerName(t.kind))] : "", t.risen ? ` (${m("panel.targets_risen", null, "risen")})` : "",
      t.face === "down" && t.kind ? h("span", { class: "muted" }, ` (${m("panel.targets_down", null, "face down")})`) : null);
    fill(el.targets, h("h3", {}, m("panel.targets", null, "Strategic targets")),
      d.cup ? h("p", { class: "muted" }, m("panel.targets_cup", { n: d.cup }, `${d.cup}`)) : null,
      d.shown.length ? h("ul", { class: "bti-target-rows" }, ...d.shown.map(row)) : null,
      d.hidden ? h("p", {}, `${m("panel.targets_down", null, "face down")}: `, h("b", { "data-testid": "targets-hidden" }, String(d.hidden))) : null,
      d.removed.length ? h("p", { class: "muted" }, `${m("panel.targets_removed", null, "removed")}: `,
        d.removed.map((t) => (t.kind ? markerName(t.kind) : "?")).join(", ")) : null,
      d.israel ? h("p", { class: "bti-israel" }, m("panel.israel", { turn: d.israel }, `Israel: turn ${d.israel}`)) : null);
  }

  /** §G2: the air-strike pool of the sub-phase: the turn's strikes, the Israeli ones, what is placed and left. */
  function paintAir(view) {
    const d = airPool(view.air);
    el.air.hidden = !d;
    if (!d) return fill(el.air);
    const kind = (k) => m(`air.${k}`, null, k);
    fill(el.air, h("h3", {}, m("panel.air_pool", { n: d.total }, `Air strikes: ${d.total}`)),
      d.left.length ? h("p", {}, `${m("panel.air_left", null, "Left")}: `, d.left.map(([k, n]) => `${kind(k)} ${n}`).join(", ")) : null,
      d.placed.length ? h("ul", { class: "bti-target-rows" }, ...d.placed.map((p) => h("li", { "data-hex": p.at },
        `${placeName(p.at)}: ${p.counters.map(([k, n]) => `${kind(k)} ×${n}`).join(", ")}`))) : null);
  }

  function paintStacking(view) {
    const list = view.stacking ?? [];
    el.stacking.hidden = list.length === 0;
    if (!list.length) return fill(el.stacking);
    fill(el.stacking, h("h3", {}, m("panel.stacking", null, "Overstacked")),
      h("ul", {}, ...list.map((p) => h("li", { "data-hex": p.hex }, placeName(p.hex), " ", h("span", { class: "muted" }, `(${ctx.roleName(p.side)})`)))));
  }

  let lastTargets = [];

  function update(view) {
    lastTargets = view.targets?.markers ?? [];
    paintHeader(view);
    paintAttack(view);
    paintStacking(view);
    paintMipp(view);
    paintVictory(view);
    paintTargets(view);
    paintAir(view);
    paintTrack(view);
    const lost = view.lost_sources ?? [];
    el.sources.hidden = lost.length === 0;
    fill(el.sources, lost.length ? [h("b", {}, `${m("panel.lost_sources", null, "Supply sources lost")}: `), lost.map(placeName).join(", ")] : []);
    el.air.hidden = !view.air_supply;
    fill(el.air, view.air_supply ? `✈ ${m("panel.air_supply", { hex: placeName(view.air_supply) }, String(view.air_supply))}` : "");
    const elim = (view.counters ?? []).filter((c) => c.status === "eliminated").map((c) => ctx.counterInfo(c));
    el.elimTitle.textContent = `${m("panel.eliminated", null, "Eliminated")} (${elim.length})`;
    elimTray.update(elim, getLang());
    elimBox.hidden = elim.length === 0;
  }

  return {
    update,
    claims: () => false,
    // the tray: the placing side's units to place (a free set-up, Al Qaeda, Al Nida) and the Israeli division that
    // may come (§G5.2)
    offMap: (c, view) => (c.status === "setup" && c.side === view.player) || c.status === "available",
    // §G1: a marker named in an action (reveal, Scud) by its id, hex and, when the viewer knows it, its kind
    actionArgs: (a) => {
      if (a.target === undefined) return {};
      const t = lastTargets.find((x) => x.id === a.target);
      return { target: t ? `${t.id} (${placeName(t.hex)}${t.kind ? `, ${markerName(t.kind)}` : ""})` : String(a.target) };
    },
    resultTitle: (code) => m(`result.${code}`, null, code),
    resultOrder: () => RESULT_ORDER,
    counterMarks: (view) => ({
      attacking: view.attack?.current ? (view.attack.candidates ?? []).find((c) => c.at === view.attack.current)?.attackers ?? [] : [],
      moving: view.mover ? [view.mover].flat().filter((x) => typeof x === "string") : [],
    }),
    mapLabels,
  };
}
