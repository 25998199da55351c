// The match page: a one-bar header (game, seats, clocks, whose move, turn and phase, a menu with the
// seed commitment and the match's settings), the board (map first, the game's state beside it,
// then the match's controls, the log and the chat), the live connection.

import { h, fill } from "./common/dom.js";
import { t, getLang, onLangChange, render, hasKey, withPlatform } from "./common/i18n.js";
import { api } from "./common/api.js";
import { MatchConnection } from "./common/net.js";
import { BoardView, roleName } from "./common/board.js";
import { phaseLine, seatHolder, computerThinking } from "./common/roles.js";
import { AroundPanel } from "./common/around.js";
import { ChatPanel } from "./common/chat.js";
import { isMyMove, becameMyMove, notifyIfHidden } from "./common/notify.js";

const localised = (v) => (v && typeof v === "object" ? v[getLang()] ?? v.en ?? Object.values(v)[0] : v ?? "");

/** The outcome as text: winner (every seat of the winning side, where it has several), reason (a catalogue
 * key or plain text), score. */
export function outcomeText(outcome, catalogue) {
  const several = (outcome.winners ?? []).length > 1;
  const winner = !outcome.winner ? t("match.draw")
    : several ? t("match.winners", { winners: outcome.winners.map((r) => roleName(r, catalogue)).join(", ") })
      : t("match.winner", { winner: roleName(outcome.winner, catalogue) });
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
  statics.messages = withPlatform(statics.messages ?? {});
  const catalogue = statics.messages;
  let state = null;
  let connStatus = "connecting";
  const params = new URLSearchParams(location.search);
  const invite = params.get("invite");
  const invitedSeat = params.get("seat"); // the seat the link was made for
  if (invite && !session.user) {
    try {
      sessionStorage.setItem("after_login", `/match/${encodeURIComponent(matchId)}?invite=${encodeURIComponent(invite)}${invitedSeat ? `&seat=${encodeURIComponent(invitedSeat)}` : ""}`);
    } catch {
      // storage blocked: they open the link again
    }
  }

  const head = h("header", { class: "match-head", "data-testid": "match-head" });
  const spectator = h("span", { class: "badge spectator", "data-testid": "spectator", hidden: true });
  const outcomeBox = h("div", { class: "banner outcome", "data-testid": "outcome", hidden: true });
  const invited = h("p", { class: "banner invited", "data-testid": "invited", hidden: true });
  const aroundEl = h("section", { class: "around", "data-testid": "around" });
  const boardRoot = h("div", {});
  root.append(head, invited, outcomeBox, boardRoot);
  root.classList.add("match-page");

  let conn = null;
  const board = await BoardView.create(boardRoot, statics, { interactive: true, send: (a) => conn.send(a), viewKey: `match:${matchId}` });
  const myRole = () => state?.role ?? summary.my_role ?? null;
  const around = new AroundPanel(aroundEl, {
    matchId,
    sideName: (r) => roleName(r, catalogue),
    version: () => state?.version ?? summary.version,
    onSummary: (m) => setSummary(m),
    afterUndo: () => (conn.isOpen ? undefined : conn.refresh()),
  });
  const chatEl = h("section", { class: "chat", "data-testid": "chat" });
  board.stateEl.after(aroundEl);
  board.sideEl.append(chatEl);
  const chat = new ChatPanel(chatEl, { send: (text) => api.say(matchId, text) });
  const chatContext = () => {
    const role = myRole();
    const over = summary.status === "finished";
    chat.setContext({ canWrite: Boolean(session.user), me: session.user?.username ?? null, player: Boolean(role), showChannel: !role || over });
  };
  const menuSummary = h("summary", { "data-testid": "match-menu" });
  const menuBody = h("div", { class: "match-menu-body" });
  const menu = h("details", { class: "match-menu" }, menuSummary, menuBody);
  document.addEventListener("click", (e) => {
    if (menu.open && !menu.contains(e.target)) menu.open = false; // a menu closes when the reader turns away
  });
  const loadChat = () => api.chat(matchId).then((list) => chat.setMessages(list)).catch(() => {});

  function paintHead() {
    const name = localised(info?.names) || summary.game;
    const scenario = localised(info?.scenarios?.find((s) => s.id === summary.scenario)?.name) || summary.scenario;
    const myRole = state?.role ?? summary.my_role;
    const canJoin = session.user && !myRole && summary.status !== "finished";
    const phase = phaseLine(state?.view, catalogue);
    document.title = `${name} · ${t("app.name")}`;
    fill(head,
      h("h1", { title: `${name} · ${scenario}` }, name, h("small", {}, ` · ${scenario}`)),
      h("ul", { class: "seats", "aria-label": t("match.seats") }, ...Object.entries(summary.seats ?? {}).map(([role, user]) =>
        h("li", { class: `seat${role === myRole ? " me" : ""}${(state?.view?.active ?? summary.to_move ?? []).includes(role) ? " to-move" : ""}` },
          `${roleName(role, catalogue)}: `, user ? h("b", { "data-testid": `seat-holder-${role}` }, seatHolder(summary, role, user)) : h("i", {}, t("match.free")),
          canJoin && !user ? h("button", { type: "button", class: "join", "data-testid": `join-${summary.id}-${role}`, onclick: () => join(role) }, t("lobby.join", { role: roleName(role, catalogue) })) : null))),
      around.clocksEl, board.turnEl,
      phase ? h("span", { class: "phase-line", "data-testid": "phase-line" }, phase) : null,
      computerThinking(summary, state?.view?.outcome ? [] : state?.view?.active)
        ? h("span", { class: "badge thinking", role: "status", "data-testid": "computer-thinking" }, t("computer.thinking")) : null,
      Object.keys(summary.computer ?? {}).length
        ? h("span", { class: "badge unrated", "data-testid": "not-rated", title: t("computer.not_rated_title") }, t("computer.not_rated")) : null,
      spectator,
      h("p", { class: "meta" },
        h("span", { class: `conn conn-${connStatus}`, "data-testid": "connection", title: t(connStatus === "open" ? "match.connected" : connStatus === "closed" ? "match.offline" : "match.connecting") },
          t(connStatus === "open" ? "match.connected" : connStatus === "closed" ? "match.offline" : "match.connecting")), " ",
        h("span", {}, t("match.version", { n: state?.version ?? summary.version }))),
      menu);
    // the menu keeps its node (and so whether it is open) across repaints
    fill(menuBody,
      // on a phone the seats are here, not in the bar
      h("ul", { class: "menu-seats" }, ...Object.entries(summary.seats ?? {}).map(([role, user]) =>
        h("li", {}, `${roleName(role, catalogue)}: `, user ? h("b", {}, seatHolder(summary, role, user)) : h("i", {}, t("match.free"))))),
      h("p", {}, h("span", { class: `badge status-${summary.status}`, "data-testid": "status" }, t(`match.status.${summary.status}`))),
      h("p", { class: "commitment" }, `${t("match.seed_commitment")}: `,
        h("code", { "data-testid": "seed-commitment", title: summary.seed_commitment }, summary.seed_commitment),
        summary.seeded ? h("span", { class: "badge seeded" }, t("match.seeded")) : null),
      around.settingsEl);
    menuSummary.textContent = t("match.details");
  }

  function paintBanners() {
    const role = myRole();
    spectator.hidden = Boolean(role);
    spectator.textContent = t("match.watching");
    spectator.title = t("match.spectator");
    const free = Object.entries(summary.seats ?? {}).filter(([, u]) => !u).map(([r]) => r)
      .filter((r) => !invitedSeat || r === invitedSeat);
    invited.hidden = !(invite && !role && free.length && summary.status !== "finished");
    if (!invited.hidden) {
      fill(invited, t(session.user ? "invite.invited" : "invite.login_first"), " ",
        ...(session.user ? free.map((r) => h("button", { type: "button", class: "join", "data-testid": `accept-invite-${r}`, onclick: () => join(r) },
          t("lobby.join", { role: roleName(r, catalogue) }))) : [h("a", { href: "/" }, t("nav.lobby"))]));
    }
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
      setSummary(await api.join(matchId, role, invite));
      if (invite) history.replaceState(null, "", `/match/${encodeURIComponent(matchId)}`);
      conn.requestSnapshot();
      if (!conn.isOpen) await conn.refresh();
    } catch (err) {
      board.showError(err.reason ?? String(err));
    }
  }

  // "Your move" while the tab is hidden: a browser notification (if the reader allowed them).
  let wasMine = null;
  function checkTurn() {
    const active = state?.view?.active ?? summary.to_move ?? [];
    const mine = isMyMove(myRole(), active, Boolean(state?.view?.outcome ?? summary.outcome));
    if (becameMyMove(wasMine, mine)) {
      const others = Object.entries(summary.seats ?? {}).filter(([r, u]) => r !== myRole() && u).map(([, u]) => u);
      notifyIfHidden(t("notify.your_move"), [localised(info?.names) || summary.game, ...others].join(" · "), { tag: `move-${matchId}` });
    }
    wasMine = mine;
  }

  function setSummary(m) {
    const before = summary;
    summary = { ...summary, ...m };
    delete summary.type;
    paintHead();
    paintBanners();
    around.update(summary, myRole());
    chatContext();
    if (before.status !== summary.status || before.my_role !== summary.my_role) loadChat();
    checkTurn();
  }

  // The summary (clocks, undo steps, offers) is fetched again after the view moves on, unless a
  // summary message for that version came meanwhile.
  let summaryTimer = null;
  function summaryFollows() {
    clearTimeout(summaryTimer);
    summaryTimer = setTimeout(() => {
      if (state && (summary.version ?? 0) < state.version) api.match(matchId).then(setSummary).catch(() => {});
    }, 300);
  }

  conn = new MatchConnection(matchId, {
    onState(s) {
      const finished = s.view?.outcome && summary.status !== "finished";
      const moved = !state || s.version !== state.version || s.role !== state.role;
      state = s;
      board.update(s.view, s.role);
      if (finished) api.match(matchId).then(setSummary).catch(() => {});
      else if (moved) summaryFollows();
      paintHead();
      paintBanners();
      around.update(summary, myRole());
      checkTurn();
    },
    onSummary(m) {
      setSummary(m);
    },
    onChat(message) {
      chat.add(message);
    },
    onStatus(status) {
      // a message written before the socket was open (or while it was down) comes with the history
      if (status === "open" && connStatus !== "open") loadChat();
      connStatus = status;
      paintHead();
    },
    onError(reason) {
      board.showError(reason);
    },
  });

  paintHead();
  paintBanners();
  around.update(summary, myRole());
  chatContext();
  loadChat();
  // The first picture comes over HTTP too, so the page shows something even if sockets are blocked.
  api.view(matchId).then((res) => {
    if (!state) conn.setState({ version: res.version, role: res.role ?? null, view: res.view });
  }).catch(() => {});
  conn.start();

  onLangChange((lang) => {
    board.setLang(lang);
    paintHead();
    paintBanners();
    around.repaint();
    chat.texts();
  });
}
