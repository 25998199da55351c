// The label of an action's button or menu item (board.js): the catalogue's "action.<type>" with the
// action as args (a unit by its name; an area, group or other value by the catalogue's "area.<v>",
// "group.<v>", "<field>.<v>" when present; the panel's actionArgs(action) may add more).

import { render, renderArg, hasKey } from "./i18n.js";
import { counterInfo } from "./counters.js";
import { roleName } from "./roles.js";

/** board: {catalogue, panel, view, statics}. */
export function actionLabel(action, { catalogue, panel, view, statics }) {
  const args = { ...action };
  for (const [k, v] of Object.entries(action)) {
    if (k === "type" || k === "unit" || typeof v !== "string") continue;
    const keys = ["to", "at", "from"].includes(k) ? [`area.${v}`, `${k}.${v}`] : [`${k}.${v}`];
    const key = keys.find((kk) => hasKey(catalogue, kk));
    if (key) args[k] = { key };
  }
  Object.assign(args, panel?.actionArgs?.(action) ?? {});
  const counter = view?.counters?.find((c) => c.ref === action.unit);
  if (counter) {
    const info = counterInfo(counter, statics.counters, catalogue);
    args.unit = info.name ? info.name : roleName(counter.side, catalogue) + (counter.hex ? ` (${counter.hex})` : "");
  }
  const key = `action.${action.type}`;
  if (hasKey(catalogue, key)) return render({ key, args }, catalogue);
  const extra = Object.entries(action).filter(([k]) => k !== "type").map(([k, v]) => `${k}: ${renderArg(v, catalogue)}`);
  return extra.length ? `${key} (${extra.join(", ")})` : key;
}
