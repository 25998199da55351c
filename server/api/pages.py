"""The frontend: static ES modules, the one page for the lobby, a match, a replay, a profile and the settings,
and the API reference at /docs (Swagger UI from vendored files, so it works offline). Every page answers
HEAD as well as GET, as a monitor or a link checker expects."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
router = APIRouter(include_in_schema=False)


def _index() -> FileResponse:
    return FileResponse(FRONTEND / "index.html", headers={"Cache-Control": "no-cache"})


@router.api_route("/", methods=["GET", "HEAD"])
def lobby() -> FileResponse:
    return _index()


@router.api_route("/match/{match_id}", methods=["GET", "HEAD"])
def match_page(match_id: str) -> FileResponse:
    return _index()


@router.api_route("/replay/{match_id}", methods=["GET", "HEAD"])
def replay_page(match_id: str) -> FileResponse:
    return _index()


@router.api_route("/user/{username}", methods=["GET", "HEAD"])
def profile_page(username: str) -> FileResponse:
    return _index()


@router.api_route("/settings", methods=["GET", "HEAD"])
def settings_page() -> FileResponse:
    return _index()


@router.api_route("/docs", methods=["GET", "HEAD"])
def api_docs() -> FileResponse:
    return FileResponse(FRONTEND / "docs.html", headers={"Cache-Control": "no-cache"})
