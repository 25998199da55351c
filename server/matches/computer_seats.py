"""The computer opponents' seats: one account per level, each level's record, which seatings are refused.
Kept apart from the runner (``computer``) so that the match service, which seats them, imports neither the
runner nor anything that imports the service."""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ..bots import computer_levels
from ..bots.levels import LEVELS
from ..engine.core import Role, Rules, won
from ..store.models import Match, Seat, User


def account_name(level: str) -> str:
    return f"Computer ({level})"


class Seating(Protocol):
    """What ``account`` needs of the match service (a structural type: the service imports this module)."""

    sessions: sessionmaker[Session]

    def computers(self, db: Session | None = None) -> dict[int, str]: ...

    def forget_computers(self) -> None: ...


def account(svc: Seating, level: str) -> int:
    """The account of the computer at ``level``, made if it does not exist yet (two processes making it
    at once: one insert wins, the other reads it)."""
    known = {lv: uid for uid, lv in svc.computers().items()}
    if level in known:
        return known[level]
    try:
        with svc.sessions.begin() as db:
            # '#' and spaces are refused in persons' names: no one can register or log in as it.
            u = User(username=account_name(level), canonical=f"#computer:{level}", password_hash="!",
                     computer=level)
            db.add(u)
            db.flush()
            uid = u.id
    except IntegrityError:
        with svc.sessions() as db:
            uid = db.scalars(select(User.id).where(User.computer == level)).one()
    svc.forget_computers()
    return uid


def records(db: Session, game: str) -> dict[str, dict[str, int]]:
    """Each level's finished matches of ``game``, from the computer's side: won, lost, drawn (every match
    with a computer has a person in it: a match of computers alone cannot be made). A seat won when its
    side did (the winner names a role of its side, or the side)."""
    from ..games import GAMES

    rules = GAMES.get(game)
    out = {level: {"won": 0, "lost": 0, "drawn": 0} for level in LEVELS}
    winner = Match.outcome["winner"].as_string()  # NULL for a draw (JSON null), on SQLite and Postgres alike
    rows = db.execute(select(User.computer, Seat.role, winner, func.count())
                      .join(Seat, Seat.user_id == User.id).join(Match, Match.id == Seat.match_id)
                      .where(User.computer.is_not(None), Match.game == game, Match.status == "finished")
                      .group_by(User.computer, Seat.role, winner))
    for level, role, won_by, n in rows:
        if level in out:
            result = won(rules, won_by, role) if rules is not None else (None if won_by is None else won_by == role)
            out[level]["drawn" if result is None else "won" if result else "lost"] += int(n)
    return out


def refusal(rules: Rules, seats: tuple[Role, ...], creator_role: str | None, computer: dict[str, str]) -> str | None:
    """Why a ``computer`` seating of a match with these ``seats`` cannot be (the service refuses it with
    this reason), or None."""
    game = rules.id
    levels = computer_levels(game)
    if not levels:
        return f"{game} has no computer opponent yet."
    for role, level in computer.items():
        if role not in rules.roles:
            return f"{game} has no role {role!r} for the computer; the seats are {', '.join(seats)}."
        if role not in seats:
            return f"{role} is not a seat of this match, so not the computer's; the seats are {', '.join(seats)}."
        if role == creator_role:
            return f"You take the {role} seat yourself: the computer takes another one."
        if level not in levels:
            return f"No computer level {level!r}; the levels are {', '.join(levels)}."
    if set(seats) <= set(computer):
        return "A match needs a seat for a person: the computer does not play itself here."
    return None
