// The lobby: accounts, games, creating and joining matches, and the lists of matches.

import { h, fill } from "./common/dom.js";
import { t, getLang, onLangChange } from "./common/i18n.js";
import { api } from "./common/api.js";
import { clockKindText } from "./common/clock.js";
import { inviteRow } from "./common/around.js";
import { onInbox, markRead, itemText } from "./common/inbox.js";
import { seatHolder } from "./common/roles.js";

/** The create form's opponent choices for a game: a person, or each computer level with its record. */
export function opponentChoices(game) {
  const levels = (game?.computer_levels ?? []).map((l) => ({
    value: l.id,
    label: t("lobby.opponent_computer", {
      level: t(`computer.level.${l.id}`),
      record: t("lobby.record", { won: l.record?.won ?? 0, lost: l.record?.lost ?? 0, drawn: l.record?.drawn ?? 0 }),
    }),
  }));
  return [{ value: "", label: t("lobby.opponent_person") }, ...levels];
}

/**
 * The seats a new match of ``scenarioId`` offers: the scenario's ``seats`` from GET /api/games (for the
 * default options; the server checks the chosen role against the match's own), else the game's roles.
 */
export function scenarioSeats(game, scenarioId) {
  const scenarios = game?.scenarios ?? [];
  const chosen = scenarios.find((s) => s.id === scenarioId) ?? scenarios[0];
  return chosen?.seats ?? game?.roles ?? [];
}

/** A match's seats in order, each [role, player name or null], and the free ones a visitor may take. */
export function matchSeats(m, signedIn) {
  const seats = Object.entries(m?.seats ?? {});
  const canJoin = Boolean(signedIn) && !m.my_role && m.status !== "finished";
  return { seats, joinable: canJoin ? seats.filter(([, u]) => !u).map(([role]) => role) : [] };
}

/** The computer seats of a new match: every seat but the creator's, at ``level`` (none: no computer). */
export function computerSeats(roles, myRole, level) {
  if (!level) return null;
  return Object.fromEntries(roles.filter((r) => r !== myRole).map((r) => [r, level]));
}

/** "5 minutes ago" in the reader's language, from an ISO time (now: a Date, for tests). */
export function timeAgo(iso, lang = getLang(), now = new Date()) {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return "";
  const units = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60]];
  const [unit, size] = units.find(([, n]) => Math.abs(seconds) >= n) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(lang === "ja" ? "ja" : "en", { numeric: "auto" }).format(Math.round(seconds / size), unit);
}

/**
 * The lobby's sections, each match in exactly one: your move, waiting for the opponent (both of
 * your seats), open (waiting for players), live to watch, finished. `lists` are the server's lists
 * (mine, open, live, finished); a match in several is shown once, from your own list first (it
 * knows your seat).
 */
export function sections(lists) {
  const out = { your_move: [], waiting: [], open: [], live: [], finished: [] };
  const seen = new Set();
  const place = (m) => {
    if (seen.has(m.id)) return;
    seen.add(m.id);
    const key = m.status === "open" ? "open" : m.status === "finished" ? "finished"
      : m.my_role ? (m.my_turn ? "your_move" : "waiting") : "live";
    out[key].push(m);
  };
  for (const key of ["mine", "open", "live", "finished"]) (lists[key] ?? []).forEach(place);
  return out;
}

const localised = (v) => (v && typeof v === "object" ? v[getLang()] ?? v.en ?? Object.values(v)[0] : v ?? "");
const fallbackRole = (role) => role.charAt(0).toUpperCase() + role.slice(1).replace(/_/g, " ");

/** The page to return to after logging in (a match's invitation link), once; only /match/ paths. */
export function afterLogin(storage = globalThis.sessionStorage) {
  try {
    const next = storage?.getItem("after_login");
    storage?.removeItem("after_login");
    return typeof next === "string" && /^\/match\/[^/?#]+\?invite=[\w-]+(&seat=[\w-]+)?$/.test(next) ? next : null;
  } catch {
    return null;
  }
}

/** The create form's defaults for what is around the game: clock, rating, privacy. */
export const AROUND_DEFAULTS = { clock: "none", minutes: 30, increment: 20, days: 3, cap: 7, rated: true, private: false, on_timeout: "claim" };

/** POST /api/matches fields from the form's choices (minutes and days become seconds). */
export function aroundBody(d) {
  const num = (v, min = 0) => Math.max(min, Number(v) || 0);
  const body = { rated: Boolean(d.rated), private: Boolean(d.private) };
  if (d.clock === "live") {
    body.clock = { kind: "live", initial: Math.round(num(d.minutes, 1 / 60) * 60), increment: Math.round(num(d.increment)) };
  } else if (d.clock === "correspondence") {
    const perMove = Math.round(num(d.days, 1 / 24) * 86400);
    body.clock = { kind: "correspondence", per_move: perMove, cap: Math.max(perMove, Math.round(num(d.cap) * 86400)) };
  } else {
    body.clock = { kind: "none" };
  }
  if (body.clock.kind !== "none") body.on_timeout = ["claim", "loss", "draw"].includes(d.on_timeout) ? d.on_timeout : "claim";
  return body;
}

export function mountLobby(root, session) {
  let games = [];
  let lists = { mine: [], open: [], finished: [], live: [] };
  // Each list is read a page at a time (the Link header names the next one); "More" reads one more,
  // and a refresh reads again as many pages as are shown.
  const pages = { mine: 1, open: 1, finished: 1, live: 1 };
  const more = { mine: null, open: null, finished: null, live: null };
  const auth = h("section", { class: "card auth" });
  const inboxBox = h("section", { class: "card inbox", id: "notifications", "data-testid": "notifications", hidden: true });
  const create = h("section", { class: "card create" });
  const listsBox = h("div", { class: "lists" });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  root.append(h("div", { class: "lobby" }, error, inboxBox, h("div", { class: "lobby-top" }, auth, create), listsBox));

  // Seat names in the reader's language, from GET /api/games (role_names), else the role id.
  const roleLabel = (role, gid) => {
    const named = (gid ? [games.find((g) => g.id === gid)] : games).map((g) => g?.role_names?.[role]).find(Boolean);
    return localised(named) || fallbackRole(role);
  };
  const gameName = (id) => localised(games.find((g) => g.id === id)?.names) || id;
  const scenarioName = (gid, sid) => localised(games.find((g) => g.id === gid)?.scenarios?.find((s) => s.id === sid)?.name) || sid;
  const showError = (msg) => {
    error.textContent = msg ?? "";
    error.hidden = !msg;
  };

  function authForm(kind) {
    const user = h("input", { name: "username", autocomplete: "username", required: true, maxlength: 64 });
    const pass = h("input", { name: "password", type: "password", required: true, autocomplete: kind === "register" ? "new-password" : "current-password" });
    const msg = h("p", { class: "error", role: "alert", hidden: true });
    const form = h("form", { class: "auth-form", "data-testid": `${kind}-form` },
      h("h2", {}, t(kind === "register" ? "auth.register" : "auth.login")),
      h("label", {}, t("auth.username"), user), h("label", {}, t("auth.password"), pass),
      h("button", { type: "submit" }, t(kind === "register" ? "auth.register" : "auth.login")), msg);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        session.user = await (kind === "register" ? api.register : api.login)(user.value, pass.value);
        const next = afterLogin();
        if (next) location.href = next; // back to the invitation that sent them here
        else location.reload(); // the header, the lists and the forms all change
      } catch (err) {
        msg.textContent = err.reason ?? String(err);
        msg.hidden = false;
      }
    });
    return form;
  }

  function paintAuth() {
    if (session.user) {
      fill(auth, h("p", {}, t("auth.signed_in", { name: session.user.username })),
        h("button", { type: "button", "data-testid": "logout-lobby", onclick: async () => {
          await api.logout().catch(() => {});
          location.reload();
        } }, t("auth.logout")));
    } else {
      fill(auth, h("p", { class: "hint" }, t("lobby.login_to_play")), h("div", { class: "auth-forms" }, authForm("login"), authForm("register")));
    }
  }

  // What the person has chosen in the create form, kept across repaints (language change, games loaded).
  const draft = { game: null, scenario: null, role: null, opponent: "", seed: "", options: {}, around: { ...AROUND_DEFAULTS } };

  // Time control, rating, privacy: fields bound to draft.around.
  function aroundFields() {
    const a = draft.around;
    const bind = (el, key, kind = "input") => {
      if (el.type === "checkbox") el.checked = Boolean(a[key]);
      else el.value = String(a[key]);
      el.addEventListener(kind, () => {
        a[key] = el.type === "checkbox" ? el.checked : el.value;
        show();
      });
      return el;
    };
    const number = (name, key, attrs) => bind(h("input", { type: "number", name, step: "any", ...attrs }), key);
    const kind = bind(h("select", { name: "clock" }, ...["none", "live", "correspondence"].map((k) => h("option", { value: k }, t(`create.clock.${k}`)))), "clock", "change");
    const live = h("div", { class: "clock-fields", "data-testid": "clock-live" },
      h("label", {}, t("create.minutes"), number("clock-minutes", "minutes", { min: 1, max: 600 })),
      h("label", {}, t("create.increment"), number("clock-increment", "increment", { min: 0, max: 600 })));
    const corr = h("div", { class: "clock-fields", "data-testid": "clock-correspondence" },
      h("label", {}, t("create.days"), number("clock-days", "days", { min: 1, max: 30 })),
      h("label", {}, t("create.cap"), number("clock-cap", "cap", { min: 1, max: 60 })));
    const timeout = h("label", {}, t("create.on_timeout"),
      bind(h("select", { name: "on_timeout" }, ...["claim", "loss", "draw"].map((k) => h("option", { value: k }, t(`timeout.${k}`)))), "on_timeout", "change"));
    const show = () => {
      live.hidden = a.clock !== "live";
      corr.hidden = a.clock !== "correspondence";
      timeout.hidden = a.clock === "none";
    };
    show();
    return h("fieldset", { class: "around-fields", "data-testid": "around-fields" },
      h("legend", {}, t("create.time_control")), h("label", {}, t("create.clock"), kind), live, corr, timeout,
      h("label", { class: "check" }, bind(h("input", { type: "checkbox", name: "rated" }), "rated", "change"), " ", t("create.rated")),
      h("label", { class: "check" }, bind(h("input", { type: "checkbox", name: "private" }), "private", "change"), " ", t("create.private")));
  }

  function paintCreate() {
    if (!session.user) { // guests watch; creating a match needs an account
      fill(create, h("h2", {}, t("lobby.create")), h("p", { class: "hint", "data-testid": "login-to-create" }, t("lobby.login_to_create")));
      return;
    }
    const game = h("select", { name: "game", required: true }, ...games.map((g) => h("option", { value: g.id }, localised(g.names) || g.id)));
    if (draft.game && games.some((g) => g.id === draft.game)) game.value = draft.game;
    const scenario = h("select", { name: "scenario" });
    const role = h("select", { name: "role" });
    const opponent = h("select", { name: "opponent", "data-testid": "opponent" });
    const computerHint = h("p", { class: "hint", "data-testid": "computer-hint", hidden: true }, t("lobby.computer_hint"));
    const submit = h("button", { type: "submit" }, t("lobby.create_button"));
    const seed = h("input", { name: "seed", pattern: "[0-9a-fA-F]*", maxlength: 128, placeholder: t("a11y.seed_placeholder"), autocomplete: "off" });
    seed.value = draft.seed;
    const msg = h("p", { class: "error", role: "alert", hidden: true });
    // The game's match options (e.g. fog of war), each a select of its allowed values.
    const optionsBox = h("div", { class: "match-options", "data-testid": "match-options" });
    let optionInputs = [];
    const optionLabel = (v, spec) => localised(spec.choice_names?.[String(v)]) ||
      (v === true ? t("lobby.option_on") : v === false ? t("lobby.option_off") : String(v));
    const keep = (select, value) => {
      if (value !== null && [...select.options].some((o) => o.value === value)) select.value = value;
    };
    const sync = () => {
      const g = games.find((x) => x.id === game.value);
      optionInputs = (g?.options ?? []).filter((o) => (o.choices ?? []).length > 1).map((o) => {
        const chosen = draft.game === g?.id && o.id in draft.options ? draft.options[o.id] : o.default;
        const select = h("select", { name: `option-${o.id}` },
          ...o.choices.map((c, i) => h("option", { value: String(i), selected: c === chosen ? "" : null }, optionLabel(c, o))));
        select.addEventListener("change", () => {
          draft.game = g.id;
          draft.options[o.id] = o.choices[Number(select.value)];
        });
        return { spec: o, select };
      });
      fill(optionsBox, ...optionInputs.map(({ spec, select }) => h("label", {}, localised(spec.name) || spec.id, select)));
      fill(scenario, ...(g?.scenarios ?? []).map((s) => h("option", { value: s.id }, localised(s.name) || s.id)));
      const choices = opponentChoices(g);
      fill(opponent, ...choices.map((c) => h("option", { value: c.value }, c.label)));
      if (draft.game === g?.id) {
        keep(scenario, draft.scenario);
        keep(opponent, draft.opponent);
      }
      fillRoles();
    };
    // The role choice: the seats of the chosen scenario (it changes with the scenario), or watching.
    const fillRoles = () => {
      const g = games.find((x) => x.id === game.value);
      fill(role, ...scenarioSeats(g, scenario.value).map((r) => h("option", { value: r }, roleLabel(r, g?.id))),
        h("option", { value: "" }, t("lobby.watch_only")));
      if (draft.game === g?.id) keep(role, draft.role);
      opponentChanged();
    };
    // Against the computer: no rating (the server never rates such a match), and a seat of your own.
    const opponentChanged = () => {
      const vsComputer = Boolean(opponent.value);
      computerHint.hidden = !vsComputer;
      submit.textContent = t(vsComputer ? "lobby.play_computer" : "lobby.create_button");
      const rated = form?.querySelector("input[name=rated]");
      if (rated) {
        rated.disabled = vsComputer;
        if (vsComputer) rated.checked = false;
        else rated.checked = Boolean(draft.around.rated);
      }
      if (vsComputer && !role.value && role.options.length > 1) role.value = role.options[0].value;
    };
    opponent.addEventListener("change", () => { draft.game = game.value; draft.opponent = opponent.value; opponentChanged(); });
    game.addEventListener("change", () => {
      Object.assign(draft, { game: game.value, scenario: null, role: null, options: {} });
      sync();
    });
    scenario.addEventListener("change", () => { draft.game = game.value; draft.scenario = scenario.value; fillRoles(); });
    role.addEventListener("change", () => { draft.game = game.value; draft.role = role.value; });
    seed.addEventListener("input", () => { draft.seed = seed.value; });
    let form = null;
    sync();
    form = h("form", { class: "create-form", "data-testid": "create-form" },
      h("h2", {}, t("lobby.create")),
      h("label", {}, t("lobby.game"), game), h("label", {}, t("lobby.scenario"), scenario),
      h("label", {}, t("lobby.role"), role), h("label", {}, t("lobby.opponent"), opponent), computerHint,
      optionsBox, aroundFields(), h("label", {}, t("lobby.seed"), seed),
      submit, msg);
    opponentChanged();
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const body = { game: game.value, scenario: scenario.value || null, role: role.value || null, ...aroundBody(draft.around) };
      if (seed.value.trim()) body.seed = seed.value.trim();
      const g = games.find((x) => x.id === game.value);
      const bots = computerSeats(scenarioSeats(g, scenario.value), body.role, opponent.value);
      if (bots) Object.assign(body, { computer: bots, rated: false });
      if (optionInputs.length) body.options = Object.fromEntries(optionInputs.map(({ spec, select }) => [spec.id, spec.choices[Number(select.value)]]));
      try {
        const created = await api.createMatch(body);
        location.href = `/match/${encodeURIComponent(created.id)}`;
      } catch (err) {
        msg.textContent = err.reason ?? String(err);
        msg.hidden = false;
      }
    });
    fill(create, form);
  }

  function matchItem(m) {
    const { seats, joinable } = matchSeats(m, session.user);
    const mine = m.my_turn && m.status !== "finished";
    const li = h("li", { class: `match-item status-${m.status}${mine ? " my-turn" : ""}`, "data-match": m.id },
      h("div", { class: "match-title" },
        h("a", { href: `/match/${encodeURIComponent(m.id)}` }, `${gameName(m.game)} · ${scenarioName(m.game, m.scenario)}`),
        " ", h("span", { class: "badge" }, t(`match.status.${m.status}`)),
        m.seeded ? h("span", { class: "badge seeded", title: t("match.seeded") }, t("match.seeded_badge")) : null,
        m.clock && m.clock.kind !== "none" ? h("span", { class: `badge clock-kind clock-${m.clock.kind}`, "data-testid": `clock-kind-${m.id}` }, clockKindText(m.clock)) : null,
        m.rated === false ? h("span", { class: "badge unrated" }, t("match.unrated")) : null,
        m.private ? h("span", { class: "badge private" }, t("match.private")) : null,
        mine ? h("span", { class: "badge turn" }, t("lobby.your_turn")) : null),
      h("div", { class: "match-seats" }, ...seats.map(([role, user]) =>
        h("span", { class: `seat${role === m.my_role ? " me" : ""}`, "data-testid": `seat-${m.id}-${role}` }, `${roleLabel(role, m.game)}: `,
          user ? h("b", {}, seatHolder(m, role, user)) : h("i", {}, t("match.free")),
          user && !m.computer?.[role] ? h("span", { class: "rating", "data-testid": `rating-${m.id}-${role}` },
            ` (${m.ratings?.[role] ?? t("lobby.unrated_player")})`) : null))),
      progressLine(m),
      h("div", { class: "match-actions" },
        ...joinable.map((role) => h("button", {
          type: "button", class: "join", "data-testid": `join-${m.id}-${role}`,
          onclick: async () => {
            try {
              await api.join(m.id, role);
              location.href = `/match/${encodeURIComponent(m.id)}`;
            } catch (err) {
              showError(err.reason ?? String(err));
            }
          },
        }, t("lobby.join", { role: roleLabel(role, m.game) }))),
        m.status === "finished"
          ? h("a", { class: "button", href: `/replay/${encodeURIComponent(m.id)}`, "data-testid": `replay-${m.id}` }, t("lobby.replay"))
          : h("a", { class: "button", href: `/match/${encodeURIComponent(m.id)}` }, m.my_role ? t("lobby.open_match") : t("lobby.watch")),
        !mine && m.status === "active" && m.to_move?.length ? h("span", { class: "to-move" }, t("lobby.their_turn", { roles: m.to_move.map((r) => roleLabel(r, m.game)).join(", ") })) : null),
      Object.keys(m.invites ?? {}).length ? h("div", { class: "invites", "data-testid": `invites-${m.id}` },
        ...Object.entries(m.invites).map(([role, url]) => inviteRow(role, url, (r) => roleLabel(r, m.game)))) : null);
    return li;
  }

  /** Turn and phase (public), and how long ago the last move was. */
  function progressLine(m) {
    const p = m.progress;
    const parts = [];
    if (p?.turn !== null && p?.turn !== undefined) parts.push(t(p.turns ? "lobby.turn_of" : "lobby.turn", { turn: p.turn, turns: p.turns }));
    if (p?.phase) parts.push(localised(p.phase));
    const recent = m.moved_at && Date.now() - new Date(m.moved_at).getTime() < 60000;
    if (m.status !== "open") parts.push(!m.moved_at ? t("lobby.no_move") : recent ? t("lobby.moved_now") : t("lobby.moved", { ago: timeAgo(m.moved_at) }));
    return parts.length ? h("div", { class: "match-progress", "data-testid": `progress-${m.id}` }, parts.join(" · ")) : null;
  }

  function paintLists() {
    const shown = sections(lists);
    const section = (key, items, testid, source = key) => h("section", { class: "card match-list", "data-testid": testid },
      h("h2", {}, t(`lobby.${key}`)),
      items.length ? h("ul", {}, ...items.map(matchItem)) : h("p", { class: "none" }, t("lobby.none")),
      more[source] ? h("button", { type: "button", class: "more", "data-testid": `more-${testid}`, onclick: () => showMore(source) }, t("lobby.more")) : null);
    fill(listsBox,
      // your own seats, by whose move it is; "More" reads more of your list
      session.user ? h("div", { class: "my-matches", "data-testid": "my-matches" },
        section("your_move", shown.your_move, "your-move", null),
        section("waiting", shown.waiting, "waiting-matches", "mine")) : null,
      section("open", shown.open, "open-matches"),
      section("live", shown.live, "live-matches"),
      section("finished", shown.finished, "finished-matches"));
  }

  /** The first `pages[status]` pages of a list; a match that moved between pages is shown once. */
  async function load(status) {
    let items = [];
    let page = await api.matchesPage(status);
    items = items.concat(page.items);
    for (let n = 1; n < pages[status] && page.next; n++) {
      page = await api.matchesPage(status, page.next);
      items = items.concat(page.items);
    }
    const seen = new Set();
    lists[status] = items.filter((m) => !seen.has(m.id) && seen.add(m.id));
    more[status] = page.next;
  }

  async function showMore(status) {
    pages[status] += 1;
    try {
      await load(status);
    } catch (err) {
      pages[status] -= 1;
      showError(t("error.generic", { reason: err.reason ?? String(err) }));
    }
    paintLists();
  }

  async function refresh() {
    const want = ["open", "finished", ...(session.user ? ["mine"] : [])];
    try {
      await Promise.all(want.map(load));
      await load("live").catch(() => { lists.live = []; }); // a server without play-by-web answers 422
      showError("");
    } catch (err) {
      showError(err.status === 0 ? t("error.network") : t("error.generic", { reason: err.reason ?? String(err) }));
    }
    paintLists();
  }

  let inboxData = { unread: 0, items: [] };
  function paintInbox() {
    const { unread, items } = inboxData;
    inboxBox.hidden = !session.user || items.length === 0;
    if (inboxBox.hidden) return fill(inboxBox);
    const fail = (err) => showError(t("error.generic", { reason: err.reason ?? String(err) }));
    fill(inboxBox,
      h("h2", {}, t("inbox.title"), unread ? h("span", { class: "badge unread-count", "data-testid": "inbox-unread" }, String(unread)) : null),
      unread ? h("button", { type: "button", class: "link", "data-testid": "inbox-read-all", onclick: () => markRead("all").catch(fail) }, t("inbox.read_all")) : null,
      h("ul", { class: "inbox-list" }, ...items.map((n) => h("li", { class: `inbox-item${n.read ? "" : " unread"}`, "data-notification": n.id },
        h("a", { href: n.url || (n.match_id ? `/match/${encodeURIComponent(n.match_id)}` : "/"),
          onclick: () => { if (!n.read) markRead([n.id]).catch(() => {}); } }, itemText(n)),
        // one entry per match however often it became your move: how often, since it was read
        n.count > 1 ? h("span", { class: "badge inbox-count", "data-testid": `count-${n.id}`, title: t("inbox.count_title", { n: n.count }) }, t("inbox.count", { n: n.count })) : null,
        " ", h("time", { class: "inbox-at", datetime: n.created_at ?? null }, n.created_at ? new Date(n.created_at).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-GB") : ""),
        n.read ? null : h("button", { type: "button", class: "link", "data-testid": `read-${n.id}`, onclick: () => markRead([n.id]).catch(fail) }, t("inbox.mark_read"))))));
  }

  const paintAll = () => {
    paintInbox();
    paintAuth();
    paintCreate();
    paintLists();
  };
  paintAll();
  onLangChange(paintAll);
  onInbox((data) => {
    inboxData = data;
    paintInbox();
  });
  api.games().then((g) => {
    games = g;
    paintCreate();
    paintLists();
  }).catch((err) => showError(t("error.generic", { reason: err.reason ?? String(err) })));
  refresh();
  setInterval(() => {
    if (document.visibilityState !== "hidden") refresh();
  }, 10000);
}
