"""WS /ws/matches/{id}: a snapshot on connect, patches per action, actions with acks."""

from __future__ import annotations

import json
from typing import Any

from anyio import to_thread
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..accounts import Accounts
from ..matches import chat
from ..matches.service import MatchError, MatchService
from ..ratelimit import MessageLimiter
from ..realtime.broker import Broker
from ..realtime.hub import Connection, Gone, Hub
from ..realtime.messages import Error
from ..realtime.presence import Presence
from .deps import COOKIE
from .matches import announce
from .security import NOT_TEXT, has_lone_surrogate, origin_allowed

router = APIRouter()
MAX_MESSAGE = 64 * 1024


@router.websocket("/ws/matches/{match_id}")
async def match_socket(ws: WebSocket, match_id: str) -> None:
    app = ws.app
    svc: MatchService = app.state.service
    hub: Hub = app.state.hub
    broker: Broker = app.state.broker
    accounts: Accounts = app.state.accounts
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), app.state.settings):
        await ws.close(code=1008, reason="origin not allowed")
        return
    user = await to_thread.run_sync(accounts.user_for, ws.cookies.get(COOKIE))
    user_id = user.id if user else None
    try:
        viewer = await to_thread.run_sync(svc.viewer, match_id, user_id)
    except MatchError as exc:
        await ws.close(code=4404, reason=exc.reason[:100])
        return
    await ws.accept()
    conn = Connection(ws, match_id, user_id, viewer.role)
    presence: Presence = app.state.presence
    if user_id is not None:
        await presence.enter(match_id, user_id)
    settings = app.state.settings
    limiter = MessageLimiter(settings.ws_burst, settings.ws_rate, settings.ws_flood_refusals)
    try:
        await hub.join(conn)  # registered and sent its snapshot at once: the snapshot comes first
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:  # a binary frame
                await conn.send({"type": "error", "status": 400, "reason": "Messages are JSON text, not binary."})
                continue
            if limiter.allow():
                await _handle(raw, conn, svc, hub, broker)
            elif limiter.flooding:
                await ws.close(code=1008, reason="too many messages")
                break
            else:
                await _refuse(raw, conn, limiter)
    except (WebSocketDisconnect, Gone):  # the client left, or was dropped for not reading
        pass
    finally:
        hub.remove(conn)
        if user_id is not None:
            await presence.leave(match_id, user_id)


async def _refuse(raw: str, conn: Connection, limiter: MessageLimiter) -> None:
    """Over the rate: the message is dropped; an action's id is echoed so the client can fail it."""
    answer: Error = {"type": "error", "status": 429, "retry_after": round(limiter.retry_after, 2),
                     "reason": f"Too many messages: at most {limiter.rate:g} a second. This one was dropped."}
    if len(raw) <= MAX_MESSAGE:
        try:
            msg = json.loads(raw)
        except (ValueError, RecursionError):
            msg = None
        if (isinstance(msg, dict) and isinstance(msg.get("id"), str) and 0 < len(msg["id"]) <= 64
                and not has_lone_surrogate(msg["id"])):
            answer["id"] = msg["id"]
    await conn.send(answer)


async def _handle(raw: str, conn: Connection, svc: MatchService, hub: Hub, broker: Broker) -> None:
    if len(raw) > MAX_MESSAGE:
        await conn.send({"type": "error", "status": 413, "reason": "Message too large."})
        return
    try:
        msg: Any = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        await conn.send({"type": "error", "status": 400, "reason": "Messages are JSON objects."})
        return
    if has_lone_surrogate(msg):  # before any field is used: nothing of it can be stored or echoed
        await conn.send({"type": "error", "status": 400, "reason": NOT_TEXT})
        return
    kind = msg.get("type") if isinstance(msg, dict) else None
    if kind == "ping":
        await conn.send({"type": "pong"})
    elif kind == "snapshot":
        await hub.snapshot(conn)
    elif kind == "action":
        await _action(msg, conn, svc, broker)
    elif kind == "chat":
        await _chat(msg, conn, svc, broker)
    else:
        await conn.send({"type": "error", "status": 400, "reason": f"Unknown message type {kind!r}."})


async def _chat(msg: dict[str, Any], conn: Connection, svc: MatchService, broker: Broker) -> None:
    text = msg.get("text")
    if conn.user_id is None:
        await conn.send({"type": "error", "status": 401, "reason": "Log in to chat."})
        return
    if not isinstance(text, str):
        await conn.send({"type": "error", "status": 400, "reason": "A chat message has a text."})
        return
    try:
        message = await to_thread.run_sync(chat.post, svc, conn.match_id, conn.user_id, text)
    except MatchError as exc:
        await conn.send({"type": "error", "status": exc.status, "reason": exc.reason})
        return
    await broker.publish({"kind": "chat", "match": conn.match_id, "id": message["id"]})


async def _action(msg: dict[str, Any], conn: Connection, svc: MatchService, broker: Broker) -> None:
    client_id, version, action = msg.get("id"), msg.get("version"), msg.get("action")
    if not (isinstance(client_id, str) and 0 < len(client_id) <= 64):
        await conn.send({"type": "error", "status": 400, "reason": "An action needs an id (1-64 chars)."})
        return
    if not isinstance(version, int) or not isinstance(action, dict):
        await conn.send({"type": "error", "id": client_id, "status": 400,
                         "reason": "An action message has a version (integer) and an action (object)."})
        return
    if conn.user_id is None:
        await conn.send({"type": "error", "id": client_id, "status": 401, "reason": "Log in first."})
        return
    try:
        applied = await to_thread.run_sync(svc.act, conn.match_id, conn.user_id, version, action, client_id)
    except MatchError as exc:
        refused: Error = {"type": "error", "id": client_id, "status": exc.status, "reason": exc.reason}
        if "version" in exc.extra:  # the only extra a MatchError has (service.Extra)
            refused["version"] = exc.extra["version"]
        await conn.send(refused)
        return
    await conn.send({"type": "ack", "id": client_id, "version": applied.version})
    await announce(broker, conn.match_id, applied)
