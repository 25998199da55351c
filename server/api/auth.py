"""Accounts: register, log in, log out, who am I."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from .deps import COOKIE, AccountsDep, BrokerDep, CurrentUser
from .schemas import Credentials, Problem, UserOut

router = APIRouter(prefix="/api", tags=["auth"])
ERRORS: dict[int | str, dict[str, object]] = {401: {"model": Problem}, 409: {"model": Problem},
                                               422: {"model": Problem}}


def _set_cookie(request: Request, response: Response, token: str, days: int) -> None:
    response.set_cookie(COOKIE, token, max_age=days * 86400, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


@router.post("/auth/register", response_model=UserOut, status_code=201, responses=ERRORS)
def register(body: Credentials, request: Request, response: Response, acc: AccountsDep) -> UserOut:
    user, token = acc.register(body.username, body.password)
    _set_cookie(request, response, token, acc.session_days)
    return UserOut(id=user.id, username=user.username)


@router.post("/auth/login", response_model=UserOut, responses=ERRORS)
def login(body: Credentials, request: Request, response: Response, acc: AccountsDep) -> UserOut:
    user, token = acc.login(body.username, body.password, request.cookies.get(COOKIE))
    _set_cookie(request, response, token, acc.session_days)
    return UserOut(id=user.id, username=user.username)


@router.post("/auth/logout", status_code=204)
async def logout(request: Request, acc: AccountsDep, broker: BrokerDep) -> Response:
    token = request.cookies.get(COOKIE)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/")
    if token:
        from anyio import to_thread

        uid = await to_thread.run_sync(acc.logout, token)
        if uid is not None:
            await broker.publish({"kind": "logout", "user": uid})
    return response


@router.get("/me", response_model=UserOut, responses={401: {"model": Problem}})
def me(user: CurrentUser) -> UserOut:
    return UserOut(id=user.id, username=user.username)
