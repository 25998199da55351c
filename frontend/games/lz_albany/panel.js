// LZ Albany: Ia Drang Valley 1965, the side panel: the turn track (10 turns of 45 minutes, night
// turns 9–10, reinforcements per turn), phase and step, victory points of both sides against the
// NVA retreat (US 30) and automatic victory (NVA 35) thresholds, the chit cup's contents (public,
// sorted: the view has no order), the chits drawn this turn with the group and face each one
// activated, each group's activation boxes, Adrenaline, LZ Albany control, flares, visibility,
// and the units off the map (eliminated, killed, evacuated, exited, held for the airlift).
// It shows the view; it decides nothing, and every field it reads is optional.
//
// How LZ Albany actions are played (board.js does the clicking): activate {group, mode} are the
// buttons above the map (group names from the catalogue, mode as Fire / Move); fire and mortar
// {from, at} by clicking the firing area then the target (or their buttons); units and areas by
// clicks on the map. Counters on the map include casualty markers and wounded officers.

import { h, fill } from "../../common/dom.js";
import { getLang, hasKey } from "../../common/i18n.js";
import { CounterTray } from "../../common/counters.js";
import { flareIcon, flareMarks } from "./flares.js";

export const WORDS = {
  en: {
    turn: "Turn", night: "night", vp: "Victory points", retreat: "NVA retreat at US {n}", auto: "NVA wins at {n}",
    cup: "Chit cup", cup_note: "contents (drawn at random)", drawn: "Drawn this turn", none: "none", passed: "passed",
    groups: "Unit groups", adrenaline: "Adrenaline ready", lz: "LZ Albany", lz_none: "nobody (strength {us}–{nva})",
    lz_side: "{side} ({us}–{nva})", flares: "Flares left", visibility: "Visibility: air attacks cancelled this turn",
    retreating: "The NVA are retreating", gone: "Off the map", held: "Held for the airlift", reinf: "Reinforcements",
    casualties: "Casualty markers on the map", officers: "Officer damage (wounds and deaths)", activations: "{n}/2", fire: "F", move: "M",
    phase: "Phase", step: "Now", damaged: "Gunship damaged",
  },
  ja: {
    turn: "ターン", night: "夜間", vp: "勝利ポイント", retreat: "アメリカ軍{n}で北ベトナム軍退却", auto: "北ベトナム軍{n}で自動勝利",
    cup: "チットカップ", cup_note: "中身(無作為に引く)", drawn: "このターンに引いたチット", none: "なし", passed: "パス",
    groups: "ユニットグループ", adrenaline: "アドレナリン待機", lz: "LZアルバニー", lz_none: "支配なし(戦力{us}–{nva})",
    lz_side: "{side}({us}–{nva})", flares: "残りフレア", visibility: "視界不良:このターンの航空攻撃は中止",
    retreating: "北ベトナム軍退却中", gone: "マップ外", held: "空輸待機", reinf: "増援",
    casualties: "マップ上の負傷者マーカー", officers: "将校の損害(負傷・戦死)", activations: "{n}/2", fire: "射", move: "移",
    phase: "フェイズ", step: "現在", damaged: "ガンシップ損傷",
  },
};
const w = (key, args = {}) => (WORDS[getLang()]?.[key] ?? WORDS.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => args[k] ?? "");

const ON_MAP = new Set(["map", "casualty", "wounded"]);
const GONE = ["eliminated", "killed", "removed", "evacuated", "exited"];

/** The cup's contents per side as [[chit, count]] in the given (sorted) order. */
export function cupCounts(list) {
  const out = [];
  for (const c of list ?? []) {
    const last = out[out.length - 1];
    if (last && last[0] === c) last[1] += 1;
    else out.push([c, 1]);
  }
  return out;
}

/** A VP bar's data: {value, max, marks: [{at, kind}]}; the scale reaches past the highest threshold. */
export function vpScale(vp, thresholds) {
  const retreat = thresholds?.nva_retreat_at_us_vp ?? 30;
  const auto = thresholds?.nva_automatic_victory_at ?? 35;
  const max = Math.max(40, (vp?.us ?? 0) + 1, (vp?.nva ?? 0) + 1);
  return { max, us: { value: vp?.us ?? 0, mark: retreat }, nva: { value: vp?.nva ?? 0, mark: auto } };
}

/**
 * The flares line of the status list: the flares left, then the areas of the flares lit for the
 * current chit's action and of the spent markers waiting for Admin (AMBIG-20), each kind with the
 * map's swatch and its tooltip. `text(key)`: the game's catalogue; `areaName(id)`; `label`.
 */
export function flareItem(view, text, areaName, label) {
  const marks = flareMarks(view);
  const kind = (lit) => {
    const areas = marks.filter((m) => m.lit === lit).map((m) => areaName(m.area));
    const k = lit ? "lit" : "spent";
    return areas.length ? h("span", { class: `lz-flares lz-flares-${k}`, "data-flares": k, title: text(`map.flare_${k}_tip`) },
      flareIcon(k), `${text(`map.flare_${k}`)}: ${areas.join(", ")}`) : null;
  };
  return h("li", { "data-testid": "flares" }, h("b", {}, `${label}: `), String(view.flares_left ?? "?"), kind(true), kind(false));
}

/** The groups of each side in catalogue order: {us: [id], nva: [id]}. */
export function groupsBySide(groups) {
  const out = {};
  for (const [id, g] of Object.entries(groups ?? {})) (out[g.side] ??= []).push(id);
  return out;
}

export function createPanel(container, ctx) {
  const statics = ctx.statics ?? {};
  const tables = statics.tables ?? {};
  const msg = (key, fallback = key) => (hasKey(statics.messages, key) ? ctx.msg({ key }) : fallback);
  const el = {
    turn: h("p", { class: "lz-turn", "data-testid": "turn-info" }),
    phase: h("p", { class: "lz-phase", "data-testid": "phase" }),
    vp: h("div", { class: "lz-vp", "data-testid": "vp" }),
    status: h("ul", { class: "lz-status", "data-testid": "status" }),
    cup: h("div", { class: "lz-cup", "data-testid": "cup" }),
    drawn: h("div", { class: "lz-drawn", "data-testid": "drawn" }),
    groups: h("div", { class: "lz-groups", "data-testid": "groups" }),
    track: h("ol", { class: "lz-track", "data-testid": "turn-track" }),
    goneTitle: h("h3", {}),
    gone: h("div", { class: "tray-row" }),
  };
  const goneBox = h("div", { class: "lz-box", hidden: true }, el.goneTitle, el.gone);
  container.append(h("section", { class: "lz-panel game-panel-box" }, el.turn, el.phase, el.track, el.vp, el.status,
    el.cup, el.drawn, el.groups, goneBox));
  const goneTray = new CounterTray(el.gone, { size: 34, sideName: ctx.roleName });

  function paintTrack(view) {
    const turns = Number.isInteger(view.turns) ? view.turns : Number(tables.game?.turns ?? 10);
    const items = [];
    for (let n = 1; n <= turns; n++) {
      const info = tables.turns?.[String(n)] ?? {};
      const reinf = Object.values(info.reinforcements ?? {}).reduce((k, list) => k + (list?.length ?? 0), 0);
      const cls = ["lz-turn-box", n === view.turn ? "current" : "", n < view.turn ? "past" : "", info.night ? "night" : ""].filter(Boolean).join(" ");
      const title = [`${w("turn")} ${n}`, info.start ? `${info.start}–${info.end}` : "", info.night ? w("night") : "",
        reinf ? `${w("reinf")}: ${Object.entries(info.reinforcements).map(([side, list]) => `${ctx.roleName(side)} ${list.length}`).join(", ")}` : ""].filter(Boolean).join(" · ");
      items.push(h("li", { class: cls, title, "data-turn": n, "aria-current": n === view.turn ? "step" : null },
        h("b", {}, String(n)), h("small", {}, info.start ?? ""), info.night ? h("span", { class: "moon", "aria-label": w("night") }, "☾") : null,
        reinf ? h("span", { class: "reinf-dot", "aria-label": w("reinf") }, "+") : null));
    }
    fill(el.track, ...items);
  }

  function vpRow(side, value, max, mark, label) {
    const pct = (x) => `${Math.min(100, (x / max) * 100).toFixed(1)}%`;
    return h("div", { class: `lz-vp-row side-${side}`, "data-side": side },
      h("span", { class: "lz-vp-name" }, ctx.roleName(side)),
      h("span", { class: "lz-vp-bar" },
        h("span", { class: "lz-vp-fill", style: `width: ${pct(value)}` }),
        h("span", { class: "lz-vp-mark", style: `left: ${pct(mark)}`, title: label }),
        h("span", { class: "lz-vp-mark-label", style: `left: ${pct(mark)}` }, String(mark))),
      h("b", { class: "lz-vp-value", "data-testid": `vp-${side}` }, String(value)));
  }

  function chip(chit, extra = "") {
    const side = tables.chits?.[chit]?.side ?? "";
    return h("span", { class: `lz-chit side-${side} ${extra}`.trim(), "data-chit": chit }, msg(`chit.${chit}`, chit));
  }

  function update(view) {
    const lang = getLang();
    const info = tables.turns?.[String(view.turn)] ?? {};
    el.turn.textContent = [`${w("turn")} ${view.turn ?? "?"}${Number.isInteger(view.turns) ? `/${view.turns}` : ""}`,
      info.start ? `${info.start}–${info.end}` : "", view.night ? `☾ ${msg("word.night", w("night"))}` : ""].filter(Boolean).join(" · ");
    el.turn.classList.toggle("night", !!view.night);
    const phase = view.phase ? msg(`phase.${view.phase}`, view.phase) : "";
    const step = view.step?.kind ? msg(`step.${view.step.kind}`, view.step.kind) : "";
    fill(el.phase, phase, step ? h("span", { class: "muted" }, ` · ${step}`) : null,
      view.step?.side ? h("span", { class: `lz-side side-${view.step.side}` }, ` (${ctx.roleName(view.step.side)})`) : null);
    paintTrack(view);

    const sc = vpScale(view.vp, view.thresholds);
    fill(el.vp, h("h3", {}, w("vp")),
      vpRow("us", sc.us.value, sc.max, sc.us.mark, w("retreat", { n: sc.us.mark })),
      vpRow("nva", sc.nva.value, sc.max, sc.nva.mark, w("auto", { n: sc.nva.mark })),
      h("p", { class: "lz-vp-legend muted" }, `${w("retreat", { n: sc.us.mark })} · ${w("auto", { n: sc.nva.mark })}`));

    const strength = view.lz_albany_strength ?? {};
    const lzArgs = { us: strength.us ?? 0, nva: strength.nva ?? 0 };
    const items = [
      h("li", { "data-testid": "lz-control" }, h("b", {}, `${msg("area.LZ_ALBANY", w("lz"))}: `),
        view.lz_albany_control ? w("lz_side", { side: ctx.roleName(view.lz_albany_control), ...lzArgs }) : w("lz_none", lzArgs)),
      flareItem(view, (key) => msg(key, ""), (a) => msg(`area.${a}`, a), w("flares")),
    ];
    if (view.visibility) items.push(h("li", { class: "warn", "data-testid": "visibility" }, w("visibility")));
    if (view.gunship_damaged?.length) items.push(h("li", { class: "warn" }, w("damaged")));
    if (view.nva_retreat) items.push(h("li", { class: "warn", "data-testid": "nva-retreat" }, w("retreating")));
    for (const side of ["us", "nva"]) if (view.adrenaline?.[side]) items.push(h("li", { class: `lz-adr side-${side}` }, `⚡ ${w("adrenaline")}: ${ctx.roleName(side)}`));
    if (view.casualties_on_map) items.push(h("li", {}, `${w("casualties")}: ${view.casualties_on_map}`));
    const losses = view.officer_losses ?? {};
    if (losses.us || losses.nva) {
      items.push(h("li", {}, `${w("officers")}: ${ctx.roleName("us")} ${losses.us ?? 0}${getLang() === "ja" ? "、" : ", "}${ctx.roleName("nva")} ${losses.nva ?? 0}`));
    }
    fill(el.status, ...items);

    fill(el.cup, h("h3", {}, w("cup"), h("small", { class: "muted" }, ` ${w("cup_note")}`)),
      ...["us", "nva"].map((side) => {
        const counts = cupCounts(view.cup?.[side]);
        return h("p", { class: `lz-cup-side side-${side}`, "data-side": side }, h("b", {}, `${ctx.roleName(side)}: `),
          counts.length ? counts.map(([c, n]) => h("span", { class: "lz-cup-item" }, chip(c), n > 1 ? ` ×${n}` : "")) : w("none"));
      }));

    const drawn = view.drawn ?? [];
    fill(el.drawn, h("h3", {}, w("drawn")),
      drawn.length ? h("ol", { class: "lz-drawn-list" }, ...drawn.map((d, i) => h("li", { "data-index": i },
        chip(d.chit, i === drawn.length - 1 && !view.outcome ? "current" : ""),
        d.group ? ` → ${msg(`group.${d.group}`, d.group)}: ${msg(`chit_face.${d.face}`, d.face)}` : ""))) : h("p", { class: "muted" }, w("none")));

    const bySide = groupsBySide(statics.groups);
    const rows = [];
    for (const side of ["us", "nva"]) {
      for (const g of bySide[side] ?? []) {
        const boxes = view.boxes?.[g] ?? [];
        const slots = Array.from({ length: Number(tables.activation?.boxes_per_group ?? 2) }, (_, i) => boxes[i]);
        rows.push(h("tr", { class: `side-${side}`, "data-group": g },
          h("th", {}, msg(`group.${g}`, g)),
          ...slots.map((face) => h("td", { class: `lz-box-slot${face ? ` used face-${face}` : ""}`, title: face ? msg(`chit_face.${face}`, face) : "" },
            face ? w(face) : "")),
          h("td", { class: "muted" }, w("activations", { n: view.activations?.[g] ?? boxes.length }))));
      }
    }
    fill(el.groups, h("h3", {}, w("groups")), h("table", { class: "lz-group-table" }, h("tbody", {}, ...rows)));

    const counters = (view.counters ?? []).map((c) => ctx.counterInfo(c));
    const gone = counters.filter((c) => GONE.includes(c.status));
    el.goneTitle.textContent = `${w("gone")} (${gone.length})`;
    goneTray.update(gone, lang);
    goneBox.hidden = gone.length === 0;
  }

  return {
    update,
    claims: () => false,
    onMap: (c) => ON_MAP.has(c.status ?? "map"),
    /** The tray under the map: units held for the airlift, and reinforcements that can be placed now. */
    offMap: (c, view) => c.status === "held" || (c.status === "pending" && (view.actions ?? []).some((a) => a.unit === c.ref)),
    actionArgs: (a) => {
      const out = {};
      if (typeof a.mode === "string") out.mode = { key: `chit_face.${a.mode}` };
      if (typeof a.weapon === "string" && hasKey(statics.messages, `word.${a.weapon}`)) out.weapon = { key: `word.${a.weapon}` };
      if (a.adrenaline) out.mode = `${msg(`chit_face.${a.mode}`, a.mode)} ⚡${msg("chit.us_adr", "Adrenaline").replace(/^(US|NVA)\s*/, "")}`;
      if (typeof a.officer === "string") out.officer = { key: `counter.${a.officer}` };
      return out;
    },
    counterMarks: (view) => ({
      activated: activatedRefs(view),
    }),
    mapLabels: () => ({}),
  };
}

/** The units of the group being activated (view.step.group) on the map, to outline them. */
export function activatedRefs(view) {
  const g = view?.step?.kind === "act" ? view.step.group : null;
  if (!g) return [];
  return (view.counters ?? []).filter((c) => c.group === g && c.status === "map").map((c) => c.ref);
}
