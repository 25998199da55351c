"""A small player client over HTTP (httpx) for API tests and bots."""

from __future__ import annotations

import itertools
import uuid
from typing import Any

import httpx

_names = itertools.count()


class Player:
    def __init__(self, base_url: str, name: str | None = None, password: str = "correct horse 1") -> None:
        self.http = httpx.Client(base_url=base_url, timeout=30)
        self.name = name or f"player{next(_names)}_{uuid.uuid4().hex[:6]}"
        self.password = password

    def register(self) -> Player:
        r = self.http.post("/api/auth/register", json={"username": self.name, "password": self.password})
        assert r.status_code == 201, r.text
        return self

    def login(self, password: str | None = None, **headers: str) -> httpx.Response:
        """Log in again (sending the current cookie, as a browser would); returns the response."""
        return self.http.post("/api/auth/login", json={"username": self.name, "password": password or self.password},
                              headers=headers)

    def cookie(self) -> str:
        """The session cookie as a ``Cookie`` header value (for websockets)."""
        return f"cp_session={self.http.cookies['cp_session']}"

    def create(self, game: str, role: str | None, **extra: Any) -> dict[str, Any]:
        r = self.http.post("/api/matches", json={"game": game, "role": role, **extra})
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def join(self, match_id: str, role: str) -> httpx.Response:
        return self.http.post(f"/api/matches/{match_id}/join", json={"role": role})

    def view(self, match_id: str) -> dict[str, Any]:
        r = self.http.get(f"/api/matches/{match_id}/view")
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def act(self, match_id: str, version: int, action: dict[str, Any], action_id: str | None = None
            ) -> httpx.Response:
        return self.http.post(f"/api/matches/{match_id}/actions",
                              json={"version": version, "action": action, "id": action_id or uuid.uuid4().hex})

    def close(self) -> None:
        self.http.close()
