"""Hidden-hand evaluation: sample deals, search each, average (issue 6).

Every candidate play of the seat to move is evaluated on the same sampled
deals (:func:`solver.search.hidden.sample_deal`): by exact search
(:class:`~solver.search.alphabeta.Solver`) when few cards are left, else
by finishing the current trick with full-width minimax on the sample and
scoring the rest with :class:`Static`, a quick estimate of the points
still to come.  Sampling continues until the time budget is spent.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from solver.scoring import level_outcome
from solver.search.alphabeta import INF, Solver, State, _with, equivalence_classes
from solver.search.hidden import Knowledge, best_deal, sample_deal
from solver.search.model import POINTS, CachedMoves, Hand, Hands, Model, Play, Reply, Table, remove

#: Exact search once every hand holds at most this many cards.
EXACT_CARDS = 4
#: :class:`Static`: the attackers' share of the points is a^s / (a^s + d^s)
#: of the two teams' power a, d (s = 1: proportional; larger s: control
#: takes more of the points).
SHARPEN = 1.0


@dataclass(slots=True)
class Estimate:
    """A candidate play's average over the samples."""

    play: Play
    total: float = 0.0
    samples: int = 0
    outcomes: dict[tuple[str, int], int] = field(default_factory=dict)
    #: the value on each deal, in the order the deals were sampled
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return self.total / self.samples if self.samples else 0.0

    def add(self, value: float, rules_outcome: tuple[str, int]) -> None:
        self.total += value
        self.samples += 1
        self.values.append(value)
        self.outcomes[rules_outcome] = self.outcomes.get(rules_outcome, 0) + 1

    def extend(self, other: Estimate) -> None:
        """Add ``other``'s deals (the same play valued on the deals after these)."""
        self.total += other.total
        self.samples += other.samples
        self.values.extend(other.values)
        for key, n in other.outcomes.items():
            self.outcomes[key] = self.outcomes.get(key, 0) + n

    def probabilities(self) -> dict[tuple[str, int], float]:
        return {k: n / self.samples for k, n in sorted(self.outcomes.items())} if self.samples else {}


@dataclass(slots=True)
class Evaluation:
    estimates: list[Estimate]
    samples: int
    exact_leaves: bool
    elapsed: float
    maximize: bool
    #: the sampled deals, in order: ``(hands, kitty)`` (the explanation reads
    #: how the current trick ends in the same deals, see solver.search.claims)
    deals: list[tuple[Hands, Hand]] = field(default_factory=list)

    @property
    def best(self) -> Estimate:
        return self.estimates[0]


class Static:
    """A quick estimate of the attackers' points still to come, for one
    sampled deal: the points in play times the attackers' share of the
    trick-taking power (trumps weighted by rank, plain cards that top their
    suit, the lead), plus the kitty bonus times the square of that share.
    The power of each card is computed once at the root; a leaf subtracts
    the cards played since."""

    __slots__ = ("dealer", "kp", "power", "att_power", "def_power", "left", "own")

    def __init__(self, table: Table, hands: Hands, dealer: int, kitty_points: int) -> None:
        suit, pos = table.suit, table.pos
        self.dealer = dealer
        self.kp = kitty_points
        trumps: list[int] = sorted({pos[f] for h in hands for f in h if suit[f] == 0})
        rank = {p: i for i, p in enumerate(trumps)}
        n = max(1, len(trumps))
        top: dict[int, int] = {}
        for h in hands:
            for f in h:
                if suit[f] != 0 and pos[f] > top.get(suit[f], -1):
                    top[suit[f]] = pos[f]
        power = [0.0] * 54
        for h in hands:
            for f in h:
                if suit[f] == 0:
                    power[f] = 0.6 + 1.4 * (rank[pos[f]] + 1) / n
                elif pos[f] == top[suit[f]]:
                    power[f] = 0.8
        self.power = power
        ap = dp = 0.5
        left = 0
        own = [0, 0]
        for s, h in enumerate(hands):
            att = (s - dealer) % 2 == 1
            for f in h:
                if att:
                    ap += power[f]
                else:
                    dp += power[f]
                left += POINTS[f]
                own[att] += POINTS[f]
        self.att_power, self.def_power, self.left, self.own = ap, dp, left, own

    def rest(self, leader: int, played: Sequence[tuple[int, Play]]) -> float:
        """Estimate at a trick boundary with ``leader`` to lead, after the
        ``(seat, play)`` pairs played since the root."""
        ap, dp, left = self.att_power, self.def_power, self.left
        o_att, o_def = self.own[1], self.own[0]
        if (leader - self.dealer) % 2 == 1:
            ap += 0.4
        else:
            dp += 0.4
        for seat, play in played:
            att = (seat - self.dealer) % 2 == 1
            for f in play:
                if att:
                    ap -= self.power[f]
                    o_att -= POINTS[f]
                else:
                    dp -= self.power[f]
                    o_def -= POINTS[f]
                left -= POINTS[f]
        if SHARPEN == 1.0:
            share = ap / (ap + dp)
        else:
            a, d = ap ** SHARPEN, dp ** SHARPEN
            share = a / (a + d)
        return share * left + 0.1 * (o_att - o_def) + self.kp * 2 * share * share


class VoidStatic(Static):
    """:class:`Static` plus ``VOID_POWER`` of trick-taking power for each
    ruffing void: a plain suit a seat lacks while it holds trumps and some
    opponent still holds that suit (a seat that can trump a suit takes the
    points led in it).  Voids made by the cards played since the root are
    counted at the leaf."""

    __slots__ = ("counts", "trumps", "held", "vpow", "suit")

    def __init__(self, table: Table, hands: Hands, dealer: int, kitty_points: int,
                 void_power: float | None = None) -> None:
        super().__init__(table, hands, dealer, kitty_points)
        suit = self.suit = table.suit
        self.vpow = VOID_POWER if void_power is None else void_power
        counts = [[0] * 8 for _ in range(4)]
        for s, h in enumerate(hands):
            for f in h:
                counts[s][suit[f]] += 1
        self.counts = counts
        #: plain suits each seat's opponents hold at the root
        self.held = [frozenset(x for x in range(1, 8) if counts[(s + 1) % 4][x] or counts[(s + 3) % 4][x])
                     for s in range(4)]
        va = vd = 0.0
        for s in range(4):
            v = self._voids(counts[s], s)
            if (s - dealer) % 2 == 1:
                va += v
            else:
                vd += v
        self.att_power += self.vpow * va
        self.def_power += self.vpow * vd

    def _voids(self, c: list[int], seat: int) -> int:
        if not c[0]:
            return 0
        return sum(1 for x in self.held[seat] if not c[x])

    def rest(self, leader: int, played: Sequence[tuple[int, Play]]) -> float:
        if not played or not self.vpow:
            return super().rest(leader, played)
        changed: dict[int, list[int]] = {}
        for seat, play in played:
            c = changed.get(seat)
            if c is None:
                c = changed[seat] = list(self.counts[seat])
            for f in play:
                c[self.suit[f]] -= 1
        da = dd = 0.0
        for seat, c in changed.items():
            d = self.vpow * (self._voids(c, seat) - self._voids(self.counts[seat], seat))
            if (seat - self.dealer) % 2 == 1:
                da += d
            else:
                dd += d
        if not da and not dd:
            return super().rest(leader, played)
        self.att_power += da
        self.def_power += dd
        try:
            return super().rest(leader, played)
        finally:
            self.att_power -= da
            self.def_power -= dd


#: :class:`VoidStatic`'s power per ruffing void (0: plain :class:`Static`).
VOID_POWER = 0.5


class PromoStatic(Static):
    """:class:`Static` with the power recounted, at the leaf, in each suit
    the cards played since the root touched: :class:`Static` fixes each
    card's power at the root, so cashing a plain suit's top card loses its
    power and the card below it never gains it (the estimate holds
    cashing a winner against its side).  Here the highest card left of a
    plain suit is its top; with ``trumps`` the trumps left are ranked again
    too."""

    __slots__ = ("suit", "pos", "by_suit", "trumps", "root")

    def __init__(self, table: Table, hands: Hands, dealer: int, kitty_points: int,
                 trumps: bool | None = None) -> None:
        super().__init__(table, hands, dealer, kitty_points)
        self.suit, self.pos = table.suit, table.pos
        self.trumps = PROMOTE_TRUMPS if trumps is None else trumps
        by_suit: dict[int, list[tuple[int, int, int]]] = {}
        for s, h in enumerate(hands):
            for f in h:
                by_suit.setdefault(self.suit[f], []).append((self.pos[f], f, s))
        for v in by_suit.values():
            v.sort(reverse=True)
        self.by_suit = by_suit
        self.root: dict[int, tuple[float, float]] = {}

    def _suit_power(self, x: int, gone: list[tuple[int, int]] | None) -> tuple[float, float]:
        """Attackers' and dealers' power in suit ``x`` with the ``(face,
        seat)`` cards of ``gone`` removed (None: as at the root)."""
        left = self.by_suit.get(x, [])
        if gone:
            rest = list(left)
            for f, s in gone:
                for i, (_, g, t) in enumerate(rest):
                    if g == f and t == s:
                        del rest[i]
                        break
            left = rest
        ap = dp = 0.0
        if not left:
            return 0.0, 0.0
        dealer = self.dealer
        if x != 0:
            top = left[0][0]
            for p, _, s in left:
                if p != top:
                    break
                if (s - dealer) % 2 == 1:
                    ap += 0.8
                else:
                    dp += 0.8
            return ap, dp
        ranks = sorted({p for p, _, _ in left})
        rank = {p: i for i, p in enumerate(ranks)}
        n = len(ranks)
        for p, _, s in left:
            w = 0.6 + 1.4 * (rank[p] + 1) / n
            if (s - dealer) % 2 == 1:
                ap += w
            else:
                dp += w
        return ap, dp

    def rest(self, leader: int, played: Sequence[tuple[int, Play]]) -> float:
        if not played:
            return super().rest(leader, played)
        gone: dict[int, list[tuple[int, int]]] = {}
        for seat, play in played:
            for f in play:
                x = self.suit[f]
                if x or self.trumps:
                    gone.setdefault(x, []).append((f, seat))
        if not gone:
            return super().rest(leader, played)
        da = dd = 0.0
        for x, fs in gone.items():
            # Static subtracts the played cards' root power; replace the
            # suit's root power left by its power recounted.
            got = self.root.get(x)
            if got is None:
                got = self.root[x] = self._suit_power(x, None)
            a0, d0 = got
            for f, s in fs:
                if (s - self.dealer) % 2 == 1:
                    a0 -= self.power[f]
                else:
                    d0 -= self.power[f]
            a1, d1 = self._suit_power(x, fs)
            da += a1 - a0
            dd += d1 - d0
        if not da and not dd:
            return super().rest(leader, played)
        self.att_power += da
        self.def_power += dd
        try:
            return super().rest(leader, played)
        finally:
            self.att_power -= da
            self.def_power -= dd


#: :class:`PromoStatic` ranks the trumps left again at the leaf too.
PROMOTE_TRUMPS = False


class Estimator(Protocol):
    def rest(self, leader: int, played: Sequence[tuple[int, Play]]) -> float: ...


#: The estimate of the rest of the hand used below the current trick: the
#: hand-set :class:`Static`, or :class:`~solver.search.static.Learned`
#: (fitted weights: better calibrated, no stronger in play; see
#: docs/SEARCH.md and ``bench_strength --static learned``).
ESTIMATE: Callable[[Table, Hands, int, int], Estimator] = Static


class _Limited:
    """Full-width alpha-beta to the end of the current trick, then :class:`Static`."""

    def __init__(self, table: Table, moves: CachedMoves, dealer: int, kitty_points: int,
                 static: Estimator, reply: Reply | None = None,
                 modeled: frozenset[int] = frozenset()) -> None:
        self.table = table
        self.moves = moves
        self.dealer = dealer
        self.kp = kitty_points
        self.static = static
        self.att = tuple((s - dealer) % 2 == 1 for s in range(4))
        self.reply = reply
        self.modeled = modeled
        #: points and cost of the follows met so far (the same follows recur
        #: under every candidate of a deal)
        self._pc: dict[Play, tuple[int, int]] = {}

    def value(self, hands: Hands, leader: int, trick: tuple[Play, ...], alpha: float,
              beta: float, since: int) -> float:
        """Points from this trick on; ``trick[since:]`` were played after the root."""
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if trick and self.reply is not None and seat in self.modeled:
            ms: Sequence[Play] = (self.reply(seat, hand, leader, trick),)
        elif trick:
            ms = self.moves.policy_follows(trick[0], hand)
            if len(ms) > 3:
                ms = self.reduce(trick, ms)
        else:
            ms = self.moves.unit_leads(hand)
        maximize = self.att[seat]
        best = -float(INF) if maximize else float(INF)
        for m in ms:
            full = trick + (m,)
            if len(full) == 4:
                v = self.leaf(leader, full, since, len(hand) == len(m))
            else:
                nh = _with(hands, seat, remove(hand, m))
                v = self.value(nh, leader, full, alpha, beta, since)
            if maximize:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                    beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def reduce(self, trick: tuple[Play, ...], ms: Sequence[Play]) -> list[Play]:
        """A policy cut, not a rule: among follows that leave the same player
        winning with the same points, keep only the cheapest (lowest cards,
        plain before trumps)."""
        best: dict[tuple[int, int], tuple[int, Play]] = {}
        known = self._pc
        for m in ms:
            w = self.table.winner(trick + (m,))
            got_pc = known.get(m)
            if got_pc is None:
                got_pc = known[m] = (sum(POINTS[f] for f in m), play_cost(self.table, m))
            pts, cost = got_pc
            key = (w, pts)
            got = best.get(key)
            if got is None or cost < got[0]:
                best[key] = (cost, m)
        return [m for _, m in best.values()]

    def leaf(self, leader: int, full: tuple[Play, ...], since: int, last: bool) -> float:
        w = (leader + self.table.winner(full)) % 4
        gain = 0.0
        if self.att[w]:
            gain = float(sum(POINTS[f] for p in full for f in p))
            if last:
                gain += self.kp * self.table.multiplier(full[0])
        if last:
            return gain
        played = [((leader + i) % 4, full[i]) for i in range(since, 4)]
        return gain + self.static.rest(w, played)


def candidates(k: Knowledge, moves: CachedMoves, table: Table | None = None) -> list[Play]:
    """Legal plays of the viewer (who must be to move): follows, or leads
    with only safe throws (R-THROW-SAFE: the viewer cannot see the others).
    With ``table``, plays that differ only by faces equivalent in every deal
    the viewer thinks possible (no unseen card at or between them) are
    listed once."""
    if k.trick:
        plays = list(moves.policy_follows(k.trick[0], k.own, cap=96))
    else:
        seen = list(k.seen) + list(k.kitty or ())
        plays = list(moves.safe_leads(k.own, tuple(sorted(seen))))
    if table is None or len(plays) < 2:
        return plays
    outside = tuple(sorted(k.unknown() + [f for s, h in enumerate(k.known) if s != k.viewer
                                         for f in h]))
    classes = equivalence_classes(table, (k.own, outside, (), ()), 0, k.trick)
    if not classes:
        return plays
    seen_sigs: set[tuple[int, ...]] = set()
    out: list[Play] = []
    for p in plays:
        sig = tuple(sorted(classes.get(f, f) for f in p))
        if sig not in seen_sigs:
            seen_sigs.add(sig)
            out.append(p)
    return out


@dataclass(frozen=True, slots=True)
class Settle:
    """When an evaluation may stop before its budget or ``max_samples``: the
    leading play is no worse than every other live play by more than
    ``margin`` points, at ``z`` standard errors of their paired difference
    over the deals so far.  Checked after ``first`` deals and every
    ``every`` deals after that (a count of deals, not a time), so the stop
    depends on the deals alone, never on the machine's pace."""

    z: float = 3.0
    margin: float = 1.0
    first: int = 64
    every: int = 16


def settled(live: Sequence[Estimate], maximize: bool, rule: Settle) -> bool:
    """Whether ``rule`` lets an evaluation stop with these live estimates
    (every one valued on the same deals; see :class:`Settle`)."""
    sign = 1.0 if maximize else -1.0
    lead = max(live, key=lambda e: sign * e.mean)
    for e in live:
        if e is lead:
            continue
        diffs = [sign * (a - b) for a, b in zip(lead.values, e.values)]
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / n
        if mean - rule.z * math.sqrt(var / n) <= -rule.margin:
            return False
    return True


def evaluate(k: Knowledge, *, budget: float = 1.0, rng: random.Random | None = None,
             min_samples: int = 1, max_samples: int = 400, exact_cards: int = EXACT_CARDS,
             plays: Sequence[Play] | None = None, moves: CachedMoves | None = None,
             table: Table | None = None, prune_after: int = 4, keep: int = 8,
             model: Model | None = None, modeled: frozenset[int] | None = None,
             misfit: Callable[..., int] | None = None, tries: int = 1,
             tally: Callable[[], object] | None = None, always: Sequence[Play] = (),
             given: Sequence[tuple[Hands, Hand]] = (), keep_for: int = 0,
             estimate: Callable[[Table, Hands, int, int], Estimator] | None = None,
             settle: Settle | None = None) -> Evaluation:
    """Evaluate each candidate play of the viewer over sampled deals until
    ``budget`` seconds are spent (at least ``min_samples`` deals).  After
    ``prune_after`` deals only the ``keep`` best candidates stay in play.
    With ``model``, the ``modeled`` seats (default: the viewer's opponents)
    play as the model says (an opponent model, see
    :mod:`solver.search.opponent`) instead of by minimax.  With ``misfit``,
    each deal is the best of up to ``tries`` samples by it (fewest plays
    left unexplained; with ``tally`` the counts are bounded and resumed,
    see :func:`~solver.search.hidden.best_deal`: the same deals).  Plays
    in ``always`` are never pruned (a hand review compares the play made
    with the best on every deal).  Deals in
    ``given`` (consistent with ``k``: a hint's deals of the previous move
    brought up to date, :func:`solver.search.hidden.carry_deal`) are used
    first, then fresh samples.  ``keep_for``: stop early enough that that
    many more deals of one play (at the pace measured so far) still fit in
    the budget (a hint's explanation plays its play out on fresh deals).
    ``estimate`` replaces :data:`ESTIMATE` below the current trick.  With
    ``settle``, it also stops (past ``min_samples``) once the leading play
    is settled (:class:`Settle`)."""
    start = time.perf_counter()
    rng = rng or random.Random(0)
    table = table or Table(k.ctx)
    moves = moves or CachedMoves(k.ctx)
    cands = list(plays) if plays is not None else candidates(k, moves, table)
    if k.to_move != k.viewer:
        raise ValueError("the viewer is not to move")
    maximize = (k.viewer - k.dealer) % 2 == 1
    ests = [Estimate(p) for p in cands]
    live = list(ests)
    deals: list[tuple[Hands, Hand]] = []
    n = 0
    all_exact = True
    rules = k.ctx.rules
    if modeled is None:
        modeled = frozenset({(k.viewer + 1) % 4, (k.viewer + 3) % 4})
    #: play-deals searched so far (each live candidate on each deal)
    work = 0

    def time_left() -> bool:
        spent = time.perf_counter() - start
        if not keep_for or not work:
            return spent < budget
        return spent + keep_for * spent / work < budget

    while n < max_samples and (n < min_samples or time_left()):
        work += len(live)
        if n < len(given):
            hands, kitty = given[n]
        else:
            hands, kitty = sample_deal(k, rng) if misfit is None else \
                best_deal(k, rng, misfit, tries, tally=tally)
        deals.append((hands, kitty))
        kp = sum(POINTS[f] for f in kitty)
        state = State(hands, k.leader, k.trick, k.points, k.dealer, kp)
        exact = len(hands[k.viewer]) <= exact_cards  # cards per seat at this trick's start
        all_exact &= exact
        if exact:
            solver = Solver(table, moves, dealer=k.dealer, kitty_points=kp,
                            reply=model.follow if model else None,
                            lead_reply=model.leads(kitty) if model else None, modeled=modeled)
            for e in live:
                v: float = float(solver.value(solver.after(state, e.play)))
                e.add(v, level_outcome(rules, int(round(v / 5.0)) * 5))
        else:
            static = (estimate or ESTIMATE)(table, hands, k.dealer, kp)
            lim = _Limited(table, moves, k.dealer, kp, static,
                           model.follow if model else None, modeled)
            seat = state.to_move
            since = len(k.trick)
            for e in live:
                full = k.trick + (e.play,)
                if len(full) == 4:
                    v = k.points + lim.leaf(k.leader, full, since, len(hands[seat]) == len(e.play))
                else:
                    nh = _with(hands, seat, remove(hands[seat], e.play))
                    v = k.points + lim.value(nh, k.leader, full, -float(INF), float(INF), since)
                e.add(v, level_outcome(rules, max(0, int(round(v / 5.0)) * 5)))
        n += 1
        moves.trim()
        if n == prune_after and len(live) > keep:
            live.sort(key=lambda e: -e.mean if maximize else e.mean)
            live = live[:keep] + [e for e in live[keep:] if e.play in always]
        if settle is not None and n >= max(settle.first, min_samples) and \
                (n - settle.first) % settle.every == 0 and settled(live, maximize, settle):
            break
    # Candidates pruned early rank below the ones that kept being sampled;
    # among plays of equal value the cheapest (lowest cards, plain before
    # trumps) comes first: nothing is gained by spending a higher card.
    alive = {id(e) for e in live}
    ests.sort(key=lambda e: (id(e) not in alive, round(-e.mean if maximize else e.mean, 6),
                             play_cost(table, e.play)))
    return Evaluation(ests, n, all_exact, time.perf_counter() - start, maximize, deals)


def play_cost(table: Table, play: Play) -> int:
    """How much a play spends: the ladder positions of its cards, a trump
    costing more than any plain card (a policy order, not a rule)."""
    return sum(table.pos[f] + (64 if table.suit[f] == 0 else 0) for f in play)
