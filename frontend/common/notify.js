// Browser notifications: "your move" while the tab is hidden. Permission is asked only from a
// button (the settings page), never by itself.

/** Whether it is `role`'s move: it has a seat among the active ones and the match is not over. */
export function isMyMove(role, active, over = false) {
  return Boolean(role) && !over && (active ?? []).includes(role);
}

/** True when it just became the player's move (not on the first picture: `before` is null then). */
export function becameMyMove(before, after) {
  return before === false && after === true;
}

export function notificationsSupported() {
  return typeof globalThis.Notification === "function";
}

/** "granted" | "denied" | "default" | "unsupported". */
export function notificationPermission() {
  return notificationsSupported() ? globalThis.Notification.permission : "unsupported";
}

export async function askNotificationPermission() {
  if (!notificationsSupported()) return "unsupported";
  return globalThis.Notification.requestPermission();
}

/** Shows a notification if the page is hidden and it is allowed; a click focuses the tab. */
export function notifyIfHidden(title, body, { tag, url } = {}) {
  if (!globalThis.document?.hidden || notificationPermission() !== "granted") return null;
  try {
    const n = new globalThis.Notification(title, { body, tag, renotify: Boolean(tag) });
    n.onclick = () => {
      globalThis.focus?.();
      if (url && globalThis.location && globalThis.location.pathname !== url) globalThis.location.href = url;
      n.close?.();
    };
    return n;
  } catch {
    return null; // e.g. Android Chrome wants a service worker for this
  }
}
