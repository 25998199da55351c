// LZ Albany on the common area map (common/areamap.js): its counters (platoons: its unit types, or
// fire-melee strengths, in its sides' colours, with the Choi Oi marker chips) and its flares
// (flares.js), drawn from each view.

import { FLARE_DEFS, paintFlares } from "./flares.js";
import { officerSight } from "./sight.js";

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

/** Area fills and patterns; LZ Albany itself bold. */
const TERRAIN = {
  jungle: { fill: "#6f9c57", pattern: "url(#pat-jungle)" }, grass: { fill: "#cfcf86", pattern: "url(#pat-grass)" },
  lz_albany: { fill: "#e8d9a0", strong: true }, lz_columbus: { fill: "#cdb98f", pattern: "url(#pat-base)" }, transit: { fill: "#dce6ef" },
};
const PATTERNS = `<pattern id="pat-jungle" width="22" height="22" patternUnits="userSpaceOnUse">
    <path d="M4 9 q3 -7 6 0 z M15 20 q3 -7 6 0 z M14 6 q2 -4 4 0 z" fill="#1f4d1a" opacity=".45"/></pattern>
  <pattern id="pat-grass" width="18" height="18" patternUnits="userSpaceOnUse">
    <path d="M3 12 l1 -5 M5 12 l0 -6 M7 12 l-1 -5 M12 4 l1 -4 M14 4 l0 -4" stroke="#6b6a2a" stroke-width=".8" opacity=".55" fill="none"/></pattern>
  <pattern id="pat-base" width="14" height="8" patternUnits="userSpaceOnUse">
    <rect x="1" y="1" width="12" height="6" rx="3" fill="#a58f62" opacity=".22"/></pattern>`;
const OFFICER_TYPES = new Set(["officer", "senior_officer"]);

const isPlatoon = (c) => PLATOON_TYPES.has(c?.type) || (c?.fire !== undefined && c?.melee !== undefined);

/** The map plugin (see common/map.js and common/areamap.js). */
export const mapPlugin = {
  defs: () => PATTERNS + FLARE_DEFS,
  terrain: (name) => TERRAIN[name] ?? null,
  observer: (c) => OFFICER_TYPES.has(c.type), // an officer's line of sight (AMBIG-32)
  sight: officerSight,
  view: paintFlares,
  counterLook: (info) => (isPlatoon(info) ? { kind: "platoon", ...(PLATOON_STYLE[info.side] ?? PLATOON_STYLE.us), markers: MARKERS } : null),
};
