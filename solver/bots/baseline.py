"""The baseline bot: simple, rule-abiding, sensible.

- Declares with the option that gives it the most trumps; overturns only
  when that gains clearly; riots with a weak hand.
- Buries low plain non-point cards, keeping pairs, aces and trumps, and
  tries to void short suits.
- Leads safe throws and unbeatable units first, then trump pairs when it
  is long in trumps as a dealer, then a low card of a long suit.
- Follows by building a few candidate plays from the follow obligations
  (:func:`solver.follow.follow_needs`), or all legal follows when there are
  few (:func:`solver.generator.legal_follows`), and scores each by who
  wins the trick and what it costs: it wins points for its side, gives
  points to a winning partner, ruffs when it pays, and otherwise plays low.

Every choice is checked against the rules before it is returned; the hand
verifies it again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import cast

from solver.bits import EVEN, Bits, bits_of, faces, few_follows, follow_ok, packed, split, valid
from solver.cards import FACES, Card, deck
from solver.follow import FollowNeeds, follow_needs, lead_info
from solver.game.hand import Trick
from solver.game.view import SeatView
from solver.generator import FollowSpace
from solver.throws import SuitHolding
from solver.trick import LeadShape, play_key
from solver.trump import TRUMP, TrumpContext, memo_table
from solver.units import Classification, Unit, classify, decompose, decompose_suit

SMALL_SPACE = 24  # enumerate every legal follow when there are at most this many
FULL_PACK: Counter[Card] = Counter(deck())
FULL_PACKED = packed(deck())


def _unseen(view: SeatView, cards: Sequence[Card], held: int) -> Bits:
    """The bitsets (:mod:`solver.bits`) of the pack less the seat's ``cards``
    (packed: ``held``) and the cards it has seen (:attr:`SeatView.seen_packed`,
    or ``view.seen`` for views that list them only); each face at most
    twice, counts never go below zero."""
    got = getattr(view, "seen_packed", None)
    if got is None:
        seen_list = view.seen
        got = (packed(seen_list), len(seen_list))
    seen, n_seen = cast("tuple[int, int]", got)
    gone = held + seen
    if valid(gone, len(cards) + n_seen):  # no face gone more than twice: no borrow
        return split(FULL_PACKED - gone)
    counts: dict[Card, int] = {}
    for group in (cards, view.seen):
        for c in group:
            counts[c] = counts.get(c, 0) + 1
    return bits_of([f for f in FACES for _ in range(2 - counts.get(f, 0))])


#: A trick's lead, best key so far, its index and its points (see
#: :meth:`BaselineBot._trick_state`).
_TrickState = tuple[Classification, tuple[str, int], int, int]
#: The context, plays and states (per prefix) of the last trick a bot read.
_LAST_TRICK: list[tuple[TrumpContext, tuple[Sequence[Card], ...], tuple[_TrickState, ...]] | None] = [None]

#: What one suit offers a lead (see :meth:`BaselineBot._suit_offers`).
_SuitOffers = tuple[int, "tuple[int, tuple[Card, ...]] | None", "tuple[tuple[int, tuple[Card, ...]], ...]",
                    "Unit | None", "Card | None"]


def _suits_by_index(ctx: TrumpContext, held: int) -> list[str]:
    """The effective suits of the packed hand ``held``, ordered by the lowest
    face index each holds."""
    once = split(held)[0]
    first = []
    for suit, mask in ctx.suit_masks.items():
        m = once & mask
        if m:
            first.append(((m & -m).bit_length(), suit))
    first.sort()
    return [suit for _, suit in first]


def _ladder(ctx: TrumpContext, suit: str) -> tuple[tuple[int, int], ...]:
    """The ladder positions of an effective suit, highest first, each with the
    mask of its faces (:mod:`solver.bits`); memoized per context."""
    table = memo_table(ctx, "suit_ladder")
    hit = table.get(suit)
    if hit is None:
        at: dict[int, int] = {}
        pos = ctx.positions
        for f in faces(ctx.suit_masks.get(suit, 0)):
            at[pos[f.index]] = at.get(pos[f.index], 0) | 1 << (2 * f.index)
        hit = table[suit] = tuple(sorted(at.items(), reverse=True))
    return cast("tuple[tuple[int, int], ...]", hit)


def _held(view: SeatView) -> int:
    """The seat's cards as a packed multiset: :attr:`SeatView.held`, or packed
    from ``view.cards`` for views that list the cards only (the search's
    opponent model hands the bot such views)."""
    held = getattr(view, "held", None)
    return packed(view.cards) if held is None else cast(int, held)


def _team(seat: int) -> int:
    return seat % 2


def _trump_count(view: SeatView, trump: str | None, cards: Iterable[Card]) -> float:
    """How many of ``cards`` would be trumps (pairs count extra)."""
    fixed = set(view.rules.fixed_trump_ranks) | {view.level}
    counts = Counter(cards)
    score = 0.0
    for c, n in counts.items():
        if c.is_joker or c.rank in fixed or c.suit == trump:
            score += n + (0.5 if n == 2 else 0.0) + (0.5 if c.is_joker else 0.0)
    return score


def _pos_sorted(ctx: TrumpContext, cards: Iterable[Card], high_first: bool = False) -> list[Card]:
    return sorted(cards, key=lambda c: (ctx.pos(c), c.index), reverse=high_first)


def _find_tractor(ctx: TrumpContext, counts: Counter[Card], length: int,
                  low: bool = True) -> tuple[Card, ...] | None:
    """A tractor of ``length`` pairs from ``counts`` (one suit), lowest or highest."""
    by_pos: dict[int, Card] = {}
    for c, n in counts.items():
        if n >= 2:
            by_pos.setdefault(ctx.pos(c), c)
    tops = sorted(by_pos, reverse=not low)
    for top in tops:
        if all(top - i in by_pos for i in range(length)):
            return tuple(by_pos[top - i] for i in range(length) for _ in range(2))
    return None


def _take(counts: Counter[Card], cards: Iterable[Card]) -> None:
    for c in cards:
        counts[c] -= 1
        if counts[c] <= 0:
            del counts[c]


def _worth(winner: int, seat: int, played: int, pts_before: int, own: int, cost: float) -> float:
    """How good a play is for ``seat`` when ``winner`` takes the trick: the
    points won for the side (surer the later it is played) minus what the
    play costs; ``own`` its points, ``played`` the plays before it."""
    pts = pts_before + own
    if _team(winner) == _team(seat):
        sure = 1.0 if played == 3 else (0.8 if winner == (seat + 2) % 4 else 0.55)
        value = pts * sure
        if winner != seat:
            value -= 0.5 * cost  # do not waste strength on a partner's trick
    else:
        value = -own * 1.2 - 0.3 * pts
    return value - cost


class BaselineBot:
    """A deterministic baseline bot (no randomness: seeds drive the deal)."""

    name = "baseline"

    # -- declaring -----------------------------------------------------------

    def declare(self, view: SeatView, options: Sequence[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        if not options:
            return None
        cards = view.cards
        best = max(options, key=lambda o: (self._option_score(view, o, cards), len(o)))
        if view.first_hand or view.phase.value != "deal":
            return best  # 抢报 is a race; after the deal it is now or never
        near_end = len(cards) >= view.rules.hand_size - 3
        if near_end or self._option_score(view, best, cards) >= 0.35 * len(cards):
            return best
        return None

    def _option_score(self, view: SeatView, option: tuple[Card, ...], cards: list[Card]) -> float:
        suits = {c.suit for c in option if not c.is_joker}
        trump = suits.pop() if suits else None
        return _trump_count(view, trump, cards)

    @staticmethod
    def declaration_trumps(view: SeatView, option: Sequence[Card]) -> int:
        """How many of your cards would be trumps with ``option``'s suit as
        trump (R-GROUP: jokers, level cards, 五三二's fixed ranks and the
        suit; no suit for jokers alone): what :meth:`declare` and
        :meth:`overturn` weigh, told with the declaring hint."""
        suits = {c.suit for c in option if not c.is_joker}
        trump = suits.pop() if suits else None
        fixed = set(view.rules.fixed_trump_ranks) | {view.level}
        return sum(1 for c in view.cards if c.is_joker or c.rank in fixed or c.suit == trump)

    def overturn(self, view: SeatView, options: Sequence[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        if not options:
            return None
        cards = view.cards
        st = view.standing
        if st is not None and _team(st.seat) == view.team:
            return None
        current = _trump_count(view, st.trump if st else None, cards) if st and st.trump else \
            _trump_count(view, None, cards)
        best = max(options, key=lambda o: self._option_score(view, o, cards))
        if self._option_score(view, best, cards) >= max(8.0, current + 3):
            return best
        return None

    def riot(self, view: SeatView) -> bool:
        ctx = view.ctx
        if ctx is None:
            return False
        trumps = sum(1 for c in view.cards if ctx.is_trump(c))
        return trumps <= 6 and view.hand_points < 10

    # -- the kitty -----------------------------------------------------------

    def _discard_order(self, view: SeatView, cards: list[Card], plain: Iterable[Card],
                       ctx: TrumpContext | None) -> list[Card]:
        plain_set = set(plain)
        counts = Counter(cards)
        suit_len = Counter(c.suit for c in cards if c in plain_set)

        def key(c: Card) -> tuple[int, float]:
            tier = 0 if (c in plain_set and not c.points) else (1 if not c.points else 2)
            if c not in plain_set:
                value = 100.0 + (ctx.pos(c) if ctx else c.rank)
            else:
                value = float(c.rank) + (8 if counts[c] >= 2 else 0) + (6 if c.rank == 14 else 0) \
                    + 0.7 * suit_len[c.suit]
            return (tier, value)

        return sorted(cards, key=lambda c: (key(c), c.index))

    def bury(self, view: SeatView, count: int) -> list[Card]:
        cards = view.cards
        ctx = view.ctx
        if ctx is not None:
            plain = [c for c in cards if not ctx.is_trump(c)]
        else:  # wusaner 揭牌: the secret suit is unknown; avoid the known trumps
            fixed = set(view.rules.fixed_trump_ranks) | {view.level}
            plain = [c for c in cards if not c.is_joker and c.rank not in fixed]
        return self._discard_order(view, cards, plain, ctx)[:count]

    def reclaim(self, view: SeatView, count: int) -> list[Card]:
        ctx = view.ctx
        assert ctx is not None
        cards = view.cards
        plain = [c for c in cards if not ctx.is_trump(c)]
        return self._discard_order(view, cards, plain, ctx)[:count]

    # -- play ----------------------------------------------------------------

    def _voids(self, view: SeatView, ctx: TrumpContext) -> dict[int, set[str]]:
        """Suits each seat has shown it lacks (it did not follow them); shared,
        read only.  A hand's trick list only grows: the voids found in its
        first tricks are kept with the list and extended by the new ones."""
        tricks = view.tricks
        known = memo_table(ctx, "baseline_voids_so_far")
        got = known.get(id(tricks))
        if got is not None:  # (the list, how many tricks read, the last one, voids)
            lst, n, last, voids = cast("tuple[object, int, object, dict[int, set[str]]]", got)
            if lst is tricks and n <= len(tricks) and (not n or tricks[n - 1] is last):
                if n < len(tricks):
                    self._add_voids(ctx, voids, tricks[n:])
                    known[id(tricks)] = (tricks, len(tricks), tricks[-1], voids)
                return voids
        voids = {s: set() for s in range(4)}
        self._add_voids(ctx, voids, tricks)
        known[id(tricks)] = (tricks, len(tricks), tricks[-1] if tricks else None, voids)
        return voids

    def _add_voids(self, ctx: TrumpContext, voids: dict[int, set[str]],
                   tricks: Sequence[Trick]) -> None:
        # Each trick is read once per list of tricks (see _voids): nothing to memoize.
        for t in tricks:
            for seat, suit in self._trick_voids(ctx, t):
                voids[seat].add(suit)

    @staticmethod
    def _trick_voids(ctx: TrumpContext, t: Trick) -> list[tuple[int, str]]:
        """The seats that did not follow the trick's led suit, with that suit."""
        suit = ctx.suit_of(t.plays[0][0])
        off = ~ctx.suit_masks.get(suit, 0)
        out = []
        for i, play in enumerate(t.plays[1:], start=1):
            m = packed(play)
            if (m | m >> 1) & EVEN & off:
                out.append(((t.leader + i) % 4, suit))
        return out

    def lead(self, view: SeatView) -> list[Card]:
        ctx = view.ctx
        assert ctx is not None
        held = _held(view)
        facts = self._lead_facts(view, ctx, held)
        best: tuple[float, Sequence[Card]] | None = None
        # Suit by suit, in the order of each suit's lowest face index: ties
        # go the same way however the hand is held (an offer replaces the
        # best only when it scores more).
        for suit in _suits_by_index(ctx, held):
            got = self._suit_lead(ctx, suit, held, facts)
            if got is not None and (best is None or got[0] > best[0]):
                best = got
        if best is None:
            return [_pos_sorted(ctx, view.cards)[0]]
        return list(best[1])

    def leads_with(self, view: SeatView, want: Sequence[Card]) -> bool:
        """Whether :meth:`lead` is ``want`` (as a multiset), asking the
        suit of ``want`` first: most hands that do not lead it already
        offer something else from that suit, and then no other suit need
        be read.  Otherwise ``want`` must outscore the suits before its
        own and score at least as much as the suits after (ties go to the
        earlier suit, as in :meth:`lead`)."""
        ctx = view.ctx
        assert ctx is not None
        held = _held(view)
        facts = self._lead_facts(view, ctx, held)
        own = ctx.suit_of(want[0])
        mine = self._suit_lead(ctx, own, held, facts) if held & ctx.suit_masks.get(own, 0) \
            else None
        if mine is None:  # the suit offers nothing: asked the whole way
            return sorted(c.index for c in self.lead(view)) == sorted(c.index for c in want)
        if sorted(c.index for c in mine[1]) != sorted(c.index for c in want):
            return False
        before = True
        for suit in _suits_by_index(ctx, held):
            if suit == own:
                before = False
                continue
            got = self._suit_lead(ctx, suit, held, facts)
            if got is not None and (got[0] >= mine[0] if before else got[0] > mine[0]):
                return False
        return True

    def _lead_facts(self, view: SeatView, ctx: TrumpContext, held: int
                    ) -> tuple[Bits, dict[int, set[str]], list[int], int, bool, bool, int]:
        """What a lead reads besides one suit's cards: the unseen cards, the
        voids shown, the opponents, the partner, whether a trump is unseen,
        whether the seat defends, and its hand's size."""
        unseen = _unseen(view, view.cards, held)
        return (unseen, self._voids(view, ctx), [(view.seat + 1) % 4, (view.seat + 3) % 4],
                (view.seat + 2) % 4, bool(unseen[0] & ctx.suit_masks.get(TRUMP, 0)),
                not view.is_attacker, len(view.cards))

    def _suit_lead(self, ctx: TrumpContext, suit: str, held: int,
                   facts: tuple[Bits, dict[int, set[str]], list[int], int, bool, bool, int]
                   ) -> tuple[float, Sequence[Card]] | None:
        """The best lead of one effective suit the seat holds, with its score
        (the first of the highest scores, in the order offered: a safe
        throw, each unbeatable unit, then a defender's low trump pair or a
        plain suit's low card), or None when the suit offers none."""
        unseen, voids, opps, partner, trump_left_unseen, defending, n_cards = facts
        best: tuple[float, Sequence[Card]] | None = None

        def offer(score: float, play: Sequence[Card]) -> None:
            nonlocal best
            if best is None or score > best[0]:
                best = (score, play)

        n_suit, throw, winners, low_pair, low = self._suit_offers(ctx, suit, held, unseen)
        ruff_risk = suit != TRUMP and any(suit in voids[o] for o in opps) \
            and trump_left_unseen
        if throw is not None:
            offer(throw[0] - 30 * ruff_risk, throw[1])
        for unit_score, play in winners:
            offer(unit_score - 30 * ruff_risk, play)
        if suit == TRUMP:
            if defending and n_suit >= max(6, n_cards // 3) and low_pair is not None:
                offer(14 + 2 * low_pair.length, low_pair.cards)
            return best
        # a low card of this suit: for the partner to win or ruff
        assert low is not None
        partner_ruffs = suit in voids[partner] and not any(suit in voids[o] for o in opps)
        offer(6 + 0.3 * n_suit + (10 if partner_ruffs else 0) - 0.2 * ctx.pos(low)
              - 3 * low.points, (low,))
        return best

    @staticmethod
    def _suit_offers(ctx: TrumpContext, suit: str, held: int, unseen: Bits) -> _SuitOffers:
        """What :meth:`lead` may offer from one effective suit, before the
        voids and the side are known: the suit's size, a safe throw of its
        unbeatable units (R-THROW-SAFE) with its score, each unbeatable unit
        with its score, the lowest pair or tractor and the lowest card
        (points last).  Memoized per context on the suit's cards held and
        what the unseen cards can beat with: their highest position and their
        pairs (R-THROW-BEAT; the same while other suits, or low cards of this
        one, are played)."""
        mask = ctx.suit_masks.get(suit, 0)
        once = unseen[0] & mask
        top = -1
        for p, at in _ladder(ctx, suit):
            if once & at:
                top = p
                break
        key = (suit, held & (mask | mask << 1), top, unseen[1] & mask)
        table = memo_table(ctx, "baseline_suit_offers")
        hit = table.get(key)
        if hit is not None:
            return cast(_SuitOffers, hit)
        holding = SuitHolding.of_bits(ctx, suit, *unseen, top=top)
        units = decompose_suit(ctx, suit, held)
        winners = [u for u in units if not holding.beats(u)]
        throw: tuple[int, tuple[Card, ...]] | None = None
        if len(winners) >= 2 and suit != TRUMP:
            cards = tuple([c for u in winners for c in u.cards])
            # R-THROW-SAFE: no unit of the throw is beaten by the unseen cards
            if not any(holding.beats(u) for u in decompose(ctx, cards)):
                throw = (40 + 2 * len(cards) + sum(c.points for c in cards), cards)
        base = 20 if suit != TRUMP else 8
        offers = tuple((base + 4 * u.size + sum(c.points for c in u.cards), u.cards)
                       for u in winners)
        pairs = [u for u in units if u.length >= 1]
        low_pair = min(pairs, key=lambda u: u.top) if pairs else None
        once, twice = split(held & (mask | mask << 1))
        mine = faces(once)
        low = min([c for c in mine if not c.points] or mine,
                  key=lambda c: (ctx.pos(c), c.index)) if mine else None
        out = (once.bit_count() + twice.bit_count(), throw, offers, low_pair, low)
        table[key] = out
        return out

    def _cost(self, ctx: TrumpContext, play: Sequence[Card]) -> float:
        """What playing ``play`` spends (summed in play order; a single card's
        memoized per context)."""
        table = memo_table(ctx, "baseline_cost")
        if len(play) == 1:
            c = play[0]
            hit = table.get(c.index)
            if hit is None:
                hit = table[c.index] = self._card_cost(ctx, c)
            return hit  # type: ignore[return-value]
        cost = 0.0
        for c in play:
            hit = table.get(c.index)
            if hit is None:
                hit = table[c.index] = self._card_cost(ctx, c)
            cost += hit  # type: ignore[operator]
        return cost

    @staticmethod
    def _card_cost(ctx: TrumpContext, c: Card) -> float:
        if ctx.is_trump(c):
            return 6.0 + ctx.pos(c) / 3.0
        return (ctx.pos(c)) / 6.0 + (1.5 if c.rank == 14 else 0.0)

    def _score(self, view: SeatView, ctx: TrumpContext, play: Sequence[Card],
               state: tuple[Classification, tuple[str, int], int, int]) -> float:
        """How good ``play`` is: points won for the side minus what it costs.
        ``state``: the lead, the best key so far, its index, the points so far."""
        lead, best, best_idx, pts_before = state
        trick = view.trick
        leader = view.leader
        assert leader is not None
        return self._value(ctx, play, lead, best, best_idx, pts_before, len(trick), leader,
                           view.seat)

    def _value(self, ctx: TrumpContext, play: Sequence[Card], lead: Classification,
               best: tuple[str, int], best_idx: int, pts_before: int, played: int, leader: int,
               seat: int) -> float:
        """:meth:`_score` with the view's facts given (``played``: plays in the trick so far)."""
        k = play_key(ctx, lead, play)
        if k is not None and ((k[0] == TRUMP and best[0] != TRUMP) or
                              (k[0] == best[0] and k[1] > best[1])):
            best_idx = played
        return _worth((leader + best_idx) % 4, seat, played, pts_before,
                      sum([c.points for c in play]), self._cost(ctx, play))

    @staticmethod
    def _trick_state(ctx: TrumpContext, trick: Sequence[Sequence[Card]]) -> _TrickState:
        """The trick's lead, best key so far, its index and its points.  The
        states of the last trick asked about (per prefix, for any bot) are
        kept, and reused when the plays are the same objects (a hand's
        trick grows play by play): each play is keyed once per trick."""
        last = _LAST_TRICK[0]
        n = len(trick)
        states: list[_TrickState] = []
        if last is not None and last[0] is ctx:
            plays, known = last[1], last[2]
            for j in range(min(n, len(plays))):
                if plays[j] is not trick[j]:
                    break
                states.append(known[j])
            if len(states) == n:
                return states[-1]
        for i in range(len(states), n):
            p = trick[i]
            if not i:
                lead = classify(ctx, p)
                first = play_key(ctx, lead, p)
                assert first is not None
                states.append((lead, first, 0, sum([c.points for c in p])))
                continue
            lead, best, idx, pts = states[-1]
            k = play_key(ctx, lead, p)
            if k is not None and ((k[0] == TRUMP and best[0] != TRUMP) or
                                  (k[0] == best[0] and k[1] > best[1])):
                best, idx = k, i
            states.append((lead, best, idx, pts + sum([c.points for c in p])))
        _LAST_TRICK[0] = (ctx, tuple(trick), tuple(states))
        return states[-1]

    def _candidates(self, ctx: TrumpContext, needs: FollowNeeds) -> list[tuple[Card, ...]]:
        suit = Counter(needs.suit_counts)
        other = Counter(needs.other_counts)
        out: list[tuple[Card, ...]] = []
        if needs.need_suit < needs.size:
            base = tuple(suit.elements())
            free = needs.size - len(base)
            low = sorted(other.elements(), key=lambda c: (ctx.is_trump(c), c.points > 0, ctx.pos(c),
                                                            c.index))
            out.append(base + tuple(low[:free]))
            pts = sorted(other.elements(), key=lambda c: (ctx.is_trump(c), -c.points, ctx.pos(c),
                                                            c.index))
            out.append(base + tuple(pts[:free]))
            if not base and needs.suit != TRUMP:
                trumps = Counter({c: n for c, n in other.items() if ctx.is_trump(c)})
                for low_first in (True, False):
                    ruff = self._shape(ctx, LeadShape.of(needs.lead), trumps, low_first)
                    if ruff is not None:
                        out.append(ruff)
            return out
        if needs.highest is not None:
            top = _pos_sorted(ctx, suit.elements(), high_first=True)[:needs.size]
            return [tuple(top)]
        for mode in ("low", "high", "points"):
            out.append(self._suit_part(ctx, needs, suit, mode))
        return out

    def _shape(self, ctx: TrumpContext, shape: LeadShape, counts: Counter[Card],
               low: bool) -> tuple[Card, ...] | None:
        """Cards of ``counts`` arranged like the lead (a ruff), or None."""
        left = Counter(counts)
        play: list[Card] = []
        for length in shape.tractors:
            t = _find_tractor(ctx, left, length, low)
            if t is None:
                return None
            play.extend(t)
            _take(left, t)
        for _ in range(shape.pairs):
            pairs = _pos_sorted(ctx, [c for c, n in left.items() if n >= 2], high_first=not low)
            if not pairs:
                return None
            play.extend((pairs[0], pairs[0]))
            _take(left, (pairs[0], pairs[0]))
        singles = sorted(left.elements(), key=lambda c: (left[c] >= 2, ctx.pos(c) * (1 if low else -1)))
        if len(singles) < shape.singles:
            return None
        play.extend(singles[:shape.singles])
        return tuple(play)

    def _suit_part(self, ctx: TrumpContext, needs: FollowNeeds, suit: Counter[Card],
                   mode: str) -> tuple[Card, ...]:
        left = Counter(suit)
        play: list[Card] = []
        pairs = 0
        if needs.need_tractor:
            t = _find_tractor(ctx, left, needs.need_tractor, low=mode != "high")
            if t is not None:
                play.extend(t)
                _take(left, t)
                pairs += needs.need_tractor
        while pairs < needs.need_pairs:
            faces = [c for c, n in left.items() if n >= 2]
            if not faces:
                break
            if mode == "high":
                f = max(faces, key=lambda c: (ctx.pos(c), c.index))
            elif mode == "points":
                f = max(faces, key=lambda c: (c.points, -ctx.pos(c)))
            else:
                f = min(faces, key=lambda c: (c.points > 0, ctx.pos(c), c.index))
            play.extend((f, f))
            _take(left, (f, f))
            pairs += 1
        need = needs.need_suit - len(play)
        if mode == "high":
            order = sorted(left.elements(), key=lambda c: (-ctx.pos(c), c.index))
        elif mode == "points":
            order = sorted(left.elements(), key=lambda c: (-c.points, left[c] >= 2, ctx.pos(c)))
        else:
            order = sorted(left.elements(), key=lambda c: (c.points > 0, left[c] >= 2, ctx.pos(c),
                                                           c.index))
        play.extend(order[:need])
        return tuple(play)

    def follow(self, view: SeatView) -> list[Card]:
        ctx = view.ctx
        assert ctx is not None
        lead = view.trick[0]
        if len(lead) == 1:
            # A single lead: any card of the led suit, or any card when void
            # (R-FOLLOW 1); each face held once in the pool (ties go by index).
            once = split(_held(view))[0]
            pool = once & ctx.suit_masks.get(ctx.suit_of(lead[0]), 0) or once
            return [self._best_single(ctx, view, faces(pool))]
        trick = view.trick
        lead_c, best, best_idx, pts_before = self._trick_state(ctx, trick)
        leader = view.leader
        assert leader is not None
        seat, played = view.seat, len(trick)

        def rank(p: tuple[Card, ...]) -> tuple[float, tuple[int, ...]]:
            return (-self._value(ctx, p, lead_c, best, best_idx, pts_before, played, leader, seat),
                    tuple([c.index for c in p]))

        held = _held(view)
        info = lead_info(ctx, lead)
        # Few follows (as the FollowSpace would list them, read off the
        # bitsets unless a tractor must be played), or how many there are.
        few = few_follows(ctx, info, held, SMALL_SPACE)
        top: tuple[Card, ...]
        if isinstance(few, list):  # every candidate legal and distinct: the best one
            top = min(few, key=rank)
            return list(top)
        cards = view.cards
        # Afresh, in this hand's order (ties go by it; contexts outlive hands).
        needs = follow_needs(ctx, lead, cards, held, cached=False)
        if few is None:
            space = FollowSpace(ctx, needs)
            if space.count() <= SMALL_SPACE:
                top = min(space, key=rank)
                return list(top)
        hand = split(held)
        for play in sorted(set(self._candidates(ctx, needs)), key=rank):
            if follow_ok(ctx, info, hand, bits_of(play)):  # R-FOLLOW, on the bitsets
                return list(play)
        return list(next(iter(FollowSpace(ctx, needs))))

    def _best_single(self, ctx: TrumpContext, view: SeatView, pool: Iterable[Card]) -> Card:
        """The best card of ``pool`` against a single lead: the lowest of
        :meth:`single_keys`."""
        leader = view.leader
        assert leader is not None
        keys = self.single_keys(ctx, view.trick, leader, view.seat)
        return min(pool, key=lambda c: keys[c.index])

    def single_keys(self, ctx: TrumpContext, trick: Sequence[Sequence[Card]], leader: int,
                    seat: int) -> tuple[tuple[float, int], ...]:
        """How :meth:`follow` ranks each face (by index) as ``seat``'s card
        on ``trick``, a single lead (lowest first): minus :meth:`_value`,
        with a single's key (its suit if led or trumps, its height) inline,
        then the index (ties).  A card's rank reads the trick and the card
        alone, never the rest of the hand, so the choice from any pool is
        the pool's lowest (the search's opponent model checks a follow
        against it without asking for the choice).  Memoized per context
        on what it reads of the trick."""
        lead, best, best_idx, pts_before = self._trick_state(ctx, trick)
        played = len(trick)
        led = lead.suit
        memo = memo_table(ctx, "baseline_single_keys")
        at = (led, best, best_idx, pts_before, played, leader, seat)
        got = memo.get(at)
        if got is not None:
            return got  # type: ignore[return-value]
        best_suit, best_key = best
        costs = memo_table(ctx, "baseline_cost")  # as _cost memoizes a single card's
        # _worth inlined for the two possible winners (the same arithmetic, in
        # the same order): who is winning now, or the player of the card
        # (``played`` is its place in the trick) when it beats the best so far.
        def facts(winner: int) -> tuple[bool, float, bool]:
            sure = 1.0 if played == 3 else (0.8 if winner == (seat + 2) % 4 else 0.55)
            return _team(winner) == _team(seat), sure, winner != seat

        ours, sure_now, spent = facts((leader + best_idx) % 4)
        ours_self, sure_self, spent_self = facts((leader + played) % 4)
        groups, pos = ctx.groups, ctx.positions
        keys: list[tuple[float, int]] = []
        for c in FACES:
            i = c.index
            s = groups[i]
            hit = costs.get(i)
            if hit is None:
                hit = costs[i] = self._card_cost(ctx, c)
            cost: float = hit  # type: ignore[assignment]
            pts = pts_before + c.points
            if (s == led or s == TRUMP) and ((s == TRUMP and best_suit != TRUMP) or
                                             (s == best_suit and pos[i] > best_key)):
                win, sure, cut = ours_self, sure_self, spent_self
            else:
                win, sure, cut = ours, sure_now, spent
            if win:
                value = pts * sure
                if cut:
                    value -= 0.5 * cost
            else:
                value = -c.points * 1.2 - 0.3 * pts
            keys.append((-(value - cost), i))
        out = memo[at] = tuple(keys)
        return out

    def play(self, view: SeatView) -> list[Card]:
        return self.follow(view) if view.trick else self.lead(view)


__all__ = ["BaselineBot"]
