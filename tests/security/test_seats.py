"""Access control per seat (ASVS V4): only a match's players act in it, each only for their own seat."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from websockets.sync.client import ClientConnection

from tests.conftest import LiveServer
from tests.security.conftest import MATCH_ROUTES, pair, receive, state_changing_routes, summary
from tests.support.client import Player

# Match routes anyone logged in may use: joining a free seat, writing to the spectators' chat.
OPEN_TO_ALL = {"join", "chat"}


def _post(client: httpx.Client, mid: str, route: str, body: dict[str, Any]) -> httpx.Response:
    return client.post(f"/api/matches/{mid}/{route}", json=body)


def _state(live: LiveServer, mid: str, who: Player) -> tuple[Any, ...]:
    s = summary(live, mid, who)
    return s["version"], s["status"], s["offer"], s["outcome"], s["rematch"], s["undo"], who.view(mid)["view"]


def test_the_test_covers_every_match_route(live: LiveServer) -> None:
    """A new state-changing route under a match must be added to MATCH_ROUTES (or OPEN_TO_ALL)."""
    prefix = "/api/matches/{match_id}/"
    found = {p[len(prefix):] for _m, p in state_changing_routes(live) if p.startswith(prefix)}
    assert found == set(MATCH_ROUTES) | OPEN_TO_ALL, found


def test_outsiders_and_guests_cannot_touch_a_match(live: LiveServer) -> None:
    a, b, mid = pair(live, options={"turns": "long"})
    assert a.act(mid, 0, {"type": "add", "n": 1}).status_code == 200
    assert _post(a.http, mid, "offers", {"kind": "draw"}).status_code == 200  # pending, for accept/decline
    before = _state(live, mid, a)
    outsider = Player(live.url).register()
    guest = httpx.Client(base_url=live.url)
    for route, body in MATCH_ROUTES.items():
        body = {**body, "version": 1} if "version" in body else body
        r = _post(outsider.http, mid, route, body)
        assert r.status_code == 403 and "seat" in r.json()["reason"], (route, r.status_code, r.text)
        r = _post(guest, mid, route, body)
        assert r.status_code == 401, (route, r.status_code, r.text)
    assert _state(live, mid, a) == before
    # A finished match: nobody but its players may ask for a rematch.
    assert _post(b.http, mid, "resign", {}).status_code == 200
    for client, code in ((outsider.http, 403), (guest, 401)):
        assert _post(client, mid, "rematch", {"swap": True}).status_code == code
    assert summary(live, mid, a)["rematch"] is None


def test_outsiders_cannot_act_over_a_websocket(live: LiveServer, sockets: Callable[..., ClientConnection]) -> None:
    a, b, mid = pair(live)
    outsider = Player(live.url).register()
    ws = sockets(live, mid, outsider)
    assert receive(ws, "snapshot")["role"] is None
    ws.send(json.dumps({"type": "action", "id": "o1", "version": 0, "action": {"type": "add", "n": 1}}))
    err = receive(ws, "error")
    assert err["status"] == 403 and err["id"] == "o1"
    assert a.view(mid)["version"] == 0


def test_the_seat_decides_the_role(live: LiveServer, sockets: Callable[..., ClientConnection]) -> None:
    """South cannot act, undo, or accept an offer as north, whatever the request says."""
    a, b, mid = pair(live, options={"turns": "long"})
    assert a.view(mid)["view"]["turn"] == "north"
    for action in ({"type": "add", "n": 1}, {"type": "add", "n": 1, "role": "north"}):
        r = b.act(mid, 0, action)
        assert r.status_code in (403, 422), r.text
    r = b.http.post(f"/api/matches/{mid}/actions", json={"version": 0, "action": {"type": "add", "n": 1},
                                                         "id": "s1", "role": "north", "seat": "north"})
    assert r.status_code in (403, 422), r.text
    ws = sockets(live, mid, b)
    assert receive(ws, "snapshot")["role"] == "south"
    ws.send(json.dumps({"type": "action", "id": "s2", "version": 0, "role": "north",
                        "action": {"type": "add", "n": 1}}))
    assert receive(ws, "error")["status"] in (403, 422)
    assert a.view(mid)["version"] == 0
    # North's own action cannot be undone by south, nor north's offer accepted by north.
    assert a.act(mid, 0, {"type": "add", "n": 2}).status_code == 200
    r = _post(b.http, mid, "undo", {"version": 1, "steps": 1})
    assert r.status_code == 422, r.text
    assert a.view(mid)["view"]["total"] == 2
    assert _post(a.http, mid, "offers", {"kind": "draw"}).status_code == 200
    r = _post(a.http, mid, "offers/accept", {})
    assert r.status_code == 422 and "own offer" in r.json()["reason"], r.text
    assert summary(live, mid, a)["status"] == "active"
    # Resigning is always for the caller's seat: north resigns, south wins.
    assert _post(a.http, mid, "resign", {"role": "south"}).json()["outcome"]["winner"] == "south"


def test_claims_need_the_opponents_time_out(live: LiveServer) -> None:
    a, b, mid = pair(live, clock={"kind": "live", "initial": 600, "increment": 0})
    r = _post(a.http, mid, "claim", {})
    assert r.status_code == 422 and "time" in r.json()["reason"]
    assert summary(live, mid, a)["status"] == "active"


def test_seats_are_taken_only_as_allowed(live: LiveServer) -> None:
    host, other, outsider = (Player(live.url).register() for _ in range(3))
    private = host.create("toy", "north", private=True)
    token = parse_qs(urlsplit(private["invites"]["south"]).query)["invite"][0]
    for invite in (None, "", "x" * 64, token[:-1] + ("A" if token[-1] != "A" else "B")):
        r = outsider.http.post(f"/api/matches/{private['id']}/join", json={"role": "south", "invite": invite})
        assert r.status_code in (403, 422), (invite, r.text)
    assert host.join(private["id"], "south").status_code in (403, 409, 422)  # one seat per account
    assert other.http.post(f"/api/matches/{private['id']}/join",
                           json={"role": "south", "invite": token}).status_code == 200
    assert outsider.join(private["id"], "north").status_code in (403, 409, 422)  # taken
    assert summary(live, private["id"], host)["seats"] == {"north": host.name, "south": other.name}
    # A rematch keeps the opponent's seat for the opponent.
    assert host.http.post(f"/api/matches/{private['id']}/resign", json={}).status_code == 200
    rematch = host.http.post(f"/api/matches/{private['id']}/rematch", json={"swap": True})
    assert rematch.status_code == 201, rematch.text
    new = rematch.json()
    free = next(role for role, name in new["seats"].items() if name is None)
    assert outsider.join(new["id"], free).status_code in (403, 409, 422)
    assert other.join(new["id"], free).status_code == 200
