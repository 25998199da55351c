"""The chat limit (5 messages per 10 seconds per account and match) holds under concurrency: parallel
HTTP posts, many sockets of one account, and two app instances on one database. The service's clock
is frozen, so the window never passes during a test however slow the machine is."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx
from websockets.sync.client import ClientConnection

from server.matches.chat import BURST
from tests.conftest import FakeClock, LiveServer
from tests.security.conftest import pair, receive


def _stored(live: LiveServer, cookies: dict[str, str], match_id: str, text: str) -> int:
    r = httpx.get(f"{live.url}/api/matches/{match_id}/chat", cookies=cookies)
    assert r.status_code == 200, r.text
    return sum(1 for m in r.json() if m["text"].startswith(text))


def _post_in_parallel(urls: list[str], cookies: dict[str, str], match_id: str, n: int) -> list[int]:
    def post(i: int) -> int:
        with httpx.Client(base_url=urls[i % len(urls)], cookies=cookies, timeout=60) as c:
            return c.post(f"/api/matches/{match_id}/chat", json={"text": f"flood {i}"}).status_code

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(post, range(n)))


def test_parallel_posts_cannot_pass_the_chat_limit(serve: Callable[..., LiveServer]) -> None:
    """20 parallel posts stored 10 (the count was read before any of them was written)."""
    live = serve(clock=FakeClock())
    a, _b, mid = pair(live)
    cookies = dict(a.http.cookies)
    codes = _post_in_parallel([live.url], cookies, mid, 20)
    assert sorted(codes) == [201] * BURST + [429] * (20 - BURST), codes
    assert _stored(live, cookies, mid, "flood") == BURST


def test_many_sockets_cannot_pass_the_chat_limit(serve: Callable[..., LiveServer],
                                                 sockets: Callable[..., ClientConnection]) -> None:
    """30 sockets of one account, one message each, stored 13."""
    live = serve(clock=FakeClock())
    a, _b, mid = pair(live)
    conns = [sockets(live, mid, a) for _ in range(30)]
    for ws in conns:
        receive(ws, "snapshot")
    for i, ws in enumerate(conns):
        ws.send(json.dumps({"type": "chat", "text": f"socket {i}"}))
    refused = 0
    for ws in conns:  # each socket hears every stored message; a refused one also hears its error
        while True:
            msg = json.loads(ws.recv(timeout=20))
            if msg["type"] == "error":
                assert msg["status"] == 429 and msg["reason"], msg
                refused += 1
                break
            if msg["type"] == "chat" and msg["message"]["text"] == f"socket {conns.index(ws)}":
                break
    assert refused == 30 - BURST
    assert _stored(live, dict(a.http.cookies), mid, "socket") == BURST


def test_two_app_instances_share_the_chat_limit(serve: Callable[..., LiveServer]) -> None:
    """Two app instances on one database (each with its own locks and caches, as two processes)."""
    clock = FakeClock()
    one = serve(clock=clock)
    two = serve(clock=clock)
    a, _b, mid = pair(one)
    cookies = dict(a.http.cookies)
    codes = _post_in_parallel([one.url, two.url], cookies, mid, 24)
    assert sorted(codes) == [201] * BURST + [429] * (24 - BURST), codes
    assert _stored(two, cookies, mid, "flood") == BURST
