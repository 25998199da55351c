"""What the server sends a client over the websocket (docs/play-by-web.md), as types.

Every frame is a JSON object with a ``type``. A view travels whole once (``snapshot``), then as RFC
6902 patches from the version the socket holds (``patch``); ``summary`` is the match as the account
sees it in a list, ``chat`` one new message; ``ack`` and ``error`` answer the client's own messages.
Keys that are Python keywords (``from``) make the functional form necessary.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..matches.chat import Said
from ..matches.shapes import Summary
from .diff import PatchOp


class Snapshot(TypedDict):
    type: Literal["snapshot"]
    match: str
    version: int
    role: str | None
    view: dict[str, Any]  # make_view's: the game's Shown (server/games/<id>/view_types.py)


Patch = TypedDict("Patch", {
    "type": Literal["patch"], "match": str,
    "from": int,  # the version the ops apply to: the one the socket was last sent
    "version": int, "ops": list[PatchOp],
})


class SummaryFrame(Summary):
    type: Literal["summary"]


class ChatFrame(TypedDict):
    type: Literal["chat"]
    match: str
    message: Said


class Ack(TypedDict):
    """An action applied: the version it made (its patch follows)."""

    type: Literal["ack"]
    id: str
    version: int


class Error(TypedDict):
    """A message refused, with the HTTP-like status and a reason a person can read."""

    type: Literal["error"]
    status: int
    reason: str
    id: NotRequired[str]  # the refused action's own id
    retry_after: NotRequired[float]  # 429: seconds
    version: NotRequired[int]  # 409 (Stale): the match's version now


class Pong(TypedDict):
    type: Literal["pong"]


ServerMessage = Snapshot | Patch | SummaryFrame | ChatFrame | Ack | Error | Pong
