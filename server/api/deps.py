"""Dependencies shared by the routers: the services, the caller's account."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Request

from ..accounts import Accounts
from ..matches.service import MatchService
from ..notify.dispatch import Notifier
from ..profiles import Profiles
from ..realtime.broker import Broker
from ..realtime.hub import Hub
from ..store.models import User

COOKIE = "cp_session"


def service(request: Request) -> MatchService:
    return request.app.state.service  # type: ignore[no-any-return]


def accounts(request: Request) -> Accounts:
    return request.app.state.accounts  # type: ignore[no-any-return]


def broker(request: Request) -> Broker:
    return request.app.state.broker  # type: ignore[no-any-return]


def hub(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


def notifier(request: Request) -> Notifier:
    return request.app.state.notifier  # type: ignore[no-any-return]


def profiles(request: Request) -> Profiles:
    return request.app.state.profiles  # type: ignore[no-any-return]


def optional_user(request: Request, acc: Annotated[Accounts, Depends(accounts)]) -> User | None:
    return acc.user_for(request.cookies.get(COOKIE))


def current_user(user: Annotated[User | None, Depends(optional_user)]) -> User:
    if user is None:
        raise HTTPException(401, "Log in first.")
    return user


ServiceDep = Annotated[MatchService, Depends(service)]
AccountsDep = Annotated[Accounts, Depends(accounts)]
BrokerDep = Annotated[Broker, Depends(broker)]
MaybeUser = Annotated[User | None, Depends(optional_user)]
CurrentUser = Annotated[User, Depends(current_user)]
NotifierDep = Annotated[Notifier, Depends(notifier)]
ProfilesDep = Annotated[Profiles, Depends(profiles)]
