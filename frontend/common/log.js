// The log panel: newest at the bottom, follows new lines unless the reader scrolled up.
// Dice are drawn as die faces beside the line that reports them. Lines added to a shown log are
// announced to screen readers (announce.js); the first filling and a redrawing are not.

import { h } from "./dom.js";
import { announce } from "./announce.js";
import { t, sentence } from "./i18n.js";

const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const DIE_ARGS = ["die", "roll", "dice", "d6", "die_roll", "faces", "a_faces", "b_faces", "d_faces"];

/**
 * The die results a log line reports (args named die/roll/dice/faces, possibly nested). Beside a
 * `faces` arg (LZ Albany), `dice` is how many dice were rolled, not what they rolled.
 */
export function diceOf(entry) {
  const out = [];
  const visit = (args) => {
    if (!args || typeof args !== "object") return;
    const counted = Object.keys(args).some((k) => k.endsWith("faces"));
    for (const [k, v] of Object.entries(args)) {
      if (DIE_ARGS.includes(k) && !(counted && k === "dice")) {
        for (const n of [v].flat()) if (Number.isInteger(n)) out.push(n);
      } else if (v && typeof v === "object" && typeof v.key === "string") {
        visit(v.args);
      }
    }
  };
  visit(entry.args);
  return out;
}

export class LogPanel {
  /** renderLine(entry) -> text */
  constructor(container, renderLine) {
    // Focusable, so that a keyboard can scroll it; not itself live (announce.js tells the new lines).
    this.el = h("ol", { class: "log", "data-testid": "log", tabindex: "0", "aria-label": t("match.log") });
    container.append(this.el);
    this.renderLine = renderLine;
    this.count = 0;
    this.first = null;
  }

  line(entry, i) {
    const li = h("li", { class: `log-line ${entry.key ? "key-" + entry.key.replace(/[^a-zA-Z0-9_-]/g, "-") : ""}`, "data-index": i });
    li.append(h("span", { class: "log-text" }, sentence(this.renderLine(entry))));
    for (const n of diceOf(entry)) {
      // The line says the numbers already: the faces are only drawn.
      li.append(h("span", { class: "die", title: t("a11y.die", { n }), "aria-hidden": "true" },
        h("span", { class: "die-face" }, DIE_FACES[n - 1] ?? ""), h("b", {}, String(n))));
    }
    return li;
  }

  /** Shows `entries`; appends only the new tail when the old lines are unchanged. */
  update(entries, { force = false } = {}) {
    entries = entries ?? [];
    const atBottom = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 40;
    const firstKey = entries.length ? JSON.stringify(entries[0]) : null;
    if (force || entries.length < this.count || firstKey !== this.first) {
      this.el.setAttribute("aria-label", t("match.log")); // a redrawing may follow a language change
      this.el.replaceChildren(...entries.map((e, i) => this.line(e, i)));
    } else {
      for (let i = this.count; i < entries.length; i++) {
        const li = this.line(entries[i], i);
        this.el.append(li);
        if (this.count > 0) announce(li.querySelector(".log-text").textContent);
      }
    }
    this.count = entries.length;
    this.first = firstKey;
    if (atBottom || force) this.el.scrollTop = this.el.scrollHeight;
  }
}
