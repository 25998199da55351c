// The chat of a match (docs/play-by-web.md): players write to the players' channel, everyone else
// to the spectators'. Messages are text nodes only: user text never goes through innerHTML.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const hhmm = (iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
};

/** The label of a channel ("players" / "spectators"; another name as it is). */
export function channelLabel(channel) {
  return ["players", "spectators"].includes(channel) ? t(`chat.channel.${channel}`) : String(channel ?? "");
}

/** One message {id, channel, user, text, at} as an <li>; the channel is labelled when asked. */
export function chatLine(m, { showChannel = false, me = null } = {}) {
  return h("li", { class: `chat-msg channel-${m.channel ?? "players"}${me && m.user === me ? " mine" : ""}`, "data-id": m.id ?? null },
    h("time", { class: "chat-at", datetime: m.at ?? null }, hhmm(m.at)), " ",
    showChannel ? h("span", { class: "chat-channel" }, `[${channelLabel(m.channel)}]`) : null, showChannel ? " " : null,
    h("b", { class: "chat-user" }, String(m.user ?? "—")), ": ",
    h("span", { class: "chat-text" }, String(m.text ?? "")));
}

/** Keeps the last `limit` messages, without duplicates (by id), in time order. */
export function mergeMessages(list, more, limit = 200) {
  const seen = new Set();
  const all = [...list, ...more].filter((m) => {
    const key = m.id ?? `${m.at}|${m.user}|${m.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // the history may come after a message the socket brought: order by the server's id, else the time
  const order = (a, b) => (typeof a.id === "number" && typeof b.id === "number" ? a.id - b.id : String(a.at ?? "").localeCompare(String(b.at ?? "")));
  return all.sort(order).slice(-limit);
}

/**
 * new ChatPanel(el, {send(text) -> Promise, canWrite, me, player, showChannel})
 * setMessages(list), add(message), setContext({showChannel, canWrite, me, player}).
 */
export class ChatPanel {
  constructor(el, { send, canWrite = false, me = null, player = false, showChannel = false } = {}) {
    this.el = el;
    this.sendText = send;
    this.opts = { canWrite, me, player, showChannel };
    this.messages = [];
    this.title = h("h2", {});
    this.list = h("ol", { class: "chat-log", "data-testid": "chat-log", "aria-live": "polite" });
    this.input = h("input", { type: "text", name: "chat", maxlength: 500, autocomplete: "off", "data-testid": "chat-input" });
    this.button = h("button", { type: "submit", "data-testid": "chat-send" });
    this.error = h("p", { class: "error", role: "alert", "data-testid": "chat-error", hidden: true });
    this.form = h("form", { class: "chat-form" }, this.input, this.button);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    fill(el, this.title, this.list, this.form, this.error);
    this.texts();
  }

  texts() {
    this.title.textContent = t("chat.title");
    this.button.textContent = t("chat.send");
    this.input.placeholder = this.opts.canWrite ? t(this.opts.player ? "chat.placeholder_players" : "chat.placeholder_spectators") : "";
    this.form.hidden = !this.opts.canWrite;
    this.paint();
  }

  setContext(opts) {
    this.opts = { ...this.opts, ...opts };
    this.texts();
  }

  async submit() {
    const text = this.input.value.trim();
    if (!text) return;
    this.button.disabled = true;
    try {
      const sent = await this.sendText(text);
      this.input.value = "";
      this.showError(null);
      if (sent && typeof sent === "object" && sent.text !== undefined) this.add(sent);
    } catch (err) {
      this.showError(err.status === 429 ? t("chat.too_fast", { reason: err.reason ?? "" }) : err.reason ?? String(err));
    } finally {
      this.button.disabled = false;
      this.input.focus();
    }
  }

  showError(reason) {
    this.error.textContent = reason ?? "";
    this.error.hidden = !reason;
  }

  /** The history from the server, merged with what the socket brought meanwhile. */
  setMessages(list) {
    this.messages = mergeMessages(this.messages, list ?? []);
    this.paint();
  }

  add(message) {
    this.messages = mergeMessages(this.messages, [message]);
    this.paint();
  }

  paint() {
    const stick = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    fill(this.list, ...this.messages.map((m) => chatLine(m, this.opts)));
    this.el.classList.toggle("empty", this.messages.length === 0);
    if (stick) this.list.scrollTop = this.list.scrollHeight;
  }
}
