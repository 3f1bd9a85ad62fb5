"""Bots at three strengths built on the hint engine (issue 6).

They implement the :class:`solver.bots.base.Bot` protocol: declaring
and riots are left to the baseline bot, the kitty is buried to void plain
suits (:func:`solver.bots.kitty.void_burial`); leads and follows come
from sampled search (:func:`solver.search.pimc.evaluate`) over deals
consistent with what the seat can see, in which the other three seats
play as baseline bots would with the hands the sample gives them
(:mod:`solver.search.opponent`); each deal is the best explained of
``FIT_TRIES`` samples.  Below the current trick the rest of the hand is
estimated by :class:`solver.search.pimc.Static` (``BOT_ESTIMATE``; counting
ruffing voids, :class:`~solver.search.pimc.VoidStatic`, is an option).
A fixed number of samples per decision (``Strength.lead_samples`` can
give leads another number) and a seed drawn from the position keep every
bot deterministic.

========  =========  ====================  ===========================
strength  samples    exact search from     notes
========  =========  ====================  ===========================
1         3          2 cards per hand      quick, makes mistakes
2         8          3 cards per hand
3         16         6 cards per hand      the strongest
========  =========  ====================  ===========================
"""

from __future__ import annotations

import dataclasses
import functools
import random
import statistics
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.bots.baseline import BaselineBot
from solver.bots.kitty import VoidBurier
from solver.cards import FACES, Card
from solver.game.view import SeatView
from solver.search.hidden import Knowledge, knowledge_from_view
from solver.search.model import CachedMoves, Hands, Play, Table, faces
from solver.search.opponent import BaselineModel, Tally, misfit, play_misfit
from solver.search.pimc import Estimate, Estimator, Evaluation, Static, candidates, evaluate
from solver.search.rollout import Rollout, rollout_values

#: The baseline's own play is kept when its sampled value is within this
#: many points of the best candidate's (the search is noisy; the baseline's
#: rules are a sound prior).
TRUST_BASELINE = 3.0
#: The margin for follows: smaller, since the opponent model makes the
#: search's follows sharp (the rest of the trick is played exactly as the
#: baseline opponents would); 1 measured +2.4 points a hand over 3, and 0 worse
#: than 3 (docs/SEARCH.md).
TRUST_FOLLOW = 1.0
#: Model the opponents as baseline bots: they follow (and in the exact
#: endgame lead) as the baseline would with the sampled hand
#: (:class:`BaselineModel`) rather than as if they saw every hand.
OPPONENT_MODEL = True
#: In the exact endgame, modelled seats lead as the baseline would too.
MODEL_LEADS = True
#: Model the partner the same way (it keeps the baseline's play when the
#: search finds nothing clearly better).
PARTNER_MODEL = True
#: Without the model every seat is searched: exact search from at most this
#: many cards per hand keeps a decision under a second or so.
MINIMAX_EXACT_CARDS = 4
#: Bury by emptying whole plain suits first (:func:`solver.bots.kitty.void_burial`)
#: instead of the baseline's lowest cards.
VOID_BURIAL = True
#: Each deal is the best of this many samples by how well the model explains
#: the other seats' plays (1: no selection).
FIT_TRIES = 32
#: How many finished tricks (the latest) ``misfit`` reads, besides the current one
#: (None: every trick, each lead read with the tricks its leader had seen,
#: :func:`solver.search.opponent.play_misfit`).
FIT_RECENT: int | None = None
#: The fit reads the partner's plays too (the partner is a bot, which keeps
#: the baseline's play unless the search finds a clearly better one; a hint
#: reads it so).  With ``FIT_RECENT = None`` and ``FIT_TRIES = 32`` (variant
#: A of docs/SEARCH.md, twelfth session): +2.1 points a hand (SE 0.8, 95 % CI
#: [+0.6, +3.6]) over 8 tries of the opponents' last trick on tuning deals
#: 3000-3799, slowest move 0.71 s of CPU (median 0.10 s); adopted.  Seeing
#: the partner's hand would be worth +10 (``bench_strength.py --sees partner``).
FIT_PARTNER = True
#: With ``FIT_PARTNER``, whether the partner's leads are read too (its
#: follows keep the baseline's play within ``TRUST_FOLLOW``, its leads only
#: within ``TRUST_BASELINE``: a lead the search chose is not the baseline's
#: in about a third of them).  An experiment (``--fit-partner-follows``).
FIT_PARTNER_LEADS = True
#: With ``FIT_PARTNER`` and every trick read, the partner's unexplained leads
#: count half as much as other unexplained plays (its leads leave the
#: baseline's more often than its follows).  An experiment
#: (``bench_strength.py --fit-partner-lead-half``).
FIT_PARTNER_LEAD_HALF = False
#: With ``FIT_PARTNER`` and every trick read, the partner's leads are read
#: through the fitted model of the search bot's own leads
#: (:mod:`solver.search.leadpolicy`: a lead of chance P counts
#: ``-log P / FIT_POLICY_SCALE`` whole units, at most ``FIT_POLICY_CAP``,
#: other unexplained plays 2) instead of the baseline's.  An experiment
#: (``bench_strength.py --fit-partner-policy``).
FIT_PARTNER_POLICY = False
FIT_POLICY_SCALE = 1.0
FIT_POLICY_CAP = 4
#: Risk: a play is chosen by its mean value for the side minus this many
#: standard deviations of its values over the deals (0: the mean alone).
#: The search's value of the play it picks is optimistic (2.0 points, SE
#: 0.3, over 924 leads of dev hands 88000-88119 valued on the real deal),
#: most of all for a dealer's lead of points; an experiment
#: (``bench_strength.py --risk``).
RISK = 0.0
#: The estimate of the rest of the hand below the current trick: with
#: ruffing voids counted (:class:`VoidStatic`: +2.0 points a hand over
#: :class:`Static` on 86 tuning deals, but -0.6 [-1.8, +0.5] on 335 held-out
#: deals, docs/SEARCH.md) or not (``Static``, the default: the bots every
#: earlier measurement played; the held-out run gives no reason to change).
#: :class:`~solver.search.pimc.PromoStatic` (top cards promoted at the leaf) was
#: +0.9 (SE 0.6) on 399 tuning deals: not adopted either.
BOT_ESTIMATE: Callable[[Table, Hands, int, int], Estimator] = Static
#: Leads from a hand of at least this many cards are valued by rollouts
#: (:mod:`solver.search.rollout`: each sampled deal played out to the end
#: of the hand by four baseline bots) instead of the current trick plus
#: ``BOT_ESTIMATE`` alone (0: never).
ROLLOUT_CARDS = 0
#: How many of the search's best leads are rolled out (the baseline's lead
#: is rolled out too).
ROLLOUT_KEEP = 4
#: The rollout's weight in a rolled-out lead's value (the rest: the search's).
ROLLOUT_WEIGHT = 1.0
#: Deals the rolled-out leads are valued on (0: the search's deals); a
#: rollout's value is noisy (two runs of 16 deals chose the same lead in 6 of 16 early leads).
ROLLOUT_DEALS = 0


@dataclass(frozen=True, slots=True)
class Strength:
    samples: int
    exact_cards: int
    #: deals per lead (default: ``samples``)
    lead_samples: int = 0


STRENGTHS: dict[int, Strength] = {
    1: Strength(samples=3, exact_cards=2),
    2: Strength(samples=8, exact_cards=3),
    3: Strength(samples=16, exact_cards=6),
}


class SearchBot(VoidBurier):
    """A bot that plays by sampled search; ``strength`` 1, 2 or 3."""

    #: sees every hand (:class:`PerfectInfoBot`)
    perfect = False

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

    def _knowledge(self, view: SeatView) -> Knowledge:
        return knowledge_from_view(view)

    def _choose(self, view: SeatView, lead: bool) -> list[Card]:
        table, moves = self._tools(view)
        k = self._knowledge(view)
        plays = candidates(k, moves, table)
        if len(plays) == 1:
            return [FACES[f] for f in plays[0]]
        base: Play | None = None
        margin = TRUST_BASELINE if lead else TRUST_FOLLOW
        if margin > 0:
            cards = super().lead(view) if lead else super().follow(view)
            base = faces(cards)
            if base not in plays:
                plays = plays + [base]
        ev = self.evaluation(view, plays, k)
        if lead and ROLLOUT_CARDS and len(k.own) >= ROLLOUT_CARDS and ev.deals:
            return [FACES[f] for f in self._rolled_out(view, k, ev, base, margin)]
        best = ev.best
        sign = 1.0 if ev.maximize else -1.0

        def worth(e: Estimate) -> float:
            if not RISK or e.samples < 2:
                return sign * e.mean
            return sign * e.mean - RISK * statistics.pstdev(e.values)

        if RISK:
            best = max((e for e in ev.estimates if e.samples == best.samples), key=worth)
        if base is not None:
            for e in ev.estimates:
                if e.play == base and e.samples == best.samples:
                    if worth(best) - worth(e) <= margin:
                        best = e
                    break
        return [FACES[f] for f in best.play]

    def _rolled_out(self, view: SeatView, k: Knowledge, ev: Evaluation, base: Play | None,
                    margin: float) -> Play:
        """The lead chosen among the search's ``ROLLOUT_KEEP`` best and the
        baseline's ``base`` by their rollouts on the search's deals (blended
        with the search's values by ``ROLLOUT_WEIGHT``); the baseline's lead
        is kept within ``margin`` points of the best."""
        table, _ = self._tools(view)
        top = ev.estimates[:ROLLOUT_KEEP]
        if base is not None and all(e.play != base for e in top):
            top += [e for e in ev.estimates if e.play == base]
        if ROLLOUT_DEALS and not self.perfect:
            ev = self.evaluation(view, [e.play for e in top], k, ROLLOUT_DEALS)
            top = ev.estimates
        roll = Rollout(table.ctx, table, [(t.leader, t.plays) for t in view.tricks],
                       dealer=view.defenders or 0, burier=view.burier)
        rv = rollout_values(roll, ev.deals, k.viewer, k.leader, k.trick, k.points,
                            [e.play for e in top])
        sign = 1.0 if ev.maximize else -1.0
        value = {e.play: sign * (ROLLOUT_WEIGHT * rv[e.play] + (1 - ROLLOUT_WEIGHT) * e.mean)
                 for e in top}
        best = max(top, key=lambda e: value[e.play]).play  # ties: the search's order
        if base is not None and value[best] - value[base] <= margin:
            return base
        return best

    def evaluation(self, view: SeatView, plays: Sequence[Play],
                   k: Knowledge | None = None, samples: int = 0) -> Evaluation:
        """The search's values of ``plays`` for the seat to move (its
        knowledge ``k``, by default what the seat sees) on ``samples``
        deals (by default the strength's)."""
        table, moves = self._tools(view)
        k = k or self._knowledge(view)
        tag = f"{self.seed}:{view.seat}:{k.own}:{k.trick}:{len(k.seen)}"
        rng = random.Random(zlib.crc32(tag.encode()))
        exact = self.params.exact_cards if OPPONENT_MODEL else \
            min(self.params.exact_cards, MINIMAX_EXACT_CARDS)
        model = self._model(view) if OPPONENT_MODEL else None
        explain = None
        opps = frozenset({(view.seat + 1) % 4, (view.seat + 3) % 4}
                         | ({(view.seat + 2) % 4} if FIT_PARTNER else set()))
        reads = FIT_RECENT
        if model is not None and FIT_TRIES > 1 and reads is None:
            history = [(t.leader, tuple(faces(p) for p in t.plays)) for t in view.tricks]
            light = frozenset({(view.seat + 2) % 4}) if FIT_PARTNER and FIT_PARTNER_LEAD_HALF \
                else frozenset()
            policy = frozenset({(view.seat + 2) % 4}) if FIT_PARTNER and FIT_PARTNER_POLICY \
                else frozenset()
            explain = play_misfit(k, history, recent=None, seats=opps, leads=MODEL_LEADS,
                                  light_leads=light, policy_leads=policy,
                                  policy_scale=FIT_POLICY_SCALE, policy_cap=FIT_POLICY_CAP)
        elif model is not None and FIT_TRIES > 1 and reads is not None:
            recent = [(t.leader, tuple(faces(p) for p in t.plays))
                      for t in view.tricks[len(view.tricks) - reads:]]
            if view.trick and view.leader is not None:
                recent.append((view.leader, tuple(faces(p) for p in view.trick)))
            leaders = None if FIT_PARTNER_LEADS else opps - {(view.seat + 2) % 4}
            explain = functools.partial(misfit, model, recent, opps, order=[], lead_seats=leaders)
        if not samples:
            samples = self.params.samples
            if not k.trick and self.params.lead_samples:
                samples = self.params.lead_samples
        if self.perfect:
            samples = 1
        ev = evaluate(k, budget=float("inf"), rng=rng, min_samples=samples,
                      max_samples=samples, exact_cards=exact,
                      plays=plays, moves=moves, table=table, model=model,
                      modeled=frozenset({(view.seat + i) % 4 for i in
                                         ((1, 2, 3) if PARTNER_MODEL else (1, 3))}),
                      misfit=None if self.perfect else explain, tries=FIT_TRIES, tally=Tally,
                      estimate=BOT_ESTIMATE)
        table.trim()  # keep memory bounded over long runs
        return ev

    def _model(self, view: SeatView) -> BaselineModel:
        ctx = view.ctx
        assert ctx is not None
        return BaselineModel(ctx, [(t.leader, t.plays) for t in view.tricks],
                             dealer=view.defenders or 0, burier=view.burier, leads=MODEL_LEADS)

    def bury(self, view: SeatView, count: int) -> list[Card]:
        if not VOID_BURIAL:
            return BaselineBot.bury(self, view, count)
        return super().bury(view, count)

    def reclaim(self, view: SeatView, count: int) -> list[Card]:
        if not VOID_BURIAL:
            return BaselineBot.reclaim(self, view, count)
        return super().reclaim(view, count)

    def lead(self, view: SeatView) -> list[Card]:
        return self._choose(view, True)

    def follow(self, view: SeatView) -> list[Card]:
        return self._choose(view, False)


class PerfectInfoBot(SearchBot):
    """The same search seeing every hand and the kitty: its one "sampled"
    deal is the real one (a measuring stick for ``bench_strength.py
    --perfect``: how much of the gap to play with every card seen the
    search bot closes).  Not for play against a learner: it cheats."""

    perfect = True

    def __init__(self, strength: int = 3, seed: int = 0) -> None:
        super().__init__(strength, seed)
        self.name = f"perfect{strength}"

    def _knowledge(self, view: SeatView) -> Knowledge:
        k = knowledge_from_view(view)
        hand = view._hand
        known = tuple(() if s == view.seat else tuple(sorted(c.index for c in hand.hands[s].elements()))
                      for s in range(4))
        kitty = tuple(sorted(c.index for c in hand.kitty))
        return dataclasses.replace(k, known=known, kitty=kitty, kitty_size=0,
                                   lacks=(frozenset(),) * 4)


def search_bots(strength: int, seed: int = 0) -> Sequence[SearchBot]:
    return [SearchBot(strength, seed) for _ in range(4)]
