// The websocket client of one match: snapshot, versioned patches, acks, resync and reconnect.
// The state it keeps is exactly what the server said: {version, role, view}.

import { applyPatch } from "./patch.js";
import { api as defaultApi } from "./api.js";

export function newId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = new Uint8Array(16);
  if (globalThis.crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else bytes.forEach((_, i) => (bytes[i] = Math.floor(Math.random() * 256)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function socketUrl(matchId, loc = globalThis.location) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/ws/matches/${encodeURIComponent(matchId)}`;
}

export class ActionError extends Error {
  constructor(status, reason) {
    super(reason);
    this.status = status;
    this.reason = reason;
  }
}

/**
 * new MatchConnection(id, {onState, onSummary, onStatus, onError})
 *   onState({version, role, view})   after every snapshot or applied patch
 *   onSummary(summary)               when seats or status change
 *   onChat(message)                  a chat message {id, channel, user, text, at}
 *   onStatus("connecting"|"open"|"closed")
 *   onError(reason)                  an error not tied to one of our actions
 * send(action) -> Promise<{version}>, rejected with ActionError(status, reason).
 */
export class MatchConnection {
  constructor(matchId, handlers = {}, options = {}) {
    this.matchId = matchId;
    this.handlers = handlers;
    this.WebSocket = options.WebSocket ?? globalThis.WebSocket;
    this.api = options.api ?? defaultApi;
    this.url = options.url ?? socketUrl(matchId);
    this.state = null;
    this.pending = new Map(); // id -> {message, resolve, reject}; kept until acked or refused
    this.ws = null;
    this.attempt = 0;
    this.closed = false;
    this.timer = null;
    this.pinger = null;
  }

  start() {
    this.closed = false;
    this.connect();
    return this;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.ws?.close();
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === 1;
  }

  connect() {
    this.handlers.onStatus?.("connecting");
    let ws;
    try {
      ws = new this.WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.handlers.onStatus?.("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.raw({ type: "ping" }), 25000);
      // The server sends a snapshot on connect; pending actions are resent after it arrives.
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.handlers.onStatus?.("closed");
      if (!this.closed) this.scheduleReconnect();
    };
    ws.onerror = () => {}; // onclose follows
  }

  scheduleReconnect() {
    const delay = Math.min(15000, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  raw(message) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  requestSnapshot() {
    this.raw({ type: "snapshot" });
  }

  /** Handles one server message (public for tests). */
  receive(msg) {
    switch (msg.type) {
      case "snapshot": {
        this.setState({ version: msg.version, role: msg.role ?? null, view: msg.view });
        this.resendPending();
        break;
      }
      case "patch": {
        if (!this.state || msg.from !== this.state.version) {
          if (!this.state || msg.version > this.state.version) this.requestSnapshot();
          break; // a gap (or a patch we already have)
        }
        let view;
        try {
          view = applyPatch(this.state.view, msg.ops);
        } catch {
          this.requestSnapshot();
          break;
        }
        this.setState({ ...this.state, version: msg.version, view });
        break;
      }
      case "summary":
        this.handlers.onSummary?.(msg.summary ?? msg);
        break;
      case "chat":
        if (msg.message) this.handlers.onChat?.(msg.message);
        break;
      case "ack": {
        const p = this.pending.get(msg.id);
        if (p) {
          this.pending.delete(msg.id);
          p.resolve({ version: msg.version });
        }
        break;
      }
      case "error": {
        const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
        if (p) {
          this.pending.delete(msg.id);
          p.reject(new ActionError(msg.status ?? 422, msg.reason ?? "error"));
          if (msg.status === 409) this.requestSnapshot();
        } else {
          this.handlers.onError?.(msg.reason ?? "error");
        }
        break;
      }
      default:
        break; // pong and future types
    }
  }

  setState(state) {
    this.state = state;
    this.handlers.onState?.(state);
  }

  resendPending() {
    for (const p of this.pending.values()) this.raw(p.message);
  }

  /** Sends an action at the current version; resolves on its ack. */
  send(action) {
    const message = { type: "action", id: newId(), version: this.state?.version ?? 0, action };
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { message, resolve, reject });
      if (!this.raw(message)) this.sendByHttp(message);
    });
  }

  /** The fallback while the socket is down: POST, then fetch the new view. */
  async sendByHttp(message) {
    const p = this.pending.get(message.id);
    if (!p) return;
    try {
      const res = await this.api.act(this.matchId, { version: message.version, action: message.action, id: message.id });
      if (!this.pending.has(message.id)) return; // acked over a socket that came back meanwhile
      this.pending.delete(message.id);
      p.resolve({ version: res?.version });
      await this.refresh();
    } catch (err) {
      if (!this.pending.has(message.id)) return;
      if (err.status === 0) return; // network down too: keep it pending, resent on reconnect
      this.pending.delete(message.id);
      p.reject(new ActionError(err.status, err.reason ?? String(err)));
      if (err.status === 409) await this.refresh().catch(() => {});
    }
  }

  /** Fetches the view over HTTP (used when the socket is down). */
  async refresh() {
    if (this.isOpen) return this.requestSnapshot();
    const res = await this.api.view(this.matchId);
    if (!this.state || res.version >= this.state.version) {
      this.setState({ version: res.version, role: res.role ?? this.state?.role ?? null, view: res.view });
    }
  }
}
