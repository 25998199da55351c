// Writes bigmap.json (a synthetic Bulge-sized game: {statics, view}) next to this script.
// node frontend/dev/genboard.mjs [seed]
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fakeBulge } from "./fakeboard.js";

const seed = Number(process.argv[2] ?? 1944);
const out = fileURLToPath(new URL("./bigmap.json", import.meta.url));
const data = fakeBulge(seed);
writeFileSync(out, JSON.stringify(data));
console.log(`${out}: ${Object.keys(data.statics.board.hexes).length} hexes, ${data.view.counters.length} counters`);
