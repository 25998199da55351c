"""A number the rules add up from parts, each with its reason, so a roll can be logged with every modifier.

>>> t = Tally.of("red FP", 3).plus("short range", 3)
>>> t.value, str(t)
(6, 'red FP 3 + short range 3 = 6')
"""

from __future__ import annotations

from dataclasses import dataclass


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
