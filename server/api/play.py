"""Around the rules: undo, offers, resigning, time, rematches, chat (docs/play-by-web.md)."""

from __future__ import annotations

import secrets
from typing import Any

from anyio import to_thread
from fastapi import APIRouter

from ..matches import chat, endings
from ..matches.service import Applied
from ..matches.shapes import Summary
from .deps import BrokerDep, CurrentUser, MaybeUser, ServiceDep
from .matches import announce, error_responses
from .schemas import ActionOut, ChatIn, ChatMessageOut, MatchSummary, OfferIn, OfferOut, RematchIn, UndoIn

router = APIRouter(prefix="/api/matches/{match_id}", tags=["play-by-web"])


async def _ended(broker: BrokerDep, ended: endings.Ended) -> dict[str, Any]:
    await broker.publish({"kind": "ended", "match": ended.match_id})
    return {"outcome": ended.outcome}


@router.post("/undo", response_model=ActionOut, responses=error_responses(401, 403, 404, 409, 422))
async def undo(match_id: str, body: UndoIn, user: CurrentUser, svc: ServiceDep, broker: BrokerDep) -> ActionOut:
    """Take back your own latest actions, back to the last die roll, draw, reveal or opponent's action."""
    client_id = body.id or f"undo-{secrets.token_hex(8)}"
    applied = await to_thread.run_sync(svc.undo, match_id, user.id, body.version, body.steps, client_id)
    await announce(broker, match_id, applied)
    return ActionOut(version=applied.version)


@router.post("/offers", response_model=OfferOut, response_model_exclude_none=True,
             responses=error_responses(401, 403, 404, 409, 422))
async def offer(match_id: str, body: OfferIn, user: CurrentUser, svc: ServiceDep,
                broker: BrokerDep) -> dict[str, Any]:
    """Offer a draw, or ask for a takeback of ``steps`` actions past your own undo line: anyone's
    actions, back to your own last die roll, draw or reveal (422 beyond, with how many you may ask)."""
    made = await to_thread.run_sync(endings.offer, svc, match_id, user.id, body.kind, body.steps)
    await broker.publish({"kind": "summary", "match": match_id})
    return made


@router.post("/offers/accept", responses=error_responses(401, 403, 404, 409, 422))
async def accept(match_id: str, user: CurrentUser, svc: ServiceDep, broker: BrokerDep) -> dict[str, Any]:
    """Accept your opponent's offer: a draw ends the match (``{outcome}``), a takeback is applied
    (``{version}``). 422: the takeback would go back past your own die roll, draw or reveal; the
    offer stays until you decline it."""
    result = await to_thread.run_sync(endings.answer, svc, match_id, user.id, True)
    if isinstance(result, Applied):
        await announce(broker, match_id, result)
        return {"version": result.version}
    assert isinstance(result, endings.Ended)
    return await _ended(broker, result)


@router.post("/offers/decline", status_code=204, responses=error_responses(401, 403, 404, 409, 422))
async def decline(match_id: str, user: CurrentUser, svc: ServiceDep, broker: BrokerDep) -> None:
    """Decline your opponent's offer, or withdraw your own."""
    await to_thread.run_sync(endings.answer, svc, match_id, user.id, False)
    await broker.publish({"kind": "summary", "match": match_id})


@router.post("/resign", responses=error_responses(401, 403, 404, 422))
async def resign(match_id: str, user: CurrentUser, svc: ServiceDep, broker: BrokerDep) -> dict[str, Any]:
    return await _ended(broker, await to_thread.run_sync(endings.resign, svc, match_id, user.id))


@router.post("/claim", responses=error_responses(401, 403, 404, 422))
async def claim(match_id: str, user: CurrentUser, svc: ServiceDep, broker: BrokerDep) -> dict[str, Any]:
    """Win on time: your opponent's time is out."""
    return await _ended(broker, await to_thread.run_sync(endings.claim, svc, match_id, user.id))


@router.post("/rematch", response_model=MatchSummary, status_code=201, responses=error_responses(401, 403, 404, 422))
async def rematch(match_id: str, body: RematchIn, user: CurrentUser, svc: ServiceDep,
                  broker: BrokerDep) -> Summary:
    summary = await to_thread.run_sync(endings.rematch, svc, match_id, user.id, body.swap)
    await broker.publish({"kind": "summary", "match": match_id})
    return summary


@router.get("/chat", response_model=list[ChatMessageOut], responses=error_responses(404))
def read_chat(match_id: str, user: MaybeUser, svc: ServiceDep) -> list[chat.Said]:
    return chat.read(svc, match_id, user.id if user else None)


@router.post("/chat", response_model=ChatMessageOut, status_code=201, responses=error_responses(401, 404, 422, 429))
async def post_chat(match_id: str, body: ChatIn, user: CurrentUser, svc: ServiceDep,
                    broker: BrokerDep) -> chat.Said:
    message = await to_thread.run_sync(chat.post, svc, match_id, user.id, body.text)
    await broker.publish({"kind": "chat", "match": match_id, "id": message["id"]})
    return message
