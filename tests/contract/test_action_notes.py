"""The client names an offered move's notes as the engine does (DESIGN.md, "Actions and the client"): the
list in frontend/common/actions.js is a copy of ``engine.core.NOTES`` (the client has no build step to
share it), so a note added on one side only would make the client take a note for part of the action."""

from __future__ import annotations

import json
import re
from pathlib import Path

from server.engine.core import NOTES

ACTIONS_JS = Path(__file__).resolve().parents[2] / "frontend" / "common" / "actions.js"


def test_the_clients_notes_are_the_engines() -> None:
    found = re.search(r"export const NOTES = (\[[^\]]*\]);", ACTIONS_JS.read_text(encoding="utf-8"))
    assert found, "frontend/common/actions.js exports NOTES"
    assert set(json.loads(found.group(1))) == NOTES
