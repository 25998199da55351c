"""The periodic work of every app process: matches out of time, "time is running out" warnings.
Deadlines live in the database, so a restart or a second process loses nothing; the row locks in
``endings.sweep`` make each effect happen once, and the notifications of each are written in its
transaction (their delivery is ``server.notify.dispatch``'s). It also brings this process's sockets
up to date with the database, in case an event between processes was lost."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from anyio import to_thread

from .matches import endings
from .matches.computer import Computer
from .matches.service import MatchService
from .realtime.broker import Broker
from .realtime.hub import Hub

log = logging.getLogger(__name__)


class Sweeper:
    def __init__(self, service: MatchService, broker: Broker, every: float, hub: Hub | None = None,
                 computer: Computer | None = None) -> None:
        self.hub = hub
        self.computer = computer
        self.service = service
        self.broker = broker
        self.every = every
        self._task: asyncio.Task[None] | None = None

    async def run_once(self) -> endings.Swept:
        swept = await to_thread.run_sync(endings.sweep, self.service)
        for ended in swept.ended:
            await self.broker.publish({"kind": "ended", "match": ended.match_id})
        for match_id, _ in swept.flagged:
            await self.broker.publish({"kind": "summary", "match": match_id})
        if self.hub is not None:
            await self.hub.catch_up()
        if self.computer is not None:  # a computer's move left pending (a process that died, a lost wake)
            await self.computer.scan()
        return swept

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.run_once()
            except Exception:
                log.exception("sweep failed")

    def start(self) -> None:
        if self.every > 0:
            self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
