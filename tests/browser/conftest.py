"""Fixtures of the browser tests: a live server on a fresh SQLite file (chromium: ``browser`` in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import LiveServer, fresh_database


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(fresh_database("sqlite", tmp_path)) as live:
        yield live
