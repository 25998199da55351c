"""Accounts: register, log in, log out, who am I. Failed logins and registrations are rate limited."""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from ..accounts import Unauthorized
from ..config import Settings
from ..matches.service import Illegal
from ..names import canonical_name
from ..ratelimit import Limiter, Rule, Verdict
from .deps import COOKIE, AccountsDep, BrokerDep, CurrentUser
from .schemas import Credentials, Problem, Registration, UserOut

router = APIRouter(prefix="/api", tags=["auth"])
ERRORS: dict[int | str, dict[str, object]] = {401: {"model": Problem}, 409: {"model": Problem},
                                               422: {"model": Problem}, 429: {"model": Problem}}


def _set_cookie(request: Request, response: Response, token: str, days: int) -> None:
    response.set_cookie(COOKIE, token, max_age=days * 86400, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https", path="/")


def client_ip(request: Request) -> str:
    """The client's address as uvicorn gives it (with proxy headers from a trusted proxy)."""
    return request.client.host if request.client else "unknown"


def _rules(settings: Settings) -> tuple[Rule, Rule, Rule]:
    return (Rule("login-account", settings.login_account_limit, settings.login_window_seconds),
            Rule("login-ip", settings.login_ip_limit, settings.login_window_seconds),
            Rule("register-ip", settings.register_ip_limit, settings.register_window_seconds))


def too_many(reason: str, verdict: Verdict) -> JSONResponse:
    """429 with Retry-After and a reason that says when to try again."""
    wait = verdict.retry_after_header
    minutes = max(1, round(int(wait) / 60))
    when = f"{wait} seconds" if int(wait) < 120 else f"{minutes} minutes"
    return JSONResponse({"reason": f"{reason} Try again in {when}.", "retry_after": int(wait)},
                        status_code=429, headers={"Retry-After": wait})


@router.post("/auth/register", response_model=UserOut, status_code=201, responses=ERRORS)
async def register(body: Registration, request: Request, response: Response, acc: AccountsDep) -> Any:
    limiter: Limiter = request.app.state.limiter
    rule = _rules(request.app.state.settings)[2]
    ip = client_ip(request)
    verdict = await limiter.take(rule, ip)
    if not verdict.allowed:
        return too_many("Too many new accounts from your address.", verdict)
    try:
        user, token = await to_thread.run_sync(acc.register, body.username, body.password)
    except Illegal:
        await limiter.refund(rule, ip, verdict)  # refused before any work: not counted
        raise
    _set_cookie(request, response, token, acc.session_days)
    return UserOut(id=user.id, username=user.username)


@router.post("/auth/login", response_model=UserOut, responses=ERRORS)
async def login(body: Credentials, request: Request, response: Response, acc: AccountsDep) -> Any:
    """Failures count per account (by the name's canonical form, so that no spelling of it escapes the
    count) and per client address; a slot is taken before the password is checked (so parallel guesses
    are counted too) and given back when the password was right."""
    limiter: Limiter = request.app.state.limiter
    by_account, by_ip, _ = _rules(request.app.state.settings)
    name, ip = canonical_name(body.username), client_ip(request)
    account = await limiter.take(by_account, name)
    if not account.allowed:
        return too_many("Too many failed logins for this account.", account)
    address = await limiter.take(by_ip, ip)
    if not address.allowed:
        await limiter.refund(by_account, name, account)
        return too_many("Too many failed logins from your address.", address)
    try:
        user, token = await to_thread.run_sync(acc.login, body.username, body.password, request.cookies.get(COOKIE))
    except Unauthorized:
        raise
    except Exception:
        await limiter.refund(by_account, name, account)
        await limiter.refund(by_ip, ip, address)
        raise
    await limiter.refund(by_account, name, account)
    await limiter.refund(by_ip, ip, address)
    _set_cookie(request, response, token, acc.session_days)
    return UserOut(id=user.id, username=user.username)


@router.post("/auth/logout", status_code=204)
async def logout(request: Request, acc: AccountsDep, broker: BrokerDep) -> Response:
    token = request.cookies.get(COOKIE)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/")
    if token:
        uid = await to_thread.run_sync(acc.logout, token)
        if uid is not None:
            await broker.publish({"kind": "logout", "user": uid})
    return response


@router.get("/me", response_model=UserOut, responses={401: {"model": Problem}})
def me(user: CurrentUser) -> UserOut:
    return UserOut(id=user.id, username=user.username)
