// Fetch wrappers for the HTTP API (see docs/DESIGN.md). Errors carry the server's reason.

export class ApiError extends Error {
  constructor(status, reason, body) {
    super(reason);
    this.status = status;
    this.reason = reason;
    this.body = body;
  }
}

/** The readable reason of an error body: our {reason}, FastAPI's {detail} (a string or a list). */
export function reasonOf(body, status) {
  if (body && typeof body === "object") {
    if (typeof body.reason === "string") return body.reason;
    if (typeof body.detail === "string") return body.detail;
    if (body.detail && typeof body.detail === "object" && !Array.isArray(body.detail)) {
      return body.detail.reason ?? JSON.stringify(body.detail);
    }
    if (Array.isArray(body.detail)) {
      return body.detail.map((d) => [d.loc?.slice(1).join("."), d.msg].filter(Boolean).join(": ")).join("; ");
    }
  }
  if (typeof body === "string" && body) return body;
  return `HTTP ${status}`;
}

export async function request(method, path, body, extra = {}) {
  return (await exchange(method, path, body, extra)).data;
}

/** The next page's path from a `Link: <...>; rel="next"` header (RFC 8288), or null. */
export function nextLink(header) {
  const found = /<([^>]*)>\s*;\s*rel="?next"?/.exec(header ?? "");
  return found && /^\/(?!\/)/.test(found[1]) ? found[1] : null;
}

async function exchange(method, path, body, extra = {}) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" }, ...extra };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "network", err);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new ApiError(response.status, reasonOf(data, response.status), data);
  return { data, response };
}

const enc = encodeURIComponent;

/** A list from a reply that is either a list or an object wrapping one. */
export function listOf(data, key) {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data[key])) return data[key];
  if (data && typeof data === "object") {
    return Object.entries(data).map(([id, v]) => (v && typeof v === "object" ? { id, ...v } : { id, value: v }));
  }
  return [];
}

export const api = {
  me: () => request("GET", "/api/me"),
  register: (username, password) => request("POST", "/api/auth/register", { username, password }),
  login: (username, password) => request("POST", "/api/auth/login", { username, password }),
  logout: () => request("POST", "/api/auth/logout"),
  games: async () => listOf(await request("GET", "/api/games"), "games"),
  game: (id) => request("GET", `/api/games/${enc(id)}`),
  /** A page of a lobby list: {items, next}, next being the path of the following page or null. */
  matchesPage: async (status, path = `/api/matches?status=${enc(status)}&limit=20`) => {
    const { data, response } = await exchange("GET", path);
    return { items: listOf(data, "matches"), next: nextLink(response.headers.get("Link")) };
  },
  createMatch: (body) => request("POST", "/api/matches", body),
  join: (id, role, invite) => request("POST", `/api/matches/${enc(id)}/join`, invite ? { role, invite } : { role }),
  match: (id) => request("GET", `/api/matches/${enc(id)}`),
  view: (id) => request("GET", `/api/matches/${enc(id)}/view`),
  act: (id, body) => request("POST", `/api/matches/${enc(id)}/actions`, body),
  // Play-by-web (docs/play-by-web.md): around the match, chat, accounts, notifications.
  undo: (id, version, steps = 1) => request("POST", `/api/matches/${enc(id)}/undo`, { version, steps }),
  offer: (id, kind, steps) => request("POST", `/api/matches/${enc(id)}/offers`, kind === "takeback" ? { kind, steps: steps ?? 1 } : { kind }),
  acceptOffer: (id) => request("POST", `/api/matches/${enc(id)}/offers/accept`, {}),
  declineOffer: (id) => request("POST", `/api/matches/${enc(id)}/offers/decline`, {}),
  resign: (id) => request("POST", `/api/matches/${enc(id)}/resign`, {}),
  claim: (id) => request("POST", `/api/matches/${enc(id)}/claim`, {}),
  rematch: (id, swap) => request("POST", `/api/matches/${enc(id)}/rematch`, { swap: Boolean(swap) }),
  chat: async (id) => listOf(await request("GET", `/api/matches/${enc(id)}/chat`), "messages"),
  say: (id, text) => request("POST", `/api/matches/${enc(id)}/chat`, { text }),
  settings: () => request("GET", "/api/me/settings"),
  saveSettings: (body) => request("PUT", "/api/me/settings", body),
  startVacation: (days) => request("POST", "/api/me/vacation", { days }),
  endVacation: () => request("DELETE", "/api/me/vacation"),
  notifications: () => request("GET", "/api/notifications"),
  // keepalive: marking read from a link's click survives the navigation that follows
  markRead: (ids) => request("POST", "/api/notifications/read", ids === "all" ? { all: true } : { ids }, { keepalive: true }),
  user: (name) => request("GET", `/api/users/${enc(name)}`),
  replay: (id, at, role) => request("GET", `/api/matches/${enc(id)}/replay${at === undefined ? "" : `?at=${at}`}${role ? `&role=${enc(role)}` : ""}`),
};

/** The current account or null (GET /api/me answers 401 when signed out). */
export async function currentUser() {
  try {
    const me = await api.me();
    return me && (me.username || me.name || me.id) ? me : null;
  } catch (err) {
    if (err.status === 401 || err.status === 403 || err.status === 404) return null;
    throw err;
  }
}
