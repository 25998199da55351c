// /settings: e-mail and webhook notifications, language, vacation, browser notifications.

import { h, fill } from "./common/dom.js";
import { t, getLang, setLang, onLangChange, LANGS } from "./common/i18n.js";
import { api } from "./common/api.js";
import { notificationPermission, askNotificationPermission } from "./common/notify.js";

const FORMATS = ["json", "discord", "slack"];

/** The body of PUT /api/me/settings from the form's values (empty strings become null). */
export function settingsBody({ email, notify_email, webhook_url, webhook_format, language }) {
  const orNull = (v) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return { email: orNull(email), notify_email: Boolean(notify_email), webhook_url: orNull(webhook_url),
    webhook_format: FORMATS.includes(webhook_format) ? webhook_format : "json", language: LANGS.includes(language) ? language : "en" };
}

export async function mountSettings(root, session) {
  const box = h("div", { class: "settings", "data-testid": "settings" });
  root.append(box);
  if (!session.user) {
    box.append(h("p", { class: "notice" }, t("lobby.login_to_play")), h("a", { href: "/" }, t("nav.lobby")));
    return;
  }
  let data;
  try {
    data = await api.settings();
  } catch (err) {
    box.append(h("p", { class: "notice" }, t("error.generic", { reason: err.reason ?? String(err) })));
    return;
  }
  // What has been typed, kept across repaints (a language switch).
  const draft = { email: data.email ?? "", notify_email: Boolean(data.notify_email), webhook_url: data.webhook_url ?? "",
    webhook_format: data.webhook_format ?? "json", language: data.language ?? getLang() };
  let vacationDays = "";

  const paint = () => {
    document.title = `${t("settings.title")} · ${t("app.name")}`;
    fill(box, h("h1", {}, t("settings.title")), notificationsForm(), vacationCard(), browserCard());
  };

  function notificationsForm() {
    const input = (name, attrs) => {
      const el = h("input", { name, ...attrs });
      if (attrs.type === "checkbox") el.checked = draft[name];
      else el.value = draft[name];
      el.addEventListener(attrs.type === "checkbox" ? "change" : "input", () => { draft[name] = attrs.type === "checkbox" ? el.checked : el.value; });
      return el;
    };
    const select = (name, values, label) => {
      const el = h("select", { name }, ...values.map((v) => h("option", { value: v }, label(v))));
      el.value = draft[name];
      el.addEventListener("change", () => { draft[name] = el.value; });
      return el;
    };
    const msg = h("p", { class: "status", role: "status", "data-testid": "settings-status" });
    const form = h("form", { class: "card settings-form", "data-testid": "settings-form" },
      h("h2", {}, t("settings.notifications")),
      h("label", {}, t("settings.email"), input("email", { type: "email", autocomplete: "email", maxlength: 254 })),
      h("label", { class: "check" }, input("notify_email", { type: "checkbox" }), " ", t("settings.notify_email")),
      h("label", {}, t("settings.webhook_url"), input("webhook_url", { type: "url", placeholder: "https://…", maxlength: 2000 })),
      h("label", {}, t("settings.webhook_format"), select("webhook_format", FORMATS, (f) => t(`settings.format.${f}`))),
      h("label", {}, t("settings.language"), select("language", LANGS, (l) => t(`settings.lang.${l}`))),
      h("button", { type: "submit" }, t("settings.save")), " ", msg);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        data = { ...data, ...(await api.saveSettings(settingsBody(draft))) };
        msg.className = "status";
        msg.textContent = t("settings.saved");
        if (draft.language !== getLang()) setLang(draft.language);
      } catch (err) {
        msg.className = "status error";
        msg.textContent = err.reason ?? String(err);
      }
    });
    return form;
  }

  function vacationCard() {
    const until = data.vacation_until ? new Date(data.vacation_until) : null;
    const onVacation = until && until.getTime() > Date.now();
    const left = data.vacation_days_left ?? 0;
    const msg = h("p", { class: "error", role: "alert", hidden: true });
    const fail = (err) => { msg.textContent = err.reason ?? String(err); msg.hidden = false; };
    const reload = async () => { data = { ...data, ...(await api.settings()) }; paint(); };
    const days = h("input", { type: "number", name: "vacation-days", min: 1, max: Math.max(1, left), step: 1, value: vacationDays || Math.min(7, left) || 1 });
    days.addEventListener("input", () => { vacationDays = days.value; });
    return h("section", { class: "card vacation", "data-testid": "vacation" },
      h("h2", {}, t("settings.vacation")),
      h("p", { class: "hint" }, t("settings.vacation_hint")),
      h("p", { "data-testid": "vacation-status" }, onVacation
        ? t("settings.vacation_until", { date: until.toLocaleString(getLang() === "ja" ? "ja-JP" : "en-GB") })
        : t("settings.vacation_off")),
      h("p", { "data-testid": "vacation-left" }, t("settings.vacation_left", { n: left })),
      onVacation
        ? h("button", { type: "button", "data-testid": "vacation-end", onclick: () => api.endVacation().then(reload, fail) }, t("settings.vacation_end"))
        : h("p", {}, h("label", { class: "inline" }, t("settings.vacation_days"), " ", days), " ",
          h("button", { type: "button", "data-testid": "vacation-start", disabled: left < 1,
            onclick: () => api.startVacation(Number(days.value)).then(reload, fail) }, t("settings.vacation_start"))),
      msg);
  }

  function browserCard() {
    const state = notificationPermission();
    const ask = async () => {
      await askNotificationPermission().catch(() => {});
      paint();
    };
    return h("section", { class: "card browser-notify", "data-testid": "browser-notifications" },
      h("h2", {}, t("settings.browser")),
      h("p", { class: "hint" }, t("settings.browser_hint")),
      h("p", { "data-testid": "notify-permission" }, t(`settings.permission.${state}`)),
      state === "default" ? h("button", { type: "button", "data-testid": "notify-ask", onclick: ask }, t("settings.browser_ask")) : null);
  }

  paint();
  onLangChange(paint);
}
