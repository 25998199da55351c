// The replay of a finished match: step through the views (everything revealed, or as one role or a
// spectator saw them then), check the seed (and its salt). The address names the step and the
// viewpoint (/replay/<id>?at=N&role=R), so a moment can be linked.

import { h, fill } from "./common/dom.js";
import { t, getLang, onLangChange, withPlatform, render, hasKey } from "./common/i18n.js";
import { api } from "./common/api.js";
import { BoardView, roleName } from "./common/board.js";
import { verifySeed } from "./common/seed.js";
import { unitSummary } from "./common/stacks.js";
import { outcomeText } from "./match.js";

const localised = (v) => (v && typeof v === "object" ? v[getLang()] ?? v.en ?? Object.values(v)[0] : v ?? "");

export async function mountReplay(root, matchId) {
  let replay;
  try {
    replay = await api.replay(matchId);
  } catch (err) {
    const text = err.status === 404 ? t("match.not_found") : err.status === 409 ? t("replay.not_finished") : t("error.generic", { reason: err.reason });
    root.append(h("p", { class: "notice" }, text), h("a", { href: `/match/${encodeURIComponent(matchId)}` }, "→ /match/" + matchId));
    return;
  }
  const [games, statics] = await Promise.all([api.games().catch(() => []), api.game(replay.game)]);
  const info = games.find((g) => g.id === replay.game);
  statics.messages = withPlatform(statics.messages ?? {});
  const catalogue = statics.messages;
  const total = replay.actions.length;
  const cache = new Map();
  const asked = new URLSearchParams(location.search);
  const roles = info?.roles ?? Object.keys(replay.seats ?? {});
  const viewpoints = ["*", ...roles, "spectator"];
  let at = /^\d+$/.test(asked.get("at") ?? "") ? Math.min(total, Number(asked.get("at"))) : total;
  let viewpoint = viewpoints.includes(asked.get("role")) ? asked.get("role") : "*";

  const head = h("header", { class: "match-head" });
  const controls = h("div", { class: "replay-controls", "data-testid": "replay-controls" });
  const slider = h("input", { type: "range", min: 0, max: total, value: at, "data-testid": "replay-slider", "aria-label": t("a11y.replay_step") });
  const position = h("span", { class: "position", "data-testid": "replay-position" });
  const step = h("p", { class: "replay-step", "data-testid": "replay-step", "aria-live": "polite" });
  const viewLabel = h("label", { class: "replay-viewpoint" });
  const viewSelect = h("select", { "data-testid": "replay-viewpoint", onchange: () => { viewpoint = viewSelect.value; go(at); } });
  const seedBox = h("section", { class: "card seed-box", "data-testid": "seed-box" });
  const boardRoot = h("div", {});
  root.append(head, controls, step, boardRoot, seedBox);
  const board = await BoardView.create(boardRoot, statics, { interactive: false });

  const buttons = {};
  for (const [key, fn] of [["first", () => 0], ["prev", () => at - 1], ["next", () => at + 1], ["last", () => total]]) {
    buttons[key] = h("button", { type: "button", "data-testid": `replay-${key}`, onclick: () => go(fn()) });
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  fill(controls, buttons.first, buttons.prev, slider, buttons.next, buttons.last, position, viewLabel);

  function load(n, role = "*") {
    const key = `${role}:${n}`;
    if (!cache.has(key)) {
      const p = api.replay(matchId, n, role === "*" ? undefined : role).then((r) => r.view);
      p.catch(() => cache.delete(key));
      cache.set(key, p);
    }
    return cache.get(key);
  }

  let seq = 0;
  let drawn = null; // the view on the board and its viewpoint
  let before = { n: -1, view: null }; // the revealed view before step n's action: it names its counters
  async function go(n) {
    n = Math.max(0, Math.min(total, n));
    at = n;
    slider.value = String(n);
    viewSelect.value = viewpoint;
    const query = new URLSearchParams({ at: String(n), ...(viewpoint === "*" ? {} : { role: viewpoint }) });
    history.replaceState(history.state, "", `${location.pathname}?${query}`);
    const mine = ++seq;
    paintControls();
    try {
      const [view, prior] = await Promise.all([load(n, viewpoint), n > 0 ? load(n - 1) : null]);
      if (mine !== seq) return;
      before = { n, view: prior };
      board.update(shown(view, viewpoint), null);
      drawn = { view, role: viewpoint };
      markRevealed(view, viewpoint);
      paintControls();
    } catch (err) {
      board.showError(err.reason ?? String(err));
    }
  }

  /** What the board draws: after the end every identity is known, so a counter that was face down
   * but whose view holds its identity (the revealed view) is drawn face up, with its name. A replay's
   * prompt was an instruction to a player, not to this reader: the step line says what happened. */
  function shown(view, role) {
    const counters = role !== "*" ? view.counters : view.counters?.map((c) =>
      (c.face === "down" || c.face === "hidden") && c.id !== undefined ? { ...c, face: "up", revealed: c.face } : c);
    return { ...view, counters, prompt: null };
  }

  /** A counter drawn face up only because the match is over keeps a sign that it lay face down then
   * (in Shimada, disrupted): a dashed edge, and the words in its spoken label. */
  function markRevealed(view, role) {
    const was = new Set(role !== "*" ? [] : (view.counters ?? []).filter((c) => (c.face === "down" || c.face === "hidden") && c.id !== undefined).map((c) => c.ref));
    for (const node of boardRoot.querySelectorAll("[data-ref]")) {
      const hidden = was.has(node.dataset.ref);
      const g = node.classList.contains("tray-counter") ? node.firstElementChild : node;
      node.classList.toggle("was-face-down", hidden);
      const body = g?.querySelector?.(".counter-body");
      if (body) {
        if (hidden) body.setAttribute("stroke-dasharray", "4 2");
        else body.removeAttribute("stroke-dasharray");
      }
      const label = node.getAttribute("aria-label") ?? "";
      const note = ` (${t("replay.was_face_down")})`;
      if (hidden && !label.endsWith(note)) node.setAttribute("aria-label", label + note);
    }
  }

  const unitName = (ref, view) => {
    const c = view?.counters?.find((x) => x.ref === ref);
    if (!c) return null;
    const info = board.counterInfo(shown({ counters: [c] }, "*").counters[0]);
    const u = unitSummary(info, { lang: getLang(), sideName: (side) => roleName(side, catalogue) });
    return u.title || u.name || roleName(c.side, catalogue);
  };
  const placeName = (hex) => {
    const name = localised(statics.board?.hexes?.[hex]?.name);
    return name ? `${name} (${hex})` : hex;
  };

  /** The step's action in the reader's language, with the names of its counters and places. */
  function stepLabel(action, view) {
    if (action?.type === "$undo") return t("replay.undo", { n: action.steps ?? 1 });
    const key = `action.${action?.type}`;
    if (!action || !hasKey(catalogue, key)) return board.actionLabel(action);
    const args = {};
    for (const [k, v] of Object.entries(action)) {
      if (typeof v !== "string" || k === "type") continue;
      const known = [`area.${v}`, `${k}.${v}`].find((kk) => hasKey(catalogue, kk));
      args[k] = k === "unit" ? unitName(v, view) ?? v : known ? { key: known } : ["to", "at", "from"].includes(k) ? placeName(v) : v;
    }
    const label = render({ key, args: { ...action, ...args } }, catalogue);
    const template = (catalogue[getLang()] ?? catalogue.en ?? {})[key] ?? "";
    return action.unit && !template.includes("{unit}") && args.unit ? t("replay.unit_action", { unit: args.unit, action: label }) : label;
  }

  function paintControls() {
    buttons.first.textContent = `◀◀ ${t("replay.first")}`; // ⏮ and ⏭ are missing from common fonts (drawn as empty boxes)
    buttons.prev.textContent = `◀ ${t("replay.prev")}`;
    buttons.next.textContent = `${t("replay.next")} ▶`;
    buttons.last.textContent = `${t("replay.last")} ▶▶`;
    buttons.first.disabled = buttons.prev.disabled = at <= 0;
    buttons.next.disabled = buttons.last.disabled = at >= total;
    position.textContent = t("replay.position", { n: at, total });
    const a = replay.actions[at - 1];
    // until the view before the step has come, the step line keeps what it said
    if (!a) step.textContent = t("replay.setup");
    else if (before.n === at) step.textContent = `${t("replay.action", { n: a.seq ?? at, role: roleName(a.role, catalogue) })} ${stepLabel(a.action, before.view)}`;
    const names = { "*": t("replay.everything"), spectator: t("replay.spectator") };
    fill(viewSelect, ...viewpoints.map((v) => h("option", { value: v }, names[v] ?? roleName(v, catalogue))));
    viewSelect.value = viewpoint;
    fill(viewLabel, `${t("replay.viewpoint")} `, viewSelect);
  }

  function paintHead() {
    const name = localised(info?.names) || replay.game;
    const scenario = localised(info?.scenarios?.find((s) => s.id === replay.scenario)?.name) || replay.scenario;
    const o = replay.outcome ? outcomeText(replay.outcome, catalogue) : null;
    document.title = `${t("replay.title")} · ${name}`;
    fill(head, h("h1", {}, `${t("replay.title")}: ${name}`, h("small", {}, ` · ${scenario}`)),
      o ? h("p", { class: "banner outcome", "data-testid": "outcome" }, h("strong", {}, o.winner), o.reason ? ` — ${o.reason}` : "", o.score ? ` (${o.score})` : "") : null,
      h("p", {}, h("a", { href: `/match/${encodeURIComponent(matchId)}` }, `/match/${matchId}`)));
  }

  const verdict = h("p", { class: "verdict", "data-testid": "verify-result", role: "status" });
  function paintSeed() {
    fill(seedBox,
      h("p", {}, `${t("replay.seed")}: `, h("code", { "data-testid": "seed" }, replay.seed)),
      replay.seed_salt ? h("p", {}, `${t("replay.seed_salt")}: `, h("code", { "data-testid": "seed-salt" }, replay.seed_salt)) : null,
      h("p", {}, `${t("match.seed_commitment")}: `, h("code", { "data-testid": "seed-commitment" }, replay.seed_commitment)),
      replay.seeded ? h("p", { class: "badge seeded" }, t("match.seeded")) : null,
      h("button", { type: "button", "data-testid": "verify", onclick: verify }, t("replay.verify")), verdict);
  }
  async function verify() {
    let ok = false;
    try {
      ok = await verifySeed(replay.seed, replay.seed_commitment, replay.seed_salt ?? null);
    } catch {
      ok = false;
    }
    verdict.textContent = ok ? `✔ ${t("replay.verified")}` : `✘ ${t("replay.mismatch")}`;
    verdict.className = `verdict ${ok ? "ok" : "bad"}`;
  }

  paintHead();
  paintSeed();
  paintControls();
  go(at);
  onLangChange((lang) => {
    board.setLang(lang);
    if (drawn) markRevealed(drawn.view, drawn.role);
    paintHead();
    paintSeed();
    paintControls();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, textarea, select")) return;
    if (e.key === "ArrowLeft") go(at - 1);
    if (e.key === "ArrowRight") go(at + 1);
  });
}
