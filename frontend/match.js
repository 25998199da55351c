// The match page: header (game, seats, status, seed commitment), the board, the live connection.

import { h, fill } from "./common/dom.js";
import { t, getLang, onLangChange, render, hasKey } from "./common/i18n.js";
import { api } from "./common/api.js";
import { MatchConnection } from "./common/net.js";
import { BoardView, roleName } from "./common/board.js";

const localised = (v) => (v && typeof v === "object" ? v[getLang()] ?? v.en ?? Object.values(v)[0] : v ?? "");

/** The outcome as text: winner, reason (a catalogue key or plain text), score. */
export function outcomeText(outcome, catalogue) {
  const winner = outcome.winner ? t("match.winner", { winner: roleName(outcome.winner, catalogue) }) : t("match.draw");
  const key = [outcome.reason, `reason.${outcome.reason}`].find((k) => hasKey(catalogue, k));
  const reason = key ? render({ key, args: { ...outcome.score } }, catalogue) : outcome.reason;
  const score = Object.entries(outcome.score ?? {}).map(([r, n]) => `${roleName(r, catalogue)} ${n}`).join(" · ");
  return { winner, reason, score };
}

export async function mountMatch(root, matchId, session) {
  let summary;
  try {
    summary = await api.match(matchId);
  } catch (err) {
    root.append(h("p", { class: "notice" }, err.status === 404 ? t("match.not_found") : t("error.generic", { reason: err.reason })));
    return;
  }
  const [games, statics] = await Promise.all([api.games().catch(() => []), api.game(summary.game)]);
  const info = games.find((g) => g.id === summary.game);
  const catalogue = statics.messages ?? {};
  let state = null;
  let connStatus = "connecting";

  const head = h("header", { class: "match-head", "data-testid": "match-head" });
  const spectator = h("p", { class: "banner spectator", "data-testid": "spectator", hidden: true });
  const outcomeBox = h("div", { class: "banner outcome", "data-testid": "outcome", hidden: true });
  const boardRoot = h("div", {});
  root.append(head, spectator, outcomeBox, boardRoot);

  let conn = null;
  const board = await BoardView.create(boardRoot, statics, { interactive: true, send: (a) => conn.send(a) });

  function paintHead() {
    const name = localised(info?.names) || summary.game;
    const scenario = localised(info?.scenarios?.find((s) => s.id === summary.scenario)?.name) || summary.scenario;
    const myRole = state?.role ?? summary.my_role;
    const canJoin = session.user && !myRole && summary.status !== "finished";
    document.title = `${name} · ${t("app.name")}`;
    fill(head,
      h("h1", {}, name, h("small", {}, ` · ${scenario}`)),
      h("p", { class: "meta" },
        h("span", { class: `badge status-${summary.status}`, "data-testid": "status" }, t(`match.status.${summary.status}`)), " ",
        h("span", { class: `conn conn-${connStatus}`, "data-testid": "connection" }, t(connStatus === "open" ? "match.connected" : connStatus === "closed" ? "match.offline" : "match.connecting")), " ",
        h("span", {}, t("match.version", { n: state?.version ?? summary.version }))),
      h("ul", { class: "seats", "aria-label": t("match.seats") }, ...Object.entries(summary.seats ?? {}).map(([role, user]) =>
        h("li", { class: `seat${role === myRole ? " me" : ""}${(state?.view?.active ?? summary.to_move ?? []).includes(role) ? " to-move" : ""}` },
          `${roleName(role, catalogue)}: `, user ? h("b", {}, user) : h("i", {}, t("match.free")),
          canJoin && !user ? h("button", { type: "button", class: "join", "data-testid": `join-${summary.id}-${role}`, onclick: () => join(role) }, t("lobby.join", { role: roleName(role, catalogue) })) : null))),
      h("p", { class: "commitment" }, `${t("match.seed_commitment")}: `,
        h("code", { "data-testid": "seed-commitment", title: summary.seed_commitment }, summary.seed_commitment),
        summary.seeded ? h("span", { class: "badge seeded" }, t("match.seeded")) : null));
  }

  function paintBanners() {
    const myRole = state ? state.role : summary.my_role;
    spectator.hidden = Boolean(myRole);
    spectator.textContent = t("match.spectator");
    const outcome = state?.view?.outcome ?? summary.outcome;
    outcomeBox.hidden = !outcome;
    if (outcome) {
      const o = outcomeText(outcome, catalogue);
      fill(outcomeBox, h("strong", {}, o.winner), o.reason ? h("span", {}, ` — ${o.reason}`) : null,
        o.score ? h("span", { class: "score" }, ` (${t("match.score")}: ${o.score})`) : null, " ",
        h("a", { href: `/replay/${encodeURIComponent(matchId)}`, "data-testid": "replay-link" }, t("match.replay_link")));
    }
  }

  async function join(role) {
    try {
      summary = await api.join(matchId, role);
      paintHead();
      conn.requestSnapshot();
      if (!conn.isOpen) await conn.refresh();
    } catch (err) {
      board.showError(err.reason ?? String(err));
    }
  }

  conn = new MatchConnection(matchId, {
    onState(s) {
      const finished = s.view?.outcome && summary.status !== "finished";
      state = s;
      board.update(s.view, s.role);
      if (finished) api.match(matchId).then((m) => { summary = m; paintHead(); paintBanners(); }).catch(() => {});
      paintHead();
      paintBanners();
    },
    onSummary(m) {
      summary = { ...summary, ...m };
      paintHead();
      paintBanners();
    },
    onStatus(status) {
      connStatus = status;
      paintHead();
    },
    onError(reason) {
      board.showError(reason);
    },
  });

  paintHead();
  paintBanners();
  // The first picture comes over HTTP too, so the page shows something even if sockets are blocked.
  api.view(matchId).then((res) => {
    if (!state) conn.setState({ version: res.version, role: res.role ?? null, view: res.view });
  }).catch(() => {});
  conn.start();

  onLangChange((lang) => {
    board.setLang(lang);
    paintHead();
    paintBanners();
  });
}
