// The play area of one match, shared by the match page and the replay: prompt, action buttons,
// map, off-map tray, the game's panel and the log. A function of the view it is given.

import { h, s, fill } from "./dom.js";
import { t, render, hasKey, getLang } from "./i18n.js";
import { HexMap } from "./map.js";
import { AreaMap } from "./areamap.js";
import { CounterTray, counterInfo } from "./counters.js";
import { stackRow, unitTipLines, placeTip } from "./inspector.js";
import { roleName, turnIndicator } from "./roles.js";

export { roleName };
import { LogPanel } from "./log.js";
import { announce } from "./announce.js";
import { highlights, clickHex, clickCounter, buttonActions, soleUnit, isTwoClick, isUnitOnly, isHexOnly, targetOf,
  groupTargets, clickHexGroup, asOneClick, isFromAt, fromHexes, fromTargets, clickFromAt, onlyWay } from "./actions.js";
import { unitSummary, unitActions } from "./stacks.js";
import { OddsPanel, oddsLabels, candidatesOf, previewOf, previewLabels } from "./odds.js";
import { loadPanel, loadMapPlugin } from "../games/index.js";
import { INITIAL, nextState, changedFields, repaints } from "./uistate.js";
import { MoveControl } from "./moves.js";
import { actionLabel } from "./labels.js";

const PAINT = { highlights: "paintHighlights", buttons: "paintButtons", stack: "paintStack", moves: "paintMoves" }; // uistate.js READS

export class BoardView {
  /**
   * statics: GET /api/games/{id} (board, counters, messages); options: {interactive, send(action),
   * viewKey (the map's pan and zoom are kept under it on this device)}.
   */
  static async create(root, statics, options) {
    const [panelModule, mapPlugin] = await Promise.all([loadPanel(statics.id), loadMapPlugin(statics.id)]);
    return new BoardView(root, statics, panelModule, { ...options, mapPlugin });
  }

  constructor(root, statics, panelModule, { interactive = true, send = null, mapPlugin = {}, viewKey = null } = {}) {
    this.statics = statics;
    this.mapPlugin = mapPlugin;
    this.catalogue = statics.messages ?? {};
    this.interactive = interactive;
    this.sendAction = send;
    this.view = null;
    this.role = null;
    // selected unit; group: more units chosen with it (panel.multi), they act together; origin: the
    // chosen firing hex/area of from-at actions (fire, mortar); stackHex: the inspected stack
    this.ui = INITIAL;
    this.original = new WeakMap(); // shown action -> the server's action (panel.oneClick)
    this.viewWaiters = [];

    this.promptEl = h("p", { class: "prompt", "data-testid": "prompt", "aria-live": "polite" });
    this.turnEl = h("p", { class: "turn-indicator", "data-testid": "turn" });
    this.buttonsEl = h("div", { class: "action-buttons", "data-testid": "actions" });
    this.errorEl = h("p", { class: "error", role: "alert", hidden: true });
    this.mapEl = h("div", { class: "map-wrap" });
    // It may scroll: focusable, so that a keyboard can scroll it (axe-core: scrollable-region-focusable).
    this.trayEl = h("div", { class: "tray-row", "data-testid": "offmap", role: "group", tabindex: "0" });
    this.trayTitle = h("h3", { class: "tray-title" });
    this.trayBox = h("div", { class: "offmap", hidden: true }, this.trayTitle, this.trayEl);
    this.panelEl = h("div", { class: "game-panel" });
    this.logTitle = h("h2", {});
    this.logBox = h("section", { class: "log-box" }, this.logTitle);
    this.chooser = h("div", { class: "chooser", role: "menu", hidden: true });
    this.tip = h("div", { class: "unit-tip", role: "tooltip", "data-testid": "unit-tip", hidden: true });
    this.stackEl = h("section", { class: "stack-inspector", "data-testid": "stack", "aria-live": "polite", hidden: true });
    this.oddsEl = h("div", { class: "odds-box" });

    // The map as wide as the page allows; beside it (below it on a phone) the game's state first:
    // whose move, the prompt and its buttons, the stack and tray to pick from, the odds, the panel.
    this.stateEl = h("section", { class: "game-state", "data-testid": "game-state" },
      this.turnEl, this.promptEl, this.buttonsEl, this.errorEl, this.stackEl, this.trayBox);
    root.append(h("div", { class: "board" },
      h("div", { class: "board-main" }, this.mapEl),
      this.sideEl = h("aside", { class: "board-side" }, this.stateEl, this.oddsEl, this.panelEl, this.logBox)),
    this.chooser, this.tip);

    const sideName = (side) => roleName(side, this.catalogue);
    // a board of the game's own shape (Conflict of Heroes' geomorphic maps) as a hex board (its plugin's `board`)
    const board = mapPlugin.board?.(statics.board) ?? statics.board;
    const onCounter = (ref, hex, e) => this.onCounter(ref, hex, e);
    if (board?.kind === "area") {
      this.map = new AreaMap(this.mapEl, board, {
        lang: getLang(), plugin: mapPlugin, viewKey, onHex: (hex, e) => this.onHex(hex, e), onCounter, sideName,
        onHover: (target, e) => this.onHover(target, e),
        onLongPress: (target, e) => this.onLongPress(target, e),
        areaName: (id) => (hasKey(this.catalogue, `area.${id}`) ? this.msg({ key: `area.${id}` }) : null),
        terrainName: (tt) => (hasKey(this.catalogue, `terrain.${tt}`) ? this.msg({ key: `terrain.${tt}` }) : null),
        unitName: (ref) => this.unitName(ref),
        text: (key) => (hasKey(this.catalogue, key) ? this.msg({ key }) : null),
      });
    } else if (board?.kind === "hex" || board?.grid) {
      this.map = new HexMap(this.mapEl, board, {
        lang: getLang(), plugin: mapPlugin, viewKey, onHex: (hex, e) => this.onHex(hex, e), onCounter, sideName,
        onHover: (target, e) => this.onHover(target, e),
        onLongPress: (target, e) => this.onLongPress(target, e),
      });
    } else {
      this.mapEl.append(h("p", {}, `unsupported board kind: ${board?.kind}`));
    }
    this.moves = new MoveControl(this);
    this.buttonsEl.after(this.moves.el);
    this.tray = new CounterTray(this.trayEl, { onCounter, sideName });
    this.log = new LogPanel(this.logBox, (entry) => this.msg(entry));
    this.odds = new OddsPanel(this.oddsEl, { msg: (m) => this.msg(m), resultName: (r) => this.resultName(r),
      resultTitle: (r) => this.panel?.resultTitle?.(r) ?? "", unitName: (ref) => this.unitName(ref),
      resultOrder: () => this.panel?.resultOrder?.() ?? null });
    this.panel = panelModule?.createPanel?.(this.panelEl, {
      msg: (m) => this.msg(m),
      send: (a) => this.send(a),
      actionLabel: (a) => this.actionLabel(a),
      roleName: sideName,
      counterInfo: (c) => this.counterInfo(c),
      statics,
      interactive,
    }) ?? null;

    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        if (this.chooser.hidden && this.moves.escape()) return;
        this.closeChooser();
        this.hideTip();
        this.map?.showLos?.(null);
        this.setState({ selected: null, origin: null });
      }
    });
    document.addEventListener("click", (e) => {
      if (!this.chooser.hidden && !this.chooser.contains(e.target) && !e.target.closest?.(".hexmap, .tray")) this.closeChooser();
    });
    this.texts();
  }

  msg(message) {
    return render(message, this.catalogue);
  }

  /** A view counter merged with its static data, with the game's look (its map plugin's counterLook). */
  counterInfo(counter, lang = getLang()) {
    const info = counterInfo(counter, this.statics.counters, this.catalogue, lang);
    info.look = this.mapPlugin.counterLook?.(info) ?? null;
    return info;
  }

  // the interface state, read-only: it changes only through setState
  get selected() { return this.ui.selected; }
  get group() { return this.ui.group; }
  get origin() { return this.ui.origin; }
  get stackHex() { return this.ui.stackHex; }
  get busy() { return this.ui.busy; }

  /**
   * The one way the interface state changes (uistate.js): applies the patch, then repaints what
   * reads a changed field, once. `view`: a new view arrived (everything that reads it repaints).
   */
  setState(patch, { view = false } = {}) {
    const before = this.ui;
    this.ui = nextState(before, patch);
    const changed = changedFields(before, this.ui);
    if (view) changed.add("view");
    for (const name of repaints(changed)) this[PAINT[name]]();
  }

  /** A button label (labels.js actionLabel), of the server's action behind a shown one. */
  actionLabel(action) {
    return actionLabel(this.original.get(action) ?? action, this);
  }

  /** Language-dependent fixed texts. */
  texts() {
    this.trayTitle.textContent = t("match.offmap");
    this.trayEl.setAttribute("aria-label", t("match.offmap"));
    this.logTitle.textContent = t("match.log");
  }

  setLang(lang) {
    this.texts();
    this.map?.setLang(lang);
    this.log.update(this.view?.log, { force: true });
    if (this.view) this.update(this.view, this.role);
  }

  /** A CRT result's name: the catalogue's "result.<code>" if any, else the code. */
  resultName(code) {
    const key = `result.${code}`;
    return hasKey(this.catalogue, key) ? render({ key }, this.catalogue) : String(code);
  }

  /** A unit's short name (designation, else its name) from its ref. */
  unitName(ref) {
    const info = this.infoByRef?.get(ref);
    if (!info) return String(ref);
    const u = unitSummary(info, { lang: getLang(), sideName: (side) => roleName(side, this.catalogue) });
    return u.title || u.name || String(ref);
  }

  /** The view with its `counters`: a game whose view names them otherwise gives them (its plugin's `counters(view)`). */
  withCounters(view) {
    if (view.counters || !this.mapPlugin.counters) return view;
    this.counted ??= new WeakMap();
    if (!this.counted.has(view)) this.counted.set(view, { ...view, counters: this.mapPlugin.counters(view) });
    return this.counted.get(view);
  }

  update(raw, role) {
    const view = this.withCounters(raw);
    const changed = view !== this.view || role !== this.role;
    this.view = view;
    this.role = role;
    this.closeChooser();
    const lang = getLang();
    const counters = (view.counters ?? []).map((c) => this.counterInfo(c, lang));
    this.infoByRef = new Map(counters.map((c) => [c.ref, c]));
    const onMap = this.panel?.onMap ?? ((c) => (c.status ?? "map") === "map");
    this.map?.setCounters(counters.filter((c) => c.hex && onMap(c)));
    this.map?.setOccupation(view.occupied ?? null);
    this.map?.setView?.(view);
    this.map?.viewport?.open(view, role); // the first view only: where the match opens
    const offMap = this.panel?.offMap ? (c) => this.panel.offMap(c, view) : (c) => c.status === "offmap" || (!c.hex && c.status === undefined);
    const offmap = counters.filter(offMap);
    this.tray.update(offmap, lang);
    this.trayBox.hidden = offmap.length === 0;

    this.promptEl.textContent = view.prompt ? this.msg(view.prompt) : "";
    const turn = turnIndicator(view, role, (r) => roleName(r, this.catalogue));
    this.turnEl.textContent = turn.text;
    this.turnEl.className = `turn-indicator${turn.kind ? ` ${turn.kind}` : ""}`;
    if (turn.kind === "mine" && this.turnKind !== "mine") announce(turn.text); // a screen reader hears "your move"
    this.turnKind = turn.kind;

    this.panel?.update(view, { role, lang });
    this.odds.update(view);
    this.log.update(view.log);
    this.setState(this.afterView(changed), { view: true });
    this.moves.afterView();
    if (changed) for (const fn of this.viewWaiters.splice(0)) fn();
  }

  /** What a new view leaves of the choices: a unit still with two-click actions, its group, a firing area, a stack. */
  afterView(changed) {
    const actions = this.actions();
    const acting = (r) => actions.some((a) => a.unit === r && isTwoClick(a));
    let selected = this.selected && acting(this.selected) ? this.selected : null;
    const group = selected ? this.group.filter(acting) : [];
    const origin = this.origin && fromHexes(actions).has(this.origin) ? this.origin : null;
    if (!selected && changed) selected = soleUnit(actions);
    const stackHex = this.stackHex && (this.map?.stackAt(this.stackHex).length ?? 0) > 1 ? this.stackHex : null;
    return { selected, group, origin, stackHex };
  }

  /** Hovering a counter shows its tooltip; a candidate hex its odds; a destination its path, cost and MP left. */
  onHover(target, e) {
    const route = this.moves.hover(target?.hex ?? null);
    if (!target) return this.hideTip();
    const hex = target.hex;
    if (route && (!target.ref || target.ref !== this.selected)) return this.placeTip(e, this.moves.tipLines(hex, route));
    // the odds a declaration would give, for a unit chosen alone (a group's are shown once declared)
    const preview = this.group.length ? null : previewOf(this.view, this.selected, hex);
    this.odds.preview(preview);
    if (preview) this.map?.focusLabel(hex);
    else if (hex && candidatesOf(this.view).some((c) => c.at === hex)) {
      this.odds.show(hex);
      this.map?.focusLabel(this.odds.el.hidden ? null : hex);
    }
    if (target.ref) this.showTip(target.ref, e);
    else this.hideTip();
  }

  onLongPress(target, e) {
    if (target.hex && this.stacked(target.hex)) this.openStack(target.hex);
    this.onHover(target, e);
  }

  summary(ref) {
    const info = this.infoByRef?.get(ref);
    return info ? unitSummary(info, { lang: getLang(), sideName: (side) => roleName(side, this.catalogue) }) : null;
  }

  showTip(ref, e) {
    const u = this.summary(ref);
    if (!u) return this.hideTip();
    this.placeTip(e, unitTipLines(u, (hex) => this.map?.placeName?.(hex) ?? hex));
  }

  /** The tooltip with these lines, beside the pointer (or the focused node, from the keyboard). */
  placeTip(e, lines) {
    placeTip(this.tip, e, lines);
  }

  hideTip() {
    this.tip.hidden = true;
  }

  openStack(hex) {
    this.setState({ stackHex: hex });
  }

  closeStack() {
    this.setState({ stackHex: null });
  }

  /** The stack inspector: every unit in the chosen hex, with its select and one-click actions (inspector.js). */
  paintStack() {
    const list = this.stackHex ? this.map?.stackAt(this.stackHex) ?? [] : [];
    if (list.length < 2) {
      this.stackEl.hidden = true;
      return;
    }
    const actions = this.actions();
    const hexActs = actions.filter((a) => isHexOnly(a) && targetOf(a) === this.stackHex);
    const rows = [...list].reverse().map((c) => stackRow(c, {
      lang: getLang(), sideName: (side) => roleName(side, this.catalogue), actions: unitActions(actions, c.ref, { isTwoClick, isUnitOnly }),
      chosen: this.selected === c.ref || this.group.includes(c.ref), pick: () => this.pick(c.ref), send: (a) => this.send(a), label: (a) => this.actionLabel(a),
    }));
    fill(this.stackEl,
      h("div", { class: "stack-head" }, h("h3", {}, t("stack.title", { hex: this.map?.placeName?.(this.stackHex) ?? this.stackHex })),
        ...hexActs.map((a) => h("button", { type: "button", class: "action", "data-action-type": a.type, "data-at": this.stackHex, onclick: () => this.send(a) }, this.actionLabel(a))),
        h("button", { type: "button", class: "link stack-close", onclick: () => this.closeStack() }, t("stack.close"))),
      h("ol", { class: "stack-list" }, ...rows));
    this.stackEl.hidden = false;
  }

  paintMoves() {
    this.moves.paint();
    this.paintLabels();
  }

  /** The odds labels: the declared attacks', and those the selected unit's declarations would give. */
  paintLabels() {
    const view = this.view ?? {};
    const labels = this.panel?.mapLabels ? this.panel.mapLabels(view) ?? {} : oddsLabels(view);
    this.map?.setLabels({ ...(this.group.length ? {} : previewLabels(view, this.selected)), ...labels });
    this.map?.focusLabel(this.odds.el.hidden ? null : this.odds.previewing?.at ?? this.odds.current);
  }

  paintButtons() {
    const actions = this.actions();
    fill(this.buttonsEl, ...buttonActions(actions, (a) => this.panel?.claims?.(a) ?? false, this.selected, this.origin).map((a) =>
      h("button", { type: "button", class: "action", "data-action-type": a.type, onclick: () => this.send(a) }, this.actionLabel(a))));
  }

  /** The actions the player can play now, as the map and buttons show them. */
  actions() {
    if (!this.interactive || this.busy) return [];
    // the selected unit's destination moves of the way chosen in the move bar (alone, with its stack...)
    const raw = onlyWay(this.view?.actions ?? [], this.selected, this.ui.way);
    const oneClick = this.panel?.oneClick;
    if (!oneClick) return raw;
    return asOneClick(raw, (a) => oneClick(a)).map(([shown, orig]) => {
      if (shown !== orig) this.original.set(shown, orig);
      return shown;
    });
  }

  /** Whether `ref` may be chosen together with others (its two-click actions are panel.multi). */
  multi(ref, actions = this.actions()) {
    const mine = actions.filter((a) => a.unit === ref && isTwoClick(a));
    return mine.length > 0 && mine.every((a) => this.panel?.multi?.(a));
  }

  paintHighlights() {
    const actions = this.actions();
    const { targets, selectable } = highlights(actions, this.selected);
    let chosen = this.group.length ? groupTargets(actions, [this.selected, ...this.group]) : targets;
    // from-at actions (fire, mortar): the firing areas, then the chosen one's targets
    const sources = this.selected ? new Set() : fromHexes(actions);
    const origin = this.origin ?? (sources.size === 1 ? [...sources][0] : null);
    if (!this.selected && origin) chosen = new Set([...chosen, ...fromTargets(actions, origin)]);
    this.map?.highlight({ targets: chosen, selectable, selected: this.selected, sources, origin: this.selected ? null : origin });
    this.map?.markCounters({ ...(this.panel?.counterMarks?.(this.view ?? {}) ?? {}), grouped: this.group });
    this.tray.highlight(selectable, this.selected);
  }

  /** Choosing a unit (a counter click or the inspector's Select): alone, or added to a group. */
  pick(ref) {
    const actions = this.actions();
    if (ref === this.selected) {
      const [next = null, ...rest] = this.group;
      return this.setState({ selected: next, group: rest });
    }
    if (this.group.includes(ref)) return this.setState({ group: this.group.filter((r) => r !== ref) });
    if (this.selected && this.multi(ref, actions) && this.multi(this.selected, actions)) {
      return this.setState({ group: [...this.group, ref] });
    }
    return this.select(ref);
  }

  /** Selects a unit alone (null: nothing). */
  select(ref) {
    this.setState({ selected: ref, group: [] });
  }

  /** Whether a click on `hex` opens the stack inspector (the map may decide: area maps when crowded). */
  stacked(hex) {
    if (this.map?.inspectable) return this.map.inspectable(hex);
    return (this.map?.stackAt(hex).length ?? 0) > 1;
  }

  /** Chooses (or clears) the firing hex of from-at actions. */
  setOrigin(hex) {
    this.setState({ origin: hex, group: [] });
  }

  noteStack(hex) {
    if (!hex) return;
    if (this.stacked(hex)) this.openStack(hex);
    else if (this.stackHex && this.stackHex !== hex) this.closeStack();
  }

  onHex(hex, e) {
    if (this.moves.waypointClick(hex, e)) return;
    this.noteStack(hex);
    if (this.group.length) {
      const all = clickHexGroup(this.actions(), [this.selected, ...this.group], hex);
      if (all.kind !== "none") return this.act(all, e);
    }
    const actions = this.actions();
    const result = clickHex(actions, this.selected, hex);
    if (result.kind === "none" && !this.selected && actions.some(isFromAt)) {
      const fa = clickFromAt(actions, this.origin, hex);
      if (fa.kind === "origin") return this.setOrigin(fa.hex);
      if (fa.kind !== "none") return this.act(fa, e);
    }
    this.act(result, e);
  }

  onCounter(ref, hex, e) {
    if (hex && ref !== this.selected && this.moves.waypointClick(hex, e)) return;
    this.noteStack(hex);
    const actions = this.actions();
    if (this.group.length && hex && ![this.selected, ...this.group].includes(ref)) {
      const all = clickHexGroup(actions, [this.selected, ...this.group], hex);
      if (all.kind !== "none") return this.act(all, e);
    }
    const result = clickCounter(actions, this.selected, ref, hex);
    if (result.kind === "select" || (result.kind === "deselect" && (ref === this.selected || this.group.includes(ref)))) return this.pick(ref);
    if (result.kind === "none" && hex && !this.selected && actions.some(isFromAt)) {
      // a counter in a firing or target area counts as the area
      const fa = clickFromAt(actions, this.origin, hex);
      if (fa.kind === "origin") return this.setOrigin(fa.hex);
      if (fa.kind !== "none") return this.act(fa, e);
    }
    this.act(result, e);
  }

  act(result, e) {
    switch (result.kind) {
      case "select":
        return this.pick(result.ref);
      case "deselect":
        return this.select(null);
      case "send_all":
        return this.sendAll(result.actions);
      case "send":
        return this.send(this.moves.shape(result.action));
      case "choose":
        return this.openChooser(result.actions.map((a) => this.moves.shape(a)), result.select, e);
      default:
        if (this.selected) this.select(null);
    }
  }

  openChooser(actions, selectRef, e) {
    e?.stopPropagation?.();
    const items = actions.map((a) => h("button", { type: "button", role: "menuitem", "data-action-type": a.type, onclick: () => { this.closeChooser(); this.send(a); } }, this.actionLabel(a)));
    if (selectRef) items.push(h("button", { type: "button", role: "menuitem", onclick: () => { this.closeChooser(); this.select(selectRef); } }, t("match.select_unit")));
    items.push(h("button", { type: "button", role: "menuitem", class: "cancel", onclick: () => this.closeChooser() }, t("match.cancel")));
    fill(this.chooser, h("p", { class: "chooser-title" }, t("match.choose")), ...items);
    this.chooser.hidden = false;
    const x = Math.min(e?.clientX ?? 100, window.innerWidth - 260);
    const y = Math.min(e?.clientY ?? 100, window.innerHeight - 40 * items.length - 60);
    this.chooser.style.left = `${Math.max(8, x)}px`;
    this.chooser.style.top = `${Math.max(8, y)}px`;
    items[0].focus();
  }

  closeChooser() {
    this.chooser.hidden = true;
  }

  showError(reason) {
    this.errorEl.textContent = reason;
    this.errorEl.hidden = !reason;
    clearTimeout(this.errorTimer);
    if (reason) this.errorTimer = setTimeout(() => (this.errorEl.hidden = true), 10000);
  }

  /** Plays several actions in turn (a group's), each once the previous one shows in the view. */
  async sendAll(actions) {
    for (const a of actions) {
      const seen = new Promise((resolve) => {
        this.viewWaiters.push(resolve);
        setTimeout(resolve, 5000);
      });
      if (!(await this.send(a, { keep: false }))) return;
      await seen;
    }
  }

  async send(action, { keep: keepIt = true } = {}) {
    if (!this.sendAction || this.busy) return false;
    const shown = action;
    action = this.original.get(action) ?? action;
    // A unit that moved stays selected while it can go on the same way (the next hex of a move).
    const keep = keepIt && isTwoClick(shown) ? shown.unit : null;
    let ok = true;
    this.showError("");
    this.promptEl.classList.add("sending");
    this.closeChooser();
    this.setState({ busy: true, selected: null, origin: null, group: [] });
    try {
      await this.sendAction(action);
    } catch (err) {
      ok = false;
      this.showError(err.reason ?? err.message ?? String(err));
    } finally {
      const again = keep && (this.view?.actions ?? []).some((a) => a.unit === keep && a.type === shown.type && isTwoClick(a));
      this.promptEl.classList.remove("sending");
      this.setState({ busy: false, selected: again ? keep : null });
    }
    return ok;
  }
}
