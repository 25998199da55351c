// The Battle of the Bulge side panel: turn and phase, victory points against this turn's
// thresholds, air support markers left, the turn track (dates, air turns, thresholds,
// reinforcements to come) and eliminated units. It shows the view; it decides nothing, and
// every field it reads is optional.

import { h, fill } from "../../common/dom.js";
import { getLang, hasKey, t } from "../../common/i18n.js";
import { CounterTray } from "../../common/counters.js";
import { turnTrackData, vpTrackData, turnTrackEl, vpTrackEl, reinforcementsEl, shortDate } from "../../common/tracks.js";
import { oddsLabels } from "../../common/odds.js";

const WORDS = {
  en: { eliminated: "Eliminated", phase: "{side}: {step}", air: "Air support markers left", turn: "Turn" },
  ja: { eliminated: "除去", phase: "{side}:{step}", air: "残り空軍支援マーカー", turn: "ターン" },
};
const w = (key, args = {}) => (WORDS[getLang()]?.[key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, k) => args[k] ?? "");

/** view.air as text: a number, {left, total} or {allied: n}; null when absent. */
export function airText(air) {
  if (air === undefined || air === null) return null;
  if (typeof air === "number") return String(air);
  if (typeof air === "object") {
    const left = air.left ?? air.remaining ?? air.allied;
    if (left === undefined) return null;
    return air.total !== undefined ? `${left}/${air.total}` : String(left);
  }
  return String(air);
}

export function createPanel(container, ctx) {
  const el = {
    phase: h("p", { class: "bg-phase", "data-testid": "phase" }),
    air: h("p", { class: "bg-air", "data-testid": "air", hidden: true }),
    vp: h("div", { class: "bg-vp" }),
    track: h("div", { class: "bg-track" }),
    reinf: h("div", { class: "bg-reinf" }),
    elimTitle: h("h3", {}),
    elim: h("div", { class: "tray-row" }),
  };
  const elimBox = h("div", { class: "bg-box", hidden: true }, el.elimTitle, el.elim);
  container.append(h("section", { class: "bulge-panel game-panel-box" }, el.phase, el.vp, el.air, el.track, el.reinf, elimBox));
  const elimTray = new CounterTray(el.elim, { size: 36, sideName: ctx.roleName });

  const stepName = (step) => {
    for (const key of [`step.${step}`, `phase.${step}`, `bulge.step.${step}`]) {
      if (hasKey(ctx.statics.messages, key)) return ctx.msg({ key });
    }
    return String(step ?? "").replace(/_/g, " ");
  };

  const unitName = (view) => (u) => {
    if (u && typeof u === "object") return String(u.designation ?? (typeof u.name === "object" ? u.name[getLang()] ?? u.name.en : u.name) ?? u.ref ?? "?");
    const c = (view.counters ?? []).find((x) => x.ref === u || x.id === u);
    const st = ctx.statics.counters?.[c?.id ?? u];
    const des = c?.designation ?? st?.designation;
    if (des) return typeof des === "object" ? des[getLang()] ?? des.en : String(des);
    return String(u);
  };

  function update(view) {
    const lang = getLang();
    const turnInfo = view.turn !== undefined ? `${w("turn")} ${view.turn}${Number.isInteger(view.turns) ? `/${view.turns}` : ""}` : "";
    const date = view.date ? shortDate(view.date, lang) : "";
    const step = view.step ?? view.phase;
    const phase = step !== undefined ? (view.player ? w("phase", { side: ctx.roleName(view.player), step: stepName(step) }) : stepName(step)) : "";
    el.phase.textContent = [turnInfo, date, phase].filter(Boolean).join(" · ");

    const air = airText(view.air);
    el.air.hidden = air === null;
    if (air !== null) el.air.textContent = `✈ ${w("air")}: ${air}`;

    fill(el.vp, vpTrackEl(vpTrackData(view, ctx.statics)));
    const data = turnTrackData(view, ctx.statics, unitName(view));
    fill(el.track, data.length ? turnTrackEl(data, { lang }) : null);
    fill(el.reinf, data.some((d) => !d.past && d.reinforcements.length) ? h("h3", {}, t("track.reinforcements")) : null, reinforcementsEl(data));

    const counters = (view.counters ?? []).map((c) => ctx.counterInfo(c));
    const elim = counters.filter((c) => c.status === "eliminated");
    el.elimTitle.textContent = w("eliminated");
    elimTray.update(elim, lang);
    elimBox.hidden = elim.length === 0;
  }

  return {
    update,
    claims: () => false,
    counterMarks: (view) => ({ attacking: view.attack?.attackers ?? view.combat?.attackers ?? [] }),
    mapLabels: (view) => oddsLabels(view),
  };
}
