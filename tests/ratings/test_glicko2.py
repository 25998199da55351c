"""Glicko-2 against Glickman's worked example and the properties the match service relies on."""

from __future__ import annotations

import math
from dataclasses import astuple

import pytest

from server.ratings import Rating, rate_match, update
from server.ratings.glicko2 import SCALE

EXAMPLE_PLAYER = Rating(1500, 200, 0.06)
EXAMPLE_RESULTS = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_glickman_worked_example() -> None:
    new = update(EXAMPLE_PLAYER, EXAMPLE_RESULTS, tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.vol == pytest.approx(0.05999, abs=1e-5)
    assert new.vol < EXAMPLE_PLAYER.vol


def test_order_of_the_games_in_a_period_does_not_matter() -> None:
    forward = astuple(update(EXAMPLE_PLAYER, EXAMPLE_RESULTS))
    assert astuple(update(EXAMPLE_PLAYER, EXAMPLE_RESULTS[::-1])) == pytest.approx(forward, rel=1e-9)


def test_no_games_only_widens_the_deviation() -> None:
    new = update(EXAMPLE_PLAYER, [])
    assert new.rating == 1500
    assert new.vol == 0.06
    assert new.rd == pytest.approx(SCALE * math.sqrt((200 / SCALE) ** 2 + 0.06**2))
    assert new.rd == pytest.approx(200.2714, abs=1e-3)


def test_deviation_is_capped_at_350() -> None:
    assert update(Rating(), []).rd == 350.0
    assert update(Rating(1500, 349.9, 0.06), []).rd == 350.0
    assert update(Rating(1500, 50, 0.06), []).rd < 350.0
    # A game that teaches almost nothing cannot lift a volatile new player above 350 either.
    assert update(Rating(1500, 350, 0.3), [(Rating(3500, 350), 0.0)]).rd == 350.0


def test_draw_between_equals_is_symmetric() -> None:
    a, b = rate_match(Rating(), Rating(), 0.5)
    assert a == b
    assert a.rating == pytest.approx(1500.0)
    assert a.rd < 350.0


def test_winner_gains_and_loser_loses() -> None:
    a, b = Rating(1600, 80, 0.06), Rating(1550, 120, 0.06)
    a_won, b_lost = rate_match(a, b, 1.0)
    assert a_won.rating > a.rating
    assert b_lost.rating < b.rating
    a_lost, b_won = rate_match(a, b, 0.0)
    assert a_lost.rating < a.rating
    assert b_won.rating > b.rating
    # The surer rating moves less.
    assert a_won.rating - a.rating < b.rating - b_lost.rating


def test_rate_match_uses_the_pre_match_ratings() -> None:
    a, b = Rating(1700, 60, 0.06), Rating(1450, 200, 0.07)
    new_a, new_b = rate_match(a, b, 0.0, tau=0.3)
    assert new_a == update(a, [(b, 0.0)], tau=0.3)
    assert new_b == update(b, [(a, 1.0)], tau=0.3)


def test_upset_raises_volatility_and_converges() -> None:
    # delta^2 > phi^2 + v: the other branch of the Illinois bracket.
    player = Rating(1500, 30, 0.06)
    new = update(player, [(Rating(2500, 30), 1.0)] * 5)
    assert new.vol > player.vol
    assert new.rating > player.rating
    assert all(math.isfinite(x) for x in (new.rating, new.rd, new.vol))


def test_bad_inputs() -> None:
    with pytest.raises(ValueError):
        update(Rating(), [(Rating(), 2.0)])
    with pytest.raises(ValueError):
        update(Rating(), [(Rating(), 1.0)], tau=0)
    with pytest.raises(ValueError):
        update(Rating(1500, 0, 0.06), [])


def reference(player: Rating, results: list[tuple[Rating, float]], tau: float) -> tuple[float, float, float]:
    """Glickman's steps 1-8 written out again, with plain bisection instead of the Illinois algorithm.

    Only for cases where step 5's f is monotone (one root): with extreme upsets and a large tau it can
    have three, and then Glickman's bracket [a, B] and this wide one may settle on different roots.
    """
    mu, phi, sigma = (player.rating - 1500) / 173.7178, player.rd / 173.7178, player.vol
    terms = []
    for opp, s in results:
        mu_j, phi_j = (opp.rating - 1500) / 173.7178, opp.rd / 173.7178
        g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        terms.append((g, e, s))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in terms)
    delta = v * sum(g * (s - e) for g, e, s in terms)
    a = math.log(sigma**2)

    def f(x: float) -> float:
        return math.exp(x) * (delta**2 - phi**2 - v - math.exp(x)) / (2 * (phi**2 + v + math.exp(x)) ** 2) - (
            x - a
        ) / tau**2

    lo, hi = a - 20.0, a + 20.0  # f is decreasing: f(lo) > 0 > f(hi)
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    sigma_new = math.exp(lo / 2)
    phi_new = 1 / math.sqrt(1 / (phi**2 + sigma_new**2) + 1 / v)
    mu_new = mu + phi_new**2 * sum(g * (s - e) for g, e, s in terms)
    return 173.7178 * mu_new + 1500, 173.7178 * phi_new, sigma_new


@pytest.mark.parametrize(
    ("player", "results", "tau"),
    [
        (EXAMPLE_PLAYER, EXAMPLE_RESULTS, 0.5),
        (Rating(1500, 40, 0.08), [(Rating(1800, 40), 1.0)] * 4, 1.0),  # volatility rises
        (Rating(1800, 120, 0.09), [(Rating(1790, 80), 0.5)] * 4, 0.3),  # volatility falls
        (Rating(1200, 300, 0.06), [(Rating(1900, 40), 1.0), (Rating(1000, 200), 0.0), (Rating(1250, 90), 0.5)], 0.8),
    ],
)
def test_matches_an_independent_reference(player: Rating, results: list[tuple[Rating, float]], tau: float) -> None:
    new = update(player, results, tau)
    want = reference(player, results, tau)
    assert new.rating == pytest.approx(want[0], abs=1e-3)
    assert new.rd == pytest.approx(want[1], abs=1e-3)
    assert new.vol == pytest.approx(want[2], abs=1e-6)
