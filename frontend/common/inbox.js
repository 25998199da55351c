// The in-app notifications (GET /api/notifications), shared by the header badge and the lobby's list.

import { api } from "./api.js";
import { getLang } from "./i18n.js";

const listeners = new Set();
let current = { unread: 0, items: [] };
let timer = null;

export function inbox() {
  return current;
}

/** fn(inbox) now and after every load; returns the unsubscribe. */
export function onInbox(fn) {
  listeners.add(fn);
  fn(current);
  return () => listeners.delete(fn);
}

function set(data) {
  current = { unread: data?.unread ?? 0, items: Array.isArray(data?.items) ? data.items : [] };
  for (const fn of listeners) fn(current);
}

export async function loadInbox() {
  try {
    set(await api.notifications());
  } catch {
    // signed out, or a server without notifications: keep what we have
  }
  return current;
}

/** Loads now and every `ms` while the page is visible. */
export function pollInbox(ms = 30000) {
  loadInbox();
  clearInterval(timer);
  timer = setInterval(() => {
    if (globalThis.document?.visibilityState !== "hidden") loadInbox();
  }, ms);
}

/** Marks some (ids) or all ("all") read, then reloads. */
export async function markRead(ids) {
  await api.markRead(ids);
  return loadInbox();
}

/** A notification's text in the reader's language. */
export function itemText(item, lang = getLang()) {
  const text = item?.text;
  if (text && typeof text === "object") return text[lang] ?? text.en ?? Object.values(text)[0] ?? "";
  return String(text ?? item?.kind ?? "");
}
