// The keyed marks a hex map (map.js) updates in place on each view: stack badges, occupation flags,
// odds labels, the legal targets' and the selected hex's marks, and the hex numbers (drawn once). A
// node per key, redrawn only when its signature changed; the markup is pure.

import { esc } from "./dom.js";
import { f2, pts } from "./hexpaths.js";
import { corners, centre } from "./hexgeom.js";

/** How much smaller than its hex a mark (legal target, selected hex) is drawn. */
export const MARK_SCALE = 0.9;

/** The points of a hex's mark: its outline shrunk about the hex's own centre. */
export function markPoints(grid, id, size) {
  return pts(corners(grid, id, size, size * MARK_SCALE));
}

/** The node kept for `key` in `nodes`, made and added to `layer` when missing. */
export function keyedNode(nodes, key, layer, make) {
  let node = nodes.get(key);
  if (!node) {
    node = make();
    layer.append(node);
    nodes.set(key, node);
  }
  return node;
}

/** Removes the kept nodes whose key is not in `want` (an object or a Set). */
export function dropUnwanted(nodes, want) {
  const has = want instanceof Set ? (k) => want.has(k) : (k) => k in want;
  for (const [key, node] of nodes) {
    if (has(key)) continue;
    node.remove();
    nodes.delete(key);
  }
}

/** Redraws a node's markup only when its signature changed. */
export function redraw(node, sig, markup) {
  if (node.dataset.sig === sig) return;
  node.dataset.sig = sig;
  node.innerHTML = markup();
}

export function badgeMarkup(x, y, n, size) {
  const r = size * 0.17;
  return `<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(r)}"/><text x="${f2(x)}" y="${f2(y + r * 0.42)}" font-size="${f2(r * 1.25)}" text-anchor="middle">${n}</text>`;
}

/** A small flag on a pole at the hex's left: the side's colour and emblem. */
export function flagMarkup([x, y], sz, side, { colour, emblem, title = side }) {
  const px = x - sz * 0.62, py = y - sz * 0.05;
  return `<title>${esc(title)}</title><line x1="${f2(px)}" y1="${f2(py)}" x2="${f2(px)}" y2="${f2(py - sz * 0.45)}" stroke="#222" stroke-width="${f2(sz * 0.035)}"/>`
    + `<rect x="${f2(px)}" y="${f2(py - sz * 0.45)}" width="${f2(sz * 0.3)}" height="${f2(sz * 0.2)}" fill="${colour}" stroke="#111" stroke-width="${f2(sz * 0.02)}"/>`
    + `<text x="${f2(px + sz * 0.15)}" y="${f2(py - sz * 0.3)}" font-size="${f2(sz * 0.15)}" text-anchor="middle" fill="#fff">${emblem}</text>`;
}

/**
 * An odds label: a small tag above the hex's stack, so it never covers a counter's factors (printed at
 * the counter's foot). `clear`: how far above the centre the stack reaches (a counter of 0.92 of the hex
 * size, stacked up-right by at most 0.18: 0.64 of the size).
 */
export function labelMarkup([x, y], size, text, clear = size * 0.64) {
  const fs = size * 0.26;
  const w = Math.max(text.length * fs * 0.62, size * 0.5) + size * 0.1;
  const hgt = fs * 1.3;
  const bottom = y - clear - size * 0.02;
  return `<rect x="${f2(x - w / 2)}" y="${f2(bottom - hgt)}" width="${f2(w)}" height="${f2(hgt)}" rx="${f2(fs * 0.3)}"/><text x="${f2(x)}" y="${f2(bottom - hgt * 0.27)}" font-size="${f2(fs)}" text-anchor="middle">${esc(text)}</text>`;
}

/** Every hex's printed number near its top edge (the "hex numbers" overlay). */
export function numbersMarkup(grid, ids, size) {
  const flat = grid.top === "flat";
  const dy = flat ? -size * 0.866 + size * 0.2 : -size * 0.6;
  const fs = flat ? size * 0.17 : size * 0.2;
  return ids.map((id) => {
    const [x, y] = centre(grid, id, size);
    return `<text class="hex-number" x="${f2(x)}" y="${f2(y + dy)}" font-size="${f2(fs)}" text-anchor="middle">${id}</text>`;
  }).join("");
}
