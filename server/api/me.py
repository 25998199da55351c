"""The caller's settings, vacation and notifications; public profiles; unsubscribing from e-mail."""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse

from .deps import CurrentUser, NotifierDep, ProfilesDep
from .matches import error_responses
from .schemas import ReadIn, SettingsIn, SettingsOut, VacationIn

router = APIRouter(prefix="/api", tags=["accounts"])


@router.get("/me/settings", response_model=SettingsOut, responses=error_responses(401))
def get_settings(user: CurrentUser, profiles: ProfilesDep) -> dict[str, Any]:
    return profiles.settings(user.id)


@router.put("/me/settings", response_model=SettingsOut, responses=error_responses(401, 422))
def put_settings(body: SettingsIn, user: CurrentUser, profiles: ProfilesDep) -> dict[str, Any]:
    return profiles.update(user.id, body.model_dump(exclude_unset=True))


@router.post("/me/vacation", response_model=SettingsOut, responses=error_responses(401, 422))
async def start_vacation(body: VacationIn, user: CurrentUser, profiles: ProfilesDep) -> dict[str, Any]:
    """Stop your correspondence clocks for ``days`` days (from your yearly allowance)."""
    return await to_thread.run_sync(profiles.start_vacation, user.id, body.days)


@router.delete("/me/vacation", response_model=SettingsOut, responses=error_responses(401, 422))
async def end_vacation(user: CurrentUser, profiles: ProfilesDep) -> dict[str, Any]:
    return await to_thread.run_sync(profiles.end_vacation, user.id)


@router.get("/notifications", responses=error_responses(401))
async def notifications(user: CurrentUser, notifier: NotifierDep) -> dict[str, Any]:
    return await notifier.unread(user.id)


@router.post("/notifications/read", status_code=204, responses=error_responses(401))
def read(body: ReadIn, user: CurrentUser, notifier: NotifierDep) -> None:
    notifier.mark_read(user.id, None if body.all else (body.ids or []))


def _unsubscribed(done: bool) -> HTMLResponse:
    text = ("You will get no more e-mail from Counterplay. / Counterplay からのメールを停止しました。" if done
            else "This link is not valid. / このリンクは無効です。")
    return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>Counterplay</title><p>{text}</p>",
                        status_code=200 if done else 404)


NOT_A_LINK: dict[int | str, dict[str, Any]] = {404: {"description": "not a valid link",
                                                     "content": {"text/html": {}}}}


@router.get("/unsubscribe", response_class=HTMLResponse, responses=NOT_A_LINK)
def unsubscribe(profiles: ProfilesDep, u: int = Query(ge=0, le=2**63 - 1),
                t: str = Query(max_length=64)) -> HTMLResponse:
    return _unsubscribed(profiles.unsubscribe(u, t))


@router.post("/unsubscribe", response_class=HTMLResponse, responses=NOT_A_LINK)
def unsubscribe_one_click(profiles: ProfilesDep, u: int = Query(ge=0, le=2**63 - 1),
                          t: str = Query(max_length=64)) -> HTMLResponse:
    """RFC 8058 one-click unsubscribe from a mail client."""
    return _unsubscribed(profiles.unsubscribe(u, t))


@router.get("/users/{username}", responses=error_responses(404))
def profile(username: str, profiles: ProfilesDep) -> dict[str, Any]:
    return profiles.profile(username)
