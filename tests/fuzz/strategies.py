"""Hypothesis strategies shared by the fuzz tests: JSON junk, and invalid variants of legal actions.

Everything here produces what could arrive over the wire (JSON values: string keys, finite numbers),
so a refusal path can be driven from the engine and from HTTP alike.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0") or 0)
"""0: the bounded default of each test; otherwise the number of examples of a longer run."""


def examples(default: int) -> int:
    return EXAMPLES or default


def steps(default: int) -> int:
    return int(os.environ.get("FUZZ_STEPS", "0") or 0) or default


scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=24))

json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=24)
"""Any JSON value, nested junk included."""

huge_strings = st.tuples(st.integers(5_000, 300_000), st.sampled_from("x√é😀\u0000\"\\<")).map(
    lambda t: t[1] * t[0])


def deep(n: int) -> Any:
    """A JSON value nested ``n`` levels deep (lists and objects in turn)."""
    v: Any = "bottom"
    for i in range(n):
        v = [v] if i % 2 else {"type": v}
    return v


deeply_nested = st.integers(20, 400).map(deep)

not_a_dict = (scalars | st.lists(json_values, max_size=4) | huge_strings | deeply_nested).filter(
    lambda v: not isinstance(v, dict))

no_type = st.dictionaries(st.text(max_size=10).filter(lambda k: k != "type"), json_values, max_size=4)

wrong_type_field = st.builds(lambda t, rest: {**rest, "type": t},
                             json_values.filter(lambda v: not isinstance(v, str)),
                             st.dictionaries(st.text(max_size=10), json_values, max_size=3))

unknown_type = st.builds(lambda t, rest: {**rest, "type": t},
                         st.one_of(st.text(max_size=30), huge_strings, st.just(""), st.just("$undo")),
                         st.dictionaries(st.text(max_size=10), json_values, max_size=3))

malformed_actions = st.one_of(not_a_dict, no_type, wrong_type_field, unknown_type)
"""Actions no rules can accept: not an object, no type, a type not a string, a type no game has."""


@st.composite
def mutated(draw: st.DrawFn, action: dict[str, Any]) -> dict[str, Any]:
    """A legal action changed in one way: a field of another type or value, a field too many or too few,
    a huge string. The caller checks that the result is not itself legal."""
    out = dict(action)
    how = draw(st.sampled_from(["replace", "add", "drop", "huge", "retype"]))
    keys = sorted(k for k in out if k != "type")
    if how == "drop" and keys:
        del out[draw(st.sampled_from(keys))]
    elif how == "replace" and keys:
        out[draw(st.sampled_from(keys))] = draw(json_values)
    elif how == "huge":
        out[draw(st.sampled_from([*keys, "type", "extra"]))] = draw(huge_strings)
    elif how == "retype" and keys:  # same value to a person, another JSON type: 1 -> 1.0, "1" or true
        k = draw(st.sampled_from(keys))
        v = out[k]
        out[k] = draw(st.sampled_from([float(v), str(v), [v], {"value": v}] if isinstance(v, int | float)
                                      else [[v], {"value": v}, None, 0]))
    else:
        out[draw(st.text(min_size=1, max_size=10).filter(lambda k: k not in action))] = draw(json_values)
    return out
