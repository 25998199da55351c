// Dev page: renders the synthetic board of bigmap.json with the real modules (BoardView, the
// Bulge panel). Actions are not sent anywhere; they are logged. ?zoom=3 zooms in at start,
// ?stack=1 opens the first stack, ?lang=ja switches the language, ?hover=1 shows a tooltip,
// ?data=shimada loads shimada.json instead (any {statics, view} file in frontend/dev/).
import { BoardView } from "/static/common/board.js";
import { setLang } from "/static/common/i18n.js";

const params = new URLSearchParams(location.search);
if (params.get("lang")) setLang(params.get("lang"));
const status = document.getElementById("dev-status");
const file = (params.get("data") ?? "bigmap").replace(/[^a-z0-9_-]/gi, "");
const data = await (await fetch(`/static/dev/${file}.json`)).json();
const role = params.get("role") ?? data.view.active?.[0] ?? "german";
const t0 = performance.now();
const board = await BoardView.create(document.getElementById("board"), data.statics, {
  interactive: true,
  send: async (action) => { console.log("send", JSON.stringify(action)); },
});
board.update(data.view, role);
const t1 = performance.now();
// a second update with a moved counter: only counters change
const moved = structuredClone(data.view);
if (file === "bigmap") moved.counters[0].hex = "2020";
board.update(moved, role);
const t2 = performance.now();
status.textContent = `first render ${Math.round(t1 - t0)} ms, update ${Math.round(t2 - t1)} ms, `
  + `${document.querySelectorAll("svg.hexmap *").length} SVG nodes, ${data.view.counters.length} counters`;
window.devBoard = board;
const zoom = Number(params.get("zoom") ?? 0);
if (zoom) {
  const [x, y] = board.map.centre(params.get("at") ?? data.view.counters[0].hex);
  board.map.panzoom.zoom(zoom);
  board.map.panzoom.centreOn(x, y);
}
if (params.get("stack")) {
  const hex = [...board.map.stacks.entries()].find(([, l]) => l.length > 2)?.[0];
  if (hex) board.openStack(hex);
}
if (params.get("hover")) {
  const ref = (data.view.counters.find((c) => c.markers?.length) ?? data.view.counters.find((c) => c.hex))?.ref;
  const node = document.querySelector(`[data-ref="${ref}"]`);
  const r = node.getBoundingClientRect();
  board.showTip(ref, { clientX: r.right, clientY: r.bottom });
}
if (params.get("odds") && data.view.attack?.candidates?.[2]) board.odds.show(data.view.attack.candidates[2].at);
