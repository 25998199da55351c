"""A match service on a fresh database (SQLite and Postgres) with a test-driven clock."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from server.config import Settings
from server.matches.service import MatchService
from server.store.db import make_engine, make_sessionmaker
from server.store.models import User
from tests.conftest import FakeClock


@dataclass
class Bench:
    svc: MatchService
    clock: FakeClock
    users: dict[str, int]
    n: int = 0

    def match(self, game: str = "toy", seats: tuple[str, ...] = ("north", "south"), **play: Any) -> str:
        """A started match: the first user created it in the first seat, the second joined."""
        options = play.pop("options", {"turns": "long"} if game == "toy" else None)
        first, second = list(self.users)[:2]
        m = self.svc.create(self.users[first], game, None, seats[0], options, play.pop("seed", None), play=play)
        link = (m["invites"] or {}).get(seats[1])
        self.svc.join(self.users[second], m["id"], seats[1], link.split("invite=")[1].split("&")[0] if link else None)
        return str(m["id"])

    def act(self, match_id: str, who: str, action: dict[str, Any]) -> int:
        self.n += 1
        version = self.svc.summary(match_id, None)["version"]
        return self.svc.act(match_id, self.users[who], version, action, f"a{self.n}").version

    def undo(self, match_id: str, who: str, steps: int = 1) -> int:
        self.n += 1
        version = self.svc.summary(match_id, None)["version"]
        return self.svc.undo(match_id, self.users[who], version, steps, f"u{self.n}").version

    def summary(self, match_id: str, who: str | None = None) -> dict[str, Any]:
        return self.svc.summary(match_id, self.users[who] if who else None)


@pytest.fixture
def bench(database: str) -> Iterator[Bench]:
    engine = make_engine(Settings(database_url=database).sqlalchemy_url)
    sessions = make_sessionmaker(engine)
    clock = FakeClock()
    users = {}
    with sessions.begin() as db:
        for name in ("ann", "bob", "cat"):
            u = User(username=name, password_hash="x")
            db.add(u)
            db.flush()
            users[name] = u.id
    yield Bench(MatchService(sessions, snapshot_every=4, clock=clock), clock, users)
    engine.dispose()
