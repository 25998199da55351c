"""Glicko-2 ratings, after Mark E. Glickman, "Example of the Glicko-2 system" (2013).

A rating period is a set of games scored 1 (win), 0.5 (draw) or 0 (loss); a period without games
only widens the rating deviation. The new volatility is found with the Illinois algorithm
(the 2013 revision of the paper). The rating deviation never exceeds 350, the value of a new player.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2 scale factor: 400 / ln(10)
BASE = 1500.0
MAX_RD = 350.0
EPSILON = 1e-6  # convergence tolerance of the volatility iteration
_MAX_ITERATIONS = 200


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(_MAX_ITERATIONS):
        if abs(big_b - big_a) <= EPSILON or f_b == f_a:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _check(rating: Rating) -> None:
    if not (math.isfinite(rating.rating) and rating.rd > 0 and math.isfinite(rating.rd)):
        raise ValueError(f"not a rating: {rating}")
    if not (rating.vol > 0 and math.isfinite(rating.vol)):
        raise ValueError(f"not a volatility: {rating}")


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = 0.5) -> Rating:
    """``player`` after one rating period of ``results`` (opponent's rating before it, player's score)."""
    _check(player)
    if not tau > 0:
        raise ValueError(f"tau must be positive, not {tau}")
    mu = (player.rating - BASE) / SCALE
    phi = player.rd / SCALE
    sigma = player.vol
    if not results:
        phi_new = math.sqrt(phi * phi + sigma * sigma)
        return Rating(float(player.rating), min(phi_new * SCALE, MAX_RD), sigma)

    inv_v = 0.0
    improvement = 0.0  # sum of g(phi_j) * (s_j - E_j)
    for opponent, score in results:
        _check(opponent)
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is 1, 0.5 or 0, not {score}")
        g_j = _g(opponent.rd / SCALE)
        e_j = _expected(mu, (opponent.rating - BASE) / SCALE, g_j)
        inv_v += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (score - e_j)
    if inv_v <= 0.0:  # outcomes certain to the last bit (ratings thousands apart): nothing learnt
        return update(player, [], tau)
    v = 1.0 / inv_v
    delta = v * improvement

    sigma_new = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(SCALE * mu_new + BASE, min(SCALE * phi_new, MAX_RD), sigma_new)


def rate_match(a: Rating, b: Rating, score_a: float, tau: float = 0.5) -> tuple[Rating, Rating]:
    """Both players after one game (its own rating period), each rated against the other's pre-match rating."""
    return update(a, [(b, score_a)], tau), update(b, [(a, 1.0 - score_a)], tau)
