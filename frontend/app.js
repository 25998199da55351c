// The single page: routes by location.pathname.
//   /             the lobby
//   /match/<id>   play or watch a match
//   /replay/<id>  the replay of a finished match

import { h, fill } from "./common/dom.js";
import { t, getLang, setLang, onLangChange } from "./common/i18n.js";
import { api, currentUser } from "./common/api.js";

export const session = { user: null };

export function route(pathname) {
  let m = pathname.match(/^\/match\/([^/]+)\/?$/);
  if (m) return { page: "match", id: decodeURIComponent(m[1]) };
  m = pathname.match(/^\/replay\/([^/]+)\/?$/);
  if (m) return { page: "replay", id: decodeURIComponent(m[1]) };
  if (pathname === "/" || pathname === "/index.html" || pathname === "/static/index.html") return { page: "lobby" };
  return { page: "not_found" };
}

function header() {
  const userBox = h("div", { class: "user-box", "data-testid": "user" });
  const langButton = h("button", { type: "button", class: "lang", "data-testid": "lang" });
  const brand = h("a", { href: "/", class: "brand" });
  const bar = h("header", { class: "top" }, brand, userBox, langButton);
  const paint = () => {
    brand.textContent = t("app.name");
    langButton.textContent = t("lang.toggle");
    langButton.setAttribute("aria-label", t("lang.toggle.label"));
    if (session.user) {
      fill(userBox, h("span", {}, t("auth.signed_in", { name: session.user.username })), " ",
        h("button", { type: "button", class: "link", "data-testid": "logout", onclick: async () => {
          await api.logout().catch(() => {});
          location.reload();
        } }, t("auth.logout")));
    } else {
      fill(userBox);
    }
  };
  langButton.addEventListener("click", () => setLang(getLang() === "ja" ? "en" : "ja"));
  onLangChange(paint);
  paint();
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
  else page.append(h("p", { class: "notice" }, t("page.not_found")), h("a", { href: "/" }, t("nav.lobby")));
}

if (globalThis.document) main();
