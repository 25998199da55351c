// The log panel: newest at the bottom, follows new lines unless the reader scrolled up.
// Dice are drawn as die faces beside the line that reports them.

import { h } from "./dom.js";

const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const DIE_ARGS = ["die", "roll", "dice", "d6", "die_roll"];

/** The die results a log line reports (args named die/roll/dice, possibly nested). */
export function diceOf(entry) {
  const out = [];
  const visit = (args) => {
    if (!args || typeof args !== "object") return;
    for (const [k, v] of Object.entries(args)) {
      if (DIE_ARGS.includes(k)) {
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
    this.el = h("ol", { class: "log", "data-testid": "log", "aria-live": "polite" });
    container.append(this.el);
    this.renderLine = renderLine;
    this.count = 0;
    this.first = null;
  }

  line(entry, i) {
    const li = h("li", { class: `log-line ${entry.key ? "key-" + entry.key.replace(/[^a-zA-Z0-9_-]/g, "-") : ""}`, "data-index": i });
    li.append(h("span", { class: "log-text" }, this.renderLine(entry)));
    for (const n of diceOf(entry)) {
      li.append(h("span", { class: "die", title: `die: ${n}`, "aria-label": `die ${n}` },
        h("span", { class: "die-face", "aria-hidden": "true" }, DIE_FACES[n - 1] ?? ""), h("b", {}, String(n))));
    }
    return li;
  }

  /** Shows `entries`; appends only the new tail when the old lines are unchanged. */
  update(entries, { force = false } = {}) {
    entries = entries ?? [];
    const atBottom = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 40;
    const firstKey = entries.length ? JSON.stringify(entries[0]) : null;
    if (force || entries.length < this.count || firstKey !== this.first) {
      this.el.replaceChildren(...entries.map((e, i) => this.line(e, i)));
    } else {
      for (let i = this.count; i < entries.length; i++) this.el.append(this.line(entries[i], i));
    }
    this.count = entries.length;
    this.first = firstKey;
    if (atBottom || force) this.el.scrollTop = this.el.scrollHeight;
  }
}
