"""Deadlines for requests that arrive too slowly (slowloris), as uvicorn's HTTP protocol subclass.

uvicorn bounds no part of a request's arrival: ``timeout_keep_alive`` only covers the idle time
between requests and is reset by every byte received, and the app is called only once the headers
are complete, so no ASGI middleware can see a half-sent header (uvicorn issue #157 lists the
missing ``--timeout-request-start``). This protocol closes the connection when

- a request's headers have not all arrived ``header_timeout`` seconds after its first byte (or after
  the connection opened, for the first request: a connection that sends nothing is closed too);
- its body has not all arrived ``body_timeout`` seconds after its headers.

The deadlines never reset while a request trickles in, and they stop as soon as the request is
whole: a slow answer, an idle kept-alive connection (uvicorn's keep-alive decides) and a websocket
(the upgrade ends them) are left alone. ``counterplay serve`` and the tests' live server use it; a
server started another way (``uvicorn server.main:create_app``) has no such deadline.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HttpToolsProtocol: type[Any] | None
try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _HttpTools

    HttpToolsProtocol = _HttpTools
except ImportError:  # httptools is optional: uvicorn then speaks h11
    HttpToolsProtocol = None

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    _Base = H11Protocol
else:
    _Base = object


class _Deadlines(_Base):
    """Mixed into uvicorn's protocol class (httptools or h11): both keep ``self.cycle``, the current
    request, whose ``more_body`` turns false once its body is whole and ``response_complete`` true once
    it is answered."""

    header_timeout: float = 10.0
    body_timeout: float = 30.0

    def connection_made(self, transport: Any) -> None:
        self._timer: asyncio.TimerHandle | None = None
        self._watching: tuple[str, object] | None = None
        self._upgraded = False
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        cycle = self.cycle
        if cycle is None or cycle.response_complete:  # idle: uvicorn's keep-alive timer decides
            self._cancel()
            self._watching = ("idle", cycle)
        else:  # a pipelined request started
            self._watch()

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._upgraded = True  # from now on the transport belongs to the websocket protocol
        self._cancel()
        super().handle_websocket_upgrade(*args)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        super().connection_lost(exc)

    def _watch(self) -> None:
        """Arm the deadline of what the connection is waiting for, unless it is already running."""
        if self._upgraded or self.transport.is_closing():
            self._cancel()
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete:
            phase, limit = "headers", self.header_timeout
        elif cycle.more_body:
            phase, limit = "body", self.body_timeout
        else:  # the request is whole: the app has it
            self._cancel()
            self._watching = ("app", cycle)
            return
        if self._watching == (phase, cycle):
            return  # the same wait goes on: a trickle of bytes does not push the deadline back
        self._cancel()
        self._watching = (phase, cycle)
        if limit > 0:
            self._timer = self.loop.call_later(limit, self._expired, phase)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self, phase: str) -> None:
        self._timer = None
        if not self.transport.is_closing():
            log.debug("closing a connection whose request %s did not arrive in time", phase)
            self.transport.close()


def protocol_class(header_timeout: float, body_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's own protocol (httptools when installed, as ``http="auto"`` picks) with the deadlines;
    pass it as ``uvicorn.Config(http=...)``. A deadline of 0 is none."""
    base: type[Any] = HttpToolsProtocol if HttpToolsProtocol is not None else H11Protocol
    cls = type(f"Deadline{base.__name__}", (_Deadlines, base),
               {"header_timeout": header_timeout, "body_timeout": body_timeout})
    return cls
