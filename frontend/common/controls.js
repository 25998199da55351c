// Which play-by-web controls a match page shows (docs/play-by-web.md). Pure: summary + role in,
// a list of {id, ...} out, in display order. The server decides what is allowed; this only
// hides what cannot apply (a spectator's page, a finished match, no offer pending…).
//
// ids: undo {steps}, accept {offer}, decline {offer}, withdraw {offer}, offer_draw,
//      offer_takeback, claim {sides}, resign, rematch_swap, rematch_same, rematch_link {id}

/** The sides whose time is out, other than `role`. */
export function flaggedOpponents(summary, role) {
  return (summary?.clock?.flagged ?? []).filter((s) => s !== role);
}

export function matchControls(summary, role) {
  if (!summary) return [];
  const out = [];
  const finished = summary.status === "finished" || Boolean(summary.outcome);
  if (finished) {
    if (summary.rematch) out.push({ id: "rematch_link", match: summary.rematch });
    else if (role) out.push({ id: "rematch_swap" }, { id: "rematch_same" });
    return out;
  }
  if (!role || summary.status !== "active") return out;
  const steps = summary.undo?.steps ?? 0;
  if (steps > 0) out.push({ id: "undo", steps });
  const offer = summary.offer;
  if (offer) {
    if (offer.by === role) out.push({ id: "withdraw", offer });
    else out.push({ id: "accept", offer }, { id: "decline", offer });
  } else {
    if (summary.draw_by_agreement !== false) out.push({ id: "offer_draw" });
    if ((summary.version ?? 0) > 0) out.push({ id: "offer_takeback" });
  }
  const late = flaggedOpponents(summary, role);
  if (late.length && (summary.on_timeout ?? "claim") === "claim") out.push({ id: "claim", sides: late });
  out.push({ id: "resign" });
  return out;
}
