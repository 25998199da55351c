// LZ Albany on the common area map (common/areamap.js): its counters (platoons: its unit types, or
// fire-melee strengths, in its sides' colours, with the Choi Oi marker chips) and its flares
// (flares.js), drawn from each view.

import { FLARE_DEFS, paintFlares } from "./flares.js";

/** The unit types drawn as platoons. */
export const PLATOON_TYPES = new Set(["rifle", "weapons", "recon", "mortar", "hq", "artillery", "officer", "senior_officer"]);

/** Side colours of platoon counters: US olive green, NVA khaki/tan. */
const PLATOON_STYLE = {
  us: { body: "#a7b26a", band: "#56622a", ink: "#14180a", bandInk: "#f4f1dc", edge: "#2c3313" },
  nva: { body: "#dcc58f", band: "#8d6a33", ink: "#1d150a", bandInk: "#fff6de", edge: "#4a3718" },
};
/** Choi Oi markers on platoons (§5.17). */
const MARKERS = {
  no_fire: { text: { en: "NO FIRE", ja: "射撃不可" }, fill: "#c8102e" },
  no_move: { text: { en: "NO MOVE", ja: "移動不可" }, fill: "#1f5fd0" },
  no_fire_move: { text: { en: "NO F/M", ja: "射移不可" }, fill: "#6a3fa0" },
};

const isPlatoon = (c) => PLATOON_TYPES.has(c?.type) || (c?.fire !== undefined && c?.melee !== undefined);

/** The map plugin (see common/map.js and common/areamap.js). */
export const mapPlugin = {
  defs: () => FLARE_DEFS,
  view: paintFlares,
  counterLook: (info) => (isPlatoon(info) ? { kind: "platoon", ...(PLATOON_STYLE[info.side] ?? PLATOON_STYLE.us), markers: MARKERS } : null),
};
