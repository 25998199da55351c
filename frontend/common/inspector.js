// What the board shows of a unit (board.js): the lines of its tooltip and its row in the stack
// inspector (picture, designation, name, factors, steps, markers, division, side; a Select button
// and a button per one-click action).

import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { counterMarkup } from "./counters.js";
import { unitSummary } from "./stacks.js";

/** Lines describing a unit (a unitSummary): factors, steps, markers, division. */
export function summaryLines(u) {
  const lines = [];
  if (u.factors) lines.push(h("span", { class: "tip-factors" }, u.factors));
  if (u.steps) lines.push(h("span", { class: `tip-steps steps-${u.steps}` }, t(`unit.${u.steps}`)));
  if (u.division) lines.push(h("span", { class: "tip-division" }, `${t("unit.division")} ${u.division}`));
  if (u.status === "casualty") lines.push(h("span", { class: "tip-steps steps-reduced" }, t("unit.casualty")));
  else if (u.status === "wounded") lines.push(h("span", { class: "tip-steps steps-reduced" }, t("unit.wounded")));
  else if (u.hits) lines.push(h("span", { class: "tip-hits" }, t("unit.hits", { n: u.hits })));
  for (const m of u.markers) lines.push(h("span", { class: `tip-marker marker-${m}` }, t(`marker.${m}`)));
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
