"""What a lobby row tells of a match besides its seats: the turn and phase, and the players' ratings.

The turn and phase come from the spectator view (what anyone may see), read when the state changes
and kept in the match row (``matches.progress``), so a page of the lobby reads no states. The phase
is the view's ``phase`` (catalogue key ``phase.<x>``), else its ``step`` (``step.<x>``), rendered in
every language of the game's catalogue: the lobby loads no game's catalogue.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any, TypedDict

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..engine.core import Rules, State, make_view
from ..games import GAMES
from ..store.models import Rating


class Progress(TypedDict):
    turn: int | None
    turns: int | None
    phase: dict[str, str] | None  # language -> the phase's (or step's) name


@functools.cache
def _catalogue(game: str) -> dict[str, dict[str, str]]:
    messages: dict[str, dict[str, str]] = GAMES[game].static_data().get("messages", {})
    return messages


def _number(x: Any) -> int | None:
    return x if isinstance(x, int) and not isinstance(x, bool) else None


def _text(template: str) -> str:
    """A phase name is a plain label: drop any ``{placeholder}`` a catalogue line might hold."""
    return re.sub(r"\s*\{\w+\}\s*", " ", template).strip()


def progress(rules: Rules, state: State) -> Progress:
    view = make_view(rules, state, None)
    phase = None
    for field, prefix in (("phase", "phase"), ("step", "step")):
        value = view.get(field)
        if isinstance(value, str):
            key = f"{prefix}.{value}"
            names = {lang: _text(cat[key]) for lang, cat in _catalogue(rules.id).items() if key in cat}
            phase = names or {"en": value.replace("_", " ")}
            break
    return {"turn": _number(view.get("turn")), "turns": _number(view.get("turns")), "phase": phase}


def ratings(db: Session, user_ids: Iterable[int]) -> dict[tuple[int, str], int]:
    """The current rating (rounded) of each of these accounts, per game; an account that has never
    finished a rated match of a game has none there."""
    ids = set(user_ids)
    if not ids:
        return {}
    rows = db.execute(select(Rating.user_id, Rating.game, Rating.rating).where(Rating.user_id.in_(ids)))
    return {(int(uid), str(game)): round(r) for uid, game, r in rows}
