"""Listen to everything a live server sends to each audience of one match, and check it for secrets.

An ``Ear`` is one audience: a seat (``role``) or the spectators (``None``, a logged-in watcher and a
guest). It keeps every HTTP body, websocket frame and notification the audience was sent, each with
the match version it speaks of, so a secret can be checked against the state *at that version*
(Shimada's counters turn face up and down again; a finished match reveals what was hidden).
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import httpx
import jsonpatch
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from server.engine.core import Rules, canonical, make_view
from server.matches.service import MatchService
from server.store.models import Snapshot
from tests.conftest import LiveServer
from tests.support.client import Player

Secret = tuple[str, "re.Pattern[str]"]  # a label for the failure message, and what must not appear


def literal(text: str, label: str | None = None) -> Secret:
    return (label or text, re.compile(re.escape(text)))


def word(token: str, label: str | None = None) -> Secret:
    """``token`` not glued to other id characters: ``B-AC`` matches in ``"B-AC"`` and ``counter.B-AC``,
    not in ``B-ACK``."""
    return (label or token, re.compile(rf"(?<![\w-]){re.escape(token)}(?![\w-])"))


@dataclass
class Heard:
    channel: str
    version: int | None  # None: carries no match state (notifications), checked against every version
    text: str


@dataclass
class Ear:
    role: str | None
    heard: list[Heard] = field(default_factory=list)
    views: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)  # (version, channel, view)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, channel: str, version: int | None, text: str) -> None:
        with self.lock:
            self.heard.append(Heard(channel, version, text))

    def response(self, channel: str, r: httpx.Response, version: int | None) -> httpx.Response:
        self.add(f"{channel} -> {r.status_code}", version, r.text)
        return r


class Socket:
    """A websocket on the match, read by a thread that follows the view with snapshots and patches."""

    def __init__(self, live: LiveServer, match_id: str, ear: Ear, player: Player | None = None) -> None:
        headers = {"Cookie": f"cp_session={player.http.cookies['cp_session']}"} if player else {}
        self.ear = ear
        self.stack = contextlib.ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(
            connect(f"{live.ws_url}/ws/matches/{match_id}", additional_headers=headers, open_timeout=10))
        self.version = -1
        self.view: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while True:
                raw = self.ws.recv()
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "snapshot":
                    self.view = msg["view"]
                elif kind == "patch":
                    if msg["from"] != self.version or self.view is None:
                        self.errors.append(f"patch from {msg['from']} on a view at {self.version}")
                        continue
                    self.view = jsonpatch.apply_patch(self.view, msg["ops"])
                if kind in ("snapshot", "patch"):
                    self.version = msg["version"]
                    self.ear.views.append((self.version, f"ws {kind}", copy.deepcopy(self.view or {})))
                version = msg.get("version") if kind in ("snapshot", "patch", "summary") else self.version
                self.ear.add(f"ws {kind}", version, str(raw))
        except ConnectionClosed:
            pass
        except Exception as exc:  # reported by the test, not lost in a thread
            self.errors.append(repr(exc))

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def wait_version(self, version: int, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while self.version < version:
            assert time.monotonic() < deadline, f"socket stuck at version {self.version}, wanted {version}"
            time.sleep(0.005)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.stack.close()
        self.thread.join(timeout=10)
        assert not self.errors, self.errors


def plant(live: LiveServer, match_id: str, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Replace the state of a just-started match (version 0) with a changed one, the way the service
    itself restores states: a snapshot row at seq 0 (``state_at`` starts from the latest snapshot),
    and the in-memory cache entry dropped. Returns the planted state."""
    svc: MatchService = live.app.state.service
    state = copy.deepcopy(svc.state_at_version(match_id, 0))
    change(state)
    with svc.sessions.begin() as db:
        db.add(Snapshot(match_id=match_id, seq=0, state=state))
    with svc._cache_lock:
        svc._cache.pop(match_id, None)
    assert canonical(svc.state_at_version(match_id, 0)) == canonical(state)
    return state


SecretsOf = Callable[[dict[str, Any], str | None], Iterable[Secret]]


def find_leaks(live: LiveServer, rules: Rules, match_id: str, ears: list[Ear], secrets_of: SecretsOf,
               versions: Iterable[int]) -> tuple[list[str], int]:
    """Every message of every ear, against the secrets of its audience at the version it speaks of
    (messages without a version: against the secrets of every version). Returns failures and checks."""
    svc: MatchService = live.app.state.service
    states = {v: svc.state_at_version(match_id, v) for v in versions}
    cache: dict[tuple[int, str | None], list[Secret]] = {}

    def at(v: int, role: str | None) -> list[Secret]:
        if (v, role) not in cache:
            cache[(v, role)] = list(secrets_of(states[v], role))
        return cache[(v, role)]

    failures, checks = [], 0
    for ear in ears:
        every = list({label: (label, rx) for v in states for label, rx in at(v, ear.role)}.values())
        for h in ear.heard:
            texts = [h.text]
            with contextlib.suppress(ValueError):
                texts.append(canonical(json.loads(h.text)))  # \u escapes undone
            for label, rx in (every if h.version is None else at(h.version, ear.role)):
                checks += 1
                if any(rx.search(t) for t in texts):
                    failures.append(f"{ear.role or 'spectator'} got {label!r} in {h.channel} "
                                    f"(version {h.version}): {h.text[:300]}")
    return failures, checks


def check_wire_views(live: LiveServer, rules: Rules, match_id: str, ears: list[Ear]) -> int:
    """Every view an audience was sent (HTTP bodies, websocket snapshots and followed patches) is the
    engine's view of the true state at that version (``make_view``: what ``check_leaks`` proves blind)."""
    svc: MatchService = live.app.state.service
    seats = list(svc.summary(match_id, None)["seats"])  # the match's seats: whose side wins is among them
    expected: dict[tuple[int, str | None], str] = {}
    n = 0
    for ear in ears:
        for version, channel, view in ear.views:
            key = (version, ear.role)
            if key not in expected:
                expected[key] = canonical(make_view(rules, svc.state_at_version(match_id, version), ear.role, seats))
            assert canonical(view) == expected[key], f"{channel} to {ear.role or 'spectator'} at {version}"
            n += 1
    return n
