// The Japanese catalogues against the English ones: the interface's (common/i18n.js), each game's
// (server/games/<id>/messages.json, as the statics fixtures hold them) and the game modules' word
// tables (export const WORDS). Every English key has a Japanese text with the same placeholders, and no
// Japanese text is an English one, except names written alike in both languages.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { UI_STRINGS, sentence } from "../common/i18n.js";
import { diceOf } from "../common/log.js";

const GAMES = ["shimada", "bulge", "lz_albany"];
const WORD_MODULES = [["shimada", "panel"], ["bulge", "panel"], ["bulge", "tracks"], ["lz_albany", "panel"]];

/** Keys whose Japanese is rightly the English: names of products, formats and languages, and printed codes. */
const NAMES = new Set([
  "app.name", "lang.toggle", "settings.lang.ja", "settings.webhook_url",
  "settings.format.json", "settings.format.discord", "settings.format.slack",
  "marker.vp", // VP: the abbreviation Japanese wargames print
  "task.aopt", // Aopt: the Bulge CRT's printed code
]);

async function catalogues() {
  const out = { "common/i18n.js": UI_STRINGS };
  for (const g of GAMES) {
    const statics = JSON.parse(readFileSync(new URL(`./fixtures/statics/${g}.json`, import.meta.url), "utf8"));
    out[`${g} messages`] = statics.messages;
  }
  for (const [g, file] of WORD_MODULES) out[`games/${g}/${file}.js`] = (await import(`../games/${g}/${file}.js`)).WORDS;
  return out;
}

const placeholders = (text) => [...text.matchAll(/\{([A-Za-z0-9_.]+)\}/g)].map((m) => m[1]).sort();
const hasWords = (text) => /\p{L}/u.test(text.replace(/\{[^}]*\}/g, ""));

test("the Japanese catalogues have every English key, with the same placeholders", async () => {
  for (const [name, { en, ja }] of Object.entries(await catalogues())) {
    assert.deepEqual(Object.keys(en).filter((k) => !(k in ja)), [], `${name}: keys without Japanese`);
    for (const [k, v] of Object.entries(en)) {
      assert.deepEqual(placeholders(ja[k]), placeholders(v), `${name} ${k}: ${ja[k]} against ${v}`);
    }
  }
});

test("no Japanese text is an English one, except names", async () => {
  for (const [name, { en, ja }] of Object.entries(await catalogues())) {
    const english = new Set(Object.values(en));
    const leaks = Object.entries(ja).filter(([k, v]) => english.has(v) && hasWords(v) && !NAMES.has(k));
    assert.deepEqual(leaks, [], `${name}: Japanese texts that are English`);
  }
});

test("each army has one name in the Japanese of LZ Albany: アメリカ軍 and 北ベトナム軍, never US or NVA", async () => {
  const { ja } = (await catalogues())["lz_albany messages"];
  const both = Object.entries(ja).filter(([, v]) => /(?<![A-Za-z])(US|NVA)(?![A-Za-z])/.test(v));
  assert.deepEqual(both, []);
  assert.equal(ja["side.us"], "アメリカ軍");
  assert.equal(ja["side.nva"], "北ベトナム軍");
});

test("a dice line says how many dice, what they rolled, then the hits", () => {
  const { en } = JSON.parse(readFileSync(new URL("./fixtures/statics/lz_albany.json", import.meta.url), "utf8")).messages;
  const line = en["log.fire"].replace("{side}", "US").replace("{frm}", "LZ Albany").replace("{at}", "North clearing")
    .replace("{dice}", "6").replace("{mods}", "").replace("{faces}", "2, 6, 5, 2, 3, 3").replace("{hits}", "1");
  assert.equal(sentence(line), "US fire from LZ Albany at North clearing: 6 dice roll 2, 6, 5, 2, 3, 3: 1 hit(s).");
});

test("a log line is a sentence: a capital first, no brackets left empty", () => {
  assert.equal(sentence("a disrupted British counter moves 0304 to 0305."), "A disrupted British counter moves 0304 to 0305.");
  assert.equal(sentence("Air attack (): the dice roll 5, 6: 2 hit(s)."), "Air attack: the dice roll 5, 6: 2 hit(s).");
  assert.equal(sentence("航空攻撃():ダイスの目5、6で2ヒット。"), "航空攻撃:ダイスの目5、6で2ヒット。");
  assert.equal(sentence("Air attack (night −1): the dice roll 5: 1 hit(s)."), "Air attack (night −1): the dice roll 5: 1 hit(s).");
});

test("the dice drawn beside an LZ Albany line are its faces; its `dice` is how many were rolled", () => {
  const fire = { key: "log.fire", args: { side: { key: "side.us" }, dice: 6, faces: [2, 6, 5, 2, 3, 3], hits: 1 } };
  assert.deepEqual(diceOf(fire), [2, 6, 5, 2, 3, 3]);
  assert.deepEqual(diceOf({ key: "log.combat", args: { dice: [3, 5], total: 8 } }), [3, 5]); // the Bulge's two dice
});
