"""Golden replays: seeded random matches of every game with a digest of every role's view (and the
spectators') at every step, recorded once and replayed by ``test_golden.py``. A change that was meant to
leave behaviour alone must give byte-identical views; a change made on purpose re-records, with its
reason in the commit (``python -m tests.golden.recording [GAME ...]``), and lists what it changed.

The digest is the first 16 hex digits of the SHA-256 of the view in canonical JSON (the view holds the
role's legal actions, so those are pinned too). The actions themselves are stored, so a replay does
not depend on the random chooser, only on the rules.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.engine.core import Rules, apply_action, canonical, make_view
from server.engine.testing import viewers
from server.games import GAMES

DATA = Path(__file__).parent / "data"
MATCHES = 30
HASTE = 0.3  # how often the chooser ends a step when it may: the matches reach combat in fewer actions


@dataclass(frozen=True)
class Plan:
    """What to record of a game: how many actions at most per match, and each match's scenario and options."""

    max_actions: int
    scenarios: tuple[tuple[str, dict[str, Any]], ...]
    matches: int = MATCHES  # fewer for a game whose every view costs tens of milliseconds

    def match(self, i: int) -> tuple[str, dict[str, Any]]:
        return self.scenarios[i % len(self.scenarios)]


PLANS = {
    "shimada": Plan(2000, (("slim_river", {}),)),  # whole matches: about a hundred actions
    # the first 150 actions: both set-ups, with and without the fog of war
    "bulge": Plan(150, (("historical", {"fog_of_war": False}), ("historical", {"fog_of_war": True}),
                        ("free_setup", {"fog_of_war": False}), ("free_setup", {"fog_of_war": True}))),
    "lz_albany": Plan(200, (("historical", {"overstack": "units"}), ("historical", {"overstack": "dice"}))),
    # the first 120 actions of both scenarios, with and without the free set-up, and with the strategic targets
    # and air strikes (§G1-§G2): ten matches (a movement phase offers thousands of destinations, so each view is a
    # few tens of milliseconds)
    "back_to_iraq": Plan(120, (("1", {}), ("2", {}), ("1", {"free_setup": True}), ("2", {"free_setup": True}),
                               ("2", {"strategic_targets": True, "air_strikes": True})), matches=10),
    # whole matches of Firefight 1 (about two hundred actions each; the one firefight of rules level 1)
    "conflict_of_heroes": Plan(1000, (("firefight_1", {}),), matches=8),
}


def digest(view: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(view).encode()).hexdigest()[:16]


def views(rules: Rules, state: dict[str, Any]) -> str:
    return " ".join(digest(make_view(rules, state, role)) for role in viewers(rules))


def record_match(rules: Rules, plan: Plan, i: int) -> dict[str, Any]:
    scenario, options = plan.match(i)
    seed = f"golden-{rules.id}-{i}".encode().ljust(16, b"\0")
    pick = random.Random(seed)
    state = rules.setup(scenario, dict(options), seed)
    actions: list[list[Any]] = []
    steps = [views(rules, state)]
    while len(actions) < plan.max_actions and rules.outcome(state) is None:
        choices = [(role, a) for role in sorted(rules.active_roles(state)) for a in rules.legal_actions(state, role)]
        ends = [c for c in choices if c[1]["type"].startswith("end") or c[1]["type"] == "pass"]
        role, action = pick.choice(ends if ends and pick.random() < HASTE else choices)
        state = apply_action(rules, state, role, action)
        actions.append([role, action])
        steps.append(views(rules, state))
    return {"seed": seed.hex(), "scenario": scenario, "options": options, "actions": actions, "views": steps}


def path(game: str) -> Path:
    return DATA / f"{game}.json.gz"


def load(game: str) -> dict[str, Any]:
    with gzip.open(path(game), "rt", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def record(game: str) -> None:
    rules, plan = GAMES[game], PLANS[game]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    data = {"game": game, "commit": commit, "viewers": [r or "spectator" for r in viewers(rules)],
            "matches": [record_match(rules, plan, i) for i in range(plan.matches)]}
    DATA.mkdir(exist_ok=True)
    with gzip.GzipFile(path(game), "wb", mtime=0) as f:  # mtime 0: the same recording gives the same bytes
        f.write(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())
    steps = sum(len(m["actions"]) for m in data["matches"])
    print(f"{game}: {plan.matches} matches, {steps} actions, {path(game).stat().st_size // 1024} KiB at {commit}")


if __name__ == "__main__":
    for name in sys.argv[1:] or list(PLANS):
        record(name)
