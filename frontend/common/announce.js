// What a screen reader is told without moving its focus: new log lines and "your move". One polite
// live region for the page, visually hidden; it keeps the last few messages so a quick succession is
// read out whole, and is created empty (a live region reads out changes, not what it starts with).

import { h } from "./dom.js";

const KEEP = 5;
let region = null;

/** The page's live region (created on first use). */
export function liveRegion() {
  if (!region || !region.isConnected) {
    region = h("div", { class: "sr-only", role: "log", "aria-live": "polite", "data-testid": "announcer" });
    document.body.append(region);
  }
  return region;
}

/** Tells a screen reader `text` (politely: after what it is saying). */
export function announce(text) {
  if (!text || !globalThis.document) return;
  const el = liveRegion();
  el.append(h("p", {}, text));
  while (el.childElementCount > KEEP) el.firstElementChild.remove();
}
