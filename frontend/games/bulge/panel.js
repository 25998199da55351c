// The Battle of the Bulge side panel: turn, date, player and phase; victory points against this
// turn's thresholds; air support markers left; the combat being resolved; the cities the Germans
// hold; the stacks over the limits while the player moves (§6.2-§6.3: view.stacking); the turn track
// (dates, air turns, thresholds, reinforcements to come) and eliminated units.
// It shows the view; it decides nothing, and every field it reads is optional.
//
// It also tells the board how Bulge actions are played on the map (see board.js):
// - declare{unit, at}: attackers are chosen together (click each, then the target hex);
// - undeclare{unit, at} and pursue{unit, to}: one click on the unit;
// - resultTitle(code): what a CRT result does, from the static tables.

import { h, fill } from "../../common/dom.js";
import { getLang, hasKey, t } from "../../common/i18n.js";
import { CounterTray } from "../../common/counters.js";
import { turnTrackData, vpTrackData, turnTrackEl, vpTrackEl, shortDate } from "./tracks.js";
import { oddsLabels } from "../../common/odds.js";

export const WORDS = {
  en: {
    eliminated: "Eliminated", air: "Air support markers left", turn: "Turn", combat: "Combat in {hex}",
    result: "Result", against: "against", todo: "Now: {task} ({side})", held: "Cities held by the Germans",
    none: "none", reinforcements: "Reinforcements to come", defender: "defender", attacker: "attacker",
    steps: "−{n} step(s)", retreat: "retreat {n}", option: "option retreat", aopt: "attacker chooses equal losses",
    elim: "all eliminated", nothing: "no effect", mover: "Moving: {units} ({mode})",
    "task.losses": "losses", "task.retreat": "retreat", "task.retreats": "retreats", "task.pursuit": "pursuit",
    "task.option": "option retreat", "task.fortress": "fortress city", "task.aopt": "Aopt", "task.stacking": "stacking",
    "mode.combat": "combat movement", "mode.strategic": "strategic movement",
    stacking: "Stacks over the limits (put them right by the end of the phase)",
  },
  ja: {
    eliminated: "除去", air: "残り空軍支援マーカー", turn: "ターン", combat: "{hex}の戦闘",
    result: "結果", against: "対", todo: "処理中:{task}({side})", held: "ドイツ軍占領下の都市",
    none: "なし", reinforcements: "今後の増援", defender: "防御側", attacker: "攻撃側",
    steps: "{n}ステップ損失", retreat: "{n}ヘクス退却", option: "オプション・リトリート可", aopt: "攻撃側が同数損失を選択",
    elim: "全滅", nothing: "効果なし", mover: "移動中:{units}({mode})",
    "task.losses": "損害", "task.retreat": "退却", "task.retreats": "退却", "task.pursuit": "追撃",
    "task.option": "オプション・リトリート", "task.fortress": "要塞都市", "task.aopt": "Aopt", "task.stacking": "スタック制限",
    "mode.combat": "戦術移動", "mode.strategic": "戦略移動",
    stacking: "スタック制限違反(フェイズ終了までに解消すること)",
  },
};
const w = (key, args = {}) => (WORDS[getLang()]?.[key] ?? WORDS.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => args[k] ?? "");

/**
 * view.air (§10: {fb_left, support, interdiction, supply}) as the FB markers left, "left/total" with this
 * turn's `fb_markers` from tables.turns; null when the turn is no air turn (the server sends 0 then).
 */
export function airText(air, turn = {}) {
  const left = air?.fb_left;
  if (!Number.isInteger(left) || (!left && !turn?.air)) return null;
  return turn?.fb_markers ? `${left}/${turn.fb_markers}` : String(left);
}

/** view.thresholds {n: {german, allied}} in the track's words {n: {german_win, allied_win}}. */
export function thresholdsOf(view) {
  const out = {};
  for (const [n, th] of Object.entries(view?.thresholds ?? {})) {
    out[n] = { german_win: th?.german_win ?? th?.german ?? null, allied_win: th?.allied_win ?? th?.allied ?? null };
  }
  return out;
}

/** What a CRT result does, from tables.crt.results[code] (defender first), in the reader's words. */
export function resultText(code, tables, lang = getLang()) {
  const r = tables?.crt?.results?.[code];
  if (!r) return "";
  const say = (key, args) => (WORDS[lang]?.[key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, k) => args?.[k] ?? "");
  if (r.attacker_choice || r.attacker_chooses) return say("aopt");
  const side = (who, steps, retreat) => {
    const bits = [];
    if (steps === "all") bits.push(say("elim"));
    else if (steps) bits.push(say("steps", { n: steps }));
    if (retreat) bits.push(say("retreat", { n: retreat }));
    return bits.length ? `${say(who)}: ${bits.join(", ")}` : "";
  };
  const parts = [side("defender", r.defender_eliminated ? "all" : r.defender_steps, r.defender_retreat),
    side("attacker", r.attacker_steps, r.attacker_retreat)].filter(Boolean);
  if (r.option_retreat) parts.push(say("option"));
  return parts.join("; ") || say("nothing");
}

/** Reinforcement refs of one turn, grouped by side with repeats counted: {side: [[name, n]]}. */
export function groupReinforcements(refs, sideOf, nameOf) {
  const out = {};
  for (const ref of refs ?? []) {
    const side = sideOf(ref) ?? "?";
    const list = (out[side] ??= []);
    const name = nameOf(ref);
    const row = list.find((x) => x[0] === name);
    if (row) row[1] += 1;
    else list.push([name, 1]);
  }
  return out;
}

const TASK_BUTTONS = new Set(["lose_step", "pursue", "remove"]);
const ONE_CLICK = new Set(["undeclare", "pursue", "lose_step", "remove"]);

export function createPanel(container, ctx) {
  const statics = ctx.statics ?? {};
  const el = {
    turn: h("p", { class: "bg-turn", "data-testid": "turn-info" }),
    phase: h("p", { class: "bg-phase", "data-testid": "phase" }),
    mover: h("p", { class: "bg-mover", "data-testid": "mover", hidden: true }),
    stacking: h("div", { class: "bg-box bg-stacking", "data-testid": "stacking", hidden: true }),
    air: h("p", { class: "bg-air", "data-testid": "air", hidden: true }),
    combat: h("div", { class: "bg-box bg-combat", "data-testid": "combat", hidden: true }),
    vp: h("div", { class: "bg-vp" }),
    held: h("p", { class: "bg-held", "data-testid": "occupied-cities" }),
    track: h("div", { class: "bg-track" }),
    reinf: h("details", { class: "bg-reinf", "data-testid": "reinforcements-box" }),
    elimTitle: h("h3", {}),
    elim: h("div", { class: "tray-row" }),
  };
  const elimBox = h("div", { class: "bg-box", hidden: true }, el.elimTitle, el.elim);
  container.append(h("section", { class: "bulge-panel game-panel-box" }, el.turn, el.phase, el.mover, el.stacking, el.combat, el.vp, el.air,
    el.held, el.track, el.reinf, elimBox));
  const elimTray = new CounterTray(el.elim, { size: 36, sideName: ctx.roleName });

  const msgIf = (key, fallback) => (hasKey(statics.messages, key) ? ctx.msg({ key }) : fallback);
  const localised = (v) => (v && typeof v === "object" ? v[getLang()] ?? v.en ?? "" : v ?? "");

  const counterOf = (view, ref) => (view.counters ?? []).find((x) => x.ref === ref || x.id === ref);
  const unitName = (view) => (u) => {
    if (u && typeof u === "object") return String(u.designation ?? localised(u.name) ?? u.ref ?? "?");
    const c = counterOf(view, u);
    const st = statics.counters?.[c?.id ?? u];
    const des = c?.designation ?? st?.designation;
    if (des) return localised(des) || String(des);
    return String(u);
  };
  const names = (view, refs) => (refs ?? []).map(unitName(view)).join(", ");

  function paintCombat(view) {
    const c = view.combat;
    el.combat.hidden = !c;
    if (!c) return fill(el.combat);
    const task = c.task;
    const code = c.result;
    // The unit choices of the task (losses, pursuit, removals) as buttons too, not only on the map.
    const choices = ctx.interactive === false ? [] : (view.actions ?? []).filter((a) => TASK_BUTTONS.has(a.type));
    fill(el.combat,
      h("h3", {}, w("combat", { hex: c.at })),
      h("p", { class: "bg-combat-units" }, names(view, c.attackers), h("i", {}, ` ${w("against")} `), names(view, c.defenders)),
      code ? h("p", { class: "bg-combat-result", "data-testid": "combat-result" }, `${w("result")}: `, h("b", {}, String(code)),
        resultText(code, statics.tables) ? h("span", { class: "muted" }, ` — ${resultText(code, statics.tables)}`) : null) : null,
      task ? h("p", { class: "bg-combat-task" }, w("todo", { task: w(`task.${task.kind}`), side: ctx.roleName(task.side) })) : null,
      choices.length ? h("div", { class: "bg-task-actions", "data-testid": "task-actions" }, ...choices.map((a) =>
        h("button", { type: "button", class: "action", "data-action-type": a.type, "data-unit": a.unit, onclick: () => ctx.send(a) },
          ctx.actionLabel ? ctx.actionLabel(a) : `${a.type} ${a.unit}`))) : null);
  }

  // §6.2-§6.3: each hex whose stack breaks a limit now, and the limit (the server's stacking.<problem> words);
  // at the end of the phase, the units its owner may remove from it, as buttons.
  function paintStacking(view) {
    const list = view.stacking ?? [];
    el.stacking.hidden = list.length === 0;
    if (!list.length) return fill(el.stacking);
    const places = statics.board?.places ?? {};
    const removals = ctx.interactive === false ? [] : (view.actions ?? []).filter((a) => a.type === "remove");
    fill(el.stacking, h("h3", {}, w("stacking")), h("ul", {}, ...list.map((p) => {
      const here = removals.filter((a) => counterOf(view, a.unit)?.hex === p.hex);
      return h("li", { "data-hex": p.hex },
        h("b", {}, places[p.hex] ? `${localised(places[p.hex].name)} (${p.hex})` : p.hex), ": ",
        msgIf(`stacking.${p.problem}`, String(p.problem)),
        here.length ? h("div", { class: "bg-task-actions", "data-testid": "stacking-actions" }, ...here.map((a) =>
          h("button", { type: "button", class: "action", "data-action-type": a.type, "data-unit": a.unit, onclick: () => ctx.send(a) },
            ctx.actionLabel ? ctx.actionLabel(a) : `${a.type} ${a.unit}`))) : null);
    })));
  }

  function paintReinforcements(view, data) {
    const open = el.reinf.open;
    const rows = data.filter((d) => !d.past && d.refs.length);
    if (!rows.length) return fill(el.reinf);
    const sideOf = (ref) => counterOf(view, ref)?.side ?? statics.counters?.[ref]?.side;
    const total = rows.reduce((n, d) => n + d.refs.length, 0);
    fill(el.reinf,
      h("summary", {}, `${w("reinforcements")} (${total})`),
      h("dl", { class: "track reinforcements", "data-testid": "reinforcements" }, ...rows.flatMap((d) => {
        const groups = groupReinforcements(d.refs, sideOf, unitName(view));
        return [h("dt", {}, `${w("turn")} ${d.n}`, d.date ? h("small", {}, ` ${shortDate(d.date, getLang())}`) : null),
          h("dd", {}, ...Object.entries(groups).map(([side, list]) => h("span", { class: `reinf-side side-${side}` },
            h("b", {}, `${ctx.roleName(side)}: `), list.map(([n, k]) => (k > 1 ? `${n} ×${k}` : n)).join(", "))))];
      })));
    el.reinf.open = open;
  }

  function update(view) {
    const lang = getLang();
    const info = { ...(statics.tables?.turns ?? {}) };
    const th = thresholdsOf(view);
    for (const [n, x] of Object.entries(th)) info[n] = { ...(info[n] ?? {}), ...x };
    const track = { ...statics, turns: info };
    const tview = { ...view, thresholds: th };
    const date = view.date ?? info[String(view.turn)]?.date;

    el.turn.textContent = [view.turn !== undefined ? `${w("turn")} ${view.turn}${Number.isInteger(view.turns) ? `/${view.turns}` : ""}` : "",
      date ? shortDate(date, lang) : ""].filter(Boolean).join(" · ");
    const phase = view.phase ? msgIf(`phase.${view.phase}`, String(view.phase).replace(/_/g, " ")) : "";
    const step = view.step && view.step !== "end" && view.step !== "over" ? msgIf(`step.${view.step}`, String(view.step)) : "";
    fill(el.phase, view.player ? h("span", { class: `bg-player side-${view.player}` }, ctx.roleName(view.player)) : null,
      phase ? ` · ${phase}` : "", step ? h("span", { class: "muted" }, ` (${step})`) : null);

    const mover = view.mover;
    el.mover.hidden = !mover?.units?.length;
    if (!el.mover.hidden) el.mover.textContent = w("mover", { units: names(view, mover.units), mode: w(`mode.${mover.mode ?? "combat"}`) });

    const air = airText(view.air, info[String(view.turn)]);
    el.air.hidden = air === null;
    if (air !== null) el.air.textContent = `✈ ${w("air")}: ${air}`;

    paintStacking(view);
    paintCombat(view);
    fill(el.vp, vpTrackEl(vpTrackData(tview, track)));

    const places = statics.board?.places ?? {};
    const held = Object.entries(view.occupied ?? {}).filter(([hex, side]) => side === "german" && places[hex])
      .map(([hex]) => localised(places[hex].name) || hex);
    el.held.hidden = !view.occupied;
    fill(el.held, h("b", {}, `${w("held")}: `), held.length ? held.join(", ") : w("none"));

    const data = turnTrackData(tview, track, unitName(view));
    const reinf = view.reinforcements ?? {};
    for (const d of data) d.refs = reinf[String(d.n)] ?? [];
    fill(el.track, data.length ? turnTrackEl(data, { lang }) : null);
    paintReinforcements(view, data);

    const counters = (view.counters ?? []).map((c) => ctx.counterInfo(c));
    const elim = counters.filter((c) => c.status === "eliminated");
    el.elimTitle.textContent = `${w("eliminated")} (${elim.length})`;
    elimTray.update(elim, lang);
    elimBox.hidden = elim.length === 0;
  }

  return {
    update,
    claims: () => false,
    oneClick: (a) => ONE_CLICK.has(a.type),
    multi: (a) => a.type === "declare",
    resultTitle: (code) => resultText(code, statics.tables),
    resultOrder: () => Object.keys(statics.tables?.crt?.results ?? {}),
    counterMarks: (view) => ({
      attacking: view.combat?.attackers ?? view.attack?.attackers ?? [],
      defending: view.combat?.defenders ?? [],
      moving: view.mover?.units ?? [],
    }),
    mapLabels: (view) => oddsLabels(view),
  };
}
