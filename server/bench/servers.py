"""App processes for the network benchmarks: real uvicorn processes on loopback ports, pinned to
their own cores with taskset, against SQLite or Postgres (+ Redis)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cores() -> tuple[str, str]:
    """(server cores, load-generator cores): the first core serves, the others load."""
    n = os.cpu_count() or 1
    if n < 2:
        return "0", "0"
    return "0", ",".join(str(i) for i in range(1, n))


def wait_until_up(url: str, timeout: float = 60) -> None:
    """Until the app at ``url`` answers (bounded)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the app at {url} did not start")
        time.sleep(0.1)


@dataclass
class Servers:
    database_url: str
    redis_url: str | None = None
    processes: int = 1
    ports: list[int] = field(default_factory=list)
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    logs: list[Path] = field(default_factory=list)  # each process's stderr, in a file: a pipe nobody
    # reads fills up and then blocks the server's logging, and with it the server

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{p}" for p in self.ports]

    def env(self) -> dict[str, str]:
        env = {**os.environ, "DATABASE_URL": self.database_url, "ARGON2_TIME_COST": "1",
               "ARGON2_MEMORY_COST": "8192", "SWEEP_SECONDS": "5",
               # the load generator registers its many accounts from one address
               "REGISTER_IP_LIMIT": "0", "LOGIN_IP_LIMIT": "0", "WS_BURST": "0"}
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        else:
            env.pop("REDIS_URL", None)
        return env

    def __enter__(self) -> Servers:
        subprocess.run([sys.executable, "-m", "server.cli", "migrate"], env=self.env(), check=True,
                       stdout=subprocess.DEVNULL)
        pin = ["taskset", "-c", cores()[0]] if shutil.which("taskset") else []
        for _ in range(self.processes):
            port = free_port()
            self.ports.append(port)
            log = Path(tempfile.mkstemp(prefix=f"counterplay-bench-{port}-", suffix=".log")[1])
            self.logs.append(log)
            with log.open("wb") as err:
                self.procs.append(subprocess.Popen(
                    [*pin, sys.executable, "-m", "uvicorn", "server.main:create_app", "--factory",
                     "--host", "127.0.0.1", "--port", str(port), "--ws", "websockets-sansio",
                     "--log-level", "warning", "--no-access-log"],
                    env=self.env(), stdout=subprocess.DEVNULL, stderr=err))
        for url in self.urls:
            wait_until_up(url)
        return self

    def __exit__(self, *exc: object) -> None:
        for p in self.procs:
            p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
        for log in self.logs:
            log.unlink(missing_ok=True)

    def problems(self) -> list[str]:
        """The distinct error lines the app processes logged (empty when all went well)."""
        seen: dict[str, None] = {}
        for log in self.logs:
            for line in log.read_text(errors="replace").splitlines():
                if any(w in line for w in ("ERROR", "Error", "Exception", "WARNING")):
                    seen.setdefault(line.strip()[:200], None)
        return list(seen)

    @property
    def pids(self) -> list[int]:
        """The uvicorn processes' pids (taskset execs into them, so the pid is the same)."""
        return [p.pid for p in self.procs]
