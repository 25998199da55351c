// What the board shows of a unit (board.js): the lines of its tooltip (and where the tooltip goes)
// and its row in the stack inspector (picture, designation, name, factors, steps, markers, division,
// side, movement points left; a Select button and a button per one-click action).

import { h, s, fill } from "./dom.js";
import { t } from "./i18n.js";
import { counterMarkup } from "./counters.js";
import { unitSummary } from "./stacks.js";
import { mpText } from "./actions.js";

/** Lines describing a unit (a unitSummary): factors, steps, markers, division, movement points left. */
export function summaryLines(u) {
  const lines = [];
  if (u.factors) lines.push(h("span", { class: "tip-factors" }, u.factors));
  if (u.steps) lines.push(h("span", { class: `tip-steps steps-${u.steps}` }, t(`unit.${u.steps}`)));
  if (u.division) lines.push(h("span", { class: "tip-division" }, `${t("unit.division")} ${u.division}`));
  if (u.status === "casualty") lines.push(h("span", { class: "tip-steps steps-reduced" }, t("unit.casualty")));
  else if (u.status === "wounded") lines.push(h("span", { class: "tip-steps steps-reduced" }, t("unit.wounded")));
  else if (u.hits) lines.push(h("span", { class: "tip-hits" }, t("unit.hits", { n: u.hits })));
  for (const m of u.markers) lines.push(h("span", { class: `tip-marker marker-${m}` }, t(`marker.${m}`)));
  if (u.mp !== null && u.mp !== undefined) lines.push(h("span", { class: "tip-mp", "data-testid": "tip-mp" }, t("unit.mp_left", { n: mpText(u.mp) })));
  return lines;
}

/**
 * A counter's row in the stack inspector. opts: {lang, sideName, actions: {select, direct}
 * (stacks.js unitActions), chosen (selected or in the group), pick(), send(action), label(action)}.
 */
export function stackRow(c, { lang, sideName, actions, chosen, pick, send, label }) {
  const u = unitSummary(c, { lang, sideName });
  const pic = s("svg", { class: "stack-counter", viewBox: "-24 -24 48 48", width: 40, height: 40, "aria-hidden": "true" });
  pic.innerHTML = counterMarkup(c, 44, lang);
  const buttons = [];
  if (actions.select) {
    buttons.push(h("button", { type: "button", class: `stack-select${chosen ? " on" : ""}`, "data-unit": c.ref,
      "aria-pressed": String(chosen), onclick: pick }, t("stack.select")));
  }
  for (const a of actions.direct) {
    buttons.push(h("button", { type: "button", class: "action", "data-action-type": a.type, "data-unit": c.ref, onclick: () => send(a) }, label(a)));
  }
  return h("li", { class: `stack-unit side-${c.side}${chosen ? " selected" : ""}`, "data-ref-row": c.ref },
    pic,
    h("div", { class: "stack-text" },
      h("p", { class: "stack-title" }, h("b", {}, u.title || u.side), " ", h("span", { class: "tip-side" }, u.side)),
      u.name ? h("p", { class: "stack-name" }, u.name) : null,
      h("p", { class: "tip-lines" }, ...summaryLines(u))),
    buttons.length ? h("div", { class: "stack-buttons" }, ...buttons) : null);
}

/** A unit's tooltip: designation and side, name, the summary lines, where it stands. */
export function unitTipLines(u, placeName) {
  return [
    h("p", { class: "tip-title" }, h("b", {}, u.title || u.side), u.title ? h("span", { class: "tip-side" }, ` · ${u.side}`) : null),
    u.name ? h("p", { class: "tip-name" }, u.name) : null,
    h("p", { class: "tip-lines" }, ...summaryLines(u)),
    u.hex ? h("p", { class: "tip-hex" }, placeName(u.hex)) : null];
}

/** Shows the tooltip `tip` with `lines` beside the pointer of `e` (from the keyboard: beside the focused node). */
export function placeTip(tip, e, lines) {
  fill(tip, ...lines);
  tip.hidden = false;
  if (e && e.clientX === undefined && e.target?.getBoundingClientRect) {
    const r = e.target.getBoundingClientRect();
    e = { clientX: r.right, clientY: r.top };
  }
  const x = e?.clientX ?? 100, y = e?.clientY ?? 100;
  const w = tip.offsetWidth || 220, hgt = tip.offsetHeight || 80;
  tip.style.left = `${Math.max(4, Math.min(x + 14, window.innerWidth - w - 8))}px`;
  tip.style.top = `${Math.max(4, y + 18 + hgt > window.innerHeight ? y - hgt - 12 : y + 18)}px`;
}
