"""Bad input (ASVS V5/V13): size limits, malformed JSON over HTTP and websockets; a reason, never a 500."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from server.api.ws import MAX_MESSAGE
from server.main import MAX_BODY
from tests.conftest import LiveServer
from tests.security.conftest import fill, pair, receive, routes_with_bodies, state_changing_routes, summary

# Not a JSON object at all: always 400 or 422.
MALFORMED: list[bytes] = [
    b'{"', b"{", b"[]", b"null", b"1", b'"text"', b"\xff\xfe\x00", b"{'single': 'quotes'}", b'{"a": 1}{"b": 2}',
    b"[" * 20000, b'{"a":' * 20000,
]
# Objects with odd values (NaN and infinities that Python's json accepts, wrong types): a reason or a
# success (routes with only optional fields ignore unknown keys), never a 5xx.
ODD: list[bytes] = [
    b'{"version": NaN}', b'{"username": NaN, "password": Infinity, "kind": -Infinity}',
    b'{"version": 0, "action": {"type": "add", "n": NaN}, "id": "nan"}', b'{"version": 1e999999}',
    b"{" + b'"k": 1, ' * 20000 + b'"k": 2}',
    json.dumps({"version": "one", "action": [], "id": 7, "kind": {}, "steps": "x", "swap": "maybe",
                "role": [], "game": None, "username": 1, "password": ["x"], "days": 1e30, "ids": "all",
                "text": {"x": 1}, "email": 5}).encode(),
]


def test_bodies_over_256_kib_are_refused(live: LiveServer) -> None:
    a, _b, mid = pair(live)
    big = b'{"text": "' + b"x" * MAX_BODY + b'"}'
    for method, path in state_changing_routes(live):
        r = a.http.request(method, fill(path, mid), content=big, headers={"Content-Type": "application/json"})
        assert r.status_code == 413 and r.json()["reason"], (method, path, r.status_code)


def test_a_chunked_body_cannot_slip_past_the_limit(live: LiveServer) -> None:
    """Without Content-Length the body is counted as it arrives (fixed: it used to be read whole)."""
    a, _b, mid = pair(live)

    def chunks(n: int) -> Iterator[bytes]:
        for _ in range(n):
            yield b" " * 1024
        yield json.dumps({"version": 0, "action": {"type": "add", "n": 1}, "id": "chunked"}).encode()

    r = a.http.post(f"/api/matches/{mid}/actions", content=chunks(MAX_BODY // 1024 + 8),
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["reason"], r.text
    assert summary(live, mid, a)["version"] == 0
    r = a.http.post(f"/api/matches/{mid}/actions", content=chunks(8), headers={"Content-Type": "application/json"})
    assert r.status_code == 200, r.text  # a small chunked body is fine


def test_a_body_of_exactly_the_limit_is_read(live: LiveServer) -> None:
    a, _b, mid = pair(live)
    body = json.dumps({"kind": "draw"}).encode()
    body += b" " * (MAX_BODY - len(body))
    r = a.http.post(f"/api/matches/{mid}/offers", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 200, r.text


def test_malformed_json_gets_a_reason_never_a_500(live: LiveServer) -> None:
    a, _b, mid = pair(live)
    routes = routes_with_bodies(live)
    assert ("POST", "/api/matches/{match_id}/actions") in routes and ("PUT", "/api/me/settings") in routes
    for method, path in routes:
        for body in MALFORMED + ODD:
            r = a.http.request(method, fill(path, mid), content=body, headers={"Content-Type": "application/json"})
            expected = (400, 422) if body in MALFORMED else range(200, 500)
            assert r.status_code in expected, (method, path, body[:40], r.status_code, r.text[:200])
            if r.status_code >= 400:
                reason = r.json()["reason"]
                assert isinstance(reason, str) and reason, (method, path, body[:40])
    assert a.http.get("/api/me").status_code == 200 and summary(live, mid, a)["version"] == 0


def test_websocket_messages_over_64_kib_are_refused(live: LiveServer,
                                                    sockets: Callable[..., ClientConnection]) -> None:
    a, _b, mid = pair(live)
    ws = sockets(live, mid, a)
    receive(ws, "snapshot")
    action = {"type": "action", "id": "big", "version": 0, "action": {"type": "add", "n": 1}}
    padded = json.dumps({**action, "pad": "x" * MAX_MESSAGE})
    ws.send(padded)
    err = receive(ws, "error")
    assert err["status"] == 413 and err["reason"]
    assert a.view(mid)["version"] == 0
    ws.send(json.dumps({"type": "ping"}))
    assert receive(ws, "pong")  # the socket still works
    ws.send(json.dumps({**action, "pad": "x" * (MAX_MESSAGE - 200)}))
    assert receive(ws, "ack")["version"] == 1  # just under the limit is read


def test_malformed_websocket_messages_get_a_reason(live: LiveServer, sockets: Callable[..., ClientConnection]) -> None:
    a, _b, mid = pair(live)
    ws = sockets(live, mid, a)
    receive(ws, "snapshot")
    bad = ["not json", "{", "[]", "null", "42", '"ping"', json.dumps({"type": 5}), json.dumps({"type": "nope"}),
           json.dumps({"type": "action"}), json.dumps({"type": "action", "id": "x" * 65, "version": 0, "action": {}}),
           json.dumps({"type": "action", "id": "v", "version": "0", "action": {"type": "add", "n": 1}}),
           json.dumps({"type": "action", "id": "w", "version": 0, "action": [1]}),
           json.dumps({"type": "action", "id": "z", "version": 0, "action": {"type": "add", "n": 1e308}}),
           '{"type": "action", "id": "nan", "version": 0, "action": {"type": "add", "n": NaN}}',
           json.dumps({"type": "chat", "text": ["x"]}), json.dumps({"type": "chat"})]
    for text in bad:
        ws.send(text)
        err = receive(ws, "error")
        assert err["status"] in (400, 409, 422) and err["reason"], (text[:40], err)
    ws.send(json.dumps({"type": "ping"}))
    assert receive(ws, "pong")
    assert a.view(mid)["version"] == 0


@pytest.mark.parametrize("frame", ["[" * 30000, b"\x00binary"], ids=["deep-nesting", "binary-frame"])
def test_hostile_websocket_frames_get_an_answer(live: LiveServer, sockets: Callable[..., ClientConnection],
                                                frame: str | bytes) -> None:
    a, _b, mid = pair(live)
    ws = sockets(live, mid, a)
    receive(ws, "snapshot")
    ws.send(frame)
    try:
        err = receive(ws, "error")
        assert err["status"] == 400
        ws.send(json.dumps({"type": "ping"}))
        receive(ws, "pong")
    except ConnectionClosed as closed:  # closing cleanly with a policy code would be acceptable too
        assert closed.rcvd is not None and closed.rcvd.code in (1003, 1007, 1008, 1009), closed


# A lone UTF-16 surrogate is valid JSON (an escape) but no Unicode text: it cannot be stored, compared
# or sent back in UTF-8. Keys and values, in every field a websocket message carries.
LONE = ["\\ud800", "\\udfff", "a\\ud83dz"]
SURROGATE_MESSAGES = [
    *('{"type": "chat", "text": "' + s + '"}' for s in LONE),
    '{"type": "action", "id": "\\ud800", "version": 0, "action": {"type": "add", "n": 1}}',
    '{"type": "action", "id": "ok-1", "version": 0, "action": {"type": "add\\udc00", "n": 1}}',
    '{"type": "action", "id": "ok-2", "version": 0, "action": {"type": "add", "n": 1, "\\ud800": 1}}',
    '{"type": "action", "id": "ok-3", "version": 0, "action": {"type": "add", "n": 1, "via": ["\\udbff"]}}',
    '{"type": "\\ud800"}', '{"\\ud800": "ping", "type": "ping"}',
]


def test_lone_surrogates_in_websocket_messages_get_an_error(live: LiveServer,
                                                            sockets: Callable[..., ClientConnection]) -> None:
    """A lone surrogate killed the socket with a traceback (chat text, action id, action body)."""
    a, _b, mid = pair(live)
    ws = sockets(live, mid, a)
    receive(ws, "snapshot")
    for text in SURROGATE_MESSAGES:
        ws.send(text)
        err = receive(ws, "error")
        assert err["status"] == 400 and "surrogate" in err["reason"], (text, err)
        ws.send(json.dumps({"type": "ping"}))
        assert receive(ws, "pong"), text  # the socket is still there
    assert a.view(mid)["version"] == 0
    assert a.http.get(f"/api/matches/{mid}/chat").json() == []
    ws.send(json.dumps({"type": "action", "id": "after", "version": 0, "action": {"type": "add", "n": 1}}))
    assert receive(ws, "ack")["version"] == 1


def test_lone_surrogates_over_http_get_422(live: LiveServer) -> None:
    a, _b, mid = pair(live)
    for path, body in [(f"/api/matches/{mid}/chat", '{"text": "\\ud800"}'),
                       (f"/api/matches/{mid}/actions",
                        '{"version": 0, "id": "\\ud800", "action": {"type": "add", "n": 1}}'),
                       (f"/api/matches/{mid}/actions", '{"version": 0, "id": "s1", "action": {"type": "add\\udc00"}}'),
                       ("/api/auth/login", '{"username": "\\ud800abc", "password": "correct horse 1"}')]:
        r = a.http.post(path, content=body.encode(), headers={"Content-Type": "application/json"})
        assert r.status_code == 422 and r.json()["reason"], (path, body, r.status_code, r.text)
    assert summary(live, mid, a)["version"] == 0


def test_a_refused_message_with_a_lone_surrogate_keeps_the_socket(serve: Callable[..., LiveServer],
                                                                 sockets: Callable[..., ClientConnection]) -> None:
    """Over the rate, an action's id is echoed so the client can fail it: never a lone surrogate."""
    live = serve(ws_burst=1, ws_rate=0.01, ws_flood_refusals=100)
    a, _b, mid = pair(live)
    ws = sockets(live, mid, a)
    receive(ws, "snapshot")
    ws.send(json.dumps({"type": "ping"}))  # spends the burst
    assert receive(ws, "pong")
    ws.send('{"type": "action", "id": "\\ud800", "version": 0, "action": {"type": "add", "n": 1}}')
    err = receive(ws, "error")
    assert err["status"] == 429 and "id" not in err, err
    ws.send('{"type": "action", "id": "plain", "version": 0, "action": {"type": "add", "n": 1}}')
    again = receive(ws, "error")
    assert again["status"] == 429 and again["id"] == "plain", again  # the socket still answers
