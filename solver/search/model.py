"""Compact game model for the search (issue 6).

Faces are ints 0..53 (:attr:`solver.cards.Card.index`); a hand or a play is
a sorted tuple of faces, a face appearing twice for a pair.  Everything the
search needs to know about the rules comes through :class:`Moves` (legal
leads and follows, from :mod:`solver.generator`) and :class:`Table`
(trick winner, points, kitty multiplier, from :mod:`solver.trick` and
:mod:`solver.scoring`), both memoized: the search itself holds no rules
logic.

>>> from solver.rules import preset
>>> from solver.trump import TrumpContext
>>> t = Table(TrumpContext(preset("henan"), 2, "S"))
>>> t.winner((faces("9H 9H"), faces("AH KH"), faces("3S 3S"), faces("4S 4S")))
3
>>> t.points(faces("5H 10H KH 9H"))
25
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Protocol, TypeVar

from solver.bits import EVEN, WEIGHT, LeadInfo, packed_indices, small_follows, unpack
from solver.cards import FACES, Card, parse_cards
from solver.scoring import kitty_multiplier
from solver.trick import play_key, trick_winner
from solver.trump import EFFECTIVE_SUITS, TRUMP, TrumpContext
from solver.units import Classification, classify

Hand = tuple[int, ...]
Play = tuple[int, ...]
Hands = tuple[Hand, Hand, Hand, Hand]
#: The exact search's memos (:meth:`Table.search_memos`): move lists, hands
#: after a play, points of a play, follows per lead key and hand.
SearchMemos = tuple[dict[tuple[object, ...], Any], dict[tuple[Hand, Play], Hand], dict[Play, int],
                    dict[tuple[object, Hand], Any]]

_MISSING: Final = object()
#: Every face's high bit in the packed layout (set when a face is held twice).
ODD: Final = EVEN << 1
#: The order of the effective suits in :func:`solver.generator.legal_leads`.
_SUIT_ORDER: Final = "TSHDC"
POINTS: Final[tuple[int, ...]] = tuple(f.points for f in FACES)
#: Index of the trump suit in :data:`solver.trump.EFFECTIVE_SUITS`.
TRUMP_SUIT: Final = EFFECTIVE_SUITS.index(TRUMP)
#: Ladder positions are below this (:meth:`solver.trump.TrumpContext.pos`).
LADDER: Final = 32
#: Cards per player up to which :attr:`Table.max_mults` is precomputed (25
#: in the presets; larger hands ask :meth:`Table.max_multiplier`).
MAX_HAND: Final = 27
_S = TypeVar("_S", int, str)
#: :meth:`CachedMoves.search_follows` enumerates hands up to this size on bitsets.
SMALL_HAND: Final = 8


#: How a modelled seat follows: ``(seat, hand, leader, trick) -> play``, a
#: deterministic policy used in place of searching every follow it has
#: (an opponent model, see :mod:`solver.search.opponent`).
Reply = Callable[[int, Play, int, tuple[Play, ...]], Play]
#: How a modelled seat leads in one sampled deal: ``(seat, hands) -> play``.
LeadReply = Callable[[int, "Hands"], Play]


class Model(Protocol):
    """A policy for modelled seats (:class:`solver.search.opponent.BaselineModel`)."""

    def follow(self, seat: int, hand: Hand, leader: int, trick: tuple[Play, ...]) -> Play: ...

    def leads(self, kitty: Hand) -> LeadReply | None: ...


def faces(cards: str | Iterable[Card]) -> Hand:
    """Sorted face tuple of a card list (or card notation string).

    >>> faces("3H 2S 3H")
    (0, 14, 14)
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    return tuple(sorted(c.index for c in cards))


def cards_of(hand: Iterable[int]) -> list[Card]:
    return [FACES[f] for f in hand]


def remove(hand: Hand, play: Play) -> Hand:
    """``hand`` minus the multiset ``play`` (both sorted)."""
    out = list(hand)
    for f in play:
        out.remove(f)
    return tuple(out)


def hand_points(hand: Iterable[int]) -> int:
    return sum(POINTS[f] for f in hand)


class Moves(Protocol):
    """Legal plays as distinct face multisets (R-FOLLOW, R-LEAD, R-THROW-ADJ)."""

    def leads(self, hand: Hand, others: tuple[Hand, Hand, Hand]) -> Sequence[Play]:
        """Legal leads of ``hand``; throws only when they stand against ``others``."""
        ...

    def follows(self, lead: Play, hand: Hand) -> Sequence[Play]:
        """Legal follows of ``lead`` from ``hand``."""
        ...


class Table:
    """Memoized trick resolution and scoring for one trump context."""

    __slots__ = ("ctx", "suit", "pos", "_winner", "_mult", "_keys", "_lead_cls",
                 "hand_infos", "_search", "class_memo", "_above", "max_mults",
                 "single_runs")

    def __init__(self, ctx: TrumpContext) -> None:
        self.ctx = ctx
        #: effective suit index (0 = trumps) and ladder position of each face.
        self.suit: tuple[int, ...] = tuple(EFFECTIVE_SUITS.index(ctx.suit_of(f)) for f in FACES)
        self.pos: tuple[int, ...] = tuple(ctx.pos(f) for f in FACES)
        self._winner: dict[tuple[Play, ...], int] = {}
        self._mult: dict[Play, int] = {}
        self._keys: dict[tuple[Play, Play], object] = {}
        self._lead_cls: dict[Play, Classification] = {}
        self._above = faces_above(self.suit, self.pos)
        #: :meth:`max_multiplier` per number of cards per player.
        self.max_mults = tuple(self.max_multiplier(n) for n in range(MAX_HAND + 1))
        #: :meth:`hand_info` per hand.
        self.hand_infos: dict[Hand, tuple[int, int]] = {}
        #: :func:`solver.search.alphabeta.equivalence_classes` per (hand, others' cards).
        self.class_memo: dict[tuple[Hand, int], dict[int, int]] = {}
        #: Per hand, the faces it holds once grouped by effective suit (those
        #: with two or more), in ladder order: what card equivalence compares.
        self.single_runs: dict[Hand, tuple[tuple[int, tuple[int, ...]], ...]] = {}
        self._search: dict[tuple[int, bool], tuple[object, SearchMemos]] = {}

    def hand_info(self, hand: Hand) -> tuple[int, int]:
        """The packed multiset of ``hand`` (:mod:`solver.bits`) and the mask
        (same layout, both bits of each face) of the faces of each effective
        suit where ``hand`` holds two or more faces once, from the lowest to
        the highest of them on the ladder; 0 when there is none (only other
        players' cards there decide card equivalence).  Memoized."""
        got = self.hand_infos.get(hand)
        if got is None:
            # Per suit: the lowest and highest position of the faces held
            # once, [lo, hi] (hi < lo while only one is held).
            lo: dict[int, int] = {}
            hi: dict[int, int] = {}
            suit, pos, weight = self.suit, self.pos, WEIGHT
            packed = 0
            prev = -1
            for i, f in enumerate(hand):
                packed += weight[f]
                if f == prev or (i + 1 < len(hand) and hand[i + 1] == f):
                    prev = f
                    continue
                prev = f
                s, p = suit[f], pos[f]
                q = lo.get(s)
                if q is None:
                    lo[s] = p
                    hi[s] = -1
                elif p < q:
                    lo[s] = p
                    if q > hi[s]:
                        hi[s] = q
                elif p > hi[s]:
                    hi[s] = p
            span = 0
            above = self._above
            for s, h in hi.items():
                if h >= 0:
                    span |= above[s][lo[s]] & ~above[s][h + 1]
            got = self.hand_infos[hand] = (packed, span)
        return got

    def search_memos(self, moves: object, equivalence: bool) -> SearchMemos:
        """The exact search's memos (move lists, hands after a play, points,
        follows per lead and hand) for one move source and equivalence
        setting, shared by its solvers."""
        key = (id(moves), equivalence)
        got = self._search.get(key)
        if got is None or got[0] is not moves:
            got = self._search[key] = (moves, ({}, {}, {}, {}))
        return got[1]

    def trim(self, limit: int = 200_000) -> None:
        """Forget the memos when they grow past ``limit`` entries."""
        held = (len(self._winner) + len(self._keys) + len(self.hand_infos)
                + len(self.class_memo) + len(self.single_runs)
                + sum(len(d) for _, memos in self._search.values() for d in memos))
        if held > limit:
            self.hand_infos.clear()
            self.class_memo.clear()
            self.single_runs.clear()
            self._search.clear()
            self._winner.clear()
            self._keys.clear()
            self._lead_cls.clear()

    def winner(self, plays: tuple[Play, ...]) -> int:
        """Index of the play winning so far (R-COVER, R-BEAT, R-TIE)."""
        w = self._winner.get(plays)
        if w is None:
            lead = plays[0]
            if len(lead) > 1 and self._key(lead, lead) is None:
                trick_winner(self.ctx, [cards_of(p) for p in plays])  # raises
            w = 0
            for i in range(1, len(plays)):
                if self.takes(lead, plays[w], plays[i]):
                    w = i
            self._winner[plays] = w
        return w

    def takes(self, lead: Play, best: Play, play: Play) -> bool:
        """Whether ``play``, following ``lead`` while ``best`` wins the trick,
        wins it (R-BEAT, R-COVER; a tie leaves it to the earlier play,
        R-TIE).  :meth:`winner` is this test over the plays in order."""
        if len(lead) == 1:
            # Singles: a later card wins only by beating the winning one.
            return self.ctx.beats(FACES[play[0]], FACES[best[0]])
        # solver.trick.trick_winner, with each play's key memoized.
        k = self._key(lead, play)
        b = self._key(lead, best)
        if k is None or b is None:
            return False
        return (k[0] == TRUMP and b[0] != TRUMP) or (k[0] == b[0] and k[1] > b[1])

    @staticmethod
    def points(play: Iterable[int]) -> int:
        return sum(POINTS[f] for f in play)

    def multiplier(self, last_lead: Play) -> int:
        """R-KITTY multiplier for a last trick led by ``last_lead``."""
        m = self._mult.get(last_lead)
        if m is None:
            m = kitty_multiplier(self.ctx, cards_of(last_lead))
            self._mult[last_lead] = m
        return m

    def _key(self, lead: Play, play: Play) -> tuple[str, int] | None:
        got = self._keys.get((lead, play), _MISSING)
        if got is _MISSING:
            cls = self._lead_cls.get(lead)
            if cls is None:
                cls = classify(self.ctx, cards_of(lead))
                self._lead_cls[lead] = cls
            got = play_key(self.ctx, cls, cards_of(play))
            self._keys[(lead, play)] = got
        return got  # type: ignore[return-value]

    def max_multiplier(self, cards_per_player: int) -> int:
        """An upper bound of the R-KITTY multiplier for a last trick of that size."""
        mode = self.ctx.rules.kitty_multiplier
        if mode == "flat":
            return 2
        if mode == "cards":
            return 2 * cards_per_player
        return max(2, 4 * (cards_per_player // 2))


class CachedMoves:
    """A :class:`Moves` over :mod:`solver.generator`, memoized per hand."""

    __slots__ = ("ctx", "_leads", "_follows", "_suit", "_policy", "_trump", "_pos", "_info",
                 "_by_info", "_sets", "_pk", "_threat", "_suit_throws", "_suit3", "_above",
                 "_parts", "_units")

    def __init__(self, ctx: TrumpContext) -> None:
        self.ctx = ctx
        self._leads: dict[tuple[object, ...], tuple[Play, ...]] = {}
        self._follows: dict[tuple[Play, Hand], tuple[Play, ...]] = {}
        self._info: dict[Play | str, LeadInfo] = {}
        self._by_info: dict[tuple[LeadInfo, Hand], tuple[Play, ...]] = {}
        self._sets: dict[tuple[LeadInfo, Hand], tuple[Play, ...]] = {}
        self._pk: dict[Hand, int] = {}
        self._threat: dict[Hand, int] = {}
        self._suit_throws: dict[tuple[object, ...], tuple[Play, ...]] = {}
        self._parts: dict[Hand, tuple[Hand, ...]] = {}
        self._units: dict[Hand, tuple[Play, ...]] = {}
        #: per effective suit, both bits of each of its faces (packed layout).
        self._suit3 = {g: 3 * m for g, m in ctx.suit_masks.items()}
        self._suit = tuple(ctx.suit_of(f) for f in FACES)
        self._policy: dict[tuple[object, Hand, int], tuple[Play, ...]] = {}
        self._trump = tuple(ctx.is_trump(f) for f in FACES)
        self._pos = tuple(ctx.pos(f) for f in FACES)
        self._above = faces_above(self._suit, self._pos)

    def leads(self, hand: Hand, others: tuple[Hand, Hand, Hand]) -> tuple[Play, ...]:
        # Only the other players' cards that could beat a part of a throw
        # matter (R-THROW-BEAT): cards of a suit where the hand holds two or
        # more cards (a throw is possible there), from the hand's lowest
        # ladder position in that suit up (a beating single, pair or
        # tractor lies above the part it beats).
        mask = self._threat.get(hand)
        if mask is None:
            mask = self._threat_mask(hand)
        if mask:
            pk = self._pk
            a, b, c = others
            ka = pk.get(a)
            if ka is None:
                ka = self._packed(a)
            kb = pk.get(b)
            if kb is None:
                kb = self._packed(b)
            kc = pk.get(c)
            if kc is None:
                kc = self._packed(c)
            ka &= mask
            kb &= mask
            kc &= mask
        else:
            ka = kb = kc = 0
        key = (hand, ka, kb, kc)
        got = self._leads.get(key)
        if got is None:
            # solver.generator.legal_leads lists the singles, pairs and
            # tractors, then the throws that stand suit by suit: the throws
            # of a suit depend only on the hand's cards of that suit and
            # the other players' cards there (memoized per suit).
            got = self.unit_leads(hand)
            if mask:
                for own in self._suit_parts(hand):
                    if len(own) >= 2:
                        sm = self._suit3[self._suit[own[0]]]
                        got += self._throws(own, ka & sm, kb & sm, kc & sm)
            self._leads[key] = got
        return got

    def _throws(self, own: Hand, ka: int, kb: int, kc: int) -> tuple[Play, ...]:
        """The throws from ``own`` (cards of one effective suit) that stand
        against the other players' packed cards of that suit.  A throw is
        two or more units (R-THROW): ``own`` needs two faces or more.  The
        generator reads the other hands through their holdings
        (:class:`solver.throws.SuitHolding`: each one's highest position
        and pair positions, R-THROW-BEAT); when none of them holds a pair
        there, only their highest position counts (a pair or tractor is
        beaten only by a pair or tractor), and only through its comparisons
        with the positions of ``own`` (which faces may enter a throw with
        one copy, which singles are beaten): the memo is keyed on the lowest
        position of ``own`` at or above it."""
        if own[0] == own[-1]:
            return ()
        u = ka | kb | kc
        pairs = u & ODD
        pos = self._pos
        top = -1
        while u:
            low = u & -u
            p = pos[(low.bit_length() - 1) >> 1]
            if p > top:
                top = p
            u ^= low
        at = LADDER
        enter = 0
        prev = -1
        for i, f in enumerate(own):
            p = pos[f]
            if top <= p < at:
                at = p
            if f != prev and (p >= top or (i + 1 < len(own) and own[i + 1] == f)):
                enter += 1
            prev = f
        if enter < 2:
            # The generator's throws take faces whose single is unbeaten
            # (any copies) and pairs: with one such face there is no throw.
            return ()
        key: tuple[object, ...] = (own, ka, kb, kc) if pairs else (own, at)
        got = self._suit_throws.get(key)
        if got is None:
            from solver.generator import legal_leads

            every = _distinct(legal_leads(self.ctx, cards_of(own),
                                          others=[unpack(k) for k in (ka, kb, kc)]))
            got = self._suit_throws[key] = every[len(self._suit_units(own)):]
        return got

    def _packed(self, hand: Hand) -> int:
        got = self._pk.get(hand)
        if got is None:
            got = self._pk[hand] = packed_indices(hand)
        return got

    def _threat_mask(self, hand: Hand) -> int:
        """The faces (all copies, :func:`solver.bits.packed` layout) whose
        holders could beat part of a throw from ``hand``; 0 when no throw
        is possible."""
        got = self._threat.get(hand)
        if got is None:
            suit, pos = self._suit, self._pos
            low: dict[str, int] = {}
            count: dict[str, int] = {}
            for f in hand:
                s = suit[f]
                count[s] = count.get(s, 0) + 1
                p = pos[f]
                if p < low.get(s, 99):
                    low[s] = p
            got = 0
            if len(hand) >= 2:
                above = self._above
                for s, k in count.items():
                    if k >= 2:
                        got |= above[s][low[s]]
            self._threat[hand] = got
        return got

    def unit_leads(self, hand: Hand) -> tuple[Play, ...]:
        """Singles, pairs and tractors only (no throws), memoized."""
        key = (hand, ((),))
        got = self._leads.get(key)
        if got is None:
            # solver.generator.legal_leads lists them suit by suit.
            got = ()
            for own in self._suit_parts(hand):
                got += self._suit_units(own)
            self._leads[key] = got
        return got

    def _suit_parts(self, hand: Hand) -> tuple[Hand, ...]:
        """The hand's cards of each effective suit it holds, in the order
        of :func:`solver.generator.legal_leads` (memoized)."""
        got = self._parts.get(hand)
        if got is None:
            suit = self._suit
            by: dict[str, list[int]] = {}
            for f in hand:
                s = suit[f]
                got_s = by.get(s)
                if got_s is None:
                    by[s] = [f]
                else:
                    got_s.append(f)
            got = self._parts[hand] = tuple(tuple(by[s]) for s in _SUIT_ORDER if s in by)
        return got

    def _suit_units(self, own: Hand) -> tuple[Play, ...]:
        """Singles, pairs and tractors of one suit's cards (memoized)."""
        got = self._units.get(own)
        if got is None:
            from solver.generator import legal_leads

            got = self._units[own] = _distinct(legal_leads(self.ctx, cards_of(own)))
        return got

    def safe_leads(self, hand: Hand, seen: Hand) -> tuple[Play, ...]:
        """Leads whose throws are safe given ``seen`` (R-THROW-SAFE): for a
        player who cannot see the other hands."""
        from solver.generator import legal_leads

        return _distinct(legal_leads(self.ctx, cards_of(hand), seen=cards_of(seen)))

    def trim(self, limit: int = 200_000) -> None:
        """Forget the memo when it grows past ``limit`` entries."""
        if (len(self._leads) + len(self._follows) + len(self._policy) + len(self._sets)
                + len(self._suit_throws) > limit):
            self._leads.clear()
            self._follows.clear()
            self._by_info.clear()
            self._sets.clear()
            self._pk.clear()
            self._threat.clear()
            self._suit_throws.clear()
            self._parts.clear()
            self._units.clear()
            self._policy.clear()

    def policy_follows(self, lead: Play, hand: Hand, cap: int = 48) -> tuple[Play, ...]:
        """All legal follows when there are at most ``cap``; otherwise a
        policy's shortlist (not a rule): up to 16 legal suit parts, each
        completed by a few representative discards or ruffs (cheapest cards,
        most points, lowest and highest trumps, trump pairs first).  Every
        play returned is legal (a follow is a legal suit part plus any
        cards of the right number from outside the led suit)."""
        key = (lead, hand, cap)
        got = self._policy.get(key)
        if got is not None:
            return got
        # As for follows, the lead counts only through its LeadInfo.
        ikey = (self._lead_info(lead), hand, cap)
        got = self._policy.get(ikey)
        if got is not None:
            self._policy[key] = got
            return got
        from solver.follow import follow_needs
        from solver.generator import FollowSpace

        space = FollowSpace(self.ctx, follow_needs(self.ctx, cards_of(lead), cards_of(hand)))
        if space.count() <= cap:
            got = self.follows(lead, hand, space)
        else:
            parts = [faces(p) for p in itertools.islice(space.suit_parts(), 16)]
            r = space.needs.free
            other = sorted(f for c, k in space.needs.other_counts.items() for f in [c.index] * k)
            frees: list[Play] = []
            if r:
                trump, pos = self._trump, self._pos
                orders = [
                    sorted(other, key=lambda f: (trump[f], POINTS[f] > 0, pos[f])),
                    sorted(other, key=lambda f: (-POINTS[f], trump[f], pos[f])),
                    sorted(other, key=lambda f: (not trump[f], pos[f])),
                    sorted(other, key=lambda f: (not trump[f], -pos[f])),
                    sorted(other, key=lambda f: (not trump[f], other.count(f) < 2, pos[f])),
                ]
                frees = list(dict.fromkeys(tuple(sorted(o[:r])) for o in orders))
            else:
                frees = [()]
            got = tuple(dict.fromkeys(tuple(sorted(p + f)) for p in parts for f in frees))
        self._policy[key] = self._policy[ikey] = got
        return got

    def _lead_info(self, lead: Play) -> LeadInfo:
        info = self._info.get(lead)
        if info is None:
            # A single's LeadInfo depends on its effective suit alone (kept
            # under the suit's name too).
            single = self._suit[lead[0]] if len(lead) == 1 else None
            if single is not None:
                info = self._info.get(single)
            if info is None:
                from solver.follow import lead_info

                info = lead_info(self.ctx, cards_of(lead))
                if single is not None:
                    self._info[single] = info
            self._info[lead] = info
        return info

    def search_follows(self, lead: Play, hand: Hand) -> tuple[Play, ...]:
        """The legal follows as a set, in no promised order (the exact
        search orders them itself): for small hands every sub-multiset of
        the lead's size that the bitset follow check
        (:func:`solver.bits.follow_ok`) accepts, memoized per
        (:class:`~solver.bits.LeadInfo`, hand), listed by
        :func:`solver.bits.small_follows` (one check per part of the led
        suit); else :meth:`follows`."""
        info = self._lead_info(lead)
        key = (info, hand)
        got = self._sets.get(key)
        if got is None:
            n = info.size
            if len(hand) > SMALL_HAND or n > len(hand):
                return self.follows(lead, hand)
            got = self._sets[key] = tuple(small_follows(self.ctx, info, hand))
        return got

    def follows(self, lead: Play, hand: Hand, space: Iterable[Sequence[Card]] | None = None
                ) -> tuple[Play, ...]:
        """Every legal follow of ``lead`` from ``hand``, once each;
        ``space``: the :class:`~solver.generator.FollowSpace` of the two, when
        the caller has built it (it lists what ``legal_follows`` lists)."""
        key = (lead, hand)
        got = self._follows.get(key)
        if got is None:
            # The follows depend on the lead only through its LeadInfo
            # (suit, size, pairs, tractor: what R-FOLLOW asks of a follower),
            # so leads of one shape and suit share one generator run.
            ikey = (self._lead_info(lead), hand)
            got = self._by_info.get(ikey)
            if got is None:
                from solver.generator import legal_follows

                got = _distinct(space if space is not None else
                                legal_follows(self.ctx, cards_of(lead), cards_of(hand)))
                self._by_info[ikey] = got
            self._follows[key] = got
        return got


def faces_above(suit: Sequence[_S], pos: Sequence[int]) -> dict[_S, list[int]]:
    """Per effective suit (as ``suit`` names each face's) and ladder
    position p, the faces of that suit at p or above, both copies
    (:mod:`solver.bits` packed layout)."""
    out: dict[_S, list[int]] = {}
    for f in range(len(FACES)):
        masks = out.setdefault(suit[f], [0] * (LADDER + 1))
        for p in range(pos[f] + 1):
            masks[p] |= 3 << (2 * f)
    return out


def _distinct(plays: Iterable[Sequence[Card]]) -> tuple[Play, ...]:
    seen: dict[Play, None] = {}
    for p in plays:
        seen.setdefault(faces(p), None)
    return tuple(seen)
