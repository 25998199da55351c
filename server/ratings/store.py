"""Ratings in the database: one Glicko-2 rating per account and game, updated when a rated match ends.

Each finished match is its own rating period (as on most game servers): every player is updated
from the ratings before the match (each winner against each loser). The seats keep the rating before
and after for the history.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..store.models import Match, Rating, Seat
from . import glicko2


def _rating(db: Session, user_id: int, game: str, t: datetime) -> Rating:
    row = db.get(Rating, (user_id, game))
    if row is None:
        start = glicko2.Rating()
        row = Rating(user_id=user_id, game=game, rating=start.rating, rd=start.rd, vol=start.vol, games=0,
                     updated_at=t)
        db.add(row)
    return row


def rate_match(db: Session, m: Match, t: datetime) -> None:
    """Update the players of a finished match from its outcome, all in one rating period from their ratings
    before it: each seat of the winning side against each seat that lost (a win and a loss for the pair),
    or, in a draw, each seat against each seat of the other sides (a draw for the pair). Partners of one
    side are not rated against each other. Two players: one game between them, as it always was."""
    from ..engine.core import side_of, won
    from ..games import GAMES

    seats = list(db.scalars(select(Seat).where(Seat.match_id == m.id).order_by(Seat.role)))
    users = [s.user_id for s in seats]
    rules = GAMES.get(m.game)
    if len(seats) < 2 or len(set(users)) != len(users) or not m.outcome or rules is None:
        return
    winner = m.outcome.get("winner")
    side = {s.role: side_of(rules, s.role) for s in seats}
    result = {s.role: won(rules, winner, s.role) for s in seats}
    rows = {s.role: _rating(db, s.user_id, m.game, t) for s in seats}
    before = {role: glicko2.Rating(row.rating, row.rd, row.vol) for role, row in rows.items()}
    games: dict[str, list[tuple[glicko2.Rating, float]]] = {s.role: [] for s in seats}
    for a in seats:
        for b in seats:
            if side[a.role] == side[b.role]:
                continue
            if winner is None:
                games[a.role].append((before[b.role], 0.5))
            elif result[a.role] != result[b.role]:  # a winner and a loser (two losing sides do not play)
                games[a.role].append((before[b.role], 1.0 if result[a.role] else 0.0))
    for seat in seats:
        if not games[seat.role]:
            continue
        row = rows[seat.role]
        new = glicko2.update(before[seat.role], games[seat.role])
        seat.rating_before, seat.rating_after = row.rating, new.rating
        row.rating, row.rd, row.vol = new.rating, new.rd, new.vol
        row.games += 1
        row.updated_at = t
