"""The hub's patches: applying them to the old view gives the new view, whatever changed."""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch
import pytest

from server.realtime.diff import view_patch

BASE: dict[str, Any] = {"turn": 1, "units": {"a": {"at": "0101"}}, "log": [{"key": "x", "args": {"n": 1}}]}


def changed(**edits: Any) -> dict[str, Any]:
    new = copy.deepcopy(BASE)
    new.update(edits)
    return new


@pytest.mark.parametrize("new", [
    changed(turn=2, log=[*BASE["log"], {"key": "y", "args": {}}, {"key": "z", "args": {}}]),  # appended
    changed(log=[{"key": "x", "args": {"n": "?"}}, {"key": "y", "args": {}}]),  # an old line rewritten
    changed(log=[]),  # shortened (an undo)
    changed(units={"a": {"at": "0102"}, "b": {"at": "0303"}}),  # no new line
    {k: v for k, v in BASE.items() if k != "log"},  # no log at all
])
def test_a_patch_turns_the_old_view_into_the_new(new: dict[str, Any]) -> None:
    ops = view_patch(BASE, new)
    assert jsonpatch.apply_patch(copy.deepcopy(BASE), ops) == new


def test_appended_lines_are_appends_not_a_diff_of_the_whole_log() -> None:
    new = changed(log=[*BASE["log"], {"key": "y", "args": {}}])
    assert view_patch(BASE, new) == [{"op": "add", "path": "/log/-", "value": {"key": "y", "args": {}}}]
