"""The match service: one unit of work per action, per-role views, lobby queries.

Every function here is synchronous and runs in a worker thread. An action is checked by the
engine, appended to the log and committed in one transaction, and only then acknowledged.
Writers to one match are serialised three ways: a lock per match inside a process, the match
row locked ``FOR UPDATE`` (Postgres), and ``UNIQUE(match_id, seq)`` as the last word between
processes: whoever loses the race gets a stale-version answer and nothing is applied.
"""

from __future__ import annotations

import base64
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol, Unpack, cast, overload

from sqlalchemy import and_, bindparam, func, or_, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from ..engine import rng
from ..engine.core import (
    OMNISCIENT,
    IllegalAction,
    OutcomeJSON,
    Role,
    Rules,
    State,
    apply_action,
    make_view,
    seats_of,
    sides_of,
    winners,
    with_winners,
)
from ..games import GAMES
from ..store.models import ActionRecord, Match, Seat, Snapshot, User
from . import clock as clocks
from . import computer_seats as computers
from . import history
from . import progress as lobby
from .shapes import Extra, Summary


class MatchError(Exception):
    status = 400

    def __init__(self, reason: str, **extra: Unpack[Extra]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.extra = extra


class NotFound(MatchError):
    status = 404


class Forbidden(MatchError):
    status = 403


class Stale(MatchError):
    status = 409


class Illegal(MatchError):
    status = 422


class TooMany(MatchError):
    status = 429


class Unavailable(MatchError):
    """The database could not be reached: nothing was acknowledged; resend with the same id."""

    status = 503


def now() -> datetime:
    return datetime.now(UTC)


@overload
def aware(t: datetime) -> datetime: ...


@overload
def aware(t: None) -> None: ...


@overload
def aware(t: datetime | None) -> datetime | None: ...


def aware(t: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    return t.replace(tzinfo=UTC) if t is not None and t.tzinfo is None else t


@dataclass(frozen=True)
class Applied:
    """What an acknowledged action did: the new version, whether it ended the match, and which
    seats have just become the ones to move (for "your move" notifications)."""

    version: int
    finished: bool = False
    to_move: tuple[str, ...] = field(default=())
    state: State | None = field(default=None, repr=False, compare=False)  # remembered after the commit


@dataclass(frozen=True)
class Broadcast:
    """One version of a match as the hub sends it: a view per role, a summary per account."""

    version: int
    views: dict[str | None, dict[str, Any]]
    summaries: dict[int | None, Summary]


PLATFORM_DEFAULTS: dict[str, Any] = {"rated": True, "private": False, "on_timeout": "claim",
                                     "rate_timeouts": True}
ON_TIMEOUT = ("claim", "loss", "draw")
MIN_SEED = 16  # bytes of a creator-fixed seed: fewer could be searched through from the dice seen
Steps = list[history.Step]  # spelled here: inside MatchService, `list` is a method
Roles = list[str]
Summaries = list[Summary]

# Statements built once: building SQLAlchemy expressions per call cost more than running them.
_MATCH = select(Match).where(Match.id == bindparam("id"))
_MATCH_LOCKED = _MATCH.with_for_update()
_SEATS = (select(Seat.role, Seat.user_id, User.username).join(User, User.id == Seat.user_id)
          .where(Seat.match_id == bindparam("id")))
_DONE = select(ActionRecord.seq, ActionRecord.user_id).where(ActionRecord.match_id == bindparam("id"),
                                                             ActionRecord.client_id == bindparam("cid"))
_CHAIN = (select(ActionRecord.seq, ActionRecord.role, ActionRecord.kind, ActionRecord.parent, ActionRecord.mark)
          .where(ActionRecord.match_id == bindparam("id"), ActionRecord.seq > bindparam("since"))
          .order_by(ActionRecord.seq.desc()))


def _write_cursor(m: Match) -> str:
    t = aware(m.updated_at)
    assert t is not None
    raw = json.dumps([t.isoformat(), m.id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _read_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        decoded = json.loads(raw)
        if not isinstance(decoded, list):
            raise ValueError
        when, mid = decoded
        t = datetime.fromisoformat(when)
        if not isinstance(mid, str) or t.tzinfo is None:
            raise ValueError
    except (ValueError, TypeError):
        raise Illegal("Malformed cursor: pass on the one the previous page's Link header gave.") from None
    return t.astimezone(UTC), mid


def lock_account(db: Session, user_id: int) -> None:
    """Make a count-then-write of one account's rows (chat messages, open matches) atomic across threads
    and processes. Call it first in the transaction. On Postgres it locks the account's row (FOR NO KEY
    UPDATE: inserts that reference the account are not blocked); on SQLite it writes, which takes the
    database's one write lock at once (a read first would pin an older snapshot). The write leaves a
    column no key or index covers as it was (writing the id would make SQLite look for the account in
    every table that references it)."""
    if db.get_bind().dialect.name == "sqlite":
        db.execute(update(User).where(User.id == user_id).values(language=User.language)
                   .execution_options(synchronize_session=False))
    else:
        db.execute(select(User.id).where(User.id == user_id).with_for_update(key_share=True))


@dataclass(frozen=True)
class Viewer:
    """Who is looking: an account (or a guest, id None) and its seat in the match, if any."""

    user_id: int | None
    role: str | None


class Notices(Protocol):
    """Writes notifications in the open transaction of the event that causes them
    (``server.notify.outbox.Outbox``): they commit with the event, and nothing is waited for."""

    def write(self, db: Session, m: Match, kind: str, roles: Iterable[str] | None = None,
              skip: Iterable[int] = (), reserved: bool = False) -> None: ...


class MatchService:
    def __init__(self, sessions: sessionmaker[Session], snapshot_every: int = 50,
                 cache_size: int = 512, clock: Callable[[], datetime] = now, open_limit: int = 0,
                 notices: Notices | None = None) -> None:
        self.sessions = sessions
        self.notices = notices
        self.now = clock  # injected in tests: no code here reads the wall clock itself
        self.snapshot_every = snapshot_every
        self.open_limit = open_limit  # open matches an account may have waiting for players; 0: no limit
        # per match: the latest (version, state), and the one before it, which most undos return to
        self._cache: OrderedDict[str, tuple[tuple[int, State], tuple[int, State] | None]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        self._match_locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._computers: dict[int, str] = {}  # account -> level of the computer opponents' accounts
        self._computers_read = -1e9

    # --- helpers ---

    @staticmethod
    def rules(game: str) -> Rules:
        try:
            return GAMES[game]
        except KeyError:
            raise NotFound(f"No game {game!r}.") from None

    @staticmethod
    def seats_of(rules: Rules, scenario: str, options: dict[str, Any]) -> tuple[Role, ...]:
        """The seats of a match of this scenario and these (checked) options."""
        return seats_of(rules, scenario, options)

    def match_seats(self, m: Match) -> tuple[Role, ...]:
        """The seats of this match: fixed at its creation by its scenario and its stored options."""
        return seats_of(self.rules(m.game), m.scenario, m.options)

    def outcome_of(self, m: Match) -> OutcomeJSON | None:
        """The match's recorded outcome, with its ``winners`` (computed for a record from before them)."""
        return with_winners(self.rules(m.game), m.outcome, self.match_seats(m)) if m.outcome else None

    def _lock(self, match_id: str) -> threading.Lock:
        with self._locks_lock:
            return self._match_locks.setdefault(match_id, threading.Lock())

    def _remember(self, match_id: str, version: int, state: State) -> None:
        with self._cache_lock:
            latest = self._cache.get(match_id)
            before = None
            if latest and latest[0][0] < version:
                before = latest[0]
            elif latest and latest[0][0] == version:
                before = latest[1]
            self._cache[match_id] = ((version, state), before)
            self._cache.move_to_end(match_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _notify(self, db: Session, m: Match, kind: str, roles: Iterable[str] | None = None,
                skip: Iterable[int] = (), reserved: bool = False) -> None:
        if self.notices is not None:
            self.notices.write(db, m, kind, roles, skip, reserved)

    @staticmethod
    def _match(db: Session, match_id: str, lock: bool = False) -> Match:
        m = db.scalars(_MATCH_LOCKED if lock else _MATCH, {"id": match_id}).first()
        if m is None:
            raise NotFound(f"No match {match_id!r}.")
        return m

    @staticmethod
    def _seat_names(db: Session, match_id: str) -> dict[str, tuple[int, str]]:
        """role -> (account id, user name) of every taken seat."""
        return {role: (uid, name) for role, uid, name in db.execute(_SEATS, {"id": match_id})}

    def computers(self, db: Session | None = None) -> dict[int, str]:
        """The computer opponents' accounts (account -> level), read once all levels exist."""
        from ..bots.levels import LEVELS

        # Until every level's account exists (another process may make one), read again, at most every 2 s.
        if len(self._computers) < len(LEVELS) and time.monotonic() - self._computers_read > 2.0:
            self._computers_read = time.monotonic()
            if db is None:
                with self.sessions() as own:
                    rows = own.execute(select(User.id, User.computer).where(User.computer.is_not(None))).all()
            else:
                rows = db.execute(select(User.id, User.computer).where(User.computer.is_not(None))).all()
            self._computers = {int(uid): str(level) for uid, level in rows}
        return self._computers

    def forget_computers(self) -> None:
        self._computers = {}
        self._computers_read = -1e9

    def _seats(self, db: Session, match_id: str) -> dict[str, int]:
        return {role: uid for role, (uid, _) in self._seat_names(db, match_id).items()}

    def _role_of(self, db: Session, match_id: str, user_id: int | None, seat: str | None = None) -> str | None:
        """The account's seat in the match (None: none). A person holds one seat at most; a computer level's
        account may hold several (two computer seats of one level), and ``seat`` says which one it acts in."""
        if user_id is None:
            return None
        seats = self._seats(db, match_id)
        if seat is not None:
            return seat if seats.get(seat) == user_id else None
        for role, uid in seats.items():
            if uid == user_id:
                return role
        return None

    def state_at(self, db: Session, m: Match, version: int) -> State:
        """The state after ``version`` actions: from the cache, a snapshot, or setup, plus the log."""
        rules = self.rules(m.game)
        with self._cache_lock:
            cached, before = self._cache.get(m.id) or (None, None)
        for known in (cached, before):
            if known and known[0] == version:
                return known[1]
        if cached and cached[0] < version:
            start, state = cached
        else:
            snap = db.scalars(select(Snapshot).where(Snapshot.match_id == m.id, Snapshot.seq <= version)
                              .order_by(Snapshot.seq.desc()).limit(1)).first()
            if snap is not None:
                start, state = snap.seq, snap.state
            else:
                start, state = 0, rules.setup(m.scenario, m.options, m.seed)
        rows = db.execute(select(ActionRecord.role, ActionRecord.action)
                          .where(ActionRecord.match_id == m.id, ActionRecord.seq > start, ActionRecord.seq <= version)
                          .order_by(ActionRecord.seq)).all()
        replay = history.Replay(rules, start, state, [(r.role, r.action) for r in rows],
                                lambda v: self.state_at(db, m, v), self.snapshot_every)
        state = replay.state_at(version)
        if version == m.version:
            self._remember(m.id, version, state)
        return state

    def versions(self, match_ids: Roles) -> dict[str, int]:
        """The latest version of each of these matches."""
        with self.sessions() as db:
            rows = db.execute(select(Match.id, Match.version).where(Match.id.in_(match_ids))).all()
            return {str(mid): int(version) for mid, version in rows}

    def state_at_version(self, match_id: str, version: int) -> State:
        """The whole state after ``version`` records (secrets included: never sent as it is)."""
        with self.sessions() as db:
            return self.state_at(db, self._match(db, match_id), version)

    def _summary(self, db: Session, m: Match, user_id: int | None,
                 names: dict[int, str] | None = None, detail: bool = True) -> Summary:
        return self._summaries(db, m, [user_id], names, detail)[user_id]

    def _summaries(self, db: Session, m: Match, user_ids: Iterable[int | None],
                   names: dict[int, str] | None = None, detail: bool = True,
                   ratings: dict[tuple[int, str], int] | None = None) -> dict[int | None, Summary]:
        """The match as each of these accounts sees it in a list (None: a guest). What all share is
        built once; each gets its seat, whether it is their turn, the invitation links if they made
        the match, and how many actions they may undo."""
        rules = self.rules(m.game)
        match_seats = self.match_seats(m)
        if names is None:
            taken = self._seat_names(db, m.id)
            seats = {role: uid for role, (uid, _) in taken.items()}
            names = {uid: name for uid, name in taken.values()}
        else:
            seats = self._seats(db, m.id)
        to_move = list(m.active_roles) if m.status == "active" else []
        if ratings is None:
            ratings = lobby.ratings(db, seats.values())
        play = {**PLATFORM_DEFAULTS, **(m.settings or {})}
        common: Summary = {
            "id": m.id, "game": m.game, "scenario": m.scenario, "options": m.options,
            "status": m.status, "version": m.version,
            "seats": {role: names.get(seats[role]) if role in seats else None for role in match_seats},
            "sides": sides_of(rules, match_seats),
            "my_role": None, "to_move": to_move, "my_turn": False,
            "seeded": m.seeded, "seed_commitment": m.seed_commitment, "outcome": self.outcome_of(m),
            "created_at": aware(m.created_at).isoformat(),
            "updated_at": aware(m.updated_at).isoformat(),
            "clock": clocks.public(m.clock, self.now()),
            "rated": bool(play["rated"]) and not m.seeded, "private": bool(play["private"]),
            "draw_by_agreement": bool(getattr(rules, "draw_by_agreement", True)),
            "on_timeout": play["on_timeout"],
            "offer": m.offer if m.offer and m.offer.get("version") == m.version else None,
            "invites": None, "rematch": m.rematch_id, "rematch_of": m.rematch_of, "undo": None,
            "progress": cast(lobby.Progress | None, m.progress),
            "moved_at": aware(m.moved_at).isoformat() if m.moved_at is not None else None,
            "ratings": {role: ratings.get((seats[role], m.game)) if role in seats else None for role in match_seats},
            "computer": {role: level for role, uid in seats.items()
                         if (level := self.computers(db).get(uid)) is not None},
        }
        chain: Steps | None = None
        out: dict[int | None, Summary] = {}
        for user_id in user_ids:
            my_role = next((r for r, uid in seats.items() if uid == user_id), None) if user_id else None
            mine: Summary = {**common, "my_role": my_role, "my_turn": my_role in to_move}
            if user_id is not None and user_id == m.created_by and m.invites:
                mine["invites"] = {role: f"/match/{m.id}?invite={inv['token']}&seat={role}"
                                   for role, inv in m.invites.items() if "token" in inv and role not in seats}
            if detail and my_role is not None and m.status == "active":
                chain = self._chain(db, m) if chain is None else chain
                mine["undo"] = {"steps": len(history.undoable(chain, my_role))}
            out[user_id] = mine
        return out

    def _chain(self, db: Session, m: Match) -> Steps:
        rows = db.execute(_CHAIN, {"id": m.id, "since": m.version - 2 * history.MAX_WALK})
        return history.effective(history.Step(*r) for r in rows)

    # --- lobby ---

    def create(self, user_id: int | None, game: str, scenario: str | None, role: str | None,
               options: dict[str, Any] | None, seed: str | None,
               play: dict[str, Any] | None = None, reserve: dict[str, int] | None = None,
               rematch_of: str | None = None, computer: dict[str, str] | None = None) -> Summary:
        """A new match, made by an account (guests watch, they do not create). ``play``: the platform
        settings (clock, rated, private, on_timeout, rate_timeouts); ``reserve``: seats kept for given
        accounts (a rematch); ``computer``: role -> level of the computer opponents seated at once (such
        a match is never rated). An account has at most ``open_limit`` matches waiting for players."""
        if user_id is None:
            raise Forbidden("Log in to create a match.")
        rules = self.rules(game)
        settings, tc = self._check_play(play or {})
        scenario = scenario or next(iter(rules.scenarios))
        if scenario not in rules.scenarios:
            raise Illegal(f"{game} has no scenario {scenario!r}.")
        opts = self._check_options(rules, options or {})
        seats = self.seats_of(rules, scenario, opts)
        if role is not None and role not in seats:
            raise Illegal(self.not_a_seat(rules, scenario, seats, role))
        if role is not None and user_id is None:
            raise Forbidden("Log in to take a seat.")
        bots: list[tuple[int, str]] = []  # (account, seat): one level's account may hold two seats
        if computer:
            reason = computers.refusal(rules, seats, role, computer)
            if reason is not None:
                raise Illegal(reason)
            settings["rated"] = False  # a match against the computer is never rated
            bots = [(computers.account(self, level), r) for r, level in computer.items()]
        if seed is not None:
            try:
                seed_bytes = bytes.fromhex(seed)
            except ValueError:
                raise Illegal("A seed is written in hexadecimal.") from None
            if not MIN_SEED <= len(seed_bytes) <= 64:
                raise Illegal(f"A fixed seed is {MIN_SEED} to 64 bytes ({2 * MIN_SEED} to 128 hex digits): "
                              "a shorter one could be found by trying them all.")
        else:
            seed_bytes = secrets.token_bytes(32)
        salt = secrets.token_bytes(rng.SALT_BYTES)
        state = rules.setup(scenario, opts, seed_bytes)
        t = self.now()
        invites: dict[str, Any] = {r: {"user_id": uid} for r, uid in (reserve or {}).items()
                                   if r != role and r not in (computer or {})}
        if settings["private"]:
            for r in seats:
                if r != role and r not in invites and r not in (computer or {}):
                    invites[r] = {"token": secrets.token_urlsafe(16)}
        m = Match(id=secrets.token_urlsafe(9), game=game, scenario=scenario, options=opts,
                  seed=seed_bytes, seed_salt=salt, seed_commitment=rng.commitment(seed_bytes, salt),
                  seeded=seed is not None,
                  status="open", version=0, active_roles=sorted(rules.active_roles(state)),
                  outcome=None, created_by=user_id, created_at=t, updated_at=t, settings=settings,
                  clock=clocks.new_clock(tc, seats) if tc else None, invites=invites or None,
                  rematch_of=rematch_of, private=settings["private"], progress=lobby.progress(rules, state))
        with self.sessions.begin() as db:
            if self.open_limit:
                self._check_open_limit(db, user_id)
            db.add(m)
            db.flush()
            if role is not None:
                db.add(Seat(match_id=m.id, role=role, user_id=user_id, joined_at=t))
            for uid, r in bots:
                db.add(Seat(match_id=m.id, role=r, user_id=uid, joined_at=t))
            if len(bots) + (role is not None) == len(seats):  # every seat taken: it starts now
                m.status = "active"
                if m.clock:
                    self._set_clock(db, m, clocks.start(m.clock, list(m.active_roles), t,
                                                        self._paused(db, m.id, m.active_roles, t)))
            self._remember(m.id, 0, state)
            db.flush()
            if rematch_of is not None and user_id is not None:
                self._notify(db, m, "rematch_offered", reserved=True, skip={user_id})
            return self._summary(db, m, user_id)

    @staticmethod
    def not_a_seat(rules: Rules, scenario: str, seats: tuple[Role, ...], role: str) -> str:
        """Why ``role`` cannot be taken in a match of ``scenario``: not a role of the game, or not one of its seats."""
        listed = ", ".join(seats)
        if role not in rules.roles:
            return f"{rules.id} has no role {role!r}; the seats of {scenario} are {listed}."
        return f"{role} is not a seat of a {scenario} match with these options; its seats are {listed}."

    def _check_open_limit(self, db: Session, user_id: int) -> None:
        lock_account(db, user_id)  # the count and the insert that follows are one step for this account
        waiting = db.scalar(select(func.count()).select_from(Match).where(
            Match.created_by == user_id, Match.status == "open")) or 0
        if waiting >= self.open_limit:
            raise TooMany(f"You already have {waiting} open matches waiting for players; at most "
                          f"{self.open_limit} at a time. Wait for a player to join one, or finish one first.")

    @staticmethod
    def _check_play(play: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The platform settings of a new match, checked, and its time control (None: no clock)."""
        unknown = set(play) - {"clock", *PLATFORM_DEFAULTS}
        if unknown:
            raise Illegal(f"Unknown match setting {sorted(unknown)[0]!r}.")
        try:
            tc = clocks.check_time_control(play.get("clock"))
        except clocks.BadTimeControl as exc:
            raise Illegal(str(exc)) from None
        settings = {k: play.get(k, default) for k, default in PLATFORM_DEFAULTS.items()}
        for key in ("rated", "private", "rate_timeouts"):
            if not isinstance(settings[key], bool):
                raise Illegal(f"{key} is true or false.")
        if settings["on_timeout"] not in ON_TIMEOUT:
            raise Illegal(f"on_timeout is one of {', '.join(ON_TIMEOUT)}.")
        return settings, tc

    @staticmethod
    def _check_options(rules: Rules, options: dict[str, Any]) -> dict[str, Any]:
        specs = {o.id: o for o in rules.options}
        for key in options:
            if key not in specs:
                raise Illegal(f"{rules.id} has no option {key!r}.")
        out = {}
        for spec in rules.options:
            value = options.get(spec.id, spec.default)
            if spec.choices and value not in spec.choices:
                raise Illegal(f"Option {spec.id} must be one of {list(spec.choices)}.")
            out[spec.id] = value
        return out

    def join(self, user_id: int, match_id: str, role: str, invite: str | None = None) -> Summary:
        with self._lock(match_id), self.sessions.begin() as db:
            m = self._match(db, match_id, lock=True)
            rules = self.rules(m.game)
            match_seats = self.match_seats(m)
            if role not in match_seats:
                raise Illegal(self.not_a_seat(rules, m.scenario, match_seats, role))
            if m.status == "finished":
                raise Illegal("The match is over.")
            seats = self._seats(db, match_id)
            if role in seats:
                raise Stale(f"The {role} seat is taken.")
            if user_id in seats.values():
                raise Illegal("You already have a seat in this match.")
            held = (m.invites or {}).get(role)
            if held and "user_id" in held and held["user_id"] != user_id:
                raise Forbidden(f"The {role} seat is kept for another player.")
            if held and "token" in held and not (invite and secrets.compare_digest(invite, held["token"])):
                raise Forbidden("This is a private match: the seat needs its invitation link.")
            t = self.now()
            db.add(Seat(match_id=match_id, role=role, user_id=user_id, joined_at=t))
            if held:
                m.invites = {r: v for r, v in (m.invites or {}).items() if r != role} or None
            if len(seats) + 1 == len(match_seats) and m.status == "open":
                m.status = "active"
                if m.clock:  # the clock starts when the last seat is taken
                    self._set_clock(db, m, clocks.start(m.clock, list(m.active_roles), t,
                                                        self._paused(db, m.id, m.active_roles, t)))
            m.updated_at = t
            try:
                db.flush()
            except IntegrityError:
                raise Stale(f"The {role} seat is taken.") from None
            self._notify(db, m, "opponent_joined", skip={user_id})
            if m.status == "active" and len(seats) + 1 == len(match_seats):  # this seat began the match
                self._notify(db, m, "your_move", roles=m.active_roles)
            return self._summary(db, m, user_id)

    def summary(self, match_id: str, user_id: int | None) -> Summary:
        with self.sessions() as db:
            return self._summary(db, self._match(db, match_id), user_id)

    def summaries(self, match_id: str, user_ids: Iterable[int | None]) -> dict[int | None, Summary]:
        """The summary of one match for several accounts, with one reading of the database."""
        with self.sessions() as db:
            return self._summaries(db, self._match(db, match_id), user_ids)

    def list(self, status: str | None, user_id: int | None, limit: int = 100) -> Summaries:
        return self.page(status, user_id, limit)[0]

    def page(self, status: str | None, user_id: int | None, limit: int = 50,
             cursor: str | None = None) -> tuple[Summaries, str | None]:
        """One page of a list, most recently changed first, and the cursor of the next page (None at
        the end). The cursor names the last match of this page (its ``updated_at`` and id), so a page
        never repeats a match nor skips one that did not change meanwhile."""
        after = _read_cursor(cursor) if cursor is not None else None
        with self.sessions() as db:
            stmt = select(Match)
            if status == "mine":
                if user_id is None:
                    return [], None
                stmt = stmt.join(Seat, Seat.match_id == Match.id).where(Seat.user_id == user_id)
            elif status == "live":  # matches to watch: active and public
                stmt = stmt.where(Match.status == "active")
            elif status is not None:
                stmt = stmt.where(Match.status == status)
            if status != "mine":  # private matches are found by their link, not in the lobby
                stmt = stmt.where(Match.private.is_(False))
            if after is not None:
                t, mid = after
                stmt = stmt.where(or_(Match.updated_at < t, and_(Match.updated_at == t, Match.id < mid)))
            matches = list(db.scalars(stmt.order_by(Match.updated_at.desc(), Match.id.desc()).limit(limit + 1)))
            more = len(matches) > limit
            matches = matches[:limit]
            ids = [m.id for m in matches]
            seat_users = {s.user_id for s in db.scalars(select(Seat).where(Seat.match_id.in_(ids)))} if ids else set()
            names = ({u.id: u.username for u in db.scalars(select(User).where(User.id.in_(seat_users)))}
                     if seat_users else {})
            ratings = lobby.ratings(db, seat_users)
            out = [self._summaries(db, m, [user_id], names, detail=False, ratings=ratings)[user_id] for m in matches]
            following = _write_cursor(matches[-1]) if more else None
        if status == "mine":  # whose move: matches waiting for me first (within the page)
            out.sort(key=lambda s: (not s["my_turn"], s["status"] == "finished"))
        return out, following

    # --- play ---

    def viewer(self, match_id: str, user_id: int | None) -> Viewer:
        with self.sessions() as db:
            self._match(db, match_id)
            return Viewer(user_id, self._role_of(db, match_id, user_id))

    def view(self, match_id: str, role: str | None, version: int | None = None) -> tuple[int, dict[str, Any]]:
        """The view of ``role`` (None: spectator) at the latest version."""
        with self.sessions() as db:
            m = self._match(db, match_id)
            v = m.version if version is None else version
            state = self.state_at(db, m, v)
            return v, self._ended(m, make_view(self.rules(m.game), state, role, self.match_seats(m)))

    def broadcast(self, match_id: str, roles: set[str | None], user_ids: set[int | None]) -> Broadcast:
        """What the hub sends after an action: the views of these roles and the summaries of these
        accounts, at one version, from one reading of the database."""
        with self.sessions() as db:
            m = self._match(db, match_id)
            state = self.state_at(db, m, m.version)
            rules = self.rules(m.game)
            seats = self.match_seats(m)
            views = {role: self._ended(m, make_view(rules, state, role, seats)) for role in roles}
            return Broadcast(m.version, views, self._summaries(db, m, user_ids) if user_ids else {})

    def _ended(self, m: Match, view: dict[str, Any]) -> dict[str, Any]:
        """A match ended outside the rules (resigned, agreed, on time) shows that end in its views."""
        if m.status == "finished" and m.outcome and view.get("outcome") is None:
            view.update(outcome=self.outcome_of(m), active=[], actions=[])
        return view

    def act(self, match_id: str, user_id: int, version: int, action: Any, client_id: str,
            seat: str | None = None) -> Applied:
        """Apply one action. Raises MatchError; then nothing changed. ``seat``: which of its seats an account
        holding several (a computer level) acts in."""

        def play(db: Session, m: Match, role: str) -> Applied:
            t = self.now()
            if role in clocks.flagged(m.clock, t) and self._play(m)["on_timeout"] != "claim":
                raise Illegal("Your time is up: the match is being ended on time.")
            if isinstance(action, dict) and str(action.get("type", "")).startswith("$"):
                raise Illegal("Actions whose type starts with $ are the platform's own.")
            if client_id.startswith("computer:") and user_id not in self.computers(db):
                raise Illegal("Action ids that start with computer: are the computer's own.")
            rules = self.rules(m.game)
            state = self.state_at(db, m, m.version)
            try:
                new = apply_action(rules, state, role, action)
            except IllegalAction as exc:
                raise Illegal(exc.reason) from None
            return self._append(db, m, role, user_id, action, client_id, new,
                                mark=history.mark_of(rules, state, new), parent=m.version, t=t, actor=role)

        return self._write(match_id, user_id, version, client_id, play, seat)

    def _write(self, match_id: str, user_id: int, version: int, client_id: str,
               body: Callable[[Session, Match, str], Applied], seat: str | None = None) -> Applied:
        """One record of a seated player into the log, under the locks, once per client id.

        ``body`` runs in the transaction with the locked match and the caller's role, after the
        resend, seat, status and version checks; the new state is cached after the commit."""
        try:
            with self._lock(match_id), self.sessions.begin() as db:
                m = self._match(db, match_id, lock=True)
                role = self._role_of(db, match_id, user_id, seat)
                if role is None:
                    raise Forbidden("You have no seat in this match: spectators cannot act." if seat is None
                                    else f"You do not hold the {seat} seat of this match.")
                if role not in self.match_seats(m):  # a seat row the match's seats no longer hold
                    raise Illegal(f"{role} is not a seat of this match; its seats are "
                                  f"{', '.join(self.match_seats(m))}.")
                done = self._already_done(db, match_id, user_id, client_id)
                if done is not None:
                    return Applied(done)
                self._check_can_write(m, version)
                applied = body(db, m, role)
            return self._committed(match_id, applied)
        except OperationalError:
            raise Unavailable("The database is unavailable: the action was not acknowledged; "
                              "send it again with the same id.") from None
        except IntegrityError:
            # Lost a race with another process (same seq) or a resend raced itself (same id).
            with self.sessions() as db:
                done = self._already_done(db, match_id, user_id, client_id)
                if done is not None:
                    return Applied(done)
                m = self._match(db, match_id)
                raise Stale("Another action was applied first.", version=m.version) from None

    def _committed(self, match_id: str, applied: Applied) -> Applied:
        """Cache the new state only once its transaction has committed."""
        if applied.state is not None:
            self._remember(match_id, applied.version, applied.state)
        return applied

    @staticmethod
    def _already_done(db: Session, match_id: str, user_id: int, client_id: str) -> int | None:
        row = db.execute(_DONE, {"id": match_id, "cid": client_id}).first()
        if row is None:
            return None
        if row.user_id != user_id:
            raise Stale("That action id was already used.")
        return int(row.seq)

    def _check_can_write(self, m: Match, version: int) -> None:
        if m.status == "open":
            raise Illegal("The match has not started: waiting for players to join.")
        if m.status == "finished":
            raise Illegal("The match is over.")
        if version != m.version:
            raise Stale(f"Stale version {version}: the match is at version {m.version}.", version=m.version)

    def _append(self, db: Session, m: Match, role: str, user_id: int | None, action: dict[str, Any],
                client_id: str, new: State, mark: str | None, parent: int, t: datetime,
                actor: str | None, kind: str = "action") -> Applied:
        """Write one record of the log and everything that follows from it, in the open transaction.

        ``actor`` gets the live increment (None for an undo: taking back earns no time)."""
        rules = self.rules(m.game)
        before = set(m.active_roles)
        seq = m.version + 1
        db.add(ActionRecord(match_id=m.id, seq=seq, role=role, user_id=user_id, action=action,
                            client_id=client_id, created_at=t, kind=kind, parent=parent, mark=mark))
        outcome = rules.outcome(new)
        m.version = seq
        m.updated_at = m.moved_at = t
        m.progress = dict(lobby.progress(rules, new))
        m.offer = None  # an offer is about the position it was made in
        m.active_roles = sorted(rules.active_roles(new)) if outcome is None else []
        if outcome is not None:
            self._finish(db, m, outcome.to_json(winners(rules, outcome.winner, self.match_seats(m))), t)
        elif m.clock:
            paused = self._paused(db, m.id, m.active_roles, t)
            if actor is not None:
                self._set_clock(db, m, clocks.after_action(m.clock, actor, list(m.active_roles), t, paused))
            else:
                self._set_clock(db, m, clocks.start(clocks.charge(m.clock, t), list(m.active_roles), t, paused))
        # An undo's state is kept too: a replay then never meets an undo record whose target lies
        # before where it started (which sent it back to an earlier snapshot, and again from there).
        if seq % self.snapshot_every == 0 or kind == "undo":
            db.add(Snapshot(match_id=m.id, seq=seq, state=new))
        db.flush()
        to_move = tuple(r for r in m.active_roles if r not in before)
        if outcome is None and to_move:
            self._notify(db, m, "your_move", roles=to_move)
        return Applied(seq, finished=outcome is not None, to_move=to_move, state=new)

    # --- undo ---

    def undo(self, match_id: str, user_id: int, version: int, steps: int, client_id: str) -> Applied:
        """Take back the caller's own ``steps`` latest actions, as far as nothing became known."""
        return self._write(match_id, user_id, version, client_id,
                           lambda db, m, role: self._undo(db, m, role, user_id, steps, client_id))

    def _undo(self, db: Session, m: Match, role: str, user_id: int | None, steps: int, client_id: str) -> Applied:
        """The caller's own undo. Its answer reads the marks of the caller's own actions only: it stops
        at any record of another role, whatever that record hid (history.py)."""
        chain = self._chain(db, m)
        allowed = history.undoable(chain, role)
        if steps < 1:
            raise Illegal("Undo at least one action.")
        if steps > len(allowed):
            raise Illegal(self._undo_limit(chain, allowed, role))
        return self._take_back(db, m, role, user_id, allowed[steps - 1].previous, steps, client_id)

    def _take_back(self, db: Session, m: Match, role: str, user_id: int | None, target: int, steps: int,
                   client_id: str) -> Applied:
        """Append the undo record that returns the match to version ``target``."""
        new = history.undo_state(self.state_at(db, m, target), role, steps)
        return self._append(db, m, role, user_id, {"type": history.UNDO, "steps": steps, "to": target},
                            client_id, new, mark=None, parent=target, t=self.now(), actor=None, kind="undo")

    @staticmethod
    def _undo_limit(chain: Steps, allowed: Steps, role: str) -> str:
        n = len(allowed)
        stop = history.undo_stop(chain, role)
        why = "the start of the match" if history.start_reached(chain) else "the oldest action an undo reaches"
        if stop is not None and stop.role != role:  # never its mark: that may be the opponent's secret
            why = "your opponent's undo" if stop.kind == "undo" else "your opponent's action: ask for a takeback"
        elif stop is not None and stop.mark == "random":
            why = "a die roll or a draw"
        elif stop is not None and stop.mark == "reveal":
            why = "an action that revealed something"
        return f"You can undo {n} action{'s' if n != 1 else ''} now; before that comes {why}."

    # --- clocks and endings ---

    @staticmethod
    def _play(m: Match) -> dict[str, Any]:
        return {**PLATFORM_DEFAULTS, **(m.settings or {})}

    @staticmethod
    def _set_clock(db: Session, m: Match, c: dict[str, Any] | None) -> None:
        m.clock = c
        m.deadline = clocks.deadline(c)
        m.warn_at = clocks.warn_at(c)

    def _paused(self, db: Session, match_id: str, roles: Roles, t: datetime) -> dict[str, datetime]:
        """Seats among ``roles`` whose player is on vacation, with its end."""
        seats = self._seats(db, match_id)
        ids = [seats[r] for r in roles if r in seats]
        if not ids:
            return {}
        until = {u.id: u.vacation_until for u in db.scalars(select(User).where(User.id.in_(ids)))}
        return {r: end for r in roles
                if r in seats and (end := aware(until.get(seats[r]))) is not None and end > t}

    def _finish(self, db: Session, m: Match, outcome: OutcomeJSON, t: datetime, how: str = "rules") -> None:
        """End the match: the outcome, the clock stopped, and the ratings of a rated match."""
        from ..ratings.store import rate_match

        m.status = "finished"
        m.outcome = outcome
        m.active_roles = []
        m.offer = None
        m.updated_at = t
        if m.clock:
            self._set_clock(db, m, clocks.charge(m.clock, t))
        play = self._play(m)
        if play["rated"] and not m.seeded and (how != "time" or play["rate_timeouts"]):
            rate_match(db, m, t)
        self._notify(db, m, "match_finished")

    # --- replay ---

    def replay(self, match_id: str, at: int | None = None, role: str | None = OMNISCIENT) -> dict[str, Any]:
        """Every action and the revealed seed; with ``at``, the view after ``at`` actions as ``role``
        saw it then (None: a spectator; ``OMNISCIENT``: everything)."""
        with self.sessions() as db:
            m = self._match(db, match_id)
            if m.status != "finished":
                raise Stale("The replay opens when the match has ended.")
            rows = list(db.scalars(select(ActionRecord).where(ActionRecord.match_id == m.id)
                                   .order_by(ActionRecord.seq)))
            out: dict[str, Any] = {
                "id": m.id, "game": m.game, "scenario": m.scenario, "options": m.options,
                "seed": m.seed.hex(), "seed_salt": m.seed_salt.hex() if m.seed_salt is not None else None,
                "seed_commitment": m.seed_commitment, "seeded": m.seeded,
                "outcome": self.outcome_of(m), "version": m.version,
                "actions": [{"seq": r.seq, "role": r.role, "action": r.action} for r in rows],
            }
            if at is not None:
                if not 0 <= at <= m.version:
                    raise Illegal(f"A replay step is between 0 and {m.version}.")
                rules = self.rules(m.game)
                seats = self.match_seats(m)
                if role is not None and role != OMNISCIENT and role not in seats:
                    raise Illegal(f"No seat {role!r} in this match: one of {', '.join(seats)}, "
                                  "spectator, or none for everything.")
                state = self.state_at(db, m, at)
                out["at"] = at
                out["role"] = "spectator" if role is None else role
                # What the role saw then, not what it could do: a replay offers no actions.
                out["view"] = {**make_view(rules, state, role, seats), "actions": []}
            return out
