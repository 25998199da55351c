"""Fixtures of the browser tests: a live server on a fresh SQLite file, and Debian's chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from tests.conftest import LiveServer, fresh_database
from tests.support.browser import ARGS, CHROMIUM


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(fresh_database("sqlite", tmp_path)) as live:
        yield live


@pytest.fixture
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: .ci/run installs it")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
