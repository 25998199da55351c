"""Service-level fuzz: a hypothesis state machine plays matches through a live server, mixing valid
actions with invalid requests, each of which must be refused with a 4xx and a reason (never a 5xx)
and leave the match as it was: its version, and the view of both seats and of spectators.

Invalid requests: an action not legal now (a legal one changed), out of turn, from another seat (a
watcher: 403; a guest: 401), a stale version (409, with the current version), malformed JSON, a
body over 256 KiB (413), wrong types in the envelope, a platform-only action type, an unknown
match (404), a cross-site origin (403). Run with ``-k sqlite``; ``FUZZ_EXAMPLES`` runs longer.
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from server.engine.core import bare, canonical
from server.games import GAMES
from tests.conftest import LiveServer
from tests.fuzz.strategies import examples, json_values, mutated, steps
from tests.support.client import Player

MAX_BODY = 256 * 1024

junk_bodies = st.one_of(
    st.binary(max_size=64),
    st.sampled_from([b"{", b"[1,", b'{"version": 0,', b"null", b"", b"\xff\xfe", b'{"a":1}{"b":2}', b"NaN",
                     b'{"version": 0, "action": {"type": "x"}, "id": "a", }']),
)

not_an_int = st.one_of(st.text(max_size=8).filter(lambda s: not s.strip().lstrip("+-").isdigit()),
                       st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(),
                                                                            max_size=2),
                       st.none(), st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: f != int(f)),
                       st.integers(max_value=-1))
"""What pydantic must not take for a version (it does take "3", 3.0 and true, by its lax rules)."""


def wrong_envelopes(version: int, action: dict[str, Any]) -> st.SearchStrategy[Any]:
    ok_id = st.just(uuid.uuid4().hex)
    return st.one_of(
        st.fixed_dictionaries({"version": not_an_int, "action": st.just(action), "id": ok_id}),
        st.fixed_dictionaries({"version": st.just(version),
                               "action": json_values.filter(lambda v: not isinstance(v, dict)), "id": ok_id}),
        st.fixed_dictionaries({"version": st.just(version), "action": st.just(action),
                               "id": st.one_of(st.integers(), st.none(), st.just(""), st.just("x" * 65),
                                               st.lists(st.text(max_size=3), max_size=2))}),
        st.fixed_dictionaries({"action": st.just(action), "id": ok_id}),
        st.fixed_dictionaries({"version": st.just(version), "id": ok_id}),
        st.fixed_dictionaries({"version": st.just(version), "action": st.just(action)}),
        json_values.filter(lambda v: not isinstance(v, dict)),
    )


@pytest.fixture
def live(database: str) -> Iterator[LiveServer]:
    """One account creates a match per example: a long run (FUZZ_EXAMPLES) would meet the creation limits."""
    with LiveServer(database, match_create_limit=0, match_open_limit=0) as server:
        yield server


def test_http_fuzz(live: LiveServer) -> None:
    stats: Counter[str] = Counter()
    a, b = Player(live.url).register(), Player(live.url).register()
    watcher = Player(live.url).register()
    guest = httpx.Client(base_url=live.url, timeout=30)
    games = ["toy", *GAMES]

    class HttpMachine(RuleBasedStateMachine):
        @initialize(game=st.sampled_from(games), seed=st.binary(min_size=16, max_size=24), data=st.data(),
                    first=st.integers(1, 4))
        def start(self, game: str, seed: bytes, data: st.DataObject, first: int) -> None:
            roles = GAMES[game].roles if game in GAMES else ("north", "south")
            self.mid = a.create(game, roles[0], seed=seed.hex())["id"]
            assert b.join(self.mid, roles[1]).status_code == 200
            self.seats = {roles[0]: a, roles[1]: b}
            self.version = 0
            self.seen = self._look()
            stats["matches"] += 1
            # Every match starts with a little valid play, so refusals are tried mid-match too and a
            # derandomized run cannot end with nothing applied.
            self.play_valid(data, first)

        def _look(self) -> tuple[int, dict[str, str]]:
            summary = guest.get(f"/api/matches/{self.mid}")
            assert summary.status_code == 200, summary.text
            views = {}
            for who, client in (*((r, p.http) for r, p in self.seats.items()), ("spectator", guest)):
                r = client.get(f"/api/matches/{self.mid}/view")
                assert r.status_code == 200, r.text
                assert r.json()["version"] == summary.json()["version"]
                views[who] = canonical(r.json()["view"])
            return summary.json()["version"], views

        def _views(self) -> dict[str, dict[str, Any]]:
            return {r: json.loads(v) for r, v in self.seen[1].items()}

        def _mover(self) -> str | None:
            movers = [r for r, v in self._views().items() if r != "spectator" and v["actions"]]
            return movers[0] if movers else None

        def _post(self, client: httpx.Client, body: Any = None, raw: bytes | None = None,
                  path: str | None = None, headers: dict[str, str] | None = None) -> httpx.Response:
            url = path or f"/api/matches/{self.mid}/actions"
            stats["tried"] += 1
            if raw is not None:
                return client.post(url, content=raw, headers={"content-type": "application/json", **(headers or {})})
            return client.post(url, json=body, headers=headers)

        def _refused(self, r: httpx.Response, expected: set[int], why: str) -> None:
            assert r.status_code < 500, f"{why}: {r.status_code} {r.text[:500]}"
            assert 400 <= r.status_code < 500, f"{why} was accepted: {r.status_code} {r.text[:300]}"
            assert r.status_code in expected, f"{why}: {r.status_code} (expected {sorted(expected)}) {r.text[:300]}"
            body = r.json()
            assert isinstance(body.get("reason"), str) and body["reason"].strip(), f"{why}: no reason: {r.text[:300]}"
            assert self._look() == self.seen, f"{why}: a refused request changed the match"
            stats["refused"] += 1
            stats[f"{r.status_code}"] += 1

        def _envelope(self, action: Any, version: int | None = None) -> dict[str, Any]:
            return {"version": self.version if version is None else version, "action": action,
                    "id": uuid.uuid4().hex}

        # --- valid play ---

        @rule(data=st.data(), n=st.integers(1, 6))
        def play_valid(self, data: st.DataObject, n: int) -> None:
            for _ in range(n):
                mover = self._mover()
                if mover is None:
                    return
                action = data.draw(st.sampled_from(self._views()[mover]["actions"]))
                r = self._post(self.seats[mover].http, self._envelope(action))
                assert r.status_code == 200, r.text
                assert r.json()["version"] == self.version + 1
                self.version += 1
                self.seen = self._look()
                assert self.seen[0] == self.version
                stats["applied"] += 1

        # --- refusals ---

        @rule(data=st.data())
        def not_legal(self, data: st.DataObject) -> None:
            mover = self._mover()
            if mover is None:
                return
            actions = self._views()[mover]["actions"]
            bad = data.draw(mutated(data.draw(st.sampled_from(actions))))
            # the engine compares actions without their notes (core.bare): a move with a changed cost is that move
            if canonical(bare(bad) if isinstance(bad, dict) else bad) in {canonical(bare(x)) for x in actions}:
                return
            self._refused(self._post(self.seats[mover].http, self._envelope(bad)), {413, 422}, "not legal")

        @rule(data=st.data())
        def out_of_turn(self, data: st.DataObject) -> None:
            views = self._views()
            mover = self._mover()
            idle = [r for r in self.seats if r != mover and not views[r]["actions"]]
            pool = views[mover]["actions"] if mover else [{"type": "pass"}]
            if not idle:
                return
            who = data.draw(st.sampled_from(idle))
            r = self._post(self.seats[who].http, self._envelope(data.draw(st.sampled_from(pool))))
            self._refused(r, {422}, "out of turn")

        @rule(data=st.data(), guest_too=st.booleans())
        def another_seat(self, data: st.DataObject, guest_too: bool) -> None:
            mover = self._mover()
            pool = self._views()[mover]["actions"] if mover else [{"type": "pass"}]
            client, status = (guest, 401) if guest_too else (watcher.http, 403)
            r = self._post(client, self._envelope(data.draw(st.sampled_from(pool))))
            self._refused(r, {status}, "not a seat")

        @rule(data=st.data())
        def stale(self, data: st.DataObject) -> None:
            mover = self._mover()
            if mover is None:
                return
            wrong = data.draw(st.sampled_from([v for v in (self.version - 1, self.version + 1, self.version + 1000)
                                               if v >= 0]))
            action = data.draw(st.sampled_from(self._views()[mover]["actions"]))
            r = self._post(self.seats[mover].http, self._envelope(action, wrong))
            self._refused(r, {409}, "stale version")
            assert r.json()["version"] == self.version

        @rule(raw=junk_bodies, seat=st.booleans())
        def malformed_json(self, raw: bytes, seat: bool) -> None:
            client = next(iter(self.seats.values())).http if seat else watcher.http
            self._refused(self._post(client, raw=raw), {400, 401, 403, 422}, "malformed JSON")

        @rule(size=st.integers(MAX_BODY + 1, 4 * MAX_BODY), valid_json=st.booleans())
        def huge(self, size: int, valid_json: bool) -> None:
            mover = self._mover() or next(iter(self.seats))
            if valid_json:
                pad = "x" * size
                raw = json.dumps(self._envelope({"type": "add", "n": 1, "pad": pad})).encode()
            else:
                raw = b"[" * size
            self._refused(self._post(self.seats[mover].http, raw=raw), {413}, "huge body")

        @rule(data=st.data())
        def wrong_types(self, data: st.DataObject) -> None:
            mover = self._mover() or next(iter(self.seats))
            views = self._views()
            action = (views[mover]["actions"] or [{"type": "pass"}])[0]
            body = data.draw(wrong_envelopes(self.version, action))
            self._refused(self._post(self.seats[mover].http, body), {422}, "wrong types")

        @rule(data=st.data())
        def platform_type(self, data: st.DataObject) -> None:
            mover = self._mover() or next(iter(self.seats))
            action = {"type": data.draw(st.sampled_from(["$undo", "$resign", "$"])), "steps": 1}
            self._refused(self._post(self.seats[mover].http, self._envelope(action)), {422}, "platform type")

        @rule(name=st.text(alphabet="abcdefXYZ0123456789-_", min_size=1, max_size=20))
        def unknown_match(self, name: str) -> None:
            if name == self.mid:
                return
            r = self._post(a.http, self._envelope({"type": "add", "n": 1}), path=f"/api/matches/{name}/actions")
            self._refused(r, {404}, "unknown match")

        @rule()
        def cross_site(self) -> None:
            mover = self._mover() or next(iter(self.seats))
            action = (self._views()[mover]["actions"] or [{"type": "pass"}])[0]
            r = self._post(self.seats[mover].http, self._envelope(action), headers={"origin": "https://evil.example"})
            self._refused(r, {403}, "cross-site")

    run_state_machine_as_test(HttpMachine, settings=settings(
        max_examples=examples(6), stateful_step_count=steps(25), deadline=None,
        suppress_health_check=list(HealthCheck)))
    codes = ", ".join(f"{k}: {v}" for k, v in sorted(stats.items()) if k.isdigit())
    print(f"\nhttp fuzz: {stats['matches']} matches, {stats['tried']} requests tried, {stats['applied']} actions "
          f"applied, {stats['refused']} refused ({codes}), no 5xx")
    assert stats["refused"] and stats["applied"]
