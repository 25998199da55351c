"""Issue 12: the Bulge's 250 KB of static data, views and the frontend leave compressed for a client that asks,
and the static data revalidates with an ETag (304) instead of downloading again."""

from __future__ import annotations

import gzip

import httpx

from tests.conftest import LiveServer


class Wire:
    """An answer as it travels: its headers and its body bytes, not decoded (httpx decodes gzip itself)."""

    def __init__(self, live: LiveServer, path: str, headers: dict[str, str]) -> None:
        with httpx.Client(base_url=live.url) as c:
            r = c.send(c.build_request("GET", path, headers=headers), stream=True)
            self.headers = r.headers
            self.content = b"".join(r.iter_raw())
            r.close()


def _raw(live: LiveServer, path: str, **headers: str) -> Wire:
    return Wire(live, path, headers)


def test_static_game_data_is_gzipped_for_a_client_that_asks_and_plain_for_one_that_does_not(live: LiveServer) -> None:
    plain = _raw(live, "/api/games/bulge", **{"accept-encoding": "identity"})
    zipped = _raw(live, "/api/games/bulge", **{"accept-encoding": "gzip, deflate, br"})
    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip" and zipped.headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(zipped.content) == plain.content
    assert len(zipped.content) * 4 < len(plain.content), (len(zipped.content), len(plain.content))
    print(f"bulge static data: {len(plain.content)} B plain, {len(zipped.content)} B gzip")


def test_static_game_data_revalidates_with_its_etag(live: LiveServer) -> None:
    first = httpx.get(f"{live.url}/api/games/shimada")
    tag = first.headers["etag"]
    again = httpx.get(f"{live.url}/api/games/shimada", headers={"if-none-match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    other = httpx.get(f"{live.url}/api/games/shimada", headers={"if-none-match": '"stale"'})
    assert other.status_code == 200 and other.json() == first.json()
    assert httpx.get(f"{live.url}/api/games/bulge").headers["etag"] != tag


def test_the_frontend_and_api_answers_are_compressed_when_large(live: LiveServer) -> None:
    js = _raw(live, "/static/common/i18n.js", **{"accept-encoding": "gzip"})
    assert js.headers.get("content-encoding") == "gzip"
    games = _raw(live, "/api/games", **{"accept-encoding": "gzip"})
    assert games.headers.get("content-encoding") == "gzip"
    assert httpx.get(f"{live.url}/api/games").json()[0]["id"]  # httpx decodes it: a client sees plain JSON
