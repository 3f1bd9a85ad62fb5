"""Hidden-hand evaluation: sample deals, search each, average (issue 6).

Every candidate play of the seat to move is evaluated on the same sampled
deals (:func:`solver.search.hidden.sample_deal`): by exact search
(:class:`~solver.search.alphabeta.Solver`) when few cards are left, else
by finishing the current trick with full-width minimax on the sample and
scoring the rest with :func:`static_rest`, a quick estimate of the points
still to come.  Sampling continues until the time budget is spent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.scoring import level_outcome
from solver.search.alphabeta import INF, Solver, State, _others, _with
from solver.search.hidden import Knowledge, sample_deal
from solver.search.model import POINTS, CachedMoves, Hands, Play, Table, remove

#: Exact search once every hand holds at most this many cards.
EXACT_CARDS = 4


@dataclass(slots=True)
class Estimate:
    """A candidate play's average over the samples."""

    play: Play
    total: float = 0.0
    samples: int = 0
    outcomes: dict[tuple[str, int], int] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.samples if self.samples else 0.0

    def add(self, value: float, rules_outcome: tuple[str, int]) -> None:
        self.total += value
        self.samples += 1
        self.outcomes[rules_outcome] = self.outcomes.get(rules_outcome, 0) + 1

    def probabilities(self) -> dict[tuple[str, int], float]:
        return {k: n / self.samples for k, n in sorted(self.outcomes.items())} if self.samples else {}


@dataclass(slots=True)
class Evaluation:
    estimates: list[Estimate]
    samples: int
    exact_leaves: bool
    elapsed: float
    maximize: bool

    @property
    def best(self) -> Estimate:
        return self.estimates[0]


def static_rest(table: Table, hands: Hands, leader: int, dealer: int, kitty_points: int) -> float:
    """A quick estimate of the attackers' points still to come from a trick
    boundary: the points in play times the attackers' share of the
    trick-taking power (trumps weighted by rank, plain cards that top their
    suit), plus the kitty bonus times the square of that share."""
    suit, pos = table.suit, table.pos
    left = 0
    trumps: list[tuple[int, bool]] = []
    plain_top: dict[int, tuple[int, bool, int]] = {}
    own_points = [0, 0]
    for s in range(4):
        att = (s - dealer) % 2 == 1
        for f in hands[s]:
            p = POINTS[f]
            left += p
            own_points[att] += p
            if suit[f] == 0:
                trumps.append((pos[f], att))
    trumps.sort()
    power = [0.5, 0.5]
    n = len(trumps)
    for i, (_, att) in enumerate(trumps):
        power[att] += 0.6 + 1.4 * (i + 1) / n
    for s in range(4):
        att = (s - dealer) % 2 == 1
        for f in hands[s]:
            if suit[f] != 0:
                best = plain_top.get(suit[f])
                if best is None or pos[f] > best[0]:
                    plain_top[suit[f]] = (pos[f], att, s)
    for _, (_, att, _) in plain_top.items():
        power[att] += 0.8
    if (leader - dealer) % 2 == 1:
        power[True] += 0.4
    else:
        power[False] += 0.4
    share = power[True] / (power[True] + power[False])
    if not hands[leader]:
        return 0.0
    return share * left + 0.1 * (own_points[True] - own_points[False]) + \
        kitty_points * 2 * share * share


class _Limited:
    """Full-width alpha-beta to the end of the current trick, then :func:`static_rest`."""

    def __init__(self, table: Table, moves: CachedMoves, dealer: int, kitty_points: int) -> None:
        self.table = table
        self.moves = moves
        self.dealer = dealer
        self.kp = kitty_points
        self.att = tuple((s - dealer) % 2 == 1 for s in range(4))

    def value(self, hands: Hands, leader: int, trick: tuple[Play, ...], alpha: float,
              beta: float) -> float:
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if trick:
            ms: Sequence[Play] = self.moves.follows(trick[0], hand)
        else:
            ms = self.moves.leads(hand, _others(hands, seat))
        maximize = self.att[seat]
        best = -float(INF) if maximize else float(INF)
        for m in ms:
            nh = _with(hands, seat, remove(hand, m))
            full = trick + (m,)
            if len(full) == 4:
                w = (leader + self.table.winner(full)) % 4
                gain = 0.0
                if self.att[w]:
                    gain = float(sum(POINTS[f] for p in full for f in p))
                    if not nh[w]:
                        gain += self.kp * self.table.multiplier(full[0])
                v = gain + (static_rest(self.table, nh, w, self.dealer, self.kp) if nh[w] else 0.0)
            else:
                v = self.value(nh, leader, full, alpha, beta)
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def candidates(k: Knowledge, moves: CachedMoves) -> list[Play]:
    """Legal plays of the viewer (who must be to move): follows, or leads
    with only safe throws (R-THROW-SAFE: the viewer cannot see the others)."""
    if k.trick:
        return list(moves.follows(k.trick[0], k.own))
    seen = list(k.seen) + list(k.kitty or ())
    return list(moves.safe_leads(k.own, tuple(sorted(seen))))


def evaluate(k: Knowledge, *, budget: float = 1.0, rng: random.Random | None = None,
             min_samples: int = 1, max_samples: int = 400, exact_cards: int = EXACT_CARDS,
             plays: Sequence[Play] | None = None, moves: CachedMoves | None = None,
             table: Table | None = None) -> Evaluation:
    """Evaluate each candidate play of the viewer over sampled deals until
    ``budget`` seconds are spent (at least ``min_samples`` deals)."""
    start = time.perf_counter()
    rng = rng or random.Random(0)
    table = table or Table(k.ctx)
    moves = moves or CachedMoves(k.ctx)
    cands = list(plays) if plays is not None else candidates(k, moves)
    if k.to_move != k.viewer:
        raise ValueError("the viewer is not to move")
    maximize = (k.viewer - k.dealer) % 2 == 1
    ests = [Estimate(p) for p in cands]
    n = 0
    all_exact = True
    rules = k.ctx.rules
    while n < max_samples and (n < min_samples or time.perf_counter() - start < budget):
        hands, kitty = sample_deal(k, rng)
        kp = sum(POINTS[f] for f in kitty)
        state = State(hands, k.leader, k.trick, k.points, k.dealer, kp)
        exact = len(hands[k.viewer]) <= exact_cards  # cards per seat at this trick's start
        all_exact &= exact
        if exact:
            solver = Solver(table, moves, dealer=k.dealer, kitty_points=kp)
            for e in ests:
                v: float = float(solver.value(solver.after(state, e.play)))
                e.add(v, level_outcome(rules, int(round(v / 5.0)) * 5))
        else:
            lim = _Limited(table, moves, k.dealer, kp)
            for e in ests:
                seat = state.to_move
                nh = _with(hands, seat, remove(hands[seat], e.play))
                full = k.trick + (e.play,)
                if len(full) == 4:
                    w = (k.leader + table.winner(full)) % 4
                    gain = float(sum(POINTS[f] for p in full for f in p)) if lim.att[w] else 0.0
                    v = k.points + gain + static_rest(table, nh, w, k.dealer, kp)
                else:
                    v = k.points + lim.value(nh, k.leader, full, -float(INF), float(INF))
                e.add(v, level_outcome(rules, max(0, int(round(v / 5.0)) * 5)))
        n += 1
        moves.trim()
    ests.sort(key=lambda e: -e.mean if maximize else e.mean)
    return Evaluation(ests, n, all_exact, time.perf_counter() - start, maximize)
