import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { verifySeed, hexToBytes } from "../common/seed.js";
import { route } from "../app.js";
import { diceOf } from "../common/log.js";
import { counterMarkup } from "../common/counters.js";
import { reasonOf, nextLink } from "../common/api.js";

test("seed verification: SHA-256 of the hex-decoded bytes", async () => {
  const seed = "00ff10deadbeef";
  const commitment = createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex");
  assert.equal(await verifySeed(seed, commitment), true);
  assert.equal(await verifySeed(seed, commitment.toUpperCase()), true);
  assert.equal(await verifySeed("00ff10deadbeee", commitment), false);
  assert.throws(() => hexToBytes("abc"));
});

test("routes", () => {
  assert.deepEqual(route("/"), { page: "lobby" });
  assert.deepEqual(route("/match/ab-C_1"), { page: "match", id: "ab-C_1" });
  assert.deepEqual(route("/replay/xyz/"), { page: "replay", id: "xyz" });
  assert.deepEqual(route("/user/ma%20ry"), { page: "user", name: "ma ry" });
  assert.deepEqual(route("/settings"), { page: "settings" });
  assert.deepEqual(route("/nope"), { page: "not_found" });
});

test("dice are found in log args, nested too", () => {
  assert.deepEqual(diceOf({ key: "log.attack", args: { roll: 4, odds: "2:1" } }), [4]);
  assert.deepEqual(diceOf({ key: "x", args: { inner: { key: "y", args: { die: 6 } } } }), [6]);
  assert.deepEqual(diceOf({ key: "x", args: { unit: "J-T1" } }), []);
});

test("a face-down counter shows a designed back (Shimada: its side's colours, the turned corner, disrupted) and nothing of its front", async () => {
  const { mapPlugin } = await import("../games/shimada/map.js");
  const down = { side: "british", face: "down", ref: "x1" };
  for (const [lang, word] of [["en", "DISRUPTED"], ["ja", "混乱"]]) {
    const back = counterMarkup({ ...down, look: mapPlugin.counterLook(down) }, 40, lang);
    assert.match(back, /counter-body back/);
    assert.match(back, /back-corner/);
    assert.match(back, new RegExp(`>${word}<`));
    assert.match(back, /#c9a55a/); // British ochre
    assert.doesNotMatch(back, /counter-factors|counter-name|\d-\d/);
  }
  // without a game's word: the back and its corner only
  const bare = counterMarkup(down, 40);
  assert.match(bare, /back-corner/);
  assert.doesNotMatch(bare, /back-mark/);
  const front = counterMarkup({ side: "japanese", face: "up", kind: "tank", symbol: "armour", cf: 6, ma: 6, name: "Shimada" }, 40);
  assert.match(front, /6-6/);
  assert.match(front, /tank-stripe/);
  assert.match(front, /Shimada/);
});

test("error reasons: ours, FastAPI's, validation lists", () => {
  assert.equal(reasonOf({ reason: "Not your turn." }, 422), "Not your turn.");
  assert.equal(reasonOf({ detail: "Not found" }, 404), "Not found");
  assert.equal(reasonOf({ detail: [{ loc: ["body", "username"], msg: "too short" }] }, 422), "username: too short");
  assert.equal(reasonOf(null, 500), "HTTP 500");
});

test("the next page of a list comes from the Link header, on this site only", () => {
  assert.equal(nextLink('</api/matches?status=open&limit=20&cursor=abc>; rel="next"'), "/api/matches?status=open&limit=20&cursor=abc");
  assert.equal(nextLink(null), null);
  assert.equal(nextLink('</x>; rel="prev"'), null);
  assert.equal(nextLink('<https://evil.example/x>; rel="next"'), null);
  assert.equal(nextLink('<//evil.example/x>; rel="next"'), null);
});
