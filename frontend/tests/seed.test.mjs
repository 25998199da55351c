import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { verifySeed, committedBytes } from "../common/seed.js";

const sha = (hex) => createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");

test("seed verification: SHA-256 of the salt followed by the seed (docs/DESIGN.md, Seeds)", async () => {
  const salt = "0123456789abcdef0123456789abcdef";
  const seed = "c0de" + "00".repeat(14);
  const commitment = sha(salt + seed);
  assert.equal(await verifySeed(seed, commitment, salt), true);
  assert.equal(await verifySeed(seed, commitment.toUpperCase(), salt), true);
  assert.equal(await verifySeed(seed, commitment), false); // the salt is part of it
  assert.equal(await verifySeed(seed, commitment, "f" + salt.slice(1)), false);
  assert.equal(await verifySeed("c0df" + "00".repeat(14), commitment, salt), false);
  assert.deepEqual(Array.from(committedBytes("02", "01")), [1, 2]);
});

test("seed verification: a match made before salts (seed_salt null) is SHA-256 of the seed", async () => {
  const seed = "00ff10deadbeef";
  assert.equal(await verifySeed(seed, sha(seed), null), true);
  assert.equal(await verifySeed(seed, sha(seed), undefined), true);
  assert.equal(await verifySeed(seed, sha(seed), "00".repeat(16)), false);
});
