"""Ratings in the database: one Glicko-2 rating per account and game, updated when a rated match ends.

Each finished match is its own rating period (as on most game servers): both players are updated
from their ratings before the match. The seats keep the rating before and after for the history.
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
    """Update both players of a finished two-seat match from its outcome (winner or draw)."""
    seats = list(db.scalars(select(Seat).where(Seat.match_id == m.id).order_by(Seat.role)))
    if len(seats) != 2 or seats[0].user_id == seats[1].user_id or not m.outcome:
        return
    a, b = seats
    winner = m.outcome.get("winner")
    score_a = 0.5 if winner is None else (1.0 if winner == a.role else 0.0)
    ra, rb = _rating(db, a.user_id, m.game, t), _rating(db, b.user_id, m.game, t)
    new_a, new_b = glicko2.rate_match(glicko2.Rating(ra.rating, ra.rd, ra.vol),
                                      glicko2.Rating(rb.rating, rb.rd, rb.vol), score_a)
    for seat, row, new in ((a, ra, new_a), (b, rb, new_b)):
        seat.rating_before, seat.rating_after = row.rating, new.rating
        row.rating, row.rd, row.vol = new.rating, new.rd, new.vol
        row.games += 1
        row.updated_at = t
