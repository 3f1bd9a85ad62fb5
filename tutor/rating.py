"""Glicko-2 ratings for learners and puzzles (as lichess rates puzzles).

Each answer is one game between the learner and the puzzle: the learner
scores 1 for a right first answer, 0 otherwise; the puzzle scores the
opposite.  Glickman's algorithm (2012), one game per rating period.

>>> me, puzzle = Glicko(), Glicko(1500, 60, 0.06)
>>> won = me.update(puzzle, 1.0)
>>> round(won.rating) > 1500 and won.rd < me.rd
True
>>> lost = me.update(puzzle, 0.0)
>>> round(lost.rating) < 1500
True

A new rating is provisional (:data:`PROVISIONAL_RD`): it moves a lot at
first, less with each answer.

>>> me.provisional, lost.provisional, lost.margin()
(True, True, 250)
>>> Glicko(1480, 95).provisional
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5          # system constant: how fast volatility may change
EPSILON = 1e-6
MIN_RD, MAX_RD = 30.0, 350.0
#: Above this deviation a rating is provisional, as lichess marks one
#: (https://lichess.org/qa/342: "the glicko2 deviation is superior to 110").
#: A new learner starts at 350: one answer moves the rating by up to ~280
#: points.  Against puzzles of deviation 100 the learner's deviation falls
#: under 110 after about a dozen answers, when one answer moves the rating
#: by about 30 points, a step that no longer needs explaining.
PROVISIONAL_RD = 110.0


@dataclass(frozen=True, slots=True)
class Glicko:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06

    def as_tuple(self) -> tuple[float, float, float]:
        return (self.rating, self.rd, self.vol)

    @property
    def provisional(self) -> bool:
        """Still uncertain: the next answers move the rating a lot."""
        return self.rd > PROVISIONAL_RD

    def margin(self) -> int:
        """How far the true rating may be from ``rating``, for the learner:
        one deviation (about two chances in three), rounded to ten."""
        return int(round(self.rd / 10.0)) * 10

    def expected(self, other: Glicko) -> float:
        """Expected score against ``other``."""
        mu, mu_j = (self.rating - 1500) / SCALE, (other.rating - 1500) / SCALE
        return 1 / (1 + math.exp(-_g(other.rd / SCALE) * (mu - mu_j)))

    def update(self, opponent: Glicko, score: float) -> Glicko:
        """The rating after one game scoring ``score`` (1, 0.5 or 0)."""
        mu, phi = (self.rating - 1500) / SCALE, self.rd / SCALE
        mu_j, phi_j = (opponent.rating - 1500) / SCALE, opponent.rd / SCALE
        g = _g(phi_j)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        v = 1 / (g * g * e * (1 - e))
        delta = v * g * (score - e)
        sigma = _new_volatility(phi, self.vol, v, delta)
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
        new_mu = mu + new_phi * new_phi * g * (score - e)
        rd = min(MAX_RD, max(MIN_RD, new_phi * SCALE))
        return Glicko(1500 + new_mu * SCALE, rd, sigma)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _new_volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5 of Glicko-2: the Illinois algorithm on f(x)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= EPSILON:
            break
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    return math.exp(big_a / 2)


def play(learner: Glicko, puzzle: Glicko, solved: bool) -> tuple[Glicko, Glicko]:
    """Both new ratings after the learner meets a puzzle."""
    s = 1.0 if solved else 0.0
    return learner.update(puzzle, s), puzzle.update(learner, 1.0 - s)
