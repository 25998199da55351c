"""Games, the lobby and play over HTTP. Any client can play any game from ``view.actions``."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlencode

from anyio import to_thread
from fastapi import APIRouter, Query, Request, Response

from ..bots import computer_levels
from ..bots.levels import LEVELS
from ..config import Settings
from ..engine.core import OMNISCIENT, Rules, seats_of, sides_of
from ..games import GAMES
from ..matches import computer_seats as computer
from ..matches.service import Applied, MatchError, NotFound, Summaries
from ..matches.shapes import Summary
from ..ratelimit import Limiter, Rule
from ..realtime.broker import Broker
from .auth import too_many
from .deps import BrokerDep, CurrentUser, MaybeUser, ServiceDep
from .schemas import (
    ActionIn,
    ActionOut,
    ComputerLevel,
    CreateMatch,
    GameInfo,
    GameScenario,
    Join,
    MatchSummary,
    Problem,
    Record,
    Replay,
    ViewOut,
)

router = APIRouter(prefix="/api", tags=["matches"])


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {c: {"model": Problem} for c in codes}


@router.get("/games", response_model=list[GameInfo])
def games(svc: ServiceDep) -> list[GameInfo]:
    """The games, with their scenarios (each with its seats for the default options), roles, sides, options
    and computer levels (each with its record)."""
    with svc.sessions() as db:
        records = {game: computer.records(db, game) for game in GAMES if computer_levels(game)}
    return [GameInfo(
        id=r.id, names=dict(r.names), roles=list(r.roles), role_names=_role_names(r),
        sides=sides_of(r, r.roles),
        scenarios=[GameScenario(id=s.id, name=dict(s.name), description=dict(s.description),
                                seats=list(seats_of(r, s.id, _defaults(r)))) for s in r.scenarios.values()],
        options=[{"id": o.id, "default": o.default, "choices": list(o.choices), "name": dict(o.name),
                  "choice_names": _choice_names(r, o.id, o.choices)} for o in r.options],
        computer_levels=[ComputerLevel(id=level, name=dict(LEVELS[level].name), record=Record(**records[r.id][level]))
                         for level in computer_levels(r.id)],
    ) for r in GAMES.values()]


def _defaults(rules: Rules) -> dict[str, Any]:
    """A game's options as a match gets them when the creator sets none."""
    return {o.id: o.default for o in rules.options}


@functools.cache
def _static(game: str) -> dict[str, Any]:
    """A game's static data, computed once per process: it is the same for every match."""
    rules = GAMES[game]
    data = {"id": rules.id, "names": dict(rules.names), "roles": list(rules.roles), **rules.static_data()}
    # The platform's own lines (undo, resigned, on time) are in every game's catalogue.
    data["messages"] = {lang: {**PLATFORM_MESSAGES.get(lang, {}), **cat}
                        for lang, cat in data.get("messages", {}).items()}
    return data


PLATFORM_MESSAGES: dict[str, dict[str, str]] = json.loads(
    (Path(__file__).parent.parent / "matches" / "messages.json").read_text(encoding="utf-8"))


def _choice_names(rules: Rules, option: str, choices: tuple[Any, ...]) -> dict[str, dict[str, str]]:
    """An option's choices in words from the game's catalogue (``option.<id>.<choice>``), where it has them."""
    messages = _static(rules.id).get("messages", {})
    keys = {str(c): f"option.{option}.{c}" for c in choices}
    return {c: {lang: cat[k] for lang, cat in messages.items() if k in cat} for c, k in keys.items()
            if any(k in cat for cat in messages.values())}


def _role_names(rules: Rules) -> dict[str, dict[str, str]]:
    """Seat names from the game's catalogue (``side.<role>``), in every language it has."""
    messages = _static(rules.id).get("messages", {})
    return {role: {lang: cat[f"side.{role}"] for lang, cat in messages.items() if f"side.{role}" in cat}
            for role in rules.roles}


class Encoded:
    """A game's static data as sent: the JSON once, its gzip once, and an ETag naming that content, so a
    client revalidates a 250 KB map with a 304 and a fresh one downloads it compressed (about a tenth)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.plain = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        self.gzipped = gzip.compress(self.plain, compresslevel=9, mtime=0)
        self.etag = '"' + hashlib.sha256(self.plain).hexdigest()[:32] + '"'


@functools.cache
def _encoded(game: str) -> Encoded:
    return Encoded(_static(game))


@router.get("/games/{game}", responses={**error_responses(404), 304: {"description": "Not modified (ETag)"}})
def game_data(game: str, request: Request) -> Response:
    """The board, the counters and the message catalogue (English and Japanese) of a game. The same for
    every match until the server is upgraded: an ETag answers a revalidation with 304 Not Modified."""
    if game not in GAMES:
        raise NotFound(f"No game {game!r}.")
    enc = _encoded(game)
    headers = {"ETag": enc.etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
    if enc.etag in [t.strip().removeprefix("W/") for t in request.headers.get("if-none-match", "").split(",")]:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", "").lower():  # as GZipMiddleware judges it
        return Response(enc.gzipped, media_type="application/json", headers={**headers, "Content-Encoding": "gzip"})
    return Response(enc.plain, media_type="application/json", headers=headers)


@router.post("/matches", response_model=MatchSummary, status_code=201,
             responses=error_responses(401, 403, 404, 422, 429))
async def create_match(body: CreateMatch, request: Request, user: CurrentUser, svc: ServiceDep,
                       broker: BrokerDep) -> Any:
    """Create a match (an account is needed: guests watch). ``computer`` seats computer opponents (the match
    is then unrated; 422 for an unknown level, a role that is yours or not a seat of the match, a game
    without them). ``role`` is one of the seats of the chosen scenario with these options (422 otherwise,
    naming them); the match starts when every seat is taken. 429: too many matches created lately
    (``MATCH_CREATE_LIMIT``, with Retry-After), or too many of yours still waiting for players
    (``MATCH_OPEN_LIMIT``)."""
    settings: Settings = request.app.state.settings
    limiter: Limiter = request.app.state.limiter
    rule = Rule("match-create", settings.match_create_limit, settings.match_create_window_seconds)
    verdict = await limiter.take(rule, str(user.id))
    if not verdict.allowed:
        return too_many("Too many new matches from your account.", verdict)
    play = {"clock": body.clock, "rated": body.rated, "private": body.private, "on_timeout": body.on_timeout,
            "rate_timeouts": body.rate_timeouts}
    try:
        made = await to_thread.run_sync(lambda: svc.create(user.id, body.game, body.scenario, body.role,
                                                           body.options, body.seed, play=play,
                                                           computer=body.computer))
    except MatchError:
        await limiter.refund(rule, str(user.id), verdict)  # nothing was created: not counted
        raise
    if made["computer"]:  # the computer may be the first to move
        await broker.publish({"kind": "summary", "match": made["id"]})
    return made


LINK = {"Link": {"description": 'the next page, `</api/matches?...&cursor=...>; rel="next"` (RFC 8288); '
                                "absent on the last page", "schema": {"type": "string"}}}


@router.get("/matches", response_model=list[MatchSummary], responses={200: {"headers": LINK}, 422: {"model": Problem}})
def list_matches(
    request: Request, response: Response, user: MaybeUser, svc: ServiceDep,
    status: Literal["open", "active", "finished", "mine", "live"] | None = None,
    limit: int = Query(default=50, ge=1, le=100, description="matches per page"),
    cursor: str | None = Query(default=None, max_length=200,
                               description="where the page starts: from the previous page's Link header"),
) -> Summaries:
    """A page of matches, most recently changed first; the ``Link`` header points at the next page."""
    items, following = svc.page(status, user.id if user else None, limit, cursor)
    if following is not None:
        query = urlencode({**({"status": status} if status else {}), "limit": limit, "cursor": following})
        response.headers["Link"] = f'<{request.url.path}?{query}>; rel="next"'
    return items


@router.post("/matches/{match_id}/join", response_model=MatchSummary, responses=error_responses(401, 404, 409, 422))
async def join(match_id: str, body: Join, user: CurrentUser, svc: ServiceDep,
               broker: BrokerDep) -> Summary:
    """Take a free seat. The other players' notifications are written with the seat (not waited for)."""
    summary = await to_thread.run_sync(svc.join, user.id, match_id, body.role, body.invite)
    await broker.publish({"kind": "summary", "match": match_id})
    return summary


@router.get("/matches/{match_id}", response_model=MatchSummary, responses=error_responses(404))
def summary(match_id: str, user: MaybeUser, svc: ServiceDep) -> Summary:
    return svc.summary(match_id, user.id if user else None)


@router.get("/matches/{match_id}/view", response_model=ViewOut, responses=error_responses(404))
def view(match_id: str, user: MaybeUser, svc: ServiceDep) -> ViewOut:
    """The caller's view: their seat's, or the spectator view."""
    viewer = svc.viewer(match_id, user.id if user else None)
    version, v = svc.view(match_id, viewer.role)
    return ViewOut(version=version, role=viewer.role, view=v)


@router.post("/matches/{match_id}/actions", response_model=ActionOut,
             responses=error_responses(401, 403, 404, 409, 422))
async def act(match_id: str, body: ActionIn, user: CurrentUser, svc: ServiceDep,
              broker: BrokerDep) -> ActionOut:
    """Apply one action. 409: stale version; 422: illegal (with the reason); 403: not your seat."""
    applied = await to_thread.run_sync(svc.act, match_id, user.id, body.version, body.action, body.id)
    await announce(broker, match_id, applied)
    return ActionOut(version=applied.version)


async def announce(broker: Broker, match_id: str, applied: Applied) -> None:
    """Tell every process a committed action happened. The notifications (whose move it is now, or
    how it ended) were written in the action's transaction; a worker delivers them."""
    await broker.publish({"kind": "action", "match": match_id, "version": applied.version})


@router.get("/matches/{match_id}/replay", response_model=Replay, responses=error_responses(404, 409, 422))
def replay(match_id: str, svc: ServiceDep,
           at: int | None = Query(default=None, ge=0, description="add the view after n actions"),
           role: str | None = Query(default=None, max_length=32, pattern=r"^[a-z_]+$",
                                    description="whose view `view` is: one of the game's roles, `spectator`, "
                                                "or absent for everything revealed (422: no such role)"),
           ) -> dict[str, Any]:
    """After the end: every action, the seed, and on request the view at a step: everything
    revealed, or what one role (or a spectator) saw then."""
    return svc.replay(match_id, at, OMNISCIENT if role is None else None if role == "spectator" else role)
