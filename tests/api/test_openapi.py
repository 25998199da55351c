"""The OpenAPI document is the HTTP API's reference: it lists exactly the paths of the design."""

from __future__ import annotations

import httpx

from tests.conftest import LiveServer

PATHS = {
    "/api/auth/register": {"post"}, "/api/auth/login": {"post"}, "/api/auth/logout": {"post"},
    "/api/me": {"get"}, "/api/games": {"get"}, "/api/games/{game}": {"get"},
    "/api/matches": {"get", "post"}, "/api/matches/{match_id}": {"get"},
    "/api/matches/{match_id}/join": {"post"}, "/api/matches/{match_id}/view": {"get"},
    "/api/matches/{match_id}/actions": {"post"}, "/api/matches/{match_id}/replay": {"get"},
    # play-by-web (docs/play-by-web.md)
    "/api/matches/{match_id}/undo": {"post"}, "/api/matches/{match_id}/offers": {"post"},
    "/api/matches/{match_id}/offers/accept": {"post"}, "/api/matches/{match_id}/offers/decline": {"post"},
    "/api/matches/{match_id}/resign": {"post"}, "/api/matches/{match_id}/claim": {"post"},
    "/api/matches/{match_id}/rematch": {"post"}, "/api/matches/{match_id}/chat": {"get", "post"},
    "/api/me/settings": {"get", "put"}, "/api/me/vacation": {"post", "delete"},
    "/api/notifications": {"get"}, "/api/notifications/read": {"post"},
    "/api/unsubscribe": {"get", "post"}, "/api/users/{username}": {"get"},
}


def test_openapi_lists_the_api(live: LiveServer) -> None:
    doc = httpx.get(f"{live.url}/openapi.json").json()
    assert {p: set(ops) for p, ops in doc["paths"].items()} == PATHS
    action = doc["paths"]["/api/matches/{match_id}/actions"]["post"]
    assert {"200", "403", "404", "409", "422"} <= set(action["responses"])
    assert "reason" in doc["components"]["schemas"]["Problem"]["properties"]


def test_openapi_states_the_real_limits(live: LiveServer) -> None:
    """A client built from the document meets no hidden limit: what the server refuses, the schema says."""
    schemas = httpx.get(f"{live.url}/openapi.json").json()["components"]["schemas"]
    register = schemas["Registration"]["properties"]
    assert register["password"]["minLength"] == 8 and register["password"]["maxLength"] == 256
    assert "3 to 32" in register["username"]["description"]
    seed = next(s for s in schemas["CreateMatch"]["properties"]["seed"]["anyOf"] if s.get("type") == "string")
    assert (seed["minLength"], seed["maxLength"]) == (32, 128)
    assert "500" in schemas["ChatIn"]["properties"]["text"]["description"]
    assert schemas["OfferIn"]["properties"]["kind"]["enum"] == ["draw", "takeback"]
    short = httpx.post(f"{live.url}/api/auth/register", json={"username": "shortpass", "password": "seven77"})
    assert short.status_code == 422
