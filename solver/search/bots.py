"""Bots at three strengths built on the hint engine (issue 6).

They implement the :class:`solver.bots.base.Bot` protocol: declaring,
riots and the kitty are left to the baseline bot; leads and follows come
from sampled search (:func:`solver.search.pimc.evaluate`) over deals
consistent with what the seat can see.  A fixed number of samples per
decision and a seed drawn from the position keep every bot deterministic.

========  =========  ====================  ===========================
strength  samples    exact search from     notes
========  =========  ====================  ===========================
1         3          2 cards per hand      quick, makes mistakes
2         8          3 cards per hand
3         16         4 cards per hand      the strongest
========  =========  ====================  ===========================
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from solver.bots.baseline import BaselineBot
from solver.cards import FACES, Card
from solver.game.view import SeatView
from solver.search.hidden import Knowledge, knowledge_from_view, sample_deal
from solver.search.model import POINTS, CachedMoves, Play, Table, remove
from solver.search.pimc import Evaluation, candidates, evaluate
from solver.search.rollout import rollout

#: The baseline's own play is kept when its sampled value is within this
#: many points of the best candidate's (the search is noisy; the baseline's
#: rules are a sound prior).
TRUST_BASELINE = 3.0
#: Per decision kind, when set (None: TRUST_BASELINE).
TRUST_LEAD: float | None = None
TRUST_FOLLOW: float | None = None
#: ... and also whenever the best candidate's gain over it, paired deal by
#: deal, is within this many standard errors of zero (0: off).
TRUST_Z = 0.0
#: Which decisions the search makes (the others are the baseline's).
SEARCHED: frozenset[str] = frozenset({"lead", "follow"})
#: Rollouts (an experiment): deals per decision (0: off), how many of the
#: search's best candidates are rolled out, the gain over the search's choice
#: needed to switch, and for which decisions.
ROLLOUTS = 0
ROLLOUT_TOP = 3
ROLLOUT_MARGIN = 0.0
ROLLOUT_KINDS: frozenset[str] = frozenset({"lead"})
#: Keep sampling the baseline's play even when it ranks below the cut.
PROTECT_BASELINE = False


@dataclass(frozen=True, slots=True)
class Strength:
    samples: int
    exact_cards: int


STRENGTHS: dict[int, Strength] = {
    1: Strength(samples=3, exact_cards=2),
    2: Strength(samples=8, exact_cards=3),
    3: Strength(samples=16, exact_cards=4),
}


def _stderr(xs: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return float("inf")
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


class SearchBot(BaselineBot):
    """A bot that plays by sampled search; ``strength`` 1, 2 or 3."""

    def __init__(self, strength: int = 3, seed: int = 0) -> None:
        super().__init__()
        if strength not in STRENGTHS:
            raise ValueError(f"strength must be 1, 2 or 3, not {strength}")
        self.strength = strength
        self.params = STRENGTHS[strength]
        self.seed = seed
        self.name = f"search{strength}"
        self._ctx_key: object = None
        self._table: Table | None = None
        self._moves: CachedMoves | None = None

    def _tools(self, view: SeatView) -> tuple[Table, CachedMoves]:
        ctx = view.ctx
        assert ctx is not None
        key = (ctx.rules, ctx.level, ctx.trump)
        if key != self._ctx_key or self._table is None or self._moves is None:
            self._ctx_key = key
            self._table = Table(ctx)
            self._moves = CachedMoves(ctx)
        return self._table, self._moves

    def _choose(self, view: SeatView, lead: bool) -> list[Card]:
        table, moves = self._tools(view)
        k = knowledge_from_view(view)
        plays = candidates(k, moves, table)
        if len(plays) == 1:
            return [FACES[f] for f in plays[0]]
        base: Play | None = None
        if TRUST_BASELINE > 0:
            cards = super().lead(view) if lead else super().follow(view)
            base = tuple(sorted(c.index for c in cards))
            if base not in plays:
                plays = plays + [base]
        tag = f"{self.seed}:{view.seat}:{k.own}:{k.trick}:{len(k.seen)}"
        rng = random.Random(zlib.crc32(tag.encode()))
        ev = evaluate(k, budget=float("inf"), rng=rng, min_samples=self.params.samples,
                      max_samples=self.params.samples, exact_cards=self.params.exact_cards,
                      plays=plays, moves=moves, table=table,
                      protect=base if PROTECT_BASELINE else None)
        table.trim()  # keep memory bounded over long runs
        best = ev.best
        if base is not None:
            for e in ev.estimates:
                if e.play == base and e.samples == best.samples:
                    sign = 1.0 if ev.maximize else -1.0
                    gaps = [sign * (b - v) for b, v in zip(best.values, e.values, strict=True)]
                    gap = sum(gaps) / len(gaps)
                    margin = TRUST_LEAD if lead else TRUST_FOLLOW
                    if margin is None:
                        margin = TRUST_BASELINE
                    if gap <= margin or gap <= TRUST_Z * _stderr(gaps):
                        best = e
                    break
        kinds = ROLLOUT_KINDS
        if ROLLOUTS and ("lead" if lead else "follow") in kinds and \
                len(k.own) + (0 if not k.trick else 0) > self.params.exact_cards:
            return self._rollouts(view, k, ev, base, best.play, rng, table)
        return [FACES[f] for f in best.play]

    def _rollouts(self, view: SeatView, k: Knowledge, ev: Evaluation, base: Play | None,
                  chosen: Play, rng: random.Random, table: Table) -> list[Card]:
        """Re-rank the search's top candidates (and the baseline's play) by
        baseline-policy rollouts to the end of the hand on fresh samples."""
        full = [e for e in ev.estimates if e.samples == ev.best.samples]
        cands: list[Play] = []
        for e in full[:ROLLOUT_TOP]:
            cands.append(e.play)
        for extra in (chosen, base):
            if extra is not None and extra not in cands:
                cands.append(extra)
        if len(cands) < 2:
            return [FACES[f] for f in chosen]
        seen = [c for t in view.tricks for p in t.plays for c in p]
        totals = dict.fromkeys(cands, 0.0)
        seat = k.to_move
        policy = BaselineBot()
        for _ in range(ROLLOUTS):
            hands, kitty = sample_deal(k, rng)
            kp = sum(POINTS[f] for f in kitty)
            for play in cands:
                hs = list(hands)
                hs[seat] = remove(hands[seat], play)
                totals[play] += rollout(table, policy, (hs[0], hs[1], hs[2], hs[3]), k.leader,
                                        k.trick + (play,), k.dealer, kp, k.points, seen,
                                        view.tricks)
        sign = 1.0 if ev.maximize else -1.0
        ranked = sorted(cands, key=lambda p: -sign * totals[p])
        pick = ranked[0]
        keep = chosen
        if sign * (totals[pick] - totals[keep]) / ROLLOUTS > ROLLOUT_MARGIN:
            keep = pick
        return [FACES[f] for f in keep]

    def lead(self, view: SeatView) -> list[Card]:
        if "lead" not in SEARCHED:
            return super().lead(view)
        return self._choose(view, True)

    def follow(self, view: SeatView) -> list[Card]:
        if "follow" not in SEARCHED:
            return super().follow(view)
        return self._choose(view, False)


def search_bots(strength: int, seed: int = 0) -> Sequence[SearchBot]:
    return [SearchBot(strength, seed) for _ in range(4)]
