"""The shapes of what the match service hands out (REST and websocket alike), as TypedDicts."""

from __future__ import annotations

from typing import Any, TypedDict

from ..engine.core import OutcomeJSON
from .progress import Progress


class Summary(TypedDict):
    """The match as one account sees it in a list (None: a guest): the REST ``MatchSummary``, and the
    websocket's ``summary`` frame."""

    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    status: str  # open, active, finished
    version: int
    seats: dict[str, str | None]  # seat (a role) -> the seated player's name: every seat of this match
    sides: dict[str, str]  # seat -> the side it plays
    my_role: str | None
    to_move: list[str]
    my_turn: bool
    seeded: bool
    seed_commitment: str
    outcome: OutcomeJSON | None
    created_at: str
    updated_at: str
    clock: dict[str, Any] | None
    rated: bool
    private: bool
    draw_by_agreement: bool
    on_timeout: str
    offer: dict[str, Any] | None
    invites: dict[str, str] | None  # role -> link, to the creator while seats are open
    rematch: str | None
    rematch_of: str | None
    undo: dict[str, int] | None  # {"steps": n}: how many of its actions the seat may take back
    progress: Progress | None  # the public turn and phase (None: a match made before they were kept)
    moved_at: str | None  # when the last action (or undo) was written
    ratings: dict[str, int | None]  # role -> the seated player's rating in this game (None: unrated, free)
    computer: dict[str, str]  # role -> level of each computer opponent's seat


class Extra(TypedDict, total=False):
    """What an error may tell besides its reason (sent with it, REST and websocket)."""

    version: int  # Stale: the match's version now
