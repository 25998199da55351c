"""Password rules (ASVS V2.1): 8 to 256 characters, not the user name, not one of the most common."""

from __future__ import annotations

import httpx

from server.accounts import COMMON_PASSWORDS, MIN_PASSWORD
from tests.conftest import LiveServer


def _register(live: LiveServer, name: str, password: str) -> httpx.Response:
    return httpx.post(f"{live.url}/api/auth/register", json={"username": name, "password": password})


def test_common_passwords_are_refused_with_a_reason(live: LiveServer) -> None:
    assert len(COMMON_PASSWORDS) >= 100
    assert all(p == p.lower() and len(p) >= MIN_PASSWORD for p in COMMON_PASSWORDS)
    for n, password in enumerate(["password", "12345678", "qwerty123", "QWERTY123", "Passw0rd", "iloveyou",
                                  " password ", "1q2w3e4r5t"]):
        r = _register(live, f"common{n}", password)
        assert r.status_code == 422, (password, r.text)
        assert "common" in r.json()["reason"], r.text
    assert httpx.get(f"{live.url}/api/users/common0").status_code == 404  # no account was made


def test_the_length_and_name_rules_hold(live: LiveServer) -> None:
    for name, password in (("shorty", "x" * 7), ("samename", "SameName"), ("mirror_1", " mirror_1")):
        r = _register(live, name, password)
        assert r.status_code == 422 and "password" in r.json()["reason"].lower(), (password, r.text)
    assert _register(live, "toolong", "x" * 257).status_code == 422
    assert _register(live, "longest", "correct horse " + "y" * 242).status_code == 201  # 256 characters
    assert _register(live, "minimal", "zq8!vk2m").status_code == 201  # 8 uncommon characters
