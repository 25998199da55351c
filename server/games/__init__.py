"""The explicit registry of games: id -> rules object."""

from __future__ import annotations

from ..engine.core import Rules
from .back_to_iraq import RULES as BACK_TO_IRAQ
from .bulge import RULES as BULGE
from .conflict_of_heroes import RULES as CONFLICT_OF_HEROES
from .lz_albany import RULES as LZ_ALBANY
from .shimada import RULES as SHIMADA

GAMES: dict[str, Rules] = {
    SHIMADA.id: SHIMADA,
    BULGE.id: BULGE,
    LZ_ALBANY.id: LZ_ALBANY,
    BACK_TO_IRAQ.id: BACK_TO_IRAQ,
    CONFLICT_OF_HEROES.id: CONFLICT_OF_HEROES,
}
