// Pure geometry and look-ups of an area map (board.kind "area", docs/lz_albany-data.md): polygon
// centroid and bounds, the slots of the counters drawn in an area, adjacency, and the areas an
// officer sees (the static LOS table). No DOM; importable in node.

/** The signed area of a polygon [[x, y], ...] (positive when the points turn clockwise on screen). */
export function polygonArea(points) {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

/** The centroid of a simple polygon (the mean of its points when it has no area). */
export function polygonCentroid(points) {
  const a = polygonArea(points);
  if (!points.length) return [0, 0];
  if (Math.abs(a) < 1e-9) {
    const n = points.length;
    return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
  }
  let cx = 0, cy = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    const k = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * k;
    cy += (y1 + y2) * k;
  }
  return [cx / (6 * a), cy / (6 * a)];
}

/** {minX, minY, maxX, maxY, width, height} of a list of points. */
export function polygonBounds(points) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x); minY = Math.min(minY, y);
    maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
}

/** Whether (x, y) lies inside the polygon (even-odd rule). */
export function pointInPolygon([x, y], points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i], [xj, yj] = points[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Where an area's name and counters go: its `label` point, else the centroid of its shape. */
export function anchorOf(area) {
  if (Array.isArray(area?.label) && area.label.length === 2) return area.label;
  return polygonCentroid(area?.shape ?? []);
}

/**
 * Offsets [dx, dy] from an area's anchor of `n` counters of `size`, in a grid of at most `maxCols`
 * columns (rows go down from the anchor, the grid centred horizontally). Up to `maxRows` rows the
 * counters do not overlap; beyond, the rows close up so the grid keeps the height of `maxRows`
 * rows (the stack inspector lists a crowded area). -> {slots: [[dx, dy]], cols, rows, crowded}.
 */
export function areaSlots(n, size, { maxCols = 4, maxRows = 3, gap = 0.12 } = {}) {
  if (n <= 0) return { slots: [], cols: 0, rows: 0, crowded: false };
  const step = size * (1 + gap);
  const cols = Math.max(1, Math.min(maxCols, n));
  const rows = Math.ceil(n / cols);
  const crowded = rows > maxRows;
  const rowStep = crowded ? (step * (maxRows - 1)) / (rows - 1) : step;
  const slots = [];
  for (let k = 0; k < n; k++) {
    const r = Math.floor(k / cols);
    const inRow = r === rows - 1 ? n - r * cols : cols;
    const c = k % cols;
    slots.push([(c - (inRow - 1) / 2) * step, r * rowStep]);
  }
  return { slots, cols, rows, crowded };
}

/** The most columns of counters that fit across an area `width` wide. */
export function columnsFor(width, size, gap = 0.12) {
  return Math.max(1, Math.min(4, Math.floor((width * 0.9) / (size * (1 + gap)))));
}

/** Map<area, Set<area>> of the board's edges (both ways). */
export function adjacency(board) {
  const out = new Map(Object.keys(board?.areas ?? {}).map((id) => [id, new Set()]));
  for (const [a, b] of board?.edges ?? []) {
    if (!out.has(a)) out.set(a, new Set());
    if (!out.has(b)) out.set(b, new Set());
    out.get(a).add(b);
    out.get(b).add(a);
  }
  return out;
}

/** Map<area, Set<area>> of the static LOS table (unordered pairs, docs/lz_albany-data.md). */
export function losTable(board) {
  const out = new Map();
  for (const [a, b] of board?.los ?? []) {
    if (!out.has(a)) out.set(a, new Set());
    if (!out.has(b)) out.set(b, new Set());
    out.get(a).add(b);
    out.get(b).add(a);
  }
  return out;
}

/** {x, y, w, h} holding every area's shape, with a margin. */
export function boardBounds(board, margin = 10) {
  const all = Object.values(board?.areas ?? {}).flatMap((a) => a.shape ?? []);
  const canvas = board?.canvas;
  if (!all.length && canvas) return { x: -margin, y: -margin, w: canvas.width + 2 * margin, h: canvas.height + 2 * margin };
  const b = polygonBounds(all);
  return { x: b.minX - margin, y: b.minY - margin, w: b.width + 2 * margin, h: b.height + 2 * margin };
}
