// The single page: routes by location.pathname.
//   /             the lobby
//   /match/<id>   play or watch a match
//   /replay/<id>  the replay of a finished match
//   /user/<name>  a player's profile: ratings, match history
//   /settings     the signed-in account's settings

import { h, fill } from "./common/dom.js";
import { t, getLang, setLang, onLangChange } from "./common/i18n.js";
import { api, currentUser } from "./common/api.js";
import { inbox, onInbox, pollInbox } from "./common/inbox.js";

export const session = { user: null };

export function route(pathname) {
  let m = pathname.match(/^\/match\/([^/]+)\/?$/);
  if (m) return { page: "match", id: decodeURIComponent(m[1]) };
  m = pathname.match(/^\/replay\/([^/]+)\/?$/);
  if (m) return { page: "replay", id: decodeURIComponent(m[1]) };
  m = pathname.match(/^\/user\/([^/]+)\/?$/);
  if (m) return { page: "user", name: decodeURIComponent(m[1]) };
  if (/^\/settings\/?$/.test(pathname)) return { page: "settings" };
  if (pathname === "/" || pathname === "/index.html" || pathname === "/static/index.html") return { page: "lobby" };
  return { page: "not_found" };
}

function header() {
  const userBox = h("div", { class: "user-box", "data-testid": "user" });
  const badge = h("a", { href: "/#notifications", class: "unread", "data-testid": "unread", hidden: true });
  const langButton = h("button", { type: "button", class: "lang", "data-testid": "lang" });
  const brand = h("a", { href: "/", class: "brand" });
  const bar = h("header", { class: "top" }, brand, userBox, langButton);
  const paint = () => {
    brand.textContent = t("app.name");
    langButton.textContent = t("lang.toggle");
    langButton.lang = getLang() === "ja" ? "en" : "ja"; // it names the other language, in that language
    langButton.setAttribute("aria-label", t("lang.toggle.label"));
    if (session.user) {
      const name = session.user.username;
      fill(userBox, h("span", {}, t("auth.signed_in", { name })), " ",
        h("a", { href: `/user/${encodeURIComponent(name)}`, "data-testid": "profile-link" }, t("nav.profile")), " ",
        h("a", { href: "/settings", "data-testid": "settings-link" }, t("nav.settings")), " ", badge, " ",
        h("button", { type: "button", class: "link", "data-testid": "logout", onclick: async () => {
          await api.logout().catch(() => {});
          location.reload();
        } }, t("auth.logout")));
      paintBadge(inbox());
    } else {
      fill(userBox);
    }
  };
  langButton.addEventListener("click", () => setLang(getLang() === "ja" ? "en" : "ja"));
  const paintBadge = ({ unread }) => {
    badge.hidden = !unread;
    badge.textContent = unread > 99 ? "99+" : String(unread);
    badge.title = t("inbox.unread", { n: unread });
    badge.setAttribute("aria-label", t("inbox.unread", { n: unread }));
  };
  onLangChange(paint);
  paint();
  onInbox(paintBadge);
  if (session.user) pollInbox();
  return bar;
}

async function main() {
  document.documentElement.lang = getLang();
  session.user = await currentUser().catch(() => null);
  const root = document.getElementById("app");
  const r = route(location.pathname);
  const page = h("main", { id: "page" });
  fill(root, header(), page);
  if (r.page === "lobby") (await import("./lobby.js")).mountLobby(page, session);
  else if (r.page === "match") (await import("./match.js")).mountMatch(page, r.id, session);
  else if (r.page === "replay") (await import("./replay.js")).mountReplay(page, r.id, session);
  else if (r.page === "user") (await import("./profile.js")).mountProfile(page, r.name, session);
  else if (r.page === "settings") (await import("./settings.js")).mountSettings(page, session);
  else page.append(h("p", { class: "notice" }, t("page.not_found")), h("a", { href: "/" }, t("nav.lobby")));
}

if (globalThis.document) main();
