"""A number the rules add up from parts, each with its reason, so a roll can be logged with every modifier.

>>> t = Tally.of("red FP", 3).plus("short range", 3)
>>> t.value, str(t)
(6, 'red FP 3 + short range 3 = 6')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Tally:
    value: int
    parts: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, reason: str, value: int) -> Tally:
        return cls(value, ((reason, value),))

    def plus(self, reason: str, delta: int) -> Tally:
        """Add a modifier; a zero modifier is left out of the parts."""
        if delta == 0:
            return self
        return Tally(self.value + delta, (*self.parts, (reason, delta)))

    def reset(self, reason: str, value: int) -> Tally:
        """Replace the value by ``value`` (halving, doubling), keeping the change as a part."""
        return self.plus(reason, value - self.value)

    def __str__(self) -> str:
        text = f"{self.parts[0][0]} {self.parts[0][1]}"
        for reason, delta in self.parts[1:]:
            text += f" {'+' if delta >= 0 else '-'} {reason} {abs(delta)}"
        return f"{text} = {self.value}"


_REASON = re.compile(r"^(.*?)(?: \((.*)\))?$")


def reason_message(reason: str) -> dict[str, Any]:
    """A part's reason as a catalogue message: ``mod.<words>``, with its parenthesised detail (``2D6 (3+4)``)."""
    found = _REASON.match(reason)
    assert found is not None
    base, detail = found.group(1), found.group(2)
    what: dict[str, Any] = {"key": "mod." + base.lower().replace("'", "").replace(" ", "_")}
    return {"key": "tally.detail", "args": {"what": what, "detail": detail}} if detail else what


def message(t: Tally) -> dict[str, Any]:
    """The tally as a log message each reader reads in his language: every part with its reason, then the total."""
    first = {"key": "tally.first", "args": {"what": reason_message(t.parts[0][0]), "value": t.parts[0][1]}}
    rest = [{"key": "tally.part", "args": {"sign": "+" if d >= 0 else "-", "what": reason_message(r),
                                           "value": abs(d)}} for r, d in t.parts[1:]]
    return {"key": "tally", "args": {"parts": [first, *rest], "total": t.value}}
