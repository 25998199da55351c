// A synthetic Bulge-sized game for development and tests: a 40x42 pointy/odd board with random
// terrain, rivers, roads, places, the West Wall, entries and army lines, and a view with ~150
// counters in stacks, markers, occupation, an attack with odds details, tracks and VP.
// Deterministic for a given seed. Pure (no DOM): used by tests/bigmap.test.mjs and genboard.mjs.

import { makeGrid, allHexes, centre } from "../common/hexgeom.js";

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Neighbours of every hex, found by centre distance. */
export function neighbourMap(grid) {
  const ids = allHexes(grid);
  const at = new Map(ids.map((id) => [centre(grid, id, 1).map((v) => Math.round(v * 8)).join(","), id]));
  const out = new Map();
  const dirs = [0, 60, 120, 180, 240, 300].map((d) => ((d + (grid.top === "flat" ? 30 : 0)) * Math.PI) / 180);
  for (const id of ids) {
    const [x, y] = centre(grid, id, 1);
    const list = [];
    for (const a of dirs) {
      const n = at.get([x + Math.sqrt(3) * Math.cos(a), y + Math.sqrt(3) * Math.sin(a)].map((v) => Math.round(v * 8)).join(","));
      if (n) list.push(n);
    }
    out.set(id, list);
  }
  return out;
}

export function fakeBulge(seed = 1944) {
  const r = rng(seed);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const gridSpec = { cols: 40, rows: 42, top: "pointy", shift: "odd" };
  const grid = makeGrid(gridSpec);
  const ids = allHexes(grid);
  const nb = neighbourMap(grid);

  // terrain: seeds grown into patches
  const terrainOf = new Map(ids.map((id) => [id, "clear"]));
  for (const [kind, patches, size] of [["hills", 40, 12], ["light_forest", 45, 14], ["deep_forest", 20, 10]]) {
    for (let p = 0; p < patches; p++) {
      let cur = pick(ids);
      for (let k = 0; k < size; k++) {
        terrainOf.set(cur, kind);
        cur = pick(nb.get(cur));
      }
    }
  }
  const hexes = Object.fromEntries(ids.map((id) => [id, { terrain: terrainOf.get(id) }]));
  const walk = (start, n, avoid = new Set()) => {
    const path = [start];
    let cur = start;
    for (let k = 0; k < n; k++) {
      const options = nb.get(cur).filter((x) => !path.includes(x) && !avoid.has(x));
      if (!options.length) break;
      cur = pick(options);
      path.push(cur);
    }
    return path;
  };
  const roads = Array.from({ length: 16 }, () => walk(pick(ids), 12 + Math.floor(r() * 14)));
  const main_roads = Array.from({ length: 4 }, () => walk(pick(ids), 25));
  const rivers = [];
  const major_rivers = [];
  for (let k = 0; k < 6; k++) {
    const path = walk(pick(ids), 14);
    for (let i = 0; i + 1 < path.length; i++) {
      const other = nb.get(path[i]).find((x) => x !== path[i + 1] && nb.get(path[i + 1]).includes(x));
      if (other) (k < 2 ? major_rivers : rivers).push([path[i], other]);
    }
  }
  const places = {};
  const placeNames = ["Bastogne", "St. Vith", "Liège", "Namur", "Dinant", "Houffalize", "Malmedy", "Spa", "Stavelot",
    "Wiltz", "Clervaux", "Marche", "Celles", "Elsenborn", "Vielsalm", "Echternach", "Diekirch", "Arlon", "Sedan", "Verviers"];
  const kinds = ["fortress", "fortress", "important", "important", "important", "city", "city", "city", "town"];
  placeNames.forEach((name, i) => {
    places[pick(ids)] = { name: { en: name, ja: name }, kind: kinds[i] ?? "town" };
  });
  const label = (c, rr) => String(c).padStart(2, "0") + String(rr).padStart(2, "0");
  const west_wall = [];
  for (let rr = 8; rr <= 40; rr++) west_wall.push(label(rr % 3 === 0 ? 36 : 37, rr));
  const entries = {
    E1: { hex: label(40, 12), side: "german", code: "E" },
    E2: { hex: label(40, 30), side: "german", code: "E" },
    N1: { hex: label(22, 1), side: "allied", code: "N", colour: "yellow" },
    NW1: { hex: label(2, 3), side: "allied", code: "NW", colour: "orange" },
    W1: { hex: label(1, 20), side: "allied", code: "W", colour: "yellow" },
    SW1: { hex: label(3, 41), side: "allied", code: "SW", colour: "orange" },
    S1: { hex: label(20, 42), side: "allied", code: "S", colour: "yellow" },
  };
  const line = (row) => {
    const out = [];
    for (let c = 40; c >= 12; c--) out.push(label(c, row + (c % 5 === 0 ? 1 : 0)));
    return out;
  };
  const army_lines = { "6SS/5Pz": line(14), "5Pz/7": line(28) };
  const terrain = {
    clear: { name: { en: "Clear", ja: "平地" }, fill: "#e4e2bf" },
    hills: { name: { en: "Hills", ja: "丘陵" }, fill: "#d5bc8a" },
    light_forest: { name: { en: "Light forest", ja: "森林" }, fill: "#b3cf92" },
    deep_forest: { name: { en: "Deep forest", ja: "深い森" }, fill: "#73a05f" },
  };
  const board = { kind: "hex", grid: gridSpec, terrain, hexes, roads, main_roads, rivers, major_rivers, places, west_wall, entries, army_lines };

  // counters: ~150 in stacks of 1..4 (the 4th only with a commando)
  const counters = [];
  const statics = {};
  const armies = ["6SS", "5Pz", "7", "white"];
  const branches = ["armour", "panzergrenadier", "infantry", "paratroop", "cavalry", "infantry", "infantry"];
  const markersPool = [[], [], [], [], [], ["out_of_supply"], ["isolated"], ["option_retreat"]];
  let n = 0;
  const occupiedStack = new Set();
  while (counters.length < 150) {
    const german = r() < 0.55;
    const hex = german ? label(20 + Math.floor(r() * 20), 2 + Math.floor(r() * 39)) : label(2 + Math.floor(r() * 24), 2 + Math.floor(r() * 39));
    if (occupiedStack.has(hex)) continue;
    occupiedStack.add(hex);
    const size = Math.min(1 + Math.floor(r() * 3.4), 150 - counters.length);
    for (let k = 0; k < size; k++) {
      n++;
      const branch = pick(branches);
      const mech = branch === "armour" || branch === "panzergrenadier" || branch === "cavalry";
      const nation = german ? "german" : r() < 0.85 ? "us" : "british";
      const full = mech ? 6 + Math.floor(r() * 5) * 2 : 3 + Math.floor(r() * 4);
      const steps = r() < 0.25 ? 1 : 2;
      const ref = `${german ? "G" : "A"}-${n}`;
      const designation = german ? `${n}${pick(["SS PzR", " VGR", " FJR", " PzGR"])}` : pick(["CCA/9", "CCB/9", "CCR/9", `${n} IR`, `${n} Cav`, "29 Arm"]);
      const division = german ? `${1 + (n % 12)}SS` : `US-${pick([2, 99, 106, 28, 4, 9])}`;
      statics[ref] = { side: german ? "german" : "allied", nation, branch, mechanised: mech, designation, division,
        name: { en: `${designation} (${division})`, ja: `${designation}(${division})` },
        front: { attack: full, defence: full }, back: { attack: Math.ceil(full / 2), defence: Math.ceil(full / 2) } };
      counters.push({
        ref, id: ref, side: german ? "german" : "allied", hex, face: steps === 2 ? "front" : "back", status: "map",
        nation, army: german ? pick(armies) : null, mechanised: mech, designation, division, branch,
        steps, attack: steps === 2 ? full : Math.ceil(full / 2), defence: steps === 2 ? full : Math.ceil(full / 2),
        markers: pick(markersPool),
      });
    }
  }
  // a commando on top of one German stack
  const gHex = counters.find((c) => c.side === "german").hex;
  counters.push({ ref: "G-C1", id: "G-C1", side: "german", hex: gHex, face: "front", status: "map", nation: "us",
    army: "white", designation: "Skrzny", branch: "commando", mechanised: false, steps: 1, markers: [] });

  const occupied = {};
  for (const [hex, p] of Object.entries(places)) if (p.kind === "important" || p.kind === "fortress") occupied[hex] = r() < 0.5 ? "german" : "allied";
  for (const hex of main_roads[0].slice(0, 6)) occupied[hex] = "german";

  // an attack: a German stack against three Allied hexes
  const allied = counters.filter((c) => c.side === "allied");
  const targets = [...new Set(allied.map((c) => c.hex))].slice(0, 3);
  const chances = { A1: 0.028, AR: 0.056, Cont: 0.083, Ex1: 0.111, D1: 0.139, DR1: 0.167, DR2: 0.139, DA1: 0.111, D2: 0.083, DElim: 0.083 };
  const candidates = targets.map((at, i) => ({
    at, odds: ["3:1", "2:1", "5:1"][i], raw: ["4:1", "2:1", "7:1"][i], column: ["3:1", "2:1", "5:1"][i],
    attack: [14, 9, 22][i], defence: [4, 4, 3][i],
    shifts: i === 1 ? [] : [{ reason: { key: "shift.terrain", args: { terrain: "hills" } }, shift: -1 }, ...(i === 2 ? [{ reason: { key: "shift.air" }, shift: 1 }, { reason: { key: "shift.deep_forest" }, shift: -2 }] : [])],
    chances,
  }));
  const attackers = counters.filter((c) => c.side === "german").slice(0, 3).map((c) => c.ref);

  const turns = {};
  for (let t = 1; t <= 15; t++) {
    const d = new Date(Date.UTC(1944, 11, 16 + t - 1));
    turns[t] = { date: d.toISOString().slice(0, 10), german_win: t >= 5 ? 40 + t * 2 : null, allied_win: t >= 5 ? 10 + t : null, air: t >= 8 };
  }
  board.turns = turns;
  const view = {
    turn: 6, turns: 15, step: "combat", player: "german", date: turns[6].date,
    counters, occupied, vp: 37, air: { left: 4, total: 6 },
    attack: { attackers, candidates },
    reinforcements: { 7: ["G-1", { designation: "FB Bde" }], 9: [{ designation: "5Gds" }, { designation: "29 Arm" }], 12: [{ designation: "VDH" }] },
    actions: [
      ...attackers.flatMap((ref) => targets.map((to) => ({ type: "attack", unit: ref, to }))),
      ...counters.filter((c) => c.side === "german" && c.hex === counters[1].hex).map((c) => ({ type: "hold", unit: c.ref })),
      { type: "end_combat" },
    ],
    active: ["german"],
    log: [],
    prompt: { key: "prompt.combat" },
  };
  const messages = {
    en: { "shift.terrain": "Terrain: {terrain}", "shift.air": "Air support", "shift.deep_forest": "Deep forest",
      "prompt.combat": "Declare your attacks.", "action.attack": "Attack {to} with {unit}", "action.hold": "Hold {unit}",
      "action.end_combat": "End combat", "role.german": "German", "role.allied": "Allied", "result.DElim": "D elim" },
    ja: { "shift.terrain": "地形:{terrain}", "shift.air": "空軍支援", "shift.deep_forest": "深い森", "prompt.combat": "攻撃を宣言してください。",
      "role.german": "ドイツ軍", "role.allied": "連合軍" },
  };
  return { statics: { id: "bulge", board, counters: statics, messages }, view };
}
