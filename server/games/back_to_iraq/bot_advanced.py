"""The computer opponent's scores for the advanced game's actions (§G), a part of ``bot._Scorer``: the strategic
targets (§G1), the air strikes (§G2), the SOF (§G3) and the additional forces (§G5)."""

from __future__ import annotations

import math

from ...engine.core import Action, State
from .bot_look import Look
from .forces import spec


class AdvancedScores:
    """Mixed into ``bot._Scorer``, which sets the world, the side and its ``Look``."""

    w: State
    side: str
    lk: Look

    # --- SOF (§G3) and the additional forces (§G5) ---

    def _israeli_arrival(self, a: Action) -> float:
        # §G5.2(2): the Israelis come in as soon as they may, nearest the cities the Coalition is after
        return 1.0 - 0.01 * min(self.lk.goal_field().get(a["to"], 60), 60)

    def _sof_operation(self, a: Action) -> float:
        # §G3.6: an HQ raid is always worth it; a city raid's 1d6 - 3 favours the Islamic side on average
        return 0.5 if a["target"] == "hq" or self.side == "islamic" else -0.1

    def _form_sof(self, a: Action) -> float:
        return 1.0  # §G3.10: the bot forms its SOF

    def _keep_unit(self, a: Action) -> float:
        return 0.0

    # --- strategic targets (§G1) ---

    # which kinds it sorts out of the mix (§G1.1): the C3I keeps its advances, SSMs fire Scuds, War Information
    # and Hostages pay MIPP; never a Rebellion
    CHOICE: dict[str, float] = {"c3i": 5.0, "ssm": 4.0, "war_information": 3.0, "hostages": 2.0, "wmd": 1.5,
                                "military_installation": 1.0, "rebellion": -math.inf}

    def _select_target(self, a: Action) -> float:
        return self.CHOICE.get(a["marker"], 0.0)

    def _deselect_target(self, a: Action) -> float:
        return -math.inf

    def _marker_hex(self, h: str, bait: bool) -> float:
        """Deep behind the front, in a city, one to a hex; Deception near the Coalition, to draw its blows."""
        crowd = sum(1 for rec in self.w["targets"].values() if rec["hex"] == h and rec["status"] == "map")
        far = min(self.lk.from_coalition(h), 20)
        city = 1.0 if self.lk.b.place_kind(h) == "city" else 0.0
        return float(-far if bait else far) + city - 4.0 * crowd

    def _place_target(self, a: Action) -> float:
        return self._marker_hex(a["to"], a["marker"] == "deception")

    def _place_drawn(self, a: Action) -> float:
        return self._marker_hex(a["to"], False)

    def _reveal_target(self, a: Action) -> float:
        # War Information revealed is a MIPP check; an Installation a source once the roads are cut; else keep it
        kind = self.w["targets"][a["target"]]["kind"]
        return 10.0 if kind == "war_information" else -math.inf

    def _scud(self, a: Action) -> float:
        return 2.0  # the Scud table gains MIPP on average

    def _end_scuds(self, a: Action) -> float:
        return 0.0

    # --- air strikes (§G2) ---

    def _air_strike(self, a: Action) -> float:
        """On the hexes with the most markers (face down first) and HQs; Stealth and Conventional remove, recon
        only reveals. Any strike beats resolving with counters unused (they are lost at the end of the turn)."""
        w = self.w
        marks = [rec for rec in w.get("targets", {}).values() if rec["status"] == "map" and rec["hex"] == a["at"]]
        hqs = sum(1 for u, rec in w["units"].items() if rec["status"] == "map" and rec["hex"] == a["at"]
                  and spec(w, u).type == "hq" and rec["side"] == "islamic")
        weight = {"stealth": 1.2, "conventional": 1.0, "israeli": 1.0, "recon": 0.6}.get(a["air"], 0.5)
        down = sum(1 for rec in marks if rec["face"] == "down")
        return 1.0 + weight * float(len(marks) + down + hqs)

    def _resolve_air(self, a: Action) -> float:
        return 0.5

    def _air_suppress(self, a: Action) -> float:
        return 1.0

    def _air_strategic(self, a: Action) -> float:
        return 1.5  # a marker gone is for good; a suppressed HQ recovers
