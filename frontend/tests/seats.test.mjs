// Seats in the lobby and on the match page: the role choice offers the chosen scenario's seats, a match
// lists every one of its seats (three or four, not only two), and a side of several seats wins together.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.mjs";
import { scenarioSeats, matchSeats, computerSeats } from "../lobby.js";
import { setLang } from "../common/i18n.js";

installFakeDom();
globalThis.document.documentElement ??= {}; // setLang marks the page's language
const { outcomeText } = await import("../match.js");

const toy = {
  id: "toy", roles: ["north", "south", "east"],
  scenarios: [{ id: "race", name: { en: "Race" }, seats: ["north", "south"] },
    { id: "trio", name: { en: "Trio" }, seats: ["north", "south", "east"] }],
};

test("the role choice offers the seats of the chosen scenario, the first scenario's when none is chosen", () => {
  assert.deepEqual(scenarioSeats(toy, "race"), ["north", "south"]);
  assert.deepEqual(scenarioSeats(toy, "trio"), ["north", "south", "east"]);
  assert.deepEqual(scenarioSeats(toy, ""), ["north", "south"]);
  assert.deepEqual(scenarioSeats(toy, "no-such"), ["north", "south"]);
  // A server that gives no seats per scenario: the game's roles.
  assert.deepEqual(scenarioSeats({ roles: ["a", "b"], scenarios: [{ id: "s" }] }, "s"), ["a", "b"]);
  assert.deepEqual(scenarioSeats(undefined, "s"), []);
});

test("the computer takes every seat of the chosen scenario but the creator's", () => {
  assert.deepEqual(computerSeats(scenarioSeats(toy, "trio"), "south", "easy"), { north: "easy", east: "easy" });
  assert.deepEqual(computerSeats(scenarioSeats(toy, "race"), "south", "easy"), { north: "easy" });
});

test("a match of three seats lists all three in order, and a visitor may join each free one", () => {
  const m = { id: "m1", status: "open", my_role: null, seats: { north: "ann", south: null, east: null } };
  const { seats, joinable } = matchSeats(m, { username: "bob" });
  assert.deepEqual(seats, [["north", "ann"], ["south", null], ["east", null]]);
  assert.deepEqual(joinable, ["south", "east"]);
  assert.deepEqual(matchSeats(m, null).joinable, []); // a guest joins nothing
  assert.deepEqual(matchSeats({ ...m, my_role: "north" }, { username: "ann" }).joinable, []); // one seat each
  assert.deepEqual(matchSeats({ ...m, status: "finished" }, { username: "bob" }).joinable, []);
});

test("a side of two seats wins together: the outcome names both", () => {
  setLang("en");
  const catalogue = { en: {}, ja: {} };
  const both = outcomeText({ winner: "blue", winners: ["north", "east"], reason: "platform.resigned", score: {} }, catalogue);
  assert.equal(both.winner, "North, East win");
  const one = outcomeText({ winner: "south", winners: ["south"], reason: "platform.resigned", score: {} }, catalogue);
  assert.equal(one.winner, "South wins");
  const old = outcomeText({ winner: "south", reason: "x", score: {} }, catalogue); // a record from before winners
  assert.equal(old.winner, "South wins");
  assert.equal(outcomeText({ winner: null, winners: [], reason: "x", score: {} }, catalogue).winner, "Draw");
  setLang("ja");
  assert.equal(outcomeText({ winner: "blue", winners: ["north", "east"], reason: "x", score: {} }, catalogue).winner,
    "North, Eastの勝利");
  setLang("en");
});
