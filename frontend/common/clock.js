// Match clocks (docs/play-by-web.md): a summary's `clock` counted down locally. Pure but `ClockView`.
//   clock: {kind: "live"|"correspondence", initial, increment, per_move, cap,
//           left: {side: seconds at as_of}, running: [side], as_of, deadline, flagged: [side]}

import { h, fill } from "./dom.js";
import { t, getLang } from "./i18n.js";

/** A side's seconds left, `elapsed` seconds after the summary was made (never below 0). */
export function timeLeft(clock, side, elapsed = 0) {
  const left = clock?.left?.[side];
  if (typeof left !== "number") return null;
  const running = (clock.running ?? []).includes(side);
  return Math.max(0, running ? left - Math.max(0, elapsed) : left);
}

/** The time a side has at most: a live side's initial time, a correspondence side's per-move time. */
export function budgetOf(clock) {
  if (!clock) return null;
  return clock.kind === "correspondence" ? clock.per_move ?? clock.cap ?? null : clock.initial ?? null;
}

/** "flagged" (out of time), "low" (under 10% of its budget) or "ok". */
export function clockLevel(clock, side, seconds) {
  if ((clock?.flagged ?? []).includes(side) || (seconds !== null && seconds <= 0)) return "flagged";
  const budget = budgetOf(clock);
  if (budget && seconds !== null && seconds < budget * 0.1) return "low";
  return "ok";
}

const pad = (n) => String(n).padStart(2, "0");

/** Live: h:mm:ss. Correspondence: "2d 5h", "5h 12m", "12m 30s" (Japanese: 2日5時間, …). */
export function formatClock(seconds, kind = "live", lang = getLang()) {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return "—";
  const total = Math.max(0, Math.floor(seconds));
  const d = Math.floor(total / 86400), hr = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60), s = total % 60;
  if (kind !== "correspondence") return `${Math.floor(total / 3600)}:${pad(m)}:${pad(s)}`;
  const u = lang === "ja" ? { d: "日", h: "時間", m: "分", s: "秒", sep: "" } : { d: "d", h: "h", m: "m", s: "s", sep: " " };
  if (d > 0) return `${d}${u.d}${u.sep}${hr}${u.h}`;
  if (hr > 0) return `${hr}${u.h}${u.sep}${m}${u.m}`;
  return `${m}${u.m}${u.sep}${s}${u.s}`;
}

/** A clock's settings in words, e.g. "30+20" live or "3 days per move (max 7)". */
export function clockKindText(clock) {
  if (!clock || clock.kind === "none") return t("clock.kind.none");
  if (clock.kind === "live") return t("clock.kind.live", { minutes: Math.round((clock.initial ?? 0) / 60), increment: clock.increment ?? 0 });
  return t("clock.kind.correspondence", { days: +((clock.per_move ?? 0) / 86400).toFixed(1), cap: +((clock.cap ?? 0) / 86400).toFixed(1) });
}

/**
 * The clocks of a match: one box per side `[data-testid=clock-<side>]` with classes
 * `running`, `low`, `flagged`; ticks locally from the moment the summary arrived.
 */
export class ClockView {
  constructor(el, { sideName = (s) => s, now = () => Date.now(), onZero = null } = {}) {
    this.el = el;
    this.sideName = sideName;
    this.now = now;
    this.onZero = onZero; // called once per summary when a running side's time reaches 0 here
    this.zeroed = new Set();
    this.clock = null;
    this.received = 0;
    this.boxes = new Map();
    this.timer = null;
  }

  /** A new summary's clock (or null). */
  set(clock, sides) {
    this.clock = clock ?? null;
    this.received = this.now();
    this.boxes.clear();
    this.zeroed = new Set(this.clock?.flagged ?? []);
    if (!this.clock || this.clock.kind === "none") {
      fill(this.el);
      this.el.hidden = true;
      this.stop();
      return;
    }
    const order = sides?.length ? sides : Object.keys(this.clock.left ?? {});
    fill(this.el, ...order.map((side) => {
      const time = h("span", { class: "clock-time" });
      const box = h("div", { class: "clock", role: "timer", "data-testid": `clock-${side}`, "data-side": side },
        h("span", { class: "clock-side" }, this.sideName(side)), " ", time);
      this.boxes.set(side, { box, time });
      return box;
    }));
    this.el.hidden = false;
    this.tick();
    if ((this.clock.running ?? []).length) this.start();
    else this.stop();
  }

  start() {
    if (!this.timer) this.timer = setInterval(() => this.tick(), 250);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  tick() {
    if (!this.clock) return;
    const elapsed = (this.now() - this.received) / 1000;
    for (const [side, { box, time }] of this.boxes) {
      const secs = timeLeft(this.clock, side, elapsed);
      const text = formatClock(secs, this.clock.kind);
      if (time.textContent !== text) time.textContent = text;
      const level = clockLevel(this.clock, side, secs);
      box.className = `clock${(this.clock.running ?? []).includes(side) ? " running" : ""}${level === "ok" ? "" : ` ${level}`}`;
      if (secs === 0 && !this.zeroed.has(side)) {
        this.zeroed.add(side);
        this.onZero?.(side);
      }
    }
  }
}
