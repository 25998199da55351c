// Play-by-web pure parts: clock countdown and formatting, which controls a summary shows, chat lines
// (text only, never markup), the create form's clock fields, turn notifications, offers, profile, settings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { installFakeDom, FakeElement } from "./fakedom.mjs";
import { timeLeft, formatClock, clockLevel, clockKindText } from "../common/clock.js";
import { matchControls, flaggedOpponents } from "../common/controls.js";
import { chatLine, mergeMessages } from "../common/chat.js";
import { isMyMove, becameMyMove, notifyIfHidden } from "../common/notify.js";
import { offerText } from "../common/around.js";
import { aroundBody, AROUND_DEFAULTS } from "../lobby.js";
import { ratingChange } from "../profile.js";
import { settingsBody } from "../settings.js";
import { itemText } from "../common/inbox.js";

installFakeDom();

const live = { kind: "live", initial: 1800, increment: 20, left: { german: 1712.4, allied: 1800 }, running: ["german"],
  as_of: "2026-11-29T15:00:00+00:00", flagged: [] };

test("live clocks count down the running sides only, never below zero", () => {
  assert.equal(timeLeft(live, "german", 0), 1712.4);
  assert.equal(timeLeft(live, "german", 12.4), 1700);
  assert.equal(timeLeft(live, "allied", 100), 1800);
  assert.equal(timeLeft(live, "german", 5000), 0);
  assert.equal(timeLeft(live, "nobody", 1), null);
  assert.equal(timeLeft(null, "german", 1), null);
});

test("live clocks read h:mm:ss", () => {
  assert.equal(formatClock(1800, "live"), "0:30:00");
  assert.equal(formatClock(1712.4, "live"), "0:28:32");
  assert.equal(formatClock(3725.9, "live"), "1:02:05");
  assert.equal(formatClock(36000, "live"), "10:00:00");
  assert.equal(formatClock(0, "live"), "0:00:00");
  assert.equal(formatClock(-3, "live"), "0:00:00");
  assert.equal(formatClock(null, "live"), "—");
});

test("correspondence clocks read days and hours, then hours and minutes, in both languages", () => {
  const d = 86400, h = 3600;
  assert.equal(formatClock(2 * d + 5 * h + 59, "correspondence", "en"), "2d 5h");
  assert.equal(formatClock(2 * d + 5 * h, "correspondence", "ja"), "2日5時間");
  assert.equal(formatClock(5 * h + 12 * 60 + 3, "correspondence", "en"), "5h 12m");
  assert.equal(formatClock(90, "correspondence", "en"), "1m 30s");
  assert.equal(formatClock(d, "correspondence", "en"), "1d 0h");
});

test("a clock is red under 10% of its budget or when flagged", () => {
  assert.equal(clockLevel(live, "german", 1712), "ok");
  assert.equal(clockLevel(live, "german", 179), "low");
  assert.equal(clockLevel(live, "german", 0), "flagged");
  assert.equal(clockLevel({ ...live, flagged: ["allied"] }, "allied", 1800), "flagged");
  const corr = { kind: "correspondence", per_move: 3 * 86400, cap: 7 * 86400, left: {}, running: [], flagged: [] };
  assert.equal(clockLevel(corr, "allied", 86400), "ok");
  assert.equal(clockLevel(corr, "allied", 20000), "low");
  assert.equal(clockKindText(live, "en"), "30+20");
});

const base = { id: "m1", status: "active", version: 5, seats: { german: "ann", allied: "bob" }, clock: live,
  on_timeout: "claim", offer: null, undo: { steps: 0 }, rematch: null };
const ids = (list) => list.map((c) => c.id);

test("a player in an active match: offers and resign; undo only with steps left", () => {
  assert.deepEqual(ids(matchControls(base, "german")), ["offer_draw", "offer_takeback", "resign"]);
  const undo = matchControls({ ...base, undo: { steps: 2 } }, "german");
  assert.deepEqual(ids(undo), ["undo", "offer_draw", "offer_takeback", "resign"]);
  assert.equal(undo[0].steps, 2);
  assert.deepEqual(ids(matchControls({ ...base, version: 0 }, "german")), ["offer_draw", "resign"]);
});

test("a pending offer: the other side accepts or declines, the offerer withdraws", () => {
  const offered = { ...base, offer: { kind: "draw", by: "german", version: 5 } };
  assert.deepEqual(ids(matchControls(offered, "allied")), ["accept", "decline", "resign"]);
  assert.deepEqual(ids(matchControls(offered, "german")), ["withdraw", "resign"]);
  assert.equal(offerText(offered.offer, "allied", (s) => s.toUpperCase()), "GERMAN offers a draw.");
  assert.equal(offerText({ kind: "takeback", by: "allied", steps: 2 }, "allied"), "You asked to take back 2 action(s).");
});

test("claim on time only against a flagged opponent, and only when on_timeout is claim", () => {
  const flagged = { ...base, clock: { ...live, flagged: ["allied"] } };
  assert.deepEqual(flaggedOpponents(flagged, "german"), ["allied"]);
  assert.ok(ids(matchControls(flagged, "german")).includes("claim"));
  assert.ok(!ids(matchControls(flagged, "allied")).includes("claim"));
  assert.ok(!ids(matchControls({ ...flagged, on_timeout: "loss" }, "german")).includes("claim"));
  assert.deepEqual(matchControls(flagged, "german").find((c) => c.id === "claim").sides, ["allied"]);
});

test("spectators get no controls; after the end, rematch buttons or the rematch link", () => {
  assert.deepEqual(matchControls(base, null), []);
  assert.deepEqual(matchControls({ ...base, status: "open" }, "german"), []);
  assert.deepEqual(matchControls(null, "german"), []);
  const over = { ...base, status: "finished", outcome: { winner: "german", reason: "resign", score: {} } };
  assert.deepEqual(ids(matchControls(over, "german")), ["rematch_swap", "rematch_same"]);
  assert.deepEqual(matchControls(over, null), []);
  assert.deepEqual(matchControls({ ...over, rematch: "m2" }, null), [{ id: "rematch_link", match: "m2" }]);
  assert.deepEqual(ids(matchControls({ ...over, rematch: "m2" }, "allied")), ["rematch_link"]);
});

test("chat lines are text nodes: markup in a name or a message stays text", () => {
  const evil = { id: 7, channel: "spectators", user: "<b>eve</b>", text: '<img src=x onerror="alert(1)"> & hi', at: "2026-11-29T15:04:00+00:00" };
  const li = chatLine(evil, { showChannel: true });
  assert.ok(li instanceof FakeElement);
  const tags = [...li.elements()].map((e) => e.tagName);
  assert.deepEqual(tags.filter((t) => !["TIME", "SPAN", "B"].includes(t)), []);
  assert.equal([...li.elements()].find((e) => e.getAttribute("class") === "chat-text").textContent, evil.text);
  assert.equal([...li.elements()].find((e) => e.tagName === "B").textContent, "<b>eve</b>");
  assert.match(li.outerHTML, /&lt;img src=x onerror="alert\(1\)"&gt; &amp; hi/);
  assert.ok(!li.outerHTML.includes("<img"));
  assert.match(li.textContent, /\[spectators\]/);
  assert.ok(!chatLine(evil).textContent.includes("[spectators]"));
  assert.equal(li.getAttribute("data-id"), "7");
});

test("chat messages merge without duplicates, oldest dropped beyond the limit", () => {
  const m = (id) => ({ id, text: String(id) });
  assert.deepEqual(mergeMessages([m(1), m(2)], [m(2), m(3)]).map((x) => x.id), [1, 2, 3]);
  assert.deepEqual(mergeMessages([m(1), m(2)], [m(3)], 2).map((x) => x.id), [2, 3]);
  // the history that comes after a message the socket brought slots in before it
  assert.deepEqual(mergeMessages([m(5)], [m(3), m(4), m(5)]).map((x) => x.id), [3, 4, 5]);
});

test("the create form's clock choices become the contract's seconds", () => {
  assert.deepEqual(aroundBody(AROUND_DEFAULTS), { rated: true, private: false, clock: { kind: "none" } });
  assert.deepEqual(aroundBody({ ...AROUND_DEFAULTS, clock: "live", minutes: "5", increment: "3", private: true }),
    { rated: true, private: true, clock: { kind: "live", initial: 300, increment: 3 }, on_timeout: "claim" });
  assert.deepEqual(aroundBody({ ...AROUND_DEFAULTS, clock: "correspondence", days: 2, cap: 1, on_timeout: "draw", rated: false }),
    { rated: false, private: false, clock: { kind: "correspondence", per_move: 172800, cap: 172800 }, on_timeout: "draw" });
});

test("your move: only a change to the player's move notifies, never the first picture", () => {
  assert.equal(isMyMove("german", ["german"]), true);
  assert.equal(isMyMove("german", ["german"], true), false);
  assert.equal(isMyMove(null, ["german"]), false);
  assert.equal(becameMyMove(null, true), false);
  assert.equal(becameMyMove(false, true), true);
  assert.equal(becameMyMove(true, true), false);
});

test("a notification shows only while the page is hidden and allowed", () => {
  const shown = [];
  globalThis.Notification = class {
    static permission = "granted";
    constructor(title, opts) { shown.push([title, opts.body]); }
  };
  document.hidden = false;
  assert.equal(notifyIfHidden("Your move", "Shimada"), null);
  document.hidden = true;
  assert.ok(notifyIfHidden("Your move", "Shimada"));
  globalThis.Notification.permission = "denied";
  assert.equal(notifyIfHidden("Your move", "again"), null);
  assert.deepEqual(shown, [["Your move", "Shimada"]]);
  delete globalThis.Notification;
  delete document.hidden;
});

test("profile, settings and inbox helpers", () => {
  assert.equal(ratingChange(1500, 1512.4), "+12");
  assert.equal(ratingChange(1500, 1492), "−8");
  assert.equal(ratingChange(1500, 1500), "±0");
  assert.equal(ratingChange(null, 1500), "");
  assert.deepEqual(settingsBody({ email: " a@b.c ", notify_email: 1, webhook_url: "", webhook_format: "x", language: "ja" }),
    { email: "a@b.c", notify_email: true, webhook_url: null, webhook_format: "json", language: "ja" });
  assert.equal(itemText({ text: { en: "Your move", ja: "あなたの手番" } }, "ja"), "あなたの手番");
});

test("platform messages join a game's catalogue: outcome reasons and the undo log line", async () => {
  const { withPlatform, render } = await import("../common/i18n.js");
  const cat = withPlatform({ en: { "side.japanese": "Japanese" }, ja: { "side.japanese": "日本軍" } });
  const undo = { key: "platform.undo", args: { side: { key: "side.japanese" }, n: 2 } };
  assert.equal(render(undo, cat, "en"), "Japanese took back 2 action(s).");
  assert.equal(render(undo, cat, "ja"), "日本軍が2手戻しました。");
  assert.equal(render({ key: "platform.resigned" }, cat, "ja"), "投了");
  assert.equal(withPlatform({ en: { "platform.timeout": "flag" } }).en["platform.timeout"], "flag");
});

test("after logging in, back to an invitation link, and only to one", async () => {
  const { afterLogin } = await import("../lobby.js");
  const store = (v) => ({ v, getItem() { return this.v; }, removeItem() { this.v = null; } });
  const s = store("/match/abc?invite=T0k-en_1");
  assert.equal(afterLogin(s), "/match/abc?invite=T0k-en_1");
  assert.equal(afterLogin(s), null);
  assert.equal(afterLogin(store("https://evil.example/match/x?invite=a")), null);
  assert.equal(afterLogin(store("//evil.example/match/x?invite=a")), null);
  assert.equal(afterLogin(store("/match/abc?invite=T0k&seat=british")), "/match/abc?invite=T0k&seat=british");
  assert.equal(afterLogin(store("/match/abc?invite=T0k&seat=british&next=//evil")), null);
  assert.equal(afterLogin(undefined), null);
});

test("the clock view counts from the summary's arrival and reports a fallen flag once", async () => {
  const { ClockView } = await import("../common/clock.js");
  let now = 1_000_000;
  const zero = [];
  const el = document.createElement("div");
  el.hidden = true;
  const view = new ClockView(el, { now: () => now, onZero: (s) => zero.push(s) });
  view.start = () => {}; // no timer in the test
  view.set({ ...live, left: { german: 5, allied: 1800 } }, ["german", "allied"]);
  const text = (side) => [...el.elements()].find((e) => e.getAttribute("data-testid") === `clock-${side}`).textContent;
  assert.match(text("german"), /0:00:05$/);
  now += 2500;
  view.tick();
  assert.match(text("german"), /0:00:02$/);
  assert.match(text("allied"), /0:30:00$/);
  now += 5000;
  view.tick();
  view.tick();
  assert.match(text("german"), /0:00:00$/);
  assert.deepEqual(zero, ["german"]);
  const box = [...el.elements()].find((e) => e.getAttribute("data-testid") === "clock-german");
  assert.equal(box.className, "clock running flagged");
});
