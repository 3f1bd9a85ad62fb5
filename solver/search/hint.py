"""The hint engine: best play, value, alternatives and why (issue 6).

:func:`hint` answers for a :class:`solver.position.Position`:

* all hands known: exact search (:class:`~solver.search.alphabeta.Solver`)
  when the hands are small enough to finish within the budget, each legal
  play with its exact value;
* hidden hands (``viewer``): sampled deals consistent with what the viewer
  knows, each play with its expected value and the probability of each
  outcome bracket (R-LEVELS).

:func:`explain` says why the best play is best, as message ids of the
``hint`` catalog with parameters (:class:`Reason`), and what the learner's
own play would cost.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.cards import FACES, Card, format_cards
from solver.chance import percent
from solver.errors import SolverError
from solver.follow import forcing_reasons
from solver.position import Position
from solver.rules import PenaltyKind, Rules
from solver.scoring import level_outcome
from solver.trump import TrumpContext
from solver.search.alphabeta import SearchTimeout, Solver, State
from solver.search.inference import beliefs
from solver.search.hidden import (
    InconsistentKnowledge, Knowledge, carry_deal, pairless_from_tricks, sample_deal,
    voids_from_tricks)
from solver.search.model import CachedMoves, Hand, Hands, Play, Table, faces
from solver.search.opponent import BaselineModel, fitted_sampler
from solver.search import claims, shares
from solver.search.claims import Claim
from solver.search import pimc
from solver.search.pimc import Settle, _Limited, candidates, evaluate

#: Presets where the dealer takes and buries the kitty.
DEALER_BURIES = frozenset({"henan", "tractor"})
#: Hints read the opponents' play as the bots do (solver.search.inference):
#: beliefs the sampler drops when no deal fits them.
HINT_BELIEFS = True
#: ... and the partner's play by the same rules (the learner's partner is a
#: bot): without it the "its side wins" shares were 9.5 points too sure in
#: the 50-90 % claims (docs/SEARCH.md, calibration).
HINT_READS_PARTNER = True
#: The deals a hint's shares are counted on read the other seats' play
#: through the baseline's policy (:func:`solver.search.opponent.fitted_sampler`):
#: each is the best of this many samples by the plays it leaves unexplained
#: (1: plain samples) ...  16 with every trick read (below): on development
#: seeds (379 positions of 93500-93530 and 94000-94030, the same play on 64
#: deals of each) the log loss of the real outcome is 0.019 lower (SE 0.005)
#: for the own share and 0.031 (SE 0.006) for the side's than with 8 tries.
#: Once the opponent model's checks became cheaper (leads cached on what the
#: bot reads, hands at a trick's start made on demand), a Play hint (budget
#: 1.5 s) answers in 0.65 s median, 1.46 s at most on this 2-core machine
#: (``bench/bench_hint_latency.py``, seeds from 9000, 30 positions of 3
#: moves each), where 8 tries took 0.51 s before.
HINT_FIT_TRIES = 16
#: ... over the plays of the last this many finished tricks and the
#: current one (None: every trick, each lead read with the tricks its
#: leader had seen).  Every trick: on development seeds 92000-92152 (603
#: positions, the same play valued on 64 deals of each) the log loss of the
#: real outcome falls from 0.223 (the last 2 tricks) to 0.203 for the own
#: share and from 0.386 to 0.342 for the side's (16 tries), and where the
#: cards really were (void or not in a suit, 519 positions of 91000-91029)
#: best with every trick read: log loss 0.138 with 8 tries, 0.141 for the
#: last 4 tricks with 16, 0.154 for the last 2 with 16 ...
HINT_FIT_RECENT: int | None = None
#: ... keeping a sample that leaves m plays unexplained with odds
#: ``HINT_FIT_EPS ** m`` (0: only the best of the tries).
HINT_FIT_EPS = 0.0
#: ... and, where the viewer does not know the kitty, the kitty the
#: burier's policy makes from its cards (``opponent.BURIERS``; None: the
#: sampler's kitty).
HINT_FIT_BURY: str | None = None
#: A hidden-hand hint's share deals are drawn in a second process while
#: the plays are valued (:mod:`solver.search.shares`); False: here, first.
PARALLEL_SHARES = True
#: The share deals drawn before the plays are valued stop at this share of
#: the budget (the rest are drawn after, ``claims.ENDS_MIN`` at least).
SHARE_DRAW_SHARE = 0.4
#: A hidden-hand follow that gives points on a trick the hint calls lost,
#: while a legal play of as many cards gives fewer, yields to that play
#: unless it is clearly better (:func:`fewer_points_tiebreak`); False: off
#: (``bench/bench_give_points.py --off``).
GIVE_FEWER_POINTS = True
#: The same for a lead the hint calls lost (the opponents take the trick)
#: that carries points while a lead of as many cards carries fewer
#: (``bench/bench_give_points.py --leads``).
GIVE_FEWER_POINTS_LEADS = True
#: The spread (standard deviation, in points) of the hand's final total
#: around the value of one sampled deal, ``SPREAD_BASE + SPREAD_PER_CARD ×``
#: the cards in the seat's hand: a deal's value estimates the rest of the
#: hand (its last cards exactly, the rest by ``Static``), it is not its
#: outcome.  Counting each deal's outcome as certain made the chances told
#: too sure: "the dealers keep the attackers under 80: 99 %" came true 86 %
#: of the time (docs/SEARCH.md, "The chances of the hand's outcome").
#: Fitted by ``bench/bench_hint_outcome.py --fit``; 0 and 0: each deal's
#: outcome as it is.  12 + 1 with the floor (:func:`points_floor`): tuning
#: seeds 91900-92049 and 92300-92449, held out 101000-101299 (docs/SEARCH.md,
#: "... with the points already won as a floor").
SPREAD_BASE = 12.0
SPREAD_PER_CARD = 1.0


def points_floor(rules: Rules, won: int, cards: int | None = None) -> int:
    """R-TRICK-POINTS, R-THROW-FAIL: the least the attackers' final total can
    be, as far as the play shows: the points they have ``won``, less what
    failed throws of theirs can still take back under the ``points``
    penalty.  With ``cards`` in each hand at most, a failed throw led from
    m cards takes back at most m - 1 of them, one lead a trick: at most
    cards·(cards-1)/2 cards in all (none from the last card: a walk read
    "72 % to reach 80" with 85 won and one card left); unknown ``cards``:
    0.  The hand's outcome chances count the spread's mass below it at it
    (docs/SEARCH.md, "The chances of the hand's outcome").

    >>> from solver.rules import preset
    >>> [points_floor(preset("tractor"), 85, n) for n in (1, 2, 3, 25)], points_floor(preset("tractor"), 85)
    ([85, 75, 55, 0], 0)
    >>> points_floor(preset("henan"), 85, 3)
    85
    """
    if rules.penalty_kind == PenaltyKind.POINTS:
        if cards is None:
            return 0
        back = max(0, cards) * max(0, cards - 1) // 2
        return max(0, won - int(rules.penalty_amount) * back)
    return max(0, won)


def outcome_chances(rules: Rules, values: Sequence[float], cards: int,
                    base: float | None = None, per_card: float | None = None,
                    floor: int = 0) -> dict[tuple[str, int], float]:
    """R-LEVELS: the chance of each level outcome when the hand's final
    total lies around each deal's value (normal, the spread above for
    ``cards`` in hand; totals are multiples of 5, at least ``floor``: the
    normal's mass below it counts at ``floor``, see :func:`points_floor`).

    >>> from solver.rules import preset
    >>> outcome_chances(preset("tractor"), [75.0, 85.0], 10, 0.0, 0.0)
    {('dealers_up', 1): 0.5, ('swap', 0): 0.5}
    """
    base = SPREAD_BASE if base is None else base
    per_card = SPREAD_PER_CARD if per_card is None else per_card
    sd = base + per_card * cards
    out: dict[tuple[str, int], float] = {}
    if not values:
        return out
    # A spread too small for its inverse (a subnormal float) is no spread:
    # the normal's edges would read 0 × inf (the property test found 5e-324).
    scale = 1.0 / (sd * math.sqrt(2.0)) if sd > 0 else math.inf
    if not math.isfinite(scale):
        for v in values:
            key = level_outcome(rules, max(floor, int(round(v / 5.0)) * 5))
            out[key] = out.get(key, 0.0) + 1.0 / len(values)
        return dict(sorted(out.items()))
    top = int(max(values) + 6 * sd) // 5 * 5 + 5
    end = max(top, floor)   # the last total counted: it takes the mass above
    lo_v = min(values) - 6 * sd
    # values to the half point (a tenth of the spread at most), each once
    grouped: dict[float, int] = {}
    for v in values:
        key_v = round(v * 2) / 2
        grouped[key_v] = grouped.get(key_v, 0) + 1
    for v, times in grouped.items():
        w = times / len(values)
        below = 0.0   # the normal's mass below the current total's upper edge, so far
        for t in range(floor, end + 5, 5):
            if t + 2.5 < lo_v and t < end:
                continue
            upper = 1.0 if t >= end else 0.5 * (1.0 + math.erf((t + 2.5 - v) * scale))
            mass = upper - below
            below = upper
            if mass > 0:
                key = level_outcome(rules, t)
                out[key] = out.get(key, 0.0) + w * mass
    # outcomes of less than 1 in 10,000 are dropped (the rest scaled to 1)
    kept = {k: p for k, p in out.items() if p >= 1e-4}
    total = sum(kept.values())
    return {k: p / total for k, p in sorted(kept.items())}

#: The random stream of the deals a hint's shares are counted on: not the
#: stream the plays were valued on (``seed``).
SHARE_STREAM = 0x5EED5
#: With the second process (:mod:`solver.search.shares`) it draws this
#: many of the share deals (the first of ``SHARE_STREAM``) while the plays
#: are valued here, and the rest are drawn here after them, from a stream
#: of their own (``SHARE_REST``): the two processes are busy about as long.
SHARE_WORKER_DEALS = 40
SHARE_REST = 0x5EC0
#: The random stream that mends carried deals (:func:`carried`).
CARRY_STREAM = 0xCA77
#: A hidden-hand hint values its plays on at least this many deals.
MIN_DEALS = 8
#: A hidden-hand hint stops valuing its plays, before its budget or 400
#: deals, once the leading play is no worse than any other by a point at 3
#: standard errors of their paired difference (checked from 64 deals on,
#: every 16).  Over 352 early and mid-hand hints of Play tables (seeds
#: 10-19 of each game) it valued the plays on a fifth of the deals, and
#: where it chose another play than the full run, the full run valued the
#: two 0.04 points apart in all (docs/SEARCH.md, "Settled hints").
HINT_SETTLE: Settle | None = Settle(z=3.0, margin=1.0, first=64, every=16)
#: Full-information positions up to this many cards per hand are solved
#: exactly when the search ends within the budget (else deepened, not exact).
EXACT_LIMIT = 8


class HintError(SolverError):
    """A position the hint engine cannot answer (message ids ``hint.error.*``)."""

    code = "hint.error.position"


@dataclass(frozen=True, slots=True)
class Reason:
    """One localizable explanation: ``code`` is a message id of the ``hint``
    catalog, ``params`` fill its placeholders; ``claim`` is the checked
    claim it says (:mod:`solver.search.claims`), for reasons about the play."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    claim: Claim | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


@dataclass(frozen=True, slots=True)
class Hint:
    seat: int
    attacker: bool
    best: tuple[Card, ...]
    value: float
    exact: bool
    alternatives: tuple[tuple[tuple[Card, ...], float], ...]
    outcomes: Mapping[tuple[str, int], float]
    samples: int
    reasons: tuple[Reason, ...] = ()
    learner: tuple[tuple[Card, ...], float] | None = None
    #: the best play's value on each sampled deal (hidden hands; else empty)
    deal_values: tuple[float, ...] = ()
    #: the next best play (hidden hands: the first other play in the
    #: evaluation's order) and its value on each deal it was valued on, the first of
    #: ``deal_values``'s deals (a candidate dropped early has fewer)
    runner: tuple[tuple[Card, ...], tuple[float, ...]] | None = None
    #: every play valued (hidden hands; else empty), in ``alternatives``'s
    #: order, with its value on each deal it was valued on (the first of
    #: ``deal_values``'s deals): the hand review rates a hinted decision
    #: on these (:func:`solver.search.review.note_from_hint`)
    play_values: tuple[tuple[tuple[Card, ...], tuple[float, ...]], ...] = ()

    def runner_margin(self) -> tuple[tuple[Card, ...], float, int] | None:
        """How much better the hint is than the next best play for its side,
        on the deals both were valued on (the same deals, deal by deal), and
        how many deals that is; exact: the two exact values (one "deal")."""
        if self.runner is not None and self.deal_values:
            play, theirs = self.runner
            n = min(len(theirs), len(self.deal_values))
            if n == 0:
                return None
            diff = (sum(self.deal_values[:n]) - sum(theirs[:n])) / n
            return play, diff if self.attacker else -diff, n
        if self.exact:
            other = next(((p, v) for p, v in self.alternatives if faces(p) != faces(self.best)), None)
            if other is not None:
                diff = self.value - other[1]
                return other[0], diff if self.attacker else -diff, 1
        return None

    def value_of(self, play: Sequence[Card]) -> float | None:
        key = faces(play)
        for p, v in self.alternatives:
            if faces(p) == key:
                return v
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "best": format_cards(self.best),
            "value": _num(self.value),
            "exact": self.exact,
            "alternatives": [{"play": format_cards(p), "value": _num(v)}
                             for p, v in self.alternatives],
            "seat": self.seat,
            "side": "attackers" if self.attacker else "dealers",
            "outcomes": [{"outcome": o, "levels": lv, "p": round(p, 3)}
                         for (o, lv), p in self.outcomes.items()],
            "samples": self.samples,
            "reasons": [r.to_json() for r in self.reasons],
        }
        if self.learner is not None:
            out["play"] = format_cards(self.learner[0])
            out["play_value"] = _num(self.learner[1])
        return out


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(v, 1)


def _cards(play: Play) -> tuple[Card, ...]:
    return tuple(FACES[f] for f in play)


def _state(pos: Position) -> State:
    hands = tuple(faces(pos.hand(s)) for s in range(4))
    return State((hands[0], hands[1], hands[2], hands[3]), pos.leader,
                 tuple(faces(p) for p in pos.trick), pos.attacker_points, pos.dealer,
                 sum(c.points for c in pos.kitty))


def knowledge_of(pos: Position, tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]] = ()
                 ) -> Knowledge:
    """What ``pos.viewer`` knows in ``pos`` (plus an optional trick history
    ``(leader, plays)`` that shows voids)."""
    viewer = pos.viewer
    if viewer is None:
        raise HintError("no viewer", code="hint.error.viewer")
    own = faces(pos.hand(viewer))
    n = len(pos.trick[0]) if pos.trick else 0
    played_now = {(pos.leader + i) % 4 for i in range(len(pos.trick))}
    base = len(own) + (n if viewer in played_now else 0)
    sizes = tuple(base - (n if s in played_now else 0) for s in range(4))
    known: list[Hand] = [(), (), (), ()]
    for s in range(4):
        h = pos.hands[s]
        if s != viewer and h is not None:
            known[s] = faces(h)
    trick = tuple(faces(p) for p in pos.trick)
    history = [(ld, tuple(faces(p) for p in plays)) for ld, plays in tricks]
    history.append((pos.leader, trick))
    # A position with hidden hands lists the kitty only to the seat that
    # buried it (the dealer, or in wusaner the kitty taker).
    kitty_known = len(pos.kitty) > 0
    pairless = pairless_from_tricks(pos.ctx, history)
    # Who buried: the viewer when it knows the kitty, else the dealer where
    # the dealer takes the kitty (the sampler's trump lean, a prior).
    burier = viewer if kitty_known else (
        pos.dealer if pos.ctx.rules.name in DEALER_BURIES else None)
    k = Knowledge(ctx=pos.ctx, viewer=viewer, dealer=pos.dealer, leader=pos.leader, own=own,
                  seen=faces(pos.played), trick=trick,
                  sizes=(sizes[0], sizes[1], sizes[2], sizes[3]), points=pos.attacker_points,
                  kitty=faces(pos.kitty) if kitty_known else None,
                  kitty_size=0 if kitty_known else (len(pos.kitty) or pos.ctx.rules.kitty_size),
                  voids=voids_from_tricks(pos.ctx, history), known=tuple(known),
                  pairless=pairless[0], absent=pairless[1], burier=burier,
                  lacks=beliefs(pos.ctx, history[:-1], viewer, own,
                                read_partner=HINT_READS_PARTNER) if HINT_BELIEFS
                  else (frozenset(), frozenset(), frozenset(), frozenset()))
    return k


def hint(pos: Position, *, budget: float = 2.0, seed: int = 0,
         play: Sequence[Card] | None = None,
         tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]] = (),
         deals: int | None = None, followers: str | None = None) -> Hint:
    """The hint for the seat to move in ``pos`` (see the module doc).
    ``play``: the learner's own play, valued and explained against the best;
    ``deals``: how many sampled deals to value the plays on (default: as
    many as fit in the budget, at most 400; the budget caps them anyway);
    ``followers``: how the other seats finish the trick in the deals the
    claims about it are counted on: None, as the search rates best for
    their side; ``"baseline"``, as the baseline bot plays (the Play
    screen's bots at the normal strength: then "your partner takes this
    trick" is what those bots will do on the deals, not what a seat seeing
    the deal would)."""
    if pos.is_over() or all(not h for h in pos.hands if h is not None):
        raise HintError("the hand is over", code="hint.error.over")
    seat = pos.turn
    hidden = any(h is None for h in pos.hands)
    if hidden and pos.viewer != seat:
        raise HintError("the viewer is not to move", code="hint.error.not_to_move",
                        seat=seat, viewer=pos.viewer)
    if play is not None:
        # cards the seat does not hold are not an illegal play but a wrong
        # one: said so ("not legal here" for a 3H played twice from one, a walk)
        short = Counter(play) - Counter(pos.hand(seat))
        if short:
            raise HintError("the play uses cards the seat does not hold", code="hint.error.not_held",
                            cards=format_cards(sorted(short.elements(), key=lambda c: c.index)))
        if not pos.is_legal(play):
            raise HintError("the play is not legal", code="hint.error.illegal_play",
                            play=format_cards(play))
    start = time.perf_counter()
    table, moves = tools(pos.ctx)
    attacker = (seat - pos.dealer) % 2 == 1
    if not hidden:
        st = _state(pos)
        if len(st.hands[seat]) <= EXACT_LIMIT:
            # Small endgames are solved exactly when the search ends within
            # 70% of the budget; otherwise the search deepens trick by trick
            # until 80% of it and answers the deepest search it finished,
            # flagged not exact (the rest is for the explanation).
            solver = Solver(table, moves, dealer=st.dealer, kitty_points=st.kitty_points,
                            deadline=start + 0.7 * budget)
            try:
                values = solver.analyse(st)
            except SearchTimeout:
                values = None
            if values is not None:
                return _exact_hint(pos, st, solver, values, attacker, play)
            return _deepened_hint(pos, st, solver, start + 0.8 * budget, attacker, play, seed,
                                  tricks, start + budget)
        # Too big to solve in the budget: one known deal, evaluated heuristically.
    k = _knowledge_or_full(pos, tricks, hidden)
    # The deals the shares are counted on, when read through the others'
    # play, cost more than plain ones: the first ENDS_MIN are drawn first
    # (a share stream of their own, before the plays are valued), so the
    # evaluation's budget is what is left after them.
    # Past the budget the rest of the ENDS_MIN are plain samples, and the
    # evaluation leaves time for those still to draw at the pace measured.
    draw = share_sampler(k, tricks, deadline=start + budget) if hidden else None
    share_rng = random.Random(seed ^ SHARE_STREAM)
    share_deals: list[tuple[Hands, Hand]] = []
    # The machine's second core draws the first SHARE_WORKER_DEALS of them
    # while this one values the plays (solver.search.shares: the deals this
    # stream gives here); when it cannot, they are all drawn here, as below.
    worker = shares.WORKER if draw is not None and PARALLEL_SHARES else None
    job = worker.submit(k, _faces_of(tricks), seed ^ SHARE_STREAM, SHARE_WORKER_DEALS,
                        share_fit()) if worker is not None else None
    reserve = 0.0
    drawing = time.perf_counter()
    try:
        while job is None and draw is not None and len(share_deals) < claims.ENDS_MIN and \
                time.perf_counter() - start < SHARE_DRAW_SHARE * budget:
            share_deals.append(draw(share_rng))
        if share_deals:
            pace = (time.perf_counter() - drawing) / len(share_deals)
            reserve = pace * (claims.ENDS_MIN - len(share_deals))
        cands = candidates(k, moves, table)
        if play is not None and faces(play) not in cands:
            cands.append(faces(play))
        # The explanation plays the chosen play out on at least ENDS_MIN
        # fresh deals (claims.ends_sampled), each about three times the work
        # of valuing one play on one deal (measured: median 2, 0.2-7): the
        # evaluation stops in time for them, and keeps a tenth of the
        # budget for the rest of the explanation.  It values the plays on
        # MIN_DEALS deals at least: the pace of the first deal (cold memos)
        # overstates the rest, and one deal is no way to choose a play.
        ev = evaluate(k, budget=max(0.0, 0.9 * budget - (time.perf_counter() - start) - reserve),
                      keep_for=3 * claims.ENDS_MIN if hidden else 0,
                      min_samples=min(MIN_DEALS, deals or MIN_DEALS) if hidden else 1,
                      rng=random.Random(seed), moves=moves, table=table, plays=cands,
                      max_samples=(deals or 400) if hidden else 1,
                      given=carried(k, seed) if hidden else (),
                      settle=HINT_SETTLE if hidden else None)
        if hidden:
            _CARRY[:] = [(k, ev.deals)]
    except InconsistentKnowledge as err:
        raise HintError(str(err), code="hint.error.inconsistent") from None
    # How the trick ends after the play, counted on fresh deals, not on
    # ``ev.deals`` (the deals the play was chosen on: a winner's curse, see
    # claims.ends_sampled); the deals are kept for the tie-break below.
    ends: list[claims.TrickEnd] | None = None
    extra: list[Claim] = []
    if hidden:
        # the trick's end in the share deals: as the table's bots will play it
        model = BaselineModel(pos.ctx, tricks, dealer=pos.dealer, leads=False) \
            if followers == "baseline" else None
        if worker is not None and job is not None:
            # The rest are drawn here meanwhile, from a stream of their own;
            # any more, should the worker send too few in time, too.
            share_rng = random.Random(seed ^ SHARE_STREAM ^ SHARE_REST)
            assert draw is not None
            own = [draw(share_rng) for _ in range(claims.ENDS_MAX - SHARE_WORKER_DEALS)]
            share_deals = worker.result(job, SHARE_WORKER_DEALS, start + budget) + own
        drawn = list(share_deals)

        def recording(rng: random.Random) -> tuple[Hands, Hand]:
            got = sample_deal(k, rng) if draw is None else draw(rng)
            drawn.append(got)
            return got

        ends = claims.ends_sampled(k, ev.best.play, share_deals, table, moves,
                                   deadline=start + budget, rng=share_rng, draw=recording,
                                   model=model)
        if GIVE_FEWER_POINTS and (pos.trick or GIVE_FEWER_POINTS_LEADS):
            ends, worth = fewer_points_tiebreak(pos, k, ev, ends, drawn, table, moves, model)
            if worth is not None:
                extra.append(worth)
    alts = tuple((_cards(e.play), round(e.mean, 1)) for e in ev.estimates)
    best = ev.best
    learner = None
    if play is not None:
        v = next((e.mean for e in ev.estimates if e.play == faces(play)), None)
        learner = (tuple(play), round(v, 1) if v is not None else round(best.mean, 1))
    h = Hint(seat=seat, attacker=attacker, best=_cards(best.play), value=round(best.mean, 1),
             exact=ev.exact_leaves and not hidden, alternatives=alts,
             outcomes=outcome_chances(pos.ctx.rules, best.values, len(pos.hand(seat)),
                                      # the seat to move holds as many cards as any seat
                                      floor=points_floor(pos.ctx.rules, pos.attacker_points,
                                                         len(pos.hand(seat))))
             if hidden else best.probabilities(), samples=ev.samples, learner=learner,
             deal_values=tuple(best.values) if hidden else (),
             runner=_runner(ev) if hidden else None,
             play_values=tuple((_cards(e.play), tuple(e.values)) for e in ev.estimates)
             if hidden else ())
    reasons = explain(pos, h, k=k, table=table, moves=moves, seed=seed,
                      deadline=start + budget, sampled=hidden, deals=share_deals,
                      draw=draw, share_rng=share_rng, ends=ends, extra=extra)
    return _with_reasons(h, reasons)


def fewer_points_tiebreak(pos: Position, k: Knowledge, ev: pimc.Evaluation,
                          ends: list[claims.TrickEnd], deals: Sequence[tuple[Hands, Hand]],
                          table: Table, moves: CachedMoves, model: BaselineModel | None = None
                          ) -> tuple[list[claims.TrickEnd], Claim | None]:
    """Give fewer points on a trick the hint calls lost (LOSES_TRICK: the
    opponents take it in most of ``ends``, the best play's trick ends over
    the share ``deals``).  When a legal play of as many cards gives fewer
    points (:func:`claims.fewer_points`; the best-ranked of them in ``ev``,
    else the one with fewest points and lowest cards), it becomes the best
    play (``ev.estimates`` reordered, its value completed on every deal of
    ``ev``) unless the point-giving play ends the hand better by more than
    ``claims.WORTH_SE`` standard errors of the paired difference both on
    ``ev.deals`` (the plain deals the plays were valued on) and on
    ``deals`` (the fitted deals of the shares): then it stays, with a
    WORTH_POINTS claim saying so.  Repeated while the new best play still
    gives avoidable points on a lost trick.  Returns the trick ends of the
    best play and a claim: WORTH_POINTS for a point play kept; for a lead
    that replaced a point lead, SPARES_POINTS (the lead set aside last, how
    many more points it carries, not clearly better on the fitted deals:
    checked, so not said when only the plain deals found it no better);
    None when neither.

    Only positions where the case arises cost more: a few per cent of the
    hidden-hand follows (``bench/bench_give_points.py``)."""
    seat = pos.turn
    legal: list[tuple[Card, ...]] | None = None
    fitted: dict[Play, list[float]] = {}
    spared: Claim | None = None

    def on_fitted(p: Play) -> list[float]:
        got = fitted.get(p)
        if got is None:
            got = fitted[p] = claims.deal_values(k, p, deals, table, moves)
        return got

    for _ in range(8):
        best = ev.best
        own, partner, opp = claims.shares(ends, seat)
        if not ends or own >= 0.5 or partner >= 0.5 or opp < 0.5 or \
                not claims.play_points(best.play):
            break
        if legal is None:
            legal = claims.legal_list(pos)
            if legal is None:
                break
        fewer = {faces(q) for q in claims.fewer_points(pos, _cards(best.play), legal)}
        if not fewer:
            break
        ranked = [e for e in ev.estimates if e.play in fewer]
        if ranked:
            alt = ranked[0]
        else:
            alt = pimc.Estimate(min(fewer, key=lambda q: (claims.play_points(q),
                                                          pimc.play_cost(table, q), q)))
            ev.estimates.append(alt)
        if len(alt.values) < len(ev.deals):  # pruned early, or never valued
            more = evaluate(k, budget=0.0, min_samples=len(ev.deals) - len(alt.values),
                            max_samples=len(ev.deals) - len(alt.values), plays=[alt.play],
                            moves=moves, table=table, given=ev.deals[len(alt.values):],
                            prune_after=len(ev.deals) + 1)
            alt.extend(more.estimates[0])
        plain = claims.paired_gain(best.values, alt.values, ev.maximize)
        fit = claims.paired_gain(on_fitted(best.play), on_fitted(alt.play), ev.maximize)
        if claims.worth_it(*plain) and claims.worth_it(*fit):
            return ends, Claim(claims.ClaimKind.WORTH_POINTS, _cards(best.play),
                               cards=_cards(alt.play), points=round(fit[0]), deals=tuple(deals))
        ev.estimates.remove(alt)
        ev.estimates.insert(0, alt)
        ends = claims.ends_sampled(k, alt.play, deals, table, moves, at_least=len(deals),
                                   at_most=len(deals), model=model)
        # A lead set aside for fewer points: why this lead, and not the one
        # the evaluation ranked first (a follow says it by SAVES_POINTS).
        spared = None if pos.trick else Claim(
            claims.ClaimKind.SPARES_POINTS, _cards(alt.play), cards=_cards(best.play),
            points=claims.play_points(best.play) - claims.play_points(alt.play),
            deals=tuple(deals))
    return ends, spared


def share_fit() -> dict[str, Any]:
    """How the share deals are read through the play (``HINT_FIT_*``), as
    :func:`~solver.search.opponent.fitted_sampler` takes it."""
    return {"recent": HINT_FIT_RECENT, "tries": HINT_FIT_TRIES, "eps": HINT_FIT_EPS,
            "bury": HINT_FIT_BURY}


def _faces_of(tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]]
              ) -> list[tuple[int, tuple[Play, ...]]]:
    return [(ld, tuple(faces(p) for p in plays)) for ld, plays in tricks]


def share_sampler(k: Knowledge, tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]],
                  deadline: float | None = None
                  ) -> Callable[[random.Random], tuple[Hands, Hand]] | None:
    """How a hint draws the deals its shares are counted on: read through
    the other seats' play (``HINT_FIT_*``), from ``k`` and the finished
    ``tricks`` (public information only); plain samples once past
    ``deadline`` (``time.perf_counter``); None: plain samples."""
    if HINT_FIT_TRIES <= 1 and HINT_FIT_BURY is None:
        return None
    fitted = fitted_sampler(k, _faces_of(tricks), **share_fit())
    if deadline is None:
        return fitted

    def draw(rng: random.Random) -> tuple[Hands, Hand]:
        if time.perf_counter() > deadline:
            return sample_deal(k, rng)
        return fitted(rng)

    return draw


_TOOLS: dict[tuple[object, ...], tuple[Table, CachedMoves]] = {}
#: The knowledge and sampled deals of the last hidden-hand hint: the next
#: hint of the same hand starts from them (:func:`carried`).
_CARRY: list[tuple[Knowledge, list[tuple[Hands, Hand]]]] = []


def carried(k: Knowledge, seed: int) -> list[tuple[Hands, Hand]]:
    """The last hint's deals brought up to date with ``k``
    (:func:`~solver.search.hidden.carry_deal`) when it was asked by the
    same seat of the same hand: between two of a learner's moves the
    others play a trick, and most deals survive it, so they are mended
    rather than drawn again.  The shares a hint states are counted on fresh
    deals all the same (``SHARE_STREAM``)."""
    last = list(_CARRY)  # one read: a hint of another thread may replace it
    if not last:
        return []
    old, deals = last[0]
    if (old.ctx.rules, old.ctx.level, old.ctx.trump, old.viewer, old.dealer, old.kitty_size,
        old.kitty) != (k.ctx.rules, k.ctx.level, k.ctx.trump, k.viewer, k.dealer,
                       k.kitty_size, k.kitty) or \
            len(old.seen) + sum(map(len, old.trick)) > len(k.seen) + sum(map(len, k.trick)):
        return []
    rng = random.Random(seed ^ CARRY_STREAM)
    out = []
    for hands, kitty in deals:
        got = carry_deal(k, hands, kitty, rng)
        if got is not None:
            out.append(got)
    return out


def tools(ctx: TrumpContext) -> tuple[Table, CachedMoves]:
    """The trick table and move memo of a trump context, kept from one hint
    to the next (a hand's hints share them: trick winners and legal plays
    already worked out are not worked out again)."""
    key = (ctx.rules, ctx.level, ctx.trump)
    got = _TOOLS.get(key)
    if got is None:
        if len(_TOOLS) >= 4:
            _TOOLS.clear()
        got = _TOOLS[key] = (Table(ctx), CachedMoves(ctx))
    got[0].trim()
    got[1].trim()
    return got


def _knowledge_or_full(pos: Position, tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]],
                       hidden: bool) -> Knowledge:
    if hidden:
        return knowledge_of(pos, tricks)
    seat = pos.turn
    st = _state(pos)
    return Knowledge(ctx=pos.ctx, viewer=seat, dealer=pos.dealer, leader=pos.leader,
                     own=st.hands[seat], seen=faces(pos.played), trick=st.trick,
                     sizes=tuple(len(h) for h in st.hands),  # type: ignore[arg-type]
                     points=pos.attacker_points, kitty=faces(pos.kitty), kitty_size=0,
                     known=tuple(() if s == seat else st.hands[s] for s in range(4)))


def _exact_hint(pos: Position, st: State, solver: Solver, values: list[tuple[Play, int]],
                attacker: bool, play: Sequence[Card] | None) -> Hint:
    solver.deadline = None  # the table is warm: following the best lines is cheap
    values = exact_points_tiebreak(solver, st, values, attacker)
    best_play, best_v = values[0]
    outcome = level_outcome(pos.ctx.rules, best_v)
    learner = None
    if play is not None:
        key = faces(play)
        lv = next((v for p, v in values if p == key), None)
        if lv is None:  # an equivalent play absent from the list cannot happen; be safe
            lv = solver.value(solver.after(st, key))
        learner = (tuple(play), float(lv))
    h = Hint(seat=st.to_move, attacker=attacker, best=_cards(best_play), value=float(best_v),
             exact=True, alternatives=tuple((_cards(p), float(v)) for p, v in values),
             outcomes={outcome: 1.0}, samples=1, learner=learner)
    return _with_reasons(h, explain(pos, h, solver=solver, state=st))


#: Plays tied for the best exact value looked at by :func:`exact_points_tiebreak`.
TIE_SCAN = 6


def exact_points_tiebreak(solver: Solver, st: State, values: list[tuple[Play, int]],
                          attacker: bool) -> list[tuple[Play, int]]:
    """Among the plays tied for the best exact value (the first
    ``TIE_SCAN``), put first the one whose line gives the attackers the
    fewest points in the current trick (for a dealer; the most, for an
    attacker), then the one of fewest points played, then the search's
    order.  The hand ends the same either way; a learner reads the trick,
    and a tied play that hands the opponents ten points now looks like a
    mistake (the sampled hints' :func:`fewer_points_tiebreak`).  Stable
    when nothing ties."""
    best_v = values[0][1]
    tied = [i for i, (_, v) in enumerate(values[:TIE_SCAN]) if v == best_v]
    if len(tied) < 2:
        return values

    def key(i: int) -> tuple[int, int, int]:
        play = values[i][0]
        end = claims.end_exact(solver, st, play)
        taken = end.points if (end.winner - st.dealer) % 2 == 1 else 0
        return (-taken if attacker else taken, claims.play_points(play), i)

    first = min(tied, key=key)
    return [values[first]] + [mv for j, mv in enumerate(values) if j != first]


def _deepened_hint(pos: Position, st: State, solver: Solver, deadline: float, attacker: bool,
                   play: Sequence[Card] | None, seed: int,
                   tricks: Sequence[tuple[int, Sequence[Sequence[Card]]]],
                   explain_by: float) -> Hint:
    """Iterative deepening when the exact search missed the deadline: the
    whole tricks up to ``depth`` are searched full-width, the rest of the
    hand estimated (:class:`~solver.search.pimc._Limited`).  Depth 1 always
    finishes (it is cheap); each deeper search replaces it only if it
    finishes before ``deadline``.  The answer is never flagged exact."""
    solver.deadline = deadline
    roots = solver.root_moves(st)
    if play is not None and faces(play) not in roots:
        roots = roots + (faces(play),)
    values = _values_at_depth(solver, st, roots, 1, None)
    depth = 1
    while depth < len(st.hands[st.to_move]) and time.perf_counter() < deadline:
        try:
            values = _values_at_depth(solver, st, roots, depth + 1, deadline)
        except SearchTimeout:
            break
        depth += 1
    maximize = (st.to_move - st.dealer) % 2 == 1
    values.sort(key=lambda mv: -mv[1] if maximize else mv[1])
    best_play, best_v = values[0]
    learner = None
    if play is not None:
        key = faces(play)
        learner = (tuple(play), round(next((v for p, v in values if p == key), best_v), 1))
    h = Hint(seat=st.to_move, attacker=attacker, best=_cards(best_play), value=round(best_v, 1),
             exact=False, alternatives=tuple((_cards(p), round(v, 1)) for p, v in values),
             outcomes={level_outcome(pos.ctx.rules, max(0, int(round(best_v / 5.0)) * 5)): 1.0},
             samples=1, learner=learner)
    k = _knowledge_or_full(pos, tricks, False)
    return _with_reasons(h, explain(pos, h, k=k, table=solver.table,
                                    moves=solver.moves,  # type: ignore[arg-type]
                                    seed=seed, deadline=explain_by, sampled=False))


def _values_at_depth(solver: Solver, st: State, roots: Sequence[Play], depth: int,
                     deadline: float | None) -> list[tuple[Play, float]]:
    return [(m, _depth_value(solver, solver.after(st, m), depth, -float("inf"), float("inf"),
                             deadline)) for m in roots]


def _depth_value(solver: Solver, st: State, depth: int, alpha: float, beta: float,
                 deadline: float | None) -> float:
    """The attackers' final total searching ``depth`` more trick ends
    full-width (the current trick counts as one), then estimated."""
    if st.over:
        return float(st.points)
    if depth <= 1:
        kp = st.kitty_points
        lim = _Limited(solver.table, solver.moves, st.dealer, kp,  # type: ignore[arg-type]
                       pimc.ESTIMATE(solver.table, st.hands, st.dealer, kp))
        return st.points + lim.value(st.hands, st.leader, st.trick, -float("inf"),
                                     float("inf"), len(st.trick))
    if deadline is not None and time.perf_counter() > deadline:
        raise SearchTimeout()
    maximize = (st.to_move - st.dealer) % 2 == 1
    best = -float("inf") if maximize else float("inf")
    for m in solver.root_moves(st):
        nxt = solver.after(st, m)
        v = _depth_value(solver, nxt, depth - (0 if nxt.trick else 1), alpha, beta, deadline)
        if maximize:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def _runner(ev: pimc.Evaluation) -> tuple[tuple[Card, ...], tuple[float, ...]] | None:
    """The best play after the evaluation's best, in the evaluation's order
    (the plays valued on every deal first, by mean), with its value on each
    deal it was valued on."""
    e = next((e for e in ev.estimates if e.play != ev.best.play and e.values), None)
    return None if e is None else (_cards(e.play), tuple(e.values))


def _with_reasons(h: Hint, reasons: list[Reason]) -> Hint:
    return dataclasses.replace(h, reasons=tuple(reasons))


# -- explanations ---------------------------------------------------------------------

#: The obligations :func:`solver.follow.forcing_reasons` states that bind a
#: follow with a choice too: the cards they name are in every legal follow
#: (not R-W-FOLLOW's highest trumps: equal trumps leave a choice of which).
PARTIAL_PINS = frozenset({"follow.must_suit", "follow.must_pairs", "follow.must_tractor"})
#: "Play your lowest cards and keep your strong ones" (and its variants).
DUCKS = "hint.why.ducks"
#: "Your partner takes the trick; no need to spend a strong card", and the
#: same without the advice.
PARTNER_WINS, PARTNER_TAKES = "hint.why.partner_wins", "hint.why.partner_takes"
#: The reasons about the play (the Play screen shows two).
WHY = ("hint.why.", "legal.")


def explain(pos: Position, h: Hint, *, solver: Solver | None = None, state: State | None = None,
            k: Knowledge | None = None, table: Table | None = None,
            moves: CachedMoves | None = None, seed: int = 0,
            deals: Sequence[tuple[Hands, Hand]] = (), deadline: float | None = None,
            sampled: bool | None = None,
            draw: Callable[[random.Random], tuple[Hands, Hand]] | None = None,
            share_rng: random.Random | None = None,
            ends: Sequence[claims.TrickEnd] | None = None,
            extra: Sequence[Claim] = ()) -> list[Reason]:
    """Why ``h.best`` is best, and what the learner's play costs.

    Each reason about the play is a :class:`~solver.search.claims.Claim`
    checked against the engine (:func:`~solver.search.claims.check`);
    claims that fail are not said.  How the trick ends is read from the
    exact line (``solver``/``state``) or from sampled ``deals``, made up
    to :data:`~solver.search.claims.ENDS_MAX` by fresh samples of a stream
    of their own (``seed`` ^ :data:`SHARE_STREAM`, or ``share_rng`` that
    drew ``deals``; drawn by ``draw``: :func:`share_sampler`), independent
    of the deals the play was chosen on.  ``ends``: how the trick ends,
    already worked out (by :func:`hint`); ``extra``: claims made beside
    the trick's (WORTH_POINTS, :func:`fewer_points_tiebreak`), checked
    like the others."""
    ctx = pos.ctx
    best = faces(h.best)
    if ends is not None:
        trick_ends = list(ends)
    elif solver is not None and state is not None:
        trick_ends = [claims.end_exact(solver, state, best)]
    else:
        assert k is not None and table is not None and moves is not None
        trick_ends = claims.ends_sampled(k, best, deals, table, moves, deadline=deadline,
                                         rng=share_rng or random.Random(seed ^ SHARE_STREAM),
                                         draw=draw)
    if sampled is None:
        sampled = not h.exact
    made = claims.make_claims(pos, h.best, trick_ends, attacker=h.attacker, k=k,
                              alternatives=[p for p, _ in h.alternatives],
                              learner=h.learner[0] if h.learner is not None else None)
    made += [c for c in extra if faces(c.play) == best]
    verified = [c for c in made if claims.check(pos, c, k, tools=(table, moves)
                                                if table is not None and moves is not None
                                                else None)]
    # The play that ends the trick: who takes it hangs on no hidden card,
    # every deal agrees, and the hint says so plainly (no share of deals).
    decided = len(pos.trick) == 3 and len({e.winner for e in trick_ends}) == 1
    reasons = render_claims(verified, sampled, decided=decided, ctx=pos.ctx)
    if reasons and reasons[0].code == "hint.why.forced" and pos.trick:
        # What pins the one legal follow, in the engine's words (R-FOLLOW,
        # R-W-FOLLOW): "you hold only 2 diamonds and 3 were led ...".
        # It comes second, where the Play screen shows it (the first two).
        pins = forcing_reasons(ctx, pos.trick[0], pos.hand(pos.turn))
        if pins:
            reasons.insert(1, Reason(pins[0].msgid, dict(pins[0].params), reasons[0].claim))
    elif pos.trick:
        # A follow with a choice may still owe some of its cards (R-FOLLOW:
        # every card of the led suit when there are no more than the lead,
        # the pairs or tractor held when just as many are owed): said first,
        # so the learner reads what is owed before the choice.
        # Beside points given on a lost trick, what owes them comes after
        # the reason they are worth it: the Play screen shows the first
        # two reasons, and "the opponents take this trick" is not shown
        # there without why the points go with it.
        owed = forcing_reasons(ctx, pos.trick[0], pos.hand(pos.turn))
        pins = [r for r in owed if r.code in PARTIAL_PINS]
        worth = [i for i, r in enumerate(reasons) if r.code == "hint.why.worth_points"]
        if pins:
            reasons.insert(worth[0] + 1 if worth else 0, Reason(pins[0].msgid, dict(pins[0].params)))
        elif owed and owed[0].code == "follow.trump_pair_highest":
            # R-W-FOLLOW: a trump pair led and none held: the highest trumps
            # are owed, the choice is only among equal ones.  "Play your
            # lowest cards and keep your strong ones" read beside 大王 (the
            # walk of session 35); the rule is said first, with the cards
            # of the hint (an equal card may stand for the one it names).
            reasons = [r for r in reasons if not r.code.startswith(DUCKS)]
            # nor "no need to spend a strong card": the strong cards are owed
            reasons = [dataclasses.replace(r, code=r.code.replace(PARTNER_WINS, PARTNER_TAKES, 1))
                       if r.code.startswith(PARTNER_WINS) else r for r in reasons]
            reasons.insert(0, Reason(owed[0].msgid, {**owed[0].params,
                                                     "cards": format_cards(ctx.sorted(h.best))}))
    # How much better than the next best play, from the engine's values of
    # both (exact, or averaged over the sampled deals): a reason for any
    # play, said on the Play screen when the trick gave fewer than two (the
    # walk of 2026-12-03 read a lead "the opponents take in 59%" and no why).
    # Sampled: on the deals both plays were valued on, deal by deal (a
    # play dropped after a few deals is compared on those few, and the
    # sentence counts them).
    runner = h.runner_margin() if (h.exact or (sampled and h.samples > 1)) else None
    if runner is not None and (h.exact or runner[2] > 1):
        margin = round(runner[1], 1)
        named = format_cards(ctx.sorted(runner[0]))  # in the order the hand shows cards
        if margin >= 0.5:
            reasons.append(Reason("hint.margin" if h.exact else "hint.margin_sampled",
                                  {"diff": _num(margin), "cards": named, "deals": runner[2]}))
        elif margin > -0.5 and sum(1 for r in reasons if r.code.startswith(WHY)) < 2:
            # Fewer than two reasons about the trick (the Play screen shows
            # two), and no play clearly better: say so, rather than little
            # or no reason ("Hint: play ♠Q." and the hand's chances, the
            # hint walk of session 35).
            reasons.append(Reason("hint.margin_even" if h.exact else "hint.margin_even_sampled",
                                  {"diff": _num(margin), "cards": named, "deals": runner[2]}))
    # The value and the outcome.
    outcome, levels = max(h.outcomes.items(), key=lambda kv: kv[1])[0] if h.outcomes else (
        level_outcome(ctx.rules, int(h.value)))
    if h.exact:
        reasons.append(Reason("hint.value.exact", {"value": _num(h.value)}))
    elif sampled:
        reasons.append(Reason("hint.value.expected", {"value": _num(h.value),
                                                      "samples": h.samples}))
    else:
        # Every hand known but the hand too long to search to its end: one
        # deal, the later tricks estimated (no sampled deals to speak of, and
        # no chance to keep: one deal's estimate is not a probability).
        reasons.append(Reason("hint.value.estimated", {"value": _num(h.value)}))
    if sampled and h.outcomes:
        # the likeliest end is not a sure one: its chance comes first
        reasons.append(Reason("hint.outcome.likeliest",
                              {"p": percent(max(h.outcomes.values()))}))
    reasons.append(Reason("hint.outcome." + outcome, {"levels": levels}))
    if sampled:
        threshold = ctx.rules.keep_below
        p_keep = percent(sum(p for (o, _), p in h.outcomes.items() if o == "dealers_up"))
        # Told from the side of the seat hinted: the dealers keep the
        # attackers under the threshold, or the attackers reach it (the
        # complement: R-LEVELS, below ``keep_below`` the dealers go up).
        if h.attacker:
            reasons.append(Reason("hint.outcome.p_reach", {"threshold": threshold, "p": 100 - p_keep}))
        else:
            reasons.append(Reason("hint.outcome.p_keep", {"threshold": threshold, "p": p_keep}))
    # The learner's own play.
    if h.learner is not None:
        lp, lv = h.learner
        diff = (h.value - lv) if h.attacker else (lv - h.value)
        if faces(lp) == best:  # the same cards, maybe typed in another order
            reasons.append(Reason("hint.cost.same", {"play": format_cards(lp)}))
        elif abs(diff) < 0.5:
            reasons.append(Reason("hint.cost.none", {"play": format_cards(lp)}))
        elif h.attacker:
            reasons.append(Reason("hint.cost.attackers", {"play": format_cards(lp),
                                                          "value": _num(lv),
                                                          "diff": _num(round(diff, 1))}))
        else:
            reasons.append(Reason("hint.cost.dealers", {"play": format_cards(lp),
                                                        "value": _num(lv),
                                                        "diff": _num(round(diff, 1))}))
    return reasons


def render_claims(verified: Sequence[Claim], sampled: bool, decided: bool = False,
                  ctx: TrumpContext | None = None) -> list[Reason]:
    """Message ids for checked claims: a sampled hint gives the share of
    deals behind each claim about the trick (``p`` of ``deals``), unless
    the play is ``decided``: it ends the trick, so every deal ends it alike."""
    kinds = {c.kind: c for c in verified}
    K = claims.ClaimKind
    out: list[Reason] = []

    def say(code: str, c: Claim, **params: Any) -> None:
        if sampled and c.ends and not decided:
            params.update(p=percent(c.share), deals=len(c.ends))
            if c.sure:  # no unseen card can change who takes it: said as certain
                code += "_sure"
            else:
                # every sampled deal alike is said as "in all n sampled deals
                # (likely, not certain)": a sample is not a proof
                code += "_all" if c.share == 1.0 and len(c.ends) > 1 else "_expected"
        out.append(Reason(code, params, c))

    # A forced play (one legal play) was no choice: advice on which card to
    # spend ("no need to spend a strong card", "play your lowest cards") is
    # not given beside it, only who takes the trick.
    forced = K.FORCED in kinds
    if forced:
        # One legal lead means one card left (R-LEAD); one legal follow is R-FOLLOW.
        c = kinds[K.FORCED]
        out.append(Reason("hint.why.forced" if c.follows else "hint.why.forced_lead", {}, c))

    def throw() -> None:
        out.append(Reason("hint.why.safe_throw", {"units": kinds[K.STANDS].units}, kinds[K.STANDS]))
        if K.RUFFABLE in kinds:
            say("hint.why.throw_ruffed", kinds[K.RUFFABLE])

    # A throw that stands yet may be trumped: both said first, together (the
    # Play screen shows two reasons; "the opponents take this trick in 55 %"
    # beside "the throw stands" without the ruff read as a contradiction).
    ruffed_throw = K.STANDS in kinds and K.RUFFABLE in kinds
    if ruffed_throw:
        throw()
    if K.WINS_TRICK in kinds:
        c = kinds[K.WINS_TRICK]
        # "with about 0 points in it" read oddly: a trick without points says so
        say("hint.why.wins_trick" if c.points else "hint.why.wins_trick_empty", c, points=c.points)
    if K.PARTNER_WINS in kinds:
        c = kinds[K.PARTNER_WINS]
        if c.points:
            say("hint.why.feeds_points", c, points=c.points)
        elif forced or not c.follows or K.PLAYS_LOWEST not in kinds:
            # advice on which card to spend only for a follow that spends the lowest
            say("hint.why.partner_takes", c)
        else:
            say("hint.why.partner_wins", c)
    if K.LOSES_TRICK in kinds:
        c = kinds[K.LOSES_TRICK]
        if K.TAKES_LEAD in kinds and not forced:
            # it beats the trick's winner so far: a bid for the trick, told
            # as one, not as "lost, gives fewer points" (a walk)
            t = kinds[K.TAKES_LEAD]
            say("hint.why.contests", t, cards=format_cards(t.cards))
        elif K.SAVES_POINTS in kinds:
            say("hint.why.saves_points", kinds[K.SAVES_POINTS], points=kinds[K.SAVES_POINTS].points)
        elif K.PLAYS_LOW in kinds and not forced:
            say("hint.why.ducks", c)
        elif K.LEADS_LOW in kinds and not forced:
            # a lead that loses the trick: why this card (the learner walk
            # of session 39 read a losing lead with no reason at all)
            # the suit named: "lead low in that suit" on a trump lead named
            # no suit (a walk)
            if ctx is not None:
                # a pair is "the lowest pair", not "the lowest card" (a walk
                # read ♣J♣J called the lowest beside ♣9 ♣8 ♣4 ♣2)
                say("hint.why.leads_low" + ("_pair" if len(c.play) == 2 else ""), c,
                    suit=ctx.suit_of(c.play[0]))
            else:
                say("hint.why.loses_trick", c)
        else:
            say("hint.why.loses_trick", c)
        if K.TIES_FIRST in kinds:  # why a card as high as the winner's does not take it
            out.append(Reason("hint.why.ties_first", {"cards": format_cards(kinds[K.TIES_FIRST].cards)},
                              kinds[K.TIES_FIRST]))
        if K.WORTH_POINTS in kinds:
            # Points given on a lost trick while fewer could be: why.
            w = kinds[K.WORTH_POINTS]
            out.append(Reason("hint.why.worth_points",
                              {"play": format_cards(w.play), "points": claims.play_points(w.play),
                               "cards": format_cards(w.cards), "diff": w.points,
                               "deals": len(w.deals)}, w))
        if K.SPARES_POINTS in kinds:
            # A lead chosen over one with more points, which is no better.
            w = kinds[K.SPARES_POINTS]
            out.append(Reason("hint.why.spares_points",
                              {"play": format_cards(w.play), "cards": format_cards(w.cards),
                               "points": w.points, "deals": len(w.deals)}, w))
    if K.TRICK_OPEN in kinds and not decided:
        # Sampled deals only (an exact line has one winner): who takes the
        # trick is open, each side's share said.
        c = kinds[K.TRICK_OPEN]
        own, partner, opp = (percent(x) for x in c.shares)
        out.append(Reason("hint.why.trick_open", {"deals": len(c.ends), "own": own,
                                                  "partner": partner, "opp": opp}, c))
    if K.STANDS in kinds and not ruffed_throw:
        throw()
    if K.EMPTIES_SUIT in kinds:
        c = kinds[K.EMPTIES_SUIT]
        out.append(Reason("hint.why.empties_suit", {"suits": c.play[0].suit}, c))
    if K.DRAWS_TRUMPS in kinds:
        out.append(Reason("hint.why.draws_trumps", {}, kinds[K.DRAWS_TRUMPS]))
    if K.SETS_UP_THROW in kinds:
        out.append(Reason("hint.why.sets_up_throw", {}, kinds[K.SETS_UP_THROW]))
    if K.KEEPS_TRACTOR in kinds:
        c = kinds[K.KEEPS_TRACTOR]
        out.append(Reason("hint.why.plays_tractor" if claims.plays_whole(c) else "hint.why.keeps_tractor",
                          {"cards": format_cards(c.cards)}, c))
    if K.PROTECTS_KITTY in kinds:
        c = kinds[K.PROTECTS_KITTY]
        out.append(Reason("hint.why.protects_kitty", {"points": c.points}, c))
    if K.KITTY_BONUS in kinds:
        c = kinds[K.KITTY_BONUS]
        out.append(Reason("hint.why.kitty_bonus", {"points": c.points}, c))
    return out
