"""Where the computer thinks: worker processes, so a search never holds the event loop or the GIL of the
process that answers people. Each worker imports the games once and keeps them."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..engine.core import Role, State
from . import choose
from .search import Decision


def _warm() -> None:
    from ..games import GAMES

    for game in GAMES:
        from . import judge_for

        judge_for(game)


class Pool:
    """``workers`` processes (0: one thread of this process, for tests and the smallest machines)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: Executor | None = None

    def _get(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                # spawn, not fork: a worker must not inherit the app's sockets, threads and event loop
                self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=_warm)
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="computer")
        return self._executor

    async def choose(self, game: str, state: State, role: Role, level: str, seed: int) -> Decision:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._get(), choose, game, state, role, level, seed)

    def close(self, wait: bool = True) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=wait, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
