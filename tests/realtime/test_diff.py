"""The hub's patches: applying them to the old view gives the new view, whatever changed, in Python
(jsonpatch) and in the browser's own patch.js (run by node)."""

from __future__ import annotations

import copy
import json
import subprocess
from collections import OrderedDict, defaultdict
from pathlib import Path
from typing import Any

import jsonpatch
import pytest
from hypothesis import HealthCheck, given, settings

from server.realtime.diff import view_patch
from tests.fuzz.strategies import examples
from tests.realtime.view_pairs import FIXTURES, UNDO_GAMES, canonical, fixtures, playout_pairs, random_pairs, view_pairs

CHECKER = Path(__file__).resolve().parents[2] / "frontend" / "tests" / "patch_fixtures.mjs"

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


# --- any pair of views: the patch is RFC 6902 and gives the new view to the byte ---

def strictly_applied(old: dict[str, Any], ops: list[dict[str, Any]]) -> dict[str, Any]:
    """The old view with the patch applied as the wire carries it, by an RFC 6902 implementation
    that refuses what the RFC refuses (a ``from`` or a path that is not there, a bad index)."""
    wire = json.loads(json.dumps(ops))
    out: dict[str, Any] = jsonpatch.JsonPatch(wire).apply(copy.deepcopy(old))
    return out


@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(view_pairs())
def test_any_patch_applied_strictly_gives_the_new_view_to_the_byte(pair: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """Random views whose log grows, shrinks (an undo), has lines rewritten (a mask) or moved, and
    whose other parts change, type included (1, 1.0 and true are three JSON values)."""
    old, new = pair
    before = canonical(old)
    ops = view_patch(old, new)
    assert canonical(old) == before  # the old view is not changed by diffing it
    assert canonical(strictly_applied(old, ops)) == canonical(new)


@pytest.mark.parametrize("game", sorted(UNDO_GAMES))
def test_every_patch_of_a_playout_with_undos_gives_the_new_view_to_the_byte(game: str) -> None:
    """The views of every role before and after each action and each undo of a random match."""
    pairs = playout_pairs(game, 3, 40)
    assert any(" undo " in what for what, _, _ in pairs)
    for what, old, new in pairs:
        assert canonical(strictly_applied(old, view_patch(old, new))) == canonical(new), what


def test_an_undo_patch_of_the_log_points_only_inside_the_log() -> None:
    """An undo replaces the last line by the undo line: every pointer of its patch, ``from`` as
    well as ``path``, is one into the view's log (jsonpatch moved the player's name from the old
    line to the new one with a ``from`` left relative to the log: the top of the view)."""
    old = changed(log=[*BASE["log"], {"key": "move", "args": {"player": "north", "to": "0101"}}])
    new = changed(log=[*BASE["log"], {"key": "platform.undo", "args": {"side": "north", "n": 1}}])
    ops = view_patch(old, new)
    assert all(op[k].startswith("/log/1/") for op in ops for k in ("path", "from") if k in op), ops
    assert strictly_applied(old, ops) == new


# --- the frontend's patch.js, on the same pairs ---

def node_check(cases: list[dict[str, Any]], tmp: Path) -> dict[str, Any]:
    path = tmp / "patches.json"
    path.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(["node", str(CHECKER), str(path)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    result: dict[str, Any] = json.loads(run.stdout)
    return result


def test_the_frontend_applies_every_patch_of_every_game_to_the_byte(tmp_path: Path) -> None:
    """patch.js (run by node) turns each old view into the new one for random pairs and for the
    real views of playouts with undos of every game."""
    pairs = random_pairs(200) + [p for game in sorted(UNDO_GAMES) for p in playout_pairs(game, 5, 30, every=5)]
    result = node_check(fixtures(pairs), tmp_path)
    assert result == {"checked": len(pairs), "failed": []}


def test_the_frontend_fixtures_hold_the_patches_the_server_sends() -> None:
    """frontend/tests/fixtures/patches.json (node --test frontend/tests/) is regenerated by
    ``python3 -m tests.realtime.view_pairs`` whenever the patches change."""
    cases = json.loads(FIXTURES.read_text(encoding="utf-8"))
    assert len(cases) > 100 and any(" undo " in c["what"] for c in cases)
    for case in cases:
        assert view_patch(case["old"], case["new"]) == case["ops"], case["what"]


def test_a_view_holding_dict_subclasses_is_compared_as_json() -> None:
    """A defaultdict or an OrderedDict in a view (JSON writes them as objects) is compared too."""
    old = {"units": defaultdict(list, {"a": [1]}), "order": OrderedDict(x=0.0), "log": []}
    new = {"units": defaultdict(list, {"a": [True]}), "order": OrderedDict(x=-0.0), "log": []}
    assert canonical(strictly_applied(old, view_patch(old, new))) == canonical(new)
