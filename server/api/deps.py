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
    svc: MatchService = request.app.state.service  # main.py puts each object there once
    return svc


def accounts(request: Request) -> Accounts:
    acc: Accounts = request.app.state.accounts
    return acc


def broker(request: Request) -> Broker:
    b: Broker = request.app.state.broker
    return b


def hub(request: Request) -> Hub:
    h: Hub = request.app.state.hub
    return h


def notifier(request: Request) -> Notifier:
    n: Notifier = request.app.state.notifier
    return n


def profiles(request: Request) -> Profiles:
    p: Profiles = request.app.state.profiles
    return p


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
