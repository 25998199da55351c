"""The API reference renders in a browser that can reach nothing but the app (this machine's network is
closed, so a CDN asset would never load)."""

from __future__ import annotations

from typing import Any

from tests.conftest import LiveServer


def test_api_reference_renders_offline(server: LiveServer, browser: Any) -> None:
    page = browser.new_page()
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(server.url) or r.url.startswith("data:")
            else outside.append(r.url))
    page.goto(f"{server.url}/docs")
    page.get_by_text("/api/matches/{match_id}/actions").first.wait_for(timeout=15000)
    assert page.locator(".swagger-ui .info .title").inner_text().startswith("Counterplay")
    assert outside == []
    page.close()
