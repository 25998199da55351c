"""The lobby against floods (ASVS V11.1): guests watch but do not create, each account has a limit of
open matches and of creations, and the open list pages so that no flood can hide the other matches.

A guest is a visitor without an account (no session cookie): ``user_id`` None in the service.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.conftest import LiveServer
from tests.support.client import Player


def _open_ids(live: LiveServer) -> set[str]:
    r = httpx.get(f"{live.url}/api/matches", params={"status": "open", "limit": 100})
    assert r.status_code == 200, r.text
    return {m["id"] for m in r.json()}


def _next_link(r: httpx.Response) -> str | None:
    found = re.search(r'<([^>]+)>;\s*rel="next"', r.headers.get("link", ""))
    return found.group(1) if found else None


def test_guests_watch_but_do_not_create(live: LiveServer) -> None:
    guest = httpx.Client(base_url=live.url)
    for body in ({"game": "toy"}, {"game": "toy", "role": None}, {"game": "toy", "role": "north"}):
        r = guest.post("/api/matches", json=body)
        assert r.status_code == 401 and r.json()["reason"], r.text
    assert httpx.get(f"{live.url}/api/matches", params={"status": "open"}).json() == []
    host = Player(live.url).register()
    mid = host.create("toy", "north")["id"]
    assert guest.get(f"/api/matches/{mid}/view").status_code == 200  # watching stays open to guests


def test_open_matches_per_account_are_limited(serve: Callable[..., LiveServer]) -> None:
    live = serve(match_open_limit=3)
    flooder, other = Player(live.url).register(), Player(live.url).register()
    mine = [flooder.create("toy", role)["id"] for role in ("north", "south", None)]
    r = flooder.http.post("/api/matches", json={"game": "toy", "role": "north"})
    assert r.status_code == 429 and "3 open matches" in r.json()["reason"], r.text
    theirs = other.create("toy", "north")["id"]  # each account has its own limit
    assert _open_ids(live) == {*mine, theirs}
    # A match that has found its players no longer counts against its creator.
    assert other.join(mine[0], "south").status_code == 200
    assert flooder.http.post("/api/matches", json={"game": "toy", "role": "north"}).status_code == 201


def test_parallel_creations_cannot_pass_the_open_limit(serve: Callable[..., LiveServer]) -> None:
    """The 110-matches-in-2.3-seconds flood: thirty creations at once against a limit of 5."""
    live = serve(match_open_limit=5, match_create_limit=0)
    flooder = Player(live.url).register()
    cookies = dict(flooder.http.cookies)

    def create(_: int) -> int:
        with httpx.Client(base_url=live.url, cookies=cookies, timeout=60) as c:
            return c.post("/api/matches", json={"game": "toy", "role": "north"}).status_code

    with ThreadPoolExecutor(30) as pool:
        codes = list(pool.map(create, range(30)))
    assert sorted(codes) == [201] * 5 + [429] * 25, codes
    assert len(_open_ids(live)) == 5


def test_creations_per_account_are_limited(serve: Callable[..., LiveServer]) -> None:
    live = serve(match_create_limit=4, match_create_window_seconds=600, match_open_limit=100)
    a, b = Player(live.url).register(), Player(live.url).register()
    for _ in range(4):
        assert b.join(a.create("toy", "north")["id"], "south").status_code == 200  # none left open
    r = a.http.post("/api/matches", json={"game": "toy", "role": "north"})
    assert r.status_code == 429 and "Too many new matches" in r.json()["reason"], r.text
    assert 1 <= int(r.headers["Retry-After"]) <= 600
    # A refused creation (a bad request) is not counted.
    assert b.http.post("/api/matches", json={"game": "nope"}).status_code == 404
    assert b.http.post("/api/matches", json={"game": "toy", "role": "x"}).status_code == 422
    assert b.create("toy", "north")["id"]


def test_the_open_list_pages(serve: Callable[..., LiveServer]) -> None:
    live = serve(match_open_limit=3)
    made = {m for _ in range(3) for p in [Player(live.url).register()] for m in
            (p.create("toy", "north")["id"], p.create("toy", None)["id"])}
    seen: list[str] = []
    url: str | None = "/api/matches?status=open&limit=4"
    pages = 0
    while url is not None:
        r = httpx.get(live.url + url)
        assert r.status_code == 200, r.text
        page = r.json()
        assert len(page) <= 4
        seen += [m["id"] for m in page]
        url = _next_link(r)
        pages += 1
    assert pages == 2 and len(seen) == 6 and set(seen) == made  # every match once, newest first
    first = httpx.get(f"{live.url}/api/matches", params={"status": "open", "limit": 4})
    assert [m["id"] for m in first.json()] == seen[:4]
    assert _next_link(first) is not None and "cursor=" in (_next_link(first) or "")
    full = httpx.get(f"{live.url}/api/matches", params={"status": "open", "limit": 6})
    assert len(full.json()) == 6 and _next_link(full) is None  # no link past the end


def test_paging_parameters_are_checked_and_documented(live: LiveServer) -> None:
    for params in ({"limit": 0}, {"limit": 101}, {"limit": "x"}, {"cursor": "not-a-cursor"},
                   {"cursor": "eyJ4IjogMX0"}, {"cursor": "\u00e9" * 10}):
        r = httpx.get(f"{live.url}/api/matches", params={"status": "open", **params})
        assert r.status_code == 422 and r.json()["reason"], (params, r.text)
    doc = httpx.get(f"{live.url}/openapi.json").json()
    op = doc["paths"]["/api/matches"]["get"]
    names = {p["name"] for p in op["parameters"]}
    assert {"status", "limit", "cursor"} <= names
    assert "Link" in op["responses"]["200"]["headers"]
    create = doc["paths"]["/api/matches"]["post"]["responses"]
    assert {"401", "429"} <= set(create)
