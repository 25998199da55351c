"""Loopback receivers that hold their answers: a webhook that sleeps, one that trickles, an SMTP
server that trickles its greeting. They listen on 127.0.0.1 only and say, with events, what they
have done, so that tests compare orderings ("the request returned before the receiver answered")
instead of durations."""

from __future__ import annotations

import socket
import threading
from types import TracebackType
from typing import Any, Self

HOST = "127.0.0.1"
ANSWER = b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class _Loopback:
    """A TCP server on 127.0.0.1 that hands each connection to ``_handle`` in a thread of its own."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._sock = socket.create_server((HOST, 0))
        self._sock.settimeout(0.2)
        self.port = self._sock.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self._stop.set()
        self._thread.join(5)
        self._sock.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        raise NotImplementedError


class SlowHook(_Loopback):
    """An HTTP receiver. While slow, ``"sleep"`` answers after ``hold`` seconds and ``"trickle"``
    sends its answer a byte every ``every`` seconds; after ``fast()`` every request is answered at once.

    ``answered`` is set when a slow answer was sent whole (the receiver let go by itself);
    ``requests`` keeps each request's path, headers (lower-case names) and body."""

    def __init__(self, mode: str, hold: float = 4.0, every: float = 3.0) -> None:
        assert mode in ("sleep", "trickle")
        self.mode, self.hold, self.every = mode, hold, every
        self.slow = True
        self.answered = threading.Event()
        self.received = threading.Event()
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        super().__init__()
        self.url = f"http://{HOST}:{self.port}/hook"

    def fast(self) -> None:
        self.slow = False

    def _handle(self, conn: socket.socket) -> None:
        with conn:
            request = _read_request(conn)
            if request is None:
                return
            slow = self.slow
            with self._lock:
                self.requests.append(request)
            self.received.set()
            try:
                if not slow:
                    conn.sendall(ANSWER)
                elif self.mode == "sleep":
                    if self._stop.wait(self.hold):
                        return
                    conn.sendall(ANSWER)
                    self.answered.set()
                else:
                    for byte in ANSWER:
                        if self._stop.wait(self.every):
                            return
                        conn.sendall(bytes([byte]))
                    self.answered.set()
            except OSError:  # the client gave up and closed: the answer was never sent whole
                pass


def _read_request(conn: socket.socket) -> dict[str, Any] | None:
    conn.settimeout(10)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                return None
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = conn.recv(65536)
            if not chunk:
                return None
            body += chunk
    except OSError:
        return None
    return {"path": lines[0].split(" ")[1], "headers": headers, "body": body}


class TricklingSmtp(_Loopback):
    """A TCP server that sends an SMTP greeting a byte every ``every`` seconds; ``finished`` is set
    when it sent the whole greeting (nobody cut the connection first)."""

    GREETING = b"220 slow.example ESMTP\r\n"

    def __init__(self, every: float = 3.0) -> None:
        self.every = every
        self.connected = threading.Event()
        self.finished = threading.Event()
        super().__init__()

    def _handle(self, conn: socket.socket) -> None:
        self.connected.set()
        with conn:
            try:
                for byte in self.GREETING:
                    conn.sendall(bytes([byte]))
                    if self._stop.wait(self.every):
                        return
                self.finished.set()
            except OSError:
                pass
