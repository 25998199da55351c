"""Accounts and sessions: argon2 password hashes, random session tokens stored as SHA-256."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from . import names
from .matches.service import Forbidden, Illegal, MatchError, Stale
from .store.models import Session as LoginSession
from .store.models import User

MIN_PASSWORD = 8
MAX_PASSWORD = 256
COMMON_PASSWORDS_FILE = Path(__file__).parent / "data" / "common_passwords.txt"


def _common_passwords(path: Path = COMMON_PASSWORDS_FILE) -> frozenset[str]:
    lines = (line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


COMMON_PASSWORDS = _common_passwords()


class Unauthorized(MatchError):
    status = 401


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    def __init__(self, sessions: sessionmaker[Session], time_cost: int = 3, memory_cost: int = 65536,
                 session_days: int = 30) -> None:
        self.sessions = sessions
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_cost)
        self.session_days = session_days
        # Verifying against this keeps an unknown name as slow as a wrong password.
        self._dummy_hash = self.hasher.hash(secrets.token_hex(16))

    def register(self, username: str, password: str) -> tuple[User, str]:
        """A new account. The name is stored in NFKC; it must differ from every other one by more than
        case, width or look-alike characters (``server/names.py``; a unique index on ``canonical``)."""
        name = names.normal_form(username)
        problem = names.problem(name)
        if problem:
            raise Illegal(problem)
        canonical = names.canonical_name(name)
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise Illegal(f"A password has {MIN_PASSWORD} to {MAX_PASSWORD} characters.")
        if names.canonical_name(password) == canonical:
            raise Illegal("The password must differ from the user name.")
        if password.strip().lower() in COMMON_PASSWORDS:
            raise Illegal("This password is one of the most common ones, tried first by attackers: choose another.")
        taken = Stale(f"The name {name!r} is taken (names differing only in case, width or look-alike "
                      "characters are the same name).")
        with self.sessions() as db:
            if db.scalars(select(User.id).where(User.canonical == canonical)).first() is not None:
                raise taken  # before the costly hash; the unique index settles a race
        user = User(username=name, canonical=canonical, password_hash=self.hasher.hash(password))
        try:
            with self.sessions.begin() as db:
                db.add(user)
                db.flush()
                token = self._new_session(db, user.id)
        except IntegrityError:
            raise taken from None
        return user, token

    @staticmethod
    def _find(db: Session, username: str) -> User | None:
        """The account a login names: the exact name first (a duplicate kept from before names were
        canonical logs in by its own spelling), then any spelling with the same canonical form."""
        return (db.scalars(select(User).where(User.username == username)).first()
                or db.scalars(select(User).where(User.canonical == names.canonical_name(username))).first())

    def login(self, username: str, password: str, old_token: str | None) -> tuple[User, str]:
        """Check the password and open a new session; the old session, if any, is dropped."""
        with self.sessions.begin() as db:
            user = self._find(db, username)
            try:
                self.hasher.verify(user.password_hash if user else self._dummy_hash, password)
            except (VerificationError, InvalidHashError):
                user = None
            if user is None:
                raise Unauthorized("Wrong user name or password.")
            if self.hasher.check_needs_rehash(user.password_hash):
                user.password_hash = self.hasher.hash(password)
            if old_token:
                db.execute(delete(LoginSession).where(LoginSession.token_hash == token_hash(old_token)))
            return user, self._new_session(db, user.id)

    def _new_session(self, db: Session, user_id: int) -> str:
        token = secrets.token_urlsafe(32)  # 256 bits
        t = datetime.now(UTC)
        db.add(LoginSession(token_hash=token_hash(token), user_id=user_id, created_at=t,
                            expires_at=t + timedelta(days=self.session_days)))
        return token

    def logout(self, token: str) -> int | None:
        """Drop the session; returns its user id so their websockets can be closed."""
        with self.sessions.begin() as db:
            row = db.get(LoginSession, token_hash(token))
            if row is None:
                return None
            uid = row.user_id
            db.delete(row)
            return uid

    def user_for(self, token: str | None) -> User | None:
        if not token:
            return None
        with self.sessions() as db:
            row = db.get(LoginSession, token_hash(token))
            if row is None:
                return None
            expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=UTC)
            if expires < datetime.now(UTC):
                return None
            return db.get(User, row.user_id)


__all__ = ["Accounts", "Forbidden", "Unauthorized"]
