// /user/<name>: a player's ratings per game and match history (GET /api/users/{name}).

import { h, fill } from "./common/dom.js";
import { t, getLang, onLangChange } from "./common/i18n.js";
import { api } from "./common/api.js";

const localised = (v) => (v && typeof v === "object" ? v[getLang()] ?? v.en ?? Object.values(v)[0] : v ?? "");

/** "+12", "−8", "±0"; "" when either rating is missing. */
export function ratingChange(before, after) {
  if (typeof before !== "number" || typeof after !== "number") return "";
  const d = Math.round(after - before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "±0";
}

export async function mountProfile(root, name, session) {
  const box = h("div", { class: "profile", "data-testid": "profile" });
  root.append(box);
  let user, games;
  try {
    [user, games] = await Promise.all([api.user(name), api.games().catch(() => [])]);
  } catch (err) {
    box.append(h("p", { class: "notice" }, err.status === 404 ? t("profile.not_found") : t("error.generic", { reason: err.reason ?? String(err) })));
    return;
  }
  const gameName = (id) => localised(games.find((g) => g.id === id)?.names) || id;
  const roleName = (gid, role) => localised(games.find((g) => g.id === gid)?.role_names?.[role]) || role;
  const date = (iso) => (iso ? new Date(iso).toLocaleDateString(getLang() === "ja" ? "ja-JP" : "en-GB") : "");

  const paint = () => {
    document.title = `${user.username} · ${t("app.name")}`;
    const ratings = user.ratings ?? [];
    const matches = user.matches ?? [];
    fill(box,
      h("h1", {}, user.username, session.user?.username === user.username ? h("small", {}, ` · ${t("profile.you")}`) : null),
      h("section", { class: "card" }, h("h2", {}, t("profile.ratings")),
        ratings.length ? h("table", { class: "ratings", "data-testid": "ratings" },
          h("thead", {}, h("tr", {}, h("th", {}, t("lobby.game")), h("th", {}, t("profile.rating")), h("th", {}, t("profile.rd")), h("th", {}, t("profile.games")))),
          h("tbody", {}, ...ratings.map((r) => h("tr", { "data-game": r.game },
            h("td", {}, gameName(r.game)), h("td", { class: "num" }, String(Math.round(r.rating))),
            h("td", { class: "num" }, `±${Math.round(r.rd ?? 0)}`), h("td", { class: "num" }, String(r.games ?? 0))))))
          : h("p", { class: "none" }, t("profile.no_ratings"))),
      h("section", { class: "card" }, h("h2", {}, t("profile.history")),
        matches.length ? h("table", { class: "history", "data-testid": "history" },
          h("thead", {}, h("tr", {}, h("th", {}, t("profile.date")), h("th", {}, t("lobby.game")), h("th", {}, t("profile.side")),
            h("th", {}, t("profile.opponent")), h("th", {}, t("profile.result")), h("th", {}, t("profile.change")), h("th", {}))),
          h("tbody", {}, ...matches.map((m) => {
            const change = ratingChange(m.rating_before, m.rating_after);
            const finished = m.status === "finished";
            return h("tr", { class: m.result ? `result-${m.result}` : null, "data-match": m.id },
              h("td", {}, date(m.updated_at)), h("td", {}, gameName(m.game)), h("td", {}, roleName(m.game, m.role)),
              h("td", {}, m.opponent ? h("a", { href: `/user/${encodeURIComponent(m.opponent)}` }, m.opponent) : "—"),
              h("td", {}, m.result ? t(`profile.result.${m.result}`) : t(`match.status.${m.status}`)),
              h("td", { class: `num change${change.startsWith("+") ? " up" : change.startsWith("−") ? " down" : ""}` }, change),
              h("td", {}, h("a", { href: `/${finished ? "replay" : "match"}/${encodeURIComponent(m.id)}` }, t(finished ? "lobby.replay" : "lobby.open_match"))));
          })))
          : h("p", { class: "none" }, t("lobby.none"))));
  };
  paint();
  onLangChange(paint);
}
