"""The view fixtures the node tests read (``frontend/tests/fixtures/views``) are what the server sends now:
each moment's recorded match is replayed to its step and every viewer's view compared with the file; so is
each game's static data (``fixtures/statics``).
``WRITE_FIXTURES=1`` writes them again (after a change of the views made on purpose)."""

from __future__ import annotations

import json
import os

import pytest

from tests.contract.fixtures import MOMENTS, REWRITE, ROOT, Moment, at, path, statics, statics_path, viewed, write


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_the_view_fixtures_are_what_the_server_sends(game: str) -> None:
    if os.environ.get("WRITE_FIXTURES"):
        write(game)
    names = {p.stem for p in (ROOT / game).glob("*.json")}
    assert names == {m.name for m in MOMENTS[game]}, f"{game}: fixtures {sorted(names)}; rewrite them: {REWRITE}"
    for moment in MOMENTS[game]:
        check(game, moment)
    saved = json.loads(statics_path(game).read_text(encoding="utf-8"))
    now = json.loads(json.dumps(statics(game)))
    keys = sorted(k for k in set(now) | set(saved) if now.get(k, ...) != saved.get(k, ...))
    assert not keys, f"{game}: the static data differs from its fixture in {keys}; rewrite: {REWRITE}"


def check(game: str, moment: Moment) -> None:
    saved = json.loads(path(game, moment).read_text(encoding="utf-8"))
    now = at(game, saved["match"], saved["step"])
    then = viewed(saved)
    assert sorted(now) == sorted(then), f"{game}/{moment.name}: the viewers changed; rewrite: {REWRITE}"
    for viewer, view in now.items():
        old = then[viewer]
        keys = sorted(k for k in set(view) | set(old) if view.get(k, ...) != old.get(k, ...))
        assert not keys, (f"{game}/{moment.name} ({viewer}): the server's view differs from the fixture in "
                          f"{keys}; if the change was meant, rewrite the fixtures: {REWRITE}")
    assert moment.holds(now), f"{game}/{moment.name}: no longer shows {moment.about}; rewrite: {REWRITE}"
