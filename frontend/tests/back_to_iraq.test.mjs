// Back to Iraq's pure display helpers (games/back_to_iraq): the nations' counter colours, short
// designations and symbols, the escarpments' teeth, the MIPP and turn tracks, the victory progress,
// the odds labels. The nations and units are read from the server's data files, so a unit or nation
// added there without a look fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parseColours, nationStyle, darker, NATION_COLOURS, COLOUR_WORDS, symbolFor, shortName, counterLook,
  escarpmentTeeth, sourceStyle, markerTokens, MARKER_CODES } from "../games/back_to_iraq/map.js";
import { mippTrack, turnTrack, victoryRows, mapLabels, RESULT_ORDER, targetRows, airPool } from "../games/back_to_iraq/panel.js";
import { makeGrid } from "../common/hexgeom.js";

const data = JSON.parse(readFileSync(new URL("../../server/games/back_to_iraq/data/counters.json", import.meta.url), "utf8"));
const messages = JSON.parse(readFileSync(new URL("../../server/games/back_to_iraq/messages.json", import.meta.url), "utf8"));
const units = Object.entries(data.units ?? data.counters ?? {});

test("colour words become hex colours, background then print", () => {
  assert.deepEqual(parseColours("olive drab/black"), { bg: COLOUR_WORDS["olive drab"], print: COLOUR_WORDS.black });
  assert.deepEqual(parseColours("nonsense"), { bg: "#c8c8c8", print: "#111111" });
  assert.equal(darker("#808080", 0.5), "#404040");
});

test("every nation of counters.json has its colours here, the same words, in known colours", () => {
  for (const [id, n] of Object.entries(data.nations)) {
    assert.equal(NATION_COLOURS[id], n.colours, id);
    for (const word of n.colours.split("/")) assert.ok(COLOUR_WORDS[word.trim()], `${id}: ${word}`);
    const st = nationStyle(id);
    for (const k of ["band", "body", "dark", "ink"]) assert.match(st[k], /^#[0-9a-f]{6}$/, `${id}.${k}`);
  }
  // the two sides' grey nations are told apart
  assert.notEqual(nationStyle("turkey").band, nationStyle("iran_army").band);
});

test("every unit gets a short designation that fits a counter and a NATO symbol", () => {
  assert.ok(units.length > 100, "the units are read");
  const seen = new Map();
  for (const [id, u] of units) {
    const name = typeof u.name === "object" ? u.name.en : u.name;
    const short = shortName(id, u.type, name);
    assert.ok(short && short.length <= 10, `${id}: "${short}"`);
    seen.set(short, [...(seen.get(short) ?? []), id]);
    assert.ok(symbolFor(u.type, name), id);
  }
  // no two units of one nation print the same designation
  for (const [short, ids] of seen) {
    const nations = ids.map((id) => Object.fromEntries(units)[id].nation);
    assert.equal(new Set(nations).size, nations.length, `${short}: ${ids}`);
  }
  assert.equal(shortName("iq_5", "iq_armd", "5th Mechanised Division (I Corps)"), "5 Mech");
  assert.equal(shortName("iq_3", "iq_armd", "3rd Armoured Division (II Corps)"), "3 Armd");
  assert.equal(shortName("irgc_31", "irgc_inf", "IRGC 31st Ashura Division"), "IRGC 31");
  assert.equal(shortName("sa_4", "gulf_bde", "4th Armored Brigade"), "4 Bde");
  assert.equal(symbolFor("us_heavy", "1st Armored Division"), "armour");
  assert.equal(symbolFor("us_heavy", "3rd Infantry Division (Mech)"), "carrier");
});

test("a counter's look: its nation's colours, designation, symbol and the mechanised band", () => {
  const look = counterLook({ id: "us_3acr", nation: "us", type: "us_acr", movement_class: "mech", attack: 6, defence: 5, steps: 2,
    name: { en: "3rd Armored Cavalry Regiment" } });
  assert.equal(look.kind, "step");
  assert.equal(look.designation, "3 ACR");
  assert.equal(look.symbol, "armoured_car");
  assert.equal(look.mechanised, true);
  assert.equal(look.ink, COLOUR_WORDS.black);
  assert.equal(counterLook({ id: "x", nation: "martians", attack: 1 }), null);
  assert.equal(counterLook({ id: "x", nation: "us" }), null); // not a step unit
});

test("escarpment teeth: three per hexside, pointing into the second hex", () => {
  const grid = makeGrid({ cols: 4, rows: 4, top: "flat", shift: "even" });
  const d = escarpmentTeeth(grid, ["0101/0102"], 40);
  assert.equal((d.match(/M/g) ?? []).length, 3);
  assert.equal(escarpmentTeeth(grid, ["0101/0404"], 40), ""); // not neighbours: nothing
});

test("supply sources: the Coalition's blue, Iraq's red, Iran's green; general and edge ones ringed", () => {
  assert.equal(sourceStyle("coalition").fill, "#2a5caa");
  assert.equal(sourceStyle("iraq_limited").general, false);
  assert.equal(sourceStyle("iraq_general").general, true);
  assert.equal(sourceStyle("iran_edge").fill, "#1f7a3a");
});

test("the MIPP track runs past its limit, warns near it and marks it reached", () => {
  const d = mippTrack(10, 40);
  assert.equal(d.max, 44);
  assert.equal(d.limitPct.toFixed(1), "90.9");
  assert.equal(d.near, false);
  assert.equal(mippTrack(30, 40).near, true);
  assert.equal(mippTrack(41, 40).over, true);
  assert.equal(mippTrack(50, 40).pct, 100); // past the bar's end: the bar grows to the value
  assert.equal(mippTrack(undefined, undefined).limit, null);
});

test("the turn track marks the current turn and the Regroup marker's box", () => {
  const d = turnTrack({ turn: 2, turns: 12, regroup: { marker: 4, now: null } });
  assert.equal(d.length, 12);
  assert.deepEqual(d.filter((x) => x.regroup).map((x) => x.n), [4]);
  assert.deepEqual(d.filter((x) => x.current).map((x) => x.n), [2]);
  assert.deepEqual(d.filter((x) => x.past).map((x) => x.n), [1]);
  assert.equal(turnTrack({ turn: 11, turns: 12, regroup: { marker: 15 } }).some((x) => x.regroup), false);
});

test("victory progress: Kuwait City, the cities each scenario needs, the MIPP", () => {
  const places = { "3631": { key: "kuwait_city" }, "2117": { key: "baghdad" } };
  const need = { iraqi_cities: 14, iranian_cities: 2, s1_needed: 11, s2_needed_iraqi: 6, s2_needed_iranian: 1 };
  const s1 = victoryRows({ scenario: "1", mipp: 3, mipp_limit: 40, control: { "3631": "coalition" },
    victory: { met: false, iraqi_cities: 4, iranian_cities: 0, need } }, places);
  assert.deepEqual(s1.rows.map((r) => [r.key, r.have, r.need, r.ok]),
    [["kuwait", 1, 1, true], ["iraqi_cities", 4, 11, false], ["mipp_below", 3, 40, true]]);
  const s2 = victoryRows({ scenario: "2", mipp: 40, mipp_limit: 40, control: {}, victory: { met: false, iraqi_cities: 6, iranian_cities: 1, need } }, places);
  assert.deepEqual(s2.rows.map((r) => [r.key, r.ok]),
    [["kuwait", false], ["iraqi_cities", true], ["iranian_cities", true], ["mipp_below", false]]);
  assert.equal(victoryRows({}, places), null);
});

test("odds labels: the final odds, with the result when the table gives it at once", () => {
  const view = { attack: { candidates: [
    { at: "3527", odds: "1:4", column: "S*", auto: "S*", raw: "1:2", shifts: [] },
    { at: "2117", odds: "3:1", column: "3:1", raw: "4:1", shifts: [] }] } };
  assert.deepEqual(mapLabels(view), { "3527": "1:4 S*", "2117": "3:1" });
});

test("the legend's order names every result of both tables, each in the catalogue", () => {
  assert.deepEqual(new Set(RESULT_ORDER), new Set(Object.keys(messages.en).filter((k) => k.startsWith("result.")).map((k) => k.slice(7))));
});

test("the panel's words are in both catalogues, with the same placeholders", () => {
  const keys = Object.keys(messages.en).filter((k) => k.startsWith("panel."));
  assert.ok(keys.length >= 20);
  for (const k of keys) {
    const ph = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    assert.ok(messages.ja[k], k);
    assert.deepEqual(ph(messages.ja[k]), ph(messages.en[k]), k);
  }
});

test("strategic targets: a token per marker on the map, '?' for a kind the viewer may not see (§G1.3)", () => {
  const tables = JSON.parse(readFileSync(new URL("../../server/games/back_to_iraq/data/tables.json", import.meta.url), "utf8"));
  for (const kind of Object.keys(tables.strategic_targets)) {
    assert.ok(MARKER_CODES[kind] && MARKER_CODES[kind].length <= 3, kind);
    assert.ok(messages.en[`marker.${kind}`] && messages.ja[`marker.${kind}`], kind);
  }
  const targets = { cup: 0, israel: null, markers: [
    { id: "t01", hex: "3527", face: "down", status: "map", kind: "c3i", risen: false },
    { id: "t02", hex: "3527", face: "down", status: "map", kind: null, risen: false },
    { id: "t03", hex: "2117", face: "up", status: "map", kind: "rebellion", risen: true },
    { id: "t04", hex: "2925", face: "up", status: "removed", kind: "ssm", risen: false },
  ] };
  const tokens = markerTokens(targets);
  assert.deepEqual(Object.keys(tokens).sort(), ["2117", "3527"]);
  assert.deepEqual(tokens["3527"].map((t) => t.text), ["C3I", "?"]);
  assert.equal(tokens["2117"][0].risen, true);
  const rows = targetRows(targets);
  assert.deepEqual(rows.shown.map((t) => t.id), ["t01", "t03"]);
  assert.equal(rows.hidden, 1);
  assert.deepEqual(rows.removed.map((t) => t.id), ["t04"]);
  assert.equal(targetRows(null), null);
});

test("the air-strike pool: the turn's strikes with the Israeli ones, what is left, the counters per hex (§G2)", () => {
  const d = airPool({ strikes: 7, israeli: 1, left: { conventional: 4, stealth: 0, israeli: 1 }, targets: ["3527"],
    placed: [{ at: "3527", air: "stealth" }, { at: "3527", air: "stealth" }, { at: "2117", air: "recon" }] });
  assert.equal(d.total, 8);
  assert.deepEqual(d.left, [["conventional", 4], ["israeli", 1]]);
  assert.deepEqual(d.placed, [{ at: "3527", counters: [["stealth", 2]] }, { at: "2117", counters: [["recon", 1]] }]);
  assert.equal(airPool(null), null);
  for (const k of ["conventional", "stealth", "recon", "israeli"]) assert.ok(messages.en[`air.${k}`] && messages.ja[`air.${k}`], k);
});
