// Whose move it is, in the reader's words: a role's display name and the board's turn indicator.

import { t, render, hasKey, getLang } from "./i18n.js";

/** A role's display name: the catalogue's "role.<role>" or "side.<role>", else the role capitalised. */
export function roleName(role, catalogue, lang = getLang()) {
  if (role === null || role === undefined) return "";
  for (const key of [`role.${role}`, `side.${role}`]) {
    if (hasKey(catalogue, key, lang)) return render({ key }, catalogue, lang);
  }
  return role.charAt(0).toUpperCase() + role.slice(1).replace(/_/g, " ");
}

/** The turn indicator: {text, kind: "over" | "mine" | ""} (over; the reader's move; waiting for others). */
export function turnIndicator(view, role, name) {
  const active = view.active ?? [];
  if (view.outcome) return { text: t("match.over"), kind: "over" };
  if (role && active.includes(role)) return { text: t("match.your_turn"), kind: "mine" };
  return { text: active.length ? t("match.waiting", { roles: active.map(name).join(", ") }) : "", kind: "" };
}

/**
 * The turn and phase in a few words for the match's header ("Turn 1/13 · 1st movement phase"):
 * view.turn (of view.turns), and the catalogue's "phase.<phase>", else "step.<step>".
 */
export function phaseLine(view, catalogue, lang = getLang()) {
  if (!view || view.outcome) return "";
  const words = [];
  if (Number.isFinite(view.turn)) {
    const of = Number.isFinite(view.turns) ? view.turns : Array.isArray(view.turns) ? view.turns.length : null;
    words.push(of ? t("match.turn_of", { turn: view.turn, turns: of }, lang) : t("match.turn", { turn: view.turn }, lang));
  }
  const key = [`phase.${view.phase}`, `step.${view.step}`].find((k) => typeof k === "string" && !k.endsWith(".undefined") && !k.includes("[object") && hasKey(catalogue, k, lang));
  if (key) words.push(render({ key }, catalogue, lang));
  return words.join(" · ");
}

/** Who holds a seat, in the reader's words: "Computer (Strong)" for a computer opponent, else the name. */
export function seatHolder(summary, role, user, lang = getLang()) {
  const level = summary?.computer?.[role];
  if (!level) return user;
  return t("computer.seat", { level: t(`computer.level.${level}`, undefined, lang) }, lang);
}

/** Whether a computer seat is to move in this match now (the page says the computer is thinking). */
export function computerThinking(summary, active) {
  if (!summary || summary.status !== "active") return false;
  return (active ?? summary.to_move ?? []).some((r) => summary.computer?.[r]);
}
