"""Named datasets of a game: its own files (``standard``), and the small synthetic ones tests register.

A state names its dataset (``state["data"]``, missing = standard), so the rules read the map, counters
and tables of that state's game, and a test can give a situation its own small board. The standard
dataset is read from the game's files once, on first use.

>>> sets = Datasets("toy", lambda: {"hexes": 40})
>>> sets.get()["hexes"]
40
>>> sets.register("tiny", {"hexes": 4})
>>> sets.get("tiny")["hexes"]
4
>>> sets.get("huge")
Traceback (most recent call last):
...
KeyError: "unknown toy dataset 'huge'"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

STANDARD = "standard"
T = TypeVar("T")


class Datasets(Generic[T]):
    def __init__(self, game: str, load_standard: Callable[[], T]) -> None:
        self.game = game
        self._load_standard = load_standard
        self._sets: dict[str, T] = {}

    def register(self, name: str, data: T) -> None:
        """Make a dataset known by name; the standard one is the game's own files and is never replaced."""
        if name == STANDARD:
            raise ValueError(f"the standard {self.game} dataset is read from the game's files, not registered")
        self._sets[name] = data

    def get(self, name: str = STANDARD) -> T:
        data = self._sets.get(name)
        if data is None:
            if name != STANDARD:
                raise KeyError(f"unknown {self.game} dataset {name!r}")
            data = self._sets[name] = self._load_standard()
        return data
