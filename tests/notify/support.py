"""What the delivery tests share: reading the outbox from the database, waiting for a condition."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import create_engine, text

from server.config import Settings
from tests.conftest import LiveServer
from tests.support.client import Player

T = TypeVar("T")


def until(check: Callable[[], T], timeout: float = 20.0, what: str = "the condition") -> T:
    """Poll until ``check`` gives something true (bounded; a failure says what never happened)."""
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"{what} did not happen within {timeout:g} s")
        time.sleep(0.05)


def deliveries(database: str) -> list[dict[str, Any]]:
    """Every delivery with its notification's kind and its recipient's name, oldest first."""
    engine = create_engine(Settings(database_url=database).sqlalchemy_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT d.id, d.channel, d.state, d.attempts, d.next_at, d.claimed_by, d.lease_until,"
                " d.last_error, n.kind, n.id AS notification_id, u.username"
                " FROM deliveries d JOIN notifications n ON n.id = d.notification_id"
                " JOIN users u ON u.id = n.user_id ORDER BY d.id"))
            return [{k: _when(v) if k in ("next_at", "lease_until") else v for k, v in r._mapping.items()}
                    for r in rows]
    finally:
        engine.dispose()


def settled(database: str, check: Callable[[dict[str, Any]], bool], n: int | None = None
            ) -> list[dict[str, Any]] | None:
    """The deliveries when there are ``n`` of them (any number but none if None) and each passes ``check``."""
    rows = deliveries(database)
    ok = rows and all(check(d) for d in rows) and (n is None or len(rows) == n)
    return rows if ok else None


def _when(value: Any) -> Any:
    """A time as an aware UTC datetime (SQLite hands back text without a zone: it is UTC)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime) and value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value


def execute(database: str, sql: str, **params: Any) -> None:
    engine = create_engine(Settings(database_url=database).sqlalchemy_url)
    try:
        with engine.begin() as conn:
            conn.execute(text(sql), params)
    finally:
        engine.dispose()


def with_webhook(server: LiveServer, url: str, **settings: Any) -> Player:
    """A new player whose webhook is ``url``."""
    p = Player(server.url).register()
    r = p.http.put("/api/me/settings", json={"webhook_url": url, "webhook_format": "json", **settings})
    assert r.status_code == 200, r.text
    return p
