// Around the match (docs/play-by-web.md): clocks, the pending offer, undo / offers / resign / claim /
// rematch buttons, the creator's invitation links. The board and the chat are elsewhere.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { api as defaultApi } from "./api.js";
import { ClockView, clockKindText } from "./clock.js";
import { matchControls } from "./controls.js";

/** The text of a pending offer, from `role`'s point of view. */
export function offerText(offer, role, sideName = (s) => s) {
  if (!offer) return "";
  const mine = offer.by === role;
  const steps = offer.steps ?? 1;
  if (offer.kind === "takeback") return mine ? t("offer.takeback_mine", { steps }) : t("offer.takeback_by", { side: sideName(offer.by), steps });
  return mine ? t("offer.draw_mine") : t("offer.draw_by", { side: sideName(offer.by) });
}

/** Copies text to the clipboard (the async API when allowed, else a selected input). */
async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

/**
 * new AroundPanel(el, {matchId, sideName, version(), onSummary(summary), afterUndo(), api})
 * update(summary, role) repaints; the clocks tick by themselves.
 */
export class AroundPanel {
  constructor(el, { matchId, sideName = (s) => s, version = () => 0, onSummary = () => {}, afterUndo = () => {}, api = defaultApi }) {
    Object.assign(this, { el, matchId, sideName, version, onSummary, afterUndo, api });
    this.summary = null;
    this.role = null;
    this.confirming = false;
    this.busy = false;
    this.clocksEl = h("div", { class: "clocks", "data-testid": "clocks", hidden: true });
    this.settingsEl = h("p", { class: "match-settings", "data-testid": "match-settings" });
    this.offerEl = h("p", { class: "offer", "data-testid": "offer", hidden: true, "aria-live": "polite" });
    this.buttonsEl = h("div", { class: "match-controls", "data-testid": "match-controls" });
    this.invitesEl = h("div", { class: "invites", "data-testid": "invites", hidden: true });
    this.errorEl = h("p", { class: "error", role: "alert", "data-testid": "controls-error", hidden: true });
    // A flag falls here: ask the server, which decides (claim button, or the match ends).
    this.clocks = new ClockView(this.clocksEl, { sideName: (s) => this.sideName(s), onZero: () => setTimeout(() => this.reload(), 500) });
    fill(el, this.clocksEl, this.settingsEl, this.offerEl, this.buttonsEl, this.invitesEl, this.errorEl);
  }

  update(summary, role) {
    const clockChanged = JSON.stringify(summary?.clock ?? null) !== JSON.stringify(this.summary?.clock ?? null);
    this.summary = summary;
    this.role = role ?? null;
    if (clockChanged || this.clocks.boxes.size === 0) this.clocks.set(summary?.clock, Object.keys(summary?.seats ?? {}));
    this.paint();
  }

  /** Language change: the clocks' side names and every label. */
  repaint() {
    this.clocks.set(this.summary?.clock, Object.keys(this.summary?.seats ?? {}));
    this.paint();
  }

  showError(reason) {
    this.errorEl.textContent = reason ? t("error.generic", { reason }) : "";
    this.errorEl.hidden = !reason;
  }

  async run(fn) {
    if (this.busy) return;
    this.busy = true;
    this.paintButtons();
    try {
      const res = await fn();
      this.showError(null);
      return res;
    } catch (err) {
      this.showError(err.status === 0 ? t("error.network") : err.reason ?? String(err));
      return undefined;
    } finally {
      this.busy = false;
      this.confirming = false;
      await this.reload();
    }
  }

  async reload() {
    try {
      this.onSummary(await this.api.match(this.matchId));
    } catch {
      this.paint();
    }
  }

  paint() {
    const s = this.summary ?? {};
    const bits = [s.clock ? clockKindText(s.clock) : null,
      s.rated === undefined ? null : t(s.rated ? "match.rated" : "match.unrated"),
      s.private ? t("match.private") : null,
      s.clock && s.on_timeout ? t(`timeout.${s.on_timeout}`) : null].filter(Boolean);
    this.settingsEl.textContent = bits.join(" · ");
    this.settingsEl.hidden = bits.length === 0;
    this.offerEl.textContent = offerText(s.offer, this.role, this.sideName);
    this.offerEl.hidden = !s.offer || s.status === "finished";
    this.paintButtons();
    this.paintInvites();
  }

  paintButtons() {
    const id = this.matchId;
    const button = (ctl, label, onclick, cls = "") => h("button", { type: "button", class: `ctl ${cls}`.trim(),
      "data-testid": `ctl-${ctl}`, disabled: this.busy, onclick }, label);
    const els = matchControls(this.summary, this.role).map((c) => {
      switch (c.id) {
        case "undo":
          return button("undo", t("ctl.undo", { steps: c.steps }), () => this.run(async () => {
            await this.api.undo(id, this.version(), 1);
            await this.afterUndo();
          }));
        case "offer_draw": return button("offer_draw", t("ctl.offer_draw"), () => this.run(() => this.api.offer(id, "draw")));
        case "offer_takeback": return button("offer_takeback", t("ctl.offer_takeback"), () => this.run(() => this.api.offer(id, "takeback", 1)));
        case "accept": return button("accept", t(c.offer.kind === "takeback" ? "ctl.accept_takeback" : "ctl.accept_draw"),
          () => this.run(async () => { await this.api.acceptOffer(id); await this.afterUndo(); }), "primary");
        case "decline": return button("decline", t("ctl.decline"), () => this.run(() => this.api.declineOffer(id)));
        case "withdraw": return button("withdraw", t("ctl.withdraw"), () => this.run(() => this.api.declineOffer(id)));
        case "claim": return button("claim", t("ctl.claim", { side: c.sides.map(this.sideName).join(", ") }), () => this.run(() => this.api.claim(id)), "primary");
        case "resign":
          if (!this.confirming) return button("resign", t("ctl.resign"), () => { this.confirming = true; this.paintButtons(); }, "danger");
          return h("span", { class: "confirm", role: "group" }, t("ctl.resign_confirm"), " ",
            button("resign-yes", t("ctl.resign_yes"), () => this.run(() => this.api.resign(id)), "danger"), " ",
            button("resign-no", t("match.cancel"), () => { this.confirming = false; this.paintButtons(); }));
        case "rematch_swap":
        case "rematch_same":
          return button(c.id, t(`ctl.${c.id}`), () => this.run(async () => {
            const m = await this.api.rematch(id, c.id === "rematch_swap");
            if (m?.id) location.href = `/match/${encodeURIComponent(m.id)}`;
          }));
        case "rematch_link":
          return h("a", { class: "button", href: `/match/${encodeURIComponent(c.match)}`, "data-testid": "rematch-link" }, t("ctl.rematch_link"));
        default: return null;
      }
    });
    fill(this.buttonsEl, ...els);
    this.buttonsEl.hidden = els.length === 0;
  }

  paintInvites() {
    const invites = Object.entries(this.summary?.invites ?? {});
    this.invitesEl.hidden = invites.length === 0;
    if (!invites.length) return fill(this.invitesEl);
    fill(this.invitesEl, h("p", { class: "hint" }, t("invite.hint")),
      ...invites.map(([role, url]) => inviteRow(role, url, this.sideName)));
  }
}

/** One invitation: the seat, the absolute link in a read-only field, a copy button. */
export function inviteRow(role, url, sideName = (s) => s) {
  const full = new URL(url, location.origin).href;
  const input = h("input", { type: "text", readonly: true, value: full, class: "invite-url", "aria-label": t("invite.link", { side: sideName(role) }) });
  const done = h("span", { class: "copied", "aria-live": "polite" });
  return h("div", { class: "invite", "data-testid": `invite-${role}` },
    h("span", { class: "invite-side" }, t("invite.link", { side: sideName(role) })), " ", input, " ",
    h("button", { type: "button", class: "copy", "data-testid": `copy-invite-${role}`, onclick: async () => {
      done.textContent = (await copy(full, input)) ? t("invite.copied") : t("invite.copy_failed");
    } }, t("invite.copy")), " ", done);
}
