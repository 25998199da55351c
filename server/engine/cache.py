"""A bounded memo for what the rules compute again and again from the same facts (zones of control,
sight, scrubbed log lines).

The rules are pure functions of the state and the game's data, so a value computed from the data and a
key may be kept; it must not live in a module global keyed by ``id()`` (an id is reused once its
object dies). A ``Memo`` is an explicit object that belongs to what its values are computed from (a
board, a dataset), holds at most ``bound`` entries, and forgets the oldest first.

>>> m = Memo(bound=2)
>>> m.get("a", lambda: 1), m.get("a", lambda: 99)
(1, 1)
>>> m.get("b", lambda: 2), m.get("c", lambda: 3)
(2, 3)
>>> "a" in m, len(m)
(False, 2)
>>> m.peek("b"), m.peek("a")
(2, None)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Memo(Generic[V]):
    def __init__(self, bound: int = 4096) -> None:
        if bound < 1:
            raise ValueError("a memo holds at least one entry")
        self.bound = bound
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        # The value kept for a key, or None, leaving the order alone: a hot path's first look, at
        # the cost of a dict lookup (``get`` after a miss keeps the value).
        self.peek: Callable[[Hashable], V | None] = self._values.get

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for ``key``, or ``make()`` kept from now on (the oldest entry goes when full)."""
        try:
            value = self._values[key]
        except KeyError:
            value = self._values[key] = make()
            if len(self._values) > self.bound:
                self._values.popitem(last=False)
            return value
        self._values.move_to_end(key)
        return value

    def __contains__(self, key: Hashable) -> bool:
        return key in self._values

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        self._values.clear()
