"""The websocket hub of one process: who listens to which match, and what each was last sent.

On every committed action (an event from the broker) the hub loads the match's latest state
once, computes each listening role's view once, and sends each connection an RFC 6902 patch
from the view it last received. A client that sees a gap asks for a snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from anyio import CapacityLimiter, to_thread
from starlette.websockets import WebSocket

from ..matches.service import MatchError, MatchService
from ..matches.shapes import Summary
from .diff import view_patch
from .messages import ServerMessage

log = logging.getLogger(__name__)
T = TypeVar("T")
SEND_TIMEOUT = 10.0
OUTBOX = 64  # messages waiting for one socket; a client further behind is dropped and resyncs
READERS = 8  # threads reading views and summaries at once: the rest stay free for players' actions


def dumps(message: ServerMessage) -> str:
    return json.dumps(message, ensure_ascii=False)


class Gone(Exception):
    """The socket is closed, or was dropped for not reading."""


@dataclass(eq=False)
class Connection:
    """One websocket. Messages go through a bounded outbox written by the connection's own task,
    so a client that stops reading never holds up the others, and its memory stays bounded: when
    its outbox is full it is closed, and on reconnecting it gets a fresh snapshot."""

    ws: WebSocket
    match_id: str
    user_id: int | None
    role: str | None
    version: int = -1  # the version of the view it was last sent; -1 until its snapshot
    view: dict[str, Any] = field(default_factory=dict)
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    writer: asyncio.Task[None] | None = None
    closed: bool = False

    async def send(self, message: ServerMessage | str) -> None:
        """Queue a message (a dict, or one already serialised for many sockets)."""
        if self.closed:
            raise Gone()
        if self.writer is None:
            self.writer = asyncio.create_task(self._write())
        try:
            self.outbox.put_nowait(message if isinstance(message, str) else dumps(message))
        except asyncio.QueueFull:
            await self.close(1008, "too slow: reconnect for a fresh view")
            raise Gone() from None

    async def _write(self) -> None:
        try:
            while not self.closed:
                text = await self.outbox.get()
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that
                # arrives as the send completes, and the writer of a closed socket would live on.
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self.ws.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:
            self.closed = True
            with contextlib.suppress(Exception):
                await self.ws.close(code=1011)

    async def close(self, code: int, reason: str = "") -> None:
        self.closed = True
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()
        with contextlib.suppress(Exception):
            await self.ws.close(code=code, reason=reason)

    def stop(self) -> None:
        self.closed = True
        if self.writer is not None:
            self.writer.cancel()


@dataclass(eq=False)
class _MatchLock:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # holding it or waiting for it


class Hub:
    """Events are handled concurrently across matches and in order within one: each runs as its
    own task under its match's lock (asyncio locks are first come, first served), so one slow
    match, or a hundred busy ones, never hold up the others' patches. An action event waiting for
    its turn covers any later one of the same match: it reads the latest version when it runs."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.listeners: dict[str, set[Connection]] = {}
        self._locks: dict[str, _MatchLock] = {}
        self._waiting: set[str] = set()  # matches with an action push queued and not yet reading
        self._tasks: set[asyncio.Task[None]] = set()
        self._readers: CapacityLimiter | None = None

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        """Database work of the hub, in its own few threads."""
        if self._readers is None:
            self._readers = CapacityLimiter(READERS)
        return await to_thread.run_sync(fn, *args, limiter=self._readers)

    @contextlib.asynccontextmanager
    async def _lock(self, match_id: str) -> AsyncIterator[None]:
        """Hold the match's lock. It is kept while anyone holds it or waits for it, or listens to
        the match, and dropped after: dropped while in use, the next comer would make a second
        lock for the match (a socket joining and a push at once)."""
        entry = self._locks.setdefault(match_id, _MatchLock())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            self._forget_lock(match_id)

    def _forget_lock(self, match_id: str) -> None:
        entry = self._locks.get(match_id)
        if entry is not None and entry.users == 0 and not self.listeners.get(match_id):
            del self._locks[match_id]

    def add(self, conn: Connection) -> None:
        self.listeners.setdefault(conn.match_id, set()).add(conn)

    async def join(self, conn: Connection) -> None:
        """Register a new socket and send its snapshot, both under the match lock: a push, a
        summary or a chat message of the match comes before the registration or after the
        snapshot, never between (a push that was waiting for the lock when the socket was
        registered sent it a patch ``"from": -1`` ahead of its snapshot)."""
        async with self._lock(conn.match_id):
            self.add(conn)
            try:
                await self._snapshot(conn)
            except BaseException:
                self.remove(conn)
                raise

    def remove(self, conn: Connection) -> None:
        conn.stop()
        conns = self.listeners.get(conn.match_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.listeners[conn.match_id]
                self._forget_lock(conn.match_id)

    async def snapshot(self, conn: Connection) -> None:
        """Send the full view, under the match lock so no patch interleaves with it."""
        async with self._lock(conn.match_id):
            await self._snapshot(conn)

    async def _snapshot(self, conn: Connection) -> None:
        version, view = await self._read(self.service.view, conn.match_id, conn.role)
        conn.version, conn.view = version, view
        await conn.send({"type": "snapshot", "match": conn.match_id, "version": version,
                         "role": conn.role, "view": view})

    # --- events ---

    async def on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        match_id = str(event.get("match"))
        if kind == "action":  # a new version: patches, then the summaries it changed
            if match_id in self.listeners and match_id not in self._waiting:
                self._waiting.add(match_id)
                self._spawn(self.push(match_id, summaries=True))
        elif kind == "ended":  # ended outside the rules: same version, new outcome in every view
            self._spawn(self.push(match_id, force=True, summaries=True))
        elif kind == "chat":
            self._spawn(self.push_chat(match_id, int(event["id"])))
        elif kind == "summary":  # seats, offers, clocks: the summaries only
            self._spawn(self.push_summary(match_id))
        elif kind == "resync":  # the broker reconnected: events may have been missed meanwhile
            self._spawn(self.catch_up())
        elif kind == "logout":
            await self.close_user(int(event["user"]))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("hub event failed", exc_info=task.exception())

    async def drain(self) -> None:
        """Wait until the events already received have been sent (used by tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # --- what is sent ---

    async def push(self, match_id: str, force: bool = False, summaries: bool = False) -> None:
        """Bring every socket on this match to its latest version: one patch per (role, version
        it holds), computed once; with ``summaries``, each account's summary after its patch. The
        views and summaries come from one reading of the database."""
        async with self._lock(match_id):
            if not force:
                self._waiting.discard(match_id)  # from here on, a new action needs a new push
            conns = list(self.listeners.get(match_id, ()))
            if not conns:
                return
            roles = {c.role for c in conns}
            users = {c.user_id for c in conns} if summaries else set()
            try:
                now = await self._read(self.service.broadcast, match_id, roles, users)
            except MatchError:
                return
            patches: dict[tuple[str | None, int], str] = {}  # serialised once for all who share it
            for conn in conns:
                if conn.version < 0:  # no snapshot yet: the snapshot brings it up to date
                    continue
                if conn.version > now.version or (conn.version == now.version and not force):
                    continue
                key = (conn.role, conn.version)
                if key not in patches:
                    patches[key] = dumps({"type": "patch", "match": match_id, "from": conn.version,
                                          "version": now.version,
                                          "ops": view_patch(conn.view, now.views[conn.role])})
                conn.version, conn.view = now.version, now.views[conn.role]
                await self._send_or_drop(conn, patches[key])
            if summaries:
                await self._send_summaries(conns, now.summaries)

    async def push_summary(self, match_id: str) -> None:
        async with self._lock(match_id):
            conns = list(self.listeners.get(match_id, ()))
            if not conns:
                return
            try:
                summaries = await self._read(self.service.summaries, match_id, {c.user_id for c in conns})
            except MatchError:
                return
            await self._send_summaries(conns, summaries)

    async def _send_summaries(self, conns: list[Connection], summaries: dict[int | None, Summary]) -> None:
        """Under the match lock."""
        texts = {uid: dumps({"type": "summary", **summary}) for uid, summary in summaries.items()}
        for conn in conns:
            summary = summaries.get(conn.user_id)
            if summary is None or conn.closed or conn.version < 0:
                continue
            await self._send_or_drop(conn, texts[conn.user_id])
            if summary["my_role"] != conn.role:  # a watcher took a seat: now they see that side
                conn.role = summary["my_role"]
                with contextlib.suppress(Exception):
                    await self._snapshot(conn)

    async def push_chat(self, match_id: str, message_id: int) -> None:
        """A new chat message, to each connection whose seat may read its channel."""
        from ..matches import chat

        async with self._lock(match_id):
            conns = list(self.listeners.get(match_id, ()))
            if not conns:
                return
            try:
                message, finished = await self._read(chat.one, self.service, match_id, message_id)
            except MatchError:
                return
            text = dumps({"type": "chat", "match": match_id, "message": message})
            for conn in conns:
                if conn.version >= 0 and chat.may_read(conn.user_id, conn.role, message["channel"], finished):
                    await self._send_or_drop(conn, text)

    async def _send_or_drop(self, conn: Connection, message: ServerMessage | str) -> None:
        try:
            await conn.send(message)
        except Exception:
            # A dead or stuck socket: drop it; the client resyncs with a snapshot when it returns.
            self.remove(conn)
            await conn.close(1011)

    async def catch_up(self) -> None:
        """Bring every socket of this process up to its match's version in the database. Events
        can be lost (Redis down or paused, a publisher that died after its commit): this makes the
        loss a delay, never a missing patch. Run after the broker reconnects and periodically."""
        ids = [m for m, conns in self.listeners.items() if conns]
        if not ids:
            return
        versions = await self._read(self.service.versions, ids)
        for match_id, version in versions.items():
            if any(c.version < version for c in self.listeners.get(match_id, ())):
                await self.push(match_id, summaries=True)

    async def close_user(self, user_id: int) -> None:
        for conns in list(self.listeners.values()):
            for conn in list(conns):
                if conn.user_id == user_id:
                    self.remove(conn)
                    await conn.close(4401, "logged out")
