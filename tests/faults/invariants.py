"""What must hold after any fault: every acknowledged action is in the log exactly once at the
version it was acknowledged with, versions have no gap, replaying the log from the seed gives the
stored state, and a client connecting to any process gets the view of that state."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from server.config import Settings
from server.engine.core import apply_action, canonical, make_view, seats_of
from server.games import GAMES
from server.matches.service import MatchService
from server.store.db import make_engine, make_sessionmaker
from tests.faults.harness import Bot, log_rows


def check(database_url: str, app_urls: list[str], matches: dict[str, list[Bot]]) -> dict[str, int]:
    figures = {"matches": len(matches), "acknowledged": 0, "log": 0}
    engine = create_engine(Settings(database_url=database_url).sqlalchemy_url)
    with engine.connect() as conn:
        rows = {r[0]: r for r in conn.execute(
            text("SELECT id, game, scenario, options, seed, version FROM matches")).all()}
    engine.dispose()
    svc = MatchService(make_sessionmaker(make_engine(Settings(database_url=database_url).sqlalchemy_url)))
    for match_id, bots in matches.items():
        log = log_rows(database_url, match_id)
        _, game, scenario, options, seed, version = rows[match_id]
        options = json.loads(options) if isinstance(options, str) else options
        assert [r[0] for r in log] == list(range(1, version + 1)), "versions have a gap or a double"
        at = {cid: seq for seq, cid, _, _ in log}
        assert len(at) == len(log), "an action id appears twice in the log"
        for bot in bots:
            for cid, acked in bot.acked.items():
                assert at.get(cid) == acked, f"acknowledged action {cid} (version {acked}) is not in the log there"
            figures["acknowledged"] += len(bot.acked)
            assert bot.server_errors == 0, "a 5xx other than a retryable 503"
        figures["log"] += len(log)
        rules = GAMES[game]
        state = rules.setup(scenario, options, bytes(seed))
        for _, _, role, action in log:
            state = apply_action(rules, state, role, action)
        stored = svc.state_at_version(match_id, version)  # latest snapshot + the rest of the log
        assert canonical(stored) == canonical(state), "replaying the log does not give the stored state"
        for url in app_urls:
            with connect(url.replace("http://", "ws://") + f"/ws/matches/{match_id}", open_timeout=10) as ws:
                snap: dict[str, Any] = json.loads(ws.recv(timeout=10))
            assert snap["version"] == version
            seats = seats_of(rules, scenario, options)
            assert canonical(snap["view"]) == canonical(make_view(rules, state, None, seats))
    return figures
