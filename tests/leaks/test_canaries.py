"""Canaries: values hidden from a role never reach that role, through any channel of a live server.

For each game a match is played over HTTP on a live server (SQLite) by two players with random legal
actions, watched by a logged-in spectator and a guest. Everything each audience is sent is collected:
HTTP bodies (``/view``, ``/api/matches/{id}``, the lobby list, ``/replay`` which must be refused while the
match runs, ``/chat``, error bodies of refused actions), websocket frames (snapshots, patches, summaries,
chat, errors) and the in-app notifications. Each message is then searched for the secrets of its
audience at the version it speaks of (``harness.find_leaks``), and every view it carried is compared
with the engine's own view of the true state at that version (``harness.check_wire_views``).

How the canaries get into a real match (the simplest honest way for each):

- every game: the match is created with a fixed, distinctive 64-byte seed. The state's RNG seed is that
  seed (``rng.init``); it decides every future die and draw, so nobody may see it before the end.
- Shimada: no planting needed. All British counters start face down, and the true identity of a
  face-down counter is hidden from everyone (its owner too): its id (``B-HQ``, ``counter.B-HQ``) and its
  names must not appear while it is face down, at each version (counters turn up and down during play).
  The Japanese player's dawn turn must not reach the British player or spectators before dawn: no
  ``dawn_turn`` field and no ``log.dawn_chosen`` line.
- Bulge (fog of war): a unit's whole record is what fog hides; a snapshot at version 0 adds a field
  ``canary`` to every unit record (``harness.plant``: the way the service restores states). No view
  prints a record field by field, so the canary must reach nobody; where each unit really is, is
  covered by comparing the views on the wire with the engine's views (which ``check_leaks`` proves
  blind to unseen units: tests/leaks/test_indistinguishable.py).
- LZ Albany: the order of the chit cup is not stored at all (a draw picks at draw time), so the only
  hidden fact is the RNG seed above: the canary is the seed itself.
- Toy: each player's ``secret`` is replaced by a canary string in a snapshot at version 0.
- Chat: the spectator writes a canary in the spectators' channel; players may not read it while the
  match runs.
"""

from __future__ import annotations

import hashlib
import random
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from server.engine.core import Rules, seats_of
from server.games import GAMES
from tests.conftest import LiveServer
from tests.leaks.harness import Ear, Secret, Socket, check_wire_views, find_leaks, literal, plant, word
from tests.support.client import Player
from tests.support.play import hurrying

GALLERY = "gallery-canary-5f1e0c"  # the spectators' chat line


def seed_of(game: str) -> str:
    return hashlib.sha512(f"canary seed {game}".encode()).hexdigest()


def toy_plant(state: dict[str, Any]) -> None:
    state["secret"] = {role: f"CANARY-toy-{role}-{uuid.uuid4().hex[:8]}" for role in state["secret"]}


def toy_secrets(state: dict[str, Any], role: str | None) -> Iterable[Secret]:
    return [literal(str(s)) for r, s in state["secret"].items() if r != role and r not in state.get("shown", [])]


def shimada_secrets(state: dict[str, Any], role: str | None) -> Iterable[Secret]:
    counters = GAMES["shimada"].static_data()["counters"]
    out = []
    for uid, u in state["units"].items():
        if u["face"] == "down" and state["result"] is None:
            out.append(word(uid, f"face-down {uid}"))
            out += [literal(name, f"face-down {uid} ({name})") for name in counters[uid]["name"].values()]
    if role != "japanese" and not state["dawn"] and state["dawn_turn"] is not None and state["result"] is None:
        out += [literal("dawn_turn"), literal("log.dawn_chosen")]
    return out


def bulge_plant(state: dict[str, Any]) -> None:
    for uid, u in state["units"].items():
        u["canary"] = f"CANARY-bulge-{uid}"


def bulge_secrets(state: dict[str, Any], role: str | None) -> Iterable[Secret]:
    return [literal(u["canary"]) for u in state["units"].values() if "canary" in u]


@dataclass
class Case:
    game: str
    actions: int
    secrets: Callable[[dict[str, Any], str | None], Iterable[Secret]]
    plant: Callable[[dict[str, Any]], None] | None = None
    options: dict[str, Any] | None = None
    quick: frozenset[str] = frozenset()  # actions that end a phase, taken often to reach the other side's turn


CASES = [
    Case("toy", 30, toy_secrets, toy_plant),
    Case("shimada", 36, shimada_secrets),
    Case("bulge", 16, bulge_secrets, bulge_plant, {"fog_of_war": True}, frozenset({"end_phase", "end_declarations"})),
    Case("lz_albany", 30, lambda s, r: []),
    Case("back_to_iraq", 20, lambda s, r: [], quick=frozenset({"end_movement", "end_combat"})),  # §10.1: no secret
]


def all_secrets(case: Case, seed: str) -> Callable[[dict[str, Any], str | None], list[Secret]]:
    rules = GAMES[case.game]

    def secrets(state: dict[str, Any], role: str | None) -> list[Secret]:
        out = list(case.secrets(state, role))
        if rules.outcome(state) is None:  # the end reveals the seed, and opens the gallery's chat
            out.append(literal(seed, "the RNG seed"))
            out.append(literal(state["rng"]["seed"], "the state's RNG seed"))
            if role is not None:
                out.append(literal(GALLERY, "the spectators' chat"))
        return out
    return secrets


def _view(ear: Ear, client: httpx.Client, match_id: str, version: int) -> dict[str, Any]:
    r = ear.response("GET /view", client.get(f"/api/matches/{match_id}/view"), version)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["version"] == version and body["role"] == ear.role
    ear.views.append((version, "http /view", body["view"]))
    return body["view"]  # type: ignore[no-any-return]


def _around(ears: dict[str | None, Ear], clients: list[tuple[Ear, httpx.Client]], match_id: str, version: int,
            mover: str, action: dict[str, Any], players: dict[str, Player], sockets: list[Socket]) -> None:
    """Everything else an audience can ask for or be answered, refusals included."""
    for ear, c in clients:
        ear.response("GET /api/matches/{id}", c.get(f"/api/matches/{match_id}"), version)
        ear.response("GET /api/matches?status=active", c.get("/api/matches", params={"status": "active"}), version)
        ear.response("GET /api/matches?status=mine", c.get("/api/matches", params={"status": "mine"}), version)
        ear.response("GET /chat", c.get(f"/api/matches/{match_id}/chat"), version)
        for p in players.values():
            ear.response("GET /api/users/{name}", c.get(f"/api/users/{p.name}"), version)
        r = ear.response("GET /replay", c.get(f"/api/matches/{match_id}/replay"), version)
        assert r.status_code == 409, r.text
        r = ear.response("GET /replay?at", c.get(f"/api/matches/{match_id}/replay", params={"at": version}), version)
        assert r.status_code == 409, r.text
    other = next(r for r in players if r != mover)
    tries = [(other, action, version, 422), (mover, {"type": "no-such-action", "x": 1}, version, 422),
             (mover, action, version + 5, 409)]
    for role, act, v, status in tries:
        r = ears[role].response("POST /actions (refused)", players[role].act(match_id, v, act), version)
        assert r.status_code == status, r.text
    for ear, c in clients:
        if ear.role is None:  # a watcher or a guest
            r = ear.response("POST /actions (watcher)", c.post(f"/api/matches/{match_id}/actions",
                                                               json={"version": version, "action": action,
                                                                     "id": uuid.uuid4().hex}), version)
            assert r.status_code in (401, 403), r.text
    for s in sockets:
        s.send({"type": "action", "id": uuid.uuid4().hex, "version": version, "action": {"type": "bogus"}})
        s.send({"type": "snapshot"})


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_canaries_never_reach_who_may_not_see_them(live: LiveServer, case: Case) -> None:
    rules: Rules = GAMES[case.game]
    first, second = seats_of(rules, next(iter(rules.scenarios)), case.options or {})  # a two-seat match
    a, b, watcher = Player(live.url).register(), Player(live.url).register(), Player(live.url).register()
    guest = httpx.Client(base_url=live.url, timeout=30)
    seed = seed_of(case.game)
    mid = a.create(case.game, first, options=case.options or {}, seed=seed)["id"]
    assert b.join(mid, second).status_code == 200
    planted = plant(live, mid, case.plant) if case.plant else None
    ears: dict[str | None, Ear] = {first: Ear(first), second: Ear(second), None: Ear(None)}
    players = {first: a, second: b}
    clients = [(ears[first], a.http), (ears[second], b.http), (ears[None], watcher.http), (ears[None], guest)]
    sockets = {"watcher": Socket(live, mid, ears[None], watcher), "guest": Socket(live, mid, ears[None]),
               first: Socket(live, mid, ears[first], a)}
    rnd = random.Random(case.game)
    version, finished = 0, False
    try:
        for step in range(case.actions):
            if step == case.actions // 2 or (case.game == "toy" and step == 3):
                # the first player leaves (and gets notified from now on), the second one comes
                sockets.pop(first).close()
                sockets[second] = Socket(live, mid, ears[second], b)
                time.sleep(0.2)  # the server sees the first socket gone
            for s in sockets.values():
                s.wait_version(version)
            views = {ear.role: _view(ear, c, mid, version) for ear, c in clients}
            if views[first]["outcome"] is not None:
                finished = True
                break
            movers = [r for r in (first, second) if views[r]["actions"]]
            assert movers, "dead end"
            mover = rnd.choice(movers)
            action = hurrying(set(case.quick), 0.4)(views[mover], rnd)
            assert action is not None
            if step % 4 == 0:
                _around(ears, clients, mid, version, mover, action, players, list(sockets.values()))
            if step in (1, 6):
                for who, p in (("player", players[mover]), ("watcher", watcher)):
                    text = GALLERY if who == "watcher" else f"good luck from {mover}"
                    r = p.http.post(f"/api/matches/{mid}/chat", json={"text": text})
                    assert r.status_code == 201, r.text
            r = ears[mover].response("POST /actions", players[mover].act(mid, version, action), version)
            assert r.status_code == 200, r.text
            version = r.json()["version"]
        for s in sockets.values():
            s.wait_version(version)
        time.sleep(0.2)  # the last frames (summaries, chat, errors) of every socket
    finally:
        for s in sockets.values():
            s.close()
        guest.close()
    notified = {}
    for ear, p in ((ears[first], a), (ears[second], b), (ears[None], watcher)):
        r = ear.response("GET /api/notifications", p.http.get("/api/notifications"), None)
        assert r.status_code == 200
        notified[ear.role] = len(r.json()["items"])
    secrets = all_secrets(case, seed)
    failures, checks = find_leaks(live, rules, mid, list(ears.values()), secrets, range(version + 1))
    assert not failures, "\n".join(failures[:20])
    compared = check_wire_views(live, rules, mid, list(ears.values()))
    final = live.app.state.service.state_at_version(mid, version)
    if planted is not None:
        assert list(case.secrets(final, None)), "the canaries did not survive the match"
    assert notified[first] and notified[second], notified
    # the checks are not blind: what a role may see does reach it
    def reached(role: str | None, text: str) -> bool:
        return any(text in h.text for h in ears[role].heard)
    if case.game == "toy":
        assert planted is not None and all(reached(r, planted["secret"][r]) for r in (first, second))
    if case.game == "shimada":
        assert reached("japanese", "dawn_turn") and reached("japanese", "log.dawn_chosen")
    assert any(not s.text.startswith("good luck") and "chat" in s.channel for s in ears[None].heard)
    heard = sum(len(e.heard) for e in ears.values())
    per = ", ".join(f"{e.role or 'spectators'}: {len(e.heard)}" for e in ears.values())
    print(f"\ncanaries {case.game}: {version} actions{' (to the end)' if finished else ''}, {heard} messages "
          f"({per}), "
          f"{compared} views equal to the engine's, {checks} secret checks, notifications {notified}")
