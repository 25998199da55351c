// The replay of a finished match: step through the omniscient views, check the seed (and its salt).

import { h, fill } from "./common/dom.js";
import { t, getLang, onLangChange, withPlatform } from "./common/i18n.js";
import { api } from "./common/api.js";
import { BoardView, roleName } from "./common/board.js";
import { verifySeed } from "./common/seed.js";
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
  let at = total;

  const head = h("header", { class: "match-head" });
  const controls = h("div", { class: "replay-controls", "data-testid": "replay-controls" });
  const slider = h("input", { type: "range", min: 0, max: total, value: at, "data-testid": "replay-slider", "aria-label": t("a11y.replay_step") });
  const position = h("span", { class: "position", "data-testid": "replay-position" });
  const step = h("p", { class: "replay-step", "data-testid": "replay-step" });
  const seedBox = h("section", { class: "card seed-box", "data-testid": "seed-box" });
  const boardRoot = h("div", {});
  root.append(head, controls, step, boardRoot, seedBox);
  const board = await BoardView.create(boardRoot, statics, { interactive: false });

  const buttons = {};
  for (const [key, fn] of [["first", () => 0], ["prev", () => at - 1], ["next", () => at + 1], ["last", () => total]]) {
    buttons[key] = h("button", { type: "button", "data-testid": `replay-${key}`, onclick: () => go(fn()) });
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  fill(controls, buttons.first, buttons.prev, slider, buttons.next, buttons.last, position);

  async function load(n) {
    if (!cache.has(n)) cache.set(n, api.replay(matchId, n).then((r) => r.view));
    return cache.get(n);
  }

  let seq = 0;
  async function go(n) {
    n = Math.max(0, Math.min(total, n));
    at = n;
    slider.value = String(n);
    const mine = ++seq;
    paintControls();
    try {
      const view = await load(n);
      if (mine === seq) board.update(view, null);
    } catch (err) {
      cache.delete(n);
      board.showError(err.reason ?? String(err));
    }
  }

  function paintControls() {
    buttons.first.textContent = `⏮ ${t("replay.first")}`;
    buttons.prev.textContent = `◀ ${t("replay.prev")}`;
    buttons.next.textContent = `${t("replay.next")} ▶`;
    buttons.last.textContent = `${t("replay.last")} ⏭`;
    buttons.first.disabled = buttons.prev.disabled = at <= 0;
    buttons.next.disabled = buttons.last.disabled = at >= total;
    position.textContent = t("replay.position", { n: at, total });
    const a = replay.actions[at - 1];
    step.textContent = a ? `${t("replay.action", { n: a.seq ?? at, role: roleName(a.role, catalogue) })} ${a.action?.type === "$undo" ? t("replay.undo", { n: a.action.steps ?? 1 }) : board.actionLabel(a.action)}` : t("replay.setup");
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
