// Counters slide between positions instead of jumping. When a new view arrives the map sets every
// counter at its new place, then `CounterMotion.update` plans from the previous and the next
// positions (as chessground's anim.ts does): which counter moved from where to where, which appeared,
// which vanished; counters without an identity of their own (face-down counters whose ref names
// their hex) are paired by look with the nearest one that vanished. The moves then play for ~200 ms
// by requestAnimationFrame on the SVG transform, appearing counters fade in, vanished ones fade out.
// None when the reader prefers reduced motion, on the first drawing, or when many counters move at
// once (a snapshot after a reconnect, a replay's jump). The plan is pure (node tests).

export const DURATION = 200; // ms
export const MAX_MOVES = 40;

/** A counter's place on the map: {x, y, look} (look: null, or the key it may be paired by). */
export function placeOf(counter, x, y) {
  return { x, y, look: counter.id ? null : `${counter.side}|${counter.face ?? ""}` };
}

const dist2 = (a, b) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2;

/**
 * The plan from the previous places to the next (Map ref -> {x, y, look}):
 * {moves: [{ref, from: [x, y], to: [x, y]}], appeared: [ref], vanished: [{ref, at: [x, y]}]}.
 * A ref in both that changed place moves; a new ref with a look moves from the nearest vanished
 * ref of the same look (each used once); the others appear or vanish.
 */
export function animPlan(prev, next) {
  const moves = [], appeared = [];
  const gone = new Map([...prev].filter(([ref]) => !next.has(ref)));
  const fresh = [];
  for (const [ref, to] of next) {
    const from = prev.get(ref);
    if (!from) fresh.push([ref, to]);
    else if (from.x !== to.x || from.y !== to.y) moves.push({ ref, from: [from.x, from.y], to: [to.x, to.y] });
  }
  for (const [ref, to] of fresh) {
    let best = null;
    for (const [old, at] of gone) {
      if (to.look === null || at.look !== to.look) continue;
      if (!best || dist2(at, to) < dist2(gone.get(best), to)) best = old;
    }
    if (best === null) {
      appeared.push(ref);
      continue;
    }
    const from = gone.get(best);
    gone.delete(best);
    if (from.x !== to.x || from.y !== to.y) moves.push({ ref, from: [from.x, from.y], to: [to.x, to.y] });
  }
  const vanished = [...gone].map(([ref, at]) => ({ ref, at: [at.x, at.y] }));
  return { moves, appeared, vanished };
}

/** Whether to play a plan: something moved, few enough, and the reader does not prefer reduced motion. */
export function shouldAnimate(plan, { reduced = false, max = MAX_MOVES } = {}) {
  return !reduced && plan.moves.length > 0 && plan.moves.length <= max;
}

/** Ease in and out (cubic), t in [0, 1]. */
export const ease = (t) => (t < 0.5 ? 4 * t * t * t : (t - 1) * (2 * t - 2) * (2 * t - 2) + 1);

/** The point a fraction `k` of the way from `from` to `to`. */
export const lerp = (from, to, k) => [from[0] + (to[0] - from[0]) * k, from[1] + (to[1] - from[1]) * k];

const translate = ([x, y]) => `translate(${x.toFixed(1)} ${y.toFixed(1)})`;

const prefersReduced = () => !!globalThis.matchMedia?.("(prefers-reduced-motion: reduce)")?.matches;

/** The counters' motion on one map: remembers where they were, plays each new plan. */
export class CounterMotion {
  constructor({ schedule = (fn) => globalThis.requestAnimationFrame?.(fn), now = () => globalThis.performance?.now() ?? Date.now(), reduced = prefersReduced } = {}) {
    this.places = null; // null until the first drawing: nothing slides in from nowhere
    this.schedule = schedule;
    this.now = now;
    this.reduced = reduced;
    this.running = null;
  }

  /**
   * The map calls finish() before it sets the counters at their new places, then update(). After
   * the map set the counters at `places` (Map ref -> {x, y, look}): plays the plan from the
   * previous places. nodeOf(ref): a counter's node; removed: [[ref, node]] taken off the map, whose
   * fade-out the motion finishes (they lose their ref and id at once). Returns the plan played, or null.
   */
  update(places, nodeOf, removed = []) {
    const prev = this.places;
    this.places = places;
    const plan = prev ? animPlan(prev, places) : null;
    if (!plan || !shouldAnimate(plan, { reduced: this.reduced() }) || !this.schedule) {
      for (const [, node] of removed) node.remove();
      return null;
    }
    this.play(plan, nodeOf, removed);
    return plan;
  }

  play(plan, nodeOf, removed) {
    const moving = plan.moves.map((m) => ({ ...m, node: nodeOf(m.ref) })).filter((m) => m.node);
    const fading = plan.appeared.map(nodeOf).filter(Boolean);
    const stays = new Set(plan.vanished.map((v) => v.ref));
    for (const [ref, node] of removed) if (!stays.has(ref)) node.remove(); // paired: its successor slides
    removed = removed.filter(([ref]) => stays.has(ref));
    for (const [, node] of removed) {
      node.removeAttribute("id");
      node.removeAttribute("data-ref");
      node.classList.add("vanishing");
    }
    const start = this.now();
    const frame = (k) => {
      for (const m of moving) m.node.setAttribute("transform", translate(lerp(m.from, m.to, ease(k))));
      for (const node of fading) node.style.opacity = String(k);
      for (const [, node] of removed) node.style.opacity = String(1 - k);
    };
    const run = { done: false, end: () => {
      run.done = true;
      frame(1);
      for (const node of fading) node.style.opacity = "";
      for (const [, node] of removed) node.remove();
    } };
    this.running = run;
    frame(0);
    const tick = () => {
      if (run.done) return;
      const k = Math.min(1, (this.now() - start) / DURATION);
      if (k >= 1) return run.end();
      frame(k);
      this.schedule(tick);
    };
    this.schedule(tick);
  }

  /** Ends the running animation at once (a newer view arrived). */
  finish() {
    if (this.running && !this.running.done) this.running.end();
    this.running = null;
  }
}
