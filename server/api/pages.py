"""The frontend: static ES modules, and the one page for the lobby, a match, a replay, a profile and the settings."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
router = APIRouter(include_in_schema=False)


def _index() -> FileResponse:
    return FileResponse(FRONTEND / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/")
def lobby() -> FileResponse:
    return _index()


@router.get("/match/{match_id}")
def match_page(match_id: str) -> FileResponse:
    return _index()


@router.get("/replay/{match_id}")
def replay_page(match_id: str) -> FileResponse:
    return _index()


@router.get("/user/{username}")
def profile_page(username: str) -> FileResponse:
    return _index()


@router.get("/settings")
def settings_page() -> FileResponse:
    return _index()
