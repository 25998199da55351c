import { test } from "node:test";
import assert from "node:assert/strict";
import { makeGrid, centre, corners, hexsideSegment, allHexes, parseLabel, bounds } from "../common/hexgeom.js";

const close = (a, b, msg) => assert.ok(Math.abs(a - b) < 1e-9, `${msg ?? ""} ${a} != ${b}`);
const S3 = Math.sqrt(3);

test("flat/even: even columns are shifted down half a hex", () => {
  const g = makeGrid({ cols: 8, rows: 12, top: "flat", shift: "even" });
  assert.deepEqual(centre(g, "0101", 10), [0, 0]);
  const [x, y] = centre(g, "0201", 10);
  close(x, 15); close(y, S3 * 10 * 0.5);
  const [x3, y3] = centre(g, "0305", 10);
  close(x3, 30); close(y3, S3 * 10 * 4);
});

test("flat/odd and pointy/even layouts", () => {
  const odd = makeGrid({ cols: 4, rows: 4, top: "flat", shift: "odd" });
  close(centre(odd, "0101", 1)[1], S3 / 2);
  close(centre(odd, "0201", 1)[1], 0);
  const pointy = makeGrid({ cols: 4, rows: 4, top: "pointy", shift: "even" });
  assert.deepEqual(centre(pointy, "0101", 1), [0, 0]);
  const [x, y] = centre(pointy, "0102", 1);
  close(x, S3 / 2); close(y, 1.5);
});

test("first_col, first_row and digits are honoured", () => {
  const g = makeGrid({ cols: 2, rows: 2, top: "flat", shift: "even", first_col: 10, first_row: 5, digits: 2 });
  assert.deepEqual(allHexes(g), ["1005", "1006", "1105", "1106"]);
  // Parity follows the printed column number: column 10 is even, so it is shifted down.
  assert.deepEqual(centre(g, "1005", 1), [0, S3 / 2]);
  assert.deepEqual(centre(g, "1105", 1), [1.5, 0]);
  assert.deepEqual(parseLabel(g, "1106"), [11, 6]);
  assert.throws(() => parseLabel(g, "110"));
});

test("corners lie at `size` from the centre", () => {
  const g = makeGrid({ cols: 3, rows: 3 });
  const [cx, cy] = centre(g, "0202", 5);
  for (const [x, y] of corners(g, "0202", 5)) close(Math.hypot(x - cx, y - cy), 5);
});

test("a hexside is the segment shared by its two hexes", () => {
  const g = makeGrid({ cols: 8, rows: 12, top: "flat", shift: "even" });
  // 0709 and 0710 are vertically adjacent: their shared side is horizontal, between them.
  const seg = hexsideSegment(g, "0709", "0710", 10);
  assert.equal(seg.length, 2);
  const [a, b] = centre(g, "0709", 10), [c, d] = centre(g, "0710", 10);
  close(seg[0][1], seg[1][1], "horizontal");
  close(seg[0][1], (b + d) / 2);
  close((seg[0][0] + seg[1][0]) / 2, (a + c) / 2);
  close(Math.hypot(seg[0][0] - seg[1][0], seg[0][1] - seg[1][1]), 10, "a side is as long as the radius");
  // 0203 (even column, shifted down) touches 0103 and 0104 (server's hexgrid doctest).
  for (const n of ["0103", "0104", "0202", "0204", "0303", "0304"]) assert.ok(hexsideSegment(g, "0203", n, 1), n);
  assert.equal(hexsideSegment(g, "0203", "0102", 1), null);
  assert.equal(hexsideSegment(g, "0203", "0205", 1), null);
});

test("pointy hexsides too", () => {
  const g = makeGrid({ cols: 4, rows: 4, top: "pointy", shift: "even" });
  assert.ok(hexsideSegment(g, "0101", "0201", 1));
  assert.ok(hexsideSegment(g, "0101", "0102", 1));
  assert.ok(hexsideSegment(g, "0201", "0102", 1), "row 2 is shifted right, under 0101 and 0201");
  assert.equal(hexsideSegment(g, "0301", "0102", 1), null);
});

test("bounds cover every corner", () => {
  const g = makeGrid({ cols: 2, rows: 1 });
  const b = bounds(g, 1);
  close(b.minX, -1); close(b.minY, -S3 / 2);
  close(b.width, 3.5); close(b.height, S3 * 1.5);
});
