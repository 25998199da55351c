import { test } from "node:test";
import assert from "node:assert/strict";
import { MatchConnection } from "../common/net.js";

class FakeSocket {
  static last = null;
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    FakeSocket.last = this;
  }
  open() { this.readyState = 1; this.onopen?.(); }
  send(data) { this.sent.push(JSON.parse(data)); }
  close() { this.readyState = 3; this.onclose?.(); }
  server(msg) { this.onmessage?.({ data: JSON.stringify(msg) }); }
}

function connect(api = {}) {
  const states = [];
  const conn = new MatchConnection("m1", { onState: (s) => states.push(s) }, { WebSocket: FakeSocket, url: "ws://x/ws/matches/m1", api });
  conn.start();
  const ws = FakeSocket.last;
  ws.open();
  return { conn, ws, states };
}

test("snapshot, then patches in order; a gap asks for a snapshot", () => {
  const { conn, ws, states } = connect();
  ws.server({ type: "snapshot", match: "m1", version: 3, role: "british", view: { turn: 1, log: [] } });
  ws.server({ type: "patch", match: "m1", from: 3, version: 4, ops: [{ op: "replace", path: "/turn", value: 2 }, { op: "add", path: "/log/-", value: { key: "k" } }] });
  assert.deepEqual(conn.state, { version: 4, role: "british", view: { turn: 2, log: [{ key: "k" }] } });
  assert.equal(states.length, 2);
  ws.server({ type: "patch", match: "m1", from: 6, version: 7, ops: [] });
  assert.deepEqual(ws.sent.at(-1), { type: "snapshot" });
  assert.equal(conn.state.version, 4, "the gap is not applied");
  ws.server({ type: "patch", match: "m1", from: 4, version: 5, ops: [{ op: "test", path: "/turn", value: 9 }] });
  assert.equal(conn.state.version, 4, "a failing patch is not applied");
  conn.close();
});

test("actions resolve on their ack and reject on their error", async () => {
  const { conn, ws } = connect();
  ws.server({ type: "snapshot", version: 0, role: "japanese", view: {} });
  const p = conn.send({ type: "end_step" });
  const msg = ws.sent.at(-1);
  assert.equal(msg.type, "action");
  assert.equal(msg.version, 0);
  assert.ok(msg.id);
  ws.server({ type: "ack", id: msg.id, version: 1 });
  assert.deepEqual(await p, { version: 1 });
  const q = conn.send({ type: "bogus" });
  ws.server({ type: "error", id: ws.sent.at(-1).id, status: 422, reason: "No." });
  await assert.rejects(q, (e) => e.reason === "No." && e.status === 422);
  conn.close();
});

test("pending actions survive a drop and are resent after the new snapshot", async () => {
  const { conn, ws } = connect({ act: () => Promise.reject(Object.assign(new Error("down"), { status: 0 })) });
  ws.server({ type: "snapshot", version: 2, role: "japanese", view: {} });
  ws.readyState = 3; // the socket died without telling us yet
  const p = conn.send({ type: "end_step" });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(conn.pending.size, 1, "kept while the HTTP fallback fails too");
  const id = [...conn.pending.keys()][0];
  conn.connect(); // what the backoff timer does
  const ws2 = FakeSocket.last;
  ws2.open();
  ws2.server({ type: "snapshot", version: 2, role: "japanese", view: {} });
  assert.deepEqual(ws2.sent.filter((m) => m.type === "action").map((m) => m.id), [id]);
  ws2.server({ type: "ack", id, version: 3 });
  assert.deepEqual(await p, { version: 3 });
  conn.close();
});

test("with the socket down, an action goes over HTTP and the view is fetched", async () => {
  const calls = [];
  const api = {
    act: async (id, body) => { calls.push(["act", id, body]); return { version: 1 }; },
    view: async () => ({ version: 1, role: "japanese", view: { turn: 2 } }),
  };
  const { conn, ws } = connect(api);
  ws.server({ type: "snapshot", version: 0, role: "japanese", view: { turn: 1 } });
  ws.readyState = 3;
  const res = await conn.send({ type: "end_step" });
  assert.deepEqual(res, { version: 1 });
  assert.equal(calls[0][2].version, 0);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(conn.state.view, { turn: 2 });
  conn.close();
});
