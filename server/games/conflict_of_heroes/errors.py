"""The one error of the game's data: a file that does not have the shape the rules expect."""

from __future__ import annotations


class DataError(ValueError):
    """A data file does not have the shape the rules expect."""


def check(ok: bool, what: str) -> None:
    if not ok:
        raise DataError(what)
