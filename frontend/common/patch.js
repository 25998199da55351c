// RFC 6902 JSON Patch and RFC 6901 JSON Pointer, small and dependency-free.
// applyPatch never mutates its input: it works on a clone, so a failing op
// (a "test" that does not hold, a missing path) leaves the caller's document intact.

export class PatchError extends Error {}

const clone = (v) => (v === undefined ? v : structuredClone(v));

/** "/a~1b/~0c" -> ["a/b", "~c"]; "" -> [] (the whole document). */
export function parsePointer(pointer) {
  if (pointer === "") return [];
  if (typeof pointer !== "string" || pointer[0] !== "/") {
    throw new PatchError(`bad JSON pointer: ${pointer}`);
  }
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function arrayIndex(arr, token, forAdd) {
  if (token === "-" && forAdd) return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index: ${token}`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new PatchError(`index out of range: ${token}`);
  return i;
}

/** The value at a pointer, or throws. */
export function getPointer(doc, pointer) {
  let node = doc;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
    else if (node !== null && typeof node === "object" && Object.hasOwn(node, token)) node = node[token];
    else throw new PatchError(`no such path: ${pointer}`);
  }
  return node;
}

function parentOf(doc, tokens, pointer) {
  let node = doc;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
    else if (node !== null && typeof node === "object" && Object.hasOwn(node, token)) node = node[token];
    else throw new PatchError(`no such path: ${pointer}`);
  }
  if (node === null || typeof node !== "object") throw new PatchError(`not a container: ${pointer}`);
  return node;
}

// A member set as data: `obj[key] = v` with the key "__proto__" would change the prototype instead.
function setMember(obj, key, value) {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

function add(doc, pointer, value) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
  else setMember(parent, last, value);
  return doc;
}

function remove(doc, pointer) {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return undefined;
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
  else if (Object.hasOwn(parent, last)) delete parent[last];
  else throw new PatchError(`no such path: ${pointer}`);
  return doc;
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

/** Applies `ops` to a clone of `doc` and returns the new document. Throws PatchError. */
export function applyPatch(doc, ops) {
  let out = clone(doc);
  for (const op of ops) {
    switch (op.op) {
      case "add":
        out = add(out, op.path, clone(op.value));
        break;
      case "remove":
        out = remove(out, op.path);
        break;
      case "replace": {
        const tokens = parsePointer(op.path);
        if (tokens.length === 0) {
          out = clone(op.value);
          break;
        }
        getPointer(out, op.path); // the target must exist
        const parent = parentOf(out, tokens, op.path);
        const last = tokens[tokens.length - 1];
        if (Array.isArray(parent)) parent[arrayIndex(parent, last, false)] = clone(op.value);
        else setMember(parent, last, clone(op.value));
        break;
      }
      case "move": {
        if (op.path.startsWith(op.from + "/")) throw new PatchError(`cannot move into own child: ${op.path}`);
        const value = getPointer(out, op.from);
        out = add(remove(out, op.from), op.path, value);
        break;
      }
      case "copy":
        out = add(out, op.path, clone(getPointer(out, op.from)));
        break;
      case "test":
        if (!deepEqual(getPointer(out, op.path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`unknown op: ${op.op}`);
    }
  }
  return out;
}
