import { test } from "node:test";
import assert from "node:assert/strict";
import { applyPatch, parsePointer, PatchError } from "../common/patch.js";
import { canonical, checkCases, loadCases } from "./patch_fixtures.mjs";

test("pointer escaping: ~1 is /, ~0 is ~, empty is the root", () => {
  assert.deepEqual(parsePointer(""), []);
  assert.deepEqual(parsePointer("/a~1b/~0c/~01"), ["a/b", "~c", "~1"]);
  assert.deepEqual(parsePointer("/"), [""]);
});

test("RFC 6902 appendix A examples", () => {
  assert.deepEqual(applyPatch({ foo: "bar" }, [{ op: "add", path: "/baz", value: "qux" }]), { foo: "bar", baz: "qux" });
  assert.deepEqual(applyPatch({ foo: ["bar", "baz"] }, [{ op: "add", path: "/foo/1", value: "qux" }]), { foo: ["bar", "qux", "baz"] });
  assert.deepEqual(applyPatch({ baz: "qux", foo: "bar" }, [{ op: "remove", path: "/baz" }]), { foo: "bar" });
  assert.deepEqual(applyPatch({ foo: ["bar", "qux", "baz"] }, [{ op: "remove", path: "/foo/1" }]), { foo: ["bar", "baz"] });
  assert.deepEqual(applyPatch({ baz: "qux", foo: "bar" }, [{ op: "replace", path: "/baz", value: "boo" }]), { baz: "boo", foo: "bar" });
  assert.deepEqual(
    applyPatch({ foo: { bar: "baz", waldo: "fred" }, qux: { corge: "grault" } }, [{ op: "move", from: "/foo/waldo", path: "/qux/thud" }]),
    { foo: { bar: "baz" }, qux: { corge: "grault", thud: "fred" } });
  assert.deepEqual(applyPatch({ foo: ["all", "grass", "cows", "eat"] }, [{ op: "move", from: "/foo/1", path: "/foo/3" }]),
    { foo: ["all", "cows", "eat", "grass"] });
  assert.deepEqual(applyPatch({ foo: ["bar"] }, [{ op: "add", path: "/foo/-", value: ["abc", "def"] }]), { foo: ["bar", ["abc", "def"]] });
  assert.deepEqual(applyPatch({ "/": 9, "~1": 10 }, [{ op: "test", path: "/~01", value: 10 }]), { "/": 9, "~1": 10 });
  assert.deepEqual(applyPatch({ "a/b": 1, "m~n": 2 }, [{ op: "replace", path: "/a~1b", value: 3 }, { op: "remove", path: "/m~0n" }]), { "a/b": 3 });
});

test("copy clones, so later ops do not alias", () => {
  const out = applyPatch({ a: { x: [1] } }, [{ op: "copy", from: "/a", path: "/b" }, { op: "add", path: "/b/x/-", value: 2 }]);
  assert.deepEqual(out, { a: { x: [1] }, b: { x: [1, 2] } });
});

test("the input is never changed, even when an op fails", () => {
  const doc = { a: [1, 2], b: { c: 1 } };
  const frozen = structuredClone(doc);
  applyPatch(doc, [{ op: "add", path: "/a/0", value: 0 }, { op: "replace", path: "/b/c", value: 5 }]);
  assert.throws(() => applyPatch(doc, [{ op: "remove", path: "/a/0" }, { op: "test", path: "/b/c", value: 2 }]), PatchError);
  assert.deepEqual(doc, frozen);
});

test("errors: missing paths, bad indexes, unknown ops", () => {
  assert.throws(() => applyPatch({}, [{ op: "remove", path: "/nope" }]), PatchError);
  assert.throws(() => applyPatch({}, [{ op: "replace", path: "/nope", value: 1 }]), PatchError);
  assert.throws(() => applyPatch({ a: [] }, [{ op: "add", path: "/a/1", value: 1 }]), PatchError);
  assert.throws(() => applyPatch({ a: [1] }, [{ op: "add", path: "/a/01", value: 1 }]), PatchError);
  assert.throws(() => applyPatch({ a: [1] }, [{ op: "remove", path: "/a/-" }]), PatchError);
  assert.throws(() => applyPatch({}, [{ op: "add", path: "/x/y", value: 1 }]), PatchError);
  assert.throws(() => applyPatch({}, [{ op: "frobnicate", path: "/x" }]), PatchError);
  assert.throws(() => applyPatch({ a: { b: 1 } }, [{ op: "move", from: "/a", path: "/a/b/c" }]), PatchError);
});

test("root operations and test with deep values", () => {
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: "replace", path: "", value: [1] }]), [1]);
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: "add", path: "", value: { b: 2 } }]), { b: 2 });
  assert.doesNotThrow(() => applyPatch({ a: { b: [1, { c: null }] } }, [{ op: "test", path: "/a", value: { b: [1, { c: null }] } }]));
  assert.throws(() => applyPatch({ a: [1, 2] }, [{ op: "test", path: "/a", value: [2, 1] }]), PatchError);
  assert.throws(() => applyPatch({ a: 1 }, [{ op: "test", path: "/a", value: "1" }]), PatchError);
});

test("every patch of the fixtures gives the new view (random views, real undos)", () => {
  // fixtures/patches.json: written by `python3 -m tests.realtime.view_pairs` from the server's own patches.
  const cases = loadCases(new URL("./fixtures/patches.json", import.meta.url));
  assert.ok(cases.length > 100);
  assert.deepEqual(checkCases(cases), { checked: cases.length, failed: [] });
});

test("keys named __proto__ or - are keys like any other", () => {
  const doc = JSON.parse('{"a": {"__proto__": 1}, "-": 0}');
  const out = applyPatch(doc, [{ op: "add", path: "/__proto__", value: { x: 1 } }, { op: "replace", path: "/a/__proto__", value: 2 },
    { op: "replace", path: "/-", value: 1 }]);
  assert.equal(canonical(out), '{"-":1,"__proto__":{"x":1},"a":{"__proto__":2}}');
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
});
