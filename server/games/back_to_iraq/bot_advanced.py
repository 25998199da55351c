"""The computer opponent's scores for the advanced game's actions (§G), a part of ``bot._Scorer``: the strategic
targets (§G1), the air strikes (§G2), the SOF (§G3), command and control (§G4: the part of a hex's potential that
keeps units within reach of their HQs and the HQs with their units) and the additional forces (§G5)."""

from __future__ import annotations

import math

from ...engine.core import Action, State
from . import command
from .bot_look import Look
from .forces import ENEMY, spec


class AdvancedScores:
    """Mixed into ``bot._Scorer``, which sets the world, the side and its ``Look``."""

    w: State
    side: str
    lk: Look
    _c2: command.Command | None = None  # the side's command (§G4), built on first use by ``_command``

    # --- command and control (§G4) ---

    def _command(self) -> command.Command:
        if self._c2 is None:
            self._c2 = command.Command(self.w, self.side)
        return self._c2

    def c2_potential(self, uid: str, h: str) -> float:
        """§G4.4: with C2, supply runs through the HQs. A unit that steps out of every HQ's command area (the
        traced lines of ``command.Command``, from where the HQs stand now) is unsupplied at half strength and MA,
        a little more the farther it runs (an HQ may still follow it); an HQ is worth the units that it alone
        would command from ``h`` (within one hex short of its range: the traced areas from every hex an HQ could
        reach would cost a search each), and never stands beside the enemy (a 1-step unit, §G4.1)."""
        w, lk = self.w, self.lk
        if not command.on(w):
            return 0.0
        s = spec(w, uid)
        if s.movement_class == "sof":
            return 0.0  # §G3.5: always in command
        c2 = self._command()
        hqs = [hq for hq in c2.hqs if command.serves(w, hq, uid)]
        g = lk.b.grid
        if not command.is_hq(w, uid):
            if not hqs or any(h in c2.area(hq, uid) for hq in hqs):
                return 0.0
            beyond = min(g.distance(h, lk.hex_of[hq]) - int(spec(w, hq).raw["range"]) for hq in hqs)
            return -1.0 - 0.5 * min(max(0, beyond), 4)
        others = [hq for hq in c2.hqs if hq != uid]
        v = 0.0
        for u, at in lk.hex_of.items():
            if u == uid or w["units"][u]["side"] != self.side or command.is_hq(w, u) \
                    or spec(w, u).movement_class == "sof" or not command.serves(w, uid, u):
                continue
            if g.distance(h, at) >= int(s.raw["range"]):
                continue  # a line one hex short of the range: terrain and rivers lengthen some
            if any(command.serves(w, o, u) and at in c2.area(o, u) for o in others):
                continue
            v += 2.0 if spec(w, u).power == "great" else 1.0
        if any(lk.at[ENEMY[self.side]].get(n) for n in lk.b.neighbours(h)):
            v -= 25.0
        return v

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
