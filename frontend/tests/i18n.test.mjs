import { test } from "node:test";
import assert from "node:assert/strict";
import { render, format, t, UI_STRINGS, hasKey } from "../common/i18n.js";

const cat = {
  en: {
    "log.move": "{unit} moves {frm} to {to}.",
    "counter.J-T1": "Shimada",
    "handle.eliminated": "eliminated {side} counter {handle}",
    "side.british": "British",
    "list": "{items}",
  },
  ja: { "log.move": "{unit}が{frm}から{to}へ移動。", "counter.J-T1": "島田", "side.british": "英軍" },
};

test("placeholders are replaced; unknown ones stay", () => {
  assert.equal(format("{a} and {b}", { a: 1 }), "1 and {b}");
});

test("messages render with nested message args, in either language", () => {
  const m = { key: "log.move", args: { unit: { key: "counter.J-T1" }, frm: "0201", to: "0202" } };
  assert.equal(render(m, cat, "en"), "Shimada moves 0201 to 0202.");
  assert.equal(render(m, cat, "ja"), "島田が0201から0202へ移動。");
  assert.equal(render(m, cat.en, "en"), "Shimada moves 0201 to 0202.");
});

test("deep nesting and fallbacks: a key missing in Japanese uses English, a missing key shows the key", () => {
  const m = { key: "handle.eliminated", args: { side: { key: "side.british" }, handle: 3 } };
  assert.equal(render(m, cat, "ja"), "eliminated 英軍 counter 3");
  assert.equal(render({ key: "no.such.key", args: { a: 1 } }, cat, "en"), "no.such.key");
  assert.equal(render({ key: "log.move", args: { unit: { key: "nope" } } }, cat, "en"), "nope moves {frm} to {to}.");
});

test("localised names and lists", () => {
  assert.equal(render({ key: "list", args: { items: [{ key: "counter.J-T1" }, { en: "Slim", ja: "スリム" }] } }, cat, "en"), "Shimada, Slim");
  assert.ok(hasKey(cat, "side.british", "ja"));
  assert.ok(!hasKey(cat, "side.japanese", "ja"));
});

test("UI strings exist in both languages", () => {
  assert.deepEqual(Object.keys(UI_STRINGS.ja).sort(), Object.keys(UI_STRINGS.en).sort());
  assert.equal(t("match.version", { n: 3 }, "ja"), "3手目");
});
