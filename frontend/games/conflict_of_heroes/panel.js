// The Conflict of Heroes side panel: the firefight's name, the turn and its scoring turns, whose action or
// reaction it is, the activated unit and its AP left, each side's CAP and VP, the victory hexes held, the
// fire being rolled, and the buttons the actions offer: pass, end activation, decline a reaction, and the
// facing after a move (arrows). Fire targets are labelled on the map with the number needed and the
// chance of one and two hits (the fire action's `cost.odds`). It shows the view; it decides nothing.

import { h, fill } from "../../common/dom.js";
import { getLang } from "../../common/i18n.js";
import { mapPlugin } from "./map.js";

export const WORDS = {
  en: {
    turn: "Turn", scoring: "Scoring turns", acting: "{side}'s action", reacting: "{side}'s reaction",
    declaring: "Initiative: {side} declares CAP", facing: "{side} chooses a facing", rolling: "{side} rolls the fire",
    activated: "Activated", ap: "AP left", none: "—", cap: "CAP", vp: "VP", side: "Side", hexes: "Victory hexes",
    pass: "Pass", end_activation: "End activation", decline: "Decline (no reaction)", face: "Facing",
    fire: "Fire at {at}", needed: "needs {n}+", hits: "1 hit {one} · 2 hits {two}", track: "Turn track",
    over: "The firefight is over", destroyed: "Destroyed", hits_title: "Hit counters",
    pivot_any: "Pivot a unit ({n})", pivot_other: "Pivot another unit: opportunity or command action ({n})",
  },
  ja: {
    turn: "ターン", scoring: "得点ターン", acting: "{side}のアクション", reacting: "{side}のリアクション",
    declaring: "イニシアチブ:{side}がCAPを宣言", facing: "{side}が向きを選ぶ", rolling: "{side}が射撃を判定",
    activated: "活性化ユニット", ap: "残りAP", none: "—", cap: "CAP", vp: "VP", side: "陣営", hexes: "勝利ヘクス",
    pass: "パス", end_activation: "活性化を終える", decline: "リアクションしない", face: "向き",
    fire: "{at}への射撃", needed: "{n}以上", hits: "命中1 {one} · 命中2 {two}", track: "ターン記録トラック",
    over: "ファイアファイト終了", destroyed: "除去", hits_title: "命中カウンター",
    pivot_any: "ユニットを旋回({n})", pivot_other: "他のユニットを旋回:機会アクションまたはコマンドアクション({n})",
  },
};
const w = (key, args = {}) => (WORDS[getLang()]?.[key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, k) => args[k] ?? "");

/** An action's cost as words: "2 AP", "1 CAP", "free". */
export function costText(cost) {
  const parts = [];
  if (cost?.ap) parts.push(`${cost.ap} AP`);
  if (cost?.cap) parts.push(`${cost.cap} CAP`);
  return parts.join(" + ") || (getLang() === "ja" ? "無料" : "free");
}

/** The pivots offered, one row per unit and mode (the activated unit's first): [{unit, mode, actions}]. */
export function pivotGroups(actions) {
  const rows = new Map();
  for (const a of actions) {
    if (a.type !== "pivot") continue;
    const key = `${a.unit}|${a.mode}`;
    if (!rows.has(key)) rows.set(key, { unit: a.unit, mode: a.mode, actions: [] });
    rows.get(key).actions.push(a);
  }
  const first = (r) => (r.mode === "activate" || r.mode === "active" ? 0 : 1);
  return [...rows.values()].sort((a, b) => first(a) - first(b));
}

/** The actions the panel shows as its own buttons. */
const BUTTONS = ["pass", "end_activation", "decline"];
const ARROW = { N: "↑", NE: "↗", SE: "↘", S: "↓", SW: "↙", NW: "↖" };
const pct = (p) => `${Math.round((p ?? 0) * 100)}%`;

/** Who is deciding: the period's player acts; in a reaction step it is the other side (§3.1). */
export function decider(view) {
  const p = view.period?.player ?? null;
  if (!p) return null;
  if (view.step === "reaction") return p === "german" ? "soviet" : "german";
  return p;
}

/** The best odds of a fire action (the target unit easiest to hit): {needed, one_hit, two_hits} or null. */
export function bestOdds(action) {
  const odds = action?.cost?.odds ?? [];
  return odds.reduce((best, o) => (!best || o.needed < best.needed ? o : best), null);
}

/** The map labels of the fire targets: "8+ 42%/8%" on each hex a fire action names (the activated unit's first). */
export function fireLabels(actions) {
  const out = {};
  const fires = actions.filter((a) => a.type === "fire" && typeof a.at === "string");
  fires.sort((a, b) => (a.mode === "activate" || a.mode === "active" ? 0 : 1) - (b.mode === "activate" || b.mode === "active" ? 0 : 1));
  for (const a of fires) {
    if (out[a.at]) continue;
    const o = bestOdds(a);
    if (o) out[a.at] = `${o.needed}+ ${pct(o.one_hit)}/${pct(o.two_hits)}`;
  }
  return out;
}

export function createPanel(container, ctx) {
  mapPlugin.units = ctx.statics.units ?? {};
  mapPlugin.send = ctx.interactive ? (a) => ctx.send(a) : null;
  mapPlugin.label = (a) => ctx.actionLabel(a);
  const el = {
    name: h("h3", { class: "coh-firefight", "data-testid": "firefight" }),
    turn: h("p", { class: "coh-turn", "data-testid": "coh-turn" }),
    track: h("ol", { class: "sh-track coh-track", "data-testid": "turn-track", "aria-label": w("track") }),
    whose: h("p", { class: "coh-whose", "data-testid": "coh-whose" }),
    unit: h("p", { class: "coh-unit", "data-testid": "coh-activated" }),
    sides: h("table", { class: "coh-sides", "data-testid": "coh-sides" }),
    fire: h("p", { class: "coh-fire", "data-testid": "coh-fire", hidden: true }),
    destroyed: h("p", { class: "coh-destroyed", "data-testid": "coh-destroyed", hidden: true }),
    hits: h("p", { class: "coh-hits", "data-testid": "coh-hits", hidden: true }),
    buttons: h("div", { class: "coh-buttons action-buttons", "data-testid": "coh-buttons" }),
    pivots: h("div", { class: "coh-pivots", "data-testid": "coh-pivots", hidden: true }),
    pivotMain: h("div", { class: "coh-pivot-main" }),
    pivotSummary: h("summary", {}),
    pivotRows: h("div", { class: "coh-pivot-rows" }),
  };
  el.pivotMore = h("details", { class: "coh-pivot-more", "data-testid": "coh-pivot-more" }, el.pivotSummary, el.pivotRows);
  el.pivots.append(el.pivotMain, el.pivotMore);
  container.append(h("section", { class: "coh-panel" }, el.name, el.turn, el.track, el.whose, el.unit, el.buttons, el.pivots, el.fire, el.sides, el.hits, el.destroyed));

  /** A hit counter's name from the catalogue (counter.infantry.<id>, else counter.vehicle.<id>). */
  const hitName = (u) => {
    const messages = ctx.statics.messages ?? {};
    const key = [`counter.infantry.${u.counter}`, `counter.vehicle.${u.counter}`, `counter.${u.counter}`].find((k) => messages.en?.[k] !== undefined);
    return key ? ctx.msg({ key }) : String(u.counter);
  };
  const unitName = (view, id) => {
    const u = (view.units ?? []).find((x) => x.id === id);
    return u ? ctx.msg(u.name) : String(id);
  };

  function update(view) {
    el.name.textContent = ctx.msg({ key: `firefight.${view.firefight}` });
    const scoring = new Set(view.scoring_turns ?? []);
    el.turn.textContent = `${w("turn")} ${view.turn}/${view.turns} · ${w("scoring")}: ${[...scoring].join(", ") || w("none")}`;
    const items = [];
    for (let n = 1; n <= (view.turns ?? 0); n++) {
      items.push(h("li", { class: ["sh-turn", n === view.turn ? "current" : "", n < view.turn ? "past" : "", scoring.has(n) ? "scoring" : ""].filter(Boolean).join(" "),
        "aria-current": n === view.turn ? "step" : undefined }, h("span", { class: "n" }, String(n)), scoring.has(n) ? h("span", { class: "vp-mark" }, "★") : null));
    }
    fill(el.track, ...items);

    const who = decider(view);
    const key = { act: "acting", reaction: "reacting", declare: "declaring", face: "facing", roll: "rolling" }[view.step];
    el.whose.textContent = view.step === null ? w("over") : key && who ? w(key, { side: ctx.roleName(who) }) : "";
    el.whose.className = `coh-whose${who ? ` side-${who}` : ""}`;

    const active = (view.units ?? []).find((u) => u.activated);
    el.unit.textContent = active ? `${w("activated")}: ${ctx.msg(active.name)} · ${w("ap")} ${active.ap ?? view.period?.ap ?? "?"}` : `${w("activated")}: ${w("none")}`;

    const held = (side) => Object.entries(view.control ?? {}).filter(([, s]) => s === side).map(([hx]) => hx);
    const sides = Object.keys(view.cap ?? {});
    fill(el.sides,
      h("thead", {}, h("tr", {}, h("th", {}, w("side")), h("th", {}, w("cap")), h("th", {}, w("vp")), h("th", {}, w("hexes")))),
      h("tbody", {}, ...sides.map((side) => h("tr", { class: `side-${side}`, "data-side": side },
        h("th", {}, ctx.roleName(side)), h("td", { "data-testid": `cap-${side}` }, String(view.cap[side])),
        h("td", { "data-testid": `vp-${side}` }, String(view.vp?.[side] ?? 0)), h("td", {}, held(side).join(" ") || w("none"))))));

    if (view.fire) {
      el.fire.hidden = false;
      el.fire.textContent = `${unitName(view, view.fire.firer)} → ${view.fire.at}: ${view.fire.left.map((id) => unitName(view, id)).join(", ")}`;
    } else el.fire.hidden = true;

    const hit = (view.units ?? []).filter((u) => u.counter && u.status === "map");
    el.hits.hidden = hit.length === 0;
    el.hits.textContent = hit.length ? `${w("hits_title")}: ${hit.map((u) => `${ctx.msg(u.name)} ${hitName(u)}`).join(", ")}` : "";
    const lost = (view.units ?? []).filter((u) => u.status === "destroyed");
    el.destroyed.hidden = lost.length === 0;
    el.destroyed.textContent = lost.length ? `${w("destroyed")}: ${lost.map((u) => `${ctx.roleName(u.side)} ${ctx.msg(u.name)}`).join(", ")}` : "";

    const actions = ctx.interactive ? view.actions ?? [] : [];
    const faces = actions.filter((a) => a.type === "face");
    const pivots = pivotGroups(actions);
    const row = ({ unit, mode, actions: group }) => h("div", { class: "coh-pivot-row", "data-unit": unit, "data-mode": mode },
      h("span", { class: "coh-pivot-who" }, `${unitName(view, unit)} · ${ctx.msg({ key: `mode.${mode}` })} · ${costText(group[0].cost)}`),
      h("span", { class: "coh-pivot-arrows" }, ...group.map((a) => h("button", { type: "button", class: "action coh-pivot", "data-action-type": "pivot",
        "data-facing": a.facing, "data-unit": a.unit, title: ctx.actionLabel(a), "aria-label": ctx.actionLabel(a), onclick: () => ctx.send(a) },
      `${ARROW[a.facing] ?? ""} ${a.facing}`))));
    // the activated unit's pivots at hand; the other units' (an activation, opportunity or command action) folded
    const activeId = (view.units ?? []).find((u) => u.activated)?.id;
    const mine = pivots.filter((p) => p.unit === activeId), others = pivots.filter((p) => p.unit !== activeId);
    fill(el.pivotMain, ...mine.map(row));
    el.pivotSummary.textContent = w(mine.length ? "pivot_other" : "pivot_any", { n: others.length });
    fill(el.pivotRows, ...others.map(row));
    el.pivotMore.hidden = others.length === 0;
    el.pivots.hidden = pivots.length === 0;
    fill(el.buttons,
      ...faces.map((a) => h("button", { type: "button", class: "action coh-face", "data-action-type": "face", "data-facing": a.facing,
        title: ctx.msg({ key: `facing.${a.facing}` }), "aria-label": `${w("face")}: ${ctx.msg({ key: `facing.${a.facing}` })}`, onclick: () => ctx.send(a) },
      `${ARROW[a.facing] ?? ""} ${a.facing}`)),
      ...actions.filter((a) => BUTTONS.includes(a.type)).map((a) => h("button", { type: "button", class: "action", "data-action-type": a.type,
        "data-testid": `coh-${a.type}`, onclick: () => ctx.send(a) }, w(a.type))));
  }

  return {
    update,
    /** Pass, end activation, decline and the facings are this panel's buttons. */
    claims: (a) => BUTTONS.includes(a.type) || a.type === "face" || a.type === "pivot",
    /** The cost of an action in words, for its label. */
    actionArgs: (a) => (a.cost ? { cost: costText(a.cost) } : {}),
    /** The fire targets, labelled with the number needed and the chance of one and two hits. */
    mapLabels: (view) => fireLabels(view.actions ?? []),
  };
}
