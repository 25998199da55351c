"""The FastAPI application: routers, services, the broker, error shapes."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .accounts import Accounts
from .api import auth, matches, me, pages, play, ws
from .api.security import allowed_hosts, host_allowed, origin_allowed, security_headers
from .bots.pool import Pool
from .config import Settings, get_settings
from .matches.computer import Computer, Waking
from .matches.service import MatchError, MatchService, now
from .notify.dispatch import DeliverySettings, Notifier
from .notify.email import Mailer, SmtpSettings
from .notify.outbox import Outbox
from .profiles import Profiles
from .ratelimit import make_limiter
from .realtime.broker import make_broker
from .realtime.hub import Hub
from .realtime.presence import make_presence
from .store.db import make_engine, make_sessionmaker
from .sweeper import Sweeper

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
MAX_BODY = 256 * 1024


def create_app(settings: Settings | None = None, clock: Callable[[], datetime] | None = None) -> FastAPI:
    """The app. ``clock`` replaces the wall clock (tests of time controls)."""
    settings = settings or get_settings()
    engine = make_engine(settings.sqlalchemy_url)
    sessions = make_sessionmaker(engine)
    outbox = Outbox(settings.public_url, email=bool(settings.smtp_host), clock=clock or now)
    service = MatchService(sessions, snapshot_every=settings.snapshot_every, clock=clock or now,
                           open_limit=settings.match_open_limit, notices=outbox)
    broker = make_broker(settings.redis_url)
    presence = make_presence(settings.redis_url)
    limiter = make_limiter(settings.redis_url)
    hub = Hub(service)
    mailer = Mailer(SmtpSettings(host=settings.smtp_host, port=settings.smtp_port, sender=settings.smtp_sender,
                                 username=settings.smtp_username, password=settings.smtp_password,
                                 starttls=settings.smtp_starttls)) if settings.smtp_host else None
    notifier = Notifier(sessions, presence, settings.public_url, mailer, service.now, settings.webhook_private,
                        DeliverySettings(deadline=settings.notify_deadline_seconds,
                                         retry=settings.notify_retry_seconds, attempts=settings.notify_attempts,
                                         concurrency=settings.notify_concurrency, poll=settings.notify_poll_seconds))
    outbox.wake = notifier.wake
    pool = Pool(settings.computer_workers)
    computer = Computer(service, broker, pool, quiet=max(10.0, 2 * settings.sweep_seconds))
    routes_broker = Waking(broker, computer)  # what this process publishes wakes its computer runner
    sweeper = Sweeper(service, routes_broker, settings.sweep_seconds, hub, computer)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await broker.start(hub.on_event)
        await presence.start()
        sweeper.start()
        if settings.notify_worker:
            notifier.start()
        await computer.scan(quiet=0)  # moves left pending by a restart
        yield
        await notifier.stop()
        await sweeper.stop()
        await computer.stop()
        pool.close(wait=False)
        await presence.stop()
        await limiter.stop()
        await broker.stop()
        await hub.stop()
        engine.dispose()

    app = FastAPI(title="Counterplay", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Board wargames against remote opponents; the server holds the rules, "
                              "the dice and the secrets.")
    app.state.settings = settings
    app.state.service = service
    app.state.accounts = Accounts(sessions, settings.argon2_time_cost, settings.argon2_memory_cost,
                                  settings.session_days)
    app.state.broker = routes_broker
    app.state.computer = computer
    app.state.hub = hub
    app.state.presence = presence
    app.state.limiter = limiter
    app.state.notifier = notifier
    app.state.sweeper = sweeper
    app.state.profiles = Profiles(sessions, service, settings.vacation_days, service.now, settings.webhook_private)
    app.state.engine = engine

    app.add_middleware(BodyLimit, limit=MAX_BODY)  # added first: inside the guard, next to the routes

    @app.middleware("http")
    async def guard(request: Request, call_next: Any) -> Response:
        if request.method in UNSAFE:
            if not origin_allowed(request.headers.get("origin"), request.headers.get("host"), settings):
                return JSONResponse({"reason": "Cross-site request refused."}, status_code=403)
            length = request.headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                return JSONResponse({"reason": "Request body too large."}, status_code=413)
        response: Response = await call_next(request)
        return response

    # Views, lists and the frontend's modules leave compressed for a client that asks (static game data is
    # compressed once ahead, matches.game_data); small answers are not worth it.
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=5)

    # Added last: the outermost layer, before any other work.
    app.add_middleware(Hardening, hosts=allowed_hosts(settings), headers=security_headers(settings))

    @app.exception_handler(MatchError)
    async def match_error(_request: Request, exc: MatchError) -> JSONResponse:
        return JSONResponse({"reason": exc.reason, **exc.extra}, status_code=exc.status)

    @app.exception_handler(OperationalError)
    async def database_down(_request: Request, _exc: OperationalError) -> JSONResponse:
        # Retryable: a request whose transaction failed was not acknowledged, and actions carry ids.
        return JSONResponse({"reason": "The database is unavailable; try again in a moment."}, status_code=503,
                            headers={"Retry-After": "2"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.detail == "There was an error parsing the body":
            # FastAPI's answer to a body that is not UTF-8 JSON: a malformed request like any other
            return JSONResponse({"reason": "Malformed request: the body is not JSON."}, status_code=422)
        return JSONResponse({"reason": str(exc.detail), "detail": exc.detail}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        reason = f"Malformed request: {where}: {first.get('msg', 'invalid')}" if first else "Malformed request."
        # The input is never echoed: it may be a password, or a NaN that JSON cannot carry (a 500).
        detail = [{k: v for k, v in e.items() if k != "input"} for e in errors]
        return JSONResponse({"reason": reason, "detail": _jsonable(detail)}, status_code=422)

    app.include_router(auth.router)
    app.include_router(matches.router)
    app.include_router(play.router)
    app.include_router(me.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.FRONTEND), name="static")
    return app


class Hardening:
    """Refuses a Host header this service does not answer to (400 with a reason; a websocket handshake
    gets 403), and adds the security headers to every HTTP answer."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None, headers: list[tuple[bytes, bytes]]) -> None:
        self.app, self.hosts, self.headers = app, hosts, headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        if not host_allowed(host, self.hosts):
            await self._refuse(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in self.headers if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, with_headers)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            # Refused before it is accepted: uvicorn answers 403, as for a foreign Origin. (A denial response
            # could carry the reason, but uvicorn's websockets-sansio then logs a spurious "returned without
            # completing handshake" error: Kludex/uvicorn PR #3138.)
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})
            return
        body = json.dumps({"reason": "Unknown host: this server does not answer to that name (the Host "
                                     "header). Reach it by its own address."}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                   *self.headers]
        await send({"type": "http.response.start", "status": 400, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Counts a request body as it arrives: a body sent without Content-Length (chunked) is refused
    with 413 as soon as it passes the limit, instead of being read whole."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        total = 0

        async def limited() -> Message:
            nonlocal total
            message = await receive()
            if message["type"] == "http.request":
                total += len(message.get("body", b""))
                if total > self.limit:
                    raise HTTPException(413, "Request body too large.")
            return message

        await self.app(scope, limited, send)


def _jsonable(errors: Any) -> Any:
    from fastapi.encoders import jsonable_encoder

    return jsonable_encoder(errors, custom_encoder={Exception: str})
