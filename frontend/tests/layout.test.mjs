// The match page's words: the header's turn and phase, and texts in the words of the pointer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { phaseLine } from "../common/roles.js";
import { tTouch, UI_STRINGS, LANGS } from "../common/i18n.js";

const statics = (game) => JSON.parse(readFileSync(new URL(`./fixtures/statics/${game}.json`, import.meta.url)));

test("the header's turn and phase, from the view and the game's catalogue", () => {
  const bulge = statics("bulge").messages;
  assert.equal(phaseLine({ turn: 1, turns: 13, phase: "movement_1", step: "move" }, bulge, "en"), "Turn 1/13 · 1st movement phase");
  assert.match(phaseLine({ turn: 1, turns: 13, phase: "movement_1" }, bulge, "ja"), /^ターン 1\/13 · /);
  // Shimada names steps, not phases; LZ Albany's step is an object: its phase names it
  assert.equal(phaseLine({ turn: 2, turns: 6, step: "movement" }, statics("shimada").messages, "en"), `Turn 2/6 · ${statics("shimada").messages.en["step.movement"]}`);
  assert.equal(phaseLine({ turn: 1, turns: 10, phase: "event", step: { kind: "act" } }, statics("lz_albany").messages, "en"), `Turn 1/10 · ${statics("lz_albany").messages.en["phase.event"]}`);
  assert.equal(phaseLine({ turn: 3, outcome: { winner: "german" } }, bulge, "en"), ""); // over: the banner says it
  assert.equal(phaseLine(null, bulge, "en"), "");
});

test("on a touch screen the texts say tap, with a catalogue key per wording, in both languages", () => {
  assert.match(tTouch("map.los_hint", undefined, "en", false), /^Click/);
  assert.match(tTouch("map.los_hint", undefined, "en", true), /^Tap/);
  assert.match(tTouch("map.los_hint", undefined, "ja", true), /タップ/);
  assert.match(tTouch("map.keys", undefined, "en", true), /long-press/);
  assert.equal(tTouch("match.log", undefined, "en", true), "Log"); // no touch wording: the one text
  for (const lang of LANGS) {
    for (const key of Object.keys(UI_STRINGS.en).filter((k) => k.endsWith(".touch"))) {
      assert.ok(UI_STRINGS[lang][key], `${lang} ${key}`);
      assert.ok(UI_STRINGS[lang][key.slice(0, -".touch".length)], `${lang}: ${key} without its mouse wording`);
      assert.doesNotMatch(UI_STRINGS[lang][key], /click|クリック/i);
    }
  }
});
