"""Player ratings."""

from server.ratings.glicko2 import Rating, rate_match, update

__all__ = ["Rating", "rate_match", "update"]
