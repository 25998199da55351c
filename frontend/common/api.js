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

export async function request(method, path, body) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
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
  return data;
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
  matches: async (status) => listOf(await request("GET", `/api/matches?status=${enc(status)}`), "matches"),
  createMatch: (body) => request("POST", "/api/matches", body),
  join: (id, role) => request("POST", `/api/matches/${enc(id)}/join`, { role }),
  match: (id) => request("GET", `/api/matches/${enc(id)}`),
  view: (id) => request("GET", `/api/matches/${enc(id)}/view`),
  act: (id, body) => request("POST", `/api/matches/${enc(id)}/actions`, body),
  replay: (id, at) => request("GET", `/api/matches/${enc(id)}/replay${at === undefined ? "" : `?at=${at}`}`),
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
