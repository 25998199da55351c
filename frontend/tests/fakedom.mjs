// A tiny DOM for node tests of code that builds elements with common/dom.js h(). innerHTML throws:
// a test passing through here proves the code never used it.

const escapeText = (s) => s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
const escapeAttr = (s) => escapeText(s).replace(/"/g, "&quot;");

export class FakeNode {
  constructor() {
    this.childNodes = [];
    this.parentNode = null;
  }
  append(...children) {
    for (const c of children) {
      const n = c instanceof FakeNode ? c : new FakeText(String(c));
      n.parentNode = this;
      this.childNodes.push(n);
    }
  }
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  remove() {
    const p = this.parentNode;
    if (p) p.childNodes.splice(p.childNodes.indexOf(this), 1);
    this.parentNode = null;
  }
}

export class FakeText extends FakeNode {
  constructor(data) {
    super();
    this.data = data;
  }
  get textContent() {
    return this.data;
  }
  get outerHTML() {
    return escapeText(this.data);
  }
}

export class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
    this.listeners = {};
  }
  setAttribute(k, v) {
    this.attributes.set(k, String(v));
  }
  getAttribute(k) {
    return this.attributes.get(k) ?? null;
  }
  addEventListener(kind, fn) {
    (this.listeners[kind] ??= []).push(fn);
  }
  get textContent() {
    return this.childNodes.map((c) => c.textContent).join("");
  }
  set textContent(v) {
    this.childNodes = [];
    this.append(String(v));
  }
  set innerHTML(_) {
    throw new Error("innerHTML was used");
  }
  get innerHTML() {
    return this.childNodes.map((c) => c.outerHTML).join("");
  }
  get outerHTML() {
    const tag = this.tagName.toLowerCase();
    const attrs = [...this.attributes].map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join("");
    return `<${tag}${attrs}>${this.innerHTML}</${tag}>`;
  }
  /** Every descendant element. */
  *elements() {
    for (const c of this.childNodes) {
      if (c instanceof FakeElement) {
        yield c;
        yield* c.elements();
      }
    }
  }
}

/** Installs document and Node on globalThis (idempotent). */
export function installFakeDom() {
  globalThis.Node ??= FakeNode;
  globalThis.document ??= {
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (_ns, tag) => new FakeElement(tag),
    createTextNode: (text) => new FakeText(text),
  };
}

/**
 * An element that also takes markup (SVG counters are drawn by innerHTML): kept as text, for tests of
 * whole panels; `classList`, `dataset`, `style`, `hidden` and `open` as plain properties.
 */
export class MarkupElement extends FakeElement {
  constructor(tag) {
    super(tag);
    this.dataset = {};
    this.style = {};
    const classes = new Set();
    this.classList = {
      add: (...c) => c.forEach((x) => classes.add(x)), remove: (...c) => c.forEach((x) => classes.delete(x)),
      toggle: (c, on = !classes.has(c)) => (on ? classes.add(c) : classes.delete(c), on), contains: (c) => classes.has(c),
    };
  }
  set innerHTML(markup) {
    this.childNodes = [];
    this.markup = String(markup);
  }
  get innerHTML() {
    return (this.markup ?? "") + this.childNodes.map((c) => c.outerHTML).join("");
  }
  removeAttribute(k) {
    this.attributes.delete(k);
  }
  querySelector() {
    return null;
  }
  querySelectorAll() {
    return [];
  }
}

/** Installs a document whose elements take markup (MarkupElement). */
export function installMarkupDom() {
  globalThis.Node ??= FakeNode;
  globalThis.document ??= {
    createElement: (tag) => new MarkupElement(tag),
    createElementNS: (_ns, tag) => new MarkupElement(tag),
    createTextNode: (text) => new FakeText(text),
  };
}
