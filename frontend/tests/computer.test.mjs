// Computer opponents in the lobby and on the match page: the choices, the seats, the labels.
import { test } from "node:test";
import assert from "node:assert/strict";
import { opponentChoices, computerSeats } from "../lobby.js";
import { seatHolder, computerThinking } from "../common/roles.js";
import { setLang } from "../common/i18n.js";

const game = { id: "shimada", roles: ["japanese", "british"], computer_levels: [
  { id: "easy", name: { en: "Easy", ja: "弱い" }, record: { won: 2, lost: 5, drawn: 1 } },
  { id: "strong", name: { en: "Strong", ja: "強い" }, record: { won: 9, lost: 0, drawn: 0 } }] };

test("the opponent choices are a person, then each computer level with its record against persons", () => {
  setLang("en");
  const choices = opponentChoices(game);
  assert.deepEqual(choices.map((c) => c.value), ["", "easy", "strong"]);
  assert.equal(choices[1].label, "The computer: Easy (won 2, lost 5, drawn 1 against persons)");
  setLang("ja");
  assert.equal(opponentChoices(game)[2].label, "コンピュータ：強い（対人 9勝0敗0分）");
  assert.deepEqual(opponentChoices({ roles: [] }).map((c) => c.value), [""]);
});

test("the computer takes every seat but the creator's, and none when a person is chosen", () => {
  assert.deepEqual(computerSeats(game.roles, "british", "easy"), { japanese: "easy" });
  assert.equal(computerSeats(game.roles, "british", ""), null);
});

test("a computer's seat is named by its level in the reader's language; a person's by the name", () => {
  const summary = { computer: { japanese: "strong" }, status: "active", to_move: ["japanese"] };
  setLang("en");
  assert.equal(seatHolder(summary, "japanese", "Computer (strong)"), "Computer (Strong)");
  assert.equal(seatHolder(summary, "british", "ann"), "ann");
  setLang("ja");
  assert.equal(seatHolder(summary, "japanese", "Computer (strong)"), "コンピュータ（強い）");
  setLang("en");
});

test("the computer is thinking while one of its seats is to move in an active match", () => {
  const summary = { computer: { japanese: "easy" }, status: "active", to_move: ["british"] };
  assert.equal(computerThinking(summary, ["japanese"]), true);
  assert.equal(computerThinking(summary, ["british"]), false);
  assert.equal(computerThinking(summary), false);
  assert.equal(computerThinking({ ...summary, status: "finished" }, ["japanese"]), false);
  assert.equal(computerThinking({ status: "active", to_move: ["british"] }, ["british"]), false);
});
