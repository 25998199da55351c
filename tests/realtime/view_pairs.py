"""Pairs of views (old, new) for the patch tests: random JSON-like views whose ``log`` grows,
shrinks and has lines rewritten as an undo or a mask does, and real pairs from playouts with undos
of every game.

``python3 -m tests.realtime.view_pairs`` writes ``frontend/tests/fixtures/patches.json``, the
pairs the frontend's ``patch.js`` is tested on (``node --test frontend/tests/``).
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.engine.core import apply_action, make_view
from server.games import GAMES
from server.matches import history
from server.realtime.diff import view_patch
from tests.support.toy import TOY

GAMES.setdefault(TOY.id, TOY)

View = dict[str, Any]
FIXTURES = Path(__file__).resolve().parents[2] / "frontend" / "tests" / "fixtures" / "patches.json"

# Keys a pointer must escape ("~", "/"), that look like indexes ("0", "-"), the empty key, and one
# a careless JavaScript client would turn into a prototype.
keys = st.sampled_from(["a", "b", "c", "log", "0", "1", "~", "/", "~1", "a/b", "m~n", "", "__proto__"]) \
    | st.text(max_size=3)
# Values that are equal in Python but not in JSON (1, 1.0 and true; 0.0 and -0.0), and small
# integers only: the same fixtures go to JavaScript, whose numbers are doubles.
leaves = (st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.0, -0.0, 1.0, 0.5, 1e-7])
          | st.text(alphabet="ab~/0-é", max_size=3))
_shallow = leaves | st.lists(leaves, max_size=3) | st.dictionaries(keys, leaves, max_size=3)
values = _shallow | st.lists(_shallow, max_size=3) | st.dictionaries(keys, _shallow, max_size=3)
lines = st.fixed_dictionaries({"key": st.sampled_from(["move", "fire", "platform.undo"]),
                               "args": st.dictionaries(keys, values, max_size=3)})


def _retyped(v: Any) -> Any:
    """The same value to a person, another JSON value: 1 -> true or 1.0, 0.0 -> -0.0."""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return float(v) if v not in (0, 1) else bool(v)
    if isinstance(v, float):
        return -v if v == 0 else int(v) if v.is_integer() else str(v)
    return v


@st.composite
def related(draw: st.DrawFn, v: Any, depth: int = 0) -> Any:
    """A value derived from ``v``: unchanged, retyped, replaced, or (for containers) with members
    added, dropped, reordered, duplicated or themselves changed."""
    how = draw(st.sampled_from(["same", "same", "retype", "replace", "edit", "edit"]))
    if how == "same":
        return copy.deepcopy(v)
    if how == "retype":
        return _retyped(v)
    if how == "replace" or depth > 3 or not isinstance(v, dict | list):
        return draw(values)
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            fate = draw(st.sampled_from(["keep", "keep", "change", "drop"]))
            if fate != "drop":
                out[k] = draw(related(x, depth + 1)) if fate == "change" else copy.deepcopy(x)
        for k in draw(st.lists(keys, max_size=2)):
            out[k] = copy.deepcopy(draw(st.sampled_from(list(v.values())))) if v and draw(st.booleans()) \
                else draw(values)
        return out
    items = copy.deepcopy(v)
    for _ in range(draw(st.integers(1, 3))):
        items = draw(list_edit(items, values, depth))
    return items


@st.composite
def list_edit(draw: st.DrawFn, items: list[Any], new_item: st.SearchStrategy[Any], depth: int = 0) -> list[Any]:
    """One edit of a list: an item inserted (new, or a copy of one there), removed, changed, two
    items swapped, the list cut short (an undo) or extended."""
    n = len(items)
    how = draw(st.sampled_from(["insert", "remove", "change", "swap", "truncate", "extend"]))
    if how == "insert" or n == 0:
        at = draw(st.integers(0, n))
        item = copy.deepcopy(items[draw(st.integers(0, n - 1))]) if n and draw(st.booleans()) else draw(new_item)
        return [*items[:at], item, *items[at:]]
    i = draw(st.integers(0, n - 1))
    if how == "remove":
        return items[:i] + items[i + 1:]
    if how == "change":
        return [*items[:i], draw(related(items[i], depth + 1)), *items[i + 1:]]
    if how == "swap":
        j = draw(st.integers(0, n - 1))
        out = list(items)
        out[i], out[j] = out[j], out[i]
        return out
    if how == "truncate":
        return items[:i]
    return items + [copy.deepcopy(items[draw(st.integers(0, n - 1))]) if draw(st.booleans()) else draw(new_item)
                    for _ in range(draw(st.integers(1, 3)))]


@st.composite
def log_edits(draw: st.DrawFn, log: list[Any]) -> list[Any]:
    """What happens to a log between two versions: lines added at the end (an action), the end
    taken back and an undo line added (an undo), old lines rewritten (a counter masked), or any
    other edit of the list."""
    out = copy.deepcopy(log)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["append", "undo", "rewrite", "other"]))
        if how == "append":
            out += draw(st.lists(lines, min_size=1, max_size=3))
        elif how == "undo":
            undo_line = {"key": "platform.undo", "args": {"side": {"key": "side.a"}, "n": draw(st.integers(1, 3))},
                         "to": None}
            out = [*out[:draw(st.integers(0, len(out)))], undo_line]
        elif how == "rewrite" and out:
            i = draw(st.integers(0, len(out) - 1))
            if isinstance(out[i], dict):  # an earlier "other" edit may have put any value in a line's place
                out[i] = {**out[i], "args": draw(related(out[i].get("args")))}
        else:
            out = draw(list_edit(out, lines))
    return out


@st.composite
def view_pairs(draw: st.DrawFn) -> tuple[View, View]:
    """An old view and a new one: the log edited as above, the rest of the view related to the old."""
    old: View = {**draw(st.dictionaries(keys.filter(lambda k: k != "log"), values, max_size=4)),
                 "log": draw(st.lists(lines, max_size=8))}
    rest = draw(related({k: v for k, v in old.items() if k != "log"}))
    if not isinstance(rest, dict):
        rest = {"state": rest}
    new = {**{k: v for k, v in rest.items() if k != "log"}, "log": draw(log_edits(old["log"]))}
    if draw(st.integers(0, 9)) == 0:  # now and then, a view without a log or with something else there
        new["log"] = draw(st.none() | st.just({"0": 1}) | st.just([]))
    return old, new


def canonical(v: Any) -> str:
    """The bytes a view is compared by: JSON, keys sorted."""
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# --- real views ---

UNDO_GAMES: dict[str, dict[str, Any]] = {"shimada": {}, "bulge": {"fog_of_war": True}, "lz_albany": {},
                                         "back_to_iraq": {}, "toy": {"turns": "long", "target": 20}}
"""Every game, with the option that hides things where there is one (the toy: turns of many actions)."""


def playout_pairs(game: str, seed: int, actions: int, every: int = 1) -> list[tuple[str, View, View]]:
    """(what, old view, new view) of every role and the spectators as a match with undos goes: the
    views before and after each action, and before and after an undo of it when it can be taken
    back (then play goes on from the undo, as it would)."""
    rules = GAMES[game]
    rnd = random.Random(seed)
    options = {**{o.id: o.default for o in rules.options}, **UNDO_GAMES[game]}
    state = rules.setup(next(iter(rules.scenarios)), options, seed.to_bytes(4, "big"))
    roles = (*rules.roles, None)
    views = {r: make_view(rules, state, r) for r in roles}
    out: list[tuple[str, View, View]] = []
    for n in range(actions):
        if rules.outcome(state):
            break
        role = sorted(rules.active_roles(state))[0]
        before = state
        state = apply_action(rules, state, role, rnd.choice(rules.legal_actions(state, role)))
        after = {r: make_view(rules, state, r) for r in roles}
        if n % every == 0:
            out += [(f"{game} {seed} action {n + 1} as {r}", views[r], after[r]) for r in roles]
        views = after
        if history.mark_of(rules, before, state) is None and rnd.random() < 0.5:
            steps = 1
            state = history.undo_state(before, role, steps)
            after = {r: make_view(rules, state, r) for r in roles}
            out += [(f"{game} {seed} undo of action {n + 1} as {r}", views[r], after[r]) for r in roles]
            views = after
    return out


def random_pairs(count: int) -> list[tuple[str, View, View]]:
    """``count`` pairs drawn from ``view_pairs``, the same on every run."""
    drawn: list[tuple[View, View]] = []

    @settings(max_examples=count, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    @given(view_pairs())
    def draw(pair: tuple[View, View]) -> None:
        drawn.append(copy.deepcopy(pair))

    draw()
    return [(f"random {i}", old, new) for i, (old, new) in enumerate(drawn[:count])]


def fixtures(pairs: list[tuple[str, View, View]]) -> list[dict[str, Any]]:
    """The patch tests' cases: each pair with the patch the server sends for it."""
    return [{"what": what, "old": old, "new": new, "ops": view_patch(old, new)} for what, old, new in pairs]


def frontend_pairs() -> list[tuple[str, View, View]]:
    """The pairs kept in the repository for the frontend's tests: random ones, and the toy's and
    Shimada's real undos (Bulge's and LZ Albany's views are large: tests/realtime/test_diff.py
    sends those to patch.js from a temporary file)."""
    real = [p for game in ("toy", "shimada") for p in playout_pairs(game, 1, 30) if " undo " in p[0]]
    return random_pairs(150) + real[:24]


if __name__ == "__main__":
    FIXTURES.parent.mkdir(parents=True, exist_ok=True)
    FIXTURES.write_text(json.dumps(fixtures(frontend_pairs()), ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURES}", file=sys.stderr)
