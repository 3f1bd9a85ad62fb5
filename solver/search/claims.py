"""What a hint says about its play: claims, each checked against the engine (issue 18).

A hint's explanation is a list of :class:`Claim`: what it asserts about the
recommended play (it wins the trick, the partner wins it, the opponents do,
it is the lowest play of its shape, the throw stands, ...) together with
the data the engine computed for it.  :func:`check` tests a claim against
the engine's own rules (:mod:`solver.trick`, :mod:`solver.throws`,
:class:`~solver.position.Position`), and only claims that pass are turned
into text (:func:`solver.search.hint.explain`).

How the trick ends is read from :class:`TrickEnd` records: in an exact hint
the one line of best play; in a sampled hint one per sampled deal (deals
drawn afresh, not those the play was chosen on, and read through the
other seats' play: :func:`solver.search.opponent.fitted_sampler`), each follower answering by the search's
continuation (full-width search to the end of the trick, then the static
estimate: :class:`solver.search.pimc._Limited`).  "Wins the trick in p %"
is the share of those records the play's seat wins: a share of deals, not a
promise.  A throw that *stands* (R-THROW-ADJ: no other hand beats one of its
units in its suit) may still be trumped by a player out of the suit, so
"stands" and "wins the trick" are separate claims.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from solver.cards import FACES, Card
from solver.position import Position
from solver.search import pimc
from solver.search.alphabeta import Solver, State
from solver.search.hidden import Knowledge, deal_is_consistent
from solver.search.model import POINTS, CachedMoves, Hand, Hands, Play, Table, faces, remove
from solver.search.opponent import BaselineModel
from solver.throws import holdings_for, stands_against, throw_safe, throw_units, unseen_cards
from solver.trick import play_key, trick_winner
from solver.units import TRACTOR, classify, decompose

#: Legal plays examined for "the lowest of its shape"; past this (a void
#: follower facing a long throw) the claim is not made.
LOW_SCAN = 4000


class ClaimKind(str, Enum):
    FORCED = "forced"
    WINS_TRICK = "wins_trick"          # the play's own seat takes the trick
    PARTNER_WINS = "partner_wins"      # the partner takes it
    LOSES_TRICK = "loses_trick"        # the opponents take it
    PLAYS_LOW = "plays_low"            # no lower legal play of the same shape and no more points
    PLAYS_LOWEST = "plays_lowest"      # no lower legal play of the same shape, points or not
    #: a lead of one card or a pair without points, the lowest such of its
    #: suit in hand (:func:`lowest_lead`)
    LEADS_LOW = "leads_low"
    SAVES_POINTS = "saves_points"      # another legal play would give more points
    STANDS = "stands"                  # a throw nobody can beat in its suit (R-THROW-ADJ / SAFE)
    RUFFABLE = "ruffable"              # ... yet an opponent may trump it
    DRAWS_TRUMPS = "draws_trumps"      # a trump lead while an opponent may hold trumps
    SETS_UP_THROW = "sets_up_throw"    # after winning, a safe throw is there to lead
    KEEPS_TRACTOR = "keeps_tractor"    # the play keeps a tractor the alternatives break
    PROTECTS_KITTY = "protects_kitty"  # the dealers take the last trick (exact line)
    KITTY_BONUS = "kitty_bonus"        # the attackers take the last trick (exact line)
    #: a follow equal to the trick's winning play, which it cannot beat:
    #: of equal plays the first one played wins (R-TIE)
    TIES_FIRST = "ties_first"
    #: a play (a follow or a lead) that gives points on a trick the opponents take, yet ends
    #: the hand better than a play of as many cards giving fewer (``cards``)
    WORTH_POINTS = "worth_points"
    #: a lead on a trick the opponents take that carries fewer points than
    #: the lead ``cards`` it was chosen over, which ends the hand no
    #: clearly better (:func:`solver.search.hint.fewer_points_tiebreak`)
    SPARES_POINTS = "spares_points"
    #: no side takes the trick in most of the deals: the three shares
    #: (``shares``: the seat, its partner, the opponents)
    TRICK_OPEN = "trick_open"
    #: a lead that leaves the hand void in its plain suit while it keeps a
    #: trump, with cards of that suit still unseen (:func:`empties_suit`)
    EMPTIES_SUIT = "empties_suit"
    #: a follow that beats the play winning the trick so far (``cards``),
    #: on a trick the opponents still take in ``share`` of ``ends``: it
    #: contests the trick (a ruff over ♥9 told as "lost, gives 5 fewer
    #: points" read as spending a trump on a lost trick, a walk)
    TAKES_LEAD = "takes_lead"


@dataclass(frozen=True, slots=True)
class TrickEnd:
    """How the current trick ends in one deal: the hands when the trick
    began (the viewer's as it is, the others as sampled), the whole trick
    from its leader and the seat that wins it."""

    hands: Hands
    leader: int
    plays: tuple[Play, ...]
    winner: int
    #: who takes the last trick of the hand on this line, when followed to the end
    last_winner: int | None = None

    @property
    def points(self) -> int:
        return sum(POINTS[f] for p in self.plays for f in p)


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim about ``play`` and the engine data behind it: ``ends`` the
    deals a share is counted over, ``share`` the claimed share of them,
    ``points`` a number of points, ``cards`` cards the text names."""

    kind: ClaimKind
    play: tuple[Card, ...]
    ends: tuple[TrickEnd, ...] = ()
    share: float = 1.0
    points: int = 0
    cards: tuple[Card, ...] = ()
    units: int = 0
    #: the play follows a lead (False: it leads)
    follows: bool = True
    #: sampled deals ``(hands, kitty)`` a value claim is computed over
    deals: tuple[tuple[Hands, Hand], ...] = ()
    #: who takes the trick is settled whatever the unseen cards
    #: (:func:`trick_settled`): said as certain, not as a share of deals
    sure: bool = False
    #: TRICK_OPEN: the shares of ``ends`` taken by the seat, its partner
    #: and the opponents
    shares: tuple[float, ...] = ()


# -- how the trick ends ---------------------------------------------------------------


def end_exact(solver: Solver, st: State, play: Play) -> TrickEnd:
    """The line of best play after ``play`` (all hands known)."""
    cur = solver.after(st, play)
    trick = cur.trick
    while cur.trick:
        p, _ = solver.best(cur)
        trick = cur.trick + (p,)
        cur = solver.after(cur, p)
    if len(trick) != 4:  # the play ended the trick
        trick = st.trick + (play,)
    winner = cur.leader
    while not cur.over:
        p, _ = solver.best(cur)
        cur = solver.after(cur, p)
    return TrickEnd(_began(st.hands, st.leader, st.trick), st.leader, trick, winner, cur.leader)


def _began(hands: Hands, leader: int, trick: tuple[Play, ...]) -> Hands:
    """The hands when the current trick began: ``hands`` plus what each
    seat has played to it."""
    out = list(hands)
    for i, p in enumerate(trick):
        s = (leader + i) % 4
        out[s] = tuple(sorted(out[s] + p))
    return (out[0], out[1], out[2], out[3])


def continue_trick(k: Knowledge, play: Play, hands: Hands, kitty: Hand, table: Table,
                   moves: CachedMoves, model: BaselineModel | None = None) -> TrickEnd:
    """The rest of the current trick in one deal after the viewer's ``play``:
    each follower takes the follow the search's continuation rates best for
    its side (full width to the end of the trick, then the static estimate),
    or, with ``model``, the baseline bot's follow (the Play screen's bots at
    the normal strength: what they will play on this deal)."""
    seat = k.to_move
    trick = k.trick + (play,)
    hs = list(hands)
    hs[seat] = remove(hs[seat], play)
    if model is not None:
        while len(trick) < 4:
            s = (k.leader + len(trick)) % 4
            got = model.follow(s, hs[s], k.leader, trick)
            hs[s] = remove(hs[s], got)
            trick = trick + (got,)
        winner = (k.leader + table.winner(trick)) % 4
        return TrickEnd(_began(hands, k.leader, k.trick), k.leader, trick, winner)
    since = len(k.trick)
    kp = sum(POINTS[f] for f in kitty)
    lim = pimc._Limited(table, moves, k.dealer, kp, pimc.ESTIMATE(table, hands, k.dealer, kp))
    while len(trick) < 4:
        s = (k.leader + len(trick)) % 4
        opts = moves.policy_follows(trick[0], hs[s])
        best_p, best_v = opts[0], 0.0
        for i, o in enumerate(opts):
            nh = list(hs)
            nh[s] = remove(hs[s], o)
            full = trick + (o,)
            if len(full) == 4:
                v = lim.leaf(k.leader, full, since, not nh[s])
            else:
                v = lim.value((nh[0], nh[1], nh[2], nh[3]), k.leader, full, -1e9, 1e9, since)
            if i == 0 or (v > best_v if lim.att[s] else v < best_v):
                best_p, best_v = o, v
        hs[s] = remove(hs[s], best_p)
        trick = trick + (best_p,)
    winner = (k.leader + table.winner(trick)) % 4
    return TrickEnd(_began(hands, k.leader, k.trick), k.leader, trick, winner)


#: How many deals a share is counted over at most.
ENDS_MAX = 64
#: At least this many even past the deadline; the hint's evaluation stops in
#: time for them.  A share of few deals, read by its own value, regresses to
#: the mean: with 8 deals the 10-30 % claims came true 5-10 points more
#: often than they said, by sampling noise alone (docs/SEARCH.md).
ENDS_MIN = 32


def ends_sampled(k: Knowledge, play: Play, deals: Sequence[tuple[Hands, Hand]], table: Table,
                 moves: CachedMoves, *, deadline: float | None = None, at_least: int = ENDS_MIN,
                 rng: random.Random | None = None, at_most: int = ENDS_MAX,
                 draw: Callable[[random.Random], tuple[Hands, Hand]] | None = None,
                 model: BaselineModel | None = None) -> list[TrickEnd]:
    """:func:`continue_trick` (with ``model``) over ``deals`` (the first ``at_most``), then
    over fresh samples drawn with ``rng`` up to ``at_most`` in all; once
    ``at_least`` are done it stops before one would end past ``deadline``.
    ``draw`` draws a fresh deal (default
    :func:`~solver.search.hidden.sample_deal`; a hint reads the other
    seats' play, :func:`solver.search.opponent.fitted_sampler`).

    A hint passes no deals: its shares are counted over deals drawn afresh,
    independent of the deals the play was chosen on.  On those the chosen
    play is the best of several noisy estimates, and its share there is
    too high (a winner's curse: 5 points in the 50-90 % claims,
    docs/SEARCH.md)."""
    from solver.search.hidden import sample_deal

    todo = list(deals[:at_most])
    r = rng or random.Random(0)
    out: list[TrickEnd] = []
    t0 = time.perf_counter()
    while len(out) < at_most:
        if deadline is not None and len(out) >= at_least:
            now = time.perf_counter()
            if now + (now - t0) / len(out) > deadline:  # the next one would end past it
                break
        if len(out) < len(todo):
            hands, kitty = todo[len(out)]
        else:
            hands, kitty = sample_deal(k, r) if draw is None else draw(r)
        out.append(continue_trick(k, play, hands, kitty, table, moves, model))
    return out


# -- the value of a play over deals ---------------------------------------------------

#: A follow that gives points on a trick the opponents take is kept over a
#: play of as many cards giving fewer points only when it ends the hand
#: better by more than this many standard errors of the paired difference
#: (:func:`worth_it`), on the deals its value was chosen on and on the
#: deals the hint's shares are counted on.
WORTH_SE = 2.0


def play_points(play: Sequence[Card] | Play) -> int:
    """The points in a play (cards or faces)."""
    return sum(c.points if isinstance(c, Card) else POINTS[c] for c in play)


def deal_values(k: Knowledge, play: Play, deals: Sequence[tuple[Hands, Hand]], table: Table,
                moves: CachedMoves) -> list[float]:
    """The attackers' final total after the viewer's ``play`` in each of
    ``deals``, as the hint's evaluation values it
    (:func:`solver.search.pimc.evaluate`: the rest of the trick full-width,
    then the estimate; exact search near the end)."""
    if not deals:
        return []
    ev = pimc.evaluate(k, budget=0.0, min_samples=len(deals), max_samples=len(deals),
                       plays=[play], moves=moves, table=table, given=deals,
                       prune_after=len(deals) + 1)
    return list(ev.estimates[0].values)


def paired_gain(a: Sequence[float], b: Sequence[float], maximize: bool) -> tuple[float, float]:
    """The mean and standard error of how much better ``a`` ends than ``b``
    for the side to move (attackers: ``maximize``), paired deal by deal;
    the error is infinite with fewer than two deals."""
    d = [(x - y) if maximize else (y - x) for x, y in zip(a, b)]
    if not d:
        return 0.0, math.inf
    mean = sum(d) / len(d)
    if len(d) < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
    return mean, math.sqrt(var / len(d))


def worth_it(mean: float, se: float) -> bool:
    """A paired gain worth giving points for: at least a point (rounded) and
    more than :data:`WORTH_SE` standard errors."""
    return round(mean) >= 1 and mean > WORTH_SE * se


def fewer_points(pos: Position, play: Sequence[Card],
                 legal: Iterable[Sequence[Card]] | None = None) -> list[tuple[Card, ...]]:
    """Legal plays of as many cards as ``play`` that give fewer points
    (``legal``: the legal plays, default :func:`legal_list`; [] past
    ``LOW_SCAN``)."""
    plays = legal_list(pos) if legal is None else list(legal)
    if plays is None:
        return []
    pts = play_points(play)
    return [tuple(q) for q in plays if len(q) == len(play) and play_points(q) < pts]


# -- building claims ------------------------------------------------------------------


def shares(ends: Sequence[TrickEnd], seat: int) -> tuple[float, float, float]:
    """Shares of ``ends`` won by ``seat``, its partner and the opponents."""
    n = len(ends) or 1
    own = sum(1 for e in ends if e.winner == seat)
    partner = sum(1 for e in ends if e.winner == (seat + 2) % 4)
    return own / n, partner / n, (len(ends) - own - partner) / n


def _shape(pos: Position, play: Sequence[Card]) -> tuple[tuple[str, str, int], ...]:
    return tuple(sorted((u.suit, u.kind, len(u.cards)) for u in decompose(pos.ctx, play)))


def _lower(pos: Position, a: Sequence[Card], b: Sequence[Card], points: bool = True) -> bool:
    """Whether play ``a`` is lower than ``b``: the same shape, no more points
    (unless ``points`` is False), and suit by suit every card at or below its
    counterpart (one strictly)."""
    if len(a) != len(b) or _shape(pos, a) != _shape(pos, b):
        return False
    if points and sum(c.points for c in a) > sum(c.points for c in b):
        return False
    ctx = pos.ctx
    strict = False
    suits = {ctx.suit_of(c) for c in list(a) + list(b)}
    for s in suits:
        xa = sorted(ctx.pos(c) for c in a if ctx.suit_of(c) == s)
        xb = sorted(ctx.pos(c) for c in b if ctx.suit_of(c) == s)
        if len(xa) != len(xb):
            return False
        for p, q in zip(xa, xb):
            if p > q:
                return False
            strict |= p < q
    return strict


def legal_list(pos: Position) -> list[tuple[Card, ...]] | None:
    """Every legal play of the seat to move, or None past ``LOW_SCAN``."""
    plays = list(itertools.islice(pos.legal_plays(), LOW_SCAN + 1))
    return None if len(plays) > LOW_SCAN else plays


def lowest_card_for_card(pos: Position, play: Sequence[Card]) -> bool | None:
    """:func:`lowest_of_shape` with points not weighed: what "no need to
    spend a strong card" beside the partner's trick rests on (a level ♠2
    given with ♣10 the other choice is a strong card spent, whatever the
    10 points)."""
    return lowest_of_shape(pos, play, points=False)


def lowest_of_shape(pos: Position, play: Sequence[Card], points: bool = True) -> bool | None:
    """True when no legal play is :func:`_lower` than ``play`` (with no more
    points, unless ``points`` is False) and none of as many cards holds fewer
    trumps (a trump given where a plain card could go spends a strong card,
    the hint walk of session 35); None when there are too many legal plays
    to look at all of them."""
    plays = legal_list(pos)
    if plays is None:
        return None
    trumps = _trumps(pos, play)
    return not any(_lower(pos, p, play, points=points) or (len(p) == len(play) and _trumps(pos, p) < trumps)
                   for p in plays)


def lowest_lead(pos: Position, play: Sequence[Card]) -> bool:
    """True when ``play`` leads one card or a pair carrying no points, and
    the hand holds no lower card (pair) of its effective suit that carries
    none either (R-ORDER): the cheapest way to give up a trick that lead
    loses.

    >>> from solver.cards import parse_cards
    >>> from solver.rules import preset
    >>> from solver.trump import TrumpContext
    >>> pos = Position(TrumpContext(preset("tractor"), 2, "S"),
    ...                [parse_cards("3H 4H 4H 5H 9H 9H AC"), None, None, None], dealer=1, leader=0, viewer=0)
    >>> [lowest_lead(pos, parse_cards(p)) for p in ("3H", "4H", "5H", "4H 4H", "9H 9H", "AC")]
    [True, False, False, True, False, True]
    """
    if pos.trick or not play or len(play) > 2 or (len(play) == 2 and play[0] != play[1]):
        return False
    if any(c.points for c in play):
        return False
    ctx = pos.ctx
    suit, me = ctx.suit_of(play[0]), ctx.pos(play[0])
    return not any(ctx.suit_of(c) == suit and not c.points and n >= len(play) and ctx.pos(c) < me
                   for c, n in Counter(pos.hand(pos.turn)).items())


def empties_suit(pos: Position, play: Sequence[Card]) -> bool:
    """True when ``play`` leads cards of one plain suit, the hand holds none
    of that suit after it yet still holds a trump, and some card of the
    suit is unseen by the seat (another hand may lead it): when the suit is
    led again the seat need not follow and may trump it (R-FOLLOW).

    >>> from solver.cards import parse_cards
    >>> from solver.rules import preset
    >>> from solver.trump import TrumpContext
    >>> pos = Position(TrumpContext(preset("tractor"), 2, "S"),
    ...                [parse_cards("3H 9C 9C 5S AD"), None, None, None], dealer=1, leader=0, viewer=0)
    >>> [empties_suit(pos, parse_cards(p)) for p in ("3H", "9C 9C", "9C", "5S", "AD")]
    [True, True, False, False, True]
    """
    if pos.trick or not play:
        return False
    ctx = pos.ctx
    suit = ctx.suit_of(play[0])
    if ctx.is_trump(play[0]) or any(ctx.suit_of(c) != suit for c in play):
        return False
    hand = pos.hand(pos.turn)
    rest = _after(hand, play)
    if any(ctx.suit_of(c) == suit for c in rest) or not any(ctx.is_trump(c) for c in rest):
        return False
    return any(ctx.suit_of(c) == suit for c in unseen_cards(hand, _seen_by_mover(pos)))


def _trumps(pos: Position, play: Sequence[Card]) -> int:
    return sum(1 for c in play if pos.ctx.is_trump(c))


def tractors(pos: Position, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [u.cards for u in decompose(pos.ctx, hand) if u.kind == TRACTOR]


def breaks_tractor(pos: Position, hand: Sequence[Card], play: Sequence[Card]) -> bool:
    left = list((Counter(hand) - Counter(play)).elements())
    before = sum(len(t) for t in tractors(pos, hand))
    after = sum(len(t) for t in tractors(pos, left))
    kept_in_play = sum(len(t) for t in tractors(pos, list(play)))
    return after + kept_in_play < before


def _after(hand: Sequence[Card], play: Sequence[Card]) -> list[Card]:
    return list((Counter(hand) - Counter(play)).elements())


def named_tractor(pos: Position, hand: Sequence[Card], play: Sequence[Card],
                  others: Iterable[Sequence[Card]] = ()) -> tuple[Card, ...]:
    """The tractor a "keeps your tractor" reason names: one ``play`` keeps
    in the hand, else one it plays whole; with ``others``, only one that
    some other play breaks (neither left in the hand nor played whole).
    ``()`` when there is none."""
    others = list(others)
    for t in tractors(pos, _after(hand, play)) + tractors(pos, list(play)):
        if not others or any(t not in tractors(pos, _after(hand, q)) and t not in tractors(pos, list(q))
                             for q in others):
            return t
    return ()


def plays_whole(c: Claim) -> bool:
    """Whether a KEEPS_TRACTOR claim's tractor is in the play itself (it is
    played whole, not kept in the hand)."""
    return bool(c.cards) and not (Counter(c.cards) - Counter(c.play))


def _seen_by_mover(pos: Position) -> list[Card]:
    seen = list(pos.played) + [c for p in pos.trick for c in p]
    if pos.turn == pos.dealer:
        seen += pos.kitty
    return seen


def _safe_throws(pos: Position, hand: Sequence[Card], seen: Sequence[Card]) -> int:
    from solver.generator import legal_leads

    return sum(1 for p in legal_leads(pos.ctx, list(hand), seen=list(seen),
                                      max_throw_candidates=512)
               if len(decompose(pos.ctx, p)) >= 2)


def sets_up_throw(pos: Position, play: Sequence[Card]) -> bool:
    """The mover holds no safe throw now (R-THROW-SAFE) and will hold one
    after ``play``."""
    hand = pos.hand(pos.turn)
    before = _seen_by_mover(pos)
    left = list((Counter(hand) - Counter(play)).elements())
    return _safe_throws(pos, hand, before) == 0 and \
        _safe_throws(pos, left, before + list(play)) > 0


def _opponents_may_hold_trumps(pos: Position, k: Knowledge | None) -> bool:
    seat = pos.turn
    for s in ((seat + 1) % 4, (seat + 3) % 4):
        hand = pos.hands[s]
        if hand is not None:
            if any(pos.ctx.is_trump(c) for c in hand):
                return True
        elif k is None or 0 not in k.voids[s]:
            return True
    return False


def _holds_plain(pos: Position) -> bool:
    """The seat to move holds a plain card: leading trumps was a choice, and
    the trumps it draws guard those cards (a hand of ♠2 ♥2 ♥2 read "leading
    trumps draws the opponents' trumps", the hint walk of session 35)."""
    return any(not pos.ctx.is_trump(c) for c in pos.hand(pos.turn))


def throw_stands(pos: Position, play: Sequence[Card]) -> bool:
    """R-THROW-ADJ / R-THROW-SAFE: no other hand can beat one of the throw's
    units in its suit: the real hands when they are known, else every unseen
    card taken together."""
    seat = pos.turn
    c = throw_units(pos.ctx, list(play))
    if len(c.units) < 2 or c.suit is None:
        return False
    others = [pos.hands[s] for s in range(4) if s != seat]
    if all(h is not None for h in others):
        return stands_against(c.units, holdings_for(pos.ctx, c.suit,
                                                    [list(h or ()) for h in others]))
    return throw_safe(pos.ctx, list(play), pos.hand(seat), _seen_by_mover(pos)).safe


def ruffed_by_opponent(pos: Position, end: TrickEnd, seat: int) -> bool:
    """An opponent of ``seat`` wins ``end`` with trumps on a plain-suit lead."""
    if (end.winner - seat) % 2 == 0:
        return False
    lead = [FACES[f] for f in end.plays[0]]
    won = [FACES[f] for f in end.plays[(end.winner - end.leader) % 4]]
    return not any(pos.ctx.is_trump(c) for c in lead) and all(pos.ctx.is_trump(c) for c in won)


#: Leads up to this many cards are looked at by :func:`trick_settled`
#: (every play of their size from the unseen cards is tried); a longer
#: lead (a tractor, a throw) is never called settled.
SETTLED_MAX_LEAD = 2


def trick_settled(pos: Position, play: Sequence[Card]) -> int | None:
    """The seat that takes the current trick once the mover plays ``play``,
    when that is certain: no play of the lead's size made of cards the
    mover has not seen (R-THROW-SAFE's unseen cards: the pack less the
    mover's hand, the cards played, the kitty if the mover buried it) beats
    the trick's winning play (R-BEAT, by :func:`solver.trick.trick_winner`),
    so no seat still to play can take the trick, whatever it holds.  Every
    such play is tried, legal or not for the seat that would make it, so
    "certain" is never said where it is not.  None when some unseen play
    beats it, or the lead is longer than :data:`SETTLED_MAX_LEAD`.

    >>> from solver.cards import parse_cards
    >>> from solver.rules import preset
    >>> from solver.trump import TrumpContext
    >>> def pos(played):
    ...     return Position(TrumpContext(preset("tractor"), 2, "S"), [parse_cards("3H 4H"), None, None, None],
    ...                     dealer=0, leader=2, viewer=0, played=parse_cards(played),
    ...                     trick=[parse_cards("SJ"), parse_cards("5D")])
    >>> trick_settled(pos("BJ BJ SJ 7C 8C 9C"), parse_cards("3H"))  # the other jokers are gone
    2
    >>> trick_settled(pos("BJ SJ 7C 8C 9C 10C"), parse_cards("3H")) is None  # one big joker unseen
    True
    """
    ctx = pos.ctx
    trick = [list(p) for p in pos.trick] + [list(play)]
    winner = (pos.leader + trick_winner(ctx, trick)) % 4
    if len(trick) == 4:
        return winner
    size = len(trick[0])
    if size > SETTLED_MAX_LEAD:
        return None
    left = Counter(unseen_cards(pos.hand(pos.turn), _seen_by_mover(pos)))
    for combo in itertools.combinations_with_replacement(sorted(left, key=lambda c: c.index), size):
        if any(left[c] < n for c, n in Counter(combo).items()):
            continue
        if trick_winner(ctx, trick + [list(combo)]) == len(trick):
            return None
    return winner


def tied_play(pos: Position, play: Sequence[Card]) -> tuple[Card, ...]:
    """The trick's winning play when ``play`` (a follow) is the same cards
    and so cannot beat it, the first of equal plays winning (R-BEAT: a play
    must be higher to win; R-TIE: identical cards, or equal level / fixed
    cards; the walk of 2026-12-03 read "play your big joker, the trick is
    lost" under a big joker led); ``()`` otherwise.

    >>> from solver.cards import parse_cards
    >>> from solver.rules import preset
    >>> from solver.trump import TrumpContext
    >>> pos = Position(TrumpContext(preset("henan"), 2, "C"), [parse_cards("BJ 10S"), None, None, None],
    ...                dealer=1, leader=3, viewer=0, trick=[parse_cards("BJ")])
    >>> tied_play(pos, parse_cards("BJ"))
    (Card.parse('BJ'),)
    >>> tied_play(pos, parse_cards("10S"))
    ()
    >>> pos = Position(TrumpContext(preset("henan"), 2, "C"), [parse_cards("2H 10S"), None, None, None],
    ...                dealer=1, leader=3, viewer=0, trick=[parse_cards("2D")])
    >>> tied_play(pos, parse_cards("2H"))  # off-suit level cards are equal (R-TIE)
    (Card.parse('2D'),)
    """
    if not pos.trick:
        return ()
    trick = [list(t) for t in pos.trick]
    top = trick[trick_winner(pos.ctx, trick)]
    lead = classify(pos.ctx, trick[0])
    mine = play_key(pos.ctx, lead, list(play))
    if mine is None or mine != play_key(pos.ctx, lead, top):
        return ()
    return tuple(pos.ctx.sorted(top))


def beaten_now(pos: Position, play: Sequence[Card]) -> tuple[Card, ...]:
    """The play winning the trick so far when it is an opponent's and
    ``play``, following, beats it (R-BEAT: it would take the trick if nobody
    played after); else ().

    >>> from solver.cards import parse_cards
    >>> from solver.rules import preset
    >>> from solver.trump import TrumpContext
    >>> pos = Position(TrumpContext(preset("wusaner"), 14, "C"), [parse_cards("QC 4H"), None, None, None],
    ...                dealer=1, leader=2, viewer=0, trick=[parse_cards("6H"), parse_cards("9H")])
    >>> beaten_now(pos, parse_cards("QC")), beaten_now(pos, parse_cards("4H"))
    ((Card.parse('9H'),), ())
    >>> partner = Position(pos.ctx, [parse_cards("QC 4H"), None, None, None], dealer=1, leader=2,
    ...                    viewer=0, trick=[parse_cards("9H"), parse_cards("6H")])
    >>> beaten_now(partner, parse_cards("QC"))  # the partner's ♥9 wins so far
    ()
    """
    if not pos.trick:
        return ()
    trick = [list(t) for t in pos.trick]
    top = trick_winner(pos.ctx, trick)
    if ((pos.leader + top) - pos.turn) % 2 == 0:
        return ()  # the partner's play: overtaking it bids for nothing (a walk)
    if trick_winner(pos.ctx, [*trick, list(play)]) != len(trick):
        return ()
    return tuple(pos.ctx.sorted(trick[top]))


def make_claims(pos: Position, play: Sequence[Card], ends: Sequence[TrickEnd], *,
                attacker: bool, k: Knowledge | None = None,
                alternatives: Iterable[Sequence[Card]] = (),
                learner: Sequence[Card] | None = None) -> list[Claim]:
    """Every claim the engine can make about ``play`` (the recommended
    play of the seat to move), from how the trick ends in ``ends``."""
    seat = pos.turn
    hand = pos.hand(seat)
    p = tuple(play)
    out: list[Claim] = []
    legal2 = list(itertools.islice(pos.legal_plays(), 2))
    if len(legal2) == 1:
        out.append(Claim(ClaimKind.FORCED, p, follows=bool(pos.trick)))
    own, partner, opp = shares(ends, seat)
    e = tuple(ends)
    pts = round(sum(x.points for x in ends) / len(ends)) if ends else 0
    in_play = sum(c.points for c in p)
    leading = not pos.trick
    settled = trick_settled(pos, p) if ends and (own == 1 or partner == 1 or opp == 1) else None
    if ends and own >= 0.5:
        out.append(Claim(ClaimKind.WINS_TRICK, p, e, own, pts, sure=settled == seat))
    elif ends and partner >= 0.5:
        out.append(Claim(ClaimKind.PARTNER_WINS, p, e, partner, in_play, follows=not leading,
                         sure=settled == (seat + 2) % 4))
        if not leading and not in_play and lowest_card_for_card(pos, p):
            # what "no need to spend a strong card" rests on
            out.append(Claim(ClaimKind.PLAYS_LOWEST, p))
    elif ends and opp >= 0.5:
        lost = settled is not None and (settled - seat) % 2 == 1
        out.append(Claim(ClaimKind.LOSES_TRICK, p, e, opp, sure=lost))
        top = beaten_now(pos, p)
        if top:
            out.append(Claim(ClaimKind.TAKES_LEAD, p, e, opp, cards=top, sure=lost))
        legal = legal_list(pos) if not leading else None
        if legal is not None:
            most = max((sum(c.points for c in q) for q in legal), default=0)
            if most > in_play:
                out.append(Claim(ClaimKind.SAVES_POINTS, p, e, opp, most - in_play, sure=lost))
            elif lowest_of_shape(pos, p):
                out.append(Claim(ClaimKind.PLAYS_LOW, p))
        elif lowest_lead(pos, p):
            out.append(Claim(ClaimKind.LEADS_LOW, p))
    elif ends:
        # no side in most deals: the hint says so, with the three shares
        # (a walk read a lead with no word on the trick at all)
        out.append(Claim(ClaimKind.TRICK_OPEN, p, e, shares=(own, partner, opp)))
    tied = tied_play(pos, p)
    if tied:
        out.append(Claim(ClaimKind.TIES_FIRST, p, cards=tied))
    if leading and len(decompose(pos.ctx, p)) >= 2:
        if throw_stands(pos, p):
            out.append(Claim(ClaimKind.STANDS, p, units=len(decompose(pos.ctx, p))))
            ruffed = sum(1 for x in ends if ruffed_by_opponent(pos, x, seat))
            if ruffed:
                out.append(Claim(ClaimKind.RUFFABLE, p, e, ruffed / len(ends)))
    elif leading and all(pos.ctx.is_trump(c) for c in p) and _opponents_may_hold_trumps(pos, k) \
            and _holds_plain(pos):
        out.append(Claim(ClaimKind.DRAWS_TRUMPS, p))
    if leading and empties_suit(pos, p):
        out.append(Claim(ClaimKind.EMPTIES_SUIT, p))
    if ends and own >= 0.5 and sets_up_throw(pos, p):
        out.append(Claim(ClaimKind.SETS_UP_THROW, p))
    if tractors(pos, hand) and not breaks_tractor(pos, hand, p):
        breakers = [q for q in ([learner] if learner is not None else alternatives)
                    if breaks_tractor(pos, hand, q)]
        named = named_tractor(pos, hand, p, breakers) if breakers else ()
        if named:
            out.append(Claim(ClaimKind.KEEPS_TRACTOR, p, cards=named))
    kitty_pts = sum(c.points for c in pos.kitty)
    if kitty_pts and len(ends) == 1 and ends[0].last_winner is not None:
        att_last = (ends[0].last_winner - pos.dealer) % 2 == 1
        if not attacker and not att_last:
            out.append(Claim(ClaimKind.PROTECTS_KITTY, p, e, points=kitty_pts))
        elif attacker and att_last:
            out.append(Claim(ClaimKind.KITTY_BONUS, p, e, points=kitty_pts))
    return out


# -- checking claims against the engine -----------------------------------------------


def _ends_ok(pos: Position, c: Claim) -> bool:
    """Each record starts with the position's trick and the claimed play,
    and its winner is the engine's (:func:`solver.trick.trick_winner`)."""
    if not c.ends:
        return False
    head = [tuple(sorted(x.index for x in p)) for p in pos.trick]
    me = tuple(sorted(x.index for x in c.play))
    for e in c.ends:
        if len(e.plays) != 4 or e.leader != pos.leader:
            return False
        if [tuple(sorted(p)) for p in e.plays[:len(head)]] != head or \
                tuple(sorted(e.plays[len(head)])) != me:
            return False
        w = trick_winner(pos.ctx, [[FACES[f] for f in p] for p in e.plays])
        if (e.leader + w) % 4 != e.winner:
            return False
    return True


def check(pos: Position, c: Claim, k: Knowledge | None = None,
          tools: tuple[Table, CachedMoves] | None = None) -> bool:
    """Whether claim ``c`` holds for the seat to move in ``pos`` (``k``: what
    the seat knows, needed by claims over sampled deals; ``tools``: the
    trick table and move memo to value plays with, default new ones)."""
    seat = pos.turn
    play = list(c.play)
    if not pos.is_legal(play):
        return False
    kind = c.kind
    if c.sure:  # "certain": the trick's taker is settled, on the claimed side
        taker = trick_settled(pos, play)
        want = {ClaimKind.WINS_TRICK: (0,), ClaimKind.PARTNER_WINS: (2,),
                ClaimKind.LOSES_TRICK: (1, 3), ClaimKind.SAVES_POINTS: (1, 3),
                ClaimKind.TAKES_LEAD: (1, 3)}.get(kind, ())
        if taker is None or (taker - seat) % 4 not in want:
            return False
    if kind is ClaimKind.FORCED:
        return len(list(itertools.islice(pos.legal_plays(), 2))) == 1 and \
            c.follows == bool(pos.trick)
    if kind in (ClaimKind.WINS_TRICK, ClaimKind.PARTNER_WINS, ClaimKind.LOSES_TRICK):
        if not _ends_ok(pos, c):
            return False
        own, partner, opp = shares(c.ends, seat)
        got = {ClaimKind.WINS_TRICK: own, ClaimKind.PARTNER_WINS: partner,
               ClaimKind.LOSES_TRICK: opp}[kind]
        return got >= 0.5 and abs(got - c.share) < 1e-9
    if kind is ClaimKind.TAKES_LEAD:
        _, _, opp = shares(c.ends, seat) if c.ends else (0, 0, 0)
        return _ends_ok(pos, c) and bool(c.cards) and beaten_now(pos, play) == c.cards and \
            opp >= 0.5 and abs(opp - c.share) < 1e-9
    if kind is ClaimKind.TRICK_OPEN:
        if not _ends_ok(pos, c) or len(c.shares) != 3:
            return False
        split = shares(c.ends, seat)
        return all(x < 0.5 for x in split) and all(abs(a - b) < 1e-9 for a, b in zip(split, c.shares))
    if kind is ClaimKind.SAVES_POINTS:
        legal = legal_list(pos)
        if legal is None:
            return False
        most = max(sum(x.points for x in q) for q in legal)
        _, _, opp = shares(c.ends, seat)
        return bool(pos.trick) and _ends_ok(pos, c) and opp >= 0.5 and \
            most - sum(x.points for x in play) == c.points > 0
    if kind is ClaimKind.PLAYS_LOW:
        return bool(pos.trick) and lowest_of_shape(pos, play) is True
    if kind is ClaimKind.PLAYS_LOWEST:
        return bool(pos.trick) and lowest_card_for_card(pos, play) is True
    if kind is ClaimKind.LEADS_LOW:
        return lowest_lead(pos, play)
    if kind is ClaimKind.STANDS:
        return not pos.trick and throw_stands(pos, play) and \
            c.units == len(decompose(pos.ctx, play))
    if kind is ClaimKind.RUFFABLE:
        return not pos.trick and _ends_ok(pos, c) and c.share > 0 and abs(
            sum(1 for e in c.ends if ruffed_by_opponent(pos, e, seat)) / len(c.ends)
            - c.share) < 1e-9
    if kind is ClaimKind.DRAWS_TRUMPS:
        return not pos.trick and all(pos.ctx.is_trump(x) for x in play) and \
            _opponents_may_hold_trumps(pos, k) and _holds_plain(pos)
    if kind is ClaimKind.SETS_UP_THROW:
        return sets_up_throw(pos, play)
    if kind is ClaimKind.EMPTIES_SUIT:
        return empties_suit(pos, play)
    if kind is ClaimKind.KEEPS_TRACTOR:
        hand = pos.hand(seat)
        return not breaks_tractor(pos, hand, play) and bool(c.cards) and (
            c.cards in tractors(pos, _after(hand, play)) or c.cards in tractors(pos, play))
    if kind is ClaimKind.WORTH_POINTS:
        return _worth_ok(pos, c, k, tools)
    if kind is ClaimKind.SPARES_POINTS:
        return _spares_ok(pos, c, k, tools)
    if kind is ClaimKind.TIES_FIRST:
        return bool(c.cards) and tied_play(pos, play) == c.cards
    if kind in (ClaimKind.PROTECTS_KITTY, ClaimKind.KITTY_BONUS):
        if len(c.ends) != 1 or c.ends[0].last_winner is None or \
                c.points != sum(x.points for x in pos.kitty) or not c.points:
            return False
        att_last = (c.ends[0].last_winner - pos.dealer) % 2 == 1
        return att_last is (kind is ClaimKind.KITTY_BONUS)
    return False


def _gain_over_cards(pos: Position, c: Claim, k: Knowledge | None,
                     tools: tuple[Table, CachedMoves] | None) -> tuple[float, float] | None:
    """How much better ``c.play`` ends the hand than ``c.cards`` for the seat
    to move (paired mean and standard error, :func:`paired_gain`), valued on
    the claim's deals (:func:`deal_values`); None unless ``k`` is the seat's
    knowledge, ``c.cards`` a legal play of as many cards, and there are two
    deals at least, each agreeing with what the seat knows."""
    seat = pos.turn
    if k is None or k.viewer != seat or k.own != faces(pos.hand(seat)):
        return None
    alt = list(c.cards)
    if not alt or len(alt) != len(c.play) or not pos.is_legal(alt) or len(c.deals) < 2:
        return None
    if not all(deal_is_consistent(k, hands, kitty) for hands, kitty in c.deals):
        return None
    table, moves = tools if tools is not None else (Table(pos.ctx), CachedMoves(pos.ctx))
    a = deal_values(k, faces(c.play), c.deals, table, moves)
    b = deal_values(k, faces(alt), c.deals, table, moves)
    return paired_gain(a, b, (seat - pos.dealer) % 2 == 1)


def _spares_ok(pos: Position, c: Claim, k: Knowledge | None,
               tools: tuple[Table, CachedMoves] | None) -> bool:
    """SPARES_POINTS: the play leads; ``c.cards`` is a legal lead of as many
    cards carrying ``c.points`` more points; every deal agrees with what the
    seat knows; valued on those deals ``c.cards`` does not end the hand
    clearly better (:func:`worth_it` fails for it)."""
    if pos.trick or c.points <= 0 or play_points(c.cards) - play_points(c.play) != c.points:
        return False
    gain = _gain_over_cards(pos, c, k, tools)
    return gain is not None and not worth_it(-gain[0], gain[1])


def _worth_ok(pos: Position, c: Claim, k: Knowledge | None,
              tools: tuple[Table, CachedMoves] | None) -> bool:
    """WORTH_POINTS: the play gives points; ``c.cards`` is a legal play of
    as many cards giving fewer; every deal agrees with what the seat knows;
    valued on those deals the play ends the hand better by ``c.points``
    (rounded), by more than :data:`WORTH_SE` standard errors
    (:func:`worth_it`)."""
    if play_points(c.cards) >= play_points(c.play):
        return False
    gain = _gain_over_cards(pos, c, k, tools)
    return gain is not None and worth_it(*gain) and round(gain[0]) == c.points
