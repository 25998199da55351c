// The lobby's sections: each match once, in the section its status and your seat give it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sections, timeAgo } from "../lobby.js";

const row = (id, status, extra = {}) => ({ id, status, my_role: null, my_turn: false, ...extra });

test("a match listed as yours, as open or live, and as finished is shown once, from your own list", () => {
  const mineToMove = row("a", "active", { my_role: "north", my_turn: true });
  const mineWaiting = row("b", "active", { my_role: "south" });
  const mineOpen = row("c", "open", { my_role: "north" });
  const mineOver = row("d", "finished", { my_role: "north" });
  const lists = {
    mine: [mineToMove, mineWaiting, mineOpen, mineOver],
    open: [row("c", "open"), row("e", "open")],
    live: [row("a", "active"), row("b", "active"), row("f", "active")],
    finished: [row("d", "finished"), row("g", "finished")],
  };
  const s = sections(lists);
  const ids = (k) => s[k].map((m) => m.id);
  assert.deepEqual(ids("your_move"), ["a"]);
  assert.deepEqual(ids("waiting"), ["b"]);
  assert.deepEqual(ids("open"), ["c", "e"]);
  assert.deepEqual(ids("live"), ["f"]);
  assert.deepEqual(ids("finished"), ["d", "g"]);
  const all = Object.values(s).flat().map((m) => m.id);
  assert.equal(all.length, new Set(all).size);
  assert.equal(s.open[0].my_role, "north"); // your own summary, which knows your seat
});

test("a guest's lobby has no sections of its own", () => {
  const s = sections({ open: [row("e", "open")], live: [row("f", "active")], finished: [] });
  assert.deepEqual([s.your_move.length, s.waiting.length, s.open.length, s.live.length], [0, 0, 1, 1]);
});

test("the time since the last move reads in the reader's language", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  assert.equal(timeAgo("2026-12-02T11:55:00Z", "en", now), "5 minutes ago");
  assert.equal(timeAgo("2026-12-02T09:00:00Z", "en", now), "3 hours ago");
  assert.equal(timeAgo("2026-11-30T12:00:00Z", "en", now), "2 days ago");
  assert.equal(timeAgo("2026-12-02T11:55:00Z", "ja", now), "5 分前");
  assert.equal(timeAgo("not a time", "en", now), "");
});
