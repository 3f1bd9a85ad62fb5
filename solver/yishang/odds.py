"""How likely is a face-down claim to be a bluff? (R-Y-DOWN)

A challenge succeeds when the card's rank differs from the declaration or is
below the target before the play.  Two estimates, both from the point of view
of one observer (the would-be challenger):

``p_uniform`` (exact)
    The face-down card is taken to be uniformly one of the *unseen* cards:
    the 52 minus the observer's hand minus the cards whose place the
    observer knows elsewhere.  The challenge fails only on a card of the
    declared rank when that rank is not below the target::

        p_uniform = 1 - [D >= T] * unseen(D) / |unseen|

``p_count`` (exact, what the hint tells as "counting cards alone")
    The same count with what is public of the claimer's hand: the
    face-down card is any of the cards they held before the play, equally
    likely; those known to be theirs (the face-up and revealed cards of
    piles they took) are themselves, the others uniformly unseen cards
    (:func:`p_count`).  Without known cards it is ``p_uniform``.

``p_model`` (Bayesian, documented model)
    The claimer's hand is a uniform random set of ``h`` unseen cards (plus
    any cards publicly known to be theirs) and the claimer chooses cards by
    this model of play:

    * *honest options* are the ranks ≥ the target that they hold;
    * with options, they tell the truth with probability ``1 - β`` and bluff
      with probability ``β`` (``β`` = the claimer's bluff rate: a Beta prior
      updated with the claims of theirs that challenges revealed);
    * without options they must bluff;
    * an honest claimer declares their lowest option (the seed's advice:
      keep high cards for later), except with probability ``ε`` when they
      pick an option at random;
    * a bluffer declares ``D ≥ T`` with probability
      ``π(D) = (1−μ) · λ^(D−T) / Σλ + μ / (16 − T)``: mostly near the target,
      where claims look natural, sometimes anything.

    Then ``P(bluff | D) = L_bluff / (L_bluff + L_truth)`` with::

        L_truth = (1−β) · [(1−ε) · P(lowest option is D) + ε · P(hold D) / E(#options)]
        L_bluff = (P(no option) + β · (1 − P(no option))) · π(D)

    Every probability of a hand is a hypergeometric count of the unseen
    cards by rank, so the estimate is exact under the model and cheap.

>>> from fractions import Fraction
>>> u = [0] * 16
>>> u[10], u[7] = 2, 3        # five unseen cards: two 10s and three 7s
>>> p_uniform(8, 10, u)
Fraction(3, 5)
>>> p_uniform(8, 7, u)        # a declaration below the target always loses
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Final

from solver.cards import Card
from solver.yishang.errors import YishangError
from solver.yishang.ranks import HIGHEST, rank_name

_COMB: Final = [[float(comb(n, k)) for k in range(53)] for n in range(53)]


@dataclass(frozen=True, slots=True)
class Model:
    """Parameters of the play model behind :func:`p_model`."""

    #: Beta prior on a player's bluff rate β (mean a / (a + b) = 0.25).
    prior_truths: float = 6.0
    prior_bluffs: float = 2.0
    #: ε: an honest claimer does not declare their lowest option.
    off_lowest: float = 0.1
    #: λ: a bluffer's declaration decays by this factor per rank above the target.
    decay: float = 0.5
    #: μ: the share of bluffers who declare any rank ≥ the target at random.
    wild: float = 0.3
    #: Prior of a claimer's :class:`Style` (read per player by
    #: :meth:`solver.yishang.reads.TableReads.style`): the share of bluffs that
    #: declare the target itself (None: π's share), the chance of declaring
    #: below the target without a card that reaches it, and the weight of
    #: these priors in plays.
    style_at: float | None = None
    style_below: float = 0.1
    style_weight: float = 2.0

    def bluff_rate(self, truths: int = 0, bluffs: int = 0) -> float:
        """Posterior mean of β after ``truths`` honest and ``bluffs`` false
        claims were revealed by challenges.

        >>> Model().bluff_rate(), Model().bluff_rate(0, 8)
        (0.25, 0.625)
        """
        return (self.prior_bluffs + bluffs) / (self.prior_bluffs + self.prior_truths + truths + bluffs)


DEFAULT_MODEL: Final = Model()


@dataclass(frozen=True, slots=True)
class Style:
    """What one claimer was seen to declare when bluffing (read from the
    table, :meth:`solver.yishang.reads.TableReads.style`): ``below`` is the
    chance that, holding no card that reaches the target, they declare a
    rank below it (a true claim that loses by rule, R-Y-DOWN) instead of
    bluffing; ``at`` is the share of their bluffs that declare the target
    itself (the rest spread above it as π does)."""

    below: float
    at: float


#: yishang rank by card index (Card.index: 13 per suit, rank 2 first; jokers 52, 53).
_YRANK: Final = [15 if i % 13 == 0 else i % 13 + 2 for i in range(52)]


def unseen_counts(hand: Iterable[Card], seen: Iterable[Card]) -> list[int]:
    """Counts by yishang rank (index 3..15) of the cards the observer cannot
    place: the pack minus ``hand`` minus ``seen``.  A card listed twice (or
    in both) is an error."""
    counts = [0, 0, 0] + [4] * 13
    mask = 0
    yr = _YRANK
    for group in (hand, seen):
        for c in group:
            i = c.index
            if i >= 52:
                raise YishangError(f"{c}: the yishang pack has no jokers",
                                   code="yishang.error.joker", card=str(c))
            bit = 1 << i
            if mask & bit:
                raise YishangError(f"{c} is listed twice", code="yishang.error.duplicate_card",
                                   card=str(c))
            mask |= bit
            counts[yr[i]] -= 1
    return counts


def challenge_succeeds(rank: int, declared: int, target: int) -> bool:
    """R-Y-DOWN: a card of ``rank`` declared ``declared`` against ``target``."""
    return rank != declared or rank < target


def p_uniform(target: int, declared: int, unseen: Sequence[int]) -> Fraction:
    """Exact probability that a challenge succeeds when the face-down card is
    uniformly one of the unseen cards (counts by rank)."""
    total = sum(unseen)
    if total <= 0:
        raise YishangError("no unseen card could be the face-down card",
                           code="yishang.error.no_unseen")
    fail = unseen[declared] if declared >= target else 0
    return Fraction(total - fail, total)


def p_count(target: int, declared: int, unseen: Sequence[int], claimer_hand: int,
            claimer_known: Sequence[int] | None = None) -> Fraction:
    """Exact probability that a challenge succeeds by counting cards alone,
    with what is known of the claimer's hand: the face-down card is any of
    the ``claimer_hand`` cards the claimer held before the play, equally
    likely; the ``K`` of them publicly known (``claimer_known``, counts by
    rank, part of ``unseen``) are themselves, the other ``m = h − K`` are
    drawn from the ``n`` unseen cards not known to be theirs
    (``pool = unseen − claimer_known``)::

        p_count = 1 - [D >= T] * (known(D) + m * pool(D) / n) / h

    With nothing known it is :func:`p_uniform` (the unknown cards are a
    uniform draw of the unseen ones).  A card the observer saw go into the
    claimer's hand (a revealed card of a pile they took, R-Y-DOWN) is not
    one of the cards they cannot place: it makes a true claim of its rank
    likelier, not one more unseen copy.

    >>> u = [0] * 16
    >>> u[4], u[9] = 2, 41        # 43 unseen cards: two 4s, the rest 9s
    >>> k = [0] * 16
    >>> k[4] = 1                  # one of the 4s is known to be the claimer's
    >>> p_count(3, 4, u, 7, k)    # (1 + 6 · 1/42) / 7 = 8/49 true
    Fraction(41, 49)
    >>> p_count(3, 4, u, 7) == p_uniform(3, 4, u)
    True
    """
    known = list(claimer_known) if claimer_known is not None else [0] * 16
    k = sum(known)
    if k == 0:
        return p_uniform(target, declared, unseen)
    pool = [u - c for u, c in zip(unseen, known, strict=True)]
    if min(pool) < 0:   # a card known to be the claimer's is also in the observer's hand or seen
        r = pool.index(min(pool))
        raise YishangError(f"a {rank_name(r)} is listed more than once",
                           code="yishang.error.duplicate_card", card=rank_name(r))
    n = sum(pool)
    m = max(0, min(claimer_hand - k, n))
    if declared < target:
        return Fraction(1)
    true = Fraction(known[declared], k + m)
    if m:
        true += Fraction(m * pool[declared], (k + m) * n)
    return 1 - true


class ClaimModel:
    """:func:`p_model` for one claimer and target, for any declaration: the
    parts that do not depend on the declared rank are computed once."""

    __slots__ = (
        "_none_from_target",
        "beta",
        "denom",
        "known",
        "m",
        "model",
        "n_pool",
        "options",
        "p_no_option",
        "pool",
        "style",
        "target",
        "unseen",
    )

    def __init__(self, target: int, unseen: Sequence[int], claimer_hand: int,
                 claimer_known: Sequence[int] | None = None, bluff_rate: float | None = None,
                 model: Model = DEFAULT_MODEL, style: Style | None = None) -> None:
        self.target = target
        self.style = style
        self.unseen = unseen
        self.model = model
        self.beta = model.bluff_rate() if bluff_rate is None else bluff_rate
        known = list(claimer_known) if claimer_known is not None else [0] * 16
        self.known = known
        self.pool = pool = [max(0, u - k) for u, k in zip(unseen, known)]
        self.n_pool = n_pool = sum(pool)
        self.m = max(0, min(claimer_hand - sum(known), n_pool))
        self.denom = _COMB[n_pool][self.m]
        # P(no card of rank target..r) for r = target-1 .. HIGHEST
        none = [1.0]
        s = 0
        blocked = False
        for r in range(target, HIGHEST + 1):
            s += pool[r]
            blocked = blocked or known[r] > 0
            none.append(0.0 if blocked else self._none_of(s))
        self._none_from_target = none
        self.p_no_option = none[-1]
        self.options = sum(1.0 - self.p_none_rank(r) for r in range(target, HIGHEST + 1))

    def _none_of(self, s: int) -> float:
        return _COMB[self.n_pool - s][self.m] / self.denom if self.n_pool - s >= self.m else 0.0

    def p_none_rank(self, r: int) -> float:
        """P(the claimer holds no card of rank r)."""
        return 0.0 if self.known[r] else self._none_of(self.pool[r])

    def p(self, declared: int) -> float:
        """Probability that a challenge of ``declared`` succeeds (module docstring)."""
        target = self.target
        if declared < target or self.unseen[declared] == 0:
            return 1.0
        model = self.model
        beta = self.beta
        none = self._none_from_target
        p_hold_d = 1.0 - self.p_none_rank(declared)
        i = declared - target
        p_lowest_d = none[i] - none[i + 1]
        truth = (1.0 - beta) * ((1.0 - model.off_lowest) * p_lowest_d
                                + model.off_lowest * p_hold_d / max(1.0, self.options))
        pi = declare_share(model, target, i)
        forced = self.p_no_option
        style = self.style
        if style is not None and target < HIGHEST:
            forced *= 1.0 - style.below
            if i == 0:
                pi = style.at
            else:
                pi = (1.0 - style.at) * pi / max(1e-12, 1.0 - declare_share(model, target, 0))
        bluff = (forced + beta * (1.0 - self.p_no_option)) * pi
        if bluff + truth <= 0.0:
            return 1.0
        return bluff / (bluff + truth)


def declare_share(model: Model, target: int, i: int) -> float:
    """π(target + i): the share of bluffs declaring ``i`` ranks above the target."""
    lam = model.decay
    span = HIGHEST - target + 1
    return (1.0 - model.wild) * lam ** i * (1.0 - lam) / (1.0 - lam ** span) + model.wild / span


def p_model(target: int, declared: int, unseen: Sequence[int], claimer_hand: int,
            claimer_known: Sequence[int] | None = None, bluff_rate: float | None = None,
            model: Model = DEFAULT_MODEL, style: Style | None = None) -> float:
    """Probability that a challenge succeeds under the model of play (module
    docstring).  ``claimer_hand`` is the number of cards the claimer held
    before the face-down play; ``claimer_known`` counts by rank the cards
    publicly known to be theirs (a subset of ``unseen``)."""
    if declared < target or unseen[declared] == 0:
        return 1.0
    return ClaimModel(target, unseen, claimer_hand, claimer_known, bluff_rate, model,
                      style).p(declared)
