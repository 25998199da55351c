// Checks patch.js on cases {what, old, new, ops}: applying ops to old must give new, compared as
// canonical JSON (keys sorted). Used by patch.test.mjs on fixtures/patches.json, and run as
// `node frontend/tests/patch_fixtures.mjs FILE` by tests/realtime/test_diff.py, which prints
// {"checked": n, "failed": [{what, error}]} on stdout.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { applyPatch } from "../common/patch.js";

/** JSON with every object's keys sorted: two documents are the same if their canonical texts are. */
export function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

export function checkCases(cases) {
  const failed = [];
  for (const c of cases) {
    const before = canonical(c.old);
    try {
      const out = applyPatch(c.old, c.ops);
      if (canonical(out) !== canonical(c.new)) failed.push({ what: c.what, error: "not the new view" });
      else if (canonical(c.old) !== before) failed.push({ what: c.what, error: "the old view was changed" });
    } catch (err) {
      failed.push({ what: c.what, error: String(err) });
    }
  }
  return { checked: cases.length, failed };
}

export function loadCases(path) {
  return JSON.parse(readFileSync(path, "utf-8"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(checkCases(loadCases(process.argv[2]))) + "\n");
}
