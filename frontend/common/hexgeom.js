// Pure hex geometry for printed "CCRR" labels, matching server/engine/hexgrid.py.
// flat tops: columns straight; shift "even" pushes even columns down half a hex ("odd": odd ones).
// pointy tops: rows straight; shift "even" pushes even rows right half a hex ("odd": odd ones).
// A board of other hex names (Conflict of Heroes' geomorphic "1-A1") gives each hex its own centre:
// grid.centres {id: [x, y]} in units of the hex's size, flat tops; its hexes are those, in that order.

const SQRT3 = Math.sqrt(3);

/** Normalises a board's `grid` entry (missing fields take the engine's defaults). */
export function makeGrid(grid) {
  if (grid.centres) return { top: grid.top ?? "flat", centres: grid.centres, digits: 0 };
  return {
    cols: grid.cols,
    rows: grid.rows,
    top: grid.top ?? "flat",
    shift: grid.shift ?? "even",
    firstCol: grid.first_col ?? 1,
    firstRow: grid.first_row ?? 1,
    digits: grid.digits ?? 2,
  };
}

export function parseLabel(grid, id) {
  const d = grid.digits;
  if (typeof id !== "string" || id.length !== 2 * d || !/^[0-9]+$/.test(id)) {
    throw new Error(`not a hex label: ${id}`);
  }
  return [Number(id.slice(0, d)), Number(id.slice(d))];
}

export function label(grid, col, row) {
  const d = grid.digits;
  return String(col).padStart(d, "0") + String(row).padStart(d, "0");
}

export function allHexes(grid) {
  if (grid.centres) return Object.keys(grid.centres);
  const out = [];
  for (let c = grid.firstCol; c < grid.firstCol + grid.cols; c++) {
    for (let r = grid.firstRow; r < grid.firstRow + grid.rows; r++) out.push(label(grid, c, r));
  }
  return out;
}

/** 1 when line n is one of the shifted lines. */
function parity(grid, n) {
  return (n % 2 === 0) === (grid.shift === "even") ? 1 : 0;
}

/** Centre of a hex in map units (y down); the first hex's centre is (0, 0). */
export function centre(grid, id, size = 1) {
  if (grid.centres) {
    const c = grid.centres[id];
    if (!c) throw new Error(`not a hex of the board: ${id}`);
    return [c[0] * size, c[1] * size];
  }
  const [col, row] = parseLabel(grid, id);
  const c = col - grid.firstCol;
  const r = row - grid.firstRow;
  if (grid.top === "flat") return [1.5 * size * c, SQRT3 * size * (r + 0.5 * parity(grid, col))];
  return [SQRT3 * size * (c + 0.5 * parity(grid, row)), 1.5 * size * r];
}

/**
 * The six corners, clockwise from the east (flat) or the north-east (pointy). `radius` (default:
 * the hex's own) draws a smaller or larger outline about the same centre: only `size` places a hex.
 */
export function corners(grid, id, size = 1, radius = size) {
  const [x, y] = centre(grid, id, size);
  const start = grid.top === "flat" ? 0 : 30;
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = ((start + 60 * i) * Math.PI) / 180;
    out.push([x + radius * Math.cos(a), y + radius * Math.sin(a)]);
  }
  return out;
}

const near = (p, q, eps) => Math.abs(p[0] - q[0]) < eps && Math.abs(p[1] - q[1]) < eps;

/** The segment shared by two adjacent hexes (a hexside "AAAA/BBBB"), or null if they do not touch. */
export function hexsideSegment(grid, a, b, size = 1) {
  const cb = corners(grid, b, size);
  const common = corners(grid, a, size).filter((p) => cb.some((q) => near(p, q, size * 1e-6)));
  return common.length === 2 ? common : null;
}

/** The map's extent: {minX, minY, width, height}, corners included. */
export function bounds(grid, size = 1) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const id of allHexes(grid)) {
    for (const [x, y] of corners(grid, id, size)) {
      minX = Math.min(minX, x); minY = Math.min(minY, y);
      maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
  }
  return { minX, minY, width: maxX - minX, height: maxY - minY };
}
