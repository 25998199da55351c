// The Shimada side panel: turn track, night or dawn, the Japanese dawn turn (only when the view
// has it), points, Slim, eliminated and exited counters, the attack being built and the
// dawn-turn choice. It shows the view; it decides nothing.

import { h, fill } from "../../common/dom.js";
import { getLang, hasKey } from "../../common/i18n.js";
import { CounterTray } from "../../common/counters.js";

export const WORDS = {
  en: {
    turn: "Turn", night: "Night", dawn: "Dawn", dawn_turn: "Dawn breaks at the start of turn {n} (your secret).",
    dawn_turn_public: "Dawn broke at the start of turn {n}.", points: "Points", slim: "Slim entered",
    dawn_turn_theirs: "Dawn breaks at the start of turn {n} (the Japanese player's secret).",
    dawn_turn_unreached: "Dawn would have broken at the start of turn {n}.",
    eliminated: "Eliminated", exited: "Exited the map", unknown: "Eliminated while disrupted (unidentified)",
    attack: "Attack being built", attackers: "Attackers", odds: "Odds", none: "—",
    choose_dawn: "Choose the turn at whose start dawn breaks", phase: "{side}: {step}", track: "Turn track",
  },
  ja: {
    turn: "ターン", night: "夜", dawn: "夜明け", dawn_turn: "第{n}ターン開始時に夜が明けます(秘密)。",
    dawn_turn_public: "第{n}ターン開始時に夜が明けました。", points: "得点", slim: "スリム進入",
    dawn_turn_theirs: "第{n}ターン開始時に夜が明けます(日本軍プレイヤーの秘密)。",
    dawn_turn_unreached: "第{n}ターン開始時に夜が明けるはずでした。",
    eliminated: "除去", exited: "盤外へ退出", unknown: "混乱中に除去(正体不明)",
    attack: "編成中の攻撃", attackers: "攻撃ユニット", odds: "比率", none: "—",
    choose_dawn: "夜明けが来るターンを選んでください", phase: "{side}:{step}", track: "ターン記録トラック",
  },
};
const w = (key, args = {}) => (WORDS[getLang()]?.[key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, k) => args[k] ?? "");

/** A dawn-turn choice: an action naming a turn, offered in the dawn_choice step. */
const isDawnChoice = (a, view) => view?.step === "dawn_choice" && Number.isInteger(a.turn);

export function createPanel(container, ctx) {
  const el = {
    phase: h("p", { class: "sh-phase", "data-testid": "phase" }),
    sky: h("p", { class: "sh-sky", "data-testid": "sky" }),
    track: h("ol", { class: "sh-track", "data-testid": "turn-track", "aria-label": w("track") }),
    dawnTurn: h("p", { class: "sh-dawn-turn", "data-testid": "dawn-turn", hidden: true }),
    dawnChoice: h("div", { class: "sh-dawn-choice", "data-testid": "dawn-choice", hidden: true }),
    score: h("dl", { class: "sh-score", "data-testid": "points" }),
    attack: h("div", { class: "sh-attack", "data-testid": "attack", hidden: true }),
    elimTitle: h("h3", {}),
    elim: h("div", { class: "tray-row" }),
    exitTitle: h("h3", {}),
    exit: h("div", { class: "tray-row" }),
    unknown: h("p", { class: "sh-unknown" }),
  };
  const elimBox = h("div", { class: "sh-box", hidden: true }, el.elimTitle, el.elim, el.unknown);
  const exitBox = h("div", { class: "sh-box", hidden: true }, el.exitTitle, el.exit);
  container.append(h("section", { class: "shimada-panel" },
    el.phase, el.sky, el.track, el.dawnTurn, el.dawnChoice, el.score, el.attack, elimBox, exitBox));
  const trayOpts = { size: 36, sideName: ctx.roleName };
  const elimTray = new CounterTray(el.elim, trayOpts);
  const exitTray = new CounterTray(el.exit, trayOpts);
  let current = null;

  const stepName = (step) => {
    for (const key of [`step.${step}`, `shimada.step.${step}`]) {
      if (hasKey(ctx.statics.messages, key)) return ctx.msg({ key });
    }
    return String(step ?? "").replace(/_/g, " ");
  };

  function update(view, { role: reader = null } = {}) {
    current = view;
    const lang = getLang();
    const turns = view.turns ?? 6;
    el.phase.textContent = view.player
      ? `${w("turn")} ${view.turn}/${turns} · ${w("phase", { side: ctx.roleName(view.player), step: stepName(view.step) })}`
      : `${w("turn")} ${view.turn ?? "?"}/${turns} · ${stepName(view.step)}`;
    el.sky.textContent = view.dawn ? `☀ ${w("dawn")}` : `☾ ${w("night")}`;
    el.sky.className = `sh-sky ${view.dawn ? "is-dawn" : "is-night"}`;

    const items = [];
    for (let n = 1; n <= turns; n++) {
      const dawnHere = view.dawn_turn !== undefined && view.dawn_turn !== null && n >= view.dawn_turn;
      const cls = ["sh-turn", n === view.turn ? "current" : "", n < view.turn ? "past" : "", dawnHere ? "daylight" : "",
        n === view.dawn_turn ? "dawn-turn" : ""].filter(Boolean).join(" ");
      items.push(h("li", { class: cls, "aria-current": n === view.turn ? "step" : undefined },
        h("span", { class: "n" }, String(n)), n === view.dawn_turn ? h("span", { class: "sun", "aria-label": w("dawn") }, "☀") : null));
    }
    fill(el.track, ...items);

    const known = view.dawn_turn !== undefined && view.dawn_turn !== null;
    el.dawnTurn.hidden = !known;
    // Before dawn, a live match shows the dawn turn only to the Japanese player (§11): "your" secret.
    // Anyone else who reads it (a replay, a match over before dawn) is not that player.
    const secret = view.outcome ? "dawn_turn_unreached" : reader === "japanese" ? "dawn_turn" : "dawn_turn_theirs";
    if (known) el.dawnTurn.textContent = w(view.dawn ? "dawn_turn_public" : secret, { n: view.dawn_turn });

    const choices = ctx.interactive ? (view.actions ?? []).filter((a) => isDawnChoice(a, view)) : [];
    el.dawnChoice.hidden = choices.length === 0;
    fill(el.dawnChoice, h("p", {}, w("choose_dawn")), h("div", { class: "sh-dawn-buttons" }, ...choices.map((a) =>
      h("button", { type: "button", class: "action", "data-action-type": a.type, "data-turn": a.turn, onclick: () => ctx.send(a) }, `${w("turn")} ${a.turn}`))));

    const pts = view.points ?? {};
    fill(el.score,
      ...Object.entries(pts).flatMap(([side, n]) => [h("dt", {}, ctx.roleName(side)), h("dd", {}, String(n))]),
      h("dt", {}, w("slim")), h("dd", {}, view.slim_entered ? "✔" : "✘"));

    if (view.attack) {
      const names = (view.attack.attackers ?? []).map((ref) => {
        const c = (view.counters ?? []).find((x) => x.ref === ref);
        const info = c ? ctx.counterInfo(c) : null;
        if (!info?.name) return c ? ctx.roleName(c.side) : ref;
        return typeof info.name === "object" ? info.name[lang] ?? info.name.en : info.name;
      });
      const rows = (view.attack.candidates ?? []).map((c) => h("li", {},
        h("b", {}, c.odds), ` → ${c.at} (${c.attack}:${c.defence})`));
      fill(el.attack, h("h3", {}, w("attack")), h("p", {}, `${w("attackers")}: ${names.join(", ") || w("none")}`),
        rows.length ? h("ul", { class: "sh-odds" }, ...rows) : null);
      el.attack.hidden = false;
    } else {
      el.attack.hidden = true;
    }

    const counters = (view.counters ?? []).map((c) => ctx.counterInfo(c));
    const elim = counters.filter((c) => c.status === "eliminated");
    const exited = counters.filter((c) => c.status === "exited");
    el.elimTitle.textContent = w("eliminated");
    el.exitTitle.textContent = w("exited");
    elimTray.update(elim, lang);
    exitTray.update(exited, lang);
    const unknown = Object.entries(view.unknown_eliminated ?? {}).filter(([, n]) => n);
    el.unknown.textContent = unknown.length ? `${w("unknown")}: ${unknown.map(([side, n]) => `${ctx.roleName(side)} ${n}`).join(", ")}` : "";
    elimBox.hidden = elim.length === 0 && unknown.length === 0;
    exitBox.hidden = exited.length === 0;
  }

  return {
    update,
    /** Actions this panel shows itself (kept out of the generic buttons). */
    claims: (a) => isDawnChoice(a, current),
    /** Counters already committed to the attack being built. */
    counterMarks: (view) => ({ attacking: view.attack?.attackers ?? [] }),
    /** Odds of the candidate attacks, drawn on the defenders' hexes. */
    mapLabels: (view) => Object.fromEntries((view.attack?.candidates ?? []).map((c) => [c.at, String(c.odds)])),
  };
}
