"""What a newcomer meets first: the pages answer HEAD, the API reference works offline, and
``counterplay serve --port P`` puts its own address in the links it sends."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.cli import serve_environment
from tests.conftest import LiveServer, fresh_database


@pytest.fixture
def app(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(fresh_database("sqlite", tmp_path)) as live:
        yield live


def test_pages_answer_head(app: LiveServer) -> None:
    """A monitor's or link checker's HEAD gets what GET would, without the body."""
    for path in ("/", "/settings", "/docs"):
        got = httpx.head(f"{app.url}{path}")
        assert got.status_code == 200, path
        assert got.headers["content-type"].startswith("text/html")
        assert got.content == b""


def test_api_reference_needs_no_outside_address(app: LiveServer) -> None:
    """/docs loads Swagger UI from the app itself: every script and style it names is served here."""
    page = httpx.get(f"{app.url}/docs")
    assert page.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert assets and not [a for a in assets if "//" in a and not a.startswith("data:")]
    for asset in assets:
        if asset.startswith("/"):
            assert httpx.get(f"{app.url}{asset}").status_code == 200, asset
    assert "<script>" not in page.text  # no inline script: the pages' Content-Security-Policy forbids it
    assert httpx.get(f"{app.url}/redoc").status_code == 404  # ReDoc would need a CDN


def test_public_url_follows_the_served_port() -> None:
    """Without PUBLIC_URL, the links in e-mails and webhooks name the port given to serve."""
    assert serve_environment("127.0.0.1", 8123, {}) == {"PUBLIC_URL": "http://127.0.0.1:8123"}
    assert serve_environment("0.0.0.0", 9000, {}) == {"PUBLIC_URL": "http://127.0.0.1:9000"}
    assert serve_environment("::1", 9000, {}) == {"PUBLIC_URL": "http://[::1]:9000"}
    assert serve_environment("127.0.0.1", 8123, {"PUBLIC_URL": "https://play.example"}) == {}
