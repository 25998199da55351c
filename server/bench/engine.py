"""Engine figures per game, the per-role patch against the full view, and loading a long match."""

from __future__ import annotations

import contextlib
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ..engine.core import apply_action, make_view
from ..games import GAMES
from ..realtime.diff import view_patch
from .stats import pct, table


def playout_figures(game: str, matches: int, max_actions: int, options: dict[str, Any] | None = None
                    ) -> dict[str, Any]:
    """Median µs of legal_actions (all active roles), apply_action, view (per role) and the patch
    (per role), and bytes of patches and full views, over random playouts (``options`` over the defaults)."""
    rules = GAMES[game]
    viewers = [*rules.roles, None]
    legal, apply_t, view_t, patch_t, patch_b, view_b = [], [], [], [], [], []
    for n in range(matches):
        rnd = random.Random(n)
        state = rules.setup(next(iter(rules.scenarios)), {**{o.id: o.default for o in rules.options},
                                                          **(options or {})}, n.to_bytes(4, "big"))
        prev = {r: make_view(rules, state, r) for r in viewers}
        for _ in range(max_actions):
            if rules.outcome(state) is not None:
                break
            t0 = time.perf_counter()
            choices = [(r, a) for r in sorted(rules.active_roles(state)) for a in rules.legal_actions(state, r)]
            t1 = time.perf_counter()
            role, action = rnd.choice(choices)
            state = apply_action(rules, state, role, action)
            t2 = time.perf_counter()
            views = {r: make_view(rules, state, r) for r in viewers}
            t3 = time.perf_counter()
            ops = {r: view_patch(prev[r], views[r]) for r in viewers}  # as the hub makes them
            t4 = time.perf_counter()
            legal.append((t1 - t0) * 1e6)
            apply_t.append((t2 - t1) * 1e6)
            view_t.append((t3 - t2) * 1e6 / len(viewers))
            patch_t.append((t4 - t3) * 1e6 / len(viewers))
            for r in viewers:
                patch_b.append(len(json.dumps(ops[r], ensure_ascii=False).encode()))
                view_b.append(len(json.dumps(views[r], ensure_ascii=False).encode()))
            prev = views
    return {"game": game, "actions": len(apply_t), "legal": statistics.median(legal),
            "apply": statistics.median(apply_t), "view": statistics.median(view_t),
            "patch_us": statistics.median(patch_t), "patch_b": statistics.median(patch_b),
            "patch_p95": pct(patch_b, 0.95), "view_b": statistics.median(view_b)}


def engine_section(quick: bool) -> str:
    rows = [playout_figures(g, 2 if quick else 10, 300 if quick else 5000) for g in GAMES if g != "toy"]
    out = table("Engine, per action (median µs; view and patch per role, spectators included)",
                ["game", "actions", "legal_actions", "apply", "view", "patch"],
                [[r["game"], r["actions"], r["legal"], r["apply"], r["view"], r["patch_us"]] for r in rows])
    out += "\n" + table("Per-role patch against the full view (bytes)",
                        ["game", "patch median", "patch p95", "full view median", "ratio"],
                        [[r["game"], r["patch_b"], r["patch_p95"], r["view_b"], r["view_b"] / max(1, r["patch_b"])]
                         for r in rows])
    return out


def _long_match(svc: Any, users: tuple[int, int], game: str, length: int, seed: int,
                undo_share: float = 0.0) -> tuple[str, int]:
    """A match of ``game`` played by random legal actions until ``length`` records or its end. With
    ``undo_share``, that share of the moves is an undo of the player's last action where the rules
    of undo allow one: a long correspondence match whose log holds takebacks too."""
    from ..matches.service import MatchError

    rules = GAMES[game]
    m = svc.create(users[0], game, None, rules.roles[0], None, None)
    svc.join(users[1], m["id"], rules.roles[1])
    seat = {rules.roles[0]: users[0], rules.roles[1]: users[1]}
    rnd = random.Random(seed)
    state = svc.state_at_version(m["id"], 0)
    version = 0
    while version < length and rules.outcome(state) is None:
        role = sorted(rules.active_roles(state))[0]
        applied = None
        if rnd.random() < undo_share:
            with contextlib.suppress(MatchError):  # not undoable now: the move is played instead
                applied = svc.undo(m["id"], seat[role], version, 1, f"u{version}")
        if applied is None:
            action = rnd.choice(rules.legal_actions(state, role))
            applied = svc.act(m["id"], seat[role], version, action, f"b{version}")
        version = applied.version
        state = applied.state
    return m["id"], version


def loading_section(quick: bool, database_url: str | None = None) -> str:
    """Rebuilding a match's latest state from the database: from the log alone (no snapshot), and
    from the latest snapshot plus the rest of the log, on a cold cache."""
    from sqlalchemy import delete

    from ..matches.service import MatchService
    from ..store.db import make_engine, make_sessionmaker
    from ..store.migrate import upgrade
    from ..store.models import Snapshot, User

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        url = database_url or f"sqlite:///{Path(tmp) / 'bench.db'}"
        upgrade(url)
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        with sessions.begin() as db:
            a, b = User(username=f"bench_a_{time.time_ns()}", password_hash="x"), \
                User(username=f"bench_b_{time.time_ns()}", password_hash="x")
            db.add_all([a, b])
            db.flush()
            users = (a.id, b.id)
        svc = MatchService(sessions, snapshot_every=50)
        # No random match reaches 10,000 actions (a Bulge match ends after about 1,300): the long one
        # takes back 45% of its moves where it may, as a match played over months with takebacks would.
        targets = [("bulge", 1000, 0.0), ("bulge", 10_000, 0.45)] if not quick else [("bulge", 300, 0.0)]
        for game, length, undos in targets:
            match_id, version = _long_match(svc, users, game, length, seed=length, undo_share=undos)
            timings = {}
            for label in ("snapshots", "log only"):
                if label == "log only":
                    with sessions.begin() as db:
                        db.execute(delete(Snapshot).where(Snapshot.match_id == match_id))
                runs = []
                for _ in range(3 if label == "snapshots" else 1):  # a whole long log once is enough
                    svc._cache.clear()
                    t0 = time.perf_counter()
                    svc.view(match_id, None)
                    runs.append((time.perf_counter() - t0) * 1000)
                timings[label] = statistics.median(runs)
            rows.append([game, version, timings["snapshots"], timings["log only"],
                         timings["log only"] / max(0.001, timings["snapshots"])])
        engine.dispose()
    return table("Loading a match from the database, cold cache (ms; snapshot every 50 actions)",
                 ["game", "actions", "with snapshots", "log only", "ratio"], rows)
